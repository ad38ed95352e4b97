package microchess_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

func newSearch1KPlay(t *testing.T, fen string, computer chess.Color, level string) *session.Play {
	t.Helper()
	images, name, err := builds.ProgramFor(builds.Search1K, computer)
	if err != nil {
		t.Fatal(err)
	}
	l, err := memmap.LevelByName(level)
	if err != nil {
		t.Fatal(err)
	}
	p, err := session.NewPlay(session.PlayOptions{Program: name, Images: images,
		Player: computer.Other(), Level: l, FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The program plays legal moves at every level, for either colour, against
// a player who plays the first legal move the rules list: the session
// referees each of its moves and compares its board after every move.
func TestSearch1KPlaysLegally(t *testing.T) {
	plies := map[string]int{"super-blitz": 24, "blitz": 12, "normal": 6}
	for _, level := range []string{"super-blitz", "blitz", "normal"} {
		for _, computer := range []chess.Color{chess.White, chess.Black} {
			p := newSearch1KPlay(t, "", computer, level)
			for range plies[level] {
				if p.End != "" {
					break
				}
				if p.ComputerToMove() {
					ply, err := p.Think()
					if err != nil {
						t.Fatalf("%s, program %v: %v", level, computer, err)
					}
					if ply.Illegal != "" || ply.UCI == "" {
						t.Fatalf("%s, program %v: %v %s", level, computer, ply.Display, ply.Illegal)
					}
					continue
				}
				moves := p.Game.Position().ValidMoves()
				if len(moves) == 0 {
					break
				}
				if _, err := p.Move(moves[0].String()); err != nil {
					t.Fatalf("%s, program %v: the player's %v: %v", level, computer, moves[0], err)
				}
			}
		}
	}
}

// It mates in one, and takes a queen left hanging, where depth and the
// budget reach.
func TestSearch1KTactics(t *testing.T) {
	for _, c := range []struct {
		fen, want string
		levels    []string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "Ra8#", []string{"blitz", "normal"}},
		{"r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "Ra1#", []string{"blitz", "normal"}},
		{"4k3/pp6/8/3q4/8/8/3R1PP1/4K3 w - - 0 1", "Rxd5", []string{"super-blitz", "blitz", "normal"}},
		{"4k3/3r1pp1/8/8/3Q4/8/PP6/4K3 b - - 0 1", "Rxd4", []string{"super-blitz", "blitz", "normal"}},
	} {
		f, err := rules.FEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		computer := rules.NewGame(f).Position().Turn()
		for _, level := range c.levels {
			ply, err := newSearch1KPlay(t, c.fen, computer, level).Think()
			if err != nil {
				t.Fatalf("%s at %s: %v", c.fen, level, err)
			}
			if ply.SAN != c.want {
				t.Errorf("%s at %s: the program played %s (%v), want %s", c.fen, level, ply.SAN, ply.Display, c.want)
			}
		}
	}
}

// In check with no legal move of its own (only fxg3 en passant, which it
// does not make), after a game whose piece table puts the king's capture
// last in the reply's generation, the program resigns. When the budget
// waited for a legal root move at every depth, not only at depth 1, it
// searched the illegal moves' replies to depth 6 with no limit and never
// moved (a failed game in the 800-game match). Every move is keyed (Force),
// the program's too, so the position and its piece table do not depend on
// how the program searches.
func TestSearch1KNoLegalMoveResigns(t *testing.T) {
	moves := strings.Fields("e3 c5 Be2 e6 h3 d5 b3 Ne7 Bb5+ Nbc6 Qg4 e5 Qg5 f6 Qh5+ g6 Qh4 g5 Qh5+ Ng6 Nc3 a6 Bxc6+ bxc6 Nf3 e4 Nh2 Bd7 Ba3 Be7 Rb1 Rc8 Ra1 f5 Rb1 f4 exf4 gxf4 Ra1 a5 Rb1 Be6 Ra1 Qd7 Rb1 Bf5 Ra1 d4 Na4 Qd5 Nb6 Bxh3 Qxh3 Qe5 Qxc8+ Bd8 Qxc6+ Kf7 Qd7+ Ne7 Nc4 Qg5 Nd6+ Kg6 Qe6+ Kh5 Nf3+ Qh4 g4+")
	for _, level := range []string{"super-blitz", "blitz", "normal"} {
		p := newSearch1KPlay(t, "", chess.Black, level)
		for _, m := range moves {
			if _, err := p.Force(m); err != nil {
				t.Fatalf("%s: %s: %v", level, m, err)
			}
		}
		ply, err := p.Think()
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if ply.UCI != "" {
			t.Errorf("%s: the program played %s (%v), with no legal move of its own", level, ply.SAN, ply.Display)
		}
	}
}
