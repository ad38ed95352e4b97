package microchess_test

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/sessiontest"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/suite"
)

// After C and PC the upgrade plays its list's first move, where the
// original plays its book's: the list at 00C4 is active because C sets
// .OMOVE (00DC) to FF, as the article's loading instructions rely on.
func TestFirstMove(t *testing.T) {
	ps := mustLoad(t)
	first := func(images []kim1.Image, keys string) session.Move {
		s, err := startSession(images, "super-blitz")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Keys(keys); err != nil {
			t.Fatal(err)
		}
		if s.M.Peek(memmap.OpenPtr) != 0xFF {
			t.Errorf("after %s, .OMOVE is %02X, want FF", keys, s.M.Peek(memmap.OpenPtr))
		}
		mv, err := s.Play()
		if err != nil {
			t.Fatal(err)
		}
		return mv
	}
	orig := first(ps.original, "C")
	up := first(ps.white, "C")
	list := listBytes(t, whiteSrc)
	want := session.Move{Piece: list[0xC4].Bytes[0], From: list[0xC5].Bytes[1], To: list[0xC6].Bytes[0]}
	if up.String() != want.String() {
		t.Errorf("upgrade as White plays %v, want DEVP-1 %v (N-KB3)", up, want)
	}
	// The article's N-KB3, whatever the list holds: the king knight (Table
	// 2 code 06) from g1 to f3.
	if uci := moveUCI(t, up, true); up.Piece != 0x06 || uci != "g1f3" {
		t.Errorf("upgrade as White plays piece %02X %s, want the king knight g1f3", up.Piece, uci)
	}
	if up.String() == orig.String() {
		t.Errorf("upgrade and original both play %v", up)
	}
	t.Logf("original %v, upgrade %v", orig, up)

	// As Black (C, E), after the player's 1. P-K4, keyed as the player
	// does from his side of the board: 64 44 F.
	e2, e4 := code(rules.SquareNamed("e2"), false), code(rules.SquareNamed("e4"), false)
	s, err := startSession(ps.black, "super-blitz")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Keys("C E"); err != nil {
		t.Fatal(err)
	}
	if err := s.Enter(e2, e4); err != nil {
		t.Fatal(err)
	}
	mv, err := s.Play()
	if err != nil {
		t.Fatal(err)
	}
	blist := listBytes(t, blackSrc)
	if w := (session.Move{Piece: blist[0xC4].Bytes[0], From: blist[0xC5].Bytes[1], To: blist[0xC6].Bytes[0]}); mv.String() != w.String() {
		t.Errorf("upgrade as Black plays %v after 1. e4, want DEVP-1 %v", mv, w)
	}
	if uci := moveUCI(t, mv, false); mv.Piece != 0x06 || uci != "g8f6" {
		t.Errorf("upgrade as Black plays piece %02X %s, want the king knight g8f6", mv.Piece, uci)
	}
}

// The manual's self-play (PC, E, PC, ...) at Super Blitz: legal moves only,
// to mate, resignation or 40 moves a side, no write into the program, and
// not the original's game. With one list in memory the list serves White's
// first move; Black's first search finds none of its pieces on the list's
// squares and ends the list (.OMOVE = 00), so the game is mostly the new
// middle-game strategy.
func TestSelfPlay(t *testing.T) {
	t.Parallel()
	ps := mustLoad(t)
	play := func(images []kim1.Image) (*session.Game, *session.Session) {
		s, err := startSession(images, "super-blitz")
		if err != nil {
			t.Fatal(err)
		}
		s.WatchCode()
		g, err := s.SelfPlay(40, false, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range s.M.Writes {
			t.Errorf("write into code: %04X = %02X by the instruction at %04X", w.Addr, w.New, w.PC)
		}
		return g, s
	}
	up, s := play(ps.white)
	orig, _ := play(ps.original)
	if up.Moves[0].UCI != "g1f3" {
		t.Errorf("White's first move %s, want the list's N-KB3 (g1f3)", up.Moves[0].UCI)
	}
	if p := s.M.Peek(memmap.OpenPtr); p != 0 {
		t.Errorf(".OMOVE is %02X after the game, want 00 (list over)", p)
	}
	t.Logf("upgrade: %s\n%s", up.End, up.PGN)
	t.Logf("original: %s\n%s", orig.End, orig.PGN)
	sessiontest.CheckEnd(t, up, s, 40)
	if up.PGN == orig.PGN {
		t.Error("the upgrade played the original's game")
	}
}

// moveUCI is a displayed move as a UCI move.
func moveUCI(t *testing.T, mv session.Move, white bool) string {
	t.Helper()
	from, err1 := square(mv.From, white)
	to, err2 := square(mv.To, white)
	if err1 != nil || err2 != nil {
		t.Fatalf("move %v is off the board", mv)
	}
	return from.String() + to.String()
}

// player is one program in a match: a session whose computer plays one
// colour. list holds its opening list when it runs the upgrade.
type player struct {
	s       *session.Session
	white   bool
	list    []entry
	subject bool // the program an experiment measures
}

// entry is one development move of an opening list (00C4 + 3i).
type entry struct{ piece, from, to byte }

// readList reads the eight development moves from the program's memory.
func readList(s *session.Session) []entry {
	var out []entry
	for a := uint16(0x00C4); a < 0x00DC; a += 3 {
		out = append(out, entry{s.M.Peek(a), s.M.Peek(a + 1), s.M.Peek(a + 2)})
	}
	return out
}

// ply is one half-move of a match.
type ply struct {
	UCI    string
	White  bool
	Forced bool // entered as the player would, not chosen by a program
	List   int  // index of the list entry the mover played, -1 if none
}

type game struct {
	Plies []ply
	End   string
	Board *chess.Game
}

// match plays two sessions against each other from the start. forced holds
// moves entered instead of a program's choice, by ply (0 is White's first).
// Every move is checked with the chess library and both programs' boards
// are compared with its board after every ply. A move the library refuses
// (the article allows illegal castling) ends the game, as does a pawn
// reaching the last rank (promotion is left to the player).
func match(w, b *player, forced map[int]string, maxPerSide int, bookOff func(*player) bool) (*game, error) {
	for _, p := range []*player{w, b} {
		keys := "C"
		if !p.white {
			keys = "C E"
		}
		if err := p.s.Keys(keys); err != nil {
			return nil, err
		}
		if bookOff != nil && bookOff(p) {
			p.s.BookOff()
		}
		if p.list != nil {
			p.list = readList(p.s)
		}
	}
	g := &game{Board: rules.NewGame()}
	for n := 0; n < 2*maxPerSide; n++ {
		mover, other := w, b
		if n%2 == 1 {
			mover, other = b, w
		}
		pl := ply{White: mover.white, List: -1}
		var from, to chess.Square
		if uci, ok := forced[n]; ok {
			mv, err := chess.UCINotation{}.Decode(g.Board.Position(), uci)
			if err != nil {
				return g, fmt.Errorf("forced move %s: %v", uci, err)
			}
			from, to, pl.Forced = mv.S1(), mv.S2(), true
			if err := mover.s.Enter(code(from, mover.white), code(to, mover.white)); err != nil {
				return g, err
			}
		} else {
			mv, err := mover.s.Play()
			if err != nil {
				return g, err
			}
			if mv.Resigned() {
				g.End = side(mover.white) + " resigned"
				return g, nil
			}
			if from, err = square(mv.From, mover.white); err != nil {
				return g, err
			}
			if to, err = square(mv.To, mover.white); err != nil {
				return g, err
			}
			for i, e := range mover.list {
				if e == (entry{mv.Piece, mv.From, mv.To}) {
					pl.List = i
				}
			}
		}
		pl.UCI = from.String() + to.String()
		if end, err := push(g, from, to, pl, mover, other); end != "" || err != nil {
			g.End = end
			return g, err
		}
	}
	g.End = fmt.Sprintf("%d moves a side", maxPerSide)
	return g, nil
}

func side(white bool) string {
	if white {
		return "White"
	}
	return "Black"
}

// push plays a move on the library board and tells the programs what they
// have not seen: mover (nil if none) has made the move itself, others have
// not. Each keys the move as the player does (a castling's rook, too, for
// a computer that moved its king two squares).
func push(g *game, from, to chess.Square, pl ply, mover *player, others ...*player) (string, error) {
	pos := g.Board.Position()
	if pos.Board().Piece(from).Type() == chess.Pawn && (to.Rank() == chess.Rank8 || to.Rank() == chess.Rank1) {
		return side(pl.White) + " pawn reached the last rank", nil
	}
	m, err := chess.UCINotation{}.Decode(pos, pl.UCI)
	if err == nil {
		err = g.Board.Move(m, nil)
	}
	if err != nil {
		return fmt.Sprintf("%s played %s, illegal: %v", side(pl.White), pl.UCI, err), nil
	}
	g.Plies = append(g.Plies, pl)
	all := others
	if mover != nil {
		all = append([]*player{mover}, others...)
	}
	for _, p := range all {
		keys := session.MoveKeys(m, color(p.white))
		if p == mover {
			keys = keys[1:] // the mover made its own move (or it was entered)
		}
		if err := p.s.EnterKeys(keys); err != nil {
			return "", err
		}
	}
	for _, p := range all {
		if err := p.s.Matches(g.Board.Position(), color(p.white)); err != nil {
			return "", fmt.Errorf("after %s the %s program: %v", pl.UCI, side(p.white), err)
		}
	}
	if o := g.Board.Outcome(); o != chess.NoOutcome {
		return fmt.Sprintf("%s by %s", o, g.Board.Method()), nil
	}
	return "", nil
}

// The opponent's first moves, entered as a player would, vary the games
// against the original program, which with its book off always answers
// the same way (as Black it plays d7d5 itself).
var (
	blackReplies = []string{"e7e5", "d7d5", "g8f6", "c7c5", "e7e6", "b8c6", "g7g6", "f7f5"}
	whiteFirsts  = []string{"e2e4", "d2d4", "c2c4", "g1f3", "b1c3", "f2f4", "g2g3", "b2b3"}
)

const movesPerSide = 20

// result sums one configuration's games and scenarios.
type result struct {
	games, listMoves, castled, devp4, illegal, material int
	saves, saveN, takes, takeN                          int
}

// play runs every game and scenario of one configuration at one level.
// With baseline the original program (book off) plays the upgrade's part.
func play(ps programs, level string, su setup, c candidate, baseline bool) (result, error) {
	var r result
	orig := func(white bool) (*player, error) {
		s, err := startSession(ps.original, level)
		return &player{s: s, white: white}, err
	}
	up := func(white bool) (*player, error) {
		if baseline {
			p, err := orig(white)
			p.subject = true
			return p, err
		}
		img, e := ps.white, c.white
		if !white {
			img, e = ps.black, c.black
		}
		s, err := startSession(img, level)
		if err != nil {
			return nil, err
		}
		setup{factor: su.factor, devp4: &e}.apply(s)
		return &player{s: s, white: white, list: []entry{}, subject: true}, nil
	}
	type pairing struct {
		forced map[int]string
		w, b   func(bool) (*player, error)
	}
	var ps2 []pairing
	for _, m := range blackReplies {
		ps2 = append(ps2, pairing{forcedAt(1, m), up, orig})
	}
	for _, m := range whiteFirsts {
		ps2 = append(ps2, pairing{forcedAt(0, m), orig, up})
	}
	ps2 = append(ps2, pairing{nil, up, up})
	for _, pr := range ps2 {
		w, err := pr.w(true)
		if err != nil {
			return r, err
		}
		b, err := pr.b(false)
		if err != nil {
			return r, err
		}
		g, err := match(w, b, pr.forced, movesPerSide, func(p *player) bool { return p.list == nil })
		if err != nil {
			return r, err
		}
		mat := suite.Material(g.Board.Position())
		for _, p := range []*player{w, b} {
			if !p.subject {
				continue
			}
			r.games++
			if strings.Contains(g.End, "illegal") && strings.HasPrefix(g.End, side(p.white)) {
				r.illegal++
			}
			if p.white {
				r.material += mat
			} else {
				r.material -= mat
			}
			for _, pl := range g.Plies {
				if pl.White != p.white || pl.List < 0 {
					continue
				}
				r.listMoves++
				switch pl.List {
				case 3:
					r.devp4++
				case 4:
					r.castled++
				}
			}
		}
	}
	for _, sc := range scenarios {
		img, e := ps.white, c.white
		if !sc.white {
			img, e = ps.black, c.black
		}
		if baseline {
			img = ps.original
		}
		ok, _, _, err := sc.run(img, level, setup{factor: su.factor, devp4: &e, bookOff: baseline})
		if err == errNotApplicable {
			continue
		}
		if err != nil {
			return r, err
		}
		n, k := &r.saveN, &r.saves
		if sc.kind == "take" {
			n, k = &r.takeN, &r.takes
		}
		*n++
		if ok {
			*k++
		}
	}
	return r, nil
}

func forcedAt(ply int, uci string) map[int]string {
	if uci == "" {
		return nil
	}
	return map[int]string{ply: uci}
}

type job struct {
	level    string
	factor   byte
	c        candidate
	baseline bool
}

// runJobs plays the jobs on all cores.
func runJobs(ps programs, jobs []job) (map[job]result, error) {
	out := map[job]result{}
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func(j job) {
			defer wg.Done()
			defer func() { <-sem }()
			r, err := play(ps, j.level, setup{factor: j.factor}, j.c, j.baseline)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = fmt.Errorf("%s FACTOR %02X DEVP-4 %s: %v", j.level, j.factor, j.c.name, err)
			}
			out[j] = r
		}(j)
	}
	wg.Wait()
	return out, firstErr
}

func header(w io.Writer, first string) {
	fmt.Fprintf(w, "| %s | level | list moves a game (of 7) | castled | DEVP-4 played | threats met | captures taken | material | illegal |\n", first)
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
}

func row(w io.Writer, first, level string, r result) {
	fmt.Fprintf(w, "| %s | %s | %.2f | %d/%d | %d/%d | %d/%d | %d/%d | %+.2f | %d |\n", first, level,
		float64(r.listMoves)/float64(r.games), r.castled, r.games, r.devp4, r.games,
		r.saves, r.saveN, r.takes, r.takeN, float64(r.material)/float64(r.games), r.illegal)
}
