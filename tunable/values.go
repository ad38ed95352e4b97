package tunable

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
)

// A values file gives some of a Set's parameters a value: what a tuned
// program holds, over the source its declarations name (docs/tuning.md).
// It is written in the column style of the declarations: a parameter's
// name in column 1, its value, then a comment with no delimiter; a line
// that starts with ; is a comment, and so is everything from a ;.
//
//	BIASQ	7E	A RANGE: THE BYTE, IN HEX
//	FBCAP1	.SETW+2	A CHOICE: ONE OF ITS CHOICES, AS DECLARED
//
// A parameter the file does not name keeps the value the source gives
// it.

type valuesLine struct {
	Head *valuesHead `parser:"@@?"`
	Body *valuesBody `parser:"@@?"`
}

type valuesHead struct {
	Pos     lexer.Position
	Comment *string `parser:"  @Comment"`
	Name    *string `parser:"| @Word"`
}

type valuesBody struct {
	WS      string     `parser:"@WS"`
	Comment *string    `parser:"( @Comment"`
	Value   *operand   `parser:"| @@ )?"`
	Rest    *restWords `parser:"( WS @@ )?"`
}

var parserValues = participle.MustBuild[valuesLine](participle.Lexer(lexTune), participle.CaseInsensitive("Word"))

// ReadValues reads a values file (above) into a vector: the value of every
// parameter it names, the source's own (Current) for the others. The file
// is refused, with every error at its file:line:col, when a name is not a
// parameter or is named twice, a value is outside its parameter's range
// or none of its choices, or the values break an ORDER line.
func (s *Set) ReadValues(file asm.Source) ([]int, error) {
	var errs diag.ErrorList
	v := s.Current()
	index := map[string]int{}
	for i, p := range s.Params {
		index[strings.ToUpper(p.Name)] = i
	}
	named := map[int]diag.Pos{}
	for n, text := range diag.Lines(file.Text) {
		text = strings.TrimRight(text, " \t\r")
		lineNo := n + 1
		l, err := asm.ParseLine(parserValues, file.Name, text)
		if err != nil {
			col, msg := asm.LineError(err)
			msg = strings.Replace(msg, `unexpected token "<EOF>"`, "the line ends too early", 1)
			errs.Add(diag.At(file.Name, lineNo, col), "%s", msg)
			continue
		}
		at := func(p lexer.Position) diag.Pos { return diag.At(file.Name, lineNo, p.Column) }
		if l.Head == nil {
			if l.Body != nil && l.Body.Value != nil {
				errs.Add(at(l.Body.Value.Pos), "a value needs its parameter's name in column 1")
			}
			continue
		}
		if l.Head.Comment != nil {
			continue
		}
		name, pos := *l.Head.Name, at(l.Head.Pos)
		if l.Body == nil || l.Body.Value == nil {
			errs.Add(pos, "%s needs a value after it", name)
			continue
		}
		i, ok := index[strings.ToUpper(name)]
		if !ok {
			errs.Add(pos, "%s is not a parameter of %s", name, s.File)
			continue
		}
		if first, dup := named[i]; dup {
			errs.Add(pos, "%s is given a value twice (first at %s)", name, first)
			continue
		}
		named[i] = pos
		val, vpos := l.Body.Value, at(l.Body.Value.Pos)
		if k, ok := s.Params[i].valueOf(val.text()); ok {
			v[i] = k
		} else {
			errs.Add(vpos, "%s: %s", name, s.Params[i].refusal(val.text()))
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	w, err := s.Project(v)
	if err != nil {
		return nil, err
	}
	for i, p := range s.Params {
		if w[i] != v[i] {
			if pos, ok := named[i]; ok {
				errs.Add(pos, "%s %s breaks an ORDER line of %s (it would be held to %s)", p.Name, p.ValueText(v[i]), s.File, p.ValueText(w[i]))
			} else {
				errs.Add(diag.At(file.Name, 1, 1), "%s, not named, keeps the source's %s, which breaks an ORDER line of %s with these values (it would be held to %s)", p.Name, p.ValueText(v[i]), s.File, p.ValueText(w[i]))
			}
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return v, nil
}

// valueOf reads a value as a values file writes it: for a Range two hex
// digits within its range, for a Choice one of its choices as the
// declaration writes it (upper and lower case alike).
func (p *Param) valueOf(text string) (int, bool) {
	if p.Kind == Choice {
		for k, o := range p.Choices {
			if strings.EqualFold(o.Text, text) {
				return k, true
			}
		}
		return 0, false
	}
	b, ok := hexByte(text)
	if !ok || b < p.Lo || b > p.Hi {
		return 0, false
	}
	return b, true
}

// refusal says why text is no value of the parameter.
func (p *Param) refusal(text string) string {
	if p.Kind == Choice {
		return fmt.Sprintf("%s is none of its choices (%s)", text, p.ValuesText())
	}
	if _, ok := hexByte(text); !ok {
		return fmt.Sprintf("%s is not a byte in hex (00–FF)", text)
	}
	return fmt.Sprintf("%s is outside its range %s", text, p.ValuesText())
}

func hexByte(text string) (int, bool) {
	if text == "" || len(text) > 2 {
		return 0, false
	}
	v := 0
	for _, c := range strings.ToUpper(text) {
		d := strings.IndexRune("0123456789ABCDEF", c)
		if d < 0 {
			return 0, false
		}
		v = v*16 + d
	}
	return v, true
}

// FormatValues writes a values file that ReadValues reads back: the
// header lines (each made a comment), then one line for each parameter
// named in which (indexes of Params, in the order of the declarations),
// its value in v as the file writes it: a Range's byte in hex, a Choice's
// text as declared.
func (s *Set) FormatValues(header []string, v []int, which []int) (string, error) {
	if len(v) != len(s.Params) {
		return "", fmt.Errorf("%s: a vector needs %d values, one per parameter; got %d", s.File, len(s.Params), len(v))
	}
	var b strings.Builder
	for _, h := range header {
		fmt.Fprintf(&b, ";\t%s\n", h)
	}
	seen := map[int]bool{}
	for _, i := range which {
		seen[i] = true
	}
	for i, p := range s.Params {
		if !seen[i] {
			continue
		}
		if v[i] < p.Min() || v[i] > p.Max() {
			return "", fmt.Errorf("%s: %d is outside its values", p.Name, v[i])
		}
		text := fmt.Sprintf("%02X", v[i])
		if p.Kind == Choice {
			text = p.Choices[v[i]].Text
		}
		fmt.Fprintf(&b, "%s\t%s\n", p.Name, text)
	}
	return b.String(), nil
}
