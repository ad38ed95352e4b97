package microchess_test

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/kim1-archive/microchess/suite"
)

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
		s, err := session(ps.original, level)
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
		s, err := session(img, level)
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
