package match

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

func readAll(text string) ([]*pgnGame, error) {
	r := newPGNReader("t.pgn", strings.NewReader(text))
	var games []*pgnGame
	for {
		g, err := r.next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// The reader takes what PGN writers write: a byte-order mark, CR LF,
// escaped lines, comments over lines, NAGs, move numbers with or without
// a space, and a game that starts on its predecessor's last line.
func TestPGNReaderReads(t *testing.T) {
	text := "\uFEFF[Event \"a \\\"b\\\"\"]\r\n[Round \"1\"]\r\n\r\n1. e4 {a comment\r\n% not an escape inside a comment\r\n} e5 $1 2.Nf3 ; to the end of the line\r\n2... Nc6 1-0 [Round \"2\"] 1. d4 *\n% an escaped line\n[Round \"3\"]\n\n1/2-1/2\n"
	games, err := readAll(text)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range games {
		var moves []string
		for _, m := range g.moves {
			moves = append(moves, fmt.Sprintf("%s@%d:%d", m.text, m.at.Line, m.at.Col))
		}
		got = append(got, fmt.Sprintf("%s round %s event %q moves %v result %s", g.at, g.tags["Round"].text, g.tags["Event"].text, moves, g.result.text))
	}
	want := []string{
		`t.pgn:1:1 round 1 event "a \"b\"" moves [e4@4:4 e5@6:3 Nf3@6:11 Nc6@7:6] result 1-0`,
		`t.pgn:7:14 round 2 event "" moves [d4@7:29] result *`,
		`t.pgn:9:1 round 3 event "" moves [] result 1/2-1/2`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("read\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A game's text is as written, from its start to its result.
	if g := games[1]; g.text != `[Round "2"] 1. d4 *` {
		t.Errorf("text %q", g.text)
	}
}

func TestPGNReaderErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[Event \"x\"]\n1. e4 {open\n", "t.pgn:2:7: a comment { not closed"},
		{"[Event \"x\"]\n\n1. e4 e5\n", "t.pgn:1:1: a game not ended by a result (1-0, 0-1, 1/2-1/2 or *)"},
		{"[Event \"x\"]\n1. e4 (1. d4) 1-0\n", "t.pgn:2:7: a variation: the records of mchess match have none"},
		{"[Event \"x\"]\n1. e4 } 1-0\n", "t.pgn:2:7: a } that closes no comment"},
		{"[Event \"x\"]\n1. e4\n[Round \"2\"]\n", "t.pgn:3:1: a tag among the moves: the game before it has no result"},
		{"[Event x]\n", `t.pgn:1:8: tag Event: want its value in quotes, [Name "value"]`},
		{"[ \"x\"]\n", `t.pgn:1:3: a tag without a name: want [Name "value"]`},
		{"[Event \"x]\n", "t.pgn:1:8: tag Event: its value's quotes are not closed on its line"},
		{"[Event \"x\" y]\n", "t.pgn:1:12: tag Event: want ] after its value"},
		{"[Event \"x\"]\n[Event \"y\"]\n", "t.pgn:2:1: tag Event given twice (first at t.pgn:1:8)"},
	} {
		if _, err := readAll(c.text); err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %s", c.text, err, c.want)
		}
	}
	// A line without end past the limit is refused, not read whole.
	if _, err := readAll("[Event \"" + strings.Repeat("x", maxGameText+1)); err == nil || !strings.Contains(err.Error(), "t.pgn:1:1: a game longer than 4 MiB") {
		t.Errorf("long line: %v", err)
	}
}

// Any text gives games or file:line:col errors, never a panic.
func FuzzMerge(f *testing.F) {
	f.Add("[Event \"x\"]\n1. e4 {c} e5 1-0\n")
	f.Add("[MatchSchedule \"players=a,b gauntlet=no games=2 lines=1 max-plies=300 book=no id=0\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[MatchEnd \"resigned\"]\n[MatchEndBy \"Black\"]\n[WhiteThought \"1\"]\n[BlackThought \"1\"]\n[OpeningPlies \"1\"]\n\n1. e4 e5 1-0\n")
	f.Add("\uFEFF% x\r\n[A \"\\\"\"] 1... e5 $2 ; c\r\n(1. d4) *")
	f.Fuzz(func(t *testing.T, text string) {
		m := &merger{}
		if err := m.read("f.pgn", strings.NewReader(text)); err != nil {
			t.Fatal(err) // only a file that cannot be read is no diag error
		}
		for _, e := range m.errs {
			if e.Pos.File != "f.pgn" || e.Pos.Line < 1 || e.Pos.Col < 1 {
				t.Errorf("error without its place: %v", e)
			}
		}
		if m.schedule != nil {
			m.result().Summarize()
		}
	})
}
