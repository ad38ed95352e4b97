package microchess_test

import (
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
)

// search5k's labels by name (docs/search5k.md, the memory map).
func search5kAt(t *testing.T, names ...string) []uint16 {
	t.Helper()
	p, err := microchess.Search5K()
	if err != nil {
		t.Fatal(err)
	}
	var out []uint16
	for _, name := range names {
		s, ok := p.Code.Symbols[name]
		if !ok {
			t.Fatalf("search5k defines no %s", name)
		}
		out = append(out, uint16(s.Value))
	}
	return out
}

// The positions the table's tests search at Normal: the start, a middle
// game full of captures and castlings, an ending where the iterations go
// deepest.
var ttFENs = []string{
	"",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
	"8/5k2/3r4/8/3P4/8/4RK2/8 w - - 0 1",
}

// At the root no move is searched twice in an iteration: the last
// iteration's best, which FIRST searches first, is the root's hash move and
// the generator's passes skip it. Before the table the root searched it
// again (after FIRST) at every iteration from the second.
func TestSearch5KRootMoveOnce(t *testing.T) {
	at := search5kAt(t, "FIRST", "TRY")
	first, try := at[0], at[1]
	for _, fen := range ttFENs {
		p := newSearchPlay(t, builds.Search5K, fen, chess.White, "normal")
		tried := map[[2]byte]int{}
		iterations := 0
		check := func() {
			for m, n := range tried {
				if n > 1 {
					t.Errorf("%q, iteration %d: man %02X to %02X searched %d times at the root", fen, iterations, m[0], m[1], n)
				}
			}
			clear(tried)
		}
		p.S.M.Trace = func(m *kim1.Machine) {
			switch m.CPU.PC {
			case first:
				check()
				iterations++
			case try:
				if m.CPU.Mem[s5kPly] == 0 {
					tried[[2]byte{m.CPU.Mem[memmap.PieceNow], m.CPU.Mem[memmap.SquareNow]}]++
				}
			}
		}
		if ply, err := p.Think(); err != nil || ply.UCI == "" {
			t.Fatalf("%q: %v %v", fen, ply.Display, err)
		}
		check()
		if iterations < 2 {
			t.Errorf("%q: %d iterations, want at least 2", fen, iterations)
		}
	}
}

// ttNode is what TestSearch5KHashMoveFirst sees of one full-width node.
type ttNode struct {
	active bool
	hash   *[2]byte // the hash move HLOOK tried, if any
	first  *[2]byte // the first move tried
	tried  map[[2]byte]int
	gen    map[[2]byte]int // the moves GNM handed to JANUS
}

// At every full-width node below the root the key is the one the memory
// map describes (each man's square EOR its byte of ZR indexes the pages ZA
// and ZB, EORed into the key's low and high bytes); a hash move the table
// gives is searched first, is a move of the position (GNM generates it,
// at every node the generator finishes) and is not searched again, nor is
// any move searched twice at a node. The table is used: some nodes have a
// hash move and some are cut by it. The table is switched on (.TTON 01)
// whatever the program as assembled has.
func TestSearch5KHashMoveFirst(t *testing.T) {
	at := search5kAt(t, "HLOOK", "HG1", "TRY", "JANUS", "FDONE", "HREV", "ZR", "ZA", "ZB", ".TTON")
	hlook, hg1, try, janus, fdone, hrev := at[0], at[1], at[2], at[3], at[4], at[5]
	zr, za, zb, tton := at[6], at[7], at[8], at[9]
	const tmp2, tmp, mode = 0x0099, 0x00B5, 0x0088
	for _, fen := range ttFENs {
		p := newSearchPlay(t, builds.Search5K, fen, chess.White, "normal")
		p.S.M.Poke(tton, 0x01)
		var nodes [8]ttNode
		keys, hits, cuts, bad := 0, 0, 0, 0
		errorf := func(format string, args ...any) {
			if bad++; bad <= 10 {
				t.Errorf("%q: "+format, append([]any{fen}, args...)...)
			}
		}
		p.S.M.Trace = func(m *kim1.Machine) {
			mem := &m.CPU.Mem
			ply := mem[s5kPly] & 7
			n := &nodes[ply]
			move := [2]byte{mem[memmap.PieceNow], mem[memmap.SquareNow]}
			switch m.CPU.PC {
			case hrev:
				*n = ttNode{active: true, tried: map[[2]byte]int{}, gen: map[[2]byte]int{}}
			case hlook:
				var lo, hi byte
				for i := range uint16(32) {
					x := uint16(mem[memmap.Board+i] ^ mem[zr+i])
					lo ^= mem[za+x]
					hi ^= mem[zb+x]
				}
				keys++
				if lo != mem[tmp2] || hi != mem[tmp] {
					errorf("ply %d: key %02X%02X, want %02X%02X", ply, mem[tmp], mem[tmp2], hi, lo)
				}
			case hg1:
				hits++
				n.hash = &move
			case try:
				if !n.active {
					return
				}
				if n.first == nil {
					n.first = &move
				}
				n.tried[move]++
			case janus:
				if n.active {
					n.gen[move]++
				}
			case fdone:
				if !n.active {
					return
				}
				n.active = false
				for mv, k := range n.tried {
					if k > 1 {
						errorf("ply %d: man %02X to %02X searched %d times", ply, mv[0], mv[1], k)
					}
				}
				if n.hash == nil {
					return
				}
				h := *n.hash
				if *n.first != h {
					errorf("ply %d: hash move %02X-%02X, first searched %02X-%02X", ply, h[0], h[1], n.first[0], n.first[1])
				}
				if mem[mode+uint16(ply)]&0x80 != 0 {
					if len(n.tried) == 1 {
						cuts++
					}
					return
				}
				if n.gen[h] == 0 {
					errorf("ply %d: hash move %02X-%02X is not generated at its node", ply, h[0], h[1])
				}
			}
		}
		for range 2 {
			if p.End != "" {
				break
			}
			ply, err := p.Think()
			if err != nil || ply.UCI == "" {
				t.Fatalf("%q: %v %v", fen, ply.Display, err)
			}
			moves := p.Game.Position().ValidMoves()
			if len(moves) == 0 {
				break
			}
			if _, err := p.Move(moves[0].String()); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%q: %d keys, %d hash moves searched first, %d nodes cut by it alone", fen, keys, hits, cuts)
		if keys == 0 || hits == 0 || cuts == 0 {
			t.Errorf("%q: %d keys, %d hash moves, %d cut by it: the table is not used", fen, keys, hits, cuts)
		}
	}
}
