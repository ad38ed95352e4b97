package suite

import (
	"math/bits"
	"math/rand/v2"
)

// Order is a permutation of 0..n-1 drawn from seed, for playing a suite's
// lines in a shuffled order that anyone can draw again. The algorithm is
// fixed here, not left to a library's unspecified choices: the stream is
// math/rand/v2's PCG (PCG-DXSM with 128 bits of state, a specified
// generator) from NewPCG(seed, 0); the shuffle is Fisher-Yates from the
// top (for i from n-1 down to 1, swap i with j = Below(i+1)), where
// Below(m) is Lemire's multiply-shift of the next 64-bit output by m,
// redrawn while the low word is under (2^64 - m) mod m, so that every j is
// equally likely. n < 0 is taken as 0.
func Order(n int, seed uint64) []int {
	p := make([]int, max(n, 0))
	for i := range p {
		p[i] = i
	}
	r := rand.NewPCG(seed, 0)
	for i := len(p) - 1; i > 0; i-- {
		j := Below(r, uint64(i+1))
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// Below is a number in [0, m), m > 0, from r, each equally likely: the
// draw Order shuffles with, for other seeded choices (the suite
// generator's walk) that must not depend on a Go release's rand.IntN.
func Below(r *rand.PCG, m uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), m)
	if lo < m {
		for t := -m % m; lo < t; {
			hi, lo = bits.Mul64(r.Uint64(), m)
		}
	}
	return hi
}
