package match

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/corentings/chess/v2"
)

// Shard is part K of N of a match's schedule (1 ≤ K ≤ N); the zero Shard
// is the whole schedule.
//
// The games of a pairing come in pairs, game g and g+1 for even g: one
// line with colours reversed. The pairs are numbered in schedule order,
// pair (g/2)·P + pairing for P pairings, so M = ⌈games/2⌉·P pairs in all
// (with odd games, a pairing's last game is a pair by itself). Shard K
// plays pairs ⌊(K−1)·M/N⌋ to ⌊K·M/N⌋−1: blocks in schedule order whose
// sizes differ by one pair at most, each a slice of every pairing. A game
// keeps its schedule index, and with it its line, colours and the library
// program's seed, so the shards together play the unsharded match's games.
type Shard struct{ K, N int }

// ParseShard reads K/N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	sh := Shard{}
	var errK, errN error
	sh.K, errK = strconv.Atoi(k)
	sh.N, errN = strconv.Atoi(n)
	if !ok || errK != nil || errN != nil {
		return Shard{}, fmt.Errorf("shard %q: want K/N, part K of N, e.g. 2/4", s)
	}
	if sh.N < 1 || sh.K < 1 || sh.K > sh.N {
		return Shard{}, fmt.Errorf("shard %s: want 1 ≤ K ≤ N", sh)
	}
	return sh, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// pairOf numbers a job's pair of games, in schedule order.
func pairOf(j Job, pairings int) int {
	game := j.Index / pairings // in its pairing
	return game/2*pairings + j.Pairing
}

// pairCount is how many pairs a schedule of games per pairing has.
func pairCount(games, pairings int) int { return (games + 1) / 2 * pairings }

// Of is the shard's part of a schedule's jobs (all of them for the zero
// Shard).
func (s Shard) Of(jobs []Job, pairings int) []Job {
	if s.N == 0 {
		return jobs
	}
	m := pairCount(len(jobs)/pairings, pairings)
	first, end := (s.K-1)*m/s.N, s.K*m/s.N
	var part []Job
	for _, j := range jobs {
		if p := pairOf(j, pairings); p >= first && p < end {
			part = append(part, j)
		}
	}
	return part
}

// check refuses a shard the options cannot be split into.
func (s Shard) check(o *Options) error {
	if s.N == 0 {
		return nil
	}
	if s.K < 1 || s.K > s.N {
		return fmt.Errorf("shard %s: want 1 ≤ K ≤ N", s)
	}
	if o.SPRT != nil {
		return errors.New("an SPRT is sequential, it decides on the games in schedule order: it cannot be split into shards")
	}
	ps, _ := Schedule(len(o.Players), o.Gauntlet, 0, 1)
	if m := pairCount(o.Games, len(ps)); s.N > m {
		return fmt.Errorf("shard %s: %d shards of %d pairs of games: want no more shards than pairs", s, s.N, m)
	}
	return nil
}

// The tags a game's PGN carries for --merge (docs/distributed.md): with
// [Round] (the schedule index + 1), all that the summary counts.
const (
	tagSchedule = "MatchSchedule" // what defines the schedule and its games
	tagEnd      = "MatchEnd"      // End's name
	tagEndBy    = "MatchEndBy"    // the side blamed (Record.By), when there is one
	tagOpening  = "OpeningPlies"  // the suite line's plies; none from the start position
	tagThought  = "Thought"       // after White or Black: Record.Thought
	tagCycles   = "Cycles"        // after White or Black: Record.Cycles, when not 0
	tagBook     = "BookMoves"     // after White or Black: Record.BookPlies, for the library program
)

func colourName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// scheduleTag is the MatchSchedule tag's value: the settings that make the
// schedule, readable, and an id of all that decides its games: those
// settings, the suite's lines, and each player's program images or
// engine limit and options. Paths are left out (an engine's command, the
// files a program was loaded from), as they may differ from machine to
// machine: what plays is named in the WhiteProgram and BlackProgram tags,
// which a merge compares.
func scheduleTag(o *Options, programs []*program) string {
	var names []string
	for _, p := range o.Players {
		names = append(names, p.Name)
	}
	settings := fmt.Sprintf("players=%s gauntlet=%s games=%d lines=%d max-plies=%d book=%s seed=%d",
		strings.Join(names, ","), yesNo(o.Gauntlet), o.Games, len(o.Lines), o.MaxPlies, yesNo(o.Book), o.Seed)
	h := sha256.New()
	fmt.Fprintln(h, settings)
	for _, l := range o.Lines {
		fmt.Fprintf(h, "line %q %q %q %q\n", l.ECO, l.Name, l.Start, l.Moves)
	}
	for i, p := range o.Players {
		fmt.Fprintf(h, "player %q plan=%v teletype=%v special=%v library=%v layout=%v illegal=%v\n",
			p.Name, p.Plan, p.Teletype, p.Special != nil, p.Library != nil, p.Memory(), p.Illegal)
		if e := p.Engine; e != nil {
			fmt.Fprintf(h, "engine limit=%q options=%q pick=%d margin=%d\n", e.Limit, e.Options, e.Pick, e.PickMargin)
		}
		if pr := programs[i]; pr != nil {
			for _, c := range []chess.Color{chess.White, chess.Black} {
				for _, im := range pr.images[c] {
					fmt.Fprintf(h, "image %04x %x\n", im.Addr, im.Data)
				}
			}
		}
	}
	// 64 bits: two matches share them by chance once in 2^64.
	return fmt.Sprintf("%s id=%x", settings, h.Sum(nil)[:8])
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// mergeTags are the tags of a finished game that only a merge needs.
func mergeTags(rec *Record, opening int, opt *Options) [][2]string {
	if opt.schedule == "" {
		return nil // a game played outside Run
	}
	tags := [][2]string{{tagSchedule, opt.schedule}, {tagEnd, rec.End.String()}}
	if rec.By != chess.NoColor {
		tags = append(tags, [2]string{tagEndBy, colourName(rec.By)})
	}
	if opening > 0 {
		tags = append(tags, [2]string{tagOpening, fmt.Sprint(opening)})
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		pi := rec.White
		if c == chess.Black {
			pi = rec.Black
		}
		col := colourName(c)
		tags = append(tags, [2]string{col + tagThought, fmt.Sprint(rec.Thought[c])})
		if rec.Cycles[c] > 0 {
			tags = append(tags, [2]string{col + tagCycles, fmt.Sprint(rec.Cycles[c])})
		}
		if opt.Players[pi].Library != nil {
			tags = append(tags, [2]string{col + tagBook, fmt.Sprint(rec.BookPlies[c])})
		}
	}
	return tags
}
