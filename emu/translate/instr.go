package translate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/emu/internal/sem"
	"github.com/kim1-archive/microchess/isa"
)

// instrCode is one instruction's statements; back leaves it to the core
// before it has changed anything.
func (t *translator) instrCode(in *instr, back string) (string, error) {
	code, err := t.instrBody(in, back)
	return "{\n" + code + "}\n", err
}

func (t *translator) instrBody(in *instr, back string) (string, error) {
	op := in.op
	m := op.Mnemonic
	var b strings.Builder
	switch in.kind {
	case branch:
		cond, _ := names.Branch(m)
		target := in.target()
		extra := sem.BranchCycles(op, in.addr, target, true) - op.Cycles
		fmt.Fprintf(&b, "if %s {\nclock += %d << clockShift\n", cond, extra)
		if target == in.addr {
			t.selfJump = true
			fmt.Fprintf(&b, "pc = 0x%04X\ngoto selfJump\n", in.addr)
		} else {
			b.WriteString(t.goTo(target))
		}
		b.WriteString("}\n")
		next := in.next()
		if i := sort.Search(len(t.order), func(i int) bool { return t.order[i] > in.addr }); t.copy != nil || i >= len(t.order) || t.order[i] != next {
			b.WriteString(t.goTo(next))
		}
		return b.String(), nil
	case jump:
		if in.target() == in.addr {
			t.selfJump = true
			fmt.Fprintf(&b, "pc = 0x%04X\ngoto selfJump\n", in.addr)
		} else {
			b.WriteString(t.goTo(in.target()))
		}
		return b.String(), nil
	case call:
		ret := in.addr + 2
		t.stores = append(t.stores, span{0x100, 0x1FF})
		if lim, ok := t.stackBelowCode(); ok {
			// The two bytes, adjacent when S is above the code: one
			// store.
			fmt.Fprintf(&b, "if s <= 0x%02X {\n%s}\n", lim, back)
			fmt.Fprintf(&b, "sb := 0xFF + int(s)\nc.Mem[sb], c.Mem[sb+1] = 0x%02X, 0x%02X\ns -= 2\n", ret&0xFF, ret>>8)
		} else {
			b.WriteString("sa, sb := StackPage|uint16(s), StackPage|uint16(s-1)\n")
			if g := t.guard("sa", 0x100, 0x1FF); g != "" {
				fmt.Fprintf(&b, "if %s || %s {\n%s}\n", g, t.guard("sb", 0x100, 0x1FF), back)
			}
			fmt.Fprintf(&b, "c.Mem[sa], c.Mem[sb] = 0x%02X, 0x%02X\ns -= 2\n", ret>>8, ret&0xFF)
		}
		if _, ok := t.copies()[in.target()]; ok {
			b.WriteString("goto " + t.callTo(in) + "\n")
		} else {
			b.WriteString(t.goTo(in.target()))
		}
		return b.String(), nil
	case ret:
		if k := t.knownReturn(in); k != "" {
			b.WriteString(k)
			return b.String(), nil
		}
		// The two bytes in one load, unless S wraps between them.
		b.WriteString("if s < 0xFE {\nsp := 0x101 + int(s)\npc = (uint16(c.Mem[sp]) | uint16(c.Mem[sp+1])<<8) + 1\ns += 2\n} else {\n")
		b.WriteString("s++\nlo := c.Mem[StackPage|uint16(s)]\ns++\npc = (uint16(lo) | uint16(c.Mem[StackPage|uint16(s)])<<8) + 1\n}\n")
		b.WriteString(t.copyReturn())
		if cands := t.returnsTo(in); len(cands) > 0 && len(cands) <= maxLikely {
			// Where this RTS can return, by the calls that lead to it.
			b.WriteString("switch pc {\n")
			for _, a := range cands {
				fmt.Fprintf(&b, "case 0x%04X:\ngoto L%04X\n", a, a)
			}
			b.WriteString("}\n")
		}
		mul, bits, slots := t.returnHash()
		fmt.Fprintf(&b, "if h := uint32(pc) * 0x%08X >> %d; %sReturns[h] == pc {\nswitch h {\n", mul, 32-bits, t.fn())
		for h, a := range slots {
			if a != noSlot {
				fmt.Fprintf(&b, "case %d:\ngoto L%04X\n", h, a)
			}
		}
		b.WriteString("}\n}\ngoto step\n")
		return b.String(), nil
	}
	if code, ok := t.names().Read(m); ok {
		b.WriteString(t.operand(in))
		b.WriteString(code + "\n")
		return b.String(), nil
	}
	if reg, ok := sem.Store(m); ok {
		b.WriteString(t.store(in, reg, "", back))
		return b.String(), nil
	}
	if code, ok := sem.RMW(m); ok {
		if op.Mode == isa.Accumulator {
			b.WriteString("m := a\n" + code + "\na = m\n")
			return b.String(), nil
		}
		b.WriteString(t.store(in, "m", code, back))
		return b.String(), nil
	}
	push := func(val string) string {
		t.stores = append(t.stores, span{0x100, 0x1FF})
		g := ""
		if c := t.guard("sa", 0x100, 0x1FF); c != "" {
			g = fmt.Sprintf("if %s {\n%s}\n", c, back)
		}
		return fmt.Sprintf("sa := StackPage | uint16(s)\n%sc.Mem[sa] = %s\ns--\n", g, val)
	}
	if code, ok := names.Implied(m, push); ok {
		b.WriteString(code + "\n")
		return b.String(), nil
	}
	return "", fmt.Errorf("%s: %04X: no translation for %s %s", t.p.Name, in.addr, m, op.Mode)
}

func (t *translator) fn() string { return strings.ToLower(t.p.Name[:1]) + t.p.Name[1:] }

// operand leaves a read instruction's operand in m, charging a page
// crossing where the opcode pays for it.
func (t *translator) operand(in *instr) string {
	op := in.op
	o := in.operand
	cross := ""
	if op.PageCost {
		index := "x"
		if op.Mode == isa.AbsoluteY || op.Mode == isa.IndirectY {
			index = "y"
		}
		cross = "clock += uint64(" + sem.PageCrossed(index) + ") << clockShift\n"
	}
	switch op.Mode {
	case isa.Immediate:
		if t.variable[in.addr+1] {
			return fmt.Sprintf("m := c.Mem[0x%04X] // read: a setting\n", in.addr+1)
		}
		if t.noCopies {
			// The function with parts reads every immediate operand: a
			// program changed in one keeps its block (see assumed).
			return fmt.Sprintf("m := c.Mem[0x%04X]\n", in.addr+1)
		}
		return fmt.Sprintf("m := byte(0x%02X)\n", o)
	case isa.ZeroPage, isa.Absolute:
		if t.variable[in.addr+1] { // zero page only (checkVariable)
			return fmt.Sprintf("m := c.Mem[c.Mem[0x%04X]] // read: a setting, the address\n", in.addr+1)
		}
		return fmt.Sprintf("m := c.Mem[0x%04X]\n", o)
	case isa.ZeroPageX, isa.ZeroPageY:
		index := "x"
		if op.Mode == isa.ZeroPageY {
			index = "y"
		}
		if t.variable[in.addr+1] {
			// A byte sum: the address wraps in zero page, as on the chip.
			return fmt.Sprintf("m := c.Mem[c.Mem[0x%04X]+%s] // read: a setting, the base\n", in.addr+1, index)
		}
		return fmt.Sprintf("m := c.Mem[%s+0x%02X]\n", index, o)
	}
	return t.address(in) + cross + "m := c.Mem[ea]\n"
}

// address leaves an instruction's effective address in ea.
func (t *translator) address(in *instr) string {
	o := in.operand
	switch in.op.Mode {
	case isa.ZeroPage, isa.Absolute:
		return fmt.Sprintf("ea := uint16(0x%04X)\n", o)
	case isa.ZeroPageX:
		return fmt.Sprintf("ea := uint16(x + 0x%02X)\n", o)
	case isa.ZeroPageY:
		return fmt.Sprintf("ea := uint16(y + 0x%02X)\n", o)
	case isa.AbsoluteX:
		return fmt.Sprintf("ea := 0x%04X + uint16(x)\n", o)
	case isa.AbsoluteY:
		return fmt.Sprintf("ea := 0x%04X + uint16(y)\n", o)
	case isa.IndirectX:
		return fmt.Sprintf("zp := x + 0x%02X\nea := uint16(c.Mem[zp]) | uint16(c.Mem[zp+1])<<8\n", o)
	case isa.IndirectY:
		return fmt.Sprintf("ea := (uint16(c.Mem[0x%02X]) | uint16(c.Mem[0x%02X])<<8) + uint16(y)\n", o, (o+1)&0xFF)
	}
	return ""
}

// unhooked is where the stores go, less the code: the ranges that must
// have no hooked address for the translation to run.
func (t *translator) unhooked() []span {
	var free []span
	for _, st := range t.stores {
		lo := st.lo
		for _, c := range t.code { // in order
			if c.hi < lo || c.lo > st.hi {
				continue
			}
			if c.lo > lo {
				free = append(free, span{lo, c.lo - 1})
			}
			lo = c.hi + 1
		}
		if lo <= st.hi {
			free = append(free, span{lo, st.hi})
		}
	}
	sort.Slice(free, func(i, j int) bool { return free[i].lo < free[j].lo })
	var out []span
	for _, f := range free {
		if n := len(out); n > 0 && f.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, f.hi)
			continue
		}
		out = append(out, f)
	}
	return out
}

// eaRange is where an instruction's effective address can be.
func eaRange(in *instr) (lo, hi int) {
	o := int(in.operand)
	switch in.op.Mode {
	case isa.ZeroPage, isa.Absolute:
		return o, o
	case isa.ZeroPageX, isa.ZeroPageY:
		return 0, 0xFF
	case isa.AbsoluteX, isa.AbsoluteY:
		if o+0xFF <= 0xFFFF {
			return o, o + 0xFF
		}
	}
	return 0, 0xFFFF
}

// store writes reg (after op, for read-modify-write, on m read from the
// address) unless the address is hooked or in the code.
func (t *translator) store(in *instr, reg, op, back string) string {
	var b strings.Builder
	lo, hi := eaRange(in)
	// Stores within a page (zero page, the stack) have their page's hooks
	// checked on entry; one indexed from an absolute address or through a
	// pointer may go anywhere in 256 bytes or more, past the end of RAM
	// say, so it asks whether it is hooked.
	hooked := hi-lo >= 0xFF && in.op.Mode != isa.ZeroPageX && in.op.Mode != isa.ZeroPageY
	if !hooked {
		t.stores = append(t.stores, span{lo, hi})
	}
	if lo == hi {
		// A fixed address outside the code (one in it was left to the
		// core by storesIntoCode).
		if op != "" {
			fmt.Fprintf(&b, "m := c.Mem[0x%04X]\n%s\n", lo, op)
		}
		b.WriteString(t.shadowStore("", lo, hi, reg))
		fmt.Fprintf(&b, "c.Mem[0x%04X] = %s\n", lo, reg)
		return b.String()
	}
	b.WriteString(t.address(in))
	g := t.guard("ea", lo, hi)
	if hooked {
		g = strings.TrimPrefix(g+" || c.Hooked(ea)", " || ")
	}
	if g != "" {
		fmt.Fprintf(&b, "if %s {\n%s}\n", g, back)
	}
	if op != "" {
		b.WriteString("m := c.Mem[ea]\n" + op + "\n")
	}
	b.WriteString(t.shadowStore("ea", lo, hi, reg))
	fmt.Fprintf(&b, "c.Mem[ea] = %s\n", reg)
	return b.String()
}

// guard is the condition under which a store to ea (known to lie in
// lo..hi) is left to the core because ea is in the code. It is empty when
// there is no code in lo..hi.
// stackBelowCode tells whether the code in page one, if any, is one span
// from 0100 up to 01lim-1 or below: then a JSR's two bytes (S and S-1) are
// both above the code when S is above lim, and adjacent. (A JSR with S
// at 00 stores at 0100 and 01FF: S at most lim catches it.)
func (t *translator) stackBelowCode() (lim int, ok bool) {
	var in []span
	for _, s := range t.code {
		if s.hi >= 0x100 && s.lo <= 0x1FF {
			in = append(in, s)
		}
	}
	switch {
	case len(in) == 0:
		return 0, true // s <= 0 catches only S at 00, which wraps
	case len(in) == 1 && in[0].lo <= 0x100 && in[0].hi < 0x1FE:
		return in[0].hi&0xFF + 1, true
	}
	return 0, false
}

func (t *translator) guard(ea string, lo, hi int) string {
	var in []span
	for _, s := range t.code {
		if s.hi >= lo && s.lo <= hi {
			in = append(in, span{max(s.lo, lo), min(s.hi, hi)})
		}
	}
	var conds []string
	if len(in) > 3 {
		t.bitmap = true
		fn := strings.ToLower(t.p.Name[:1]) + t.p.Name[1:]
		conds = append(conds, fmt.Sprintf("%sCode[%s>>3]&(1<<(%s&7)) != 0", fn, ea, ea))
	} else {
		for _, s := range in {
			switch {
			case s.lo == lo && s.hi == hi:
				conds = append(conds, "true")
			case s.lo == lo:
				conds = append(conds, fmt.Sprintf("%s <= 0x%04X", ea, s.hi))
			case s.hi == hi:
				conds = append(conds, fmt.Sprintf("%s >= 0x%04X", ea, s.lo))
			default:
				conds = append(conds, fmt.Sprintf("(%s >= 0x%04X && %s <= 0x%04X)", ea, s.lo, ea, s.hi))
			}
		}
	}
	return strings.Join(conds, " || ")
}
