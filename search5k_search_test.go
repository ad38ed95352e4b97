package microchess_test

import (
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/session"
)

// search5k's node count (counted down from the budget) and the attributes
// of its men (.ATTR, the root's terms).
const (
	s5kNodeL, s5kNodeH = 0x0049, 0x004A
	s5kAttr            = 0x1020
)

// s5kSearch sets up fen with search5k to move at Normal, its iterations held
// to depth (DEEPST's operand) under a budget it does not spend, with the
// bytes of pokes (by label) written, and returns the session.
func s5kSearch(t *testing.T, fen string, depth byte, pokes map[string]byte) *session.Play {
	t.Helper()
	at := search5kAt(t, "DEEPST", "BUDL", "BUDH")
	p := newSearchPlay(t, builds.Search5K, fen, chess.White, "normal")
	p.S.M.Poke(at[0]+1, depth)
	p.S.M.Poke(at[1]+2, 0xFF) // Normal: 7FFF nodes
	p.S.M.Poke(at[2]+2, 0x7F)
	for name, v := range pokes {
		p.S.M.Poke(search5kAt(t, name)[0], v)
	}
	return p
}

// The check extension (.CXLIM 07): a mate in two along checks, the queen
// given for it (Qg8+ Rxg8 Nf7#), lies a ply beyond a search held to depth
// 3, where the mated side stands pat in the quiescence. With the reply to
// each check searched a ply deeper the program sees the mate and plays
// Qg8+; with .CXLIM 00 (no extension, the program before it) it sees the
// queen lost and plays another move.
func TestSearch5KCheckExtension(t *testing.T) {
	const fen = "4r2k/6pp/7N/3Q4/8/8/5PPP/6K1 w - - 0 1"
	for _, c := range []struct {
		lim  byte
		mate bool
	}{{0x07, true}, {0x00, false}} {
		p := s5kSearch(t, fen, 3, map[string]byte{".CXLIM": c.lim, ".NMON": 0})
		ply, err := p.Think()
		if err != nil || ply.UCI == "" {
			t.Fatalf(".CXLIM %02X: %v %v", c.lim, ply.Display, err)
		}
		if got := ply.UCI == "d5g8"; got != c.mate {
			t.Errorf(".CXLIM %02X: played %s; the mate's first move d5g8: %v, want %v", c.lim, ply.UCI, got, c.mate)
		}
	}
}

// nullNode is the position at a null move, in the mover's terms: its king's
// square and whether it stands in check, and whether it has a man other
// than king and pawns.
func nullNode(mem []byte) (check, pieces bool) {
	side := mem[s5kSide]
	board := map[chess.Square]chess.Piece{}
	for i := range 32 {
		sq := mem[0x50+i]
		if sq&0x88 != 0 {
			continue
		}
		typ := mem[s5kAttr+int(byte(i)^side)] & 0x0F
		pt := map[byte]chess.PieceType{0: chess.King, 1: chess.Queen, 2: chess.Rook, 4: chess.Bishop, 6: chess.Knight, 8: chess.Pawn}[typ]
		colour := chess.White
		if i >= 16 {
			colour = chess.Black
		} else if pt != chess.King && pt != chess.Pawn {
			pieces = true
		}
		board[chess.NewSquare(chess.File(sq&7), chess.Rank(sq>>4))] = chess.NewPiece(pt, colour)
	}
	k := mem[0x50]
	return attackedBy(board, chess.NewSquare(chess.File(k&7), chess.Rank(k>>4)), chess.Black), pieces
}

// The null move (.NMON 07) is searched only with a man other than king and
// pawns (never in a king and pawn ending, where passing may be the best
// move: zugzwang), and never cuts a node in check (it is tried there, for
// want of room for the test, but the reply takes the king: the second
// position, White in check, tries it so). Two moves from each position at
// Normal; the null move is used and cuts in the middle game. With .NMON 00
// (the program before it) no null move is searched. HREV reaches it only
// without a key (.KEYON 00: no repetition, no table), as here.
func TestSearch5KNullMoveNotInZugzwangOrCheck(t *testing.T) {
	at := search5kAt(t, "NULLS", "NULLB", "NCUT")
	start, end, cut := at[0], at[1], at[2]
	for _, c := range []struct {
		fen                string
		on                 byte
		used, cut, inCheck bool // null moves searched, some cut, some in check
	}{
		{"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 0x07, true, true, false},
		{"r1b1k2r/ppp2ppp/2n5/3qp3/1b6/2NP1N2/PPPB1PPP/R2QKB1R w KQkq - 0 7", 0x07, true, false, true},
		{"8/8/1p1k4/1P6/2PK4/8/8/8 w - - 0 1", 0x07, false, false, false},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 0x00, false, false, false},
	} {
		p := newSearchPlay(t, builds.Search5K, c.fen, chess.White, "normal")
		p.S.M.Poke(search5kAt(t, ".NMON")[0], c.on)
		p.S.M.Poke(search5kAt(t, ".KEYON")[0], 0) // the null move is on HREV's path without a key
		tried, cuts, ends, inCheck := 0, 0, 0, 0
		p.S.M.Trace = func(m *kim1.Machine) {
			switch m.CPU.PC {
			case start:
				tried++
				check, pieces := nullNode(m.CPU.Mem[:])
				if !pieces {
					t.Errorf("%s: a null move with only king and pawns", c.fen)
				}
				if check {
					inCheck++
				}
			case end:
				ends++
			case cut:
				cuts++
				if check, _ := nullNode(m.CPU.Mem[:]); check {
					t.Errorf("%s: a null move cut a node in check", c.fen)
				}
			}
		}
		for range 2 {
			if p.End != "" {
				break
			}
			ply, err := p.Think()
			if err != nil || ply.UCI == "" {
				t.Fatalf("%s: %v %v", c.fen, ply.Display, err)
			}
			moves := p.Game.Position().ValidMoves()
			if len(moves) == 0 {
				break
			}
			if _, err := p.Move(moves[0].String()); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s (.NMON %02X): %d null moves searched (%d in check), %d cut", c.fen, c.on, tried, inCheck, cuts)
		if tried != ends {
			t.Errorf("%s: %d null moves searched, %d ended", c.fen, tried, ends)
		}
		if (tried > 0) != c.used || (c.cut && cuts == 0) || (c.inCheck && inCheck == 0) {
			t.Errorf("%s (.NMON %02X): %d null moves (%d in check), %d cuts; want null moves %v, cuts %v, in check %v", c.fen, c.on, tried, inCheck, cuts, c.used, c.cut, c.inCheck)
		}
	}
}

// The null move cuts: on quiet middle-game positions searched to the same
// depth (4, under a budget neither spends, so that both finish the same
// iterations), the program with it counts fewer nodes than with .NMON 00
// (the program before it).
func TestSearch5KNullMoveCuts(t *testing.T) {
	for _, fen := range []string{
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
	} {
		var nodes [2]int
		for i, on := range []byte{0x07, 0x00} {
			p := s5kSearch(t, fen, 4, map[string]byte{".NMON": on, ".CXLIM": 0, ".KEYON": 0})
			if ply, err := p.Think(); err != nil || ply.UCI == "" {
				t.Fatalf("%s: %v %v", fen, ply.Display, err)
			}
			left := int(p.S.M.Peek(s5kNodeH))<<8 | int(p.S.M.Peek(s5kNodeL))
			nodes[i] = 0x7FFF - left
		}
		t.Logf("%s: %d nodes with the null move, %d without", fen, nodes[0], nodes[1])
		if min(nodes[0], nodes[1]) < 0 {
			t.Fatalf("%s: %d and %d nodes: the budget spent, an iteration cut short", fen, nodes[0], nodes[1])
		}
		if nodes[0] >= nodes[1] {
			t.Errorf("%s: %d nodes with the null move, %d without: no fewer", fen, nodes[0], nodes[1])
		}
	}
}
