package match

import (
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/elo"
)

// Summary is a match's results, as the table prints them and --json
// writes them.
type Summary struct {
	Games       int              `json:"games"`
	Scheduled   int              `json:"scheduled"`
	Interrupted bool             `json:"interrupted"`
	Seconds     float64          `json:"seconds"`
	Pairings    []PairingSummary `json:"pairings"`
	Players     []PlayerSummary  `json:"players"`
	SPRT        *SPRTSummary     `json:"sprt,omitempty"`
	Ends        map[string]int   `json:"ends"`
}

// PairingSummary is a pairing's score from its first player's view.
type PairingSummary struct {
	A, B      string
	Games     int      `json:"games"`
	Wins      int      `json:"wins"`
	Draws     int      `json:"draws"`
	Losses    int      `json:"losses"`
	Score     float64  `json:"score"`      // points / games
	Elo       *float64 `json:"elo"`        // nil when not finite (0% or 100%, no games) or withheld
	Margin    *float64 `json:"margin"`     // the 95% margin of Elo; nil when unbounded or withheld
	LOS       *float64 `json:"los"`        // nil with no decisive game, or withheld
	DrawRatio float64  `json:"draw_ratio"` // draws / games
	EloText   string   `json:"elo_text"`   // "+147.2 ± 66.0", "+inf", "n/a", "withheld"
	// Distinct counts the games that differ in some move: deterministic
	// programs from the same opening play the same game again, and the
	// margin and LOS, which take the games as independent, do not hold
	// for the repeats.
	Distinct int `json:"distinct_games"`
	// EloWithheld says why the Elo figures (both kinds) are nil when
	// some games repeat others (Distinct < Games; see withholdElo), and
	// is empty otherwise.
	EloWithheld string `json:"elo_withheld"`
	// The pairs (pairs.go): Penta counts the complete pairs by A's points
	// in them, 0, ½, 1, 1½, 2 (fishtest's pentanomial); Unpaired the games
	// counted whose pair is not complete, which the pairs leave out. The
	// Elo, margin and LOS of the pairs come from their per-pair variance
	// (package elo); nil as for Elo, and also when every pair scored the
	// same (then no margin or LOS).
	Penta       elo.Penta `json:"pentanomial"`
	Pairs       int       `json:"pairs"`
	Unpaired    int       `json:"unpaired_games"`
	PairElo     *float64  `json:"pair_elo"`
	PairMargin  *float64  `json:"pair_margin"`
	PairLOS     *float64  `json:"pair_los"`
	PairEloText string    `json:"pair_elo_text"`
	// Adjudicated is the games adjudicated because a program could not
	// hold a promotion, from A's view: not in Games, the score or the Elo.
	Adjudicated Adjudicated `json:"adjudicated"`
	// Identical is set when the two players are the same program bytes at
	// the same level: the result measures nothing.
	Identical bool `json:"identical_players"`
}

// PlayerSummary is how a player's games ended.
type PlayerSummary struct {
	Name     string  `json:"name"`
	Plays    string  `json:"plays"` // the program or engine, as the PGN names it
	Games    int     `json:"games"`
	Points   float64 `json:"points"`
	Illegal  int     `json:"illegal"`     // games lost by a move illegal in chess
	Resigned int     `json:"resigned"`    // games resigned (FF FF FF)
	Failed   int     `json:"failed"`      // games lost by failing (an engine that died or hung; a program that ran away)
	Unheld   int     `json:"cannot_hold"` // games adjudicated because its table could not hold a promotion
	PlyCap   int     `json:"ply_cap"`     // games that ran into the ply cap
	Moves    int     `json:"moves"`       // moves it thought (MicroChess programs)
	Cycles   uint64  `json:"cycles"`      // emulated cycles they took
	// Special is its castlings, en passant captures and promotions after
	// the openings.
	Special Special `json:"special"`
	// Scored is its games in the score (Record.Counted): Points is over
	// them.
	Scored int `json:"scored"`
	// TouchMove is the referee's rulings on its illegal moves under the
	// touch-move rule (its resignations are also under Resigned).
	TouchMove TouchMoves `json:"touch_move"`
	// The library program's opening phase: its moves from its tables in
	// all, and the fewest and most in a game (nil for other players).
	Library *LibraryPhase `json:"library,omitempty"`
}

// LibraryPhase is how long the library program's games stayed in its
// tables.
type LibraryPhase struct {
	BookMoves int `json:"book_moves"`
	Fewest    int `json:"fewest"`
	Most      int `json:"most"`
}

// SPRTSummary is the SPRT's state at the end. The test is on the pairs
// (fishtest's pentanomial GSPRT, elo.SPRT.LLRPenta): LLR is its, and
// TrinomialLLR cutechess-cli's on the same games, for comparison.
type SPRTSummary struct {
	Test         string  `json:"test"`
	LLR          float64 `json:"llr"`
	Lower        float64 `json:"lower"`
	Upper        float64 `json:"upper"`
	Decision     string  `json:"decision"`
	Games        int     `json:"games"`
	Pairs        int     `json:"pairs"`
	TrinomialLLR float64 `json:"trinomial_llr"`
}

// Summarize counts the games of a match.
func (r *Result) Summarize() *Summary {
	s := &Summary{Games: len(r.Records), Scheduled: r.Total, Interrupted: r.Interrupted,
		Seconds: r.Elapsed.Seconds(), Ends: map[string]int{}}
	scores := make([]elo.Score, len(r.Pairings))
	adjudicated := make([]Adjudicated, len(r.Pairings))
	distinct := make([]map[string]bool, len(r.Pairings))
	players := make([]PlayerSummary, len(r.Opt.Players))
	for i, p := range r.Opt.Players {
		players[i].Name = p.Name
		if p.Library != nil {
			players[i].Library = &LibraryPhase{Fewest: -1}
		}
	}
	for i := range r.Records {
		rec := &r.Records[i]
		pr := r.Pairings[rec.Pairing]
		if !rec.Counted() {
			adjudicated[rec.Pairing].add(rec.Score(pr.A))
		} else {
			scores[rec.Pairing] = scores[rec.Pairing].Add(rec.Score(pr.A))
			if distinct[rec.Pairing] == nil {
				distinct[rec.Pairing] = map[string]bool{}
			}
			distinct[rec.Pairing][fmt.Sprint(rec.White, rec.Black, rec.Moves)] = true
		}
		s.Ends[rec.End.String()]++
		for _, c := range []chess.Color{chess.White, chess.Black} {
			pi := rec.White
			if c == chess.Black {
				pi = rec.Black
			}
			ps := &players[pi]
			ps.Games++
			if rec.Counted() {
				ps.Scored++
				ps.Points += rec.Score(pi).Points()
			}
			ps.TouchMove.add(rec.TouchMove[c])
			ps.Moves += rec.Thought[c]
			ps.Cycles += rec.Cycles[c]
			ps.Special.add(rec.Special[c])
			if l := ps.Library; l != nil {
				n := rec.BookPlies[c]
				l.BookMoves += n
				if l.Fewest < 0 || n < l.Fewest {
					l.Fewest = n
				}
				l.Most = max(l.Most, n)
			}
			if ps.Plays == "" {
				ps.Plays = playsTag(rec.PGN, c)
			}
			if rec.End == PlyCap {
				ps.PlyCap++
			}
			if rec.By != c {
				continue
			}
			switch rec.End {
			case Illegal:
				ps.Illegal++
			case Resigned:
				ps.Resigned++
			case Failed:
				ps.Failed++
			case Unheld:
				ps.Unheld++
			}
		}
	}
	s.Players = players
	pentas := countPairs(r.Records, r.Pairings)
	for i, pr := range r.Pairings {
		sc := scores[i]
		ps := PairingSummary{A: r.Opt.Players[pr.A].Name, B: r.Opt.Players[pr.B].Name, Games: sc.Games(),
			Wins: sc.Wins, Draws: sc.Draws, Losses: sc.Losses, Distinct: len(distinct[i]), Adjudicated: adjudicated[i],
			Identical: i < len(r.Identical) && r.Identical[i]}
		if sc.Games() > 0 {
			ps.Score, ps.DrawRatio = sc.Ratio(), sc.DrawRatio()
		}
		d, m, ok := sc.Diff()
		ps.Elo, ps.Margin = finite(d), finite(m)
		ps.EloText = elo.Format(d, m, ok)
		ps.LOS = finite(sc.LOS())
		ps.setPairs(pentas[i])
		ps.withholdElo()
		s.Pairings = append(s.Pairings, ps)
	}
	if t := r.Opt.SPRT; t != nil {
		lo, hi := t.Bounds()
		d := r.Decision
		if d == elo.Continue {
			d = t.DecidePenta(pentas[0])
		}
		s.SPRT = &SPRTSummary{Test: t.String(), LLR: t.LLRPenta(pentas[0]), Lower: lo, Upper: hi, Decision: d.String(),
			Games: scores[0].Games(), Pairs: pentas[0].Pairs(), TrinomialLLR: t.LLR(scores[0])}
	}
	return s
}

func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// playsTag reads WhiteProgram or BlackProgram back from a game's PGN.
func playsTag(pgn string, c chess.Color) string {
	key := "[WhiteProgram \""
	if c == chess.Black {
		key = "[BlackProgram \""
	}
	i := strings.Index(pgn, key)
	if i < 0 {
		return ""
	}
	rest := pgn[i+len(key):]
	if j := strings.Index(rest, "\"]"); j >= 0 {
		return strings.ReplaceAll(rest[:j], `\"`, `"`)
	}
	return ""
}

// Write prints the summary as tables.
func (s *Summary) Write(w io.Writer) {
	state := ""
	if s.Interrupted {
		state = " (interrupted)"
	}
	took := "" // a merge of shards cannot know the time
	if s.Seconds > 0 {
		took = fmt.Sprintf(" in %.1f s", s.Seconds)
	}
	fmt.Fprintf(w, "%d of %d games played%s%s\n\n", s.Games, s.Scheduled, took, state)
	rows := [][]string{{"Pairing", "Games", "+", "=", "-", "Score", "Elo diff", "LOS", "Draws"}}
	for _, p := range s.Pairings {
		rows = append(rows, []string{p.A + " vs " + p.B, fmt.Sprint(p.Games), fmt.Sprint(p.Wins), fmt.Sprint(p.Draws), fmt.Sprint(p.Losses),
			percent(p.Score, p.Games > 0), p.EloText, percentPtr(p.LOS), percent(p.DrawRatio, p.Games > 0)})
	}
	writeTable(w, rows)
	fmt.Fprintln(w)
	writePairs(w, s.Pairings)
	for _, p := range s.Pairings {
		if p.Identical {
			fmt.Fprintln(w, identicalText(p))
		}
		if a := p.Adjudicated; a.Games > 0 {
			fmt.Fprintf(w, "%s vs %s: %d games adjudicated by material (a promotion a program could not hold), not in the score: +%d =%d -%d\n", p.A, p.B, a.Games, a.Wins, a.Draws, a.Losses)
		}
	}
	fmt.Fprintln(w)
	rows = [][]string{{"Player", "Games", "Score", "Illegal", "Resigned", "Failed", "Cannot hold", "Ply cap", "Mcycles/move"}}
	for _, p := range s.Players {
		per := "-"
		if p.Moves > 0 && p.Cycles > 0 {
			per = fmt.Sprintf("%.2f", float64(p.Cycles)/float64(p.Moves)/1e6)
		}
		rows = append(rows, []string{p.Name, fmt.Sprint(p.Games), percent(p.Points/float64(max(p.Scored, 1)), p.Scored > 0),
			fmt.Sprint(p.Illegal), fmt.Sprint(p.Resigned), fmt.Sprint(p.Failed), fmt.Sprint(p.Unheld), fmt.Sprint(p.PlyCap), per})
	}
	writeTable(w, rows)
	s.writeModified(w)
	fmt.Fprintln(w)
	for _, p := range s.Players {
		if t := p.TouchMove; t.Entered+t.Resigned > 0 {
			fmt.Fprintf(w, "%s: touch-move rule: %d moves entered for it in place of illegal ones; %d games resigned, the man it touched having no legal move (under Resigned)\n", p.Name, t.Entered, t.Resigned)
		}
	}
	for _, p := range s.Players {
		sp := p.Special
		fmt.Fprintf(w, "%s castled %d times, took en passant %d times, promoted %d times\n", p.Name, sp.Castles, sp.EnPassant, sp.Promotions)
	}
	for _, p := range s.Players {
		if l := p.Library; l != nil && p.Games > 0 {
			fmt.Fprintf(w, "\n%s played %.1f moves a game from its library (fewest %d, most %d)\n", p.Name, float64(l.BookMoves)/float64(p.Games), l.Fewest, l.Most)
		}
	}
	if t := s.SPRT; t != nil {
		fmt.Fprintf(w, "\nSPRT %s on pairs: LLR %.2f (bounds %.2f, %.2f) after %s, %s: %s (cutechess-cli's trinomial LLR %.2f)\n",
			t.Test, t.LLR, t.Lower, t.Upper, plural(t.Pairs, "pair"), plural(t.Games, "game"), t.Decision, t.TrinomialLLR)
	}
}

// writeTable writes rows in columns: the first, names, to the left; the
// others, numbers, to the right.
func writeTable(w io.Writer, rows [][]string) {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i == 0 {
				b.WriteString(c + pad)
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

func percent(x float64, ok bool) string {
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

func percentPtr(p *float64) string {
	if p == nil {
		return "-"
	}
	return percent(*p, true)
}
