package microchess_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	microchess "github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
)

// search1k is a program of its own, which verify (a variant of the 1977
// program) cannot report on: docs/search1k.md states how many of its bytes
// are the 1977 hex listing's at the same address, and the runs of eight or
// more, and this test holds the page to the build.
func TestSearch1KSharedBytes(t *testing.T) {
	p, err := microchess.Search1K()
	if err != nil {
		t.Fatal(err)
	}
	published := map[uint16]byte{}
	for _, im := range memmap.Published() {
		for i, b := range im.Bytes {
			published[im.Start+uint16(i)] = b
		}
	}
	defined, shared := 0, 0
	var runs []string
	runStart, runLen := uint16(0), 0
	endRun := func() {
		if runLen >= 8 {
			runs = append(runs, fmt.Sprintf("%04X–%04X", runStart, runStart+uint16(runLen)-1))
		}
		runLen = 0
	}
	for _, im := range p.Images {
		for i, st := range im.Src {
			a := im.Start + uint16(i)
			if st == nil {
				endRun()
				continue
			}
			defined++
			if b, ok := published[a]; ok && b == im.Bytes[i] {
				shared++
				if runLen == 0 || runStart+uint16(runLen) != a {
					endRun()
					runStart = a
				}
				runLen++
				continue
			}
			endRun()
		}
		endRun()
	}
	want := fmt.Sprintf("Of its %d bytes, %d are the 1977 hex listing's at the same address; the runs of eight or more: %s.",
		defined, shared, strings.Join(runs, ", "))
	doc, err := os.ReadFile("docs/search1k.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), want) {
		t.Errorf("docs/search1k.md does not say:\n%s", want)
	}
}
