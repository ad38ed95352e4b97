package tunable

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
)

// Apply writes the source with a vector's bytes (after Project): on each
// line that defines a declared byte whose value changes, the operand or
// the .BYTE entry is rewritten, a RANGE value as two hex digits, a choice
// as its operand expression as the declaration writes it (ADCIM 40 →
// ADCIM 48, ADCZ .WMOB → ADCZ .WCC). Nothing else changes: line ends,
// spacing and comments are kept, and a byte that keeps its value keeps
// its text. src must be the 1977-dialect source the program was
// assembled from.
func (s *Set) Apply(src asm.Source, v []int) (string, error) {
	out, err := s.ApplyEach([]asm.Source{src}, v)
	if err != nil {
		return "", err
	}
	return out[0], nil
}

// Files are the source files whose lines define the declared bytes, in
// the order of the first byte each defines (a patch's program: its base's
// source, then the patch's).
func (s *Set) Files() []string {
	var out []string
	for _, a := range s.Addresses() {
		if f := s.sites[a].stmt.Pos.File; !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// ApplyEach is Apply for a program built from several sources (a patch
// over its base): each source with the bytes its lines define changed. A
// byte that changes must be defined by one of srcs.
func (s *Set) ApplyEach(srcs []asm.Source, v []int) ([]string, error) {
	w, err := s.Project(v)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, src := range srcs {
		names = append(names, src.Name)
	}
	for i, p := range s.Params {
		b := p.Byte(w[i])
		for _, a := range p.Addrs {
			st := s.sites[a]
			if f := st.stmt.Pos.File; st.stmt.Bytes[a-st.stmt.Addr] != b && !slices.Contains(names, f) {
				return nil, fmt.Errorf("%04X (%s) is defined in %s, not in %s", a, p.Name, f, strings.Join(names, ", "))
			}
		}
	}
	out := make([]string, len(srcs))
	for k, src := range srcs {
		if out[k], err = s.applyFile(src, w); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// applyFile rewrites the bytes of a projected vector that src's lines
// define.
func (s *Set) applyFile(src asm.Source, w []int) (string, error) {
	if asm.DialectFor(src.Name) != asm.Dialect1977 {
		return "", fmt.Errorf("%s: only a source of the 1977 dialect (.asm) can be rewritten", src.Name)
	}
	var err error
	// edits by line number: column → new text
	edits := map[int]map[int]string{}
	for i, p := range s.Params {
		b := p.Byte(w[i])
		for _, a := range p.Addrs {
			st := s.sites[a]
			if st.stmt.Bytes[a-st.stmt.Addr] == b || st.stmt.Pos.File != src.Name {
				continue
			}
			text := fmt.Sprintf("%02X", b)
			if p.Kind == Choice {
				text = p.Choices[w[i]].Text
			}
			line := st.stmt.Pos.Line
			if edits[line] == nil {
				edits[line] = map[int]string{}
			}
			edits[line][st.expr.Pos.Col] = text
		}
	}
	body, bom := strings.CutPrefix(src.Text, diag.BOM)
	var out strings.Builder
	if bom {
		out.WriteString(diag.BOM)
	}
	lineNo := 0
	for len(body) > 0 {
		lineNo++
		end := strings.IndexAny(body, "\r\n")
		if end < 0 {
			end = len(body)
		}
		sep := end
		if sep < len(body) {
			sep++
			if body[end] == '\r' && sep < len(body) && body[sep] == '\n' {
				sep++
			}
		}
		line := body[:end]
		if cols := edits[lineNo]; cols != nil {
			line, err = s.rewrite(src.Name, lineNo, line, cols)
			if err != nil {
				return "", err
			}
		}
		out.WriteString(line)
		out.WriteString(body[end:sep])
		body = body[sep:]
	}
	return out.String(), nil
}

// rewrite replaces the words at the columns given (columns count
// characters, as positions do) in one line, after checking that the line
// is the one the program was assembled from.
func (s *Set) rewrite(file string, lineNo int, line string, cols map[int]string) (string, error) {
	var want string
	for _, st := range s.sites {
		if st.stmt.Pos.File == file && st.stmt.Pos.Line == lineNo {
			want = st.stmt.Text
			break
		}
	}
	if strings.TrimRight(line, " \t") != want {
		return "", fmt.Errorf("%s:%d: the line is not the one the program was assembled from", file, lineNo)
	}
	var out strings.Builder
	col := 1
	for i := 0; i < len(line); {
		if text, ok := cols[col]; ok {
			n := strings.IndexAny(line[i:], " \t;")
			if n < 0 {
				n = len(line) - i
			}
			out.WriteString(text)
			col += utf8.RuneCountInString(line[i : i+n])
			i += n
			continue
		}
		_, size := utf8.DecodeRuneInString(line[i:])
		out.WriteString(line[i : i+size])
		i += size
		col++
	}
	return out.String(), nil
}
