package openings

import "github.com/kim1-archive/microchess/internal/bounded"

// BookLimit is the most a book file (or a 28-byte block given in its
// place) may hold: a book is a few lines of moves.
var BookLimit = bounded.Limit{What: "an opening book", Bytes: 1 << 20}
