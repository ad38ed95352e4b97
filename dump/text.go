package dump

import (
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/kim1-archive/microchess/diag"
)

// text is a text dump being read: its bytes, where its lines start (for
// file:line:col positions, found only when an error needs one) and the
// errors found so far.
type text struct {
	name   string
	data   []byte
	starts []int // offset of each line's first byte
	errs   diag.ErrorList
	cut    bool // the file ends inside a record
}

func newText(name string, data []byte) *text {
	t := &text{name: name, data: data, starts: []int{0}}
	// Lines end as diag.Lines says: LF, CR LF, or a lone CR.
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			t.starts = append(t.starts, i+1)
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// pos is the position of byte offset off: line and column from 1, the
// column counting characters as diag does (a byte that is not UTF-8 counts
// as one).
func (t *text) pos(off int) diag.Pos {
	line := sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > off }) - 1
	col := 1
	for i := t.starts[line]; i < off && i < len(t.data); {
		_, n := utf8.DecodeRune(t.data[i:])
		i += n
		col++
	}
	return diag.At(t.name, line+1, col)
}

func (t *text) errorf(off int, format string, args ...any) {
	t.errs.Add(t.pos(off), format, args...)
}

// where is the position of off as a string, for a message that names a
// second place.
func (t *text) where(off int) string { return t.pos(off).String() }

// lines calls f with each line's offset and its bytes, without the line end.
func (t *text) lines(f func(off int, line []byte)) {
	for i, s := range t.starts {
		end := len(t.data)
		if i+1 < len(t.starts) {
			end = t.starts[i+1]
		}
		line := t.data[s:end]
		for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
			line = line[:len(line)-1]
		}
		if s == len(t.data) && i > 0 {
			return // the empty "line" after a final line end
		}
		f(s, line)
	}
}

// hexValue is the value of an ASCII hex digit (either case), or -1.
func hexValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return -1
}

// hexRun is how many hex digits s starts with.
func hexRun(s []byte) int {
	n := 0
	for n < len(s) && hexValue(s[n]) >= 0 {
		n++
	}
	return n
}

// hexBytes decodes pairs of hex digits; s must be all hex digits, of even
// length.
func hexBytes(s []byte) []byte {
	out := make([]byte, len(s)/2)
	for i := range out {
		out[i] = byte(hexValue(s[2*i])<<4 | hexValue(s[2*i+1]))
	}
	return out
}

// show quotes a byte found where it does not belong, for a message.
func show(c byte) string {
	if c >= 0x20 && c < 0x7F {
		return fmt.Sprintf("%q", rune(c))
	}
	return fmt.Sprintf("byte %02X", c)
}

// isBlank is a character a text dump may hold around its records: spaces
// and tabs, and the NULs and CP/M end-of-file marks (Ctrl-Z) that old tools
// pad files with.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == 0 || c == 0x1A }

// trimBlank drops blank characters from both ends of a line, and reports
// how many it dropped at the start.
func trimBlank(line []byte) ([]byte, int) {
	lead := 0
	for lead < len(line) && isBlank(line[lead]) {
		lead++
	}
	end := len(line)
	for end > lead && isBlank(line[end-1]) {
		end--
	}
	return line[lead:end], lead
}

// OffsetError is an error in a binary file, at a byte offset.
type OffsetError struct {
	File   string
	Offset int
	Msg    string
}

func (e *OffsetError) Error() string {
	s := fmt.Sprintf("offset %d (0x%X): %s", e.Offset, e.Offset, e.Msg)
	if e.File != "" {
		s = e.File + ": " + s
	}
	return diag.Printable(s)
}

// finish ends a text reader: its errors, all at once, or the pieces read
// joined into d's segments.
func (t *text) finish(d *Dump, ps []piece) (*Dump, error) {
	if err := t.errs.Err(); err != nil {
		return nil, err
	}
	segs, err := join(ps)
	if err != nil {
		return nil, err
	}
	d.Segments = segs
	return d, nil
}
