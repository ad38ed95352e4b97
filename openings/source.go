package openings

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corentings/chess/v2"
)

// Error is a problem at a place in an opening file.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Source is an opening file as read, before any chess is checked.
type Source struct {
	File     string
	Opening  string
	Computer chess.Color
	Tape     byte
	Tokens   []Token
}

// Token is a move number ("1." or "1...") or a move, with its place.
type Token struct {
	Text      string
	Line, Col int
	Number    int  // for move numbers: the number
	Ellipsis  bool // for move numbers: "1..." (Black to move)
	IsNumber  bool
}

var headerKeys = []string{"Opening", "Computer", "Tape"}

// Parse reads an opening file: "; comment" anywhere, then the headers
//
//	Opening:  Giuoco Piano
//	Computer: white
//	Tape:     02
//
// then the line in SAN with optional move numbers ("1. e4 e5 2. Nf3").
func Parse(file string, text []byte) (*Source, error) {
	src := &Source{File: file}
	errAt := func(line, col int, format string, args ...any) error {
		return &Error{file, line, col, fmt.Sprintf(format, args...)}
	}
	seen := map[string]bool{}
	for i, raw := range strings.Split(string(text), "\n") {
		line := i + 1
		if j := strings.IndexByte(raw, ';'); j >= 0 {
			raw = raw[:j]
		}
		raw = strings.TrimRight(raw, " \t\r")
		if strings.TrimSpace(raw) == "" {
			continue
		}
		if key, value, ok := headerLine(raw); ok {
			col := strings.Index(raw, key) + 1
			if len(src.Tokens) > 0 {
				return nil, errAt(line, col, "header %s: after the moves; headers come first", key)
			}
			if seen[key] {
				return nil, errAt(line, col, "header %s: given twice", key)
			}
			seen[key] = true
			afterColon := raw[strings.IndexByte(raw, ':')+1:]
			vcol := len(raw) - len(strings.TrimLeft(afterColon, " \t")) + 1
			if err := src.setHeader(key, value); err != nil {
				return nil, errAt(line, vcol, "header %s: %v", key, err)
			}
			continue
		}
		if err := src.tokenize(raw, line); err != nil {
			return nil, err
		}
	}
	for _, k := range headerKeys {
		if !seen[k] {
			return nil, errAt(1, 1, "missing header %q (an opening file starts with Opening:, Computer: and Tape:)", k+":")
		}
	}
	return src, nil
}

// headerLine recognises "Word: value"; a move never has a colon.
func headerLine(raw string) (key, value string, ok bool) {
	k, v, found := strings.Cut(raw, ":")
	k = strings.TrimSpace(k)
	if !found || k == "" || strings.ContainsAny(k, " \t.") {
		return "", "", false
	}
	return k, strings.TrimSpace(v), true
}

func (src *Source) setHeader(key, value string) error {
	switch key {
	case "Opening":
		if value == "" {
			return fmt.Errorf("empty")
		}
		src.Opening = value
	case "Computer":
		switch value {
		case "white":
			src.Computer = chess.White
		case "black":
			src.Computer = chess.Black
		default:
			return fmt.Errorf("%q: want white or black (the side the computer plays)", value)
		}
	case "Tape":
		id, err := strconv.ParseUint(value, 16, 8)
		if err != nil || len(value) != 2 {
			return fmt.Errorf("%q: want the KIM-1 tape ID as two hex digits", value)
		}
		src.Tape = byte(id)
	default:
		return fmt.Errorf("unknown header (want Opening, Computer or Tape)")
	}
	return nil
}

// tokenize splits a line of move text; "12." and "12..." may be glued to
// the move that follows them.
func (src *Source) tokenize(raw string, line int) error {
	col := 0
	for col < len(raw) {
		if raw[col] == ' ' || raw[col] == '\t' {
			col++
			continue
		}
		end := col
		for end < len(raw) && raw[end] != ' ' && raw[end] != '\t' {
			end++
		}
		word := raw[col:end]
		digits := 0
		for digits < len(word) && word[digits] >= '0' && word[digits] <= '9' {
			digits++
		}
		if digits > 0 && digits < len(word) && word[digits] == '.' {
			n, _ := strconv.Atoi(word[:digits])
			dots := digits
			for dots < len(word) && word[dots] == '.' {
				dots++
			}
			if d := dots - digits; d != 1 && d != 3 {
				return &Error{src.File, line, col + 1, fmt.Sprintf("malformed move number %q (want %d. or %d...)", word[:dots], n, n)}
			}
			src.Tokens = append(src.Tokens, Token{Text: word[:dots], Line: line, Col: col + 1, Number: n, Ellipsis: dots-digits == 3, IsNumber: true})
			col += dots
			continue
		}
		src.Tokens = append(src.Tokens, Token{Text: word, Line: line, Col: col + 1})
		col = end
	}
	return nil
}
