package match

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/kim1-archive/microchess/diag"
)

// pgnGame is a game as a merge reads it: its tags, its moves (SAN) and
// its result, each with where it stands in the file, and its text.
type pgnGame struct {
	at     diag.Pos // where it starts
	tags   map[string]pgnToken
	moves  []pgnToken
	result pgnToken
	text   string // from its start to its result, lines joined with \n
}

// pgnToken is a piece of a game's text and where it is.
type pgnToken struct {
	text string
	at   diag.Pos
}

// pgnReader reads the games of a PGN file one at a time, as far as the
// match's own records need: tag pairs, move numbers, SAN moves, comments
// ({...} and ;), NAGs and the result. A variation, a tag inside the moves
// or a game without a result is an error, reported where it is.
type pgnReader struct {
	file      string
	r         *bufio.Reader
	line      int
	game      *pgnGame
	text      strings.Builder
	inMoves   bool     // past the game's tags
	comment   diag.Pos // where an open {comment} began (Line 0: none)
	pending   string   // what followed the last game's result on its line
	pendingAt int      // that line's number (0: nothing pending)
	err       error    // the reader's error once hit
}

func newPGNReader(file string, r io.Reader) *pgnReader {
	return &pgnReader{file: file, r: bufio.NewReader(r)}
}

var (
	moveNumberRE = regexp.MustCompile(`^[0-9]+\.+`)
	nagRE        = regexp.MustCompile(`^\$[0-9]+$`)
)

var errGameTooLong = fmt.Errorf("a game longer than %d MiB: not a record of mchess match", maxGameText>>20)

// next returns the next game, or io.EOF after the last.
func (p *pgnReader) next() (*pgnGame, error) {
	if p.err != nil {
		return nil, p.err
	}
	for {
		raw, n, err := p.readLine()
		if err == io.EOF {
			switch {
			case p.comment.Line > 0:
				return nil, p.fail(p.comment, "a comment { not closed")
			case p.game != nil:
				return nil, p.fail(p.game.at, "a game not ended by a result (1-0, 0-1, 1/2-1/2 or *)")
			}
			p.err = io.EOF
			return nil, io.EOF
		}
		if err != nil {
			return nil, p.fail(diag.At(p.file, n, 1), "%v", err)
		}
		if g, err := p.scan(raw, n); g != nil || err != nil {
			return g, err
		}
	}
}

func (p *pgnReader) fail(at diag.Pos, format string, args ...any) error {
	p.err = &diag.Error{Pos: at, Msg: fmt.Sprintf(format, args...)}
	return p.err
}

// readLine reads a text line (or what was left of one past a game's
// result) without its end, and says which line it is.
func (p *pgnReader) readLine() (string, int, error) {
	if n := p.pendingAt; n > 0 {
		p.pendingAt = 0
		return p.pending, n, nil
	}
	var b []byte
	for {
		chunk, err := p.r.ReadSlice('\n')
		b = append(b, chunk...)
		if len(b) > maxGameText {
			p.line++
			return "", p.line, errGameTooLong
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(b) > 0 {
			err = nil
		}
		if err != nil {
			return "", p.line + 1, err
		}
		break
	}
	p.line++
	s := strings.TrimRight(string(b), "\r\n")
	if p.line == 1 {
		s = strings.TrimPrefix(s, diag.BOM)
	}
	return s, p.line, nil
}

// scan reads one text line's tokens; it returns a game when the line
// holds its result, and keeps what follows for the next game.
func (p *pgnReader) scan(raw string, n int) (*pgnGame, error) {
	// Columns count characters, from the last one asked for: a line of
	// moves is long.
	colOff, col := 0, 1
	at := func(off int) diag.Pos {
		if off < colOff {
			colOff, col = 0, 1
		}
		col += utf8.RuneCountInString(raw[colOff:off])
		colOff = off
		return diag.At(p.file, n, col)
	}
	i := 0
	if p.comment.Line == 0 && strings.HasPrefix(raw, "%") {
		return nil, nil // an escaped line
	}
	for i < len(raw) {
		if p.comment.Line > 0 {
			end := strings.IndexByte(raw[i:], '}')
			if end < 0 {
				break // the comment goes on on the next line
			}
			i += end + 1
			p.comment = diag.Pos{}
			continue
		}
		c := raw[i]
		if c == ' ' || c == '\t' || c == '\r' {
			i++
			continue
		}
		if p.game == nil {
			p.game = &pgnGame{at: at(i), tags: map[string]pgnToken{}}
			p.text.Reset()
			p.inMoves = false
		}
		switch {
		case c == '[':
			if p.inMoves {
				return nil, p.fail(at(i), "a tag among the moves: the game before it has no result")
			}
			end, err := p.tag(raw, i, at)
			if err != nil {
				return nil, err
			}
			i = end
			continue
		case c == '{':
			p.comment = at(i)
			i++
			continue
		case c == ';':
			i = len(raw)
			continue
		case c == '(' || c == ')':
			return nil, p.fail(at(i), "a variation: the records of mchess match have none")
		case c == '}':
			return nil, p.fail(at(i), "a } that closes no comment")
		}
		p.inMoves = true
		end := i
		for end < len(raw) && !strings.ContainsRune(" \t\r{};()[", rune(raw[end])) {
			end++
		}
		tok := raw[i:end]
		switch {
		case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
			g := p.game
			g.result = pgnToken{tok, at(i)}
			p.text.WriteString(raw[:end])
			g.text = strings.TrimSpace(p.text.String())
			p.game = nil
			if rest := raw[end:]; strings.TrimSpace(rest) != "" {
				// Another game on the same line: its columns are kept by
				// blanking what came before.
				p.pending, p.pendingAt = strings.Repeat(" ", utf8.RuneCountInString(raw[:end]))+rest, n
			}
			return g, nil
		case nagRE.MatchString(tok):
		default:
			if num := moveNumberRE.FindString(tok); num != "" {
				tok, i = tok[len(num):], i+len(num)
			}
			if tok != "" {
				p.game.moves = append(p.game.moves, pgnToken{tok, at(i)})
			}
		}
		i = end
	}
	if p.game != nil {
		p.text.WriteString(raw)
		p.text.WriteByte('\n')
		if p.text.Len() > maxGameText {
			return nil, p.fail(p.game.at, "%v", errGameTooLong)
		}
	}
	return nil, nil
}

// tag reads [Name "value"] at raw[i]; it returns the offset past it.
func (p *pgnReader) tag(raw string, i int, at func(int) diag.Pos) (int, error) {
	start := i
	i++
	for i < len(raw) && raw[i] == ' ' {
		i++
	}
	name := i
	for i < len(raw) && (raw[i] == '_' || raw[i] >= '0' && raw[i] <= '9' || raw[i]|0x20 >= 'a' && raw[i]|0x20 <= 'z') {
		i++
	}
	if i == name {
		return 0, p.fail(at(name), `a tag without a name: want [Name "value"]`)
	}
	key := raw[name:i]
	for i < len(raw) && raw[i] == ' ' {
		i++
	}
	if i >= len(raw) || raw[i] != '"' {
		return 0, p.fail(at(i), `tag %s: want its value in quotes, [Name "value"]`, key)
	}
	valueAt := at(i)
	i++
	var v strings.Builder
	for ; i < len(raw) && raw[i] != '"'; i++ {
		if raw[i] == '\\' && i+1 < len(raw) {
			i++
		}
		v.WriteByte(raw[i])
	}
	if i >= len(raw) {
		return 0, p.fail(valueAt, "tag %s: its value's quotes are not closed on its line", key)
	}
	i++
	for i < len(raw) && raw[i] == ' ' {
		i++
	}
	if i >= len(raw) || raw[i] != ']' {
		return 0, p.fail(at(i), "tag %s: want ] after its value", key)
	}
	if old, ok := p.game.tags[key]; ok {
		return 0, p.fail(at(start), "tag %s given twice (first at %s)", key, old.at)
	}
	p.game.tags[key] = pgnToken{v.String(), valueAt}
	return i + 1, nil
}
