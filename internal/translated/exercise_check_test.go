package translated

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kim1-archive/microchess/emu"
)

// hookCall is one call of the exercise's write hook.
type hookCall struct {
	pc, addr uint16
	val      byte
	cycles   uint64
}

// exerciseCPU is the exercise in memory with a random state: registers
// and flags (decimal mode among them), the zero page (its odd bytes, the
// pointers' high bytes when the pointers are read from even addresses,
// mostly into the data), the stack page, the data, the variable operands,
// and, for some, hooks on a data page and on the code (as a code watch
// has them), with a hook that stores its byte changed and now and then
// asks to stop. A quarter start at the exercise's start, a quarter at
// one of its blocks, half at one of the blocks after its two passes of
// every opcode (the scans, the loops, the calls): a run from the start
// seldom reaches them within its budget.
func exerciseCPU(r *rand.Rand, calls *[]hookCall) *emu.CPU {
	c := emu.New(0x0800)
	c.A, c.X, c.Y, c.S = byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32()), byte(r.Uint32())
	c.P = byte(r.Uint32())
	c.Cycles, c.Instructions = r.Uint64N(1<<40), r.Uint64N(1<<40)
	for a := 0; a < 0x200; a++ {
		c.Mem[a] = byte(r.Uint32())
		if a < 0x100 && a&1 == 1 && r.IntN(4) > 0 {
			c.Mem[a] = byte(0x04 + r.IntN(2))
		}
	}
	for a := 0x400; a < 0x600; a++ {
		c.Mem[a] = byte(r.Uint32())
	}
	for _, sp := range append(slices.Clone(Exercise.Code), exerciseData...) {
		copy(c.Mem[sp.Addr:], sp.Bytes)
	}
	setVariables(c, randomValues(r))
	if r.IntN(2) == 0 {
		c.HookWrites(0x05, 0x05, true)
	}
	if r.IntN(2) == 0 {
		c.HookWrites(0x08, 0x0B, true)
	}
	c.WriteHook = func(c *emu.CPU, pc, addr uint16, val byte, cycles uint64) bool {
		*calls = append(*calls, hookCall{pc, addr, val, cycles})
		c.Mem[addr] = val ^ 0x5A
		return val&0x0F == 0
	}
	switch r.IntN(4) {
	case 1:
		c.PC = Exercise.Blocks[r.IntN(len(Exercise.Blocks))]
	case 2, 3:
		tail, _ := slices.BinarySearch(Exercise.Blocks, exerciseTail)
		c.PC = Exercise.Blocks[tail+r.IntN(len(Exercise.Blocks)-tail)]
	}
	return c
}

// randomValues are values for the variable operands.
func randomValues(r *rand.Rand) []byte {
	vals := make([]byte, len(exerciseVariables))
	for i := range vals {
		vals[i] = byte(r.Uint32())
	}
	return vals
}

// setVariables pokes values into the variable operands, as a tuner or a
// level setting does between runs.
func setVariables(c *emu.CPU, vals []byte) {
	for i, v := range exerciseVariables {
		c.Mem[v] = vals[i]
	}
}

// exerciseSlice is a slice of a run's budget, and the values the variable
// operands are given before it (none: they stay).
// sliceMost is the most cycles of a slice: mostly 5,000, so that budgets
// end anywhere, and for a quarter 20,000, more than the reach of the
// exercise's longest stretch between budget checks (its scans and loops
// count up to 129 passes each), which the translation runs only when the
// budget left covers it.
func sliceMost(r *rand.Rand) uint64 {
	if r.IntN(4) == 0 {
		return 20000
	}
	return 5000
}

type exerciseSlice struct {
	cycles uint64
	values []byte
}

// runExercise runs as kim1.Machine.Run does: n where it applies (nil: the
// core alone), the core elsewhere, to the budget's end or a stop other
// than a hook's.
func runExercise(c *emu.CPU, n *emu.Native, budget uint64) emu.Stop {
	end := c.Cycles + budget
	for c.Cycles < end {
		var stop emu.Stop
		if n != nil {
			var core uint64
			if stop, core = n.Run(c, end-c.Cycles); core > 0 {
				stop = n.RunCore(c, core, end-c.Cycles)
			}
		} else {
			stop = c.Run(end - c.Cycles)
		}
		if stop != emu.StopBudget && stop != emu.StopHook {
			return stop
		}
	}
	return emu.StopBudget
}

// The translator's own test: the exercise (every documented opcode in
// every mode, decimal and binary arithmetic, branches and calls, the
// instructions left to the core, hooked stores) from random states and
// budgets, on its translation and on the core: the same registers, flags,
// counts, memory and hook calls, and no run of the translation that
// differs from the core's (emu.Native.Checked).
func TestExerciseAgainstTheCore(t *testing.T) {
	native, decimal, hooked, changed := 0, 0, 0, 0
	for seed := range 2000 {
		r := rand.New(rand.NewPCG(uint64(seed), 29))
		var callsN, callsI []hookCall
		cn := exerciseCPU(r, &callsN)
		ci := exerciseCPU(rand.New(rand.NewPCG(uint64(seed), 29)), &callsI)
		if !Exercise.Applies(cn) {
			t.Fatalf("seed %d: the translation does not apply", seed)
		}
		budget := 1 + r.Uint64N(50000)
		// In slices, compared after each: the program's loop would wash
		// out a difference by its end. Before a third of them the
		// variable operands change.
		var plan []exerciseSlice
		for left := budget; left > 0; {
			sl := exerciseSlice{cycles: min(left, 1+r.Uint64N(sliceMost(r)))}
			left -= sl.cycles
			if r.IntN(3) == 0 {
				sl.values = randomValues(r)
			}
			plan = append(plan, sl)
		}
		if cn.P&emu.FlagD != 0 {
			decimal++
		}
		before := cn.Instructions
		counted := *Exercise
		counted.Enter = func(c *emu.CPU, budget uint64) (emu.Stop, uint64) {
			i := c.Instructions
			stop, core := Exercise.Enter(c, budget)
			native += int(c.Instructions - i)
			return stop, core
		}
		for k, sl := range plan {
			if sl.values != nil {
				setVariables(cn, sl.values)
				setVariables(ci, sl.values)
				changed++
			}
			stopN := runExercise(cn, &counted, sl.cycles)
			stopI := runExercise(ci, nil, sl.cycles)
			if d := cpuDiff(cn, ci); d != "" || stopN != stopI || fmt.Sprint(callsN) != fmt.Sprint(callsI) {
				// Again in lock-step, to name the block.
				var report string
				var calls []hookCall
				c := exerciseCPU(rand.New(rand.NewPCG(uint64(seed), 29)), &calls)
				checked := Exercise.Checked(func(s string) { report = s })
				for _, sl := range plan[:k+1] {
					if sl.values != nil {
						setVariables(c, sl.values)
					}
					runExercise(c, checked, sl.cycles)
				}
				t.Fatalf("seed %d, slice %d: the translation's run differs from the core's: %s; stops %v, %v; hook calls %v, %v; in lock-step: %s", seed, k, d, stopN, stopI, callsN, callsI, report)
			}
			if stopN != emu.StopBudget {
				break
			}
		}
		if len(callsN) > 0 {
			hooked++
		}
		if cn.Instructions == before {
			t.Fatalf("seed %d: nothing ran", seed)
		}
	}
	t.Logf("%d runs (%d in decimal mode, %d with hook calls), the %d variable operands changed %d times; %d instructions by the translation", 2000, decimal, hooked, len(exerciseVariables), changed, native)
	if native == 0 || decimal == 0 || hooked == 0 || changed == 0 {
		t.Fatal("the exercise did not exercise")
	}
}

func cpuDiff(a, b *emu.CPU) string {
	if a.A != b.A || a.X != b.X || a.Y != b.Y || a.S != b.S || a.P != b.P || a.PC != b.PC || a.Cycles != b.Cycles || a.Instructions != b.Instructions {
		return fmt.Sprintf("A X Y S P PC %02X %02X %02X %02X %02X %04X, %d cycles %d instructions; the core's %02X %02X %02X %02X %02X %04X, %d cycles %d instructions",
			a.A, a.X, a.Y, a.S, a.P, a.PC, a.Cycles, a.Instructions, b.A, b.X, b.Y, b.S, b.P, b.PC, b.Cycles, b.Instructions)
	}
	if a.Mem != b.Mem {
		for i := range a.Mem {
			if a.Mem[i] != b.Mem[i] {
				return fmt.Sprintf("memory %04X: %02X, the core's %02X", i, a.Mem[i], b.Mem[i])
			}
		}
	}
	return ""
}

// A call whose return address lands on code in page one: the exercise's
// subroutine at 0100 (INX, RTS), called from its block with S at every
// value, on both engines. With S at 02 or below the JSR stores into the
// code (its RTS at 0101, or, from S = 00, 0100 itself), and the core must
// run it; above, the translation pushes both bytes at once.
func TestExerciseCallOntoCode(t *testing.T) {
	call := -1
	for a := 0x0800; a < 0x2000; a++ {
		if isCallTo(a, 0x0100) {
			call = a
			break
		}
	}
	if call < 0 {
		t.Fatal("no JSR $0100 in the exercise")
	}
	start := uint16(0)
	for _, b := range Exercise.Blocks {
		if int(b) <= call {
			start = max(start, b)
		}
	}
	for s := range 256 {
		var calls []hookCall
		cn := exerciseCPU(rand.New(rand.NewPCG(uint64(s), 31)), &calls)
		cn.PC, cn.S, cn.P = start, byte(s), cn.P&^emu.FlagD
		ci := *cn
		stopN := runExercise(cn, Exercise, 60)
		stopI := runExercise(&ci, nil, 60)
		if d := cpuDiff(cn, &ci); d != "" || stopN != stopI {
			t.Fatalf("S %02X: the translation's run differs from the core's: %s; stops %v, %v", s, d, stopN, stopI)
		}
	}
}

// isCallTo tells whether the exercise holds a JSR to target at a.
func isCallTo(a int, target uint16) bool {
	for _, sp := range Exercise.Code {
		if int(sp.Addr) <= a && a+2 < int(sp.Addr)+len(sp.Bytes) {
			b := sp.Bytes[a-int(sp.Addr):]
			return b[0] == 0x20 && uint16(b[1])|uint16(b[2])<<8 == target
		}
	}
	return false
}

// The subroutine at 0100 entered with S at every value: its RTS pops its
// two bytes at once but where S wraps between them (FE, FF), and returns
// wherever they say, on both engines alike.
func TestExerciseReturnAtEveryS(t *testing.T) {
	for s := range 256 {
		var calls []hookCall
		cn := exerciseCPU(rand.New(rand.NewPCG(uint64(s), 37)), &calls)
		cn.PC, cn.S, cn.P = 0x0100, byte(s), cn.P&^emu.FlagD
		ci := *cn
		stopN := runExercise(cn, Exercise, 40)
		stopI := runExercise(&ci, nil, 40)
		if d := cpuDiff(cn, &ci); d != "" || stopN != stopI {
			t.Fatalf("S %02X: the translation's run differs from the core's: %s; stops %v, %v", s, d, stopN, stopI)
		}
	}
}

// The tables the whole translation keeps by value (emu/translate:
// shadow.go): the exercise's stores into the tables of its scans, in
// every mode, then the scans, from random states in binary mode, run in
// one entry of the translation and compared with the core. A store the
// translation did not note would leave a scan finding another index.
func TestExerciseTablesKeptByValue(t *testing.T) {
	if _, ok := slices.BinarySearch(Exercise.Blocks, exerciseTail); !ok {
		t.Fatalf("the exercise's tail %04X is not a block", exerciseTail)
	}
	ran := 0
	for seed := range 500 {
		var callsN, callsI []hookCall
		cn := exerciseCPU(rand.New(rand.NewPCG(uint64(seed), 41)), &callsN)
		ci := exerciseCPU(rand.New(rand.NewPCG(uint64(seed), 41)), &callsI)
		for _, c := range []*emu.CPU{cn, ci} {
			c.PC, c.P = exerciseTail, c.P&^emu.FlagD
		}
		counted := *Exercise
		counted.Enter = func(c *emu.CPU, budget uint64) (emu.Stop, uint64) {
			pc, i := c.PC, c.Instructions
			stop, core := Exercise.Enter(c, budget)
			if pc == exerciseTail && c.Instructions-i >= 100 {
				ran++
			}
			return stop, core
		}
		stopN := runExercise(cn, &counted, 40000)
		stopI := runExercise(ci, nil, 40000)
		if d := cpuDiff(cn, ci); d != "" || stopN != stopI || fmt.Sprint(callsN) != fmt.Sprint(callsI) {
			t.Fatalf("seed %d: the translation's run differs from the core's: %s; stops %v, %v", seed, d, stopN, stopI)
		}
	}
	if ran < 450 {
		t.Fatalf("the translation ran the stores and the scans in %d runs of 500", ran)
	}
}
