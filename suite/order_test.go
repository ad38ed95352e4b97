package suite

import (
	"math/big"
	"slices"
	"testing"
)

// refOrder is Order as its comment describes it, computed anew with big
// integers from the PCG-DXSM constants of the PCG paper's reference code
// (pcg-cpp: the 128-bit default multiplier and increment, the DXSM output
// with its 64-bit multiplier), so that a change in the library's generator
// or in the shuffle shows.
func refOrder(n int, seed uint64) []int {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	mask64 := new(big.Int).Sub(two64, big.NewInt(1))
	mask128 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	hex := func(s string) *big.Int { v, _ := new(big.Int).SetString(s, 16); return v }
	mul := hex("2360ed051fc65da44385df649fccf645")
	inc := hex("5851f42d4c957f2d14057b7ef767814f")
	state := new(big.Int).Lsh(new(big.Int).SetUint64(seed), 64) // NewPCG(seed, 0)
	next := func() *big.Int {
		state.Mul(state, mul).Add(state, inc).And(state, mask128)
		hi := new(big.Int).Rsh(state, 64)
		lo := new(big.Int).And(state, mask64)
		hi.Xor(hi, new(big.Int).Rsh(hi, 32))
		hi.Mul(hi, hex("da942042e4dd58b5")).And(hi, mask64)
		hi.Xor(hi, new(big.Int).Rsh(hi, 48))
		return hi.Mul(hi, lo.SetBit(lo, 0, 1)).And(hi, mask64)
	}
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := n - 1; i > 0; i-- {
		m := big.NewInt(int64(i + 1))
		threshold := new(big.Int).Mod(new(big.Int).Sub(two64, m), m)
		for {
			x := new(big.Int).Mul(next(), m)
			if new(big.Int).And(x, mask64).Cmp(threshold) >= 0 {
				j := new(big.Int).Rsh(x, 64).Int64()
				p[i], p[j] = p[j], p[i]
				break
			}
		}
	}
	return p
}

func TestOrder(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 10, 250, 1000} {
		for _, seed := range []uint64{0, 1, 2, 0xffffffffffffffff} {
			got := Order(n, seed)
			if !slices.Equal(got, refOrder(n, seed)) {
				t.Errorf("Order(%d, %d) is not the documented algorithm", n, seed)
			}
			sorted := slices.Sorted(slices.Values(got))
			for i, v := range sorted {
				if v != i {
					t.Fatalf("Order(%d, %d) is no permutation: %v", n, seed, got)
				}
			}
			if !slices.Equal(got, Order(n, seed)) {
				t.Errorf("Order(%d, %d) differs from one call to the next", n, seed)
			}
		}
	}
	if got := Order(-3, 1); len(got) != 0 {
		t.Errorf("Order(-3, 1) = %v", got)
	}
	if slices.Equal(Order(100, 1), Order(100, 2)) {
		t.Errorf("seeds 1 and 2 give the same order")
	}
}

// Every place equally likely: where line 0 of 4 goes over 4000 seeds, each
// place about 1000 times (a binomial with sd 27: ±150 is over 5 sd).
func TestOrderSpread(t *testing.T) {
	var count [4]int
	for seed := range uint64(4000) {
		count[slices.Index(Order(4, seed), 0)]++
	}
	for place, c := range count {
		if c < 850 || c > 1150 {
			t.Errorf("line 0 at place %d %d times of 4000, want about 1000", place, c)
		}
	}
}
