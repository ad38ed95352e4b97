// Command gensuite writes suite/study-250.txt, the opening suite of the
// strength study: too many lines to pick by hand, so made by a fixed
// procedure that anyone with the same Stockfish can run again
// (docs/opening-suite.md says why, how, and what came out):
//
//	go run ./suite/internal/gensuite -stockfish /usr/games/stockfish -o suite/study-250.txt
//
// It walks the tree of Stockfish's best moves from the start, keeps the
// level, distinct ends of six-ply lines (eight where a capture is still to
// answer), measures them at depth 20 as balanced-50 was measured, and takes
// them round robin over ECO volumes, codes and names, so that no one
// opening fills the suite. Every search is on one thread, from a cleared
// hash, to a fixed depth: the same Stockfish gives the same file. It takes
// about half an hour; the tests do not run it.
package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"log"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/corentings/chess/v2"
	"github.com/corentings/chess/v2/opening"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

var (
	sfPath    = flag.String("stockfish", "stockfish", "the Stockfish `binary`")
	out       = flag.String("o", "study-250.txt", "the `file` to write")
	count     = flag.Int("n", 250, "how many lines")
	multiPV   = flag.Int("k", 5, "moves asked for at each position (MultiPV)")
	margin    = flag.Int("margin", 20, "keep moves within this many `cp` of the best")
	walkDepth = flag.Int("walk-depth", 12, "depth of the tree's searches")
	evalDepth = flag.Int("eval-depth", 20, "depth of the lines' evaluation")
	band      = flag.Int("band", 60, "keep lines evaluated within ±`cp`")
	date      = flag.String("date", time.Now().UTC().Format("2006-01-02"), "the date for the header (give it to reproduce a file exactly)")
)

// engine is a minimal UCI driver: uci.Client keeps only the last score of
// a search, and the walk needs every MultiPV line.
type engine struct {
	in                io.Writer
	out               *bufio.Scanner
	name              string
	multiPV, searches int
}

func startEngine(hash int) *engine {
	cmd := exec.Command(*sfPath)
	in, err1 := cmd.StdinPipe()
	stdout, err2 := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmp.Or(err1, err2, cmd.Start()); err != nil {
		log.Fatal(err)
	}
	e := &engine{in: in, out: bufio.NewScanner(stdout)}
	e.send("uci")
	e.await("uciok")
	// One thread and a fixed hash: a search is a function of the position
	// and the depth alone.
	e.send("setoption name Threads value 1")
	e.send("setoption name Hash value " + strconv.Itoa(hash))
	return e
}

func (e *engine) send(s string) { fmt.Fprintln(e.in, s) }

// await reads up to the line want, noting the engine's name on the way.
func (e *engine) await(want string) {
	for e.out.Scan() {
		if n, ok := strings.CutPrefix(e.out.Text(), "id name "); ok {
			e.name = strings.TrimSpace(n)
		}
		if e.out.Text() == want {
			return
		}
	}
	log.Fatalf("%s ended before %q: %v", *sfPath, want, e.out.Err())
}

// pv is one MultiPV line's first move and score, from the side to move.
type pv struct {
	move string
	cp   int
	mate bool
}

// search returns the k best moves at the depth, best first. ucinewgame
// before every search clears the hash, so an answer does not depend on
// what was searched before it.
func (e *engine) search(moves []string, depth, k int) []pv {
	return e.searchFrom(strings.TrimSpace("startpos moves "+strings.Join(moves, " ")), depth, k)
}

// searchFrom is search from a position as UCI's "position" command takes
// it: "startpos moves ..." or "fen FEN".
func (e *engine) searchFrom(position string, depth, k int) []pv {
	if k != e.multiPV {
		e.send("setoption name MultiPV value " + strconv.Itoa(k))
		e.multiPV = k
	}
	e.send("ucinewgame")
	e.send("isready")
	e.await("readyok")
	e.send("position " + position)
	e.send("go depth " + strconv.Itoa(depth))
	e.searches++
	lines := map[int]pv{}
	for e.out.Scan() {
		f := strings.Fields(e.out.Text())
		if len(f) > 0 && f[0] == "bestmove" {
			var res []pv
			for i := 1; i <= k && lines[i].move != ""; i++ {
				res = append(res, lines[i])
			}
			return res
		}
		if len(f) == 0 || f[0] != "info" || slices.Contains(f, "lowerbound") || slices.Contains(f, "upperbound") {
			continue // a bound is not a score
		}
		// The words are the protocol's; no move is spelt like one.
		at := func(word string, n int) string {
			if i := slices.Index(f, word); i >= 0 && i+n < len(f) {
				return f[i+n]
			}
			return ""
		}
		d, _ := strconv.Atoi(at("depth", 1))
		idx, _ := strconv.Atoi(cmp.Or(at("multipv", 1), "1"))
		cp, _ := strconv.Atoi(at("score", 2))
		if p := (pv{at("pv", 1), cp, at("score", 1) == "mate"}); p.move != "" && d == depth {
			lines[idx] = p // the last iteration's
		}
	}
	log.Fatalf("%s ended in a search: %v", *sfPath, e.out.Err())
	return nil
}

// leaf is a candidate line.
type leaf struct {
	uci, san  []string
	loss      int // cp below the best, summed over the moves: an order, not a filter
	eco, name string
	eval      int
}

// key tells positions apart as MicroChess does: the board and the side to
// move, not castling rights (it keeps none); and, as suite.Parse does, an
// en passant square only when a capture there is legal.
func key(pos *chess.Position) string {
	f := strings.Fields(pos.String())
	f[2] = "-"
	for _, m := range pos.ValidMoves() {
		if m.HasTag(chess.EnPassant) {
			f[2] = pos.EnPassantSquare().String()
		}
	}
	return strings.Join(f[:3], " ")
}

type walker struct {
	e       *engine
	seen    map[string]bool     // every position entered
	exclude map[string]bool     // balanced-50's ends: the two suites stay apart
	eco     map[string][]string // the library's table: "code name"s by position
	leaves  []*leaf
}

// walk enters pos after the moves l has so far. A position reached again by
// another move order is not entered again: its lines would be the same.
func (w *walker) walk(pos *chess.Position, l leaf) {
	k := key(pos)
	if w.seen[k] {
		return
	}
	w.seen[k] = true
	// The code and name of the deepest position along the line that the
	// table names, by position so that transpositions count; of several,
	// the first by code and name (the library's own order is a map's).
	if names := w.eco[strings.Join(strings.Fields(pos.String())[:3], " ")]; names != nil {
		l.eco, l.name, _ = strings.Cut(slices.Min(names), " ")
	}
	uci := l.uci
	if ply := len(uci); ply == 6 || ply == 8 {
		if suite.Material(pos) == 0 {
			if l.eco == "" {
				log.Fatalf("%s: the ECO table names no position of the line", numbered(l.san))
			}
			// MicroChess knows no en passant: key ends in "-" unless
			// White could take.
			if !w.exclude[k] && strings.HasSuffix(k, " -") {
				w.leaves = append(w.leaves, &l)
			}
			return
		}
		if ply == 8 {
			return // still not level: an exchange too long to finish
		}
		// Not level after three moves: two plies more, for the recapture.
	}
	if w.e.searches%100 == 0 {
		log.Printf("walk: %d searches, %d positions, %d leaves", w.e.searches, len(w.seen), len(w.leaves))
	}
	legal := map[string]chess.Move{}
	for _, m := range pos.ValidMoves() {
		legal[m.String()] = m
	}
	pvs := w.e.search(uci, *walkDepth, *multiPV)
	for _, p := range pvs {
		m, ok := legal[p.move]
		if !ok || p.mate || pvs[0].mate || pvs[0].cp-p.cp > *margin ||
			// The 1977 program keys these apart; no line has them.
			m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) || m.HasTag(chess.EnPassant) || m.Promo() != chess.NoPieceType {
			continue
		}
		w.walk(pos.Update(&m), leaf{uci: append(slices.Clip(uci), p.move), san: append(slices.Clip(l.san), rules.SAN(pos, &m)),
			loss: l.loss + pvs[0].cp - p.cp, eco: l.eco, name: l.name})
	}
}

// ecoTable is the library's table of named openings by position (board,
// side to move, castling, as the suite's tests look it up).
func ecoTable() map[string][]string {
	table := map[string][]string{}
	for _, o := range opening.NewBookECO().Possible(nil) {
		pos := rules.StartingPosition()
		for _, s := range strings.Fields(o.PGN()) { // the table's UCI column
			m, err := chess.UCINotation{}.Decode(pos, s)
			if err != nil {
				log.Fatalf("the ECO table: %s: %v", o.Title(), err)
			}
			pos = pos.Update(m)
		}
		k := strings.Join(strings.Fields(pos.String())[:3], " ")
		table[k] = append(table[k], o.Code()+" "+o.Title())
	}
	return table
}

// pick is a round robin: over its subs in turn, or at the bottom through
// its leaves in order, taking the next leaf that ok accepts. A group that
// runs out drops out of the round, so the result is that of a round robin
// over lines already filtered, though ok runs only on lines whose turn
// comes (a depth-20 search each).
type pick struct {
	subs   []*pick
	leaves []*leaf
	turn   int
}

func (p *pick) next(ok func(*leaf) bool) *leaf {
	for len(p.leaves) > 0 {
		l := p.leaves[0]
		if p.leaves = p.leaves[1:]; ok(l) {
			return l
		}
	}
	for len(p.subs) > 0 {
		i := p.turn % len(p.subs)
		if l := p.subs[i].next(ok); l != nil {
			p.turn = i + 1
			return l
		}
		p.subs, p.turn = slices.Delete(p.subs, i, i+1), i
	}
	return nil
}

// rounds groups leaves by each key in turn (ECO volume, code, name): the
// groups with the most candidates first, ties by key; at the bottom the
// lines nearest the engine's own choices first (least loss), ties by their
// moves.
func rounds(leaves []*leaf, keys ...func(*leaf) string) *pick {
	if len(keys) == 0 {
		slices.SortStableFunc(leaves, func(a, b *leaf) int {
			return cmp.Or(cmp.Compare(a.loss, b.loss), slices.Compare(a.san, b.san))
		})
		return &pick{leaves: leaves}
	}
	by := map[string][]*leaf{}
	for _, l := range leaves {
		by[keys[0](l)] = append(by[keys[0](l)], l)
	}
	p := &pick{}
	for _, g := range slices.SortedFunc(maps.Values(by), func(a, b []*leaf) int {
		return cmp.Or(len(b)-len(a), cmp.Compare(keys[0](a[0]), keys[0](b[0])))
	}) {
		p.subs = append(p.subs, rounds(g, keys[1:]...))
	}
	return p
}

func main() {
	log.SetFlags(0)
	if len(os.Args) > 1 && os.Args[1] == "big" {
		big(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "agree" {
		agree(os.Args[2:])
		return
	}
	flag.Parse()
	start := time.Now()
	e := startEngine(64)
	w := &walker{e: e, seen: map[string]bool{}, exclude: map[string]bool{}, eco: ecoTable()}
	for _, l := range suite.Default() {
		pos, err := rules.ParseFEN(l.FEN())
		if err != nil {
			log.Fatal(err)
		}
		w.exclude[key(pos)] = true
	}
	w.walk(rules.StartingPosition(), leaf{})
	log.Printf("walk: %d searches, %d leaves, %v", e.searches, len(w.leaves), time.Since(start).Round(time.Second))
	tally(w.leaves)

	// ECO volumes (A flank and irregular, B and C 1. e4, D and E 1. d4)
	// take equal turns; codes split each volume by its openings' weight in
	// practice, so the Sicilian gets many turns and a side line few.
	p := rounds(w.leaves, func(l *leaf) string { return l.eco[:1] }, func(l *leaf) string { return l.eco },
		func(l *leaf) string { return l.name })
	measured := 0
	ok := func(l *leaf) bool {
		measured++
		pvs := e.search(l.uci, *evalDepth, 1)
		l.eval = pvs[0].cp // White is to move: the score is White's
		return !pvs[0].mate && max(l.eval, -l.eval) <= *band
	}
	var chosen []*leaf
	for len(chosen) < *count {
		l := p.next(ok)
		if l == nil {
			log.Fatalf("only %d lines within ±%d cp", len(chosen), *band)
		}
		if chosen = append(chosen, l); len(chosen)%25 == 0 {
			log.Printf("eval: %d chosen of %d measured", len(chosen), measured)
		}
	}
	slices.SortFunc(chosen, func(a, b *leaf) int {
		return cmp.Or(cmp.Compare(a.eco, b.eco), cmp.Compare(a.name, b.name), slices.Compare(a.san, b.san))
	})
	if err := os.WriteFile(*out, format(e.name, chosen), 0o666); err != nil {
		log.Fatal(err)
	}
	log.Printf("done: %d lines, %d measured at depth %d (%d outside ±%d), %d searches, %v",
		len(chosen), measured, *evalDepth, measured-len(chosen), *band, e.searches, time.Since(start).Round(time.Second))
	tally(chosen)
}

// tally logs the counts the documentation gives.
func tally(leaves []*leaf) {
	first, volume, plies, codes := map[string]int{}, map[string]int{}, map[int]int{}, map[string]int{}
	for _, l := range leaves {
		first[l.san[0]]++
		volume[l.eco[:1]]++
		plies[len(l.san)]++
		codes[l.eco]++
	}
	log.Printf("first moves %v, ECO volumes %v, plies %v, %d ECO codes", first, volume, plies, len(codes))
}

func format(engineName string, lines []*leaf) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `# study-250: the opening suite of the strength study (docs/strength.md):
# %d lines, each played twice with colours reversed, so %d distinct games a
# pairing of the deterministic MicroChess programs. Generated, not picked by
# hand (docs/opening-suite.md says how); do not edit, regenerate:
#   go run ./suite/internal/gensuite -stockfish STOCKFISH -o suite/study-250.txt \
#     -n %d -k %d -margin %d -walk-depth %d -eval-depth %d -band %d -date %s
# Engine: %s, Threads 1, Hash 64, "ucinewgame" before every search.
# Walk: from the start, at each position "go depth %d" with MultiPV %d; the
# moves within %d cp of the best, but no castling, en passant or promotion;
# to 6 plies, or 8 where the 6-ply position is not level in material.
# Kept: the ends level in material (P1 N3 B3 R5 Q9), White to move and unable
# to take en passant, each position once and none of balanced-50's; taken
# round robin over ECO volumes, then codes, then names.
# Eval: "go depth %d", MultiPV 1, measured on %s: centipawns from White's
# point of view, '@', the depth; kept within ±%d. One engine at one depth,
# nothing more.
# ECO code and name: the chess library's table (lichess chess-openings, in
# github.com/corentings/chess/v2/opening) for the deepest position of the
# line it names, as the table writes them (American spelling).
`, len(lines), 2*len(lines), *count, *multiPV, *margin, *walkDepth, *evalDepth, *band, *date,
		engineName, *walkDepth, *multiPV, *margin, *evalDepth, *date, *band)
	// Columns aligned as in balanced-50.txt; names may have accents.
	head, moves := 0, 0
	for _, l := range lines {
		head = max(head, utf8.RuneCountInString(l.eco+" "+l.name))
		moves = max(moves, len(numbered(l.san)))
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-utf8.RuneCountInString(s)) }
	fmt.Fprintf(&b, "\n%s | %s | cp@depth\n", pad("# ECO name", head), pad("moves", moves))
	for _, l := range lines {
		fmt.Fprintf(&b, "%s | %s | %+d@%d\n", pad(l.eco+" "+l.name, head), pad(numbered(l.san), moves), l.eval, *evalDepth)
	}
	return []byte(b.String())
}

// numbered writes moves with move numbers: "1. e4 e5 2. Nf3".
func numbered(san []string) string {
	var b strings.Builder
	for i, m := range san {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m + " ")
	}
	return strings.TrimSpace(b.String())
}
