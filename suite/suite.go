// Package suite reads opening suites: short opening lines that engine
// matches (mchess match) start their games from, each line played twice
// with colours reversed. Default is the project's own suite,
// balanced-50.txt; Builtin also has study-250.txt, generated for the
// strength study, and balanced-10k, generated for matches of many games;
// Read takes a user's, in the format below or as EPD or PGN (ParseEPD,
// ParsePGN), as engine testers' suites come. A line of those may start
// from a position of its own (Line.Start, a FEN); Order shuffles a suite
// reproducibly.
//
// The project's format is a text file, one opening line per text line:
//
//	# a comment line; blank lines are ignored
//	C50 Italian Game, Giuoco Piano | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 | +14@20
//	C42 Petrov's Defence           | e4 e5 Nf3 Nf6
//
// A line whose first non-blank character is '#' is a comment. The others
// have two or three fields separated by '|':
//
//   - the ECO code (a letter A to E and two digits) and, after a space, the
//     opening's name;
//   - the moves in SAN from the starting position, with or without move
//     numbers ("1. e4", "1.e4", "1... e5" before a move of Black's), which
//     are checked when given;
//   - optionally, an evaluation as measured: centipawns from White's point
//     of view, '@', the search depth ("+14@20", "-33@20", "0@18").
//
// Moves are read as everywhere in the project (microchess.ParseSAN): each
// must name one legal move, the chess library decides which exist, and SAN
// is strict (exd5, not ed5; no needless disambiguation; O-O with the
// letter O). A check mark may be left out; a line keeps its moves as the
// library writes them, with the mark. Two lines that end in the same
// position are an error: they would play the same games twice. A UTF-8
// byte-order mark is skipped and lines may end in LF, CR LF or CR. Errors
// come all together, sorted, as "file:line:col: message".
//
// Lines may castle, take en passant or promote; the built-in suites do none
// of these, as the 1977 MicroChess program keys them apart.
package suite

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/rules"
)

// Pos is where a line is in its file; its String is "file:line" (the
// column is left zero: a line is all of its text line).
type Pos = diag.Pos

// Line is one opening line of a suite.
type Line struct {
	ECO, Name string // either may be empty in EPD and PGN files
	// Start is the FEN of the position the line starts from, as the chess
	// library writes it; "" is the standard starting position. Only EPD and
	// PGN files give one.
	Start string
	Moves []string // canonical SAN, in order from Start
	Eval  string   // as recorded ("+28@20"); may be empty in user files
	Pos   Pos      // where the line is, for errors
}

// String is the line as a person reads it:
// "C50 Italian Game, Giuoco Piano: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5", and
// from a FEN "name: from FEN 12... Nf6 13. Nc3".
func (l Line) String() string {
	head := strings.TrimSpace(l.ECO + " " + l.Name)
	body := numbered(l.Moves)
	if l.Start != "" {
		body = "from " + l.Start
		if pos, err := startPosition(l.Start); err == nil && len(l.Moves) > 0 {
			body += " " + numberedFrom(pos, l.Moves)
		}
	}
	if head == "" {
		return body
	}
	return head + ": " + body
}

// FEN is the position after the line, as the chess library writes it (its
// en passant field names the square behind any double step). It is empty
// when Start is no playable position or Moves are no legal line from it in
// strict SAN, which only a Line not made by this package's readers can be.
func (l Line) FEN() string {
	pos := rules.StartingPosition()
	if l.Start != "" {
		var err error
		if pos, err = startPosition(l.Start); err != nil {
			return ""
		}
	}
	for _, san := range l.Moves {
		m, err := rules.ParseSAN(pos, san)
		if err != nil {
			return ""
		}
		pos = pos.Update(&m)
	}
	return pos.String()
}

// numbered writes moves from the starting position with move numbers.
func numbered(moves []string) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m)
	}
	return b.String()
}

//go:embed balanced-50.txt
var balanced50 []byte

//go:embed study-250.txt
var study250 []byte

// generated holds balanced-10k.txt.gz: 10,000 lines, about 800 KB as
// text, kept gzipped. The pattern matches balanced-50.txt too, so that the
// package builds without the file: its generator imports the package.
//
//go:embed balanced-*
var generated embed.FS

// builtins are the suites embedded in the package, by name, each parsed
// (and unzipped) when first asked for.
var builtins = map[string]func() []Line{
	"balanced-50":  embedded("balanced-50.txt", func() ([]byte, error) { return balanced50, nil }, false),
	"study-250":    embedded("study-250.txt", func() ([]byte, error) { return study250, nil }, false),
	"balanced-10k": embedded("balanced-10k.txt", func() ([]byte, error) { return generated.ReadFile("balanced-10k.txt.gz") }, true),
}

func embedded(file string, data func() ([]byte, error), zipped bool) func() []Line {
	return sync.OnceValue(func() []Line {
		b, err := data()
		if err != nil {
			return nil // not generated: Builtin does not have it
		}
		var r io.Reader = bytes.NewReader(b)
		if zipped {
			if r, err = gzip.NewReader(r); err != nil {
				panic("suite: the embedded " + file + ".gz: " + err.Error())
			}
		}
		lines, err := parse(file, r, true)
		if err != nil {
			// The file is the package's own data; a test parses it.
			panic("suite: the embedded " + file + ": " + err.Error())
		}
		return lines
	})
}

// Default is the project's suite, balanced-50.txt: fifty lines of two to
// four moves from the major openings, each measured near equal by
// Stockfish (docs/opening-suite.md). Each call returns a fresh copy.
func Default() []Line {
	lines, _ := Builtin("balanced-50")
	return lines
}

// Builtin is a suite embedded in the package, by name (see Names), as a
// fresh copy: "balanced-50" (Default), "study-250", the 250 generated
// lines of the strength study, or "balanced-10k", 10,000 generated lines
// for matches of many games (docs/opening-suite.md).
func Builtin(name string) ([]Line, bool) {
	parsed, ok := builtins[name]
	if !ok || parsed() == nil {
		return nil, false
	}
	lines := append([]Line(nil), parsed()...)
	for i := range lines {
		lines[i].Moves = append([]string(nil), lines[i].Moves...)
	}
	return lines, true
}

// Names are the names of the built-in suites, sorted.
func Names() []string { return slices.Sorted(maps.Keys(builtins)) }

var (
	ecoRE  = regexp.MustCompile(`^[A-E][0-9][0-9]$`)
	evalRE = regexp.MustCompile(`^[+-]?[0-9]{1,6}@[0-9]{1,3}$`)
	// numberRE is a move number, maybe glued to the move after it; a wrong
	// count of dots is caught as a number not due.
	numberRE = regexp.MustCompile(`^[0-9]+\.+`)
)

// Parse reads a suite; name is the file's name in errors. All the errors
// of the text come together, sorted, each "file:line:col: message"; with
// any error there are no lines.
func Parse(name string, r io.Reader) ([]Line, error) { return parse(name, r, false) }

// parse is Parse; trusted is for the package's own suites, whose moves
// are canonical SAN that a test (TestEmbeddedSuitesReadAsFiles) plays
// through: it takes their moves as written instead of playing each one
// (balanced-10k: about 30 ms instead of 2.5 s, at every start of a
// command that names it).
func parse(name string, r io.Reader, trusted bool) ([]Line, error) {
	text, err := readText(name, r)
	if err != nil {
		return nil, err
	}
	p := parser{file: name, seen: map[string]int{}, trusted: trusted}
	for i, raw := range diag.Lines(text) {
		if p.full || tooManyErrors(&p.errs, diag.At(name, i+1, 1)) {
			break
		}
		p.line(i+1, raw)
	}
	if len(p.errs) == 0 && len(p.lines) == 0 {
		p.errs.Add(diag.At(name, 1, 1), "no opening lines (want lines \"ECO name | moves | eval\")")
	}
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	return p.lines, nil
}

type parser struct {
	file  string
	lines []Line
	errs  diag.ErrorList
	seen  map[string]int // positionKey of a line's end -> its text line
	full  bool           // maxLines read: no more
	// trusted: the moves are taken as written, not played (parse).
	trusted bool
}

func (p *parser) errAt(line int, raw string, off int, format string, args ...any) {
	p.errs.Add(diag.At(p.file, line, col(raw, off)), format, args...)
}

// col is the 1-based column of byte offset off, in characters as diag
// counts them (an invalid byte is one).
func col(raw string, off int) int { return utf8.RuneCountInString(raw[:off]) + 1 }

// field is a part of a text line between '|'s, trimmed, with the byte
// offsets of its text and of the '|' before it (-1 for the first).
type field struct {
	text     string
	off, sep int
}

func trimmed(raw string, start, end int) field {
	s := raw[start:end]
	text := strings.Trim(s, " \t")
	if text == "" {
		// An empty field is reported where it starts.
		return field{"", start, start - 1}
	}
	lead := len(s) - len(strings.TrimLeft(s, " \t"))
	return field{text, start + lead, start - 1}
}

func (p *parser) line(n int, raw string) {
	if bad := notText(raw); bad >= 0 {
		// Binary garbage: one error a line, and no reading of it as chess.
		p.errAt(n, raw, bad, "not text (a control character or bytes that are not UTF-8)")
		return
	}
	t := strings.TrimSpace(raw)
	if t == "" || strings.HasPrefix(t, "#") {
		return
	}
	var fields []field
	start := 0
	for i := 0; i <= len(raw); i++ {
		if i == len(raw) || raw[i] == '|' {
			fields = append(fields, trimmed(raw, start, i))
			start = i + 1
		}
	}
	switch {
	case len(fields) < 2:
		p.errAt(n, raw, fields[0].off, "want \"ECO name | moves\", optionally \"| eval\"; there is no '|'")
		return
	case len(fields) > 3:
		p.errAt(n, raw, fields[3].sep, "too many '|': want \"ECO name | moves | eval\"")
		return
	}
	l := Line{Pos: diag.Pos{File: p.file, Line: n}}
	ok := true
	head := fields[0]
	eco, nm := head.text, ""
	if i := strings.IndexAny(eco, " \t"); i >= 0 {
		eco, nm = eco[:i], eco[i:]
	}
	switch {
	case head.text == "":
		p.errAt(n, raw, head.off, "missing ECO code and opening name")
		ok = false
	case !ecoRE.MatchString(eco):
		p.errAt(n, raw, head.off, "bad ECO code %q: want a letter A to E and two digits, as C50", eco)
		ok = false
	case strings.Trim(nm, " \t") == "":
		p.errAt(n, raw, head.off+len(eco), "missing the opening's name after the ECO code")
		ok = false
	}
	l.ECO, l.Name = eco, strings.Trim(nm, " \t")
	if len(fields) == 3 {
		ev := fields[2]
		if !evalRE.MatchString(ev.text) {
			p.errAt(n, raw, ev.off, "bad eval %q: want centipawns from White's view and the depth, as +28@20", ev.text)
			ok = false
		}
		l.Eval = ev.text
	}
	var moves []string
	var key string
	movesOK := true
	if p.trusted {
		moves, key = trustedMoves(fields[1].text), strconv.Itoa(n)
	} else {
		moves, key, movesOK = p.moves(n, raw, fields[1])
	}
	if !ok || !movesOK {
		return
	}
	if len(p.lines) == maxLines {
		tooMany(&p.errs, diag.At(p.file, n, 1))
		p.full = true
		return
	}
	l.Moves = moves
	if first, dup := p.seen[key]; dup {
		p.errAt(n, raw, fields[1].off, "ends in the same position as line %d", first)
		return
	}
	p.seen[key] = n
	p.lines = append(p.lines, l)
}

// notText is the offset of the first control character or invalid UTF-8
// byte in raw (a tab is text), or -1.
func notText(raw string) int {
	for i, r := range raw {
		if r == utf8.RuneError || (unicode.IsControl(r) && r != '\t') {
			if r == utf8.RuneError && strings.HasPrefix(raw[i:], "\uFFFD") {
				continue // a real U+FFFD, written as such
			}
			return i
		}
	}
	return -1
}

// trustedMoves are the SAN words of a moves field, move numbers left out.
func trustedMoves(text string) []string {
	var sans []string
	for _, w := range strings.Fields(text) {
		if num := numberRE.FindString(w); num != "" {
			if w = w[len(num):]; w == "" {
				continue
			}
		}
		sans = append(sans, w)
	}
	return sans
}

// moves reads and plays the moves field; key is the positionKey of where
// the line ends, to find lines that end alike.
func (p *parser) moves(n int, raw string, f field) (sans []string, key string, ok bool) {
	if f.text == "" {
		p.errAt(n, raw, f.off, "no moves")
		return nil, "", false
	}
	pos := rules.StartingPosition()
	var over gameOver
	over.add(pos)
	ply := 0
	pending := "" // a move number read, waiting for its move
	pendingOff := 0
	for off := f.off; off < f.off+len(f.text); {
		if c := raw[off]; c == ' ' || c == '\t' {
			off++
			continue
		}
		end := off
		for end < f.off+len(f.text) && raw[end] != ' ' && raw[end] != '\t' {
			end++
		}
		word := raw[off:end]
		if num := numberRE.FindString(word); num != "" {
			if pending != "" {
				p.errAt(n, raw, pendingOff, "move number %s with no move after it", pending)
				return nil, "", false
			}
			if want := moveNumber(ply); num != want {
				p.errAt(n, raw, off, "move number %s where %s is due", num, want)
				return nil, "", false
			}
			pending, pendingOff = num, off
			off += len(num)
			continue
		}
		pending = ""
		if ply == maxPlies {
			p.errAt(n, raw, off, "more than %d plies: too long for an opening line", maxPlies)
			return nil, "", false
		}
		m, err := rules.ParseSAN(pos, word)
		if err != nil {
			where := "from the start"
			if ply > 0 {
				where = "after " + numbered(sans)
			}
			p.errAt(n, raw, off, "%v (move %s %s)", err, moveNumber(ply), where)
			return nil, "", false
		}
		sans = append(sans, rules.SAN(pos, &m))
		pos = pos.Update(&m)
		if why := over.add(pos); why != "" {
			p.errAt(n, raw, off, "%s (move %s)", why, moveNumber(ply))
			return nil, "", false
		}
		ply++
		off = end
	}
	if pending != "" {
		p.errAt(n, raw, pendingOff, "move number %s with no move after it", pending)
		return nil, "", false
	}
	return sans, positionKey(pos), true
}

// positionKey tells positions apart as the rules do: the board, the side
// to move, castling rights, and an en passant square only when a capture
// there is legal (the library names one after every double step).
func positionKey(pos *chess.Position) string {
	f := strings.Fields(pos.String())
	ep := "-"
	for _, m := range pos.ValidMoves() {
		if m.HasTag(chess.EnPassant) {
			ep = f[3]
		}
	}
	return strings.Join([]string{f[0], f[1], f[2], ep}, " ")
}

// moveNumber is how the move at ply (0 = White's first) is numbered: "3. "
// for White, "3... " for Black, without the space.
func moveNumber(ply int) string {
	if ply%2 == 0 {
		return strconv.Itoa(ply/2+1) + "."
	}
	return strconv.Itoa(ply/2+1) + "..."
}

// pieceValue is the usual count in pawns: knight and bishop 3, rook 5,
// queen 9.
var pieceValue = map[chess.PieceType]int{chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9}

// Material is White's material minus Black's, in pawns. The suites' lines
// end level (0), so that no game starts in the middle of an exchange.
func Material(pos *chess.Position) int {
	n := 0
	for _, p := range pos.Board().SquareMap() {
		if p.Color() == chess.White {
			n += pieceValue[p.Type()]
		} else {
			n -= pieceValue[p.Type()]
		}
	}
	return n
}
