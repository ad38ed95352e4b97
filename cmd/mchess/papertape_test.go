package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// buildTapes writes every paper tape `make` writes, with the Makefile's
// command lines, into a directory of its own.
func buildTapes(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	b := func(f string) string { return filepath.Join(dir, f) }
	for _, cmd := range [][]string{
		{"asm", "-q", "-o", b("microchess"), "--residue", microchess.ResidueSource, microchess.ProgramSource},
		{"asm", "-q", "-o", b("clean/microchess"), microchess.ProgramSource},
		{"asm", "-q", "-o", b("tuned/microchess"), "--residue", microchess.ResidueSource, microchess.TunedSource},
		{"opening", "compile", "-q", "-o", b("openings"), "src/openings"},
		{"patch", "-o", b("stone/stone-white"), "src/patches/stone-1980.s", "src/patches/stone-1980-white.s"},
		{"patch", "-o", b("stone/stone-black"), "src/patches/stone-1980.s", "src/patches/stone-1980-black.s"},
		{"patch", "-o", b("teletype/teletype"), "--ram", "x=0400-07FF", microchess.TeletypeSource},
		{"opening", "library", "-o", b("library/tables.asm"), "src/openings", "src/openings/white"},
		{"patch", "-o", b("library/library"), "--ram", "x=0400-0FFF", microchess.LibrarySource, b("library/tables.asm")},
	} {
		var stdout, stderr bytes.Buffer
		if status := mainExit(cmd, &stdout, &stderr); status != 0 || stderr.Len() > 0 {
			t.Fatalf("mchess %s: exit %d\n%s", strings.Join(cmd, " "), status, stderr.String())
		}
	}
	return dir
}

// monitorLoader is the model of the monitor's L command
// (src/kim1/ttyloader.asm) in a KIM-1 with 256 bytes of expansion RAM at
// 2000 for it.
type monitorLoader struct {
	image    kim1.Image
	kim, err uint16 // where it ends: loaded, or a sum disagreed
}

func newMonitorLoader(t *testing.T) monitorLoader {
	t.Helper()
	p, err := microchess.Build(microchess.Proven, microchess.Options{Sources: []string{"src/kim1/ttyloader.asm"},
		RAM: []linker.Region{{Name: "loader", Start: 0x2000, End: 0x20FF}}})
	if err != nil {
		t.Fatal(err)
	}
	im := p.Images[0]
	return monitorLoader{
		image: kim1.Image{Name: "loader", Addr: im.Start, Data: im.Bytes},
		kim:   uint16(p.Code.Symbols["KIM"].Value), err: uint16(p.Code.Symbols["ERR"].Value),
	}
}

// poison is what RAM holds before a tape is loaded, so that a byte the
// tape did not write shows.
const poison = 0xA5

// load runs the model over a tape, as after RST: it returns the machine
// and an error unless the loader typed KIM.
func (l monitorLoader) load(tape []byte) (*kim1.Machine, error) {
	m := kim1.New()
	// The expansion RAM of the teletype and the library programs as well.
	x := microchess.LibraryRAM
	if err := m.AddRAM(x.Name, x.Start, x.End); err != nil {
		return nil, err
	}
	for a := int(kim1.RAM.Start); a <= int(kim1.RIOTRAM.End); a++ {
		m.CPU.Mem[a] = poison
	}
	if err := m.AddRAM("loader", 0x2000, 0x20FF); err != nil {
		return nil, err
	}
	if err := m.Load(l.image); err != nil {
		return nil, err
	}
	m.CPU.S, m.CPU.PC = 0xFF, l.image.Addr
	m.TTYIn = tape
	reason, err := m.Run(uint64(len(tape)) * 100_000)
	switch {
	case err != nil:
		return m, err
	case reason == kim1.SelfJump && m.CPU.PC == l.kim:
		return m, nil
	case reason == kim1.SelfJump && m.CPU.PC == l.err:
		return m, fmt.Errorf("ERR: a record's sum disagreed, %d characters from the end", len(m.TTYIn))
	}
	return m, fmt.Errorf("the loader stopped (%s) at %04X, %d characters from the end", reason, m.CPU.PC, len(m.TTYIn))
}

// inWorkspace says whether the loader itself writes at a.
func inWorkspace(a int) bool {
	for _, r := range memmap.LoaderWorkspace {
		if int(r.Start) <= a && a <= int(r.End) {
			return true
		}
	}
	return false
}

// Every paper tape the build writes loads through the model of the
// monitor's L command: the loader ends at KIM, every byte of the tape is
// where the tape puts it, nothing else in RAM was written but the loader's
// own workspace, and the tape carries every byte of the build's images
// except that workspace.
func TestEveryBuildTapeLoadsThroughTheMonitor(t *testing.T) {
	dir := buildTapes(t)
	loader := newMonitorLoader(t)
	tapes, _ := filepath.Glob(filepath.Join(dir, "*", "*.ptp"))
	top, _ := filepath.Glob(filepath.Join(dir, "*.ptp"))
	tapes = append(top, tapes...)
	if len(tapes) != 1+1+1+10+2+1+1 {
		t.Fatalf("%d tapes, want 17 (program, clean program, tuned program, ten openings, two Stone lists, the teletype and the library programs): %v", len(tapes), tapes)
	}
	for _, path := range tapes {
		name, _ := filepath.Rel(dir, path)
		tape, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := loader.load(tape)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		segs, err := dump.Read(name, tape)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		onTape := map[int]byte{}
		for _, s := range segs {
			for i, b := range s.Data {
				onTape[int(s.Addr)+i] = b
			}
		}
		for a := int(kim1.RAM.Start); a <= int(kim1.RIOTRAM.End); a++ {
			if a > int(kim1.RAM.End) && a < int(microchess.LibraryRAM.Start) || a > int(microchess.LibraryRAM.End) && a < int(kim1.RIOTRAM.Start) {
				continue // no RAM
			}
			got := m.CPU.Mem[a]
			if want, ok := onTape[a]; ok && got != want {
				t.Errorf("%s: %04X is %02X, the tape says %02X", name, a, got, want)
			} else if !ok && !inWorkspace(a) && got != poison {
				t.Errorf("%s: %04X written (%02X), though the tape has no byte there", name, a, got)
			}
		}
		for addr, bin := range imagesBeside(t, path) {
			for i, b := range bin {
				a := addr + i
				if want, ok := onTape[a]; inWorkspace(a) == ok || (ok && want != b) {
					t.Errorf("%s: %04X: image %02X, tape %02X (on it: %v)", name, a, b, want, ok)
				}
			}
		}
	}
}

// imagesBeside reads the images written with a tape: BASE-c0.bin and
// BASE-c1.bin beside BASE.ptp, or an opening's BASE.bin.
func imagesBeside(t *testing.T, tape string) map[int][]byte {
	base := strings.TrimSuffix(tape, ".ptp")
	out := map[int][]byte{}
	for file, addr := range map[string]int{base + "-c0.bin": 0x0000, base + "-c1.bin": 0x1780, base + "-x.bin": int(microchess.TeletypeRAM.Start), base + ".bin": int(memmap.BookStart)} {
		if b, err := os.ReadFile(file); err == nil {
			out[addr] = b
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no images beside it", tape)
	}
	return out
}

// The model fails a tape that writes into the loader's workspace, as the
// tapes did before they left it out: the record for 00F0 overwrites the
// pointer and the sum while they are in use, and bytes stored at the top of
// the stack are overwritten by the loader's next call. So the test above
// can fail.
func TestMonitorModelRejectsTapeIntoItsWorkspace(t *testing.T) {
	loader := newMonitorLoader(t)
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		skip []linker.Reserved
	}{
		{"everything", nil},
		{"all but page zero", memmap.LoaderWorkspace[:1]},
	} {
		whole, _ := linker.PaperTape(c.skip, p.Images...)
		m, err := loader.load([]byte(whole))
		if err == nil {
			// It may end at KIM with bytes lost.
			segs, _ := dump.Read("whole.ptp", []byte(whole))
			for _, s := range segs {
				for i, b := range s.Data {
					if a := int(s.Addr) + i; m.CPU.Mem[a] != b {
						err = fmt.Errorf("%04X is %02X, the tape says %02X", a, m.CPU.Mem[a], b)
					}
				}
			}
		}
		if err == nil {
			t.Errorf("a tape of %s loaded as if nothing were wrong", c.name)
		}
		t.Logf("a tape of %s, as expected: %v", c.name, err)
	}
	// A damaged sum is ERR.
	tape, _ := paperTape(p.Images)
	bad := bytes.Replace(tape, []byte(";180000"), []byte(";180001"), 1)
	if _, err := loader.load(bad); err == nil || !strings.HasPrefix(err.Error(), "ERR") {
		t.Errorf("a damaged record: %v, want ERR", err)
	}
}

// What the tapes leave out is RAM the program sets before it reads it, or
// residue: loaded from the tape, with the loader's leftovers and the poison
// in those bytes, each program plays the same game as the whole image.
func TestTapeLoadedProgramPlaysTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games a program (-short)")
	}
	dir := buildTapes(t)
	loader := newMonitorLoader(t)
	fast, err := memmap.LevelByName("super-blitz")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"microchess", "clean/microchess", "tuned/microchess", "stone/stone-white", "stone/stone-black", "teletype/teletype", "library/library"} {
		tape, err := os.ReadFile(filepath.Join(dir, name+".ptp"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := loader.load(tape)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m.CPU.PC = memmap.Start
		fromTape := session.NewSession(m)
		var images []kim1.Image
		for addr, b := range imagesBeside(t, filepath.Join(dir, name+".ptp")) {
			images = append(images, kim1.Image{Name: name, Addr: uint16(addr), Data: b})
		}
		wm, err := session.Machine(microchess.LibraryLayout(), images)
		if err != nil {
			t.Fatal(err)
		}
		whole := session.NewSession(wm)
		var games [2]string
		for i, s := range []*session.Session{fromTape, whole} {
			if strings.HasPrefix(name, "teletype/") {
				s.Teletype = true
				if _, err := s.Type(); err != nil { // to its first prompt
					t.Fatalf("%s: %v", name, err)
				}
			}
			s.SetLevel(fast)
			g, err := s.SelfPlay(20, false, "")
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			games[i] = g.PGN
		}
		if games[0] != games[1] || len(games[0]) < 100 {
			t.Errorf("%s: loaded from tape it played\n%s\nthe whole image\n%s", name, games[0], games[1])
		}
	}
}
