package microchess_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/ref"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// The tests of Stone's 1980 upgrade (stone_*_test.go) check
// src/patches/stone-1980.s and its opening lists against the article's
// printed bytes and Table 1 (ref/stone-1980-*.txt) and in the emulator,
// and hold the experiment that chose the values the article lost (FACTOR
// and DEVP-4); see docs/stone-1980.md.

// Sources, by the names the package knows them by.
const (
	originalSrc = microchess.ProgramSource
	patchSrc    = microchess.StoneSource
	whiteSrc    = microchess.StoneWhite
	blackSrc    = microchess.StoneBlack
)

func assemble(files ...string) (*asm.Program, error) {
	srcs, err := microchess.ReadSources(files...)
	if err != nil {
		return nil, err
	}
	return asm.Assemble(srcs...)
}

// programs are the images of the two programs the tests play.
type programs struct{ original, white, black []kim1.Image }

func load() (programs, error) {
	var ps programs
	orig, err := microchess.Original(true)
	if err != nil {
		return ps, err
	}
	w, err := microchess.Stone(true)
	if err != nil {
		return ps, fmt.Errorf("white list: %v", err)
	}
	b, err := microchess.Stone(false)
	if err != nil {
		return ps, fmt.Errorf("black list: %v", err)
	}
	return programs{microchess.KIM(orig.Images), microchess.KIM(w.Images), microchess.KIM(b.Images)}, nil
}

func mustLoad(t testing.TB) programs {
	t.Helper()
	ps, err := load()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// startSession starts a KIM-1 with the images at the given level.
func startSession(images []kim1.Image, level string) (*session.Session, error) {
	s, err := session.New(images...)
	if err != nil {
		return nil, err
	}
	l, err := memmap.LevelByName(level)
	if err != nil {
		return nil, err
	}
	s.SetLevel(l)
	return s, nil
}

// The stone tests speak of sides as white true or false.
func color(white bool) chess.Color {
	if white {
		return chess.White
	}
	return chess.Black
}

func square(code byte, white bool) (chess.Square, error) {
	sq, ok := memmap.SquareOf(code, color(white))
	if !ok {
		return sq, fmt.Errorf("%02X is not a square", code)
	}
	return sq, nil
}

func code(sq chess.Square, white bool) byte { return memmap.Code(sq, color(white)) }

func mustAssemble(t *testing.T, files ...string) *asm.Program {
	t.Helper()
	p, err := assemble(files...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Every byte the article prints comes out of stone-1980.s on the printed
// line number at the printed address; the only other bytes are the
// reconstructed line 0960.
func TestPrintedBytes(t *testing.T) {
	p := mustAssemble(t, patchSrc)
	byNumber := map[int]*asm.Stmt{}
	for _, s := range p.Stmts {
		if len(s.Bytes) > 0 {
			if byNumber[s.Number] != nil {
				t.Fatalf("line number %04d used twice", s.Number)
			}
			byNumber[s.Number] = s
		}
	}
	printed := 0
	for _, r := range ref.Stone1980Lines() {
		s := byNumber[r.Line]
		if s == nil {
			t.Errorf("line %04d (%04X % X): no statement", r.Line, r.Addr, r.Bytes)
			continue
		}
		delete(byNumber, r.Line)
		if s.Addr != r.Addr || fmt.Sprintf("% X", s.Bytes) != fmt.Sprintf("% X", r.Bytes) {
			t.Errorf("line %04d: %04X % X, printed %04X % X", r.Line, s.Addr, s.Bytes, r.Addr, r.Bytes)
		}
		if s.Reconstructed {
			t.Errorf("line %04d is printed but marked reconstructed", r.Line)
		}
		printed += len(r.Bytes)
	}
	left := make([]int, 0, len(byNumber))
	for n := range byNumber {
		left = append(left, n)
	}
	sort.Ints(left)
	for _, n := range left {
		s := byNumber[n]
		if !s.Reconstructed {
			t.Errorf("line %04d (%04X % X) is not printed and not marked reconstructed", n, s.Addr, s.Bytes)
		}
		if n != 960 || s.Addr != 0x17B1 || len(s.Bytes) != 2 || s.Label != "CAPTEST" {
			t.Errorf("reconstructed: line %04d at %04X, %d bytes, label %q; want only 0960 CAPTEST at 17B1, 2 bytes", n, s.Addr, len(s.Bytes), s.Label)
		}
	}
	t.Logf("%d printed bytes reproduced", printed)
}

// The lost line fits exactly the hole the printed bytes leave, and every
// printed branch to CAPTEST lands on it.
func TestCaptestHole(t *testing.T) {
	rows := ref.Stone1980Lines()
	at := map[uint16]ref.PrintedLine{}
	for _, r := range rows {
		at[r.Addr] = r
	}
	before, after := at[0x17AF], at[0x17B3]
	if before.Line != 950 || after.Line != 970 {
		t.Fatalf("printed lines around the hole: %04d, %04d", before.Line, after.Line)
	}
	if end := before.Addr + uint16(len(before.Bytes)); after.Addr-end != 2 {
		t.Errorf("hole of %d bytes at %04X", after.Addr-end, end)
	}
	for _, a := range []uint16{0x1798, 0x17A2, 0x17AD} {
		r := at[a]
		if len(r.Bytes) != 2 {
			t.Fatalf("no printed branch at %04X", a)
		}
		if dest := a + 2 + uint16(int8(r.Bytes[1])); dest != 0x17B1 {
			t.Errorf("branch at %04X lands at %04X", a, dest)
		}
	}
}

// The equates agree with the original's symbol table (the article's names
// are MicroChess's without the '.'), and the variables Stone reuses are
// read and written only by code the patch replaces.
func TestEquates(t *testing.T) {
	patch := mustAssemble(t, patchSrc)
	orig := mustAssemble(t, originalSrc)
	origSym := func(name string) *asm.Symbol {
		if s := orig.Symbols["."+name]; s != nil {
			return s
		}
		return orig.Symbols[name]
	}
	checked := 0
	for _, sym := range patch.Order {
		if sym.Def.Kind != asm.KindEquate {
			continue
		}
		o := origSym(sym.Name)
		switch sym.Name {
		case "FACTOR", "BKMOB", "BIAS":
			// New variables (Table 4), checked below.
		case "CMOVE":
			// A call into the middle of CMOVE: at the STA .SQUARE after the
			// move-table addition, so A carries the TO square.
			s := stmtAt(orig, uint16(sym.Value))
			if o == nil || s == nil || s.Mnemonic != "STA" || s.Operand == nil || s.Operand.Sym != ".SQUARE" || uint16(sym.Value) <= uint16(o.Value) {
				t.Errorf("CMOVE %04X is not the STA .SQUARE inside MicroChess's CMOVE", sym.Value)
			}
		case "DEVP", "FROM", "TO":
			if sym.Value != origSym("OMOVE").Value {
				t.Errorf("%s = %04X, want .OMOVE's %04X", sym.Name, sym.Value, origSym("OMOVE").Value)
			}
		default:
			if o == nil {
				t.Errorf("%s is not a MicroChess symbol", sym.Name)
			} else if o.Value != sym.Value {
				t.Errorf("%s = %04X, MicroChess has %04X", sym.Name, sym.Value, o.Value)
			}
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d equates", checked)
	}
	// The counters GNMZ clears end at BKMOB now (LDX #$11) and GNMX from GO
	// reaches BIAS (LDX #$12), as the comments on lines 0150 and 1190 say.
	count := origSym("COUNT").Value
	if patch.Symbols["BKMOB"].Value != count+0x11 || patch.Symbols["BIAS"].Value != count+0x12 {
		t.Errorf("BKMOB, BIAS are not COUNT+11, COUNT+12")
	}
	replaced := [][2]uint16{{0x03A2, 0x03E9}, {0x1780, 0x17E5}}
	for _, name := range []string{".PMOB", ".PMAXC", ".OPNING"} {
		for _, ref := range orig.Symbols[name].Refs {
			if ref.Kind == asm.KindInstr && !inRanges(ref.Addr, replaced) {
				t.Errorf("%s is used at %04X (line %d), which the patch keeps", name, ref.Addr, ref.Number)
			}
		}
	}
}

func stmtAt(p *asm.Program, addr uint16) *asm.Stmt {
	for _, s := range p.Stmts {
		if s.Kind == asm.KindInstr && s.Addr == addr {
			return s
		}
	}
	return nil
}

func inRanges(a uint16, rs [][2]uint16) bool {
	for _, r := range rs {
		if a >= r[0] && a <= r[1] {
			return true
		}
	}
	return false
}

// Loaded over MicroChess 1.0, the patch and a list write exactly the
// article's ranges.
func TestOverlayRanges(t *testing.T) {
	want := "00C3–00DB 0112–0117 0200–0201 03A2–03E9 1780–17E1"
	for _, white := range []bool{true, false} {
		up, err := microchess.Stone(white)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range up.Changes {
			got = append(got, fmt.Sprintf("%04X–%04X", c.Start, c.End))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("white %v: writes %s, want %s", white, strings.Join(got, " "), want)
		}
	}
	// The patch alone writes no byte twice and stays out of the monitor's
	// workspace; linker.Overlay refuses otherwise.
	base, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := base.Overlay(patchSrc); err != nil {
		t.Error(err)
	}
}

// listBytes maps 00C3–00DB to the statements of an assembled list.
func listBytes(t *testing.T, file string) map[uint16]*asm.Stmt {
	t.Helper()
	by := map[uint16]*asm.Stmt{}
	for _, s := range mustAssemble(t, file).Stmts {
		for i := range s.Bytes {
			by[s.Addr+uint16(i)] = s
		}
	}
	for a := uint16(0x00C3); a <= 0x00DB; a++ {
		if by[a] == nil {
			t.Fatalf("%s does not define %04X", file, a)
		}
	}
	if len(by) != 0xDB-0xC3+1 {
		t.Fatalf("%s defines %d bytes, want 00C3–00DB", file, len(by))
	}
	return by
}

// Every surviving cell is in the lists, on a line not marked reconstructed;
// every other byte is on a marked line.
func TestTable1Cells(t *testing.T) {
	cells := ref.Stone1980Table1Rows()
	for _, side := range []struct {
		file string
		cell func(c ref.Table1Row) byte
	}{{whiteSrc, func(c ref.Table1Row) byte { return c.White }}, {blackSrc, func(c ref.Table1Row) byte { return c.Black }}} {
		by := listBytes(t, side.file)
		printed := map[uint16]bool{}
		for _, c := range cells {
			s := by[c.At]
			if s == nil {
				t.Errorf("%s: no byte at %04X", side.file, c.At)
				continue
			}
			printed[c.At] = true
			if got := s.Bytes[c.At-s.Addr]; got != side.cell(c) {
				t.Errorf("%s: %04X = %02X, Table 1 prints %02X (%s %s)", side.file, c.At, got, side.cell(c), c.Symbol, c.Move)
			}
			if s.Reconstructed {
				t.Errorf("%s: %04X is printed but its line is marked reconstructed", side.file, c.At)
			}
		}
		for a := uint16(0x00C3); a <= 0x00DB; a++ {
			if !printed[a] && !by[a].Reconstructed {
				t.Errorf("%s: %04X is not printed but its line is not marked reconstructed", side.file, a)
			}
		}
	}
}

// plan names the development moves as the article does (DEVP-5 is the
// castling the FROM cell 03/04 implies; DEVP-6 is printed K-QB3 by OCR).
var plan = []string{"N-KB3", "P-KN3", "B-KN2", chosenDevp4.name, "K-KN1", "N-QB3", "P-Q4"}

// The list is the plan: each piece starts on its FROM square as the
// program sets the board, each TO is the square the move's name gives,
// and, played in order by the computer alone, every move is legal chess.
func TestListsPlayThePlan(t *testing.T) {
	printed := map[uint16]string{}
	for _, c := range ref.Stone1980Table1Rows() {
		printed[c.At] = c.Move
	}
	for i, name := range plan {
		if p := printed[0x00C4+3*uint16(i)]; p != "" && p != name && !(i == 5 && p == "K-QB3") {
			t.Errorf("DEVP-%d: plan says %s, Table 1 prints %s", i+1, name, p)
		}
	}
	ps := mustLoad(t)
	for _, side := range []struct {
		white bool
		keys  string
	}{{true, "C"}, {false, "C E"}} {
		img := ps.white
		if !side.white {
			img = ps.black
		}
		s, err := startSession(img, "super-blitz")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Keys(side.keys); err != nil {
			t.Fatal(err)
		}
		list := readList(s)
		if last := list[7]; last != (entry{0x1F, 0x1F, 0x1F}) {
			t.Errorf("%s: DEVP-8 is %v, want unused (1F 1F 1F)", side.keys, last)
		}
		fen := rules.StartingPosition().String()
		for i, name := range plan {
			e := list[i]
			if at := s.M.Peek(memmap.Board + uint16(e.piece)); at != e.from {
				t.Errorf("%s: DEVP-%d piece %02X starts on %02X, FROM is %02X", side.keys, i+1, e.piece, at, e.from)
			}
			to, err := square(e.to, side.white)
			if err != nil {
				t.Fatalf("DEVP-%d: %v", i+1, err)
			}
			if want, err := descriptiveTo(name, side.white); err != nil || want != to {
				t.Errorf("%s: DEVP-%d %s goes to %v, the name says %v (%v)", side.keys, i+1, name, to, want, err)
			}
			from, _ := square(e.from, side.white)
			if fen, err = playAlone(fen, from.String()+to.String(), side.white); err != nil {
				t.Errorf("%s: DEVP-%d %s: %v", side.keys, i+1, name, err)
				break
			}
		}
	}
}

// descriptiveTo is the destination of a move in English descriptive
// notation (N-KB3), from the mover's side.
func descriptiveTo(name string, white bool) (chess.Square, error) {
	_, dest, ok := strings.Cut(name, "-")
	if !ok || len(dest) < 2 {
		return 0, fmt.Errorf("%q: want PIECE-SQUARE", name)
	}
	files := map[string]chess.File{"QR": chess.FileA, "QN": chess.FileB, "QB": chess.FileC, "Q": chess.FileD,
		"K": chess.FileE, "KB": chess.FileF, "KN": chess.FileG, "KR": chess.FileH}
	f, ok := files[dest[:len(dest)-1]]
	r := int(dest[len(dest)-1] - '1')
	if !ok || r < 0 || r > 7 {
		return 0, fmt.Errorf("%q: bad square", name)
	}
	if !white {
		r = 7 - r
	}
	return chess.NewSquare(f, chess.Rank(r)), nil
}

// playAlone plays a move for one side and gives the move back to that
// side (the opponent passes), so a whole plan can be checked for legality.
func playAlone(fen, uci string, white bool) (string, error) {
	opt, err := rules.FEN(withMover(fen, white))
	if err != nil {
		return "", err
	}
	g := rules.NewGame(opt)
	if err := g.PushNotationMove(uci, chess.UCINotation{}, nil); err != nil {
		return "", err
	}
	return g.Position().String(), nil
}

// withMover sets a FEN's side to move and clears its en passant square.
func withMover(fen string, white bool) string {
	f := strings.Fields(fen)
	f[1] = "b"
	if white {
		f[1] = "w"
	}
	f[3] = "-"
	return strings.Join(f, " ")
}
