package asm

import (
	"fmt"
	"io"
	"strings"
)

// WriteListing prints the program like the 1977 printout: statement number,
// address, up to three bytes, then the source line. Longer data lines carry
// on over further lines of three bytes.
func WriteListing(w io.Writer, p *Program) error {
	ew := &errWriter{w: w}
	file := ""
	for _, s := range p.Stmts {
		if s.Pos.File != file {
			file = s.Pos.File
			ew.printf("%s\n\n", file)
		}
		text := ExpandTabs(s.Text)
		if DialectFor(file) == Dialect1980 {
			writeLine1980(ew, s, text)
			continue
		}
		num := "     "
		if s.Number > 0 {
			num = fmt.Sprintf("%5d", s.Number)
		}
		switch {
		case len(s.Bytes) > 0:
			for i := 0; i < len(s.Bytes); i += 3 {
				end := min(i+3, len(s.Bytes))
				if i == 0 {
					ew.printf("%s %04X %-9s %s\n", num, int(s.Addr)+i, hexBytes(s.Bytes[i:end]), text)
				} else {
					ew.printf("      %04X %s\n", int(s.Addr)+i, hexBytes(s.Bytes[i:end]))
				}
			}
		case s.Kind == KindEquate && s.Label != "":
			v := "????"
			if sym := p.Symbols[s.Label]; sym != nil && sym.known {
				v = fmt.Sprintf("%04X", sym.Value&0xFFFF)
			}
			ew.printf("%s =%s %-8s %s\n", num, v, "", text)
		default:
			ew.printf("%s %-14s %s\n", num, "", text)
		}
	}
	return ew.err
}

// writeLine1980 prints a statement the way Stone's listing does: address
// and bytes first ("03A2- A2 04"), then the source line, which carries its
// own line number.
func writeLine1980(ew *errWriter, s *Stmt, text string) {
	if len(s.Bytes) == 0 {
		ew.printf("%-16s%s\n", "", text)
		return
	}
	for i := 0; i < len(s.Bytes); i += 3 {
		end := min(i+3, len(s.Bytes))
		if i == 0 {
			ew.printf("%04X- %-9s %s\n", int(s.Addr), hexBytes(s.Bytes[:end]), text)
		} else {
			ew.printf("%04X- %s\n", int(s.Addr)+i, hexBytes(s.Bytes[i:end]))
		}
	}
}

// WriteSymbols prints the symbol table with cross references in the 1977
// layout: symbol, value, defining statement, referencing statements; in
// order of definition. ReadSymbols reads it back.
func WriteSymbols(w io.Writer, p *Program) error {
	ew := &errWriter{w: w}
	ew.printf("%s\n\n", symTitle)
	ew.printf("%-8s %-4s %5s  %s\n", symHeading, "ADDR", "DEF", "CROSS REFERENCES")
	for _, sym := range Symbols(p) {
		line := fmt.Sprintf("%-8s %04X %5d  %s", sym.Name, sym.Value, sym.Def, strings.Join(sym.Refs, " "))
		ew.printf("%s\n", strings.TrimRight(line, " "))
	}
	return ew.err
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

func hexBytes(b []byte) string {
	parts := make([]string, len(b))
	for i, x := range b {
		parts[i] = fmt.Sprintf("%02X", x)
	}
	return strings.Join(parts, " ")
}

// ExpandTabs sets tab stops every eight columns, as the listing shows a
// source line.
func ExpandTabs(s string) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}
