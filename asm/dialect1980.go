package asm

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/isa"
)

// The 1980 dialect is the one Garold Stone's upgrade listing is printed in:
// optional four-digit line numbers, free-form labels, standard mnemonics,
// $hex and #$ immediates, *SYM for page zero, ,X / ,Y, LSR A, ; comments,
// .BA (origin) and .EN (end). The printed ADDR- BYTES columns are output,
// not source. Unlike 1977 it is not column-sensitive: a mnemonic is a
// token of its own, so a label can be any other name.

func mnemonicPattern() string {
	seen := map[string]bool{}
	var names []string
	for _, op := range isa.Table {
		if !seen[op.Mnemonic] {
			seen[op.Mnemonic] = true
			names = append(names, op.Mnemonic)
		}
	}
	return `(?i)\b(` + strings.Join(names, "|") + `)\b`
}

var lex1980 = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `;[^\n]*`},
	{Name: "Directive", Pattern: `\.[A-Za-z]+`},
	{Name: "Hex", Pattern: `\$[0-9A-Fa-f]+`},
	{Name: "Dec", Pattern: `[0-9]+`},
	{Name: "Mnemonic", Pattern: mnemonicPattern()},
	{Name: "Ident", Pattern: `[A-Za-z][A-Za-z0-9]*`},
	{Name: "Punct", Pattern: `[#*,()+\-]`},
	{Name: "WS", Pattern: `[ \t]+`},
})

type line1980 struct {
	LineNo    *token1980 `parser:"@@?"`
	Named     *named1980 `parser:"( @@"`
	Plain     *plain1980 `parser:"| @@"`
	LabelOnly *ident1980 `parser:"| @@ )?"`
	Comment   *string    `parser:"@Comment?"`
}

// named1980 is a name before a directive. Because the directive follows,
// the name may be spelled like a mnemonic: Stone's listing uses BCC (the
// opponent's capture count) as a variable.
type named1980 struct {
	Label     *ident1980  `parser:"@@"`
	Directive *direct1980 `parser:"@@"`
}

// plain1980 is an optional label then an instruction or a directive.
type plain1980 struct {
	Label     *plainLabel `parser:"@@?"`
	Instr     *instr1980  `parser:"( @@"`
	Directive *direct1980 `parser:"| @@ )"`
}

// plainLabel is a label before an instruction: not a mnemonic, or the
// line would be ambiguous.
type plainLabel struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type token1980 struct {
	Pos  lexer.Position
	Text string `parser:"@Dec"`
}

// ident1980 is a label. A name spelled like a mnemonic (Stone's BCC, the
// opponent's capture count) is a label only before a directive (BCC .DE
// $E5); anywhere else it is the instruction.
type ident1980 struct {
	Pos  lexer.Position
	Name string `parser:"( @Ident | @Mnemonic (?= Directive) )"`
}

type instr1980 struct {
	Pos      lexer.Position
	Mnemonic string       `parser:"@Mnemonic"`
	Operand  *operand1980 `parser:"@@?"`
}

type direct1980 struct {
	Pos  lexer.Position
	Name string      `parser:"@Directive"`
	Args []*expr1980 `parser:"( @@ ( ','? @@ )* )?"`
}

// operand1980 is one of: #expr, (expr,X), (expr),Y, (expr), *expr[,X|,Y],
// expr[,X|,Y]. The index register is an Ident token (X or Y).
type operand1980 struct {
	Pos       lexer.Position
	Immediate *expr1980     `parser:"  '#' @@"`
	Indirect  *indirect1980 `parser:"| '(' @@"`
	ZeroPage  bool          `parser:"| ( @'*'?"`
	Expr      *expr1980     `parser:"    @@"`
	Index     *string       `parser:"    ( ',' @Ident )? )"`
}

type indirect1980 struct {
	Expr   *expr1980 `parser:"@@"`
	XIndex *string   `parser:"( ',' @Ident ')'"`
	YIndex *string   `parser:"| ')' ( ',' @Ident )? )"`
}

type expr1980 struct {
	Pos    lexer.Position
	Atom   string  `parser:"( @Hex | @Dec | @Ident | @Mnemonic )"` // SBC *BCC: a symbol may be spelled like a mnemonic
	Sign   *string `parser:"( @( '+' | '-' )"`
	Offset string  `parser:"  ( @Hex | @Dec ) )?"`
}

var parser1980 = participle.MustBuild[line1980](
	participle.Lexer(lex1980),
	participle.Elide("WS"),
	participle.UseLookahead(3),
)

// Parse1980 reads a source in the 1980 dialect. A line's statement number
// is its printed line number when it has one, else its line in the file.
func Parse1980(file, src string) ([]*Stmt, diag.ErrorList) {
	var errs diag.ErrorList
	var stmts []*Stmt
	ended := false
	lines := newLineParser(parser1980, file)
	for i, text := range diag.Lines(src) {
		text = strings.TrimRight(text, " \t\r")
		lineNo := i + 1
		s := &Stmt{Pos: diag.At(file, lineNo, 1), Text: text, Number: lineNo}
		stmts = append(stmts, s)
		if ended {
			if strings.TrimSpace(text) != "" {
				s.Comment = text // text after .EN is not assembled
			}
			continue
		}
		parsed, err := lines.parse(text)
		if err != nil {
			col := 1
			if pe, ok := err.(participle.Error); ok {
				col = pe.Position().Column
			}
			errs.Add(diag.At(file, lineNo, col), "%s", plainParseError(err))
			continue
		}
		ended = interpret1980(s, parsed, &errs)
	}
	return stmts, errs
}

func interpret1980(s *Stmt, l *line1980, errs *diag.ErrorList) (ended bool) {
	at := func(p lexer.Position) diag.Pos { return diag.At(s.Pos.File, s.Pos.Line, p.Column) }
	if l.LineNo != nil {
		n, err := strconv.Atoi(l.LineNo.Text)
		if err != nil || len(l.LineNo.Text) != 4 {
			errs.Add(at(l.LineNo.Pos), "line number %s: want four digits", l.LineNo.Text)
		} else {
			s.Number = n
		}
	}
	if l.Comment != nil {
		s.Comment = *l.Comment
	}
	var label *ident1980
	var instr *instr1980
	var directive *direct1980
	switch {
	case l.Named != nil:
		label, directive = l.Named.Label, l.Named.Directive
	case l.Plain != nil:
		instr, directive = l.Plain.Instr, l.Plain.Directive
		if l.Plain.Label != nil {
			label = &ident1980{Pos: l.Plain.Label.Pos, Name: l.Plain.Label.Name}
		}
	case l.LabelOnly != nil:
		label = l.LabelOnly
	}
	if label != nil {
		// Numbers carry a $ here, so a name of hex letters (Stone's BCC) is
		// no number: only the spelling rule applies, not the 1977 hex rule.
		s.Label, s.LabelPos = strings.ToUpper(label.Name), at(label.Pos)
		checkName(s.Label, s.LabelPos, errs)
	}
	switch {
	case instr != nil:
		s.Kind = KindInstr
		instr1980ToStmt(s, instr, at, errs)
	case directive != nil:
		return directive1980(s, directive, at, errs)
	}
	return false
}

func directive1980(s *Stmt, d *direct1980, at func(lexer.Position) diag.Pos, errs *diag.ErrorList) (ended bool) {
	name := strings.ToUpper(d.Name)
	one := func() *Expr {
		if len(d.Args) != 1 {
			errs.Add(at(d.Pos), "%s takes one value", name)
			return nil
		}
		return expr1980ToExpr(d.Args[0], at, errs)
	}
	switch name {
	case ".BA": // begin address
		s.Kind = KindOrigin
		s.Operand = one()
	case ".DE": // define: NAME .DE value
		s.Kind = KindEquate
		if s.Label == "" {
			errs.Add(at(d.Pos), ".DE needs a name before it")
		}
		s.Operand = one()
	case ".BY": // bytes
		s.Kind = KindData
		for _, a := range d.Args {
			s.Data = append(s.Data, *expr1980ToExpr(a, at, errs))
		}
		if len(s.Data) == 0 {
			errs.Add(at(d.Pos), ".BY needs at least one byte")
		}
	case ".EN":
		if len(d.Args) != 0 {
			errs.Add(at(d.Pos), ".EN takes no value")
		}
		return true
	default:
		errs.Add(at(d.Pos), "unknown directive %s (known: .BA .DE .BY .EN)", d.Name)
	}
	return false
}

func instr1980ToStmt(s *Stmt, in *instr1980, at func(lexer.Position) diag.Pos, errs *diag.ErrorList) {
	m := strings.ToUpper(in.Mnemonic)
	modes := isa.Modes(m)
	pos := at(in.Pos)
	mode, ok := isa.Implied, true
	o := in.Operand
	switch {
	case o == nil:
		switch {
		case hasMode(modes, isa.Implied):
			mode = isa.Implied
		default:
			errs.Add(pos, "%s needs an operand", m)
			return
		}
	case o.Immediate != nil:
		mode = isa.Immediate
		s.Operand = expr1980ToExpr(o.Immediate, at, errs)
	case o.Indirect != nil:
		s.Operand = expr1980ToExpr(o.Indirect.Expr, at, errs)
		switch {
		case o.Indirect.XIndex != nil:
			mode, ok = isa.IndirectX, strings.EqualFold(*o.Indirect.XIndex, "X")
		case o.Indirect.YIndex != nil:
			mode, ok = isa.IndirectY, strings.EqualFold(*o.Indirect.YIndex, "Y")
		default:
			mode = isa.Indirect
		}
		if !ok {
			errs.Add(at(o.Pos), "bad index register in %s", s.Text[o.Pos.Offset:])
			return
		}
	case o.Expr != nil && o.Index == nil && !o.ZeroPage && strings.EqualFold(o.Expr.Atom, "A") && o.Expr.Sign == nil && hasMode(modes, isa.Accumulator):
		mode = isa.Accumulator
	default:
		s.Operand = expr1980ToExpr(o.Expr, at, errs)
		index := ""
		if o.Index != nil {
			index = strings.ToUpper(*o.Index)
		}
		switch {
		case index == "" && hasMode(modes, isa.Relative):
			mode = isa.Relative
		case index == "" && o.ZeroPage:
			mode = isa.ZeroPage
		case index == "":
			mode = isa.Absolute
		case index == "X" && o.ZeroPage:
			mode = isa.ZeroPageX
		case index == "X":
			mode = isa.AbsoluteX
		case index == "Y" && o.ZeroPage:
			mode = isa.ZeroPageY
		case index == "Y":
			mode = isa.AbsoluteY
		default:
			errs.Add(at(o.Pos), "bad index register %s: want X or Y", *o.Index)
			return
		}
	}
	if !hasMode(modes, mode) {
		errs.Add(pos, "%s has no %s mode", m, mode)
		return
	}
	s.Mnemonic, s.Mode = m, mode
}

func expr1980ToExpr(x *expr1980, at func(lexer.Position) diag.Pos, errs *diag.ErrorList) *Expr {
	e := &Expr{Pos: at(x.Pos)}
	num := func(t string) (int, bool) {
		base := 10
		if strings.HasPrefix(t, "$") {
			t, base = t[1:], 16
		}
		v, err := strconv.ParseInt(t, base, 32)
		return int(v), err == nil && v <= 0xFFFF
	}
	if v, ok := num(x.Atom); ok {
		e.Offset = v
	} else if x.Atom[0] == '$' || x.Atom[0] >= '0' && x.Atom[0] <= '9' {
		errs.Add(e.Pos, "number %s is wider than 16 bits", x.Atom)
	} else {
		e.Sym = strings.ToUpper(x.Atom)
	}
	if x.Sign != nil {
		v, ok := num(x.Offset)
		if !ok {
			errs.Add(e.Pos, "offset %s is wider than 16 bits", x.Offset)
		}
		if *x.Sign == "-" {
			v = -v
		}
		e.Offset += v
	}
	return e
}
