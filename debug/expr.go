package debug

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/emu"
)

// Loc reads a location: a symbol (STRATGY, .BESTV, *OUT) with an optional
// +n or -n (hex), an address in hex ($1780 or 1780), a source line
// (microchess.asm:521, any ending of the file's path) or a listing
// statement number (#549). A symbol is looked up before a hex number.
func (s *Source) Loc(text string) (uint16, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return 0, fmt.Errorf("no location given")
	}
	if strings.HasPrefix(t, "#") {
		n, err := strconv.Atoi(t[1:])
		if err != nil || n <= 0 {
			return 0, fmt.Errorf("%q: a listing statement number is #N, N from 1", t)
		}
		return s.Line("", 0, n)
	}
	if i := strings.LastIndex(t, ":"); i > 0 {
		n, err := strconv.Atoi(t[i+1:])
		if err != nil || n <= 0 {
			return 0, fmt.Errorf("%q: a source line is FILE:LINE, LINE from 1", t)
		}
		return s.Line(t[:i], n, 0)
	}
	base, off := t, 0
	if i := strings.LastIndexAny(t, "+-"); i > 0 {
		v, err := strconv.ParseUint(t[i+1:], 16, 16)
		if err != nil {
			return 0, fmt.Errorf("%q: an offset is hex, as in STRATGY+4", t)
		}
		base, off = t[:i], int(v)
		if t[i] == '-' {
			off = -off
		}
	}
	if v, ok := s.Value(base); ok {
		return uint16(int(v) + off), nil
	}
	h := strings.TrimPrefix(base, "$")
	if v, err := strconv.ParseUint(h, 16, 16); err == nil && len(h) <= 4 {
		return uint16(int(v) + off), nil
	}
	return 0, fmt.Errorf("%q is no symbol of the program, hex address, FILE:LINE or #N", t)
}

// Cond is a condition on registers and memory: comparisons joined by
// "and" and "or" ("and" binding tighter), as in .STATE == 04 or
// A >= 80 and [00B1] != CC.
type Cond struct {
	text string
	any  [][]compare // or of ands
}

type compare struct {
	l, r operand
	op   string
}

// operand is a register, a byte of memory or a number.
type operand struct {
	reg   string
	mem   bool
	value uint16
}

func (c *Cond) String() string { return c.text }

// ParseCond reads a condition. An operand is a register (A X Y S P PC), a
// byte of memory (a symbol such as .STATE, or [ADDR]) or a hex number (04,
// $04).
func (s *Source) ParseCond(text string) (*Cond, error) {
	c := &Cond{text: strings.TrimSpace(text)}
	for _, alt := range splitWord(c.text, "or", "||") {
		var all []compare
		for _, part := range splitWord(alt, "and", "&&") {
			cmp, err := s.parseCompare(part)
			if err != nil {
				return nil, err
			}
			all = append(all, cmp)
		}
		c.any = append(c.any, all)
	}
	return c, nil
}

func splitWord(text, word, sym string) []string {
	var out []string
	var cur []string
	for _, f := range strings.Fields(strings.ReplaceAll(text, sym, " "+word+" ")) {
		if strings.EqualFold(f, word) {
			out = append(out, strings.Join(cur, " "))
			cur = nil
			continue
		}
		cur = append(cur, f)
	}
	return append(out, strings.Join(cur, " "))
}

var compareOps = []string{"==", "!=", "<=", ">=", "<", ">", "="}

func (s *Source) parseCompare(text string) (compare, error) {
	for _, op := range compareOps {
		if i := strings.Index(text, op); i >= 0 {
			l, err := s.parseOperand(text[:i])
			if err != nil {
				return compare{}, err
			}
			r, err := s.parseOperand(text[i+len(op):])
			if err != nil {
				return compare{}, err
			}
			if op == "=" {
				op = "=="
			}
			return compare{l, r, op}, nil
		}
	}
	return compare{}, fmt.Errorf("%q: a condition compares two operands with == != < <= > >=", strings.TrimSpace(text))
}

func (s *Source) parseOperand(text string) (operand, error) {
	t := strings.TrimSpace(text)
	switch u := strings.ToUpper(t); u {
	case "A", "X", "Y", "S", "P", "PC":
		return operand{reg: u}, nil
	case "":
		return operand{}, fmt.Errorf("an operand is missing")
	}
	if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
		a, err := s.Loc(t[1 : len(t)-1])
		return operand{mem: true, value: a}, err
	}
	if strings.HasPrefix(t, ".") || strings.HasPrefix(t, "*") {
		a, err := s.Loc(t)
		return operand{mem: true, value: a}, err
	}
	h := strings.TrimPrefix(t, "$")
	if v, err := strconv.ParseUint(h, 16, 16); err == nil && len(h) <= 4 {
		return operand{value: uint16(v)}, nil
	}
	if a, err := s.Loc(t); err == nil {
		return operand{mem: true, value: a}, nil
	}
	return operand{}, fmt.Errorf("%q is no register (A X Y S P PC), symbol, [ADDR] or hex number", t)
}

func (o operand) eval(c *emu.CPU) uint16 {
	switch o.reg {
	case "A":
		return uint16(c.A)
	case "X":
		return uint16(c.X)
	case "Y":
		return uint16(c.Y)
	case "S":
		return uint16(c.S)
	case "P":
		return uint16(c.P)
	case "PC":
		return c.PC
	}
	if o.mem {
		return uint16(c.Mem[o.value])
	}
	return o.value
}

// Holds evaluates the condition; a nil condition always holds.
func (c *Cond) Holds(cpu *emu.CPU) bool {
	if c == nil {
		return true
	}
	for _, all := range c.any {
		ok := true
		for _, cmp := range all {
			l, r := cmp.l.eval(cpu), cmp.r.eval(cpu)
			switch cmp.op {
			case "==":
				ok = l == r
			case "!=":
				ok = l != r
			case "<":
				ok = l < r
			case "<=":
				ok = l <= r
			case ">":
				ok = l > r
			case ">=":
				ok = l >= r
			}
			if !ok {
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
