package match

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

const (
	maxGames    = 1 << 22 // the largest schedule a merge takes
	maxGameText = 4 << 20 // the longest game it reads, in bytes
)

// Merged is a match put together from the PGN files of its shards.
type Merged struct {
	// Result holds the games found, in schedule order, as Run would have
	// given them: Summarize counts them alike. Elapsed is unknown (0).
	*Result
	// Missing are the schedule indices of the games that no file holds.
	Missing []int
}

// Merge reads the PGN files that shards of one match wrote (Shard) and
// puts the match together from them alone. It refuses a game that is not
// a record of mchess match, a game found twice (shards that overlap),
// games of another match (another MatchSchedule), a player that is not
// the same program or engine in every file, a game whose tags
// disagree with its place in the schedule, and a game whose Result or
// MatchEnd its moves, replayed, do not give (endGiven). Games no file holds are no
// error: they are listed in Missing, and the Result counts the others.
// Errors come together, sorted, each "file:line:col: message".
func Merge(files []string) (*Merged, error) {
	m := &merger{}
	var seen []os.FileInfo
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			return nil, fmt.Errorf("%s: is a directory, not a file", f)
		}
		for j, s := range seen {
			if os.SameFile(s, st) {
				return nil, fmt.Errorf("%s and %s are the same file: its games would count twice", files[j], f)
			}
		}
		seen = append(seen, st)
		if err := m.file(f); err != nil {
			return nil, err
		}
	}
	if err := m.errs.Err(); err != nil {
		return nil, err
	}
	if m.schedule == nil {
		return nil, fmt.Errorf("%s: no games", strings.Join(files, ", "))
	}
	return m.result(), nil
}

// merger is a merge under way.
type merger struct {
	schedule *scheduleSettings // the first game's
	pairings []Pairing
	jobs     []Job
	at       []diag.Pos    // where each game of the schedule was found (Line 0: not yet)
	plays    [][3]pgnToken // each player's WhiteProgram and BlackProgram, as first found
	library  []bool        // the players that carry BookMoves tags
	records  []Record
	errs     diag.ErrorList
}

// scheduleSettings is a MatchSchedule tag read back.
type scheduleSettings struct {
	value          string
	at             diag.Pos
	fields         map[string]string
	players        []string
	gauntlet, book bool
	games, lines   int
	maxPlies       int
	seed           uint64
}

// PGNLimit is the most a part's PGN may hold: 20,000 games of 300 plies
// with their cycle comments take some 60 MB.
var PGNLimit = bounded.Limit{What: "a match's PGN", Bytes: 1 << 30}

func (m *merger) file(name string) error {
	// A pipe or a device could be read for ever, or block: a match's
	// parts are files. They are read a game at a time (maxGameText).
	f, err := bounded.Open(name, PGNLimit)
	if err != nil {
		return err
	}
	defer f.Close()
	return m.read(name, f)
}

// read takes in the games of one file.
func (m *merger) read(name string, f io.Reader) error {
	r := newPGNReader(name, f)
	saidOther := false // a file of another match is said once
	for {
		g, err := r.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var de *diag.Error
			if errors.As(err, &de) {
				m.errs = append(m.errs, de)
				return nil // the rest of the file cannot be read
			}
			return err
		}
		if e := m.game(g); e != nil {
			if e.otherMatch {
				if saidOther {
					continue
				}
				saidOther = true
			}
			m.errs.Add(e.at, "%s", e.msg)
		}
	}
}

// gameError is what is wrong with a game, and where.
type gameError struct {
	at         diag.Pos
	msg        string
	otherMatch bool
}

func errorAt(at diag.Pos, format string, args ...any) *gameError {
	return &gameError{at: at, msg: fmt.Sprintf(format, args...)}
}

// game takes one game in.
func (m *merger) game(g *pgnGame) *gameError {
	tag, ok := g.tags[tagSchedule]
	if !ok {
		return errorAt(g.at, "a game without a %s tag: not a record of mchess match (or of one older than --merge)", tagSchedule)
	}
	if m.schedule == nil {
		s, e := readSchedule(tag)
		if e != nil {
			return e
		}
		m.start(s)
	} else if tag.text != m.schedule.value {
		return &gameError{at: tag.at, msg: "a game of another match: " + m.schedule.differences(tag), otherMatch: true}
	}
	round, e := intTag(g, "Round", 1, len(m.jobs))
	if e != nil {
		return e
	}
	j := m.jobs[round-1]
	if at := m.at[j.Index]; at.Line > 0 {
		return errorAt(g.tags["Round"].at, "game %d of the schedule is also at %s: the shards overlap", round, at)
	}
	rec := Record{Index: j.Index, Pairing: j.Pairing, White: j.White, Black: j.Black, Line: j.Line, PGN: g.text}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		pi := j.White
		if c == chess.Black {
			pi = j.Black
		}
		if e := m.player(g, c, pi); e != nil {
			return e
		}
		col := colourName(c)
		if rec.Thought[c], e = intTag(g, col+tagThought, 0, maxGameText); e != nil {
			return e
		}
		if t, ok := g.tags[col+tagCycles]; ok {
			var err error
			if rec.Cycles[c], err = strconv.ParseUint(t.text, 10, 64); err != nil {
				return errorAt(t.at, "%s %q: want a number of cycles", col+tagCycles, t.text)
			}
		}
		if _, ok := g.tags[col+tagBook]; ok {
			m.library[pi] = true
			if rec.BookPlies[c], e = intTag(g, col+tagBook, 0, maxGameText); e != nil {
				return e
			}
		}
	}
	if e := readEnd(g, &rec); e != nil {
		return e
	}
	if e := replay(g, &rec, m.schedule.maxPlies); e != nil {
		return e
	}
	m.at[j.Index] = g.at
	m.records = append(m.records, rec)
	return nil
}

func (m *merger) start(s *scheduleSettings) {
	m.schedule = s
	m.pairings, m.jobs = Schedule(len(s.players), s.gauntlet, s.games, s.lines)
	orderLines(m.jobs, s.lines, s.seed)
	m.at = make([]diag.Pos, len(m.jobs))
	m.plays = make([][3]pgnToken, len(s.players))
	m.library = make([]bool, len(s.players))
}

// player checks the name a colour's tags give the game's player, and that
// it is the same program or engine as in the games before.
func (m *merger) player(g *pgnGame, c chess.Color, pi int) *gameError {
	col := colourName(c)
	name, want := g.tags[col], m.schedule.players[pi]
	if name.text != want {
		at := g.at
		if name.at.Line > 0 {
			at = name.at
		}
		return errorAt(at, "%s is %q where the schedule has %s", col, name.text, want)
	}
	plays := g.tags[col+"Program"]
	if first := m.plays[pi][c]; first.at.Line == 0 {
		m.plays[pi][c] = plays
	} else if plays.text != first.text {
		return errorAt(plays.at, "%s as %s is %q here and %q at %s: the shards were not played by the same programs", want, col, plays.text, first.text, first.at)
	}
	return nil
}

// readEnd reads the result and how the game ended.
func readEnd(g *pgnGame, rec *Record) *gameError {
	res, ok := g.tags["Result"]
	switch {
	case !ok:
		return errorAt(g.at, "a game without a Result tag")
	case res.text == "*":
		return errorAt(res.at, "an unfinished game (Result *): mchess match records none")
	case res.text != string(chess.WhiteWon) && res.text != string(chess.BlackWon) && res.text != string(chess.Draw):
		return errorAt(res.at, "Result %q: want 1-0, 0-1 or 1/2-1/2", res.text)
	case g.result.text != res.text:
		return errorAt(g.result.at, "the moves end in %s, the Result tag says %s", g.result.text, res.text)
	}
	rec.Result = chess.Outcome(res.text)
	end, ok := g.tags[tagEnd]
	if !ok {
		return errorAt(g.at, "a game without a %s tag", tagEnd)
	}
	i := slices.Index(endNames[:], end.text)
	if i < 0 {
		return errorAt(end.at, "%s %q: want one of %s", tagEnd, end.text, strings.Join(endNames[:], ", "))
	}
	rec.End = End(i)
	if by, ok := g.tags[tagEndBy]; ok {
		switch by.text {
		case "White":
			rec.By = chess.White
		case "Black":
			rec.By = chess.Black
		default:
			return errorAt(by.at, "%s %q: want White or Black", tagEndBy, by.text)
		}
	}
	return nil
}

// replay plays the game's moves through, as the chess library rules
// them, for the record's moves (UCI) and its special moves after the
// opening, and holds the recorded ending and result to them (endGiven).
func replay(g *pgnGame, rec *Record, maxPlies int) *gameError {
	opening := 0
	if _, ok := g.tags[tagOpening]; ok {
		var e *gameError
		if opening, e = intTag(g, tagOpening, 1, len(g.moves)); e != nil {
			return e
		}
	}
	game := rules.NewGame()
	if t, ok := g.tags["FEN"]; ok {
		if _, err := rules.ParseFEN(t.text); err != nil {
			return errorAt(t.at, "FEN %q: %v", t.text, err)
		}
		fen, err := rules.FEN(t.text)
		if err != nil {
			return errorAt(t.at, "FEN %q: %v", t.text, err)
		}
		game = rules.NewGame(fen)
	}
	ref := rules.NewReferee(game)
	var b strings.Builder
	for i, tok := range g.moves {
		if ref.Outcome() != chess.NoOutcome {
			return errorAt(tok.at, "a move after the game is over (%s)", session.OutcomeText(ref.Outcome(), ref.Method()))
		}
		pos := ref.Position()
		m, err := rules.ParseSAN(pos, tok.text)
		if err != nil {
			return errorAt(tok.at, "%v", err)
		}
		if i >= opening {
			rec.Special[pos.Turn()].count(&m)
		}
		b.WriteString(m.String() + " ")
		if err := ref.Move(&m); err != nil {
			return errorAt(tok.at, "%v", err)
		}
	}
	rec.Moves, rec.Plies = b.String(), len(g.moves)-opening
	return endGiven(g, rec, ref, maxPlies)
}

// intTag reads a tag that must be a number from lo to hi.
func intTag(g *pgnGame, name string, lo, hi int) (int, *gameError) {
	t, ok := g.tags[name]
	if !ok {
		return 0, errorAt(g.at, "a game without a %s tag", name)
	}
	n, err := strconv.Atoi(t.text)
	if err != nil || n < lo || n > hi {
		return 0, errorAt(t.at, "%s %q: want a number from %d to %d", name, t.text, lo, hi)
	}
	return n, nil
}

// readSchedule reads a MatchSchedule tag (scheduleTag writes it).
func readSchedule(t pgnToken) (*scheduleSettings, *gameError) {
	s := &scheduleSettings{value: t.text, at: t.at, fields: map[string]string{}}
	bad := func(format string, args ...any) *gameError {
		return errorAt(t.at, "%s %q: %s", tagSchedule, t.text, fmt.Sprintf(format, args...))
	}
	for _, f := range strings.Fields(t.text) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, bad("%q: want key=value", f)
		}
		s.fields[k] = v
	}
	for _, k := range []string{"players", "gauntlet", "games", "lines", "max-plies", "book", "seed", "id"} {
		if _, ok := s.fields[k]; !ok {
			return nil, bad("no %s=", k)
		}
	}
	if len(s.fields) != 8 {
		return nil, bad("want players, gauntlet, games, lines, max-plies, book, seed and id, no more")
	}
	var err error
	if s.seed, err = strconv.ParseUint(s.fields["seed"], 10, 64); err != nil {
		return nil, bad("seed: want a number")
	}
	s.players = strings.Split(s.fields["players"], ",")
	seen := map[string]bool{}
	for _, p := range s.players {
		if p == "" || seen[p] {
			return nil, bad("players: want distinct names")
		}
		seen[p] = true
	}
	for _, n := range []struct {
		key string
		v   *int
	}{{"games", &s.games}, {"lines", &s.lines}, {"max-plies", &s.maxPlies}} {
		if *n.v, err = strconv.Atoi(s.fields[n.key]); err != nil || *n.v < 1 {
			return nil, bad("%s: want a positive number", n.key)
		}
	}
	for _, b := range []struct {
		key string
		v   *bool
	}{{"gauntlet", &s.gauntlet}, {"book", &s.book}} {
		switch s.fields[b.key] {
		case "yes":
			*b.v = true
		case "no":
		default:
			return nil, bad("%s: want yes or no", b.key)
		}
	}
	n := len(s.players)
	if n < 2 {
		return nil, bad("want two players at least")
	}
	pairings := n * (n - 1) / 2
	if s.gauntlet {
		pairings = n - 1
	}
	if n > maxGames || s.games > maxGames/pairings {
		return nil, bad("more than %d games: more than a merge takes", maxGames)
	}
	return s, nil
}

// differences says how another MatchSchedule tag differs from the
// first one.
func (s *scheduleSettings) differences(t pgnToken) string {
	other := map[string]string{}
	for _, f := range strings.Fields(t.text) {
		k, v, _ := strings.Cut(f, "=")
		other[k] = v
	}
	var d []string
	for _, k := range []string{"players", "gauntlet", "games", "lines", "max-plies", "book", "seed"} {
		if other[k] != s.fields[k] {
			d = append(d, fmt.Sprintf("%s=%s here, %s=%s", k, other[k], k, s.fields[k]))
		}
	}
	if len(d) == 0 {
		return fmt.Sprintf("the same settings but other programs, engine settings or suite (id=%s here, id=%s) at %s", other["id"], s.fields["id"], s.at)
	}
	return strings.Join(d, "; ") + " at " + s.at.String()
}

// result is the match the games make.
func (m *merger) result() *Merged {
	s := m.schedule
	opt := &Options{Gauntlet: s.gauntlet, Games: s.games, Book: s.book, MaxPlies: s.maxPlies, Seed: s.seed}
	for i, name := range s.players {
		p := &Player{Name: name}
		if m.library[i] {
			p.Library = &memmap.LibraryVars{} // only marks it: Summarize reports its book moves
		}
		opt.Players = append(opt.Players, p)
	}
	slices.SortFunc(m.records, func(a, b Record) int { return a.Index - b.Index })
	res := &Result{Opt: opt, Pairings: m.pairings, Records: m.records, Total: len(m.jobs)}
	merged := &Merged{Result: res}
	for i, at := range m.at {
		if at.Line == 0 {
			merged.Missing = append(merged.Missing, i)
		}
	}
	return merged
}

// Rounds writes sorted schedule indices as the Round tags number them,
// runs joined, at most the first runs: "5-8, 13, 17-20, … (5 runs in all)".
func Rounds(indices []int, runs int) string {
	var parts []string
	all := 0
	for i := 0; i < len(indices); i++ {
		j := i
		for j+1 < len(indices) && indices[j+1] == indices[j]+1 {
			j++
		}
		switch all++; {
		case all > runs:
		case j == i:
			parts = append(parts, fmt.Sprint(indices[i]+1))
		default:
			parts = append(parts, fmt.Sprintf("%d-%d", indices[i]+1, indices[j]+1))
		}
		i = j
	}
	if all > runs {
		return strings.Join(parts, ", ") + fmt.Sprintf(", … (%d runs in all)", all)
	}
	return strings.Join(parts, ", ")
}
