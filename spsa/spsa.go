package spsa

import (
	"errors"
	"fmt"
	"math"
)

// Param is one tuned value: an integer in [Lo, Hi].
type Param struct {
	Name string `json:"name"`
	Lo   int    `json:"lo"`
	Hi   int    `json:"hi"`
	// Choice marks an index among Hi+1 choices (Lo is then 0); see the
	// package comment for how it is tuned.
	Choice bool    `json:"choice,omitempty"`
	Start  int     `json:"start"`
	CEnd   float64 `json:"c_end"`
	REnd   float64 `json:"r_end"`
}

// Schedule is the gain sequence of a run (see the package comment).
type Schedule struct {
	Pairs int     `json:"pairs"` // N, the planned game pairs of the run
	A     float64 `json:"A"`
	Alpha float64 `json:"alpha"`
	Gamma float64 `json:"gamma"`
}

// The usual values: Spall's α and γ, fishtest's default A ratio.
const (
	DefaultAlpha  = 0.602
	DefaultGamma  = 0.101
	DefaultARatio = 0.1
)

// DefaultSchedule is fishtest's default schedule for a run of pairs game
// pairs.
func DefaultSchedule(pairs int) Schedule {
	return Schedule{Pairs: pairs, A: math.Floor(DefaultARatio * float64(pairs)), Alpha: DefaultAlpha, Gamma: DefaultGamma}
}

// Ck is c_k of p for k = pairs played before the step + 1.
func (s Schedule) Ck(p Param, k int) float64 {
	c := p.CEnd * math.Pow(float64(s.Pairs), s.Gamma)
	return c / math.Pow(float64(k), s.Gamma)
}

// Ak is a_k of p.
func (s Schedule) Ak(p Param, k int) float64 {
	a := p.REnd * p.CEnd * p.CEnd * math.Pow(s.A+float64(s.Pairs), s.Alpha)
	return a / math.Pow(s.A+float64(k), s.Alpha)
}

// Mode says whom θ+ and θ− play.
type Mode string

const (
	Pair      Mode = "pair"      // θ+ against θ−
	Reference Mode = "reference" // θ+ and θ− each against a fixed reference
)

// Config is what decides a run besides the games' outcomes.
type Config struct {
	Params       []Param  `json:"params"`
	Schedule     Schedule `json:"schedule"`
	Mode         Mode     `json:"mode"`
	PairsPerStep int      `json:"pairs_per_step"` // pairs played with one Δ
	Seed         uint64   `json:"seed"`
}

// Score is one side's games.
type Score struct {
	Wins   int `json:"w"`
	Draws  int `json:"d"`
	Losses int `json:"l"`
}

// Games is the number of games of the score.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Result is what a step's games gave. Plus is θ+'s score: against θ− in
// Pair mode, against the reference in Reference mode; Minus is θ−'s score
// against the reference (Reference mode only).
type Result struct {
	Plus  Score  `json:"plus"`
	Minus *Score `json:"minus,omitempty"`
}

// Probe is one step: what to play and the gains it will be weighed with.
type Probe struct {
	Step  int // 1 for the first step
	K     int // the schedule's k: pairs played before the step + 1
	Pairs int // pairs to play (per side in Reference mode)
	Delta []int
	C, A  []float64 // c_k and a_k per parameter
	Plus  []int     // θ+ rounded for play
	Minus []int     // θ− rounded for play
}

// Record is one finished step, as the history keeps it.
type Record struct {
	Step   int       `json:"step"`
	K      int       `json:"k"`
	Delta  []int     `json:"delta"`
	C      []float64 `json:"c_k"`
	A      []float64 `json:"a_k"`
	Plus   []int     `json:"theta_plus"` // as played
	Minus  []int     `json:"theta_minus"`
	Result Result    `json:"result"`
	Games  int       `json:"games"`
	Theta  []float64 `json:"theta"` // after the step's update
}

// State is a run: its configuration, where θ is, and every step so far.
type State struct {
	Format string `json:"format"`
	Config
	Steps int       `json:"steps"` // steps done
	Iter  int       `json:"iter"`  // pairs done (per side), fishtest's iter
	Theta []float64 `json:"theta"`
	// Run is what else defines the run, as its caller names it (the
	// tuner's level, openings...): kept with the state so that a run is
	// resumed as it began. The package does not read it.
	Run     map[string]string `json:"run,omitempty"`
	History []Record          `json:"history"`
}

// New starts a run at the parameters' start values.
func New(c Config) (*State, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	theta := make([]float64, len(c.Params))
	for i, p := range c.Params {
		theta[i] = float64(p.Start)
	}
	c.Params = append([]Param(nil), c.Params...)
	return &State{Format: format, Config: c, Theta: theta, History: []Record{}}, nil
}

// Done tells whether the planned pairs are played.
func (s *State) Done() bool { return s.Iter >= s.Schedule.Pairs }

// Next is the current step; it changes nothing, and gives the same probe
// every time until Update. Once Done, its Pairs is 0.
func (s *State) Next() Probe {
	n := len(s.Params)
	k := s.Iter + 1
	p := Probe{
		Step: s.Steps + 1, K: k,
		Pairs: max(0, min(s.PairsPerStep, s.Schedule.Pairs-s.Iter)),
		Delta: make([]int, n), C: make([]float64, n), A: make([]float64, n),
		Plus: make([]int, n), Minus: make([]int, n),
	}
	rng := newStream(s.Seed, p.Step)
	for i := range s.Params {
		p.Delta[i] = rng.sign()
	}
	for i, par := range s.Params {
		p.C[i] = s.Schedule.Ck(par, k)
		p.A[i] = s.Schedule.Ak(par, k)
		p.Plus[i] = roundStochastic(clamp(par, s.Theta[i]+p.C[i]*float64(p.Delta[i])), rng.uniform())
	}
	for i, par := range s.Params {
		p.Minus[i] = roundStochastic(clamp(par, s.Theta[i]-p.C[i]*float64(p.Delta[i])), rng.uniform())
	}
	return p
}

// Update applies the result of probe's games; probe must be the current
// Next, and the result must hold 2·probe.Pairs games per side.
func (s *State) Update(probe Probe, r Result) error {
	if s.Done() {
		return errors.New("spsa: the run is finished")
	}
	if probe.Step != s.Steps+1 {
		return fmt.Errorf("spsa: result for step %d, but the run is at step %d", probe.Step, s.Steps+1)
	}
	p := s.Next() // recomputed, so that only the step number is trusted
	diff, games, err := s.difference(p, r)
	if err != nil {
		return err
	}
	theta := make([]float64, len(s.Theta))
	for i, par := range s.Params {
		R := p.A[i] / (p.C[i] * p.C[i])
		theta[i] = clamp(par, s.Theta[i]+R*p.C[i]*diff*float64(p.Delta[i]))
	}
	s.Theta = theta
	s.History = append(s.History, Record{
		Step: p.Step, K: p.K, Delta: p.Delta, C: p.C, A: p.A, Plus: p.Plus, Minus: p.Minus,
		Result: r, Games: games, Theta: append([]float64(nil), theta...),
	})
	s.Steps++
	s.Iter += p.Pairs
	return nil
}

// difference is the step's W−L (see Mode) and its number of games.
func (s *State) difference(p Probe, r Result) (float64, int, error) {
	want := 2 * p.Pairs
	bad := func(side string, sc Score) error {
		if sc.Wins < 0 || sc.Draws < 0 || sc.Losses < 0 || sc.Games() != want {
			return fmt.Errorf("spsa: step %d: %s played %d games (%d-%d-%d), want %d", p.Step, side, sc.Games(), sc.Wins, sc.Draws, sc.Losses, want)
		}
		return nil
	}
	if err := bad("θ+", r.Plus); err != nil {
		return 0, 0, err
	}
	plus := float64(r.Plus.Wins - r.Plus.Losses)
	switch s.Mode {
	case Pair:
		if r.Minus != nil {
			return 0, 0, fmt.Errorf("spsa: step %d: a score for θ− against the reference in pair mode", p.Step)
		}
		return plus, want, nil
	case Reference:
		if r.Minus == nil {
			return 0, 0, fmt.Errorf("spsa: step %d: no score for θ− against the reference", p.Step)
		}
		if err := bad("θ−", *r.Minus); err != nil {
			return 0, 0, err
		}
		return plus - float64(r.Minus.Wins-r.Minus.Losses), 2 * want, nil
	}
	return 0, 0, fmt.Errorf("spsa: unknown mode %q", s.Mode)
}

// Values is θ rounded to the nearest integers: the run's answer so far.
func (s *State) Values() []int {
	v := make([]int, len(s.Theta))
	for i, t := range s.Theta {
		v[i] = int(math.Round(t))
	}
	return v
}

func clamp(p Param, v float64) float64 {
	return math.Min(math.Max(v, float64(p.Lo)), float64(p.Hi))
}

// roundStochastic gives ⌊v+u⌋: for u uniform in [0,1), n+f becomes n+1
// with probability f. A v in [lo,hi] stays there.
func roundStochastic(v, u float64) int { return int(math.Floor(v + u)) }
