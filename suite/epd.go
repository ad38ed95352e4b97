package suite

import (
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/diag"
)

// ParseEPD reads a suite of positions in EPD, as engine testers' suites
// come (UHO, 8moves and the like): one position a text line, its start,
// with no moves.
//
//	rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "1. e4";
//	rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
//
// A line is the four fields of a FEN (board, side to move, castling, en
// passant), or all six, then any operations, each an opcode, its operands
// and ';' (the last ';' may be left out; a string operand is in double
// quotes and may hold ';'). The id operation names the line; hmvc and fmvn
// set the halfmove clock and the move number (else 0 and 1, or the full
// FEN's); every other operation (c0, bm, ce, ...) is skipped. Blank lines
// and lines starting with '#' are skipped. A position must be playable
// (one king a side, the side not to move not in check, a legal move; see
// startPosition) and come once: two lines of the same position are an
// error, as in Parse. Errors come all together, sorted, as
// "file:line:col: message".
func ParseEPD(name string, r io.Reader) ([]Line, error) {
	text, err := readText(name, r)
	if err != nil {
		return nil, err
	}
	var lines []Line
	var errs diag.ErrorList
	seen := map[string]int{}
	for i, raw := range diag.Lines(text) {
		n := i + 1
		if tooManyErrors(&errs, diag.At(name, n, 1)) {
			break
		}
		errAt := func(off int, format string, args ...any) {
			errs.Add(diag.At(name, n, col(raw, off)), format, args...)
		}
		if bad := notText(raw); bad >= 0 {
			errAt(bad, "not text (a control character or bytes that are not UTF-8)")
			continue
		}
		if t := strings.TrimSpace(raw); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if len(lines) == maxLines {
			tooMany(&errs, diag.At(name, n, 1))
			break
		}
		l, given, ok := epdLine(raw, errAt)
		if !ok {
			continue
		}
		pos, err := checkStart(l.Start)
		var over *overError
		switch {
		case errors.As(err, &over):
			errAt(len(raw)-len(strings.TrimLeft(raw, " \t")), "%v", err)
			continue
		case err != nil:
			// Quoted as the line gives it, not as completed (" 0 1").
			errAt(len(raw)-len(strings.TrimLeft(raw, " \t")), "bad FEN %q: %v", given, err)
			continue
		}
		l.Start = pos.String()
		l.Pos = diag.Pos{File: name, Line: n}
		key := positionKey(pos)
		if first, dup := seen[key]; dup {
			errAt(len(raw)-len(strings.TrimLeft(raw, " \t")), "the same position as line %d", first)
			continue
		}
		seen[key] = n
		lines = append(lines, l)
	}
	if len(errs) == 0 && len(lines) == 0 {
		errs.Add(diag.At(name, 1, 1), "no positions (want lines \"FEN-fields operations\", as EPD)")
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return lines, nil
}

var (
	digitsRE = regexp.MustCompile(`^[0-9]{1,9}$`)
	opcodeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,14}$`)
)

// epdLine reads one EPD line into a Line with its Start (not yet checked
// as a position) and name, and says the FEN's fields as the line gives
// them (four, or all six).
func epdLine(raw string, errAt func(off int, format string, args ...any)) (Line, string, bool) {
	// words are the line's space-separated words with their offsets; a
	// quoted string is one word, quotes and all.
	type word struct {
		text string
		off  int
	}
	var words []word
	for off := 0; off < len(raw); {
		if c := raw[off]; c == ' ' || c == '\t' {
			off++
			continue
		}
		if len(words) == maxWords {
			errAt(off, "more than %d words: too long for an EPD line", maxWords)
			return Line{}, "", false
		}
		switch c := raw[off]; {
		case c == ';':
			words = append(words, word{";", off})
			off++
		case c == '"':
			end := strings.IndexByte(raw[off+1:], '"')
			if end < 0 {
				errAt(off, "string not closed: want a '\"' after it")
				return Line{}, "", false
			}
			words = append(words, word{raw[off : off+end+2], off})
			off += end + 2
		default:
			end := off
			for end < len(raw) && !strings.ContainsRune(" \t;\"", rune(raw[end])) {
				end++
			}
			words = append(words, word{raw[off:end], off})
			off = end
		}
	}
	if len(words) < 4 {
		errAt(len(raw)-len(strings.TrimLeft(raw, " \t")), "want a FEN's first four fields (board, side to move, castling, en passant), then operations")
		return Line{}, "", false
	}
	for _, w := range words[:4] {
		if w.text == ";" || strings.HasPrefix(w.text, `"`) {
			errAt(w.off, "want a FEN's first four fields (board, side to move, castling, en passant) before %q", w.text)
			return Line{}, "", false
		}
	}
	fen := []string{words[0].text, words[1].text, words[2].text, words[3].text, "0", "1"}
	last := words[3]
	ops := words[4:]
	if len(ops) > 0 && digitsRE.MatchString(ops[0].text) {
		// A full FEN: the halfmove clock and the move number.
		if len(ops) < 2 || !digitsRE.MatchString(ops[1].text) {
			errAt(ops[0].off, "a FEN's halfmove clock %s without its move number after it", ops[0].text)
			return Line{}, "", false
		}
		fen[4], fen[5] = ops[0].text, ops[1].text
		last = ops[1]
		ops = ops[2:]
	}
	var l Line
	for len(ops) > 0 {
		code := ops[0]
		if !opcodeRE.MatchString(code.text) {
			errAt(code.off, "bad opcode %q: want a letter and up to 14 letters, digits or '_'", code.text)
			return Line{}, "", false
		}
		end := 1
		for end < len(ops) && ops[end].text != ";" {
			end++
		}
		operands := ops[1:end]
		ops = ops[min(end+1, len(ops)):]
		one := func(what string) (string, bool) {
			if len(operands) != 1 {
				errAt(code.off, "%s wants one operand, %s, not %d", code.text, what, len(operands))
				return "", false
			}
			return operands[0].text, true
		}
		switch code.text {
		case "id":
			v, ok := one("the line's name")
			if !ok {
				return Line{}, "", false
			}
			l.Name = strings.TrimSpace(strings.Trim(v, `"`))
		case "hmvc", "fmvn":
			v, ok := one("a number")
			if !ok {
				return Line{}, "", false
			}
			if !digitsRE.MatchString(v) || (code.text == "fmvn" && strings.Trim(v, "0") == "") {
				errAt(operands[0].off, "%s %s: want a number, at least %d", code.text, v, map[string]int{"hmvc": 0, "fmvn": 1}[code.text])
				return Line{}, "", false
			}
			if code.text == "hmvc" {
				fen[4] = v
			} else {
				fen[5] = v
			}
		}
	}
	// The library reads the counters as numbers: leading zeros go.
	for i := 4; i < 6; i++ {
		n, _ := strconv.Atoi(fen[i])
		fen[i] = strconv.Itoa(n)
	}
	l.Start = strings.Join(fen, " ")
	return l, raw[words[0].off : last.off+len(last.text)], true
}
