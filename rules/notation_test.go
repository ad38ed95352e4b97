package rules_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// gameAfter is the game from fen ("" for the start) after SAN moves.
func gameAfter(t *testing.T, fen string, moves ...string) *rules.Referee {
	t.Helper()
	g := rules.NewGame()
	if fen != "" {
		opt, err := rules.FEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		g = rules.NewGame(opt)
	}
	r := rules.NewReferee(g)
	for _, san := range moves {
		m, err := rules.ParseSAN(r.Position(), san)
		if err == nil {
			err = r.Move(&m)
		}
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
	}
	return r
}

// The check and mate marks of the four promotions, worked out by hand on
// the board; the library marks the rook, bishop and knight with the
// queen's check. The last position is stalemate after a1=B and a1=N (the
// white king on h1: g1 is the bishop's on c5, g2 the pawn's on h3) and
// mate after a1=Q and a1=R.
func TestPromotionMarks(t *testing.T) {
	lone := [4]chess.Method{chess.NoMethod, chess.NoMethod, chess.InsufficientMaterial, chess.InsufficientMaterial}
	for _, c := range []struct {
		fen  string
		want [4]string // =Q, =R, =B, =N
		ends [4]chess.Method
	}{
		// The rook's file and rank: queen and rook give check.
		// (A lone bishop or knight: a draw by insufficient material.)
		{"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", [4]string{"a1=Q+", "a1=R+", "a1=B", "a1=N"}, lone},
		// The diagonal b1-f5: queen and bishop.
		{"4k3/8/8/5K2/8/8/1p6/8 b - - 0 1", [4]string{"b1=Q+", "b1=R", "b1=B+", "b1=N"}, lone},
		// The knight alone (c1 to d3).
		{"4k3/8/8/8/8/3K4/2p5/8 b - - 0 1", [4]string{"c1=Q", "c1=R", "c1=B", "c1=N+"}, lone},
		// The back rank: queen and rook mate.
		{"7k/P5pp/8/8/8/8/8/K7 w - - 0 1", [4]string{"a8=Q#", "a8=R#", "a8=B", "a8=N"}, [4]chess.Method{chess.Checkmate, chess.Checkmate}},
		{"4k3/8/8/2b5/8/7p/p6P/7K b - - 0 1", [4]string{"a1=Q#", "a1=R#", "a1=B", "a1=N"},
			[4]chess.Method{chess.Checkmate, chess.Checkmate, chess.Stalemate, chess.Stalemate}},
	} {
		pos, err := rules.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for i, promo := range []chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight} {
			var m *chess.Move
			for _, v := range pos.ValidMoves() {
				if v.Promo() == promo {
					m = &v
				}
			}
			if m == nil {
				t.Fatalf("%s: no promotion to %v", c.fen, promo)
			}
			if got := rules.SAN(pos, m); got != c.want[i] {
				t.Errorf("%s: %s, want %s", c.fen, got, c.want[i])
			}
			// Round trip: the text reads back as the move, strictly and as typed.
			back, err := rules.ParseSAN(pos, c.want[i])
			if err != nil || back.String() != m.String() {
				t.Errorf("%s: ParseSAN(%s) = %v, %v", c.fen, c.want[i], back.String(), err)
			}
			typed := strings.TrimRight(strings.Replace(c.want[i], "=", "", 1), "+#")
			if back, err := session.ParseMove(pos, typed, chess.White); err != nil || back.String() != m.String() {
				t.Errorf("%s: ParseMove(%s) = %v, %v", c.fen, typed, back.String(), err)
			}
			// The game: its PGN and how it ends.
			r := gameAfter(t, c.fen, c.want[i])
			if pgn := r.String(); !strings.Contains(pgn, " "+c.want[i]+" ") {
				t.Errorf("%s: the PGN lacks %s:\n%s", c.fen, c.want[i], pgn)
			}
			if got := r.Method(); got != c.ends[i] {
				t.Errorf("%s after %s: the game ends by %v, want %v", c.fen, c.want[i], got, c.ends[i])
			}
		}
	}
}

// SAN as people type it is read by ParseMove; a file's SAN (ParseSAN)
// stays standard.
func TestTypedSAN(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves []string // from fen, or the start
		typed string
		want  string // the move, UCI
	}{
		{"", []string{"d4", "d5", "c4"}, "Nbd7", "b8d7"},  // one knight can go
		{"", []string{"d4", "d5", "c4"}, "Nb8d7", "b8d7"}, // the whole origin
		{"", []string{"d4", "d5", "c4"}, "Nd7", "b8d7"},
		{"", []string{"e4", "f5"}, "Qh5", "d1h5"}, // check, not marked
		{"", []string{"e4", "f5"}, "Qh5+", "d1h5"},
		{"", []string{"f3", "e5", "g4"}, "Qh4", "d8h4"}, // mate, not marked
		{"", []string{"f3", "e5", "g4"}, "Qh4+", "d8h4"},
		{"", []string{"f3", "e5", "g4"}, "Qh4#", "d8h4"},
		{"", nil, "Nf3+", "g1f3"}, // a check mark too many
		{"", nil, "Nf3#", "g1f3"},
		{"", []string{"e4", "d5"}, "ed5", "e4d5"}, // the capture mark left out
		{"", []string{"e4", "d5"}, "e4xd5", "e4d5"},
		{"", []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5"}, "Nd5", "f6d5"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", nil, "0-0", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", nil, "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", nil, "O-O+", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", nil, "o-o-o", "e8c8"},
		{"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", nil, "e8Q", "e7e8q"},
		{"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", nil, "e8=Q", "e7e8q"},
		{"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", nil, "e8N", "e7e8n"},
		{"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", nil, "e8r", "e7e8r"},
		{"8/4P2k/8/8/8/8/8/4K3 w - - 0 1", nil, "e8", "e7e8q"}, // a queen, as e7e8 and the octal squares
	} {
		r := gameAfter(t, c.fen, c.moves...)
		m, err := session.ParseMove(r.Position(), c.typed, chess.White)
		if err != nil || m.String() != c.want {
			t.Errorf("after %v: %s read as %s, %v; want %s", c.moves, c.typed, m.String(), err, c.want)
		}
	}
	// Files keep standard SAN, and say what to write.
	for _, c := range []struct {
		moves      []string
		text, want string
	}{
		{[]string{"d4", "d5", "c4"}, "Nbd7", "Nbd7 is not standard SAN: write Nd7"},
		{nil, "Nf3+", "Nf3+: wrong check mark: write Nf3"},
		{[]string{"e4", "d5"}, "ed5", "ed5 captures: write exd5"},
	} {
		r := gameAfter(t, "", c.moves...)
		if _, err := rules.ParseSAN(r.Position(), c.text); err == nil || err.Error() != c.want {
			t.Errorf("ParseSAN(%s) after %v: %v, want %s", c.text, c.moves, err, c.want)
		}
	}
}

// A move refused says why, as the rules see it.
func TestRefusals(t *testing.T) {
	ruy := []string{"e4", "e5", "Nf3", "d6", "Bb5+"} // the bishop on b5 checks along c6 and d7
	pin := []string{"d4", "e6", "c4", "Bb4+", "Nc3", "Nf6"}
	for _, c := range []struct {
		fen   string
		moves []string
		typed string
		want  string
	}{
		{"", ruy, "Nf6", "illegal move Nf6: Black is in check from the white bishop on b5, and the move leaves the king in check"},
		{"", ruy, "g8f6", "illegal move g8f6: Black is in check from the white bishop on b5, and the move leaves the king in check"},
		{"", ruy, "Qh4", "illegal move Qh4: Black is in check from the white bishop on b5, and the move leaves the king in check"},
		{"", ruy, "Nd5", "illegal move Nd5: Black has no such move here"},
		{"", pin, "Ne4", "illegal move Ne4: the knight on c3 is pinned to the king by the black bishop on b4"},
		{"", pin, "c3e4", "illegal move c3e4: the knight on c3 is pinned to the king by the black bishop on b4"},
		{"4k3/5r2/8/8/8/8/8/4K3 w - - 0 1", nil, "Kf2", "illegal move Kf2: the king would be in check on f2 from the black rook on f7"},
		{"4k3/5r2/8/8/8/8/8/4K3 w - - 0 1", nil, "Nf3", "illegal move Nf3: White has no knight"},
		{"", nil, "Ncd2", "illegal move Ncd2: White has no knight on the c-file"},
		{"", nil, "N2d2", "illegal move N2d2: White has no knight on rank 2"},
		{"", nil, "Nd4", "illegal move Nd4: White has no such move here"},
		{"", nil, "Qh5", "illegal move Qh5: White has no such move here"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", nil, "O-O", "illegal move O-O: castling after the king or the rook on h1 has moved"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", nil, "e1g1", "illegal move e1g1: castling after the king or the rook on h1 has moved"},
		{"", []string{"e4", "e5", "Nf3", "Nc6"}, "O-O", "illegal move O-O: castling through a man: f1 is taken"},
	} {
		r := gameAfter(t, c.fen, c.moves...)
		_, err := session.ParseMove(r.Position(), c.typed, chess.White)
		if err == nil || err.Error() != c.want {
			t.Errorf("after %v: %s: %v\nwant %s", c.moves, c.typed, err, c.want)
		}
	}
	// A pawn reaching the last rank in a file says what it becomes.
	pos, _ := rules.ParseFEN("8/4P2k/8/8/8/8/8/4K3 w - - 0 1")
	if _, err := rules.ParseSAN(pos, "e8"); err == nil || err.Error() != "illegal move e8: a pawn reaching the last rank says what it becomes: write e8=Q, e8=R, e8=B or e8=N" {
		t.Errorf("ParseSAN(e8): %v", err)
	}
}
