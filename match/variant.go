package match

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/emu/kim1"
)

// Poke is bytes written over a program at an address, for one side or
// both (NoColor).
type Poke struct {
	Side  chess.Color
	Addr  uint16
	Bytes []byte
}

func (p Poke) String() string {
	s := fmt.Sprintf("%04X=%X", p.Addr, p.Bytes)
	if p.Side != chess.NoColor {
		s = strings.ToLower(p.Side.Name()) + ":" + s
	}
	return s
}

// AddVariant reads a variant definition, a program with bytes changed,
// fields separated by commas:
//
//	f07=stone,00C3=07
//	pqb4=stone,white:00CD=0D1535,black:00CD=0D1232
//
// The first field names the variant and the program it changes (one
// known to the roster); each other is ADDR=HEXBYTES (hex, the bytes
// written from ADDR on), for both sides or, after white: or black:, for
// the program as that side (Stone's lists differ by side). Every byte must
// fall in the program's images. It is how a study measures what a
// reconstructed byte's alternatives would change, and how a tuner tries a
// weight, without a source of its own.
func (r *Roster) AddVariant(def string) (string, error) {
	fields := strings.Split(def, ",")
	name, base, ok := strings.Cut(fields[0], "=")
	if !ok || base == "" {
		return "", fmt.Errorf("variant %q: want NAME=PROGRAM,ADDR=BYTES[,...]", def)
	}
	build, known := r.programs[base]
	if !known {
		return "", fmt.Errorf("variant %q: no program %q", def, base)
	}
	var pokes []Poke
	for _, f := range fields[1:] {
		p := Poke{Side: chess.NoColor}
		switch side, rest, found := strings.Cut(f, ":"); {
		case found && strings.EqualFold(side, "white"):
			p.Side, f = chess.White, rest
		case found && strings.EqualFold(side, "black"):
			p.Side, f = chess.Black, rest
		case found:
			return "", fmt.Errorf("variant %q: field %q: want white: or black: before the address", def, f)
		}
		a, b, found := strings.Cut(f, "=")
		addr, okAddr := dump.ParseAddr(strings.TrimSpace(a))
		bytes, err := hex.DecodeString(strings.TrimSpace(b))
		if !found || !okAddr || err != nil || len(bytes) == 0 || int(addr)+len(bytes) > 0x10000 {
			return "", fmt.Errorf("variant %q: field %q: want ADDR=HEXBYTES, e.g. 00C3=07", def, f)
		}
		p.Addr, p.Bytes = addr, bytes
		pokes = append(pokes, p)
	}
	if len(pokes) == 0 {
		return "", fmt.Errorf("variant %q: no bytes changed", def)
	}
	if err := checkPokes(build, pokes); err != nil {
		return "", fmt.Errorf("variant %q: %v", def, err)
	}
	if err := r.free(name); err != nil {
		return "", err
	}
	var changes []string
	for _, p := range pokes {
		changes = append(changes, p.String())
	}
	r.programs[name] = func(side chess.Color) ([]kim1.Image, string, error) {
		images, desc, err := build(side)
		if err != nil {
			return nil, "", err
		}
		images, err = PokeImages(images, pokes, side)
		if err != nil {
			return nil, "", fmt.Errorf("variant %s: %v", name, err)
		}
		return images, desc + ", variant " + strings.Join(changes, " "), nil
	}
	r.needs[name] = r.needs[base] // listed by Unused; a player takes its base's
	r.variants[name] = base
	return name, nil
}

// checkPokes refuses a definition that sets a byte twice for a side (the
// second would silently win), or one outside the program's images. A
// program that cannot be built is left for the games to report, as any
// program's failure is.
func checkPokes(build func(chess.Color) ([]kim1.Image, string, error), pokes []Poke) error {
	set := map[chess.Color]map[int]Poke{chess.White: {}, chess.Black: {}}
	for _, p := range pokes {
		for side, seen := range set {
			if p.Side != chess.NoColor && p.Side != side {
				continue
			}
			for k := range p.Bytes {
				if q, twice := seen[int(p.Addr)+k]; twice {
					return fmt.Errorf("%04X is set twice, by %s and %s", int(p.Addr)+k, q, p)
				}
				seen[int(p.Addr)+k] = p
			}
		}
	}
	for _, side := range []chess.Color{chess.White, chess.Black} {
		images, _, err := build(side)
		if err != nil {
			return nil
		}
		if _, err := PokeImages(images, pokes, side); err != nil {
			return err
		}
	}
	return nil
}

// PokeImages writes a side's pokes into copies of the images that hold
// them; the images given are not changed.
func PokeImages(images []kim1.Image, pokes []Poke, side chess.Color) ([]kim1.Image, error) {
	out := append([]kim1.Image(nil), images...)
	copied := make([]bool, len(out))
	for _, p := range pokes {
		if p.Side != chess.NoColor && p.Side != side {
			continue
		}
		for k, b := range p.Bytes {
			addr := int(p.Addr) + k
			i := imageAt(out, addr)
			if i < 0 {
				return nil, fmt.Errorf("%04X is in none of the program's images", addr)
			}
			if !copied[i] {
				out[i].Data = append([]byte(nil), out[i].Data...)
				copied[i] = true
			}
			out[i].Data[addr-int(out[i].Addr)] = b
		}
	}
	return out, nil
}

func imageAt(images []kim1.Image, addr int) int {
	for i, im := range images {
		if addr >= int(im.Addr) && addr < int(im.Addr)+len(im.Data) {
			return i
		}
	}
	return -1
}
