// Package rating puts the players of a tournament on one Elo scale: the
// Bradley–Terry model fitted by maximum likelihood over all its games,
// with an interval for each rating that counts the pairs of games, not the
// games, as the independent draws.
//
// The model: player i scores p_ij = 1/(1 + 10^((r_j − r_i)/400)) against
// player j, a draw counted as half a win and half a loss (the logistic
// Elo model; not Davidson's, which gives draws a parameter of their own,
// nor BayesElo's with its draw and colour parameters). The
// maximum likelihood ratings are those whose expected points equal each
// player's points; they exist when no group of players scored nothing
// against the rest (Zermelo's condition), and are found by Newton's method.
//
// One player, the anchor, is fixed at a given rating: the others'
// ratings are differences from it, and each interval is of that
// difference (the anchor's is 0). The interval is 1.96 standard errors
// either side, from the sandwich estimate H⁻¹ J H⁻¹: H is the Fisher
// information of the games (the model's variance), J the spread of the
// pairs the players actually scored about what the model expects of them.
// The two games of a pair share an opening and colours reversed, so their
// results are not independent; the pairs are. With two players the
// interval is then that of the pairs' Elo (package elo, Penta.Diff) to
// first order, as fishtest computes it.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Pairing is the games of two players, from A's view: every game counted
// (Wins, Draws, Losses) and the complete pairs among them by A's points,
// 0, ½, 1, 1½, 2 (Penta).
type Pairing struct {
	A, B                int
	Wins, Draws, Losses int
	Penta               [5]int
}

// Games is the games of the pairing counted.
func (p Pairing) Games() int { return p.Wins + p.Draws + p.Losses }

func (p Pairing) points() float64 { return float64(p.Wins) + float64(p.Draws)/2 }

func (p Pairing) pairs() int { return p.Penta[0] + p.Penta[1] + p.Penta[2] + p.Penta[3] + p.Penta[4] }

// Rating is a player's place on the scale.
type Rating struct {
	Elo float64
	// Margin is half the 95% interval of the difference from the anchor
	// (0 for the anchor itself).
	Margin float64
	Games  int
	Points float64
}

// Score is the player's points over its games (NaN with none).
func (r Rating) Score() float64 { return r.Points / float64(r.Games) }

// z95 is the normal quantile of 0.975.
const z95 = 1.959963984540054

// eloPerNat turns a difference of natural log-odds into Elo.
var eloPerNat = 400 / math.Ln10

// Fit rates the players (indices into names) from their pairings, player
// anchor at anchorElo. It fails when a rating would not be finite: a
// player with no games, or a group of players that scored nothing against
// the others.
func Fit(names []string, pairings []Pairing, anchor int, anchorElo float64) ([]Rating, error) {
	n := len(names)
	if anchor < 0 || anchor >= n {
		return nil, fmt.Errorf("anchor %d: not one of the %d players", anchor, n)
	}
	out := make([]Rating, n)
	for _, p := range pairings {
		if p.A < 0 || p.A >= n || p.B < 0 || p.B >= n || p.A == p.B {
			return nil, fmt.Errorf("a pairing of players %d and %d: not two of the %d players", p.A, p.B, n)
		}
		if p.Wins < 0 || p.Draws < 0 || p.Losses < 0 || 2*p.pairs() > p.Games() {
			return nil, fmt.Errorf("%s vs %s: counts +%d =%d -%d with %d pairs do not add up", names[p.A], names[p.B], p.Wins, p.Draws, p.Losses, p.pairs())
		}
		out[p.A].Games += p.Games()
		out[p.B].Games += p.Games()
		out[p.A].Points += p.points()
		out[p.B].Points += float64(p.Games()) - p.points()
	}
	if err := connected(names, pairings); err != nil {
		return nil, err
	}
	theta, err := maximize(n, pairings, anchor)
	if err != nil {
		return nil, err
	}
	cov := sandwich(n, pairings, anchor, theta)
	for i := range out {
		out[i].Elo = anchorElo + eloPerNat*theta[i]
		if i != anchor {
			out[i].Margin = z95 * eloPerNat * math.Sqrt(cov[i][i])
		}
	}
	return out, nil
}

// connected checks Zermelo's condition: in the graph with an edge from i
// to j where i scored against j, every player reaches every other.
func connected(names []string, pairings []Pairing) error {
	n := len(names)
	scored := make([][]bool, n)
	for i := range scored {
		scored[i] = make([]bool, n)
	}
	for _, p := range pairings {
		if p.Wins+p.Draws > 0 {
			scored[p.A][p.B] = true
		}
		if p.Losses+p.Draws > 0 {
			scored[p.B][p.A] = true
		}
	}
	reach := func(from int, forward bool) []bool {
		seen := make([]bool, n)
		seen[from] = true
		stack := []int{from}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for j := 0; j < n; j++ {
				e := scored[i][j]
				if !forward {
					e = scored[j][i]
				}
				if e && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return seen
	}
	out, in := reach(0, true), reach(0, false)
	for j := 0; j < n; j++ {
		switch {
		case !in[j]:
			return fmt.Errorf("no finite ratings: %s, and those it scored against, scored nothing against %s", names[j], names[0])
		case !out[j]:
			return fmt.Errorf("no finite ratings: %s, and those it scored against, scored nothing against %s", names[0], names[j])
		}
	}
	return nil
}

// expect is the model's score of a rating difference in natural units.
func expect(d float64) float64 { return 1 / (1 + math.Exp(-d)) }

// logLikelihood of the games at theta, draws as half a win.
func logLikelihood(pairings []Pairing, theta []float64) float64 {
	var ll float64
	for _, p := range pairings {
		d := theta[p.A] - theta[p.B]
		// log p = −log(1+e^−d), log(1−p) = −log(1+e^d)
		ll -= p.points()*math.Log1p(math.Exp(-d)) + (float64(p.Games())-p.points())*math.Log1p(math.Exp(d))
	}
	return ll
}

// information is the Fisher information of the games at theta, and the
// gradient of the log-likelihood, over the players but the anchor (index
// k of the players in free).
func information(n int, pairings []Pairing, anchor int, theta []float64) (h [][]float64, g []float64, free []int) {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = -1
		if i != anchor {
			idx[i] = len(free)
			free = append(free, i)
		}
	}
	m := len(free)
	h = make([][]float64, m)
	for k := range h {
		h[k] = make([]float64, m)
	}
	g = make([]float64, m)
	for _, p := range pairings {
		e := expect(theta[p.A] - theta[p.B])
		w := float64(p.Games()) * e * (1 - e)
		r := p.points() - float64(p.Games())*e
		a, b := idx[p.A], idx[p.B]
		if a >= 0 {
			h[a][a] += w
			g[a] += r
		}
		if b >= 0 {
			h[b][b] += w
			g[b] -= r
		}
		if a >= 0 && b >= 0 {
			h[a][b] -= w
			h[b][a] -= w
		}
	}
	return h, g, free
}

// maximize finds the maximum likelihood ratings (natural units, the
// anchor at 0) by Newton's method, each step halved until the likelihood
// rises: the log-likelihood is concave, so it converges.
func maximize(n int, pairings []Pairing, anchor int) ([]float64, error) {
	theta := make([]float64, n)
	ll := logLikelihood(pairings, theta)
	for iter := 0; iter < 200; iter++ {
		h, g, free := information(n, pairings, anchor, theta)
		step, err := solve(h, g)
		if err != nil {
			return nil, err
		}
		size := 0.0
		for _, s := range step {
			size = math.Max(size, math.Abs(s))
		}
		if size < 1e-12 {
			return theta, nil
		}
		for t := 1.0; ; t /= 2 {
			next := append([]float64(nil), theta...)
			for k, i := range free {
				next[i] += t * step[k]
			}
			if l := logLikelihood(pairings, next); l >= ll || t < 1e-9 {
				theta, ll = next, l
				break
			}
		}
	}
	return nil, errors.New("the ratings did not converge")
}

// sandwich is the covariance of the ratings (natural units) about the
// anchor: H⁻¹ J H⁻¹, J summed over the pairs of each pairing, scaled to its
// games where some are not in pairs. A pairing with games but no pair
// counts its games as independent.
func sandwich(n int, pairings []Pairing, anchor int, theta []float64) [][]float64 {
	h, _, free := information(n, pairings, anchor, theta)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = -1
	}
	for k, i := range free {
		idx[i] = k
	}
	m := len(free)
	j := make([][]float64, m)
	for k := range j {
		j[k] = make([]float64, m)
	}
	for _, p := range pairings {
		e := expect(theta[p.A] - theta[p.B])
		var c float64
		if pairs := p.pairs(); pairs > 0 {
			for k, cnt := range p.Penta {
				d := float64(k)/2 - 2*e
				c += float64(cnt) * d * d
			}
			c *= float64(p.Games()) / float64(2*pairs)
		} else {
			c = float64(p.Wins)*(1-e)*(1-e) + float64(p.Draws)*(0.5-e)*(0.5-e) + float64(p.Losses)*e*e
		}
		a, b := idx[p.A], idx[p.B]
		if a >= 0 {
			j[a][a] += c
		}
		if b >= 0 {
			j[b][b] += c
		}
		if a >= 0 && b >= 0 {
			j[a][b] -= c
			j[b][a] -= c
		}
	}
	hinv := inverse(h)
	v := mul(mul(hinv, j), hinv)
	cov := make([][]float64, n)
	for i := range cov {
		cov[i] = make([]float64, n)
	}
	for a, i := range free {
		for b, k := range free {
			cov[i][k] = v[a][b]
		}
	}
	return cov
}

// solve solves h x = g by Gaussian elimination with partial pivoting.
func solve(h [][]float64, g []float64) ([]float64, error) {
	m := len(g)
	a := make([][]float64, m)
	for i := range a {
		a[i] = append(append([]float64(nil), h[i]...), g[i])
	}
	for c := 0; c < m; c++ {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if a[p][c] == 0 || math.IsNaN(a[p][c]) {
			return nil, errors.New("no finite ratings: the games do not tie the players together")
		}
		a[c], a[p] = a[p], a[c]
		for r := 0; r < m; r++ {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := c; k <= m; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	x := make([]float64, m)
	for i := range x {
		x[i] = a[i][m] / a[i][i]
	}
	return x, nil
}

// inverse inverts a positive definite matrix column by column.
func inverse(h [][]float64) [][]float64 {
	m := len(h)
	inv := make([][]float64, m)
	for i := range inv {
		inv[i] = make([]float64, m)
	}
	for c := 0; c < m; c++ {
		e := make([]float64, m)
		e[c] = 1
		x, err := solve(h, e)
		if err != nil {
			for r := range inv {
				inv[r][c] = math.NaN()
			}
			continue
		}
		for r := range x {
			inv[r][c] = x[r]
		}
	}
	return inv
}

func mul(a, b [][]float64) [][]float64 {
	out := make([][]float64, len(a))
	for i := range a {
		out[i] = make([]float64, len(b[0]))
		for k := range b {
			for j := range b[k] {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}
