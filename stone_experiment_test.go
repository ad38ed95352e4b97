package microchess_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

// go test . -run TestExperiment -experiment [-experiment.out FILE]
// runs the whole FACTOR and DEVP-4 experiment (about seven minutes on two cores);
// without -experiment only the chosen values are played (seconds).
var (
	fullExperiment = flag.Bool("experiment", false, "run the whole FACTOR/DEVP-4 experiment")
	experimentOut  = flag.String("experiment.out", "", "write the experiment's tables (markdown) to this file")
)

// The values the experiment chose; the list sources must hold them.
const chosenFactor = 0x15

var chosenDevp4 = candidate{"P-K3", entry{0x0F, 0x13, 0x23}, entry{0x0F, 0x14, 0x24}}

// candidate is a DEVP-4 move as White's and Black's list entry.
type candidate struct {
	name         string
	white, black entry
}

var devp4Candidates = []candidate{
	chosenDevp4,
	{"P-QB4", entry{0x0D, 0x15, 0x35}, entry{0x0D, 0x12, 0x32}},
	{"P-K4", entry{0x0F, 0x13, 0x33}, entry{0x0F, 0x14, 0x34}},
	{"P-QN3", entry{0x0B, 0x16, 0x26}, entry{0x0B, 0x11, 0x21}},
	{"P-Q3", entry{0x0E, 0x14, 0x24}, entry{0x0E, 0x13, 0x23}},
	{"P-KR3", entry{0x08, 0x10, 0x20}, entry{0x08, 0x17, 0x27}},
	{"P-KB4", entry{0x0C, 0x12, 0x32}, entry{0x0C, 0x15, 0x35}},
	{"P-QB3", entry{0x0D, 0x15, 0x25}, entry{0x0D, 0x12, 0x22}},
	{"none (1F)", entry{0x1F, 0x1F, 0x1F}, entry{0x1F, 0x1F, 0x1F}},
}

var factors = []byte{0x00, 0x02, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0A, 0x0C, 0x10, 0x14, 0x15, 0x18, 0x1C,
	0x20, 0x21, 0x22, 0x23, 0x24, 0x26, 0x28, 0x2C, 0x30, 0x40}

// Levels: the FACTOR sweep runs at the two fast levels, the DEVP-4 sweep
// and the baseline at all three; the default run only at Super Blitz.
var (
	factorLevels = []string{"super-blitz", "blitz"}
	devp4Levels  = []string{"super-blitz", "blitz", "normal"}
)

func TestExperiment(t *testing.T) {
	if testing.Short() && !*fullExperiment {
		t.Skip("slow (-short skips it): plays the chosen FACTOR and DEVP-4 in 34 games and scenarios")
	}
	t.Parallel()
	ps := mustLoad(t)
	fs, cs := []byte{chosenFactor}, []candidate{chosenDevp4}
	fl, dl := []string{"super-blitz"}, []string{"super-blitz"}
	if *fullExperiment {
		fs, cs, fl, dl = factors, devp4Candidates, factorLevels, devp4Levels
	}
	var jobs []job
	seen := map[job]bool{}
	add := func(j job) {
		if !seen[j] {
			seen[j] = true
			jobs = append(jobs, j)
		}
	}
	for _, l := range fl {
		for _, f := range fs {
			add(job{l, f, chosenDevp4, false})
		}
	}
	for _, l := range dl {
		for _, c := range cs {
			add(job{l, chosenFactor, c, false})
		}
		add(job{l, 0, chosenDevp4, true})
	}
	res, err := runJobs(ps, jobs)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# The FACTOR and DEVP-4 experiment: tables\n\n")
	fmt.Fprintf(&b, "Written by `go test . -run TestExperiment -experiment -experiment.out FILE`;\n")
	fmt.Fprintf(&b, "docs/stone-1980.md explains the runs and the choice.\n\n")
	fmt.Fprintf(&b, "FACTOR, with DEVP-4 = %s:\n\n", chosenDevp4.name)
	header(&b, "FACTOR")
	for _, f := range fs {
		for _, l := range fl {
			row(&b, fmt.Sprintf("%02X", f), l, res[job{l, f, chosenDevp4, false}])
		}
	}
	fmt.Fprintf(&b, "\nDEVP-4, with FACTOR = %02X:\n\n", chosenFactor)
	header(&b, "DEVP-4")
	for _, c := range cs {
		for _, l := range dl {
			row(&b, c.name, l, res[job{l, chosenFactor, c, false}])
		}
	}
	fmt.Fprintf(&b, "\nBaseline: the original program, book off, in the upgrade's place:\n\n")
	header(&b, "program")
	for _, l := range dl {
		row(&b, "MicroChess 1.0", l, res[job{l, 0, chosenDevp4, true}])
	}
	// What the choice must show at every level played: the whole plan in
	// every game, every threat met, no move for the player to referee.
	for _, l := range append(fl, dl...) {
		r := res[job{l, chosenFactor, chosenDevp4, false}]
		if !good(r) {
			t.Errorf("%s: FACTOR %02X, DEVP-4 %s: %d list moves in %d games, %d of %d threats met, %d illegal",
				l, chosenFactor, chosenDevp4.name, r.listMoves, r.games, r.saves, r.saveN, r.illegal)
		}
	}
	if *fullExperiment {
		// The choice is the middle of the FACTORs that pass at both fast
		// levels: as far as can be from losing the plan and from ignoring
		// threats.
		lo, hi := window(fs, func(f byte) bool {
			for _, l := range fl {
				if !good(res[job{l, f, chosenDevp4, false}]) {
					return false
				}
			}
			return true
		})
		fmt.Fprintf(&b, "\nFACTORs that follow the whole plan in every game and meet every threat: %02X–%02X.\n", lo, hi)
		fmt.Fprintln(&b, windowCoverage(fs, lo, hi))
		if mid := (int(lo) + int(hi)) / 2; chosenFactor < lo || chosenFactor > hi || abs(int(chosenFactor)-mid) > 1 {
			t.Errorf("FACTOR %02X is not the middle (%02X) of the good window %02X–%02X", chosenFactor, mid, lo, hi)
		}
	}
	t.Log("\n" + b.String())
	if *experimentOut != "" {
		if err := os.WriteFile(*experimentOut, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// good: all seven list moves in every game, every threat met, nothing to
// referee.
func good(r result) bool {
	return r.games > 0 && r.listMoves == 7*r.games && r.saves == r.saveN && r.illegal == 0
}

// windowCoverage says which values of the window lo–hi were played and
// which are only taken to behave like their played neighbours, and the
// untested values between each end and the nearest played value outside.
func windowCoverage(vals []byte, lo, hi byte) string {
	played := 0
	var below, above []string
	for _, v := range vals {
		if v >= lo && v <= hi {
			played++
		}
	}
	prev, next := -1, 256
	for _, v := range vals {
		if int(v) < int(lo) && int(v) > prev {
			prev = int(v)
		}
		if int(v) > int(hi) && int(v) < next {
			next = int(v)
		}
	}
	for v := prev + 1; v < int(lo); v++ {
		below = append(below, fmt.Sprintf("%02X", v))
	}
	for v := int(hi) + 1; v < next && v < 256; v++ {
		above = append(above, fmt.Sprintf("%02X", v))
	}
	size := int(hi) - int(lo) + 1
	s := fmt.Sprintf("Of the %d values %02X–%02X, %d were played; the other %d lie between played values that pass and are taken to pass too (not played).",
		size, lo, hi, played, size-played)
	if len(below) > 0 {
		s += fmt.Sprintf(" Below the window %s was not played.", strings.Join(below, ", "))
	}
	if len(above) > 0 {
		s += fmt.Sprintf(" Above it %s was not played.", strings.Join(above, ", "))
	}
	return s
}

// window is the widest run of consecutive values that pass.
func window(vals []byte, pass func(byte) bool) (lo, hi byte) {
	best, start := -1, -1
	for i, v := range vals {
		if !pass(v) {
			start = -1
			continue
		}
		if start < 0 {
			start = i
		}
		if i-start > best {
			best, lo, hi = i-start, vals[start], v
		}
	}
	return lo, hi
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// The list sources hold what the experiment chose.
func TestListsHoldTheChoice(t *testing.T) {
	for _, side := range []struct {
		file string
		e    entry
	}{{whiteSrc, chosenDevp4.white}, {blackSrc, chosenDevp4.black}} {
		by := listBytes(t, side.file)
		at := func(a uint16) byte { return by[a].Bytes[a-by[a].Addr] }
		if at(0xC3) != chosenFactor {
			t.Errorf("%s: FACTOR %02X, the experiment chose %02X", side.file, at(0xC3), chosenFactor)
		}
		if got := (entry{at(0xCD), at(0xCE), at(0xCF)}); got != side.e {
			t.Errorf("%s: DEVP-4 %v, the experiment chose %v (%s)", side.file, got, side.e, chosenDevp4.name)
		}
	}
}

func TestWindowCoverage(t *testing.T) {
	// Hand-counted from the factors list: 07 08 0A 0C 10 14 15 18 1C 20 21
	// 22 23 24 lie in 07–24 (14 of its 0x24−0x07+1 = 30 values); 06 is
	// played just below, 26 is the next played above, so 25 is untested.
	want := "Of the 30 values 07–24, 14 were played; the other 16 lie between played values that pass and are taken to pass too (not played). Above it 25 was not played."
	if got := windowCoverage(factors, 0x07, 0x24); got != want {
		t.Errorf("windowCoverage = %q, want %q", got, want)
	}
}
