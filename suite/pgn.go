package suite

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/rules"
)

// ParsePGN reads a suite from PGN: each game's main line is an opening
// line, from the standard start or from its FEN tag. Comments ({...} and
// ';' to the end of the line), variations ((...), nested), NAGs ($1),
// annotation marks (e4!, Nf3?!), move numbers and results are skipped;
// the moves of the main line are read as in Parse (microchess.ParseSAN:
// the chess library decides what is legal; SAN is strict, 0-0 is not
// O-O). The name is the Opening tag (with ", " and the Variation tag when
// there is one), else the Event tag unless it is "?"; the ECO tag, when it
// is a code, is the line's ECO. A SetUp "1" tag wants a FEN tag. A game
// with neither moves nor a FEN is an error, as are two games that end in
// the same position. Tag values that are not UTF-8 are read as Latin-1, the
// character set of the PGN standard. Errors come all together, sorted, as
// "file:line:col: message".
//
// The chess library has a PGN scanner, but it tells no line or column of
// an error, so the small tokenizer below reads the file and the library
// only judges the moves.
func ParsePGN(name string, r io.Reader) ([]Line, error) {
	text, err := readText(name, r)
	if err != nil {
		return nil, err
	}
	p := &pgnParser{file: name, text: strings.TrimPrefix(text, diag.BOM), line: 1, seen: map[string]int{}}
	p.run()
	if len(p.errs) == 0 && len(p.lines) == 0 {
		p.errs.Add(diag.At(name, 1, 1), "no games (want PGN: tags such as [Event \"x\"], then moves)")
	}
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	return p.lines, nil
}

type pgnParser struct {
	file           string
	text           string
	off, line, bol int // where the tokenizer is: offset, text line, the line's start
	lines          []Line
	errs           diag.ErrorList
	seen           map[string]int
	g              *pgnGame // the game being read, or nil between games
	variation      int      // depth of '(' nesting
	variationAt    diag.Pos // where the outermost '(' is
	stop           bool
	// colLine, colOff, col: the column at an offset of a line, where at
	// counts on from, so that a file of one long line is not counted over
	// and over.
	colLine, colOff, col int
}

type pgnGame struct {
	at     diag.Pos          // its first token
	tags   map[string]string // the tags the suite uses
	tagAt  map[string]diag.Pos
	pos    *chess.Position // nil until the first move
	start  string
	moves  []string
	over   gameOver
	bad    bool // an error reported: the game is read to its end, not kept
	anyTok bool // moves or results seen: a tag now starts the next game
}

// at is the position of byte offset off on the current text line.
func (p *pgnParser) at(off int) diag.Pos {
	if p.colLine != p.line || off < p.colOff {
		p.colLine, p.colOff, p.col = p.line, p.bol, 1
	}
	p.col += utf8.RuneCountInString(p.text[p.colOff:off])
	p.colOff = off
	return diag.At(p.file, p.line, p.col)
}

func (p *pgnParser) errAt(pos diag.Pos, format string, args ...any) {
	if p.stop {
		return
	}
	if tooManyErrors(&p.errs, pos) {
		p.stop = true
		return
	}
	p.errs.Add(pos, format, args...)
	if p.g != nil {
		p.g.bad = true
	}
}

// game is the game being read, begun at off if there is none.
func (p *pgnParser) game(off int) *pgnGame {
	if p.g == nil {
		p.g = &pgnGame{at: p.at(off), tags: map[string]string{}, tagAt: map[string]diag.Pos{}}
	}
	return p.g
}

// delims end a word of the movetext.
const delims = " \t\r\n{}()[];$%\""

func (p *pgnParser) run() {
	for p.off < len(p.text) && !p.stop {
		c := p.text[p.off]
		switch {
		case c == '\n' || c == '\r':
			p.newline()
		case c == ' ' || c == '\t':
			p.off++
		case c < ' ' || c == 0x7f:
			p.errAt(p.at(p.off), "not text (a control character)")
			p.stop = true
		case c == '%' && p.off == p.bol, c == ';':
			p.skipLine() // an escape line, a comment to the end of the line
		case c == '{':
			p.comment()
		case c == '(':
			if p.variation == 0 {
				p.variationAt = p.at(p.off)
			}
			p.variation++
			p.off++
		case c == ')':
			if p.variation == 0 {
				p.errAt(p.at(p.off), "')' with no '(' before it")
			} else {
				p.variation--
			}
			p.off++
		case c == '[' && p.variation == 0:
			if p.g != nil && p.g.anyTok {
				p.endGame() // a game without a result: the tags begin the next
			}
			p.tag()
		default:
			p.word()
		}
	}
	if p.g != nil {
		if p.variation > 0 {
			p.errAt(p.variationAt, "variation '(' not closed")
		}
		p.endGame()
	}
}

func (p *pgnParser) newline() {
	if p.text[p.off] == '\r' && p.off+1 < len(p.text) && p.text[p.off+1] == '\n' {
		p.off++
	}
	p.off++
	p.line++
	p.bol = p.off
}

func (p *pgnParser) skipLine() {
	for p.off < len(p.text) && p.text[p.off] != '\n' && p.text[p.off] != '\r' {
		p.off++
	}
}

// comment skips a {...} comment, which may span lines.
func (p *pgnParser) comment() {
	start := p.at(p.off)
	for p.off++; p.off < len(p.text); {
		switch p.text[p.off] {
		case '}':
			p.off++
			return
		case '\n', '\r':
			p.newline()
		default:
			p.off++
		}
	}
	p.errAt(start, "comment '{' not closed")
}

// tag reads a tag pair, [Name "value"], on one line.
func (p *pgnParser) tag() {
	start := p.off
	g := p.game(start)
	bad := func() {
		p.errAt(p.at(start), "malformed tag pair: want [Name \"value\"] on one line")
		p.skipLine()
	}
	i := start + 1
	skip := func() {
		for i < len(p.text) && (p.text[i] == ' ' || p.text[i] == '\t') {
			i++
		}
	}
	skip()
	nameStart := i
	for i < len(p.text) && (isAlnum(p.text[i]) || p.text[i] == '_') {
		i++
	}
	tagName := p.text[nameStart:i]
	skip()
	if tagName == "" || i >= len(p.text) || p.text[i] != '"' {
		bad()
		return
	}
	var v strings.Builder
	for i++; ; i++ {
		if i >= len(p.text) || p.text[i] == '\n' || p.text[i] == '\r' {
			bad()
			return
		}
		if c := p.text[i]; c == '\\' && i+1 < len(p.text) && (p.text[i+1] == '"' || p.text[i+1] == '\\') {
			i++
			v.WriteByte(p.text[i])
		} else if c == '"' {
			break
		} else {
			v.WriteByte(c)
		}
	}
	i++
	skip()
	if i >= len(p.text) || p.text[i] != ']' {
		bad()
		return
	}
	p.off = i + 1
	switch tagName {
	case "FEN", "SetUp", "Event", "Opening", "Variation", "ECO":
		g.tags[tagName] = printable(v.String())
		g.tagAt[tagName] = p.at(start)
	}
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// printable is s without control characters, its bytes read as Latin-1
// where s is not UTF-8.
func printable(s string) string {
	if !utf8.ValidString(s) {
		r := make([]rune, len(s))
		for i := range len(s) {
			r[i] = rune(s[i])
		}
		s = string(r)
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// word reads a word of the movetext: a move number, a result, a NAG, or a
// move.
func (p *pgnParser) word() {
	start := p.off
	end := start + 1
	for end < len(p.text) && !strings.ContainsRune(delims, rune(p.text[end])) {
		end++
	}
	w := p.text[start:end]
	p.off = end
	g := p.game(start)
	switch {
	case w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*":
		if p.variation > 0 {
			p.errAt(p.variationAt, "variation '(' not closed before the result")
			p.variation = 0
		}
		g.anyTok = true
		p.endGame()
		return
	case w[0] == '$' || p.variation > 0 || strings.Trim(w, ".") == "":
		return // a NAG, a move of a variation, dots
	}
	g.anyTok = true
	if !strings.HasPrefix(w, "0-0") {
		w = strings.TrimLeft(w, "0123456789")
		w = strings.TrimLeft(w, ".")
		if w == "" {
			return // a move number
		}
		start = end - len(w)
	}
	if g.bad {
		return
	}
	if g.pos == nil && !p.setUp(g) {
		return
	}
	if len(g.moves) == maxPlies {
		p.errAt(p.at(start), "more than %d plies: too long for an opening line", maxPlies)
		return
	}
	san := strings.TrimRight(w, "!?")
	if san == "" {
		san = w
	}
	m, err := rules.ParseSAN(g.pos, san)
	if err != nil {
		p.errAt(p.at(start), "%v (%s)", err, where(g))
		return
	}
	if len(g.moves) == 0 {
		g.over.add(g.pos)
	}
	g.moves = append(g.moves, rules.SAN(g.pos, &m))
	g.pos = g.pos.Update(&m)
	if why := g.over.add(g.pos); why != "" {
		played := g.moves
		g.moves = played[:len(played)-1] // where the move was
		p.errAt(p.at(start), "%s (%s)", why, where(g))
		g.moves = played
	}
}

// where says where a game's next move is, for errors: "move 13... after
// 12. e4 Nf6 13. Nc3".
func where(g *pgnGame) string {
	start, from := rules.StartingPosition(), "from the start"
	if g.start != "" {
		start, _ = startPosition(g.start)
		from = "from the FEN"
	}
	w := "move " + moveNumberFrom(start, len(g.moves))
	if len(g.moves) == 0 {
		return w + " " + from
	}
	return w + " after " + numberedFrom(start, g.moves)
}

// setUp sets the game's position from its tags when its first move comes.
func (p *pgnParser) setUp(g *pgnGame) bool {
	g.pos = rules.StartingPosition()
	fen, has := g.tags["FEN"]
	if !has {
		if g.tags["SetUp"] == "1" {
			p.errAt(g.tagAt["SetUp"], "SetUp \"1\" with no FEN tag")
			return false
		}
		return true
	}
	// Some writers leave out the counters or space the fields widely.
	if f := strings.Fields(fen); len(f) == 4 {
		fen = strings.Join(append(f, "0", "1"), " ")
	} else {
		fen = strings.Join(f, " ")
	}
	pos, err := startPosition(fen)
	if err != nil {
		p.errAt(g.tagAt["FEN"], "FEN tag: %v", err)
		return false
	}
	g.pos, g.start = pos, pos.String()
	return true
}

// endGame makes the game read a line, if it is good.
func (p *pgnParser) endGame() {
	g := p.g
	p.g, p.variation = nil, 0
	if g == nil || g.bad {
		return
	}
	if g.pos == nil && !p.setUp(g) {
		return
	}
	if len(g.moves) == 0 && g.start == "" {
		p.errs.Add(g.at, "a game with no moves and no FEN tag: the starting position is no opening line")
		return
	}
	if len(p.lines) == maxLines {
		tooMany(&p.errs, g.at)
		p.stop = true
		return
	}
	key := positionKey(g.pos)
	if first, dup := p.seen[key]; dup {
		p.errs.Add(g.at, "ends in the same position as the game at line %d", first)
		return
	}
	p.seen[key] = g.at.Line
	l := Line{Start: g.start, Moves: g.moves, Pos: diag.Pos{File: p.file, Line: g.at.Line}}
	if eco := strings.TrimSpace(g.tags["ECO"]); ecoRE.MatchString(eco) {
		l.ECO = eco
	}
	l.Name = strings.TrimSpace(g.tags["Opening"])
	if v := strings.TrimSpace(g.tags["Variation"]); l.Name != "" && v != "" {
		l.Name += ", " + v
	}
	if ev := strings.TrimSpace(g.tags["Event"]); l.Name == "" && ev != "?" {
		l.Name = ev
	}
	p.lines = append(p.lines, l)
}
