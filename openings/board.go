package openings

import (
	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
)

// descFiles names the files as descriptive notation does: by the piece
// that starts on them. A piece code's name is its starting file's name (a
// pawn's without the P), which a test holds the initial array to.
var descFiles = map[string]chess.File{"QR": chess.FileA, "QN": chess.FileB, "QB": chess.FileC,
	"Q": chess.FileD, "K": chess.FileE, "KB": chess.FileF, "KN": chess.FileG, "KR": chess.FileH}

// homeFile is the file a piece code starts on, by its name.
func homeFile(code int) chess.File {
	name := memmap.Pieces[code]
	if code >= 8 {
		name = name[:len(name)-1]
	}
	return descFiles[name]
}

// ColorName is how opening files and the decompiler name a side.
func ColorName(c chess.Color) string {
	if c == chess.Black {
		return "black"
	}
	return "white"
}
