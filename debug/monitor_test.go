package debug

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// runTo continues until the program waits for a key, collecting the stops
// at points on the way.
func runTo(t *testing.T, d *Debugger) []Stop {
	t.Helper()
	var stops []Stop
	for {
		st := d.Continue()
		switch st.Why {
		case StopPoint:
			stops = append(stops, st)
			if len(stops) > 10000 {
				t.Fatal("more than 10000 stops")
			}
			continue
		case StopWaiting:
			return stops
		}
		t.Fatalf("stopped: %+v", st)
	}
}

// A watchpoint on .BESTV stops at every write of it, as a separate run
// that records the writes through the machine's own write watch (no
// debugger) sees them; PUSH's writes are each a new best value, above the
// one before.
func TestWatchBestValue(t *testing.T) {
	if testing.Short() {
		t.Skip("the first Normal move, interpreted twice")
	}
	bestv := uint16(memmap.Display2)
	// The separate run: the translation, the machine's watch.
	m, _ := original(t)
	s := session.NewSession(m)
	l, _ := memmap.LevelByName("normal")
	s.SetLevel(l)
	if err := s.Keys("C"); err != nil {
		t.Fatal(err)
	}
	s.BookOff()
	m.Watch(bestv, bestv)
	m.Writes = nil
	mv, err := s.Play()
	if err != nil {
		t.Fatal(err)
	}
	d, _ := firstMove(t, "normal")
	addr, err := d.Src.Loc(".BESTV")
	if err != nil || addr != bestv {
		t.Fatalf(".BESTV at %04X (%v), want %04X", addr, err, bestv)
	}
	d.Add(Watch, addr, nil, ".BESTV")
	stops := runTo(t, d)
	if d.M.Display != [3]byte{mv.Piece, mv.From, mv.To} {
		t.Fatalf("the debugged move % X, the separate run's %v", d.M.Display, mv)
	}
	if len(stops) != len(m.Writes) || len(stops) < 3 {
		t.Fatalf("%d stops, %d writes recorded", len(stops), len(m.Writes))
	}
	pushes := 0
	for i, w := range m.Writes {
		st := stops[i]
		if st.By != w.PC || st.Old != w.Old || st.Access.Addr != bestv || !st.Access.Write {
			t.Fatalf("stop %d: by %04X old %02X at %04X; the recorded write: by %04X %02X -> %02X", i, st.By, st.Old, st.Access.Addr, w.PC, w.Old, w.New)
		}
		if d.Src.RoutineAt(w.PC).Name == "PUSH" {
			pushes++
			if w.New <= w.Old {
				t.Fatalf("PUSH wrote %02X over %02X: not a new best", w.New, w.Old)
			}
		}
	}
	if pushes == 0 {
		t.Fatal("no write by PUSH")
	}
}

// A conditional breakpoint stops only when its condition holds: STRATGY
// with .PIECE 06 (the king's knight, on 01) stops at its two moves, to 22
// (+21) and 20 (+1F), the order of .MOVEX from 10 down; STRATGY alone stops
// once for each of the 20 moves of the first position.
func TestConditionalBreak(t *testing.T) {
	d, _ := firstMove(t, "super-blitz")
	at, _ := d.Src.Loc("STRATGY")
	cond, err := d.Src.ParseCond(".PIECE == 06")
	if err != nil {
		t.Fatal(err)
	}
	d.Add(Break, at, cond, "STRATGY")
	var squares []byte
	for st := d.Continue(); st.Why == StopPoint && len(squares) < 100; st = d.Continue() {
		squares = append(squares, d.M.CPU.Mem[memmap.SquareNow])
	}
	if string(squares) != "\x22\x20" {
		t.Fatalf("stops with .SQUARE % X, want 22 20", squares)
	}
	d, _ = firstMove(t, "super-blitz")
	d.Add(Break, at, nil, "STRATGY")
	var got []byte
	for {
		st := d.Continue()
		if st.Why != StopPoint {
			break
		}
		if d.M.CPU.Mem[memmap.PieceNow] == 6 {
			got = append(got, d.M.CPU.Mem[memmap.SquareNow])
		}
		if st.Point.Hits > 100 {
			t.Fatal("too many stops")
		}
	}
	if p := d.Points()[0]; p.Hits != 20 {
		t.Fatalf("STRATGY hit %d times, want 20", p.Hits)
	}
	if string(got) != "\x22\x20" {
		t.Fatalf("the knight's moves % X, want 22 20", got)
	}
}

// The backtrace agrees with the stack: every frame's return address is on
// the first stack where the frame says, also while MOVE has S on the
// second stack; next over JSR MOVE leaves one move more there.
func TestFramesMatchTheStack(t *testing.T) {
	d, _ := firstMove(t, "super-blitz")
	check := func(where string) {
		t.Helper()
		if len(d.Calls.Frames) == 0 {
			t.Fatalf("%s: no frames", where)
		}
		for _, f := range d.Calls.Frames {
			mem := &d.M.CPU.Mem
			ret := uint16(mem[0x100|uint16(f.SP)])<<8 | uint16(mem[0x100|uint16(f.SP-1)])
			if ret != f.Call+2 || mem[f.Call] != opJSR {
				t.Fatalf("%s: frame %+v, return address on the stack %04X", where, f, ret)
			}
		}
	}
	on4, _ := d.Src.Loc("ON4")
	d.Add(Break, on4, nil, "ON4")
	if st := d.Continue(); st.Why != StopPoint {
		t.Fatalf("%+v", st)
	}
	check("ON4")
	depth := len(d.Calls.Frames)
	if st := d.Step(4); st.Why != StopStepped || d.M.CPU.Mem[d.M.CPU.PC] != opJSR {
		t.Fatalf("not at JSR MOVE: %04X", d.M.CPU.PC)
	}
	sp2 := d.M.CPU.Mem[0xB2]
	d.Step(1) // into MOVE
	d.Step(4) // past TSX STXZ LDXZ TXS: S on the second stack
	if d.M.CPU.S > stack2Top {
		t.Fatalf("S = %02X inside MOVE, not on the second stack", d.M.CPU.S)
	}
	check("MOVE, second stack")
	if st, err := d.Finish(); err != nil || st.Why != StopReturned || len(d.Calls.Frames) != depth {
		t.Fatalf("finish: %+v %v, %d frames", st, err, len(d.Calls.Frames))
	}
	if got := d.M.CPU.Mem[0xB2]; got != sp2-5 {
		t.Fatalf(".SP2 %02X after MOVE, want %02X", got, sp2-5)
	}
	pc := d.M.CPU.PC
	if st := d.Next(1); st.Why != StopStepped || d.M.CPU.PC != pc+3 || len(d.Calls.Frames) != depth {
		t.Fatalf("next over JSR REVERSE: %+v at %04X", st, d.M.CPU.PC)
	}
	var out strings.Builder
	d.WriteMoves(&out)
	if !strings.Contains(out.String(), ": 1\n") || !strings.Contains(out.String(), "KP (0F) 13 to 23") {
		t.Fatalf("moves:\n%s", out.String())
	}
}

// The source's routines: the heads the 1977 source sets apart, JSR and
// JMP targets; not the loops inside them.
func TestRoutinesAndLocations(t *testing.T) {
	_, src := original(t)
	names := map[string]bool{}
	for _, r := range src.Routines {
		names[r.Name] = true
	}
	for _, want := range []string{"CHESS", "JANUS", "COUNTS", "TREE", "GNM", "CMOVE", "CHKCHK", "MOVE", "UMOVE", "STRATGY", "CKMATE", "PUSH", "GO", "SCANDS"} {
		if !names[want] {
			t.Errorf("no routine %s", want)
		}
	}
	for _, loop := range []string{"NEWP", "NEX", "LOOP", "ELOOP", "WHSET"} {
		if names[loop] {
			t.Errorf("%s is a loop, not a routine", loop)
		}
	}
	for text, want := range map[string]uint16{"STRATGY": 0x1780, ".STATE": 0x00B5, "$0100": 0x0100, "1780": 0x1780,
		"JANUS+2": 0x0102, "microchess.asm:547": 0x1780, "#543": 0x1780} {
		if got, err := src.Loc(text); err != nil || got != want {
			t.Errorf("Loc(%q) = %04X %v, want %04X", text, got, err, want)
		}
	}
	if _, err := src.Loc("NOWHERE"); err == nil {
		t.Error("NOWHERE found")
	}
}
