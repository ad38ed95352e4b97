package main

// gensuite big writes suite/balanced-10k.txt.gz: ten thousand balanced
// lines, too many for the round robin of study-250 and too many for one
// sitting, so made by a seeded random walk whose every accepted line is
// appended to a state file as it is found:
//
//	go run ./suite/internal/gensuite big -stockfish /usr/games/stockfish \
//	    -state suite/internal/gensuite/balanced-10k.state -o suite/balanced-10k.txt.gz
//
// Attempt i of the walk draws from PCG(seed, i) alone, and every search is
// a function of its FEN (one thread, hash cleared, fixed depth), so the
// lines found are the same however often the run is stopped and started:
// a restart reads the state back and goes on after its last attempt.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

type bigConfig struct {
	n, k, margin, walkDepth, evalDepth, window, hash int
	topDepth, topPlies                               int
	seed                                             uint64
}

// settings is the state file's first line: a restart must use the same.
func (c bigConfig) settings(engine string) string {
	return fmt.Sprintf("# settings: seed %d, n %d, plies 4/6/8 (+2 to level), no line ending where another passes, MultiPV %d, margin %d cp, walk depth %d (%d for the first %d plies), eval depth %d, window ±%d cp, Hash %d, Threads 1, engine %s",
		c.seed, c.n, c.k, c.margin, c.walkDepth, c.topDepth, c.topPlies, c.evalDepth, c.window, c.hash, engine)
}

type bigWalker struct {
	c    bigConfig
	e    *engine
	eco  map[string][]string
	seen map[string]bool // the ends taken, and balanced-50's and study-250's
	// ends and along are the suite's own lines: their ends, and the
	// positions they pass through before. A line ending where another
	// passes (a prefix of it, or a transposition into it) would let a
	// game from the one be the game from the other again.
	ends, along map[string]bool
	moves       map[string][]string
	evals       map[string]pv
}

// candidates are the moves the walk may take at fen: of the engine's k
// best at the walk depth, those within margin of the best, but no castling,
// en passant or promotion (the 1977 program keys them apart) and nothing
// when a mate is in sight. Cached by FEN: the tree's top is searched once,
// and deeper (at depth 6 Stockfish rates 1. d4 more than 40 cp above every
// other first move, and the walk would play nothing else).
func (w *bigWalker) candidates(fen string, pos *chess.Position, ply int) []string {
	if ms, ok := w.moves[fen]; ok {
		return ms
	}
	legal := map[string]chess.Move{}
	for _, m := range pos.ValidMoves() {
		legal[m.String()] = m
	}
	depth := w.c.walkDepth
	if ply < w.c.topPlies {
		depth = w.c.topDepth
	}
	pvs := w.e.searchFrom("fen "+fen, depth, w.c.k)
	ms := []string{}
	for _, p := range pvs {
		m, ok := legal[p.move]
		if !ok || p.mate || pvs[0].mate || pvs[0].cp-p.cp > w.c.margin ||
			m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) || m.HasTag(chess.EnPassant) || m.Promo() != chess.NoPieceType {
			continue
		}
		ms = append(ms, p.move)
	}
	w.moves[fen] = ms
	return ms
}

// attempt is walk i: a length of 4, 6 or 8 plies, then at each ply one of
// the candidates at random; where the length is reached with material not
// level, two plies more (up to 8) for the recapture. It returns the line's
// moves and eval, or nil when it is not taken.
func (w *bigWalker) attempt(i uint64) ([]string, int) {
	r := rand.NewPCG(w.c.seed, i)
	plies := 4 + 2*int(suite.Below(r, 3))
	pos := rules.StartingPosition()
	var uci []string
	for len(uci) < plies || suite.Material(pos) != 0 {
		if len(uci) == plies {
			if plies == 8 {
				return nil, 0 // an exchange too long to finish
			}
			plies += 2
		}
		ms := w.candidates(pos.String(), pos, len(uci))
		if len(ms) == 0 {
			return nil, 0
		}
		mv := ms[suite.Below(r, uint64(len(ms)))]
		m, err := chess.UCINotation{}.Decode(pos, mv)
		if err != nil {
			log.Fatalf("attempt %d: the engine's move %s: %v", i, mv, err)
		}
		pos = pos.Update(m)
		uci = append(uci, mv)
	}
	// key ends in " -" unless White could take en passant, which MicroChess
	// cannot be told.
	k := key(pos)
	if w.seen[k] || !strings.HasSuffix(k, " -") || w.name(uci) == "" || w.crosses(uci) {
		return nil, 0
	}
	fen := pos.String()
	p, ok := w.evals[fen]
	if !ok {
		p = w.e.searchFrom("fen "+fen, w.c.evalDepth, 1)[0]
		w.evals[fen] = p
	}
	if p.mate || max(p.cp, -p.cp) > w.c.window {
		return nil, 0
	}
	return uci, p.cp
}

// keys are the positions a line passes through, its end last.
func keys(uci []string) []string {
	pos := rules.StartingPosition()
	var ks []string
	for _, s := range uci {
		m, err := chess.UCINotation{}.Decode(pos, s)
		if err != nil {
			log.Fatalf("%v: %v", uci, err)
		}
		pos = pos.Update(m)
		ks = append(ks, key(pos))
	}
	return ks
}

// crosses tells whether a line ends where a line taken passes, or passes
// where one ends.
func (w *bigWalker) crosses(uci []string) bool {
	ks := keys(uci)
	if w.along[ks[len(ks)-1]] {
		return true
	}
	for _, k := range ks[:len(ks)-1] {
		if w.ends[k] {
			return true
		}
	}
	return false
}

// take adds a line to the suite's.
func (w *bigWalker) take(uci []string) {
	ks := keys(uci)
	end := ks[len(ks)-1]
	w.seen[end], w.ends[end] = true, true
	for _, k := range ks[:len(ks)-1] {
		w.along[k] = true
	}
}

// name is "ECO name" of the deepest position along the line that the
// library's table names, as study-250's lines are named, or "".
func (w *bigWalker) name(uci []string) string {
	pos := rules.StartingPosition()
	name := ""
	for _, s := range uci {
		m, err := chess.UCINotation{}.Decode(pos, s)
		if err != nil {
			return ""
		}
		pos = pos.Update(m)
		if names := w.eco[strings.Join(strings.Fields(pos.String())[:3], " ")]; names != nil {
			name = slices.Min(names)
		}
	}
	return name
}

func big(args []string) {
	fs := flag.NewFlagSet("gensuite big", flag.ExitOnError)
	fs.StringVar(sfPath, "stockfish", "stockfish", "the Stockfish `binary`")
	state := fs.String("state", "balanced-10k.state", "the state `file`: settings, then each line taken, appended as found")
	out := fs.String("o", "balanced-10k.txt.gz", "the suite `file` to write when n lines are found")
	var c bigConfig
	fs.IntVar(&c.n, "n", 10000, "how many lines")
	fs.Uint64Var(&c.seed, "seed", 1, "the walk's seed")
	fs.IntVar(&c.k, "k", 6, "moves asked for at each position (MultiPV)")
	fs.IntVar(&c.margin, "margin", 40, "follow moves within this many `cp` of the best")
	fs.IntVar(&c.walkDepth, "walk-depth", 6, "depth of the walk's searches")
	fs.IntVar(&c.topDepth, "top-depth", 12, "depth of the walk's searches in the first top-plies")
	fs.IntVar(&c.topPlies, "top-plies", 2, "plies searched at top-depth")
	fs.IntVar(&c.evalDepth, "eval-depth", 10, "depth of the lines' evaluation")
	fs.IntVar(&c.window, "window", 60, "keep lines evaluated within ±`cp`")
	fs.IntVar(&c.hash, "hash", 16, "Stockfish's hash in `MB`")
	fs.Parse(args)

	start := time.Now()
	w := &bigWalker{c: c, eco: ecoTable(), seen: map[string]bool{}, ends: map[string]bool{}, along: map[string]bool{}, moves: map[string][]string{}, evals: map[string]pv{}}
	for _, name := range []string{"balanced-50", "study-250"} {
		lines, _ := suite.Builtin(name)
		for _, l := range lines {
			w.seen[fenKey(l.FEN())] = true
		}
	}
	header, lines, next := readState(*state)
	// Lines the rule of crosses (added after the first run) refuses are
	// dropped from the state, as if refused when found: the attempts are
	// independent, so what follows is what a run from the start gives.
	kept := lines[:0:0]
	for _, l := range lines {
		if w.seen[key(play(l.uci))] || w.crosses(l.uci) {
			continue
		}
		w.take(l.uci)
		kept = append(kept, l)
	}
	if len(kept) < len(lines) {
		log.Printf("%s: %d lines end where another passes, or pass where one ends: dropped", *state, len(lines)-len(kept))
		lines = kept
		if err := writeState(*state, lines); err != nil {
			log.Fatal(err)
		}
	}
	if len(lines) >= c.n {
		// All found: the suite is written from the state, without the engine.
		if err := atomicfile.Write(*out, w.suiteFile(lines[:c.n], header)); err != nil {
			log.Fatal(err)
		}
		log.Printf("%d lines of %s in %s", c.n, *state, *out)
		return
	}
	e := startEngine(c.hash)
	w.e = e
	settings := c.settings(e.name)
	if header != "" && header != settings {
		log.Fatalf("%s:1: other settings:\n  file: %s\n  now:  %s", *state, header, settings)
	}
	f, err := os.OpenFile(*state, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		log.Fatal(err)
	}
	if next == 0 {
		fmt.Fprintf(f, "%s\n# started %s; then one line a line taken: attempt, UCI moves, cp at the eval depth\n",
			settings, time.Now().UTC().Format("2006-01-02"))
	}
	log.Printf("%d lines in %s; from attempt %d", len(lines), *state, next)
	for i := next; len(lines) < c.n; i++ {
		uci, cp := w.attempt(i)
		if uci == nil {
			continue
		}
		w.take(uci)
		lines = append(lines, stateLine{i, uci, cp})
		// One write a line: a stop leaves whole lines (or a torn last one,
		// which readState drops).
		if _, err := fmt.Fprintf(f, "%d\t%s\t%+d\n", i, strings.Join(uci, " "), cp); err != nil {
			log.Fatal(err)
		}
		if len(lines)%100 == 0 {
			log.Printf("%d lines, attempt %d, %d searches, %v", len(lines), i, e.searches, time.Since(start).Round(time.Second))
		}
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	if err := atomicfile.Write(*out, w.suiteFile(lines[:c.n], settings)); err != nil {
		log.Fatal(err)
	}
	log.Printf("done: %d lines in %s, %d searches this run, %v", c.n, *out, e.searches, time.Since(start).Round(time.Second))
}

type stateLine struct {
	attempt uint64
	uci     []string
	cp      int
}

func play(uci []string) *chess.Position {
	pos := rules.StartingPosition()
	for _, s := range uci {
		m, err := chess.UCINotation{}.Decode(pos, s)
		if err != nil {
			log.Fatalf("%v: %v", uci, err)
		}
		pos = pos.Update(m)
	}
	return pos
}

func fenKey(fen string) string {
	pos, err := rules.ParseFEN(fen)
	if err != nil {
		log.Fatal(err)
	}
	return key(pos)
}

// writeState writes the state again with lines: its comment lines kept.
func writeState(file string, lines []stateLine) error {
	text, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, t := range strings.SplitAfter(string(text), "\n") {
		if strings.HasPrefix(t, "#") {
			b.WriteString(t)
		}
	}
	for _, l := range lines {
		fmt.Fprintf(&b, "%d\t%s\t%+d\n", l.attempt, strings.Join(l.uci, " "), l.cp)
	}
	return atomicfile.Write(file, []byte(b.String()))
}

// readState reads the state's first line (its settings), the lines taken
// so far and the attempt to go on from.
func readState(file string) (string, []stateLine, uint64) {
	text, err := os.ReadFile(file)
	if os.IsNotExist(err) || (err == nil && len(text) == 0) {
		return "", nil, 0
	}
	if err != nil {
		log.Fatal(err)
	}
	if i := bytes.LastIndexByte(text, '\n'); i+1 < len(text) {
		log.Printf("%s: dropping a torn last line %q", file, text[i+1:])
		if err := os.Truncate(file, int64(i+1)); err != nil {
			log.Fatal(err)
		}
		text = text[:i+1]
	}
	var lines []stateLine
	var next uint64
	header, _, _ := strings.Cut(string(text), "\n")
	sc := bufio.NewScanner(bytes.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		t := sc.Text()
		if n == 1 && !strings.HasPrefix(t, "# settings: ") {
			log.Fatalf("%s:1: want the settings, not %q", file, t)
		}
		if strings.HasPrefix(t, "#") {
			continue
		}
		f := strings.Split(t, "\t")
		a, err1 := strconv.ParseUint(f[0], 10, 64)
		cp, err2 := strconv.Atoi(f[len(f)-1])
		if len(f) != 3 || err1 != nil || err2 != nil || a < next {
			log.Fatalf("%s:%d: want attempt, moves, cp, attempts rising: %q", file, n, t)
		}
		lines = append(lines, stateLine{a, strings.Fields(f[1]), cp})
		next = a + 1
	}
	return header, lines, next
}

// suiteFile is the suite in the project's format, lines in the order found
// (a random order: the first hundred are as good a sample as any), gzipped.
func (w *bigWalker) suiteFile(lines []stateLine, settings string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `# balanced-10k: %d opening lines for matches of many games, each played twice
# with colours reversed. Generated, not picked by hand (docs/opening-suite.md
# says how and why); do not edit, regenerate with make suite-big:
#   go run ./suite/internal/gensuite big -stockfish STOCKFISH -state STATE -o suite/balanced-10k.txt.gz
%s
# Walk: attempt i draws from PCG(seed, i): a length of 4, 6 or 8 plies, then
# at each ply one at random of the engine's MultiPV moves within the margin
# of its best, at the walk depth, but no castling, en passant or promotion;
# two plies more (up to 8) where material is not level at the length.
# Kept: ends level in material (P1 N3 B3 R5 Q9), White to move and unable to
# take en passant, each position once and none of balanced-50's or
# study-250's, evaluated at the eval depth within the window. Lines are in
# the order found. Eval: centipawns from White's point of view, '@', the
# depth: one engine at a shallow depth, nothing more.
# ECO code and name: the chess library's table for the deepest position of
# the line it names, as the table writes them.
`, len(lines), settings)
	for _, l := range lines {
		pos := rules.StartingPosition()
		var san []string
		for _, s := range l.uci {
			m, _ := chess.UCINotation{}.Decode(pos, s)
			san = append(san, rules.SAN(pos, m))
			pos = pos.Update(m)
		}
		fmt.Fprintf(&b, "%s | %s | %+d@%d\n", w.name(l.uci), numbered(san), l.cp, w.c.evalDepth)
	}
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	zw.Write([]byte(b.String()))
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	return z.Bytes()
}
