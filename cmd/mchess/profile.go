package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	pprof "github.com/google/pprof/profile"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/profile"
	"github.com/kim1-archive/microchess/session"
)

var cmdProfile = &Command{
	Name: "profile",
	UsageLine: `mchess profile [options] -o FILE [KEY...]
       mchess profile [options] --match OPPONENT[@LEVEL] [--games N] -o FILE
       mchess profile --chart OUT.png NAME=FILE.pprof...`,
	Short: "profile a move, a game or a match: cycles by routine and call stack, in pprof's format",
	Long: `Runs the program as mchess run does (MicroChess built from src/, --source,
--patch, --published or --load), presses the keys, and profiles the move the
last key (PC) asks for: the cycles from the GETKEY that reads it to the next,
which is how the session counts a move's cycles. With --game it profiles a
whole game the program plays against itself. With --match it plays a match,
as mchess match does, against the opponent, and profiles every move the
program thinks, each exactly as the PGN counts its cycles, all games merged.
Functions are the source's routines, stacks those of JSR and RTS; the samples
count cycles and instructions. The profiled run is interpreted (the
translation does not run under a profile), its cycle counts exact. e.g.
  mchess profile --level normal --book-off -o normal.pprof C PC
  mchess profile --level blitz --match stone@blitz --games 4 -o match.pprof
  go tool pprof -top normal.pprof; go tool pprof -http :8080 normal.pprof`,
	New: func() options { return new(profileOptions) },
}

// profileLimit bounds a profile read back for a chart.
var profileLimit = bounded.Limit{Bytes: 64 << 20, What: "a profile"}

type profileOptions struct {
	o                 runOpts
	out, chart, title string
	game              bool
	perSide, top      int
	mo                matchProfileOpts
}

func (p *profileOptions) flags(fs *flag.FlagSet) {
	programFlags(fs, &p.o)
	fs.StringVar(&p.out, "o", "", "write the profile to `FILE` (pprof's format: go tool pprof -top FILE)")
	fs.BoolVar(&p.game, "game", false, "profile a game the program plays against itself from the start, instead of a move")
	fs.IntVar(&p.perSide, "max-moves", 40, "with --game: `N` moves a side at most")
	fs.StringVar(&p.mo.opponent, "match", "", "profile every move the program makes in a match against `OPPONENT[@LEVEL]` (a program mchess match names: original, stone, ...; the program itself plays at --level, default normal)")
	fs.IntVar(&p.mo.games, "games", 2, "with --match: `N` games, each line of the suite twice, colours reversed")
	fs.StringVar(&p.mo.openings, "openings", "", "with --match: the opening `SUITE`, as mchess match reads it (default balanced-50)")
	fs.IntVar(&p.mo.maxPlies, "max-plies", match.DefaultMaxPlies, "with --match: adjudicate a draw after `N` plies past the opening")
	fs.IntVar(&p.mo.jobs, "j", 0, "with --match: games at once (default: the number of CPUs)")
	fs.StringVar(&p.mo.pgn, "pgn", "", "with --match: write the games to `FILE` as PGN")
	fs.IntVar(&p.top, "top", 15, "print the `N` routines that take the most cycles (0: all)")
	fs.StringVar(&p.chart, "chart", "", "draw the profiles given as arguments (NAME=FILE.pprof ...) as bars of each routine's share, to `FILE`.png")
	fs.StringVar(&p.title, "title", "", "with --chart: the chart's title")
}

func (p *profileOptions) run(e *env, rest []string) error {
	if p.chart != "" {
		return profileChart(p.chart, p.title, rest, p.top, e.stdout)
	}
	if p.out == "" {
		return failf(2, "mchess profile: give -o FILE for the profile")
	}
	if !checkProgramOpts("profile", &p.o, e.stderr) {
		return exit(2)
	}
	keys, err := session.ParseKeys(strings.TrimSpace(p.o.keys + " " + strings.Join(rest, " ")))
	if err != nil {
		return failf(2, "mchess profile: %v", err)
	}
	if err := p.check(e.fs, keys); err != nil {
		return err
	}
	if p.mo.opponent != "" {
		mp, comments, status := profileMatchRun(&p.o, &p.mo, e.stderr)
		if mp == nil {
			return exit(status)
		}
		if err := writeProfile(mp.Profile, p.out, comments, p.top, "", e.stdout); err != nil {
			return err
		}
		return exit(status)
	}
	return p.profileRun(e, keys)
}

// check checks that the options and keys go together: a match's, or a
// game's, or a move's.
func (p *profileOptions) check(fs *flag.FlagSet, keys []byte) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	mo, game := &p.mo, p.game
	switch {
	case mo.opponent != "" && (game || len(keys) > 0 || p.o.bookOff || set["go"] || set["max-moves"]):
		return failf(2, "mchess profile: --match plays games from the suite's lines, books off: no keys, --game, --max-moves, --book-off or --go")
	case mo.opponent == "" && (set["games"] || set["openings"] || set["max-plies"] || set["j"] || set["pgn"]):
		return failf(2, "mchess profile: --games, --openings, --max-plies, -j and --pgn go with --match")
	case mo.opponent != "" && (mo.games < 1 || mo.maxPlies < 1 || mo.jobs < 0):
		return failf(2, "mchess profile: --games and --max-plies want 1 or more, -j 0 or more")
	case mo.opponent != "":
		return nil
	case game && len(keys) > 0:
		return failf(2, "mchess profile: --game plays from the start: no keys")
	case !game && (len(keys) == 0 || keys[len(keys)-1] != kim1.KeyPC):
		return failf(2, "mchess profile: the keys must end with PC, the move to profile (e.g. C PC)")
	case p.perSide <= 0:
		return failf(2, "mchess profile: --max-moves: give at least 1")
	}
	return nil
}

// profileRun profiles a game (--game) or the move the keys ask for, and
// writes the profile.
func (p *profileOptions) profileRun(e *env, keys []byte) error {
	s, src, err := debugSession(&p.o)
	if err != nil {
		return failf(exitFor(err), "mchess profile: %v", err)
	}
	prof := profile.New(src)
	var comments []string
	if p.game {
		prof.Attach(s.M)
		g, err := s.SelfPlay(p.perSide, p.o.bookOff, "")
		prof.Detach(s.M)
		if err != nil {
			return failf(1, "mchess profile: %v", err)
		}
		var moves uint64
		for _, m := range g.Moves {
			moves += m.Cycles
		}
		comments = append(comments, fmt.Sprintf("a game against itself: %d moves (%s), %d cycles in the moves, %d profiled in all", len(g.Moves), g.End, moves, prof.Cycles))
	} else {
		mv, err := profileMove(s, prof, keys, p.o.bookOff)
		if err != nil {
			return failf(1, "mchess profile: %v", err)
		}
		comments = append(comments, fmt.Sprintf("the move %v: %d cycles, %d instructions", mv, mv.Cycles, prof.Instructions))
	}
	return writeProfile(prof.Profile(), p.out, comments, p.top, p.o.level, e.stdout)
}

// writeProfile writes a profile with its comments and prints them and its
// top routines.
func writeProfile(p *pprof.Profile, out string, comments []string, top int, level string, stdout io.Writer) error {
	if level != "" {
		comments = append(comments, "level "+level)
	}
	p.Comments = comments
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		return failf(1, "mchess profile: %v", err)
	}
	if err := atomicfile.Write(out, buf.Bytes()); err != nil {
		return failf(1, "mchess profile: %v", err)
	}
	for _, c := range comments {
		fmt.Fprintln(stdout, c)
	}
	rows, total := profile.Top(p)
	profile.WriteTop(stdout, rows, total, top)
	fmt.Fprintf(stdout, "wrote %s\n", out)
	return nil
}

// profileMove presses the keys but the last as run would, then finds the
// move's cycles with a run of the translation, and profiles the same move
// run again from the same state, counting exactly those cycles.
func profileMove(s *session.Session, prof *profile.Profiler, keys []byte, bookOff bool) (session.Move, error) {
	if _, err := s.RunKeys(keys[:len(keys)-1], bookOff); err != nil {
		return session.Move{}, err
	}
	if s.M.KeysLeft() > 0 || s.M.CPU.PC != kim1.AddrGETKEY {
		return session.Move{}, fmt.Errorf("the program did not wait for PC at %04X (it is at %04X)", kim1.AddrGETKEY, s.M.CPU.PC)
	}
	saved := s.M.Clone()
	first := len(s.M.Polls)
	mv, err := s.Play()
	if err != nil {
		return mv, err
	}
	from, to := s.M.Polls[first].Cycle, s.M.Polls[first+1].Cycle
	s.M = saved
	s.M.Native = nil
	prof.From, prof.To = from, to
	prof.Attach(s.M)
	again, err := s.Play()
	prof.Detach(s.M)
	if err != nil {
		return mv, err
	}
	if again != mv {
		return mv, fmt.Errorf("the move profiled (%v, %d cycles) is not the move first run (%v, %d cycles)", again, again.Cycles, mv, mv.Cycles)
	}
	if prof.Cycles != mv.Cycles {
		return mv, fmt.Errorf("the profile counts %d cycles, the move %d", prof.Cycles, mv.Cycles)
	}
	return mv, nil
}

func profileChart(out, title string, args []string, top int, stdout io.Writer) error {
	if len(args) == 0 {
		return failf(2, "mchess profile: --chart draws the profiles given as NAME=FILE arguments")
	}
	var profs []profile.Named
	for _, a := range args {
		name, file, ok := strings.Cut(a, "=")
		if !ok {
			name, file = strings.TrimSuffix(filepath.Base(a), filepath.Ext(a)), a
		}
		data, err := bounded.ReadFile(file, profileLimit)
		if err != nil {
			return failf(1, "mchess profile: %v", fileError(err))
		}
		p, err := pprof.ParseData(data)
		if err != nil {
			return failf(1, "mchess profile: %s: %v", file, err)
		}
		profs = append(profs, profile.Named{Name: name, Profile: p})
	}
	if title == "" {
		title = "Where the cycles go"
	}
	png, err := profile.ChartPNG(title, profs, top)
	if err != nil {
		return failf(1, "mchess profile: %v", err)
	}
	if err := atomicfile.Write(out, png); err != nil {
		return failf(1, "mchess profile: %v", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", out)
	return nil
}
