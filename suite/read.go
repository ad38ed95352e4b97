package suite

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/internal/bounded"
)

// Read reads a suite from a file, in the format its name's extension says
// (in any case): .epd is EPD (ParseEPD), .pgn is PGN (ParsePGN), any other
// the project's text format (Parse). The extension rather than a look at
// the content: each format reads some text of another without an error
// (a PGN of bare moves is not far from a line of this format), and a
// wrong guess would turn a clear error into games from the wrong lines.
func Read(file string) ([]Line, error) {
	f, err := bounded.Open(file, FileLimit)
	var big *bounded.TooLargeError
	if errors.As(err, &big) {
		return nil, tooLarge(file)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch strings.ToLower(filepath.Ext(file)) {
	case ".epd":
		return ParseEPD(file, f)
	case ".pgn":
		return ParsePGN(file, f)
	}
	return Parse(file, f)
}

// A suite is read whole; these bound what that may take. A match plays
// each line twice, so even the smaller bound is far beyond any match run
// here; a larger file is taken for a mistake, not read to the end.
const (
	maxBytes = 64 << 20 // FileLimit
	maxLines = 200_000
	maxPlies = 1000 // a line's moves, more than any game's
	maxWords = 1000 // an EPD line's words
)

// FileLimit is maxBytes for bounded.Open.
var FileLimit = bounded.Limit{What: "an opening suite", Bytes: maxBytes}

func tooLarge(name string) error {
	return fmt.Errorf("%s: larger than %d MiB: not read (take a part of it as a suite)", name, maxBytes>>20)
}

// readText reads r whole, up to maxBytes.
func readText(name string, r io.Reader) (string, error) {
	text, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	var big *bounded.TooLargeError
	if errors.As(err, &big) {
		return "", tooLarge(name)
	}
	if err != nil {
		return "", err
	}
	if len(text) > maxBytes {
		return "", tooLarge(name)
	}
	return string(text), nil
}

// maxErrors bounds the errors of one file: reading stops at the next, so
// that a file of garbage costs no more than this.
const maxErrors = 1000

// tooManyErrors tells a reader to stop, once maxErrors are found, and adds
// a last error at pos that says so; the reader must stop then.
func tooManyErrors(errs *diag.ErrorList, pos Pos) bool {
	if len(*errs) < maxErrors {
		return false
	}
	errs.Add(pos, "more than %d errors: not read further", maxErrors)
	return true
}

// tooMany is the error for the line past maxLines; reading stops there.
func tooMany(errs *diag.ErrorList, pos Pos) {
	errs.Add(pos, "more than %d opening lines: not read further (take a part of the file as a suite)", maxLines)
}
