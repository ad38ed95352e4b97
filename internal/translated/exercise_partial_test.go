package translated

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kim1-archive/microchess/emu"
)

// The exercise with one to four of its code bytes changed at random (an
// opcode, an operand, a branch's offset; for a quarter of the runs only
// immediate operands, which keep their blocks; for a quarter, one
// in a table scan's second block), run by the part of its
// translation whose blocks are unchanged (emu.Native.Partial) with the
// core running the rest, and by the core alone, from random states and
// budgets: the same registers, flags, counts, memory and hook calls
// after every slice.
func TestExercisePartialAgainstTheCore(t *testing.T) {
	// Any byte the translation was made from, the immediate operands
	// among them, which the function with parts reads as it runs (its
	// parts leave them out: such a change keeps every block).
	var code []uint16
	for _, sp := range Exercise.Code {
		for k := range len(sp.Bytes) {
			code = append(code, sp.Addr+uint16(k))
		}
	}
	// The bytes of blocks whose translation another's holds: a table
	// scan's second block, run at once at the loop's head.
	var held []uint16
	for k, p := range Exercise.Parts {
		for _, r := range p.Bytes {
			for a := int(r.Lo); a <= int(r.Hi); a++ {
				if k+1 < len(Exercise.Blocks) && a >= int(Exercise.Blocks[k+1]) {
					held = append(held, uint16(a))
				}
			}
		}
	}
	if len(held) == 0 {
		t.Fatal("no part holds another block's bytes")
	}
	// The bytes no part holds: the immediate operands.
	inPart := map[uint16]bool{}
	for _, p := range Exercise.Parts {
		for _, r := range p.Bytes {
			for a := int(r.Lo); a <= int(r.Hi); a++ {
				inPart[uint16(a)] = true
			}
		}
	}
	var loose []uint16
	for _, a := range code {
		if !inPart[a] {
			loose = append(loose, a)
		}
	}
	if len(loose) == 0 {
		t.Fatal("every byte of the code is in a part: no immediate operand is read as the translation runs")
	}
	native, offBlocks, partial, immediates := 0, 0, 0, 0
	for seed := range 2000 {
		r := rand.New(rand.NewPCG(uint64(seed), 31))
		var callsN, callsI []hookCall
		cn := exerciseCPU(r, &callsN)
		ci := exerciseCPU(rand.New(rand.NewPCG(uint64(seed), 31)), &callsI)
		type change struct {
			addr uint16
			val  byte
		}
		var changes []change
		for k := range 1 + r.IntN(4) {
			a, v := code[r.IntN(len(code))], byte(r.Uint32())
			switch {
			case k == 0 && seed%4 == 0:
				a = held[r.IntN(len(held))]
			case seed%4 == 1:
				a = loose[r.IntN(len(loose))]
			}
			cn.Mem[a], ci.Mem[a] = v, v
			changes = append(changes, change{a, v})
		}
		n, kept := Exercise.Partial(&cn.Mem)
		if n == nil {
			continue
		}
		switch {
		case kept == len(Exercise.Blocks) && Exercise.Applies(cn):
			n = Exercise // the change was no change
		case kept == len(Exercise.Blocks):
			partial++
			immediates++ // only immediate operands changed: every block kept
		default:
			partial++
			offBlocks += len(Exercise.Blocks) - kept
		}
		counted := *n
		counted.Enter = func(c *emu.CPU, budget uint64) (emu.Stop, uint64) {
			i := c.Instructions
			stop, core := n.Enter(c, budget)
			native += int(c.Instructions - i)
			return stop, core
		}
		budget := 1 + r.Uint64N(50000)
		var plan []uint64
		for left := budget; left > 0; {
			sl := min(left, 1+r.Uint64N(sliceMost(r)))
			left -= sl
			plan = append(plan, sl)
		}
		for k, sl := range plan {
			stopN := runExercise(cn, &counted, sl)
			stopI := runExercise(ci, nil, sl)
			if d := cpuDiff(cn, ci); d != "" || stopN != stopI || fmt.Sprint(callsN) != fmt.Sprint(callsI) {
				// Again in lock-step, to name the block.
				var report string
				var calls []hookCall
				c := exerciseCPU(rand.New(rand.NewPCG(uint64(seed), 31)), &calls)
				c.Mem = ci.Mem
				c2 := exerciseCPU(rand.New(rand.NewPCG(uint64(seed), 31)), &calls)
				c.Mem = c2.Mem
				for _, a := range changes {
					c.Mem[a.addr] = a.val
				}
				checked := n.Checked(func(s string) { report = s })
				for _, sl := range plan[:k+1] {
					runExercise(c, checked, sl)
				}
				t.Fatalf("seed %d, slice %d (%s): the translation's run differs from the core's: %s; stops %v, %v; hook calls %v, %v; in lock-step: %s", seed, k, n.Name, d, stopN, stopI, callsN, callsI, report)
			}
			if stopN != emu.StopBudget {
				break
			}
		}
	}
	t.Logf("%d runs on part of the translation (%d blocks off in all; in %d only immediate operands changed, every block kept); %d instructions by the translation", partial, offBlocks, immediates, native)
	if partial < 1000 || immediates == 0 || native == 0 {
		t.Fatal("the exercise did not exercise")
	}
}
