package disasm

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/isa"
)

// Rewritten is a 1977 source rewritten to give a dump's bytes.
type Rewritten struct {
	Text string
	// Changed are the statements rewritten, in source order.
	Changed []*asm.Stmt
	// Outside counts the dump's bytes that differ from the program's
	// images where no statement of the source defines a byte (residue):
	// no rewrite of the source gives them.
	Outside int
}

// Rewrite rewrites the statements of a 1977-dialect source whose bytes a
// dump holds otherwise: a changed operand keeps the statement's mnemonic
// and comment with the new operand (named where one of the program's
// symbols has its value), a changed instruction becomes the instruction
// the bytes are, and bytes no instruction explains become .BYTE data;
// every statement keeps its length, so nothing moves. p is src assembled
// (with any residue apart); images holds the bytes the program's build
// has where the source defines none. The result is assembled and
// compared with the dump; a statement whose rewrite does not give its
// bytes falls back to .BYTE.
func Rewrite(src asm.Source, p *asm.Program, residue map[int]byte, segs []dump.Segment) (*Rewritten, error) {
	mem := map[int]byte{}
	for _, s := range segs {
		for i, b := range s.Data {
			mem[int(s.Addr)+i] = b
		}
	}
	names := asm.NewNames(asm.Symbols(p))
	lines := diag.Lines(src.Text)
	r := &Rewritten{}
	defined := map[int]bool{}
	replace := map[int][]string{} // line index -> its new lines
	asData := map[*asm.Stmt]bool{}
	for _, s := range p.Stmts {
		for i := range s.Bytes {
			defined[int(s.Addr)+i] = true
		}
	}
	for a, b := range mem {
		if old, ok := residue[a]; ok && !defined[a] && old != b {
			r.Outside++
		}
	}
	var changed []*asm.Stmt
	for _, s := range p.Stmts {
		if len(s.Bytes) == 0 || s.Pos.File != src.Name {
			continue
		}
		nb := append([]byte(nil), s.Bytes...)
		differ := false
		for i := range nb {
			if b, ok := mem[int(s.Addr)+i]; ok && b != nb[i] {
				nb[i], differ = b, true
			}
		}
		if differ {
			changed = append(changed, s)
		}
	}
	for range 3 {
		for _, s := range changed {
			replace[s.Pos.Line-1] = rewriteStmt(s, newBytes(s, mem), names, asData[s])
		}
		var out []string
		for i, l := range lines {
			if nl, ok := replace[i]; ok {
				out = append(out, nl...)
				continue
			}
			out = append(out, l)
		}
		text := strings.Join(out, "\n")
		if strings.HasSuffix(src.Text, "\n") {
			text += "\n"
		}
		bad, err := wrong(src.Name, text, changed, mem)
		if err != nil {
			return nil, err
		}
		if len(bad) == 0 {
			r.Text, r.Changed = text, changed
			return r, nil
		}
		for _, s := range bad {
			if asData[s] {
				return nil, fmt.Errorf("%s: the rewritten statement does not give the dump's bytes (a defect of mchess)", s.Pos)
			}
			asData[s] = true
		}
	}
	return nil, fmt.Errorf("the rewritten source does not give the dump's bytes (a defect of mchess)")
}

func newBytes(s *asm.Stmt, mem map[int]byte) []byte {
	nb := append([]byte(nil), s.Bytes...)
	for i := range nb {
		if b, ok := mem[int(s.Addr)+i]; ok {
			nb[i] = b
		}
	}
	return nb
}

// wrong assembles the rewritten source and returns the changed
// statements whose bytes are not the dump's; every other statement must
// give its old bytes, where they are not the dump's either.
func wrong(name, text string, changed []*asm.Stmt, mem map[int]byte) ([]*asm.Stmt, error) {
	q, err := asm.Assemble(asm.Source{Name: name, Text: text})
	if err != nil {
		return nil, fmt.Errorf("the rewritten source does not assemble (a defect of mchess): %v", err)
	}
	got := map[int]byte{}
	for _, s := range q.Stmts {
		for i, b := range s.Bytes {
			got[int(s.Addr)+i] = b
		}
	}
	var bad []*asm.Stmt
	for _, s := range changed {
		for i, b := range newBytes(s, mem) {
			if g, ok := got[int(s.Addr)+i]; !ok || g != b {
				bad = append(bad, s)
				break
			}
		}
	}
	for a, b := range mem {
		if g, ok := got[a]; ok && g != b && len(bad) == 0 {
			return nil, fmt.Errorf("the rewritten source gives %02X at %04X, the dump %02X (a defect of mchess)", g, a, b)
		}
	}
	return bad, nil
}

// rewriteStmt is a statement's new lines for bytes nb.
func rewriteStmt(s *asm.Stmt, nb []byte, names *asm.Names, data bool) []string {
	comment := strings.TrimSpace(s.Comment)
	if s.Kind == asm.KindData {
		var vals []string
		for i := range s.Data {
			if i < len(s.Bytes) && nb[i] == s.Bytes[i] {
				vals = append(vals, asWritten(s, &s.Data[i]))
			} else {
				vals = append(vals, fmt.Sprintf("%02X", nb[i]))
			}
		}
		return []string{join(s.Label, ".BYTE", strings.Join(vals, " "), dataComment(comment))}
	}
	if data {
		return []string{join(s.Label, ".BYTE", hexBytes(nb), dataComment(comment))}
	}
	if nb[0] == s.Bytes[0] {
		// The operand changed: the mnemonic as written, the new operand.
		op := isa.ByCode[nb[0]].Op
		return []string{join(s.Label, mnemonicWord(s), operandText(op, int(s.Addr), nb, names), comment)}
	}
	// Another instruction, or several, then data for what is left.
	var out []string
	label := s.Label
	for at := 0; at < len(nb); {
		e := isa.ByCode[nb[at]]
		if !e.Valid || at+e.Bytes > len(nb) || !spellableOp(e.Op, int(s.Addr)+at, nb[at:at+e.Bytes]) {
			out = append(out, join(label, ".BYTE", hexBytes(nb[at:]), dataComment(comment)))
			break
		}
		out = append(out, join(label, word1977(e.Op), operandText(e.Op, int(s.Addr)+at, nb[at:at+e.Bytes], names), comment))
		label, comment = "", ""
		at += e.Bytes
	}
	return out
}

func join(label, word, operand, comment string) string {
	t := label + "\t" + word
	if operand != "" {
		t += "\t" + operand
	}
	if comment != "" {
		t += "\t" + comment
	}
	return t
}

func dataComment(c string) string {
	if c == "" || strings.HasPrefix(c, ";") {
		return c
	}
	return "; " + c
}

func hexBytes(b []byte) string {
	var out []string
	for _, x := range b {
		out = append(out, fmt.Sprintf("%02X", x))
	}
	return strings.Join(out, " ")
}

// mnemonicWord is the statement's mnemonic as its line spells it (LDAIM,
// or STA for a direct STA .DIS1).
func mnemonicWord(s *asm.Stmt) string {
	f := strings.Fields(s.Text)
	if s.Label != "" && len(f) > 1 {
		return f[1]
	}
	if len(f) > 0 {
		return f[0]
	}
	return word1977(isa.Op{Mnemonic: s.Mnemonic, Mode: s.Mode})
}

// word1977 is an opcode's 1977 spelling: the mnemonic and its mode's
// suffix (none for absolute, relative and implied).
func word1977(op isa.Op) string {
	switch op.Mode {
	case isa.Absolute, isa.Relative, isa.Implied:
		return op.Mnemonic
	}
	return op.Mnemonic + asm.Suffix1977(op.Mode)
}

func spellableOp(op isa.Op, pc int, b []byte) bool {
	switch op.Mode {
	case isa.Absolute:
		v := int(b[1]) | int(b[2])<<8
		_, zp := isa.Lookup(op.Mnemonic, isa.ZeroPage)
		return !(zp && v < 0x100)
	case isa.Relative:
		v := pc + 2 + int(int8(b[1]))
		return v >= 0 && v <= 0xFFFF
	}
	return true
}

// operandText writes an instruction's operand, named by the program's
// symbols where one has its value.
func operandText(op isa.Op, pc int, b []byte, names *asm.Names) string {
	var v int
	switch op.Bytes {
	case 1:
		return ""
	case 2:
		v = int(b[1])
	case 3:
		v = int(b[1]) | int(b[2])<<8
	}
	switch op.Mode {
	case isa.Immediate:
		return fmt.Sprintf("%02X", v)
	case isa.Relative:
		v = pc + 2 + int(int8(b[1]))
	}
	zp := op.Bytes == 2 && op.Mode != isa.Relative
	if n, ok := names.Name(uint16(v), zp); ok && Valid(n) {
		return n
	}
	if zp {
		return fmt.Sprintf("%02X", v)
	}
	return fmt.Sprintf("%04X", v)
}

// asWritten is an operand as the statement's line spells it (03, not 3).
func asWritten(s *asm.Stmt, e *asm.Expr) string {
	if c := e.Pos.Col - 1; e.Pos.Line == s.Pos.Line && c >= 0 && c < len(s.Text) {
		if f := strings.Fields(s.Text[c:]); len(f) > 0 {
			return f[0]
		}
	}
	return e.String()
}
