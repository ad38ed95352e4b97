// Flags and printing only: most of this file is the usage text, which is
// mchess match's documentation (-h); the match itself is package match.

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/suite"
)

var cmdMatch = &Command{
	Name:      "match",
	UsageLine: "mchess match [options] PLAYER PLAYER...",
	Short:     "play games between MicroChess versions and UCI engines; score and Elo",
	Long:      matchHelp,
	New:       func() options { return new(matchOptions) },
}

// stderrTerminal tells whether the progress bar can redraw itself.
var stderrTerminal = isTerminal(os.Stderr)

func (o *matchOptions) run(e *env, names []string) error {
	m, err := o.check(e, names)
	if err != nil {
		return err
	}
	if m.merge != nil {
		return exit(mergeMain(m, e.stdout, e.stderr))
	}
	stderr := e.stderr
	if !m.quiet {
		m.opt.Progress = progressBar(stderr, stderrTerminal, m.opt.Players)
	}
	m.opt.Note = func(note string) { fmt.Fprintln(stderr, "mchess match: note:", note) }
	ctx, stopped, release := stopOnSignal()
	defer release()
	defer matchGC()()
	res, err := match.Run(ctx, m.opt)
	if err != nil {
		return failf(1, "mchess match: %v", err)
	}
	if !m.quiet && stderrTerminal {
		fmt.Fprintln(stderr)
	}
	if err := m.savePGN(res); err != nil {
		return failf(1, "mchess match: %v", err)
	}
	m.printSummary(e.stdout, res.Summarize())
	if res.Interrupted {
		return failf(stopped(), "mchess match: interrupted after %d of %d games", len(res.Records), res.Total)
	}
	return nil
}

// matchGCPercent is the garbage collector's target while a match runs,
// unless GOGC says otherwise: little of what a match allocates lives
// (the chess library's lists of moves, the machines of games over), and
// collecting when the heap has grown by four times what lives rather than
// once took 2 to 5% off a Normal match's CPU time for some 30 MB more
// (docs/benchmarks.md, "The translations, faster").
const matchGCPercent = 400

// matchGC sets the collector's target for a match and returns what puts
// it back.
func matchGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(matchGCPercent)
	return func() { debug.SetGCPercent(old) }
}

// matchCommand is a match as its command line asks for it.
type matchCommand struct {
	opt         match.Options
	pgn         string
	json, quiet bool
	merge       []string // --merge: the PGN files
}

func (m *matchCommand) printSummary(w io.Writer, sum *match.Summary) {
	if m.json {
		b, _ := json.MarshalIndent(sum, "", "  ")
		fmt.Fprintf(w, "%s\n", b)
	} else {
		sum.Write(w)
	}
}

func (m *matchCommand) savePGN(res *match.Result) error {
	if m.pgn == "" {
		return nil
	}
	var b strings.Builder
	for _, r := range res.Records {
		b.WriteString(r.PGN)
		b.WriteString("\n\n")
	}
	return atomicfile.Write(m.pgn, []byte(b.String()))
}

// parseMatch reads a match's command line; with a nil match, status is
// the exit status (the error has been printed).
func parseMatch(args []string, stderr io.Writer) (*matchCommand, int) {
	fs, o := cmdMatch.flagSet(stderr)
	names, err := parse(fs, args)
	if err != nil {
		return nil, flagExit(err)
	}
	m, err := o.(*matchOptions).check(&env{stdout: io.Discard, stderr: stderr, fs: fs}, names)
	if err != nil {
		return nil, exitStatus(err, stderr)
	}
	return m, 0
}

// matchOptions are mchess match's options.
type matchOptions struct {
	m                                          matchCommand
	games, maxPlies, jobs                      int
	gauntlet, book, merge, interpret           bool
	openingsFile, sprt, shard, event           string
	seed                                       uint64
	engines, loads, sources, variants, illegal stringList
	ram                                        ramList
	rom                                        romOption
}

func (o *matchOptions) flags(fs *flag.FlagSet) {
	fs.IntVar(&o.games, "games", 0, "games per `pairing` (default: twice the suite's lines)")
	fs.BoolVar(&o.gauntlet, "gauntlet", false, "the first player against each of the others (default: round robin)")
	fs.StringVar(&o.openingsFile, "openings", "", "the opening `SUITE`: a file (.epd, .pgn, else the project's format), or a built-in one, balanced-50 (the default), study-250 or balanced-10k (with --games: its 20,000 games are many); SUITE:FROM-TO plays its lines FROM to TO (docs/opening-suite.md)")
	fs.BoolVar(&o.book, "book", false, "keep the programs' own opening books: games start from the initial position (no suite). Stone's Table 1 is a development plan, not a book: it is always on")
	fs.IntVar(&o.maxPlies, "max-plies", match.DefaultMaxPlies, "adjudicate a draw after `N` plies past the opening (counted apart)")
	fs.IntVar(&o.jobs, "j", 0, "games at once (default: the number of CPUs)")
	fs.StringVar(&o.sprt, "sprt", "", "stop when an SPRT `elo0,elo1,alpha,beta` decides (two players), e.g. 0,30,0.05,0.05: fishtest's test on the pairs of games (pentanomial GSPRT, bounds in logistic Elo), ruled in schedule order as each pair completes; cutechess-cli's trinomial LLR is reported beside it")
	fs.StringVar(&o.shard, "shard", "", "play part `K/N` of the match's games (docs/distributed.md)")
	fs.BoolVar(&o.merge, "merge", false, "put a match together from the PGN files its parts wrote (the arguments) and print its summary")
	fs.Uint64Var(&o.seed, "seed", match.DefaultSeed, "shuffle the order the suite's lines are played in with `N`, so that a match cut short or stopped by an SPRT samples the whole suite (0: the suite's order); the same seed plays the same games")
	fs.StringVar(&o.m.pgn, "pgn", "", "write every game to `FILE` as PGN")
	fs.BoolVar(&o.m.json, "json", false, "print the summary as JSON")
	fs.BoolVar(&o.m.quiet, "quiet", false, "no progress on stderr")
	fs.StringVar(&o.event, "event", "MicroChess match", "the PGN Event `tag`")
	fs.BoolVar(&o.interpret, "interpret", false, "run the MicroChess programs on the interpreter, not their translations to Go (as "+interpretEnv+"=1 does): the same games, slower")
	fs.Var(&o.illegal, "illegal", "how a program's illegal move is refereed: `RULE` (forfeit, the default, or touch-move) for every program, or NAME=RULE for the players of a program (stone) or one player (stone@blitz); repeatable")
	fs.Var(&o.engines, "engine", "define a UCI engine: `name=N,cmd=COMMAND,nodes=N|depth=N|movetime=MS[,pick=N[,margin=CP]][,option.NAME=VALUE...]`; pick=N varies its play: it searches N lines (MultiPV) and plays one within margin centipawns (default 30) of its best, at random with a seed of the game's, so the same match plays the same games; proto=xboard plays an engine that speaks xboard's protocol instead (Fairy-Max: name=fm,proto=xboard,depth=1,cmd=/usr/games/fairymax), at a fixed depth, from the initial position, with no options; repeatable")
	fs.Var(&o.loads, "load", "define a program from dumps: `NAME=FILE[,FILE...]`, each FILE@ADDR for a raw binary (hex address) or a .ptp, .hex, .srec, .kim or .wav file, read as verify --against reads it; repeatable")
	fs.Var(&o.sources, "source", "define a program built from sources: `NAME=FILE.asm[,FILE.asm...]`; repeatable")
	fs.Var(&o.variants, "variant", "define a program with bytes changed: `NAME=PROGRAM,[white:|black:]ADDR=HEXBYTES[,...]` (e.g. f07=stone,00C3=07); repeatable")
	o.rom.register(fs)
	fs.Var(&o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) for local, --load and --source programs; repeatable")
}

// matchFail is a failure of mchess match, with its exit status.
func matchFail(status int, err error) error {
	return failf(status, "mchess match: %v", err)
}

// check checks a match's options and arguments and makes the match.
func (o *matchOptions) check(e *env, names []string) (*matchCommand, error) {
	m := &o.m
	if o.merge {
		m, status := parseMerge(m, e.fs, names, e.stderr)
		return m, exit(status)
	}
	if len(names) < 2 {
		return nil, e.usage("want two players at least, %s", given(names))
	}
	if o.interpret {
		session.Interpret = true
	}
	opt := match.Options{Gauntlet: o.gauntlet, Games: o.games, Book: o.book, MaxPlies: o.maxPlies, Jobs: o.jobs, Event: o.event, Seed: o.seed}
	if o.maxPlies <= 0 || o.jobs < 0 || o.games < 0 {
		return nil, matchFail(2, fmt.Errorf("--games, --max-plies and -j want positive numbers"))
	}
	if o.sprt != "" {
		t, err := elo.ParseSPRT(o.sprt)
		if err != nil {
			return nil, matchFail(2, fmt.Errorf("--sprt: %v", err))
		}
		opt.SPRT = &t
	}
	if o.shard != "" {
		var err error
		if opt.Shard, err = match.ParseShard(o.shard); err != nil {
			return nil, matchFail(2, fmt.Errorf("--shard: %v", err))
		}
	}
	if err := o.players(&opt, names); err != nil {
		return nil, err
	}
	if err := o.lines(&opt); err != nil {
		return nil, err
	}
	if m.pgn != "" {
		if err := checkWritable(m.pgn); err != nil {
			return nil, matchFail(1, err)
		}
	}
	if err := opt.Check(); err != nil {
		return nil, matchFail(2, err)
	}
	if distinct := 2 * len(opt.Lines); opt.Games > distinct && !o.book {
		fmt.Fprintf(e.stderr, "mchess match: note: %d games a pairing from %d lines: the games past %d start as earlier ones did, and between players without randomness (the MicroChess programs; engines at a node count or depth, without Skill Level) they are the same games again, and then the summary gives no Elo (a margin would count the repeats as independent games)\n",
			opt.Games, len(opt.Lines), distinct)
	}
	m.opt = opt
	return m, nil
}

// players makes the match's players from their names and the options
// that define them.
func (o *matchOptions) players(opt *match.Options, names []string) error {
	roster, err := matchRoster(o.engines, o.loads, o.sources, o.variants, o.ram)
	if err != nil {
		return matchFail(exitFor(err), err)
	}
	for _, n := range names {
		p, err := roster.Player(n)
		if err != nil {
			return matchFail(2, err)
		}
		if p.ROM, err = o.rom.options(); err != nil {
			return matchFail(exitFor(err), err)
		}
		opt.Players = append(opt.Players, p)
	}
	if err := match.SetIllegalRules(o.illegal, opt.Players); err != nil {
		return matchFail(2, err)
	}
	if unused := roster.Unused(); len(unused) > 0 {
		return matchFail(2, fmt.Errorf("defined but not among the players: %s", strings.Join(unused, ", ")))
	}
	return nil
}

// lines reads the opening suite and sets the number of games from it.
func (o *matchOptions) lines(opt *match.Options) error {
	var err error
	switch {
	case o.book && o.openingsFile != "":
		return matchFail(2, fmt.Errorf("--book plays from the initial position: no --openings"))
	case o.openingsFile != "":
		if opt.Lines, err = suite.Open(o.openingsFile); err != nil {
			return matchFail(1, fileError(err))
		}
	case !o.book:
		opt.Lines = suite.Default()
	}
	if opt.Games == 0 {
		opt.Games = 2 * max(len(opt.Lines), 1)
		if o.book {
			opt.Games = 2 // the programs are deterministic: two games are all there are
		}
	}
	return nil
}

// matchHelp is mchess match's documentation (-h).
var matchHelp = `Plays games between the players, round robin (or --gauntlet), from the lines of an
opening suite, each line twice with colours reversed, refereed by the chess library,
and prints each pairing's score, Elo difference ± 95% margin and LOS (as cutechess-cli
computes them), the same from the pairs of games (Ptnml(0-2), as fishtest computes
them), and how each player's games ended. When some games repeat others move for move
(deterministic players, more games than twice the lines), no Elo is given: the margin
would count the repeats as independent games.

` + wrap("A PLAYER is PROGRAM[@LEVEL]: "+programList(nil, false)+", or a name given with --load or --source; "+
	"LEVEL is super-blitz, blitz or normal (default normal). Or it is the name of an engine given with --engine. "+
	"A program whose bytes are not the 1977 program's is named so in the PGN and the summary "+
	"(\"MicroChess 1977, modified: 1 byte (17E2 POSN+2)\"); two players that are the same bytes at the same level are said to measure nothing.", 88) + `
The summary counts each player's castlings, en passant captures and promotions
after the openings.

A program's move that is illegal in chess loses the game (--illegal forfeit), or is
refereed by the touch-move rule of Stone's 1980 article (--illegal touch-move): the man
it moved must move, and the referee enters for it the legal move of that man whose
square is nearest the one it meant (ties: the square first from a1, b1, ... to h8); with
none, the program resigns. Each ruling is a comment in the PGN and counted in the
summary (docs/referee.md). An engine's illegal move always loses.

A promotion a program's piece table cannot hold (the 1977 program needs a man of its
own taken to give the new piece a slot) stops the game; it is adjudicated by material
(pawn 1, knight and bishop 3, rook 5, queen 9): a side 5 or more ahead wins, else a draw.
Such games are listed apart and left out of the score, the Elo and the SPRT.

Examples:
  mchess match original@super-blitz stone@super-blitz --games 20 --pgn out.pgn
  mchess match --engine 'name=sf,cmd=/usr/games/stockfish,nodes=200,option.Skill Level=0' original@blitz sf
  mchess match local@blitz original@blitz --sprt 0,30,0.05,0.05
  mchess match --source mine=my.asm mine@blitz original@blitz
  mchess match original stone --shard 2/4 --pgn part-2.pgn   (one of four machines)
  mchess match --merge part-1.pgn part-2.pgn part-3.pgn part-4.pgn

Past one machine (docs/distributed.md): --shard K/N plays part K of N of the match's
games, whole pairs (a line with colours reversed) in schedule order, each game as the
whole match plays it; --merge puts the match together from the parts' PGN files alone
and prints its summary. It refuses a game found twice (parts that overlap) and games of
another match (another MatchSchedule tag); games in no file are listed, and the summary
counts the others.

PGN tags: the Seven Tag Roster ([Round] is the game's number in the schedule),
WhiteProgram and BlackProgram (what plays), ECO and Opening, Termination, PlyCount, and
what --merge reads: MatchSchedule (players, gauntlet, games, lines, max plies, book, and
an id of the suite, the programs and the engines' settings), MatchEnd and MatchEndBy (how
the game ended; the side that resigned, moved illegally, failed or could not hold),
OpeningPlies (the suite line's plies), WhiteThought and BlackThought (moves thought, a
last one not played too), WhiteCycles and BlackCycles (emulated cycles), WhiteBookMoves
and BlackBookMoves (the library program's). Each program move's cycles are also a
[%cycles N] command in the move's one comment.

Exit status: 0 when the match was played, 1 when it could not be set up or a file
not written, 2 for bad usage; when interrupted, by Ctrl-C, SIGTERM (as a batch system
sends at a time limit) or SIGHUP, the games finished are counted and saved and the
status is 130, 143 or 129 (128 + the signal, as a shell says). --merge: 0
when every game of the match was found; 1 when a file cannot be read or is refused, or
when games are missing (the summary of those found is printed).`
