package microchess_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// s5kKeyOn is search5k's repetition switch (.KEYON, docs/search5k.md's
// memory map): 01 on as assembled, 00 off. An address, not the symbol, so
// that the test runs on the program before it (where 0132 is free).
const s5kKeyOn = 0x0132

// A game search5k drew against search1k at Normal, a rook up, by threefold
// repetition (game 672 of the match on balanced-10k 9001-9400 before
// repetition in the search, docs/search5k/repetition-before-vs-search1k.json;
// docs/search5k.md, "Repetition in the search"): from 40 plies before its
// end, every move keyed as the game played it, the ring filled as the
// program's own moves would have filled it (each move of its side's key
// put in, as RMOVE does: the program as tuned since plays other moves on
// the way). With repetition off the program's last move, Rd2-f2, repeats a
// position for the third time and the game is drawn; switched on, the
// program plays another.
func TestSearch5KRepetitionAvoided(t *testing.T) {
	const fen = "8/4k3/P7/r7/8/8/1K6/8 b - - 2 58"
	moves := strings.Fields("a5a6 b2c1 a6d6 c1b1 d6d2 b1a1 d2e2 a1b1 e2f2 b1c1 f2f4 c1b2 f4c4 b2a1 c4b4 a1a2 b4b6 a2a3 b6b5 a3a4 b5d5 a4b3 d5d4 b3b2 d4d3 b2a1 d3d2 a1b1 d2f2 b1c1 f2e2 c1d1 e2e4 d1c2 e4d4 c2b2 d4d3 b2a1 d3d2 a1b1 d2f2")
	at := search5kAt(t, ".KEYON", ".RL", ".RHI", ".RN")
	if at[0] != s5kKeyOn {
		t.Fatalf(".KEYON is %04X, the test pokes %04X", at[0], s5kKeyOn)
	}
	rl, rhi, rn := at[1], at[2], at[3]
	last := moves[len(moves)-1]
	play := func(keyOn byte) (string, bool) {
		p := newSearchPlay(t, builds.Search5K, fen, chess.Black, "normal")
		p.S.M.Poke(s5kKeyOn, keyOn)
		for _, m := range moves[:len(moves)-1] {
			if p.End != "" {
				t.Fatalf("the game ended before %s: %s", m, p.End)
			}
			computer := p.ComputerToMove()
			if _, err := p.Force(m); err != nil {
				t.Fatal(err)
			}
			if computer {
				lo, hi := s5kKey(t, p)
				slot := uint16(p.S.M.Peek(rn))
				p.S.M.Poke(rl+slot, lo)
				p.S.M.Poke(rhi+slot, hi)
				p.S.M.Poke(rn, byte((slot+9)%10))
			}
		}
		ply, err := p.Think()
		if err != nil {
			t.Fatal(err)
		}
		return ply.UCI, threefold(p.Game)
	}
	old, drawn := play(0)
	if old != last || !drawn {
		t.Fatalf("repetition off: the program played %s (the game %s), a draw by threefold repetition to claim %v: want %s and a draw", old, last, drawn, last)
	}
	mv, drawn := play(1)
	if mv == last || drawn {
		t.Errorf("repetition on: the program played %s, a draw by threefold repetition to claim %v: want another move than %s and no draw", mv, drawn, last)
	}
	t.Logf("repetition off: %s, a threefold repetition; on: %s", old, mv)
}

// s5kKey is the key search5k keeps in its ring for the position in p's
// program, in the player's terms (the board reversed: each side's men
// exchanged, each square 77 less it), as the memory map describes it.
func s5kKey(t *testing.T, p *session.Play) (lo, hi byte) {
	t.Helper()
	at := search5kAt(t, "ZR", "ZA", "ZB")
	zr, za, zb := at[0], at[1], at[2]
	var board [32]byte
	for i := range uint16(16) {
		board[i] = 0x77 - p.S.M.Peek(0x0060+i)
		board[16+i] = 0x77 - p.S.M.Peek(0x0050+i)
	}
	for i := range uint16(32) {
		x := uint16(board[i] ^ p.S.M.Peek(zr+i))
		lo ^= p.S.M.Peek(za + x)
		hi ^= p.S.M.Peek(zb + x)
	}
	return lo, hi
}

// threefold says whether a draw by threefold repetition may be claimed.
func threefold(g *chess.Game) bool {
	for _, m := range g.EligibleDraws() {
		if m == chess.ThreefoldRepetition {
			return true
		}
	}
	return false
}

// The ring of positions is kept across the keypad loop: after each of the
// program's moves its newest entry is the key of the position the move
// left, in the player's terms (the board reversed: each side's men
// exchanged, each square 77 less it), computed here as the memory map
// describes the key; .RN steps down by one, round ten slots; the player's
// moves, keyed, leave the ring as it was.
func TestSearch5KRepetitionRing(t *testing.T) {
	at := search5kAt(t, ".RL", ".RHI", ".RN")
	rl, rhi, rn := at[0], at[1], at[2]
	p := newSearchPlay(t, builds.Search5K, "", chess.White, "super-blitz")
	ring := func() (r [21]byte) {
		for i := range uint16(10) {
			r[i], r[10+i] = p.S.M.Peek(rl+i), p.S.M.Peek(rhi+i)
		}
		r[20] = p.S.M.Peek(rn)
		return r
	}
	if r := ring(); r != [21]byte{} {
		t.Fatalf("ring as assembled % X, want zeros", r)
	}
	slot := byte(0)
	for n := 0; n < 24 && p.End == ""; n++ {
		if !p.ComputerToMove() {
			before := ring()
			moves := p.Game.Position().ValidMoves()
			if _, err := p.Move(moves[n%len(moves)].String()); err != nil {
				t.Fatal(err)
			}
			if r := ring(); r != before {
				t.Fatalf("the player's move changed the ring: % X, was % X", r, before)
			}
			continue
		}
		if _, err := p.Think(); err != nil {
			t.Fatal(err)
		}
		lo, hi := s5kKey(t, p)
		r := ring()
		if r[slot] != lo || r[10+slot] != hi {
			t.Fatalf("move %d: slot %d holds %02X%02X, want the key %02X%02X", n, slot, r[10+slot], r[slot], hi, lo)
		}
		if slot = (slot + 9) % 10; r[20] != slot {
			t.Fatalf("move %d: .RN %02X, want %02X", n, r[20], slot)
		}
	}
	if slot != 8 {
		t.Errorf("12 moves of the program's, .RN %d: want the ring gone round to 8", slot)
	}
}

// A node whose key is in the ring is a draw only if the move to it left
// its king unattacked: two positions can share a key, and a draw must not
// make a move into check the program's best. With the ring holding the
// key of the position after Kd2 (into the rook's file) and a draw worth
// everything to the program (.DRAW 10 in the player's terms), it does not
// play Kd2; with the key of the position after Ke2 it plays Ke2, the draw.
func TestSearch5KRepetitionLegal(t *testing.T) {
	at := search5kAt(t, ".RL", ".RHI", ".DRAW", "ZR", "ZA", "ZB")
	rl, rhi, draw, zr, za, zb := at[0], at[1], at[2], at[3], at[4], at[5]
	const fen = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1"
	for _, c := range []struct {
		to   chess.Square
		want string
	}{{chess.D2, ""}, {chess.E2, "e1e2"}} {
		p := newSearchPlay(t, builds.Search5K, fen, chess.White, "normal")
		var board [32]byte
		for i := range uint16(16) {
			board[i] = 0x77 - p.S.M.Peek(0x0060+i)
			board[16+i] = 0x77 - p.S.M.Peek(0x0050+i)
		}
		board[16] = 0x77 - memmap.Code(c.to, chess.White) // the king, man 0
		var lo, hi byte
		for i := range uint16(32) {
			x := uint16(board[i] ^ p.S.M.Peek(zr+i))
			lo ^= p.S.M.Peek(za + x)
			hi ^= p.S.M.Peek(zb + x)
		}
		p.S.M.Poke(rl, lo)
		p.S.M.Poke(rhi, hi)
		p.S.M.Poke(draw, 0x10)
		ply, err := p.Think()
		if err != nil {
			t.Fatal(err)
		}
		if ply.Illegal != "" || ply.UCI == "e1"+c.to.String() && c.want == "" {
			t.Errorf("the ring holding the position after K%s: the program played %s %s", c.to, ply.UCI, ply.Illegal)
		}
		if c.want != "" && ply.UCI != c.want {
			t.Errorf("the ring holding the position after K%s: the program played %s, want %s", c.to, ply.UCI, c.want)
		}
	}
}
