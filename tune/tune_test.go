package tune

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/spsa"
	"github.com/kim1-archive/microchess/suite"
)

// pieceValues is a small space over the original's .POINTS table: the
// pawns' value (00A8–00AF) and the knights' (00A6–00A7).
func pieceValues(values []int) ([]match.Poke, error) {
	if len(values) != 2 {
		return nil, errors.New("want two values")
	}
	pawns := make([]byte, 8)
	for i := range pawns {
		pawns[i] = byte(values[0])
	}
	return []match.Poke{
		{Side: chess.NoColor, Addr: 0x00A8, Bytes: pawns},
		{Side: chess.NoColor, Addr: 0x00A6, Bytes: []byte{byte(values[1]), byte(values[1])}},
	}, nil
}

func testOptions(t *testing.T) Options {
	t.Helper()
	lines, ok := suite.Builtin("balanced-50")
	if !ok {
		t.Fatal("no balanced-50 suite")
	}
	return Options{
		Base: func(side chess.Color) ([]kim1.Image, string, error) {
			return builds.ProgramFor("original", side)
		},
		Name: "original", Pokes: pieceValues, Level: memmap.Levels[0],
		Lines: lines, MaxPlies: 60, Jobs: 2,
	}
}

func newState(t *testing.T, mode spsa.Mode, pairs int) *spsa.State {
	t.Helper()
	st, err := spsa.New(spsa.Config{
		Params: []spsa.Param{
			{Name: "PAWN", Lo: 1, Hi: 4, Start: 2, CEnd: 1, REnd: 0.02},
			{Name: "KNIGHT", Lo: 2, Hi: 8, Start: 4, CEnd: 1, REnd: 0.02},
		},
		Schedule: spsa.DefaultSchedule(pairs), Mode: mode, PairsPerStep: 2, Seed: 7,
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestStepsPlayTheirGames: every step plays 2·pairs games per side, from
// the lines the run's order gives, and the scores add up.
func TestStepsPlayTheirGames(t *testing.T) {
	for _, mode := range []spsa.Mode{spsa.Pair, spsa.Reference} {
		t.Run(string(mode), func(t *testing.T) {
			st := newState(t, mode, 4)
			opt := testOptions(t)
			saves := 0
			opt.Save = func(s *spsa.State) error { saves++; return nil }
			if err := Run(context.Background(), st, opt); err != nil {
				t.Fatal(err)
			}
			if st.Steps != 2 || saves != 2 || !st.Done() {
				t.Fatalf("steps %d, saves %d, done %v; want 2, 2, true", st.Steps, saves, st.Done())
			}
			for _, h := range st.History {
				if h.Result.Plus.Games() != 4 {
					t.Errorf("step %d: θ+ played %d games, want 4", h.Step, h.Result.Plus.Games())
				}
				if mode == spsa.Reference && (h.Result.Minus == nil || h.Result.Minus.Games() != 4) {
					t.Errorf("step %d: θ− against the reference: %+v", h.Step, h.Result.Minus)
				}
			}
		})
	}
}

// TestResumeSameAsUninterrupted: a run cut in the middle of a step (the
// context ended after the step's first game) and resumed from its saved
// state ends exactly where a run never stopped ends.
func TestResumeSameAsUninterrupted(t *testing.T) {
	whole := newState(t, spsa.Pair, 6)
	if err := Run(context.Background(), whole, testOptions(t)); err != nil {
		t.Fatal(err)
	}

	cut := newState(t, spsa.Pair, 6)
	var saved *spsa.State
	ctx, cancel := context.WithCancel(context.Background())
	opt := testOptions(t)
	opt.Save = func(s *spsa.State) error { saved = clone(t, s); return nil }
	opt.Progress = func(p Progress) {
		if p.Probe.Step == 2 && p.GamesInStep >= 1 {
			cancel()
		}
	}
	if err := Run(ctx, cut, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("cut run: %v, want context.Canceled", err)
	}
	if saved == nil || saved.Steps != 1 {
		t.Fatalf("saved state after the cut: %+v, want one step", saved)
	}
	if err := Run(context.Background(), saved, testOptions(t)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Theta, whole.Theta) || !reflect.DeepEqual(saved.History, whole.History) {
		t.Errorf("resumed run differs:\n%+v\nuninterrupted:\n%+v", saved.History, whole.History)
	}
}

func clone(t *testing.T, s *spsa.State) *spsa.State {
	t.Helper()
	file := t.TempDir() + "/state.json"
	if err := s.Save(file); err != nil {
		t.Fatal(err)
	}
	c, err := spsa.Load(file, s.Params)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPlots: the parameters' plot names each parameter and draws one
// point a step; the Elo plot refuses checkpoints with no figure.
func TestPlots(t *testing.T) {
	st := newState(t, spsa.Pair, 4)
	if _, err := ParamsSVG(st); err == nil {
		t.Error("a run of no steps plotted")
	}
	if err := Run(context.Background(), st, testOptions(t)); err != nil {
		t.Fatal(err)
	}
	svg, err := ParamsSVG(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "PAWN", "KNIGHT", "step"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the parameters' plot lacks %q", want)
		}
	}
	if _, err := EloSVG([]Checkpoint{{Step: 1}}); err == nil {
		t.Error("a checkpoint with no Elo plotted")
	}
	e, m := 12.5, 30.0
	svg, err = EloSVG([]Checkpoint{{Step: 1, Summary: match.PairingSummary{PairElo: &e, PairMargin: &m}}})
	if err != nil || !strings.Contains(string(svg), "Elo") {
		t.Errorf("Elo plot: %v", err)
	}
}

// TestResumeSpecial: the special-moves program tuned by its own
// declarations (the piece values and its castling bonus), two steps of one
// pair at Super Blitz: a run cut in its second step and resumed ends
// exactly where a run never stopped ends.
func TestResumeSpecial(t *testing.T) {
	tp, err := builds.LoadTunableProgram("special", "")
	if err != nil {
		t.Fatal(err)
	}
	space, err := NewSpace(tp.Set, []string{"PAWNS", "CASTB"})
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := suite.Builtin("balanced-50")
	options := func() Options {
		return Options{Name: "special", Needs: tp.Needs, Pokes: space.Pokes,
			Base:  func(side chess.Color) ([]kim1.Image, string, error) { return builds.ProgramFor("special", side) },
			Level: memmap.Levels[0], Lines: lines, MaxPlies: 40, Jobs: 2}
	}
	newState := func() *spsa.State {
		st, err := spsa.New(spsa.Config{Params: space.Params(DefaultGains), Schedule: spsa.DefaultSchedule(2), Mode: spsa.Pair, PairsPerStep: 1, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	whole := newState()
	if err := Run(context.Background(), whole, options()); err != nil {
		t.Fatal(err)
	}
	if whole.Steps != 2 {
		t.Fatalf("%d steps, want 2", whole.Steps)
	}
	cut := newState()
	var saved *spsa.State
	ctx, cancel := context.WithCancel(context.Background())
	opt := options()
	opt.Save = func(s *spsa.State) error { saved = clone(t, s); return nil }
	opt.Progress = func(p Progress) {
		if p.Probe.Step == 2 && p.GamesInStep >= 1 {
			cancel()
		}
	}
	if err := Run(ctx, cut, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("cut run: %v, want context.Canceled", err)
	}
	if saved == nil || saved.Steps != 1 {
		t.Fatalf("saved state after the cut: %+v, want one step", saved)
	}
	if err := Run(context.Background(), saved, options()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Theta, whole.Theta) || !reflect.DeepEqual(saved.History, whole.History) {
		t.Errorf("resumed run differs:\n%+v\nuninterrupted:\n%+v", saved.History, whole.History)
	}
}
