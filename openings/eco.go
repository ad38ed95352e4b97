package openings

import (
	"regexp"
	"strings"
	"sync"

	"github.com/corentings/chess/v2"
	"github.com/corentings/chess/v2/opening"
)

// The chess library ships the ECO table of named opening lines. It is an
// independent account of the theory the 1977 books follow: the decompiler
// prefers replies that stay in it, and the tests hold each book to it.

var eco struct {
	once   sync.Once
	prefix map[string]bool             // every prefix of every named line
	named  map[string]*opening.Opening // the named lines themselves
}

func ecoTable() {
	eco.prefix, eco.named = map[string]bool{}, map[string]*opening.Opening{}
	for _, o := range opening.NewBookECO().Possible(nil) {
		var key []string
		for _, m := range ecoMoves(o) {
			key = append(key, m)
			eco.prefix[strings.Join(key, " ")] = true
		}
		k := strings.Join(key, " ")
		if old, ok := eco.named[k]; !ok || o.Title() < old.Title() {
			eco.named[k] = o
		}
	}
}

var uciRE = regexp.MustCompile(`^[a-h][1-8][a-h][1-8][qrbn]?$`)

// ecoMoves is an opening's moves as UCI strings (what Move.String gives).
// The library's BookECO keeps the table's UCI column in PGN(); a real PGN
// is read as a game instead.
func ecoMoves(o *opening.Opening) []string {
	f := strings.Fields(o.PGN())
	for _, s := range f {
		if !uciRE.MatchString(s) {
			f = nil
			for _, m := range o.Game().Moves() {
				f = append(f, m.String())
			}
			break
		}
	}
	return f
}

// ECO finds how many plies of the line are in the ECO table (known) and
// the longest named opening the line starts with (nil if none), with its
// length in plies.
func ECO(line []chess.Move) (known int, named *opening.Opening, plies int) {
	eco.once.Do(ecoTable)
	var key []string
	for i := range line {
		key = append(key, line[i].String())
		k := strings.Join(key, " ")
		if !eco.prefix[k] {
			break
		}
		known = i + 1
		if o := eco.named[k]; o != nil {
			named, plies = o, i+1
		}
	}
	return known, named, plies
}

// Line is the book's moves as chess moves, for ECO.
func (b *Book) Line() []chess.Move {
	var ms []chess.Move
	for _, p := range b.Plies {
		ms = append(ms, p.Move)
	}
	return ms
}
