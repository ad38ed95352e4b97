package tunable

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
)

// A declaration file is written in the column style of the 1977 dialect
// (docs/tuning.md): a parameter's name in column 1, then its kind, its
// addresses and its values, each one word, then a comment with no
// delimiter. Lists inside a word are joined by commas, so that the
// columns stay one word each and the comment needs no ;.
//
//	QUEEN	RANGE	.POINTS+1	06-14	QUEEN'S VALUE
//	PAWNS	RANGE	.POINTS+8:.POINTS+F	01-04	ALL EIGHT PAWNS
//	QWMOB	CHOICE	STRATGY+4	.WMOB,.WMAXC,.SETW+2	A TERM'S COUNT
//		ORDER	KING>QUEEN>=ROOKS

var lexTune = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `;[^\n]*`},
	{Name: "WS", Pattern: `[ \t]+`},
	{Name: "Rel", Pattern: `>=|>`},
	{Name: "Punct", Pattern: `[,:+-]`},
	{Name: "Word", Pattern: `[.*]?[A-Za-z0-9]+`},
	{Name: "Other", Pattern: `[^\s]`},
})

type tuneLine struct {
	Head *tuneHead `parser:"@@?"`
	Body *tuneBody `parser:"@@?"`
}

type tuneHead struct {
	Pos     lexer.Position
	Comment *string `parser:"  @Comment"`
	Name    *string `parser:"| @Word"`
}

type tuneBody struct {
	WS      string    `parser:"@WS"`
	Comment *string   `parser:"( @Comment"`
	Decl    *tuneDecl `parser:"| @@ )?"`
}

type tuneDecl struct {
	Pos     lexer.Position
	Range   *rangeDecl  `parser:"(  'RANGE' WS @@"`
	Choice  *choiceDecl `parser:" | 'CHOICE' WS @@"`
	Order   *orderDecl  `parser:" | 'ORDER' WS @@"`
	Unknown *string     `parser:" | @!( 'RANGE' | 'CHOICE' | 'ORDER' ) )"`
	Rest    *restWords  `parser:"( WS @@ )?"`
}

type rangeDecl struct {
	Addrs []*spanExpr `parser:"@@ ( ',' @@ )*"`
	WS    string      `parser:"WS"`
	Lo    *number     `parser:"@@ '-'"`
	Hi    *number     `parser:"@@"`
}

type choiceDecl struct {
	Addrs   []*spanExpr `parser:"@@ ( ',' @@ )*"`
	WS      string      `parser:"WS"`
	Choices []*operand  `parser:"@@ ( ',' @@ )*"`
}

type orderDecl struct {
	First *nameRef    `parser:"@@"`
	Links []*orderRel `parser:"@@*"`
}

type orderRel struct {
	Rel  string   `parser:"@Rel"`
	Name *nameRef `parser:"@@"`
}

type nameRef struct {
	Pos  lexer.Position
	Name string `parser:"@Word"`
}

type number struct {
	Pos  lexer.Position
	Text string `parser:"@Word"`
}

// spanExpr is one address or, with a colon, every address from the first
// to the last.
type spanExpr struct {
	From *operand `parser:"@@"`
	To   *operand `parser:"( ':' @@ )?"`
}

// operand is an operand expression of the 1977 dialect; the assembler's
// own reader (asm.ParseOperand1977) gives it meaning.
type operand struct {
	Pos  lexer.Position
	Base string `parser:"@Word"`
	Sign string `parser:"( @( '+' | '-' )"`
	Off  string `parser:"  @Word )?"`
}

func (o *operand) text() string { return o.Base + o.Sign + o.Off }

// restWords is the comment after the last column: any words at all.
type restWords struct {
	Pos lexer.Position
	Any []string `parser:"( @Comment | @WS | @Rel | @Punct | @Word | @Other )*"`
}

var parserTune = participle.MustBuild[tuneLine](participle.Lexer(lexTune), participle.CaseInsensitive("Word"))

// Kind words.
const (
	kindRange  = "RANGE"
	kindChoice = "CHOICE"
	kindOrder  = "ORDER"
)

// declLine is one declaration as read, positions in the file.
type declLine struct {
	name    string
	namePos diag.Pos
	kind    string
	kindPos diag.Pos
	addrs   []addrSpan
	lo, hi  int
	loPos   diag.Pos
	choices []*asm.Expr
	texts   []string // the choices as written
	chain   []orderLink
	comment string
}

type addrSpan struct{ from, to *asm.Expr } // to is nil for one address

type orderLink struct {
	name   string
	pos    diag.Pos
	strict bool // > (else >=) between the name before and this one
}

// parseFile reads a declaration file into its declarations; all errors of
// the file are returned together.
func parseFile(file, src string) ([]*declLine, diag.ErrorList) {
	var errs diag.ErrorList
	var decls []*declLine
	for i, text := range diag.Lines(src) {
		text = strings.TrimRight(text, " \t\r")
		lineNo := i + 1
		parsed, err := asm.ParseLine(parserTune, file, text)
		if err != nil {
			col, msg := asm.LineError(err)
			msg = strings.Replace(msg, `unexpected token "<EOF>"`, "the line ends too early", 1)
			errs.Add(diag.At(file, lineNo, col), "%s", msg)
			continue
		}
		if d := interpret(file, lineNo, text, parsed, &errs); d != nil {
			decls = append(decls, d)
		}
	}
	return decls, errs
}

func interpret(file string, lineNo int, text string, l *tuneLine, errs *diag.ErrorList) *declLine {
	at := func(p lexer.Position) diag.Pos { return diag.At(file, lineNo, p.Column) }
	// A declaration with an error in its words is not resolved: that
	// would only add errors that follow from the first.
	before := len(*errs)
	d := &declLine{}
	if l.Head != nil {
		if l.Head.Comment != nil {
			return nil
		}
		d.name, d.namePos = *l.Head.Name, at(l.Head.Pos)
	}
	var decl *tuneDecl
	if l.Body != nil {
		decl = l.Body.Decl
	}
	if decl == nil {
		if d.name != "" {
			errs.Add(d.namePos, "%s needs a kind after it: RANGE or CHOICE", d.name)
		}
		return nil
	}
	d.kindPos = at(decl.Pos)
	if decl.Rest != nil && decl.Rest.Pos.Offset <= len(text) {
		d.comment = strings.TrimSpace(strings.TrimPrefix(text[decl.Rest.Pos.Offset:], ";"))
	}
	switch {
	case decl.Unknown != nil:
		errs.Add(d.kindPos, "unknown kind %s (want RANGE, CHOICE or ORDER)", *decl.Unknown)
		return nil
	case decl.Range != nil:
		d.kind = kindRange
		d.addrs = spans(decl.Range.Addrs, at, errs)
		var okLo, okHi bool
		d.loPos = at(decl.Range.Lo.Pos)
		d.lo, okLo = byteNumber(decl.Range.Lo, at, errs)
		d.hi, okHi = byteNumber(decl.Range.Hi, at, errs)
		if okLo && okHi && d.lo > d.hi {
			errs.Add(d.loPos, "range %s-%s: the low end is above the high end", decl.Range.Lo.Text, decl.Range.Hi.Text)
		}
	case decl.Choice != nil:
		d.kind = kindChoice
		d.addrs = spans(decl.Choice.Addrs, at, errs)
		for _, c := range decl.Choice.Choices {
			d.choices = append(d.choices, asm.ParseOperand1977(c.text(), at(c.Pos), errs))
			d.texts = append(d.texts, c.text())
		}
	case decl.Order != nil:
		d.kind = kindOrder
		o := decl.Order
		d.chain = append(d.chain, orderLink{name: o.First.Name, pos: at(o.First.Pos)})
		for _, r := range o.Links {
			d.chain = append(d.chain, orderLink{name: r.Name.Name, pos: at(r.Name.Pos), strict: r.Rel == ">"})
		}
		if d.name != "" {
			errs.Add(d.namePos, "an ORDER takes no name in column 1 (%s)", d.name)
			return nil
		}
		if len(d.chain) < 2 {
			errs.Add(d.kindPos, "ORDER needs two names or more joined by > or >= (ORDER KING>QUEEN)")
			return nil
		}
		return d
	}
	if d.name == "" {
		errs.Add(d.kindPos, "a %s needs the parameter's name in column 1", d.kind)
		return nil
	}
	if !goodName(d.name) {
		errs.Add(d.namePos, "bad parameter name %q: a name is a letter then letters or digits", d.name)
	}
	if len(*errs) > before {
		return nil
	}
	return d
}

func spans(list []*spanExpr, at func(lexer.Position) diag.Pos, errs *diag.ErrorList) []addrSpan {
	var out []addrSpan
	for _, s := range list {
		a := addrSpan{from: asm.ParseOperand1977(s.From.text(), at(s.From.Pos), errs)}
		if s.To != nil {
			a.to = asm.ParseOperand1977(s.To.text(), at(s.To.Pos), errs)
		}
		out = append(out, a)
	}
	return out
}

// byteNumber reads an end of a range: hex, as the dialect writes numbers,
// 00 to FF.
func byteNumber(n *number, at func(lexer.Position) diag.Pos, errs *diag.ErrorList) (int, bool) {
	v := 0
	for _, c := range strings.ToUpper(n.Text) {
		d := strings.IndexRune("0123456789ABCDEF", c)
		if d < 0 {
			errs.Add(at(n.Pos), "%s is not a hex number (a range is LO-HI in hex, e.g. 06-14)", n.Text)
			return 0, false
		}
		v = v*16 + d
		if v > 0xFF {
			errs.Add(at(n.Pos), "%s does not fit in a byte (00–FF)", n.Text)
			return 0, false
		}
	}
	return v, true
}

func goodName(s string) bool {
	for i, c := range s {
		letter := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
		digit := c >= '0' && c <= '9'
		if !letter && !(digit && i > 0) {
			return false
		}
	}
	return s != ""
}
