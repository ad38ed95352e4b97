package spsa

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
)

// format names the state file's layout; a file of another is refused.
const format = "mchess-spsa 1"

// maxStateBytes bounds what Load reads: a step of ten parameters takes
// under 1 KiB, so this holds some 60,000 steps, more than a run here
// plays; a larger file is taken for a mistake.
const maxStateBytes = 64 << 20

// Save writes the state to file, all or nothing: an interrupted save
// leaves the previous state. The file is JSON, indented but for the
// history, whose steps take a line each: a tenth of the size, and still
// one step a line for a reader.
func (s *State) Save(file string) error {
	head := *s
	head.History = nil
	data, err := json.MarshalIndent(&head, "", " ")
	const tail = `"history": null` + "\n}" // History is the last field
	if err == nil && !bytes.HasSuffix(data, []byte(tail)) {
		err = errors.New("history is not the state's last field") // a programming error
	}
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	var b bytes.Buffer
	b.Write(data[:len(data)-len(tail)])
	b.WriteString(`"history": [`)
	for i, r := range s.History {
		line, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("%s: step %d: %v", file, r.Step, err)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n  ")
		b.Write(line)
	}
	b.WriteString("\n ]\n}\n")
	return atomicfile.Write(file, b.Bytes())
}

// Load reads a state saved by Save, for the declared parameters: a state
// whose parameters differ from them (in name, range, kind, c_end or r_end)
// is refused, the error saying which. Their start values may differ: the
// run goes on from its own, since a program's declared bytes move when a
// run's result is copied into the program it started from (make
// tune-special does), and θ is the state's anyway.
func Load(file string, params []Param) (*State, error) {
	s, err := Read(file)
	if err != nil {
		return nil, err
	}
	if err := s.SameParams(params); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return s, nil
}

// SameParams tells how the state's parameters differ from the declared
// ones (as Load does), nil if they do not.
func (s *State) SameParams(params []Param) error {
	if err := sameParams(s.Params, params); err != nil {
		return fmt.Errorf("%v: start a new run, or declare the parameters as they were", err)
	}
	return nil
}

// Read reads a state saved by Save, whatever its parameters: for a caller
// that must see what the state holds (its Run) before it can say which
// parameters it declares.
func Read(file string) (*State, error) {
	data, err := bounded.ReadFile(file, bounded.Limit{What: "an SPSA state", Bytes: maxStateBytes})
	var big *bounded.TooLargeError
	if errors.As(err, &big) {
		return nil, tooLarge(file)
	}
	if err != nil {
		return nil, err
	}
	var s State
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, jsonError(file, data, err)
	}
	if dec.Decode(&json.RawMessage{}) != io.EOF {
		return nil, fmt.Errorf("%s: not an SPSA state: more after its end", file)
	}
	if s.Format != format {
		return nil, fmt.Errorf("%s: not an SPSA state of this mchess (format %q, want %q)", file, s.Format, format)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return &s, nil
}

func tooLarge(file string) error {
	return fmt.Errorf("%s: larger than %d MiB: not an SPSA state", file, maxStateBytes>>20)
}

// jsonError places a decoding error at its line and column.
func jsonError(file string, data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset - 1 // the offset is past the offending byte
	case errors.As(err, &te):
		off = te.Offset // just past the value
	}
	if off < 0 || off > int64(len(data)) {
		return fmt.Errorf("%s: not an SPSA state: %v", file, err)
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len([]rune(string(before[bytes.LastIndexByte(before, '\n')+1:]))) + 1
	return &diag.Error{Pos: diag.At(file, line, col), Msg: "not an SPSA state: " + err.Error()}
}

func (c Config) check() error {
	if len(c.Params) == 0 {
		return errors.New("no parameters")
	}
	seen := map[string]bool{}
	for i, p := range c.Params {
		if err := p.check(); err != nil {
			return fmt.Errorf("parameter %d: %v", i+1, err)
		}
		if seen[p.Name] {
			return fmt.Errorf("parameter %q declared twice", p.Name)
		}
		seen[p.Name] = true
	}
	s := c.Schedule
	switch {
	case s.Pairs < 1:
		return fmt.Errorf("schedule of %d pairs: want at least 1", s.Pairs)
	case !finite(s.A) || s.A < 0, !finite(s.Alpha) || s.Alpha < 0, !finite(s.Gamma) || s.Gamma < 0:
		return fmt.Errorf("schedule A %g, α %g, γ %g: want finite numbers ≥ 0", s.A, s.Alpha, s.Gamma)
	case c.PairsPerStep < 1:
		return fmt.Errorf("%d pairs per step: want at least 1", c.PairsPerStep)
	case c.Mode != Pair && c.Mode != Reference:
		return fmt.Errorf("mode %q: want %q or %q", c.Mode, Pair, Reference)
	}
	return nil
}

func (p Param) check() error {
	switch {
	case p.Name == "" || strings.ContainsFunc(p.Name, func(r rune) bool { return r < ' ' }):
		return fmt.Errorf("name %q: want a printable name", p.Name)
	case p.Lo > p.Hi:
		return fmt.Errorf("%s: range [%d,%d] is empty", p.Name, p.Lo, p.Hi)
	case p.Choice && (p.Lo != 0 || p.Hi < 1):
		return fmt.Errorf("%s: a choice is an index 0..n−1 of n ≥ 2 choices, not [%d,%d]", p.Name, p.Lo, p.Hi)
	case p.Start < p.Lo || p.Start > p.Hi:
		return fmt.Errorf("%s: start %d outside [%d,%d]", p.Name, p.Start, p.Lo, p.Hi)
	case !finite(p.CEnd) || p.CEnd <= 0:
		return fmt.Errorf("%s: c_end %g: want a number > 0", p.Name, p.CEnd)
	case !finite(p.REnd) || p.REnd < 0:
		return fmt.Errorf("%s: r_end %g: want a number ≥ 0", p.Name, p.REnd)
	}
	return nil
}

// check is what a state read from a file must satisfy besides its
// configuration's check.
func (s *State) check() error {
	if err := s.Config.check(); err != nil {
		return err
	}
	n := len(s.Params)
	switch {
	case len(s.Theta) != n:
		return fmt.Errorf("θ has %d values for %d parameters", len(s.Theta), n)
	case s.Steps < 0 || s.Iter < 0 || s.Iter > s.Schedule.Pairs || s.Steps > s.Iter:
		return fmt.Errorf("%d steps, %d of %d pairs: inconsistent", s.Steps, s.Iter, s.Schedule.Pairs)
	case len(s.History) != s.Steps:
		return fmt.Errorf("history of %d steps for %d steps done", len(s.History), s.Steps)
	}
	for i, t := range s.Theta {
		if p := s.Params[i]; !finite(t) || t < float64(p.Lo) || t > float64(p.Hi) {
			return fmt.Errorf("%s: θ %g outside [%d,%d]", p.Name, t, p.Lo, p.Hi)
		}
	}
	return nil
}

// sameParams tells the first difference between a state's parameters and
// the declared ones.
func sameParams(saved, declared []Param) error {
	for i := range max(len(saved), len(declared)) {
		switch {
		case i >= len(declared):
			return fmt.Errorf("parameter %q is in the state but not declared", saved[i].Name)
		case i >= len(saved):
			return fmt.Errorf("parameter %q is declared but not in the state", declared[i].Name)
		}
		s, d := saved[i], declared[i]
		d.Start = s.Start
		if s.Name != d.Name {
			return fmt.Errorf("parameter %d is %q in the state, %q declared", i+1, s.Name, d.Name)
		}
		if s != d {
			return fmt.Errorf("parameter %q is %s in the state, %s declared", s.Name, describe(s), describe(d))
		}
	}
	return nil
}

func describe(p Param) string {
	kind := "integer"
	if p.Choice {
		kind = "choice"
	}
	return fmt.Sprintf("%s [%d,%d] start %d c_end %g r_end %g", kind, p.Lo, p.Hi, p.Start, p.CEnd, p.REnd)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// stream is a step's random draws: ChaCha8 keyed by the run's seed and
// the step number. Only Uint64 is used, whose output for a key the C2SP
// chacha8rand specification fixes, so that a state resumes the same when
// mchess is built with another Go.
type stream struct{ src *rand.ChaCha8 }

func newStream(seed uint64, step int) stream {
	var key [32]byte
	copy(key[:], "spsa")
	binary.LittleEndian.PutUint64(key[8:], seed)
	binary.LittleEndian.PutUint64(key[16:], uint64(step))
	return stream{rand.NewChaCha8(key)}
}

func (r stream) sign() int {
	if r.src.Uint64()>>63 == 0 {
		return -1
	}
	return 1
}

// uniform is in [0,1), 53 bits.
func (r stream) uniform() float64 { return float64(r.src.Uint64()>>11) * 0x1p-53 }
