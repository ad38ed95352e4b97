package openings

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/diag"
)

// Source is an opening file as read, before any chess is checked.
type Source struct {
	File     string
	Opening  string
	Computer chess.Color
	Tape     byte
	Tokens   []Token
	// HeaderPos is where each header's value was written, by key.
	HeaderPos map[string]diag.Pos
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

// NoTape is the tape ID of a book whose header is "Tape: none": 00, which
// the KIM-1 monitor's LOADT takes as "load any record" and DUMPT must not
// be given, so it names no tape.
const NoTape byte = 0x00

// Parse reads an opening file: "; comment" anywhere, then the headers
//
//	Opening:  Giuoco Piano
//	Computer: white
//	Tape:     02
//
// then the line in SAN with optional move numbers ("1. e4 e5 2. Nf3").
// "Tape: none" says the book has no KIM-1 tape ID (a book from another
// source, such as John White's library in src/openings/white); it is kept
// as 00, the monitor's "load any record" setting, which no tape is written
// with.
// A UTF-8 byte-order mark at the start is skipped; lines may end in LF,
// CR LF or CR. All errors of the file are returned together, sorted.
func Parse(file string, text []byte) (*Source, error) {
	src := &Source{File: file, HeaderPos: map[string]diag.Pos{}}
	var errs diag.ErrorList
	errAt := func(line, col int, format string, args ...any) {
		errs.Add(diag.At(file, line, col), format, args...)
	}
	seen := map[string]bool{}
	for i, raw := range diag.Lines(string(text)) {
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
			switch {
			case len(src.Tokens) > 0:
				errAt(line, col, "header %s: after the moves; headers come first", key)
			case seen[key]:
				errAt(line, col, "header %s: given twice", key)
			default:
				seen[key] = true
				afterColon := raw[strings.IndexByte(raw, ':')+1:]
				vcol := len(raw) - len(strings.TrimLeft(afterColon, " \t")) + 1
				src.HeaderPos[key] = diag.At(file, line, vcol)
				if err := src.setHeader(key, value); err != nil {
					errAt(line, vcol, "header %s: %v", key, err)
				}
			}
			continue
		}
		src.tokenize(raw, line, &errs)
	}
	var missing []string
	for _, k := range headerKeys {
		if !seen[k] {
			missing = append(missing, strconv.Quote(k+":"))
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		errAt(1, 1, "missing header %s (an opening file starts with Opening:, Computer: and Tape:)", missing[0])
	default:
		errAt(1, 1, "missing headers %s (an opening file starts with Opening:, Computer: and Tape:)", strings.Join(missing, ", "))
	}
	return src, errs.Err()
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
		if value == "none" {
			src.Tape = NoTape
			break
		}
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
func (src *Source) tokenize(raw string, line int, errs *diag.ErrorList) {
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
				errs.Add(diag.At(src.File, line, col+1), "malformed move number %q (want %d. or %d...)", word[:dots], n, n)
				col += dots
				continue
			}
			src.Tokens = append(src.Tokens, Token{Text: word[:dots], Line: line, Col: col + 1, Number: n, Ellipsis: dots-digits == 3, IsNumber: true})
			col += dots
			continue
		}
		src.Tokens = append(src.Tokens, Token{Text: word, Line: line, Col: col + 1})
		col = end
	}
}
