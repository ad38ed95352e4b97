package microchess_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// Zero-page addresses STRATEGY reads (the patch's equates).
const (
	zpOMOVE = 0xDC
	zpWCAP0 = 0xDD
	zpBMOB  = 0xE3
	zpBMAXC = 0xE4
	zpBCC   = 0xE5
	zpWMOB  = 0xEB
	zpWCC   = 0xED
	zpBIAS  = 0xF0
	zpBESTV = 0xFA
	spin    = 0xB8 // unused page-zero bytes (00B7–00BF) hold a jump to self
)

// evaluate runs STRATEGY (1780) on counts poked into page zero, through
// CKMATE and PUSH, and returns the evaluation PUSH stored in BESTV.
func evaluate(t *testing.T, images []kim1.Image, counts map[uint16]byte) byte {
	t.Helper()
	m := kim1.New()
	if err := m.Load(images...); err != nil {
		t.Fatal(err)
	}
	poke := func(a uint16, v byte) {
		if err := m.Poke(a, v); err != nil {
			t.Fatal(err)
		}
	}
	for a, v := range map[uint16]byte{zpOMOVE: 0xFF, zpWCAP0: 0, zpBMAXC: 0, zpBCC: 0, zpWMOB: 0, zpWCC: 0,
		zpBIAS: 0, zpBMOB: 1, zpBESTV: 0} {
		poke(a, v)
	}
	for a, v := range counts {
		poke(a, v)
	}
	// STRATEGY is entered by a JMP from JANUS and leaves by PUSH's JMP to
	// the monitor's display routine, whose RTS returns to JANUS's caller:
	// here, the jump to self.
	poke(spin, 0x4C)
	poke(spin+1, spin)
	poke(spin+2, 0x00)
	poke(0x01FF, 0x00)
	poke(0x01FE, spin-1)
	m.CPU.S = 0xFD
	m.CPU.PC = 0x1780
	r, err := m.Run(1_000_000)
	if err != nil || r != kim1.SelfJump {
		t.Fatalf("STRATEGY did not return: %v %v at %04X", r, err, m.CPU.PC)
	}
	return m.Peek(zpBESTV)
}

// The capture test as the article states it (17B1): a move earns 20 hex
// points only if what it captures (WCAP0) is worth at least the most
// valuable piece the opponent can take in reply (BMAXC); then the capture
// is added and the reply capture subtracted (lines 1010–1030).
func TestCaptureTest(t *testing.T) {
	ps := mustLoad(t)
	base := evaluate(t, ps.white, nil)
	for _, c := range []struct{ wcap, bmaxc byte }{{0, 0}, {4, 2}, {2, 4}, {4, 4}, {0, 2}, {10, 6}, {6, 10}, {2, 0}} {
		got := int(evaluate(t, ps.white, map[uint16]byte{zpWCAP0: c.wcap, zpBMAXC: c.bmaxc})) - int(base)
		want := int(c.wcap) - int(c.bmaxc)
		if c.wcap < c.bmaxc {
			want -= 0x20 // the base case (nothing taken either way) passes
		}
		if got != want {
			t.Errorf("WCAP0 %X, BMAXC %X: evaluation %+d from the base, want %+d", c.wcap, c.bmaxc, got, want)
		}
	}
	// BIAS (FACTOR for the list move) is added as it stands.
	if got := int(evaluate(t, ps.white, map[uint16]byte{zpBIAS: 0x15})) - int(base); got != 0x15 {
		t.Errorf("BIAS 15 adds %X", got)
	}
}

// A scenario is an opening position, reached by entering moves for both
// sides, in which the next legal list move is a mistake: it leaves a piece
// en prise (save, avoid) or passes up a free capture (take).
type scenario struct {
	name  string
	white bool   // the computer's colour
	line  string // UCI moves from the start, both sides, entered with F
	kind  string // save, avoid or take
	// save: the opponent's capture the computer must prevent; avoid: the
	// list move that loses material; take: the capture to make.
	uci string
}

// scenarios: the threats a development plan must answer. Every position
// was chosen so that the list's next move is legal there. DEVP4 in a line
// stands for the list's fourth move (or a waiting move if it has none).
var scenarios = []scenario{
	{"N-KB3 attacked by a pawn, list B-KN2", true, "g1f3 e7e5 g2g3 e5e4", "save", "e4f3"},
	{"N-KB3 attacked by a pawn, list DEVP-4", true, "g1f3 b8c6 g2g3 e7e5 f1g2 e5e4", "save", "e4f3"},
	{"N-KB3 attacked by the KN pawn, list B-KN2", true, "g1f3 g7g5 g2g3 g5g4", "save", "g4f3"},
	{"list N-QB3 onto a pawn's attack", true, "g1f3 d7d5 g2g3 c7c5 f1g2 b8c6 DEVP4 d5d4 e1g1 e7e5", "avoid", "b1c3"},
	{"free queen, list B-KN2", true, "g1f3 e7e5 g2g3 d8g5", "take", "f3g5"},
	{"free knight, list B-KN2", true, "g1f3 b8c6 g2g3 c6d4", "take", "f3d4"},
	{"free bishop, list DEVP-4", true, "g1f3 d7d5 g2g3 c8g4 f1g2 g4h3", "take", "g2h3"},
	{"free pawn, list P-KN3", true, "g1f3 e7e5", "take", "f3e5"},
	{"N-KB3 attacked by a pawn, list P-KN3", false, "e2e4 g8f6 e4e5", "save", "e5f6"},
	{"N-KB3 attacked by a pawn, list B-KN2", false, "e2e4 g8f6 d2d3 g7g6 e4e5", "save", "e5f6"},
	{"list N-QB3 onto a pawn's attack", false, "g1f3 g8f6 g2g3 g7g6 f1g2 f8g7 e1g1 DEVP4 d2d4 e8g8 d4d5", "avoid", "b8c6"},
	{"free queen, list P-KN3", false, "e2e4 g8f6 d1h5", "take", "f6h5"},
	{"free knight, list P-KN3", false, "b1c3 g8f6 c3d5", "take", "f6d5"},
	{"free pawn, list P-KN3", false, "g1f3 g8f6 e2e4", "take", "f6e4"},
}

// errNotApplicable: the scenario's line is not legal with this list (a
// DEVP-4 candidate changed it); the scenario is not counted.
var errNotApplicable = errors.New("the scenario's line is illegal with this list")

// devp4UCI is the move DEVP4 stands for in a scenario's line.
func devp4UCI(e *entry, white bool) string {
	if e != nil {
		from, err1 := square(e.from, white)
		to, err2 := square(e.to, white)
		if err1 == nil && err2 == nil {
			return from.String() + to.String()
		}
	}
	if white {
		return "a2a3"
	}
	return "a7a6"
}

// setup pokes the experiment's variables: FACTOR and, if given, DEVP-4.
// bookOff is for the original program, whose book would answer instead.
type setup struct {
	factor  byte
	devp4   *entry
	bookOff bool
}

func (su setup) apply(s *session.Session) {
	s.M.Poke(0x00C3, su.factor)
	if su.devp4 != nil {
		s.M.Poke(0x00CD, su.devp4.piece)
		s.M.Poke(0x00CE, su.devp4.from)
		s.M.Poke(0x00CF, su.devp4.to)
	}
}

// answered plays the scenario and says whether the computer's move met
// the threat; played is its move, next the list move it was offered.
func (sc scenario) run(images []kim1.Image, level string, su setup) (answered bool, played, next string, err error) {
	s, err := startSession(images, level)
	if err != nil {
		return false, "", "", err
	}
	su.apply(s)
	p := &player{s: s, white: sc.white}
	keys := "C"
	if !sc.white {
		keys = "C E"
	}
	if err := s.Keys(keys); err != nil {
		return false, "", "", err
	}
	if su.bookOff {
		s.BookOff()
	}
	g := &game{Board: rules.NewGame()}
	line := strings.ReplaceAll(sc.line, "DEVP4", devp4UCI(su.devp4, sc.white))
	for _, uci := range strings.Fields(line) {
		mv, err := chess.UCINotation{}.Decode(g.Board.Position(), uci)
		if err != nil {
			return false, "", "", errNotApplicable
		}
		// The scenario's moves are all entered, whoever makes them.
		pl := ply{UCI: uci, White: g.Board.Position().Turn() == chess.White}
		end, err := push(g, mv.S1(), mv.S2(), pl, nil, p)
		if err != nil {
			return false, "", "", fmt.Errorf("%s: %s: %v", sc.name, uci, err)
		}
		if end != "" {
			return false, "", "", errNotApplicable
		}
	}
	next = nextListMove(s, sc.white)
	mv, err := s.Play()
	if err != nil {
		return false, "", "", err
	}
	if mv.Resigned() {
		return false, "resigned", next, nil
	}
	from, err1 := square(mv.From, sc.white)
	to, err2 := square(mv.To, sc.white)
	if err1 != nil || err2 != nil {
		return false, "", next, fmt.Errorf("%s: move %v off the board", sc.name, mv)
	}
	played = from.String() + to.String()
	switch sc.kind {
	case "take":
		return played[2:] == sc.uci[2:], played, next, nil
	case "avoid":
		return played != sc.uci, played, next, nil
	}
	// save: the capture must be gone, or capture nothing.
	if err := g.Board.PushNotationMove(played, chess.UCINotation{}, nil); err != nil {
		return false, played, next, fmt.Errorf("%s: the computer's %s is illegal: %v", sc.name, played, err)
	}
	cap, err := chess.UCINotation{}.Decode(g.Board.Position(), sc.uci)
	return err != nil || g.Board.Position().Board().Piece(cap.S2()) == chess.NoPiece, played, next, nil
}

// nextListMove is the list move GO would try: the first entry whose piece
// stands on its FROM square (03B3-03C6), as a UCI move.
func nextListMove(s *session.Session, white bool) string {
	for _, e := range readList(s) {
		if e.piece > 0x1F || s.M.Peek(memmap.Board+uint16(e.piece)) != e.from {
			continue
		}
		from, err1 := square(e.from, white)
		to, err2 := square(e.to, white)
		if err1 != nil || err2 != nil {
			return "-"
		}
		return from.String() + to.String()
	}
	return "-"
}
