package microchess

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/romtest"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// romSession is the published program on a KIM-1 running the monitor ROM
// the environment names; the test skips without one.
func romSession(t testing.TB) *session.Session {
	t.Helper()
	rom := romtest.ROM(t)
	s, err := session.NewOnROM(rom, images1977()...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// C and PC keyed through the ROM's GETKEY: the display, read from the
// segment lines, shows CC CC CC and then the book's first move 0F 13 33,
// in the same cycles as with the trapped routines.
func TestROMBookMove(t *testing.T) {
	s := romSession(t)
	if err := s.Keys("C"); err != nil {
		t.Fatal(err)
	}
	if got := s.M.Display; got != [3]byte{0xCC, 0xCC, 0xCC} {
		t.Fatalf("after C the digits show % X, want CC CC CC", got)
	}
	mv, err := s.Play()
	if err != nil {
		t.Fatal(err)
	}
	if mv.String() != "0F 13 33" {
		t.Fatalf("book move %v, want 0F 13 33", mv)
	}
	trap := newSession(t)
	if err := trap.Keys("C"); err != nil {
		t.Fatal(err)
	}
	tmv, err := trap.Play()
	if err != nil {
		t.Fatal(err)
	}
	if mv.Cycles != tmv.Cycles {
		t.Errorf("the move took %d cycles on the ROM, %d with traps", mv.Cycles, tmv.Cycles)
	}
}

// A self-play game with the book off at Super Blitz, on the ROM and with
// traps: the same moves, each in the same cycles (from the GETKEY that
// read PC to the next), so the trapped routines' cycle models hold.
func TestROMSelfPlayMatchesTraps(t *testing.T) {
	s := romSession(t)
	perSide := 6
	if testing.Short() {
		perSide = 2
	}
	trap := newSession(t)
	for _, x := range []*session.Session{s, trap} {
		x.SetLevel(memmap.Levels[0])
	}
	g, err := s.SelfPlay(perSide, true, "")
	if err != nil {
		t.Fatal(err)
	}
	tg, err := trap.SelfPlay(perSide, true, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != len(tg.Moves) {
		t.Fatalf("%d moves on the ROM, %d with traps", len(g.Moves), len(tg.Moves))
	}
	for i, mv := range g.Moves {
		if tm := tg.Moves[i]; mv.UCI != tm.UCI || mv.Move.Cycles != tm.Move.Cycles {
			t.Errorf("move %d: %s in %d cycles on the ROM, %s in %d with traps", i+1, mv.UCI, mv.Move.Cycles, tm.UCI, tm.Move.Cycles)
		}
	}
}

// BenchmarkROMNormalMove times the first Normal-level move, book off, on
// the monitor ROM: the interpreter steps every instruction (so that what
// it reads of the 6530s is right to the cycle), the translation runs the
// program's own code natively and steps the ROM's.
func BenchmarkROMNormalMove(b *testing.B) {
	for _, native := range []bool{false, true} {
		name := "interpreter"
		if native {
			name = "translated"
		}
		b.Run(name, func(b *testing.B) {
			s := romSession(b)
			s.SetLevel(memmap.Levels[len(memmap.Levels)-1])
			if err := s.Keys("C"); err != nil {
				b.Fatal(err)
			}
			s.BookOff()
			if !native {
				s.M.Native = nil
			}
			start := s.M.Clone()
			var cycles uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := start.Clone()
				m.Press(kim1.KeyPC)
				b.StartTimer()
				if err := m.RunToKey(session.DefaultBudget); err != nil {
					b.Fatal(err)
				}
				cycles += m.CPU.Cycles - start.CPU.Cycles
			}
			b.ReportMetric(float64(cycles)/b.Elapsed().Seconds()/1e6, "emulated-MHz")
		})
	}
}

// The published program as the paper tape the build writes (linker.
// PaperTape, leaving out the L command's own page-zero variables and
// stack) typed into the monitor's L command at 2400 baud: every byte in
// place, KIM printed and no ERR; then, the jumper set to the keypad and
// RS pressed, it plays its book move.
func TestROMPaperTapeLoadsAndPlays(t *testing.T) {
	rom := romtest.ROM(t)
	tape, left := linker.PaperTape(memmap.LoaderWorkspace, memmap.Published()...)
	skipped := map[int]bool{}
	for _, l := range left {
		for a := int(l.Start); a <= int(l.End); a++ {
			skipped[a] = true
		}
	}
	m, err := session.MachineOnROMTTY(memmap.Layout, nil, rom, 2400)
	if err != nil {
		t.Fatal(err)
	}
	m.TTYOut = nil
	m.TTYIn = append(append(m.TTYIn, 'L'), tape...)
	if r, err := m.Run(200_000_000); err != nil || r != kim1.WaitingTTY {
		t.Fatalf("%v %v at %04X", r, err, m.CPU.PC)
	}
	if out := string(m.TTYOut); !strings.Contains(out, "\x13 KIM") || strings.Contains(out, "ERR") {
		t.Fatalf("the monitor printed %q after the tape, want X-OFF KIM and no ERR", out[max(0, strings.Index(out, "\x13")-200):min(len(out), strings.Index(out, "\x13")+100)])
	}
	for _, im := range images1977() {
		for i, b := range im.Data {
			if a := int(im.Addr) + i; !skipped[a] && m.CPU.Mem[a] != b {
				t.Fatalf("%04X: %02X loaded, the image has %02X", a, m.CPU.Mem[a], b)
			}
		}
	}
	m.SetTTY(false)
	m.PressRS()
	if err := kim1.StartFromMonitor(m, memmap.Start); err != nil {
		t.Fatal(err)
	}
	s := session.NewSession(m)
	if err := s.Keys("C"); err != nil {
		t.Fatal(err)
	}
	mv, err := s.Play()
	if err != nil || mv.String() != "0F 13 33" {
		t.Fatalf("after loading the tape: %v, %v; want 0F 13 33", mv, err)
	}
}

// The teletype program played on the ROM: started from the monitor's
// prompt with 0000 G at 300 baud (measured by the ROM from the RUBOUT),
// every line typed bit by bit into the ROM's GETCH and everything printed
// decoded from PB0. A Super Blitz self-play game with the book off plays
// the same moves as with the trapped GETCH and OUTCH, and the teletype
// prints the same text.
func TestROMTeletypeGameMatchesTraps(t *testing.T) {
	rom := romtest.ROM(t)
	p, err := Teletype()
	if err != nil {
		t.Fatal(err)
	}
	perSide := 3
	if testing.Short() {
		perSide = 1
	}
	type result struct {
		game    *session.Game
		printed string
	}
	play := func(onROM bool) result {
		opt := session.PlayOptions{Needs: session.Needs{Teletype: true, Layout: p.Base.Layout}, Images: KIM(p.Images), Level: memmap.Levels[0], Baud: 300}
		if onROM {
			opt.ROM = &rom
		}
		pl, err := session.NewPlay(opt)
		if err != nil {
			t.Fatal(err)
		}
		from := len(pl.S.M.TTYOut)
		g, err := pl.S.SelfPlay(perSide, true, "")
		if err != nil {
			t.Fatal(err)
		}
		return result{g, kim1.Printed(pl.S.M.TTYOut[from:])}
	}
	got, want := play(true), play(false)
	if len(got.game.Moves) != 2*perSide || len(want.game.Moves) != 2*perSide {
		t.Fatalf("%d moves on the ROM, %d with traps, want %d", len(got.game.Moves), len(want.game.Moves), 2*perSide)
	}
	for i, mv := range got.game.Moves {
		if w := want.game.Moves[i]; mv.UCI != w.UCI || mv.Move.String() != w.Move.String() {
			t.Errorf("move %d: %s (%v) on the ROM, %s (%v) with traps", i+1, mv.UCI, mv.Move, w.UCI, w.Move)
		}
	}
	if !strings.Contains(got.printed, "MY MOVE") || got.printed != want.printed {
		t.Errorf("the teletype on the ROM printed\n%s\nwith traps\n%s", got.printed, want.printed)
	}
}
