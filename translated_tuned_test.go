package microchess_test

import (
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/isa"
	"github.com/kim1-archive/microchess/session"
)

// strategyOperand finds in the original's STRATGY the operand of the
// first instruction mnemonic in mode whose operand is value: its address.
func strategyOperand(t *testing.T, p *microchess.Program, mnemonic string, mode isa.Mode, value int) uint16 {
	t.Helper()
	start, ok := p.Code.Symbols["STRATGY"]
	if !ok {
		t.Fatal("no STRATGY")
	}
	for _, s := range p.Code.Stmts {
		if int(s.Addr) < start.Value || len(s.Bytes) != 2 {
			continue
		}
		if e := isa.ByCode[s.Bytes[0]]; e.Valid && e.Mnemonic == mnemonic && e.Mode == mode && int(s.Bytes[1]) == value {
			return s.Addr + 1
		}
	}
	t.Fatalf("no %s %s %02X in STRATGY", mnemonic, mode, value)
	return 0
}

// A variant of the original's evaluation, as the tuner of issue 22 makes
// them (the ADCIM 40 made ADCIM 48, the first ADCZ .WCAP0 made ADCZ
// .WMAXC), runs on the original's translation, which reads those operands
// when it runs, and agrees with the interpreter at every stop; it plays
// otherwise than the original (the change is obeyed, not washed out).
func TestTranslatedTunedVariant(t *testing.T) {
	t.Parallel()
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	wcap0, wmaxc := p.Code.Symbols[".WCAP0"], p.Code.Symbols[".WMAXC"]
	if wcap0 == nil || wmaxc == nil {
		t.Fatal("no .WCAP0 or .WMAXC")
	}
	pokes := map[uint16]byte{
		strategyOperand(t, p, "ADC", isa.Immediate, 0x40):       0x48,
		strategyOperand(t, p, "ADC", isa.ZeroPage, wcap0.Value): byte(wmaxc.Value),
	}
	const moves = 16
	plain := newTwin(t, "original", "super-blitz", chess.White, true, "")
	plain.game(chess.White, moves)
	w := newTwin(t, "original", "super-blitz", chess.White, true, "")
	for a, v := range pokes {
		for _, s := range []*session.Session{w.n, w.i} {
			if err := s.M.Poke(a, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !w.native.Applies(w.n.M.CPU) {
		t.Fatal("the translation does not apply to the variant")
	}
	end := w.game(chess.White, moves)
	t.Logf("the variant: %s after %v; the original: %v", end, w.gn.Moves(), plain.gn.Moves())
	w.check()
	if w.n.M.CPU.Cycles == plain.n.M.CPU.Cycles && w.gn.String() == plain.gn.String() {
		t.Error("the variant plays as the original does: the pokes changed nothing")
	}
}

// A variant of the special-moves program as its tuner makes them (the
// bytes of src/extended/special-moves.tune: the two bytes of the position
// bonus, the promotion's gain, the castling bonus, the queen's and king's
// values) runs on the special program's translation, which reads the
// declared operands when it runs, and agrees with the interpreter at every
// stop, from the start and from a position where a pawn queens and the
// king may castle; and it plays otherwise than the special program.
func TestTranslatedTunedSpecialVariant(t *testing.T) {
	t.Parallel()
	tp, err := builds.LoadTunableProgram("special", "")
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]int{"BONUS": 0x04, "PROMO": 0x0B, "CASTB": 0x02, "QUEEN": 0x0C, "KING": 0x0D}
	v := tp.Set.Current()
	for i, p := range tp.Set.Params {
		if x, ok := values[p.Name]; ok {
			v[i] = x
			delete(values, p.Name)
		}
	}
	if len(values) > 0 {
		t.Fatalf("not declared: %v", values)
	}
	pokes, err := tp.Set.Pokes(v)
	if err != nil {
		t.Fatal(err)
	}
	now, err := tp.Set.Pokes(tp.Set.Current())
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for i := range pokes {
		if pokes[i] != now[i] {
			changed++
		}
	}
	// Counted by hand: BONUS 2 bytes, PROMO, CASTB, QUEEN, KING.
	if changed != 6 {
		t.Fatalf("%d bytes changed, want 6: %v", changed, pokes)
	}
	differs := false
	for _, tc := range []struct {
		fen   string
		moves int
	}{{"", 16}, {"4k3/1P6/8/8/8/8/6PP/R3K2R w KQ - 0 1", 6}} {
		plain := newTwin(t, "special", "super-blitz", chess.White, true, tc.fen)
		plain.game(chess.White, tc.moves)
		w := newTwin(t, "special", "super-blitz", chess.White, true, tc.fen)
		for _, p := range pokes {
			for _, s := range []*session.Session{w.n, w.i} {
				if err := s.M.Poke(p.Addr, p.Byte); err != nil {
					t.Fatal(err)
				}
			}
		}
		if !w.native.Applies(w.n.M.CPU) {
			t.Fatal("the translation does not apply to the variant")
		}
		end := w.game(chess.White, tc.moves)
		t.Logf("from %q the variant: %s after %v; the special program: %v", tc.fen, end, w.gn.Moves(), plain.gn.Moves())
		w.check()
		if w.n.M.CPU.Cycles != plain.n.M.CPU.Cycles || w.gn.String() != plain.gn.String() {
			differs = true
		}
	}
	if !differs {
		t.Error("the variant plays as the special program does: the pokes changed nothing")
	}
}
