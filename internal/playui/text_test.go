package playui

import (
	"sort"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// The board the game shows is drawn from the program's memory; over a
// whole game it must be the board the chess library has, drawn the same
// way, after every move, from either side.
func TestBoardShownIsTheGame(t *testing.T) {
	for _, player := range []chess.Color{chess.Black, chess.White} {
		p, err := session.NewPlay(session.PlayOptions{Player: player, Level: memmap.Levels[0],
			Images: microchess.KIM(memmap.Published()), Program: "MicroChess 1977"})
		if err != nil {
			t.Fatal(err)
		}
		for len(p.Plies) < 80 && !p.Over() {
			if p.ComputerToMove() {
				if _, err := p.Think(); err != nil {
					t.Fatal(err)
				}
			} else if _, err := p.Move(firstLegal(p.Game.Position())); err != nil {
				t.Fatal(err)
			}
			from, to := lastMove(p)
			if got, want := Board(p), drawBoard(p.Game.Position().Board().SquareMap(), player, player.Other(), from, to, Style{}); got != want {
				t.Fatalf("%s, ply %d: the board shown\n%s\nthe game's\n%s", player.Name(), len(p.Plies), got, want)
			}
		}
		t.Logf("%s: %d plies, %s", player.Name(), len(p.Plies), p.End)
		if len(p.Plies) < 20 {
			t.Errorf("only %d plies", len(p.Plies))
		}
	}
}

// firstLegal is the first legal move in SAN order.
func firstLegal(pos *chess.Position) string {
	var sans []string
	for _, m := range pos.ValidMoves() {
		m := m
		sans = append(sans, rules.SAN(pos, &m))
	}
	sort.Strings(sans)
	return sans[0]
}

func TestSevenSegment(t *testing.T) {
	want := " _   _     _   _     _   _\n|   |     |   |     |   |\n|_  |_    |_  |_    |_  |_\n"
	if got := SevenSegment([3]byte{0xCC, 0xCC, 0xCC}); got != want {
		t.Errorf("CC CC CC:\n%s\nwant\n%s", got, want)
	}
	// 0F 13 33: every digit the manual's first book move needs.
	got := SevenSegment([3]byte{0x0F, 0x13, 0x33})
	if lines := strings.Split(got, "\n"); len(lines) != 4 || !strings.HasPrefix(lines[1], "| | |_ ") {
		t.Errorf("0F 13 33:\n%s", got)
	}
}
