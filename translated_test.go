package microchess_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/translated"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/timing"
)

// The differential tests: each program mchess carries, run by its
// translation (package translated) and by the interpreter from the same
// cloned machine, must agree at every stop in everything a machine holds
// (kim1.Machine.Diff: registers, flags, cycle and instruction counts, all
// memory, the display and every record).

// programOptions are the options that play a program as match does.
func programOptions(tb testing.TB, program string, computer chess.Color) session.PlayOptions {
	tb.Helper()
	opt := session.PlayOptions{Player: computer.Other()}
	if program == "library" {
		b, err := openings.TwentyBooks()
		if err != nil {
			tb.Fatal(err)
		}
		opt.Images, opt.Program, opt.Layout, opt.Library, opt.Seed = microchess.KIM(b.Program.Images), b.Name, microchess.LibraryLayout(), b.Vars, 29
		return opt
	}
	images, desc, err := builds.ProgramFor(program, computer)
	if err != nil {
		tb.Fatal(err)
	}
	needs, err := builds.NeedsOf(program)
	if err != nil {
		tb.Fatal(err)
	}
	opt.Images, opt.Program, opt.Layout, opt.Teletype, opt.Special, opt.Code = images, desc, needs.Layout, needs.Teletype, needs.Special, needs.Code
	return opt
}

// twin is one session run by both engines.
type twin struct {
	tb        testing.TB
	n, i      *session.Session // on the translation, on the interpreter
	gn, gi    *chess.Game      // the game each is playing
	native    *emu.Native      // the translation
	nativeRan uint64           // instructions the translation ran itself
	stops     int
	sliceRand *rand.Rand
	// agreeOnly lets an error pass when both engines come to it: a
	// program with its code changed at random may well fail.
	agreeOnly bool
	limit     uint64 // when set, the most cycles a move is run for
}

// newTwin makes a session of the program at a level, as play sets it up
// (C, or C E when the computer is Black; a FEN's position written in; the
// book off when bookOff), watching its code, and its twin.
func newTwin(tb testing.TB, program, level string, computer chess.Color, bookOff bool, fen string) *twin {
	tb.Helper()
	opt := programOptions(tb, program, computer)
	l, err := memmap.LevelByName(level)
	if err != nil {
		tb.Fatal(err)
	}
	opt.Level, opt.BookOff, opt.FEN = l, bookOff, fen
	p, err := session.NewPlay(opt)
	if err != nil {
		tb.Fatal(err)
	}
	s := p.S
	if s.M.Native == nil {
		tb.Fatalf("%s: no translation of the program", program)
	}
	s.WatchCode()
	w := &twin{tb: tb, n: s, native: s.M.Native, gn: p.Game.Clone(), gi: p.Game.Clone(),
		sliceRand: rand.New(rand.NewPCG(29, 1))}
	w.count()
	i := *s
	i.M = s.M.Clone()
	i.M.Native = nil
	w.i = &i
	return w
}

// count puts the twin's translation on its session, counting the
// instructions it runs.
func (w *twin) count() {
	counted := *w.native
	counted.Enter = func(c *emu.CPU, budget uint64) (emu.Stop, uint64) {
		before := c.Instructions
		stop, core := w.native.Enter(c, budget)
		w.nativeRan += c.Instructions - before
		return stop, core
	}
	w.n.M.Native = &counted
}

// do runs op on both sessions (each with its game); their results, their
// errors and their machines must be the same. On a difference op is run
// again, from where it began, in lock-step (emu.Native.Checked), which
// names the first block of the translation that goes wrong.
func (w *twin) do(what string, op func(s *session.Session, g *chess.Game) (string, error)) string {
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
	if errN != nil && !w.agreeOnly {
		w.tb.Fatalf("%s: %v", what, errN)
	}
	if errN != nil {
		return "error: " + errN.Error()
	}
	return rn
}

func (w *twin) lockstep(start *kim1.Machine, g *chess.Game, op func(*session.Session, *chess.Game) (string, error)) string {
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

// keys presses keys (types their commands, at a teletype) on both and
// runs to the next wait.
func (w *twin) keys(names string) {
	w.tb.Helper()
	w.do("keys "+names, func(s *session.Session, _ *chess.Game) (string, error) { return "", s.Keys(names) })
}

// slice is a run's budget: mostly large, at times a few cycles, so that
// budgets end anywhere in the code.
func (w *twin) slice() uint64 {
	sizes := []uint64{1, 2, 7, 100, 1_001, 33_333, 250_000, 1_000_000, 3_999_999}
	return sizes[w.sliceRand.IntN(len(sizes))]
}

// play asks both for a move (PC), runs them to it comparing them after
// every slice of the budget, and returns it.
func (w *twin) play() session.Move {
	w.tb.Helper()
	w.do("PC", func(s *session.Session, _ *chess.Game) (string, error) {
		if s.Teletype {
			s.M.TTYIn = append(s.M.TTYIn, "PC\r"...)
		} else {
			s.M.Press(kim1.KeyPC)
		}
		return "", nil
	})
	waiting := kim1.WaitingKey
	if w.n.Teletype {
		waiting = kim1.WaitingTTY
	}
	start := w.n.M.CPU.Cycles
	for {
		slice := w.slice()
		r := w.do(fmt.Sprintf("a run of %d cycles in a move, %d cycles in", slice, w.n.M.CPU.Cycles-start), func(s *session.Session, _ *chess.Game) (string, error) {
			r, err := s.M.Run(slice)
			return r.String(), err
		})
		if r == waiting.String() {
			break
		}
		if strings.HasPrefix(r, "error: ") || w.limit > 0 && w.n.M.CPU.Cycles-start > w.limit {
			return session.Move{} // a changed program's failure, or no move soon
		}
		if w.n.M.CPU.Cycles-start > session.DefaultBudget {
			w.tb.Fatal("no move")
		}
	}
	m := w.n.M
	return session.Move{Piece: m.Peek(memmap.Display1), From: m.Peek(memmap.Display2), To: m.Peek(memmap.Display3)}
}

// game plays the manual's PC, E, PC, ... from where the twin stands, each
// move refereed by the chess library as SelfPlay has it, to the game's end
// or moves program moves; it returns how it ended.
func (w *twin) game(computer chess.Color, moves int) string {
	w.tb.Helper()
	for n := 0; n < moves; n++ {
		mv := w.play()
		if mv.Resigned() {
			return "resigned"
		}
		stop := w.do(fmt.Sprintf("move %v", mv), func(s *session.Session, g *chess.Game) (string, error) {
			uci, note, stop, err := s.Computer(rules.NewReferee(g), mv, computer)
			if err == nil && stop == "" {
				err = s.Matches(g.Position(), computer)
			}
			return uci + " " + note + " " + stop, err
		})
		if strings.Contains(stop, "last rank") || strings.HasPrefix(stop, "error: ") {
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

// first plays White's first move as the player, for the program as Black.
func (w *twin) first(uci string, computer chess.Color) {
	w.tb.Helper()
	w.do("first move "+uci, func(s *session.Session, g *chess.Game) (string, error) {
		m, err := chess.UCINotation{}.Decode(g.Position(), uci)
		if err != nil {
			return "", err
		}
		return "", s.Player(rules.NewReferee(g), m, computer)
	})
}

// check ends a twin's games: the translation must have done the work,
// running at least 90% of the instructions.
func (w *twin) check() {
	w.tb.Helper()
	total := w.n.M.CPU.Instructions
	if w.nativeRan*10 < total*9 {
		w.tb.Errorf("the translation ran %d of %d instructions", w.nativeRan, total)
	}
	w.tb.Logf("%d stops compared, %d cycles, %.1f%% of %d instructions run by the translation", w.stops, w.n.M.CPU.Cycles, 100*float64(w.nativeRan)/float64(total), total)
}

// Self-play of the original at every level, book on and off, moves run
// in slices that end anywhere: Super Blitz for 20 moves a side, Blitz and
// Normal for a few (make differential plays whole games).
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
			w := newTwin(t, "original", tc.level, chess.White, tc.bookOff, "")
			end := w.game(chess.White, tc.moves)
			t.Logf("%s: %s after %d moves", tc.level, end, len(w.gn.Moves()))
			w.check()
		})
	}
}

// translatedPrograms are the catalogue's programs that run translated
// besides the original, a program with Sides once a side.
var translatedPrograms = func() []struct {
	name     string
	computer chess.Color
} {
	var out []struct {
		name     string
		computer chess.Color
	}
	for _, p := range builds.Catalogue {
		if p.Translated && p.Name != builds.Original {
			for _, side := range p.SideList() {
				out = append(out, struct {
					name     string
					computer chess.Color
				}{p.Name, side})
			}
		}
	}
	return out
}()

// Every other translated program for a few moves at every level, the book
// on at Super Blitz and off at the others: Stone's upgrade with each list
// (as White and as Black, after 1. e4), the teletype, the special moves,
// the tuned programs (on their bases' translations, their declared
// operands read at run time), the opening library.
func TestTranslatedPrograms(t *testing.T) {
	t.Parallel()
	for _, p := range translatedPrograms {
		for _, l := range memmap.Levels {
			moves := map[string]int{"super-blitz": 8, "blitz": 4, "normal": 2}[l.Name]
			t.Run(fmt.Sprintf("%s-%s/%s", p.name, p.computer, l.Name), func(t *testing.T) {
				w := newTwin(t, p.name, l.Name, p.computer, l.Name != "super-blitz", "")
				if p.computer == chess.Black {
					w.first("e2e4", p.computer)
				}
				end := w.game(p.computer, moves)
				t.Logf("%s", end)
				w.check()
			})
		}
	}
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
			computer := chess.White
			if strings.Contains(tc.fen, " b ") {
				computer = chess.Black
			}
			w := newTwin(t, "original", level, computer, true, tc.fen)
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
// program refuses), keys MicroChess ignores, a move asked for.
func TestTranslatedKeys(t *testing.T) {
	t.Parallel()
	w := newTwin(t, "original", "super-blitz", chess.White, false, "")
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
	g := rules.NewGame()
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
//
// When change is not 0, the program has one code byte changed first: the
// change-th byte (modulo their number) of those the original's
// translation was made from is made val. The program then runs on the
// blocks of the translation it still holds (emu.Native.Partial), the
// core running the rest; it may fail, or not move (a move is run for 10
// million cycles at most), and must do so on both engines alike.
func FuzzTranslated(f *testing.F) {
	f.Add(uint64(1), uint8(10), uint8(0), uint16(0), uint8(0))
	f.Add(uint64(2), uint8(25), uint8(1), uint16(0), uint8(0))
	f.Add(uint64(3), uint8(40), uint8(0), uint16(0), uint8(0))
	f.Add(uint64(4), uint8(7), uint8(2), uint16(0), uint8(0))
	f.Add(uint64(5), uint8(12), uint8(0), uint16(480), uint8(0x21))
	f.Add(uint64(6), uint8(20), uint8(1), uint16(77), uint8(0xEA))
	f.Fuzz(func(t *testing.T, seed uint64, plies, level uint8, change uint16, val uint8) {
		fen, ok := randomPosition(seed, int(plies%60))
		if !ok {
			t.Skip("the game ended")
		}
		f, err := rules.FEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		computer := rules.NewGame(f).Position().Turn()
		w := newTwin(t, "original", memmap.Levels[int(level)%len(memmap.Levels)].Name, computer, true, fen)
		w.sliceRand = rand.New(rand.NewPCG(seed, uint64(plies)))
		if change != 0 {
			var code []uint16
			for _, p := range translated.Original.Parts {
				for _, r := range p.Bytes {
					for a := int(r.Lo); a <= int(r.Hi); a++ {
						code = append(code, uint16(a))
					}
				}
			}
			w.changeCode(map[uint16]byte{code[int(change)%len(code)]: val})
			w.agreeOnly, w.limit = true, 10_000_000
		}
		w.play()
	})
}

// DifferentialEnv, set to a number of moves a side, makes
// TestTranslatedGamesLong play whole games (make differential).
const DifferentialEnv = "MCHESS_DIFFERENTIAL"

// TestTranslatedGamesLong plays whole self-play games on both engines:
// every translated program at each level, book off, to the game's end or
// the moves asked for, moves run in slices; the original from each of
// microchess.Openings (the program opening, then the player's first
// moves). A few minutes on 2 cores.
func TestTranslatedGamesLong(t *testing.T) {
	perSide, err := strconv.Atoi(os.Getenv(DifferentialEnv))
	if err != nil || perSide <= 0 {
		t.Skipf("set %s to the moves a side (make differential)", DifferentialEnv)
	}
	type game struct {
		program  string
		computer chess.Color
		first    string
	}
	var games []game
	for _, first := range timing.Openings {
		computer := chess.White
		if first != "" {
			computer = chess.Black
		}
		games = append(games, game{"original", computer, first})
	}
	for _, p := range translatedPrograms {
		first := ""
		if p.computer == chess.Black {
			first = "e2e4"
		}
		games = append(games, game{p.name, p.computer, first})
	}
	for _, l := range memmap.Levels {
		for _, g := range games {
			t.Run(fmt.Sprintf("%s-%s/%s/%s", g.program, g.computer, l.Name, g.first), func(t *testing.T) {
				w := newTwin(t, g.program, l.Name, g.computer, true, "")
				w.sliceRand = rand.New(rand.NewPCG(uint64(len(g.first)), 29))
				if g.computer == chess.Black {
					w.first(g.first, g.computer)
				}
				end := w.game(g.computer, 2*perSide)
				t.Logf("%s: %s after %d plies", g.first, end, len(w.gn.Moves()))
				w.check()
			})
		}
	}
}
