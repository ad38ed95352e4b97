// Package diag holds what every reader of text in this project reports
// with: a position in a file and a list of errors collected as they are
// found, then sorted and shown together, as go/scanner does.
package diag

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pos is a position in a source file; Line and Col are 1-based, Col counts
// characters (a tab is one).
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	if p.Col > 0 {
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// Error is one diagnostic with its position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return Printable(e.Pos.String() + ": " + e.Msg) }

// Printable escapes what must not reach a terminal raw: control
// characters become \xNN (or \uNNNN), bytes that are not UTF-8 \xNN. A
// message quotes user text, and a file of binary garbage must not clear
// the screen or ring the bell.
func Printable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, "\\x%02X", s[i])
		case r == '\t' || unicode.IsPrint(r) && r != utf8.RuneError:
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, "\\x%02X", r)
		default:
			fmt.Fprintf(&b, "\\u%04X", r)
		}
		i += n
	}
	return b.String()
}

// MaxErrors caps how many errors an ErrorList prints; the rest are counted.
const MaxErrors = 25

// ErrorList collects errors the way go/scanner does: added as found, sorted
// by position before they are shown.
type ErrorList []*Error

// Add records an error at pos.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (l ErrorList) sorted() ErrorList {
	s := append(ErrorList(nil), l...)
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i].Pos, s[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return s
}

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l.sorted() {
		if i == MaxErrors {
			fmt.Fprintf(&b, "(%d more errors)\n", len(l)-MaxErrors)
			break
		}
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Err returns the list sorted as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l.sorted()
}

// At is the position of column col of line line in file.
func At(file string, line, col int) Pos { return Pos{File: file, Line: line, Col: col} }

// BOM is the UTF-8 byte-order mark some editors put at the start of a file.
const BOM = "\uFEFF"

// Lines splits a text file into its lines. A byte-order mark at the start
// is dropped; a line ends in LF, CR LF or a lone CR (as classic Mac OS
// wrote files); a final line end gives no empty line after it.
func Lines(text string) []string {
	text = strings.TrimPrefix(text, BOM)
	lines := make([]string, 0, strings.Count(text, "\n")+strings.Count(text, "\r")+1)
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			lines = append(lines, text)
			break
		}
		lines = append(lines, text[:i])
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		text = text[i+1:]
	}
	return lines
}
