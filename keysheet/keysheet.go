// Package keysheet writes key-in sheets: a program as the keypad
// sequences a KIM-1 owner without a tape interface types (AD address DA
// byte + byte …), a line at a time with a checksum, and the checks to
// make before GO.
package keysheet

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/kim1-archive/microchess/dump"
)

// PerLine is how many bytes a line holds: eight, a group a person keys
// and checks at one go.
const PerLine = 8

// Line is one line of a sheet.
type Line struct {
	Addr  uint16
	Bytes []byte
	Sum   byte // the line's bytes added, modulo 256
}

// Keys is the line as keys: AD, the address, DA, each byte and +.
func (l Line) Keys() string {
	var b strings.Builder
	fmt.Fprintf(&b, "AD %04X DA", l.Addr)
	for _, v := range l.Bytes {
		fmt.Fprintf(&b, " %02X +", v)
	}
	return b.String()
}

// Check is a cell to look at before GO and what it must hold.
type Check struct {
	Addr uint16
	Want byte
	Why  string
}

// Sheet is a whole key-in sheet.
type Sheet struct {
	Title  string
	Lines  []Line
	Checks []Check
	Bytes  int
	// Left names what is not keyed: cells the monitor itself uses while
	// it is keyed in.
	Left []string
}

// New lays the segments out in lines and adds the checks: each cell of
// check that a segment fills, with its byte (the MicroChess manual: "check
// locations 0100 and 0101 before executing the program"), then the
// vectors the monitor jumps through (the manual: ST enters the monitor
// with 17FA = 00, 17FB = 1C; the KIM-1 User Manual sets 17FE, 17FF the
// same way, so that BRK returns to the monitor), which a power-up leaves
// random.
func New(title string, segs []dump.Segment, check ...uint16) Sheet {
	s := Sheet{Title: title}
	for _, seg := range segs {
		s.Bytes += len(seg.Data)
		for i := 0; i < len(seg.Data); i += PerLine {
			l := Line{Addr: seg.Addr + uint16(i), Bytes: seg.Data[i:min(i+PerLine, len(seg.Data))]}
			for _, v := range l.Bytes {
				l.Sum += v
			}
			s.Lines = append(s.Lines, l)
		}
	}
	for _, a := range check {
		for _, seg := range segs {
			if a >= seg.Addr && int(a) < int(seg.Addr)+len(seg.Data) {
				s.Checks = append(s.Checks, Check{a, seg.Data[a-seg.Addr], "as keyed (the manual: check 0100 and 0101 before GO)"})
			}
		}
	}
	s.Checks = append(s.Checks,
		Check{0x17FA, 0x00, "NMI vector low: ST enters the monitor"},
		Check{0x17FB, 0x1C, "NMI vector high"},
		Check{0x17FE, 0x00, "IRQ/BRK vector low: BRK enters the monitor"},
		Check{0x17FF, 0x1C, "IRQ/BRK vector high"})
	return s
}

// WriteText writes the sheet as plain text.
func (s Sheet) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%d bytes, %d lines. Press RS first. Key each line; after its last +\n", s.Title, s.Bytes, len(s.Lines))
	fmt.Fprintf(&b, "the display shows the next address. Sum: the line's bytes added, modulo 100 hex.\n")
	for _, l := range s.Left {
		fmt.Fprintf(&b, "Not keyed: %s, which the monitor uses while you key.\n", l)
	}
	b.WriteString("\n")
	for _, l := range s.Lines {
		fmt.Fprintf(&b, "[ ] %-62s sum %02X\n", l.Keys(), l.Sum)
	}
	fmt.Fprintf(&b, "\nBefore GO, key AD and each address; the display must show:\n")
	for _, c := range s.Checks {
		fmt.Fprintf(&b, "[ ] %04X  %02X   %s\n", c.Addr, c.Want, c.Why)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

var page = template.Must(template.New("sheet").Funcs(template.FuncMap{
	"hex4": func(a uint16) string { return fmt.Sprintf("%04X", a) },
	"hex2": func(b byte) string { return fmt.Sprintf("%02X", b) },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}: key-in sheet</title>
<style>
body { font: 11pt/1.3 monospace; margin: 1.5cm; }
h1 { font-size: 14pt; }
table { border-collapse: collapse; }
td, th { border: 1px solid #888; padding: 1px 6px; text-align: left; }
tr { break-inside: avoid; }
td.box { width: 1.2em; }
@media print { body { margin: 1cm; } }
</style></head><body>
<h1>{{.Title}}</h1>
<p>{{.Bytes}} bytes in {{len .Lines}} lines. Press RS first. Key each line; after its last + the display shows the
next line's address. Sum: the line's bytes added, modulo 100 hex. Tick each line when keyed and checked.</p>
{{range .Left}}<p>Not keyed: {{.}}, which the monitor uses while you key.</p>
{{end}}
<table><tr><th></th><th>address</th><th>keys</th><th>sum</th></tr>
{{range .Lines}}<tr><td class="box">☐</td><td>{{hex4 .Addr}}</td><td>{{.Keys}}</td><td>{{hex2 .Sum}}</td></tr>
{{end}}</table>
<h2>Before GO</h2>
<p>Key AD and each address; the display must show the byte.</p>
<table><tr><th></th><th>address</th><th>byte</th><th>why</th></tr>
{{range .Checks}}<tr><td class="box">☐</td><td>{{hex4 .Addr}}</td><td>{{hex2 .Want}}</td><td>{{.Why}}</td></tr>
{{end}}</table>
</body></html>
`))

// WriteHTML writes the sheet as a printable HTML page.
func (s Sheet) WriteHTML(w io.Writer) error { return page.Execute(w, s) }
