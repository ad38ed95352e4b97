package match

import (
	"context"
	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/session"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/suite"
)

// A program loaded from the published listing is the original's bytes
// (the residue aside, which neither compares): against original at the
// same level the match says, before and after, that it measures nothing;
// at another level, or against a copy with POSN's bonus changed, it does
// not.
func TestIdenticalPlayers(t *testing.T) {
	t.Parallel()
	listing := microchess.KIM(memmap.Published())
	changed := make([]kim1.Image, len(listing))
	copy(changed, listing)
	for i, im := range changed {
		if im.Addr <= 0x17E2 && 0x17E2 < int(im.Addr)+len(im.Data) {
			changed[i].Data = append([]byte(nil), im.Data...)
			changed[i].Data[0x17E2-int(im.Addr)] = 0x04
		}
	}
	r := NewRoster()
	if err := r.AddProgram("listing", "the listing", listing, memmap.Layout); err != nil {
		t.Fatal(err)
	}
	if err := r.AddProgram("changed", microchess.Describe(microchess.OriginalName, changed, nil), changed, memmap.Layout); err != nil {
		t.Fatal(err)
	}
	var notes []string
	res, err := Run(context.Background(), Options{
		Players:  players(t, r, "original@super-blitz", "listing@super-blitz", "listing@blitz", "changed@super-blitz"),
		Gauntlet: true, MaxPlies: 20,
		Games: 1, Lines: suite.Default()[:1], Jobs: 2,
		Note: func(n string) { notes = append(notes, n) },
	})
	if err != nil {
		t.Fatal(err)
	}
	// The first against each other: only listing@super-blitz is the
	// same program at the same level.
	want := []bool{true, false, false}
	if len(res.Identical) != len(want) {
		t.Fatalf("%d pairings marked", len(res.Identical))
	}
	for i, same := range res.Identical {
		if same != want[i] {
			t.Errorf("pairing %d (%s vs %s): identical %v", i, res.Opt.Players[res.Pairings[i].A].Name, res.Opt.Players[res.Pairings[i].B].Name, same)
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "original@super-blitz and listing@super-blitz are the same program bytes at the same level") {
		t.Errorf("notes: %q", notes)
	}
	sum := res.Summarize()
	for i, p := range sum.Pairings {
		if p.Identical != want[i] {
			t.Errorf("summary of %s vs %s: identical %v", p.A, p.B, p.Identical)
		}
	}
	var b strings.Builder
	sum.Write(&b)
	if n := strings.Count(b.String(), "the result measures nothing"); n != 1 || !strings.Contains(b.String(), "original@super-blitz vs listing@super-blitz: the same program bytes") {
		t.Errorf("the summary says it %d times:\n%s", n, b.String())
	}
	// The modified program is named as it is under the players' table;
	// the others, the 1977 program's bytes, are not.
	if !strings.Contains(b.String(), "\nchanged@super-blitz plays MicroChess 1977, modified: 1 byte (17E2 POSN+2)\n") || strings.Count(b.String(), " plays ") != 1 {
		t.Errorf("the summary does not name the modified program alone:\n%s", b.String())
	}
}

// A program of its own has code where the 1977 program has residue:
// search1k's GAINR penalty (SBCIM 06 at 03FA) lies in the original's
// "unused, after DISMV". A copy with it changed is another player.
func TestIdenticalOwnProgramNoResidue(t *testing.T) {
	t.Parallel()
	p, err := microchess.Search1K()
	if err != nil {
		t.Fatal(err)
	}
	images := microchess.KIM(p.Images)
	changed := make([]kim1.Image, len(images))
	copy(changed, images)
	found := false
	for i, im := range changed {
		if im.Addr <= 0x03FB && 0x03FB < int(im.Addr)+len(im.Data) {
			changed[i].Data = append([]byte(nil), im.Data...)
			changed[i].Data[0x03FB-int(im.Addr)] = 0x00
			found = true
		}
	}
	if !found {
		t.Fatal("search1k has no byte at 03FB")
	}
	own := session.Needs{Code: [][2]uint16{{0x0000, 0x03FF}}}
	player := func(im []kim1.Image) *program {
		return &program{images: [3][]kim1.Image{chess.White: im, chess.Black: im}, needs: own}
	}
	if samePlayer(player(images), player(changed)) {
		t.Error("search1k with 03FB changed is taken for search1k")
	}
	if !samePlayer(player(images), player(images)) {
		t.Error("search1k is not taken for itself")
	}
}
