package asm

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/isa"
)

// The 1977 dialect is column-oriented: a word in column 1 is a label, the
// next word the mnemonic with its mode suffix, then an operand if the mode
// takes one, then a comment with no delimiter. Whether a word is an operand
// or a comment depends on the mnemonic, so the grammar only splits a line
// into its words; interpret1977 gives them meaning.

var lex1977 = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `;[^\n]*`},
	{Name: "Mark", Pattern: `\+\+\+`},
	{Name: "Word", Pattern: `[^\s;]+`},
	{Name: "WS", Pattern: `[ \t]+`},
})

type line1977 struct {
	Head *head1977 `parser:"@@?"`
	Body *body1977 `parser:"@@?"`
}

type head1977 struct {
	Pos     lexer.Position
	Comment *string `parser:"  @Comment"`
	Mark    bool    `parser:"| @Mark"`
	Label   *string `parser:"| @Word"`
}

type body1977 struct {
	WS      string      `parser:"@WS"`
	Comment *string     `parser:"( @Comment"`
	Words   []*word1977 `parser:"| @@ ( WS @@ )* )?"`
}

type word1977 struct {
	Pos     lexer.Position
	Word    string  `parser:"  @Word"`
	Comment *string `parser:"| @Comment"`
}

var parser1977 = participle.MustBuild[line1977](participle.Lexer(lex1977))

// Mode suffixes of the 1977 dialect. Unsuffixed means absolute for JMP/JSR,
// relative for branches, implied for implied-only mnemonics, and otherwise
// "direct": zero page when the operand is known to fit, else absolute.
var suffix1977 = map[string]isa.Mode{
	"Z": isa.ZeroPage, "ZX": isa.ZeroPageX, "ZY": isa.ZeroPageY,
	"IM": isa.Immediate, "A": isa.Accumulator,
	"AX": isa.AbsoluteX, "AY": isa.AbsoluteY,
	"IX": isa.IndirectX, "IY": isa.IndirectY, "I": isa.Indirect,
}

// Suffix1977 returns the 1977 spelling's suffix for a mode ("" for the
// unsuffixed forms), for tests and documentation.
func Suffix1977(m isa.Mode) string {
	for s, mode := range suffix1977 {
		if mode == m {
			return s
		}
	}
	return ""
}

// Parse1977 reads a source in the 1977 dialect into statements. All errors
// of the file are returned together.
func Parse1977(file, src string) ([]*Stmt, diag.ErrorList) {
	var errs diag.ErrorList
	var stmts []*Stmt
	number := 0
	lines := newLineParser(parser1977, file)
	for i, text := range diag.Lines(src) {
		text = strings.TrimRight(text, " \t\r")
		lineNo := i + 1
		pos := diag.At(file, lineNo, 1)
		s := &Stmt{Pos: pos, Text: text}
		stmts = append(stmts, s)
		if t := strings.TrimLeft(text, " \t"); t != text && strings.HasPrefix(t, "+++") {
			errs.Add(diag.At(file, lineNo, len(text)-len(t)+1), "a +++ segment mark must start in column 1")
			continue
		}
		parsed, err := lines.parse(text)
		if err != nil {
			col := 1
			if pe, ok := err.(participle.Error); ok {
				col = pe.Position().Column
			}
			errs.Add(diag.At(file, lineNo, col), "%s", plainParseError(err))
			number++
			s.Number = number
			continue
		}
		interpret1977(s, parsed, &errs)
		if s.Kind != KindOrigin {
			number++
			s.Number = number
		}
	}
	return stmts, errs
}

// lineParser parses a file's lines with a participle grammar. It keeps the
// tree of each distinct line: a tree holds positions within its line only
// (the line number is added by the caller) and is only read afterwards, so
// a line that recurs (a run of NOPs, ruler comments) is parsed once.
type lineParser[T any] struct {
	p    *participle.Parser[T]
	file string
	seen map[string]*T
}

func newLineParser[T any](p *participle.Parser[T], file string) *lineParser[T] {
	return &lineParser[T]{p: p, file: file, seen: map[string]*T{}}
}

func (lp *lineParser[T]) parse(text string) (*T, error) {
	if t, ok := lp.seen[text]; ok {
		return t, nil
	}
	t, err := parseLine(lp.p, lp.file, text)
	if err == nil {
		lp.seen[text] = t
	}
	return t, err
}

// parseLine runs a participle parser on one line. A grammar defect must
// never reach a user as a stack trace, so a parser panic becomes an error
// at the start of the line.
func parseLine[T any](p *participle.Parser[T], file, text string) (parsed *T, err error) {
	defer func() {
		if r := recover(); r != nil {
			parsed, err = nil, fmt.Errorf("the parser could not read this line (%v)", r)
		}
	}()
	return p.ParseString(file, text)
}

// plainParseError drops participle's "(expected GrammarType)" hints, which
// name Go types rather than anything a user wrote.
func plainParseError(err error) string {
	msg := err.Error()
	if pe, ok := err.(participle.Error); ok {
		msg = pe.Message()
	}
	if i := strings.Index(msg, " (expected "); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

func interpret1977(s *Stmt, l *line1977, errs *diag.ErrorList) {
	at := func(p lexer.Position) diag.Pos { return diag.At(s.Pos.File, s.Pos.Line, p.Column) }
	var words []*word1977
	if l.Body != nil {
		if l.Body.Comment != nil {
			s.Comment = *l.Body.Comment
		}
		words = l.Body.Words
	}
	if l.Head != nil {
		switch {
		case l.Head.Comment != nil:
			s.Comment = *l.Head.Comment
			return
		case l.Head.Mark:
			s.Kind = KindOrigin
			if len(words) == 0 || words[0].Comment != nil {
				errs.Add(at(l.Head.Pos), "+++ needs the new origin as its operand")
				return
			}
			s.Operand = parseExpr1977(words[0].Word, at(words[0].Pos), errs)
			s.Comment = restText(s.Text, words[1:])
			return
		default:
			s.Label = *l.Head.Label
			s.LabelPos = at(l.Head.Pos)
			checkSymbolName(s.Label, s.LabelPos, errs)
		}
	}
	if len(words) == 0 {
		return
	}
	if words[0].Comment != nil {
		s.Comment = *words[0].Comment
		return
	}
	op, opPos := strings.ToUpper(words[0].Word), at(words[0].Pos)
	rest := words[1:]
	switch op {
	case "=":
		s.Kind = KindEquate
		if s.Label == "" {
			errs.Add(opPos, "= needs a name in column 1")
		}
		if len(rest) == 0 || rest[0].Comment != nil {
			errs.Add(opPos, "= needs a value")
			return
		}
		s.Operand = parseExpr1977(rest[0].Word, at(rest[0].Pos), errs)
		s.Comment = restText(s.Text, rest[1:])
		return
	case ".BYTE":
		s.Kind = KindData
		for i, w := range rest {
			if w.Comment != nil {
				s.Comment = restText(s.Text, rest[i:])
				break
			}
			s.Data = append(s.Data, *parseExpr1977(w.Word, at(w.Pos), errs))
		}
		if len(s.Data) == 0 {
			errs.Add(opPos, ".BYTE needs at least one byte")
		}
		return
	}
	s.Kind = KindInstr
	if !mnemonic1977(s, op, opPos, errs) {
		return
	}
	if s.Mode == isa.Implied || s.Mode == isa.Accumulator {
		s.Comment = restText(s.Text, rest)
		return
	}
	if len(rest) == 0 || rest[0].Comment != nil {
		errs.Add(opPos, "%s needs an operand", op)
		return
	}
	s.Operand = parseExpr1977(rest[0].Word, at(rest[0].Pos), errs)
	s.Comment = restText(s.Text, rest[1:])
}

// mnemonic1977 splits a word such as LDAZX into mnemonic and mode.
func mnemonic1977(s *Stmt, word string, pos diag.Pos, errs *diag.ErrorList) bool {
	if len(word) < 3 || !isa.IsMnemonic(word[:3]) {
		errs.Add(pos, "unknown mnemonic %s", word)
		return false
	}
	base, suffix := word[:3], word[3:]
	modes := isa.Modes(base)
	if suffix == "" {
		switch {
		case hasMode(modes, isa.Relative):
			s.Mode = isa.Relative
		case hasMode(modes, isa.Implied):
			s.Mode = isa.Implied
		case hasMode(modes, isa.Absolute):
			s.Mode = isa.Absolute
			s.MayShrink = hasMode(modes, isa.ZeroPage)
		default:
			errs.Add(pos, "%s needs a mode suffix (%s)", base, suffixList(modes))
			return false
		}
		s.Mnemonic = base
		return true
	}
	mode, ok := suffix1977[suffix]
	if !ok {
		errs.Add(diag.At(pos.File, pos.Line, pos.Col+3), "unknown mode suffix %s in %s (known: Z ZX ZY IM A AX AY IX IY I)", suffix, word)
		return false
	}
	if !hasMode(modes, mode) {
		errs.Add(diag.At(pos.File, pos.Line, pos.Col+3), "%s has no %s mode (%s takes %s)", word, mode, base, suffixList(modes))
		return false
	}
	s.Mnemonic, s.Mode = base, mode
	return true
}

func hasMode(modes map[isa.Mode]isa.Op, m isa.Mode) bool { _, ok := modes[m]; return ok }

func suffixList(modes map[isa.Mode]isa.Op) string {
	var out []string
	for m := isa.Mode(0); m < isa.NumModes; m++ {
		if !hasMode(modes, m) {
			continue
		}
		switch s := Suffix1977(m); {
		case s != "":
			out = append(out, s)
		case m == isa.Absolute || m == isa.Relative || m == isa.Implied:
			out = append(out, "no suffix")
		}
	}
	return strings.Join(out, ", ")
}

// restText returns the source text from the first word given to the end of
// the line: a comment keeps its own spacing.
func restText(text string, words []*word1977) string {
	if len(words) == 0 {
		return ""
	}
	off := words[0].Pos.Offset
	if off > len(text) {
		return ""
	}
	return text[off:]
}

// parseExpr1977 reads an operand: HEX, SYMBOL, SYMBOL+HEX or SYMBOL-HEX.
func parseExpr1977(word string, pos diag.Pos, errs *diag.ErrorList) *Expr {
	e := &Expr{Pos: pos}
	sym, off, sign := word, "", 0
	if i := strings.IndexAny(word[1:], "+-"); i >= 0 {
		sym, off = word[:i+1], word[i+2:]
		sign = 1
		if word[i+1] == '-' {
			sign = -1
		}
	}
	if isHex(sym) && sign == 0 {
		v, _ := parseHex(sym)
		if len(sym) > 4 {
			errs.Add(pos, "number %s has %d digits: a value is at most 4 hex digits (0000–FFFF)", sym, len(sym))
		}
		e.Offset = v
		return e
	}
	if isHex(sym) {
		errs.Add(pos, "operand %s: expected SYMBOL+HEX or SYMBOL-HEX", word)
		return e
	}
	if !checkSymbolName(sym, pos, errs) {
		return e
	}
	if sign != 0 {
		v, ok := parseHex(off)
		if !ok || len(off) > 4 {
			errs.Add(diag.At(pos.File, pos.Line, pos.Col+len(sym)+1), "bad offset %q in %s: expected hex digits", off, word)
			return e
		}
		e.Offset = sign * v
	}
	e.Sym = sym
	return e
}

func isHex(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune("0123456789ABCDEFabcdef", c) {
			return false
		}
	}
	return true
}

func parseHex(s string) (int, bool) {
	if !isHex(s) || len(s) > 8 {
		return 0, false
	}
	var v int
	fmt.Sscanf(s, "%x", &v)
	return v, true
}

// checkSymbolName accepts NAME, .NAME and *NAME: a letter then letters or
// digits. In the 1977 dialect a bare name made only of hex digits would
// read as a number, so it is refused.
func checkSymbolName(name string, pos diag.Pos, errs *diag.ErrorList) bool {
	if !checkName(name, pos, errs) {
		return false
	}
	if strings.TrimLeft(name, ".*") == name && isHex(name) {
		errs.Add(pos, "label %s reads as the hex number %s; choose another name", name, name)
		return false
	}
	return true
}

// checkName is the spelling rule both dialects share.
func checkName(name string, pos diag.Pos, errs *diag.ErrorList) bool {
	body := strings.TrimLeft(name, ".*")
	if len(name)-len(body) > 1 || body == "" {
		errs.Add(pos, "bad symbol %q: a name is a letter then letters or digits, optionally after one . or *", name)
		return false
	}
	for i, c := range body {
		letter := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
		digit := c >= '0' && c <= '9'
		if !letter && !(digit && i > 0) {
			errs.Add(pos, "bad symbol %q: a name is a letter then letters or digits, optionally after one . or *", name)
			return false
		}
	}
	return true
}
