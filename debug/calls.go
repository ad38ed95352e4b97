package debug

import "github.com/kim1-archive/microchess/emu"

// Frame is one JSR still to return: the JSR's address, the routine it
// called, and the stack pointer before it pushed the return address.
type Frame struct {
	Call, Target uint16
	SP           byte
}

// Calls follows JSR and RTS as they run, instruction by instruction.
// A frame lasts while its return address is on the stack: until S rises
// back to where it was before the JSR (RTS, a routine of the monitor
// returning, PLA PLA, or TXS resetting the stack as MicroChess's CHESS
// does). MicroChess keeps its moves on a second stack below the first
// (.SP2, from 01C8 down) and switches S to it inside MOVE and UMOVE only
// to push or pull a move, with no JSR or RTS while there; S is then below
// every frame, so the switch leaves the frames alone, as it should.
type Calls struct {
	Frames []Frame // outermost first
}

// Observe updates the frames after the instruction at pc, whose opcode
// was op, has run; c is the CPU after it.
func (k *Calls) Observe(c *emu.CPU, pc uint16, op byte) {
	if op == opJSR {
		if target := uint16(c.Mem[pc+1]) | uint16(c.Mem[pc+2])<<8; c.PC == target {
			k.Frames = append(k.Frames, Frame{Call: pc, Target: target, SP: c.S + 2})
			return
		}
	}
	for n := len(k.Frames); n > 0 && k.Frames[n-1].SP <= c.S; n-- {
		k.Frames = k.Frames[:n-1]
	}
}

// Reset forgets every frame.
func (k *Calls) Reset() { k.Frames = k.Frames[:0] }

const (
	opJSR = 0x20
	opRTS = 0x60
)
