package openings

import (
	"fmt"
	"sort"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// A block stores a reply only as its TO square, so reading one back may
// find several replies that fit. The decompiler keeps the one with which
// the rest of the block still reads as legal chess and the line stays
// longest in the ECO table; past the table it prefers castling, then pawn,
// knight, bishop, rook, queen and king moves (the order development goes
// in). The others that fit are listed in Ply.Also.

// Decoded is a block read back as a line.
type Decoded struct {
	Book
	// Problem says why reading stopped before the block's end marker
	// ("" when the whole block reads as a legal line), at block index At.
	Problem string
	At      int
	// Unused counts bytes below the end marker that are not 99: GO never
	// reads them, but a compiled block would have 99 there.
	Unused int
	visits int // readings tried, against searchBudget
}

// searchBudget bounds the readings tried: each reply can fit several moves
// and each of those is read to the end of the block. Past it, the first
// reply that reads to the end is kept, so a crafted block cannot make the
// search explode.
const searchBudget = 20000

// Decompile reads a block (load order, 00C0 first). computer is the side
// the block is for; chess.NoColor infers it from 00DB (CC means White).
func Decompile(block []byte, computer chess.Color) (*Decoded, error) {
	if len(block) != memmap.BookSize {
		return nil, fmt.Errorf("a block is %d bytes (00C0–00DB), not %d", memmap.BookSize, len(block))
	}
	top := block[memmap.BookSize-1]
	if computer == chess.NoColor {
		computer = chess.Black
		if top == memmap.Cleared {
			computer = chess.White
		}
	}
	d := &Decoded{Book: Book{Computer: computer}}
	copy(d.Block[:], block)
	st := state{pos: rules.StartingPosition(), arr: memmap.InitialArray(computer)}
	var r result
	switch {
	case computer == chess.White && top != memmap.Cleared:
		r = result{problem: fmt.Sprintf("00DB is %02X: after C the display shows CC, so GO never enters the book", top), at: memmap.BookSize - 1}
	case computer == chess.White:
		r = d.moves(st, memmap.BookSize-2)
	default:
		r = d.reply(st, memmap.BookSize-1)
	}
	d.Plies, d.Problem, d.At = r.plies, r.problem, r.at
	for j := range d.Plies {
		d.Plies[j].Number = j/2 + 1 // every book starts from the initial position
	}
	if d.Problem == "" {
		for i := r.at - 1; i >= 0; i-- {
			if block[i] != End {
				d.Unused++
			}
		}
	}
	return d, nil
}

type state struct {
	pos  *chess.Position
	arr  memmap.Array
	line []chess.Move // the moves so far, for ECO
}

func (st state) then(m *chess.Move) state {
	st.pos = st.pos.Update(m)
	st.line = append(append([]chess.Move(nil), st.line...), *m)
	return st
}

// result is one reading of the block from some point on: the plies, and
// where and why it stopped if it stopped early. at is the index of the end
// marker when the reading is complete.
type result struct {
	plies   []Ply
	problem string
	at      int
}

func (r result) depth() int { return len(r.plies) }

// moves reads the computer move whose piece code is at block index i, then
// its reply.
func (d *Decoded) moves(st state, i int) result {
	if i < 2 {
		return result{problem: "00C0 holds a square: GO would read the next move from below 00C0", at: i + 1}
	}
	code, to := d.Block[i], d.Block[i-1]
	stop := func(format string, args ...any) result {
		return result{problem: fmt.Sprintf("%04X: ", Addr(i)) + fmt.Sprintf(format, args...), at: i}
	}
	if code > 0x0F {
		return stop("%02X is not a piece code", code)
	}
	from := st.arr.Computer[code]
	if from == memmap.Captured {
		return stop("the computer's %s has been captured", memmap.Pieces[code])
	}
	fromSq, _ := memmap.SquareOf(from, d.Computer)
	toSq, ok := memmap.SquareOf(to, d.Computer)
	if !ok {
		return stop("%02X is not a square", to)
	}
	var m *chess.Move
	for _, c := range st.pos.ValidMoves() {
		if c.S1() == fromSq && c.S2() == toSq && c.Promo() == chess.NoPieceType {
			m = &c
			break
		}
	}
	if m == nil {
		return stop("%s %02X-%02X (%s-%s) is not a legal move", memmap.Pieces[code], from, to, fromSq, toSq)
	}
	next := st
	p, err := describe(st.pos, m, &next.arr, d.Computer)
	if err != nil {
		return stop("%s: %v", p.SAN, err)
	}
	p.Stored = true
	next = next.then(m)
	rest := d.reply(next, i-2)
	rest.plies = append([]Ply{p}, rest.plies...)
	return rest
}

// reply reads the expected reply square at block index i: the end of the
// book if it is no square, else the player's moves that end there.
func (d *Decoded) reply(st state, i int) result {
	key := d.Block[i]
	if _, ok := memmap.SquareOf(key, d.Computer); !ok {
		if i == memmap.BookSize-1 {
			return result{problem: fmt.Sprintf("00DB is %02X, not a square: the player's first move can never match", key), at: i}
		}
		return result{at: i}
	}
	type cand struct {
		p    Ply
		next state
	}
	var cands []cand
	for _, m := range st.pos.ValidMoves() {
		if m.Promo() != chess.NoPieceType {
			continue
		}
		next := st
		p, err := describe(st.pos, &m, &next.arr, d.Computer)
		if err != nil || p.Key != key {
			continue
		}
		p.Stored = true
		cands = append(cands, cand{p, next.then(&m)})
	}
	if len(cands) == 0 {
		return result{problem: fmt.Sprintf("%04X: no legal move of the player's ends on %02X", Addr(i), key), at: i}
	}
	sort.Slice(cands, func(a, b int) bool {
		pa, pb := preference(cands[a].p), preference(cands[b].p)
		return pa < pb || pa == pb && cands[a].p.SAN < cands[b].p.SAN
	})
	var best result
	bestKnown := -1
	var fits []string
	for _, c := range cands {
		if d.visits > searchBudget && best.problem == "" && bestKnown >= 0 {
			break
		}
		d.visits++
		r := d.moves(c.next, i-1)
		r.plies = append([]Ply{c.p}, r.plies...)
		line := append(append([]chess.Move(nil), st.line...), movesOf(r.plies)...)
		known, _, _ := ECO(line)
		if r.problem == "" {
			fits = append(fits, c.p.SAN)
		}
		better := bestKnown < 0 ||
			r.problem == "" && best.problem != "" ||
			r.problem == "" && known > bestKnown ||
			r.problem != "" && best.problem != "" && r.depth() > best.depth()
		if better {
			best, bestKnown = r, known
		}
	}
	for _, san := range fits {
		if san != best.plies[0].SAN {
			best.plies[0].Also = append(best.plies[0].Also, san)
		}
	}
	return best
}

// preference orders replies past the ECO table: castling first (a reply
// on a rook's square is most likely the castling convention), then by
// piece in development order.
func preference(p Ply) int {
	if p.Castles {
		return 0
	}
	return map[chess.PieceType]int{chess.Pawn: 1, chess.Knight: 2, chess.Bishop: 3,
		chess.Rook: 4, chess.Queen: 5, chess.King: 6}[memmap.PieceTypes[p.Piece]]
}

func movesOf(plies []Ply) []chess.Move {
	ms := make([]chess.Move, len(plies))
	for i, p := range plies {
		ms[i] = p.Move
	}
	return ms
}
