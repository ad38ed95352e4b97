package tune

import (
	"fmt"
	"math"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/spsa"
	"github.com/kim1-archive/microchess/tunable"
)

// Space is the part of a declaration set a run tunes: the parameters
// chosen, the others held at their current values.
type Space struct {
	Set   *tunable.Set
	Tuned []int // indexes into Set.Params, in declaration order
}

// Gains say how far a parameter is perturbed and how fast it moves:
// c_end is Span of its range at least 1 (a choice: 1, the next index), r_end as
// given (fishtest's usual 0.002).
type Gains struct {
	Span float64 // c_end as a part of the range, 1/16 by default
	REnd float64
}

// DefaultGains are the gains of a run that names none.
var DefaultGains = Gains{Span: 1.0 / 16, REnd: 0.002}

// NewSpace picks the parameters named (a name, "range" for every RANGE
// parameter, "choice" for every CHOICE one, "all"); an unknown name is an
// error that lists the known ones.
func NewSpace(set *tunable.Set, names []string) (*Space, error) {
	pick := make([]bool, len(set.Params))
	for _, n := range names {
		found := false
		for i, p := range set.Params {
			if strings.EqualFold(n, "all") || strings.EqualFold(n, "range") && p.Kind == tunable.Range ||
				strings.EqualFold(n, "choice") && p.Kind == tunable.Choice || strings.EqualFold(n, p.Name) {
				pick[i], found = true, true
			}
		}
		if !found {
			known := make([]string, len(set.Params))
			for i, p := range set.Params {
				known[i] = p.Name
			}
			return nil, fmt.Errorf("no parameter %q in %s: want range, choice, all or one of %s", n, set.File, strings.Join(known, ", "))
		}
	}
	s := &Space{Set: set}
	for i, ok := range pick {
		if ok {
			s.Tuned = append(s.Tuned, i)
		}
	}
	if len(s.Tuned) == 0 {
		return nil, fmt.Errorf("no parameter to tune in %s", set.File)
	}
	return s, nil
}

// Params are the tuned parameters as SPSA takes them, starting from their
// current values.
func (s *Space) Params(g Gains) []spsa.Param {
	ps := make([]spsa.Param, len(s.Tuned))
	for k, i := range s.Tuned {
		p := s.Set.Params[i]
		c := 1.0
		if p.Kind == tunable.Range {
			c = math.Max(1, g.Span*float64(p.Max()-p.Min()))
		}
		ps[k] = spsa.Param{Name: p.Name, Lo: p.Min(), Hi: p.Max(), Choice: p.Kind == tunable.Choice,
			Start: p.Current, CEnd: c, REnd: g.REnd}
	}
	return ps
}

// Vector is the whole set's vector with the tuned parameters at values.
func (s *Space) Vector(values []int) ([]int, error) {
	if len(values) != len(s.Tuned) {
		return nil, fmt.Errorf("tune: %d values for %d parameters", len(values), len(s.Tuned))
	}
	v := s.Set.Current()
	for k, i := range s.Tuned {
		v[i] = values[k]
	}
	return s.Set.Project(v)
}

// Pokes are the bytes the tuned values write over the program, for both
// sides (the ORDER lines applied).
func (s *Space) Pokes(values []int) ([]match.Poke, error) {
	v, err := s.Vector(values)
	if err != nil {
		return nil, err
	}
	bytes, err := s.Set.Pokes(v)
	if err != nil {
		return nil, err
	}
	pokes := make([]match.Poke, len(bytes))
	for i, b := range bytes {
		pokes[i] = match.Poke{Side: chess.NoColor, Addr: b.Addr, Bytes: []byte{b.Byte}}
	}
	return pokes, nil
}
