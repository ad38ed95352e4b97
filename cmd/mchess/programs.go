package main

import (
	"strings"

	"github.com/kim1-archive/microchess/builds"
)

// programList names the catalogue's programs that keep as usage texts
// list them: "original (MicroChess 1977), stone (...) or library (...),
// all built from the sources built into mchess; or local (...)". The
// first name is quoted as a flag's value name when quoteFirst is set.
func programList(keep func(*builds.Program) bool, quoteFirst bool) string {
	var builtin []string
	local := ""
	for _, p := range builds.Catalogue {
		if keep != nil && !keep(p) {
			continue
		}
		name := p.Name
		if quoteFirst && len(builtin) == 0 && local == "" {
			name = "`" + name + "`"
		}
		if p.Local {
			local = "; or " + name + " (" + p.About + ")"
			continue
		}
		builtin = append(builtin, name+" ("+p.About+")")
	}
	return builds.Either(builtin) + ", all built from the sources built into mchess" + local
}

// wrap fills text into lines of at most width characters (a word longer
// than that stands alone), as the usage texts are written.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}
