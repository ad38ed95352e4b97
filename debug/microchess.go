package debug

import (
	"fmt"
	"io"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/memmap"
)

// MicroChess's variables, by the source's names when the program has
// them, else where the 1977 listing puts them.
func (d *Debugger) addr(name string, fallback uint16) uint16 {
	if v, ok := d.Src.Value(name); ok {
		return v
	}
	return fallback
}

// States are what JANUS does in each .STATE, in the words of the source's
// comments where it sets them (GO, ON4, CHKCHK, TREE), and the counts it
// keeps there (COUNTS indexes .MOB, .MAXC, .CC and .PCAP by the state).
var States = map[byte]string{
	0x0C: "GO's first pass (STATE=C): the computer's moves in the present position, counted",
	0x04: "GO's second pass (STATE=4): generate and test the available moves, each made, answered and given to STRATGY",
	0x00: "ON4 (STATE=0): the player's immediate reply moves to the trial move, counted",
	0x08: "ON4 (STATE=8): the computer's continuation moves after the trial move, counted",
	0xF9: "CHKCHK (STATE=F9): all reply moves, to see if the king is in check",
	0xFF: "TREE: the capture exchange, 1 capture deep",
	0xFE: "TREE: the capture exchange, 2 captures deep",
	0xFD: "TREE: the capture exchange, 3 captures deep",
	0xFC: "TREE: the capture exchange, 4 captures deep",
	0xFB: "TREE: the capture exchange turns around (STATE=FB)",
}

// WriteState prints .STATE with its meaning and, in a counting state, the
// counts JANUS adds to there.
func (d *Debugger) WriteState(w io.Writer) {
	c := d.M.CPU
	at := d.addr(".STATE", memmap.State)
	st := c.Mem[at]
	what, ok := States[st]
	if !ok {
		what = "not a state the 1977 program uses"
	}
	fmt.Fprintf(w, ".STATE (%04X) = %02X: %s\n", at, st, what)
	if st < 0x80 {
		var parts []string
		for _, base := range []string{".MOB", ".MAXC", ".CC", ".PCAP"} {
			if b, ok := d.Src.Value(base); ok {
				a := b + uint16(st)
				parts = append(parts, fmt.Sprintf("%s %02X", d.Src.Name(a), c.Mem[a]))
			}
		}
		if len(parts) > 0 {
			fmt.Fprintf(w, "counts of this state: %s\n", strings.Join(parts, "  "))
		}
	}
	fmt.Fprintf(w, ".PIECE %02X (%s)  .SQUARE %02X  .BESTP %02X  .BESTV %02X  .BESTM %02X\n",
		c.Mem[d.addr(".PIECE", memmap.PieceNow)], pieceName(c.Mem[d.addr(".PIECE", memmap.PieceNow)]),
		c.Mem[d.addr(".SQUARE", memmap.SquareNow)], c.Mem[d.addr(".BESTP", memmap.Display1)],
		c.Mem[d.addr(".BESTV", memmap.Display2)], c.Mem[d.addr(".BESTM", memmap.Display3)])
}

func pieceName(i byte) string {
	if i < 16 {
		return memmap.Pieces[i]
	}
	if i < 32 {
		return "the other side's " + memmap.Pieces[i-16]
	}
	return "none"
}

// CountsRead are the variables the routine named adds or subtracts
// (STRATGY: the counts it weighs), in the order of its statements, each
// once: the source says which they are.
func (d *Debugger) CountsRead(routine string) ([]string, error) {
	var r *Routine
	for i := range d.Src.Routines {
		if d.Src.Routines[i].Name == routine {
			r = &d.Src.Routines[i]
		}
	}
	if r == nil || r.Stmt == nil {
		return nil, fmt.Errorf("the program has no routine %s in its source", routine)
	}
	var names []string
	seen := map[string]bool{}
	for _, st := range d.Src.files[r.Stmt.Pos.File] {
		if st.Kind != asm.KindInstr || st.Addr < r.Addr || d.Src.RoutineAt(st.Addr).Addr != r.Addr {
			continue
		}
		weighed := st.Mnemonic == "ADC" || st.Mnemonic == "SBC"
		if weighed && st.Operand != nil && strings.HasPrefix(st.Operand.Sym, ".") && st.Operand.Offset == 0 && !seen[st.Operand.Sym] {
			seen[st.Operand.Sym] = true
			names = append(names, st.Operand.Sym)
		}
	}
	return names, nil
}

// WriteCounts prints the counts STRATGY reads, named as the source names
// them.
func (d *Debugger) WriteCounts(w io.Writer) error {
	names, err := d.CountsRead("STRATGY")
	if err != nil {
		return err
	}
	for i, n := range names {
		a, _ := d.Src.Value(n)
		sep := "  "
		if i%6 == 5 || i == len(names)-1 {
			sep = "\n"
		}
		fmt.Fprintf(w, "%-7s %02X%s", n, d.M.CPU.Mem[a], sep)
	}
	return nil
}

// WriteBoard draws the board (0050–006F) as a chessboard in the
// program's notation, the computer's men in capitals, then the piece
// table.
func (d *Debugger) WriteBoard(w io.Writer) {
	c := d.M.CPU
	board := d.addr(".BOARD", memmap.Board)
	bk := d.addr(".BK", memmap.PlayerBoard)
	var grid [8][8]string
	for side, base := range []uint16{board, bk} {
		for i := range 16 {
			sq := c.Mem[base+uint16(i)]
			if sq&0x88 != 0 {
				continue
			}
			letter := pieceLetter(memmap.PieceTypes[i])
			if side == 1 {
				letter = strings.ToLower(letter)
			}
			if grid[sq>>4][sq&7] != "" {
				letter = "*" // two men on one square
			}
			grid[sq>>4][sq&7] = letter
		}
	}
	fmt.Fprintln(w, "    0 1 2 3 4 5 6 7   (square = rank digit, file digit; computer in capitals)")
	for r := 7; r >= 0; r-- {
		fmt.Fprintf(w, " %d0", r)
		for f := range 8 {
			s := grid[r][f]
			if s == "" {
				s = "."
			}
			fmt.Fprintf(w, " %s", s)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%-6s", "man")
	for _, n := range memmap.Pieces {
		fmt.Fprintf(w, " %-3s", n)
	}
	fmt.Fprintln(w)
	for _, base := range []uint16{board, bk} {
		fmt.Fprintf(w, "%04X  ", base)
		for i := range 16 {
			fmt.Fprintf(w, " %02X ", c.Mem[base+uint16(i)])
		}
		fmt.Fprintln(w)
	}
}

func pieceLetter(t chess.PieceType) string {
	return map[chess.PieceType]string{chess.King: "K", chess.Queen: "Q", chess.Rook: "R",
		chess.Bishop: "B", chess.Knight: "N", chess.Pawn: "P"}[t]
}

// stack2Top is where MicroChess's second stack starts (CHESS: LDXIM C8,
// STXZ .SP2).
const stack2Top = 0xC8

// WriteMoves prints the moves made on MicroChess's second stack: MOVE
// pushes the TO square, the man captured (its index in 0050–006F, FF for
// none), the FROM square, the man and .MOVEN; UMOVE pulls them back.
func (d *Debugger) WriteMoves(w io.Writer) {
	c := d.M.CPU
	sp := c.Mem[d.addr(".SP2", 0xB2)]
	if sp > stack2Top || (stack2Top-sp)%5 != 0 {
		fmt.Fprintf(w, ".SP2 = %02X: not a second stack of whole moves below %02X\n", sp, stack2Top)
		return
	}
	n := int(stack2Top-sp) / 5
	fmt.Fprintf(w, "moves made (second stack, .SP2 = %02X): %d\n", sp, n)
	for k := range n {
		a := 0x100 | uint16(sp) + 1 + uint16(5*k)
		moven, man, from, took, to := c.Mem[a], c.Mem[a+1], c.Mem[a+2], c.Mem[a+3], c.Mem[a+4]
		capture := "nothing"
		if took != 0xFF {
			capture = pieceName(took)
		}
		fmt.Fprintf(w, "  %d: %s (%02X) %02X to %02X, took %s, .MOVEN %02X\n", n-k, pieceName(man), man, from, to, capture, moven)
	}
}
