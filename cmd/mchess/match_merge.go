package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess/match"
)

// parseMerge reads the rest of mchess match --merge: the files, and the
// few options that go with it (the match's settings are in the files).
func parseMerge(m *matchCommand, fs *flag.FlagSet, files []string, stderr io.Writer) (*matchCommand, int) {
	var refused []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "merge", "json", "pgn", "quiet":
		default:
			refused = append(refused, "--"+f.Name)
		}
	})
	switch {
	case len(refused) > 0:
		fmt.Fprintf(stderr, "mchess match: --merge reads the match's settings from its PGN files: %s does not go with it\n", strings.Join(refused, ", "))
		return nil, 2
	case len(files) == 0:
		fmt.Fprintln(stderr, "mchess match: --merge: name the PGN files of the match's parts")
		return nil, 2
	}
	if m.pgn != "" {
		if err := checkWritable(m.pgn); err != nil {
			fmt.Fprintln(stderr, "mchess match:", err)
			return nil, 1
		}
	}
	m.merge = files
	return m, 0
}

// mergeMain prints the summary of a match put together from its parts'
// PGN files and, with --pgn, writes its games in schedule order.
func mergeMain(m *matchCommand, stdout, stderr io.Writer) int {
	merged, err := match.Merge(m.merge)
	if err != nil {
		fmt.Fprintln(stderr, "mchess match:", fileError(err))
		return 1
	}
	if err := m.savePGN(merged.Result); err != nil {
		fmt.Fprintln(stderr, "mchess match:", err)
		return 1
	}
	m.printSummary(stdout, merged.Summarize())
	if n := len(merged.Missing); n > 0 {
		fmt.Fprintf(stderr, "mchess match: --merge: %d of %d games are in none of the files (Round %s): the summary counts the %d found\n",
			n, merged.Total, match.Rounds(merged.Missing, 12), len(merged.Records))
		return 1
	}
	return 0
}
