package session_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// The log of a search holds each of the program's own moves once, with the
// value PUSH compared; the best is the move the program plays, and its
// value the one the display flashed.
func TestLogSearch(t *testing.T) {
	p, err := session.NewPlay(session.PlayOptions{Images: microchess.KIM(memmap.Published()), Player: chess.Black, Level: memmap.Levels[0], BookOff: true})
	if err != nil {
		t.Fatal(err)
	}
	var log session.SearchLog
	p.S.LogSearch(&log)
	ply, err := p.Think()
	if err != nil {
		t.Fatal(err)
	}
	// From the start White has 20 moves; the program generates the
	// pawns' double steps too, and every one is scored.
	if len(log.Moves) != 20 {
		t.Errorf("%d moves scored, want White's 20", len(log.Moves))
	}
	if log.Best < 0 {
		t.Fatal("no best move")
	}
	b := log.Moves[log.Best]
	v, ok := p.S.Evaluation(ply.Display)
	if b.Piece != ply.Display.Piece || b.To != ply.Display.To || !ok || b.Value != v {
		t.Errorf("best %+v, the program played %v valued %02X", b, ply.Display, v)
	}
	for i, m := range log.Moves {
		if m.Value > b.Value || m.Value == b.Value && i < log.Best {
			t.Errorf("move %d %+v beats the best %+v", i, m, b)
		}
		// Black has 20 replies to each; a queen's count twice, and the
		// queen has none to start.
		if m.Replies != 20 {
			t.Errorf("move %d %+v: %d replies counted", i, m, m.Replies)
		}
	}
	if n := log.Nodes(); n < 20*21 {
		t.Errorf("%d nodes", n)
	}
}

func TestCheckPosition(t *testing.T) {
	for fen, want := range map[string]string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": "",
		"4k3/8/8/8/8/8/8/4K2r w - - 0 1":                           "", // White to move, in check: legal
		"4k3/8/8/8/8/8/8/8 w - - 0 1":                              "no white king",
		"4k3/4k3/8/8/8/8/8/4K3 w - - 0 1":                          "2 black kings (e7, e8)",
		"4k3/8/8/8/8/8/8/3pK3 w - - 0 1":                           "a black pawn on d1",
		"4k2R/8/8/8/8/8/8/4K3 w - - 0 1":                           "white to move while the black king on e8 is in check",
		// A checker pinned to its own king gives check all the same.
		"1r2k3/8/8/1B6/8/8/8/1K6 w - - 0 1": "white to move while the black king on e8 is in check",
	} {
		pos, err := rules.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		err = rules.CheckPosition(pos)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", fen, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: %v, want %q", fen, err, want)
		}
	}
	if _, err := session.NewPlay(session.PlayOptions{Images: microchess.KIM(memmap.Published()), Level: memmap.Levels[0], FEN: "4k3/8/8/8/8/8/8/8 w - - 0 1"}); err == nil || !strings.Contains(err.Error(), "no white king") {
		t.Errorf("NewPlay with no white king: %v", err)
	}
}

func TestCheckLoaded(t *testing.T) {
	var c0 []kim1.Image
	for _, im := range microchess.KIM(memmap.Published()) {
		if im.Addr == 0 {
			c0 = append(c0, im)
		}
	}
	if err := memmap.CheckLoaded(microchess.KIM(memmap.Published())); err != nil {
		t.Errorf("the published images: %v", err)
	}
	if err := memmap.CheckLoaded(c0); err == nil || !strings.Contains(err.Error(), "0000–03FF)) leave 1780–17E5 empty") {
		t.Errorf("0000–03FF alone: %v", err)
	}
}
