package asm

import (
	"fmt"
	"strings"
	"testing"
)

// equateChain is n equates, each naming the next with link after it
// (Q0 = Q1+1, ...), the last a number, then a label and equates that name
// it; reversed, the chain is written from its end.
func equateChain(n int, link string, reversed bool) string {
	lines := make([]string, n+1)
	for i := 0; i < n; i++ {
		lines[i] = fmt.Sprintf("Q%d\t=\tQ%d%s", i, i+1, link)
	}
	lines[n] = fmt.Sprintf("Q%d\t=\t10", n)
	if reversed {
		for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
			lines[i], lines[j] = lines[j], lines[i]
		}
	}
	return "+++\t0200\n" + strings.Join(lines, "\n") + "\nL0\t=\tL1+2\nL1\t=\tHERE\n\tLDA\tQ0\nHERE\tLDA\tL0\n"
}

// A chain of equates in either order settles, each value by hand (Q0 is
// 10 hex plus one a link); the work is one evaluation a statement, not one
// pass over the program per equate (5,000 equates made 12.5 million before).
func TestEquateChain(t *testing.T) {
	const n = 5000
	for _, reversed := range []bool{false, true} {
		stmts, errs := Parse1977("chain.asm", equateChain(n, "+1", reversed))
		if len(errs) > 0 {
			t.Fatal(errs.Err())
		}
		a := newAssembler(stmts, nil)
		a.run()
		if err := a.errs.Err(); err != nil {
			t.Fatal(err)
		}
		q0, q100 := a.p.Symbols["Q0"], a.p.Symbols["Q100"]
		// LDA at 0200, HERE at 0203: L1 = 0203, L0 = 0205 (hex, as the
		// dialect writes numbers: Q0 is 10 hex, 16, plus n).
		if q0.Value != 0x10+n || q100.Value != 0x10+n-100 || a.p.Symbols["L0"].Value != 0x205 {
			t.Errorf("reversed %v: Q0 %d, Q100 %d, L0 %X", reversed, q0.Value, q100.Value, a.p.Symbols["L0"].Value)
		}
		// Two settling passes and the encoding: a few evaluations a line.
		if lines := len(stmts); a.evaluated > 4*lines {
			t.Errorf("reversed %v: %d evaluations for %d statements", reversed, a.evaluated, lines)
		}
	}
}

// How an equate chain's cost grows: ns/line must stay of one order from
// 10,000 to 100,000 equates (docs/limits.md gives the figures).
func BenchmarkEquateChain(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		src := equateChain(n, "", false)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Assemble(Source{"chain.asm", src}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
		})
	}
}
