package microchess

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/emu/kim1"
)

// The differential tests: the program run by its translation and by the
// interpreter, from the same cloned machine, must agree at every stop in
// everything a machine holds (kim1.Machine.Diff: registers, flags, cycle
// and instruction counts, all memory, the display and every record).

// twin is one session run by both engines.
type twin struct {
	tb         testing.TB
	n, i       *Session    // on the translation, on the interpreter
	gn, gi     *chess.Game // the game each is playing
	native     *emu.Native // the translation
	nativeRan  uint64      // cycles the translation ran itself
	stops      int
	sliceRand  *rand.Rand
	keepSlices bool // run moves in one go, not in slices
}

// newTwin makes a twin of s, which must have a translation.
func newTwin(tb testing.TB, s *Session) *twin {
	tb.Helper()
	if s.M.Native == nil {
		tb.Fatal("the session has no translation")
	}
	w := &twin{tb: tb, n: s, native: s.M.Native, gn: chess.NewGame(), gi: chess.NewGame(),
		sliceRand: rand.New(rand.NewPCG(29, 1))}
	counted := *w.native
	counted.Enter = func(c *emu.CPU, budget uint64) (emu.Stop, uint64) {
		before := c.Cycles
		stop, core := w.native.Enter(c, budget)
		w.nativeRan += c.Cycles - before
		return stop, core
	}
	s.M.Native = &counted
	i := *s
	i.M = s.M.Clone()
	i.M.Native = nil
	w.i = &i
	return w
}

// twinOf makes a session on the program and its twin, at a level.
func twinOf(tb testing.TB, level string) *twin {
	tb.Helper()
	s := newSession(tb)
	l, err := LevelByName(level)
	if err != nil {
		tb.Fatal(err)
	}
	s.SetLevel(l)
	s.WatchCode()
	return newTwin(tb, s)
}

// do runs op on both sessions (each with its game); their results, their
// errors and their machines must be the same. On a difference op is run
// again, from where it began, in lock-step (emu.Native.Checked), which
// names the first block of the translation that goes wrong.
func (w *twin) do(what string, op func(s *Session, g *chess.Game) (string, error)) string {
	w.tb.Helper()
	start, startGame := w.n.M.Clone(), w.gn.Clone()
	rn, errN := op(w.n, w.gn)
	ri, errI := op(w.i, w.gi)
	w.stops++
	diff := w.n.M.Diff(w.i.M)
	if rn != ri {
		diff = append(diff, fmt.Sprintf("result %q, the interpreter's %q", rn, ri))
	}
	if fmt.Sprint(errN) != fmt.Sprint(errI) {
		diff = append(diff, fmt.Sprintf("error %v, the interpreter's %v", errN, errI))
	}
	if len(diff) > 0 {
		w.tb.Fatalf("%s: the translation differs from the interpreter: %s%s", what, strings.Join(diff, "; "), w.lockstep(start, startGame, op))
	}
	if errN != nil {
		w.tb.Fatalf("%s: %v", what, errN)
	}
	return rn
}

func (w *twin) lockstep(start *kim1.Machine, g *chess.Game, op func(*Session, *chess.Game) (string, error)) string {
	var reports []string
	s := *w.n
	s.M = start
	start.Native = w.native.Checked(func(r string) { reports = append(reports, r) })
	_, _ = op(&s, g)
	if len(reports) == 0 {
		return "; in lock-step, every run of the translation agreed with the core's"
	}
	return "; in lock-step: " + reports[0]
}

// keys presses keys on both and runs to the next wait.
func (w *twin) keys(names string) {
	w.tb.Helper()
	w.do("keys "+names, func(s *Session, _ *chess.Game) (string, error) { return "", s.Keys(names) })
}

// slice is a run's budget: mostly large, at times a few cycles, so that
// budgets end anywhere in the code.
func (w *twin) slice() uint64 {
	sizes := []uint64{1, 2, 7, 100, 1_001, 33_333, 250_000, 1_000_000, 3_999_999}
	return sizes[w.sliceRand.IntN(len(sizes))]
}

// play presses PC and runs both to the program's move, comparing them
// after every slice of the budget, and returns the move.
func (w *twin) play() Move {
	w.tb.Helper()
	w.do("PC", func(s *Session, _ *chess.Game) (string, error) { s.M.Press(kim1.KeyPC); return "", nil })
	start := w.n.M.CPU.Cycles
	for {
		slice := w.slice()
		if w.keepSlices {
			slice = DefaultBudget
		}
		r := w.do(fmt.Sprintf("a run of %d cycles in a move, %d cycles in", slice, w.n.M.CPU.Cycles-start), func(s *Session, _ *chess.Game) (string, error) {
			r, err := s.M.Run(slice)
			return r.String(), err
		})
		if r == kim1.WaitingKey.String() {
			break
		}
		if w.n.M.CPU.Cycles-start > DefaultBudget {
			w.tb.Fatal("no move")
		}
	}
	d := w.n.M.Display
	return Move{Piece: d[0], From: d[1], To: d[2]}
}

// game plays the manual's PC, E, PC, ... from where the twin stands (the
// keys that set it up already pressed), each move refereed by the chess
// library as SelfPlay has it, to the end or moves program moves; it
// returns how it ended.
func (w *twin) game(computer chess.Color, moves int) string {
	w.tb.Helper()
	for n := 0; n < moves; n++ {
		mv := w.play()
		if mv.Resigned() {
			return "resigned"
		}
		stop := w.do(fmt.Sprintf("move %v", mv), func(s *Session, g *chess.Game) (string, error) {
			uci, note, stop, err := s.Computer(g, mv, computer)
			if err == nil && stop == "" {
				err = s.Matches(g.Position(), computer)
			}
			return uci + " " + note + " " + stop, err
		})
		if strings.TrimSpace(stop) != "" && strings.Contains(stop, "last rank") {
			return stop
		}
		if o := w.gn.Outcome(); o != chess.NoOutcome {
			return w.gn.Method().String()
		}
		w.keys("E")
		computer = computer.Other()
	}
	return "moves played"
}

// check ends a twin's test: the translation must have done the work.
func (w *twin) check() {
	w.tb.Helper()
	total := w.n.M.CPU.Cycles
	if w.nativeRan*10 < total*9 {
		w.tb.Errorf("the translation ran %d of %d cycles", w.nativeRan, total)
	}
	w.tb.Logf("%d stops compared, %d cycles, %.1f%% run by the translation", w.stops, total, 100*float64(w.nativeRan)/float64(total))
}

// Self-play at every level, book on and off, with moves run in slices
// that end anywhere: Super Blitz to the game's end (or 40 moves a side),
// Blitz and Normal for a few moves (TestTranslatedGamesLong plays them
// out).
func TestTranslatedSelfPlay(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		level   string
		bookOff bool
		moves   int
	}{
		{"super-blitz", false, 40},
		{"blitz", true, 8},
		{"normal", true, 4},
	} {
		t.Run(tc.level, func(t *testing.T) {
			if testing.Short() && tc.level != "super-blitz" {
				t.Skip("-short")
			}
			w := twinOf(t, tc.level)
			w.keys("C")
			if tc.bookOff {
				w.do("book off", func(s *Session, _ *chess.Game) (string, error) { s.BookOff(); return "", nil })
			}
			end := w.game(chess.White, tc.moves)
			t.Logf("%s: %s after %d moves", tc.level, end, len(w.gn.Moves()))
			w.check()
		})
	}
}

// twinAt sets the twin's program up on a position, the computer to move,
// as play does for a FEN: C (C E for Black), the tables written, the book
// off.
func twinAt(tb testing.TB, level, fen string) (*twin, chess.Color) {
	tb.Helper()
	w := twinOf(tb, level)
	f, err := chess.FEN(fen)
	if err != nil {
		tb.Fatal(err)
	}
	w.gn, w.gi = chess.NewGame(f), chess.NewGame(f)
	computer := w.gn.Position().Turn()
	keys := "C"
	if computer == chess.Black {
		keys = "C E"
	}
	w.keys(keys)
	a, _ := ArrayOf(w.gn.Position().Board().SquareMap(), computer)
	w.do("position "+fen, func(s *Session, _ *chess.Game) (string, error) {
		s.SetArray(a)
		s.BookOff()
		return "", nil
	})
	return w, computer
}

// The program mates, and the program, mated, resigns (FF FF FF), on
// both engines alike, at Super Blitz and Normal.
func TestTranslatedMateAndResignation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ fen, end string }{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Checkmate"}, // Ra8 mates
		{"8/8/8/8/8/6k1/6q1/7K w - - 0 1", "resigned"},     // White is mated
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "resigned"},     // so is Black
	} {
		for _, level := range []string{"super-blitz", "normal"} {
			w, computer := twinAt(t, level, tc.fen)
			if end := w.game(computer, 4); end != tc.end {
				t.Errorf("%s at %s: %s after %v, want %s", tc.fen, level, end, w.gn.Moves(), tc.end)
			}
			if tc.end == "resigned" && w.n.M.Display != [3]byte{0xFF, 0xFF, 0xFF} {
				t.Errorf("%s at %s: resigned, but the display shows % X", tc.fen, level, w.n.M.Display)
			}
		}
	}
}

// Keys as a player presses them, the program's answers to each compared:
// clear, reverse, squares and F (a legal move, one off the board, one the
// program refuses), the keys MicroChess ignores, a move asked for.
func TestTranslatedKeys(t *testing.T) {
	t.Parallel()
	w := twinOf(t, "super-blitz")
	for _, k := range []string{"C", "E", "E", "6 3 4 3", "F", "9 9 9 9 F", "AD DA + GO", "1 1 2 1 F", "C", "1 3 3 3 F", "PC", "E", "C", "1 4 3 4 F 6 4 4 4 F PC"} {
		w.keys(k)
	}
	if w.n.M.Scans == 0 || len(w.n.M.Polls) < 40 {
		t.Fatalf("%d SCANDS calls, %d GETKEY polls: the keys were not read", w.n.M.Scans, len(w.n.M.Polls))
	}
	if w.nativeRan == 0 {
		t.Fatal("the translation never ran")
	}
	t.Logf("%d stops compared, %d cycles, %d by the translation", w.stops, w.n.M.CPU.Cycles, w.nativeRan)
}

// randomPosition plays plies random legal moves from the start; ok is
// false when the game ended first.
func randomPosition(seed uint64, plies int) (fen string, ok bool) {
	r := rand.New(rand.NewPCG(seed, 29))
	g := chess.NewGame()
	for range plies {
		moves := g.ValidMoves()
		if len(moves) == 0 || g.Outcome() != chess.NoOutcome {
			return "", false
		}
		if err := g.Move(&moves[r.IntN(len(moves))], nil); err != nil {
			return "", false
		}
	}
	if len(g.ValidMoves()) == 0 {
		return "", false
	}
	return g.Position().String(), true
}

// FuzzTranslated starts both engines from a random legal position (plies
// random moves from the start) at a level and compares them through the
// program's move (whatever it is: at Super Blitz and Blitz it may be
// illegal, which is the program's affair).
func FuzzTranslated(f *testing.F) {
	f.Add(uint64(1), uint8(10), uint8(0))
	f.Add(uint64(2), uint8(25), uint8(1))
	f.Add(uint64(3), uint8(40), uint8(0))
	f.Add(uint64(4), uint8(7), uint8(2))
	f.Fuzz(func(t *testing.T, seed uint64, plies, level uint8) {
		fen, ok := randomPosition(seed, int(plies%60))
		if !ok {
			t.Skip("the game ended")
		}
		w, _ := twinAt(t, Levels[int(level)%len(Levels)].Name, fen)
		w.sliceRand = rand.New(rand.NewPCG(seed, uint64(plies)))
		w.play()
	})
}

// DifferentialEnv, set to a number of moves a side, makes
// TestTranslatedGamesLong play out self-play games at every level from
// each of Openings (make differential).
const DifferentialEnv = "MCHESS_DIFFERENTIAL"

// TestTranslatedGamesLong plays whole self-play games on both engines:
// at each level, from each of Openings (the program opening, then the
// player's first moves), book off, to the game's end or the moves asked
// for, moves run in slices; about a minute on 2 cores.
func TestTranslatedGamesLong(t *testing.T) {
	perSide, err := strconv.Atoi(os.Getenv(DifferentialEnv))
	if err != nil || perSide <= 0 {
		t.Skipf("set %s to the moves a side (make differential)", DifferentialEnv)
	}
	for _, l := range Levels {
		for k, first := range Openings {
			t.Run(fmt.Sprintf("%s/%d", l.Name, k), func(t *testing.T) {
				w := twinOf(t, l.Name)
				w.sliceRand = rand.New(rand.NewPCG(uint64(k), 29))
				computer := chess.White
				if first == "" {
					w.keys("C")
				} else {
					w.keys("C E")
					computer = chess.Black
				}
				w.do("book off", func(s *Session, _ *chess.Game) (string, error) { s.BookOff(); return "", nil })
				if first != "" {
					w.do("first move "+first, func(s *Session, g *chess.Game) (string, error) {
						m, err := chess.UCINotation{}.Decode(g.Position(), first)
						if err != nil {
							return "", err
						}
						return "", s.Player(g, m, computer)
					})
				}
				end := w.game(computer, 2*perSide)
				t.Logf("%s, %s: %s after %d plies", l.Name, first, end, len(w.gn.Moves()))
				w.check()
			})
		}
	}
}
