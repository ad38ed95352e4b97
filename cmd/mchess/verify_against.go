package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/verify"
)

// dumpRead is a dump as verify --against read it: its bytes, and for a
// recording the records read.
type dumpRead struct {
	File    string         `json:"file"`
	Format  string         `json:"format"`
	Bytes   int            `json:"bytes"`
	Ranges  []verify.Range `json:"ranges"`
	Records []tapeRecord   `json:"records,omitempty"` // a recording's, good and bad
	Skipped []string       `json:"skipped,omitempty"` // records not used, and why
	segs    []dump.Segment
}

// readAgainst reads DUMP for verify --against (readDump); status is 0, or
// what to exit with after the message it printed.
func readAgainst(name string, stderr io.Writer) (*dumpRead, int) {
	d, err := readDump(name)
	if err != nil {
		printDumpError(stderr, "mchess verify", err)
		return nil, exitFor(err)
	}
	return d, 0
}

// printDumpError prints an error of readDump after the command's name, or
// as it is when it gives its own file:line:col.
func printDumpError(w io.Writer, cmd string, err error) {
	var at *positionedError
	if errors.As(err, &at) {
		fmt.Fprintln(w, err)
		return
	}
	fmt.Fprintf(w, "%s: %v\n", cmd, err)
}

// positionedError is a reader's error that names its file, line and
// column itself.
type positionedError struct{ error }

func (e *positionedError) Unwrap() error { return e.error }

// readDump reads a dump as convert does (FILE, FILE@ADDR for a raw
// binary: paper tape, Intel HEX, S-records, .kim, told by the extension
// or the content), or a cassette recording (.wav): how verify --against
// and every --load read a dump.
func readDump(name string) (*dumpRead, error) {
	path, _, hasAddr, err := dump.SplitName(name)
	if err != nil {
		return nil, usagef("%v", err)
	}
	_, known := dump.FormatOf(path)
	limit := dump.FileLimit
	if strings.EqualFold(filepath.Ext(path), ".wav") || !known && !hasAddr {
		limit = cassette.WAVLimit // perhaps a recording: RIFF tells below
	}
	data, err := bounded.ReadFile(path, limit)
	if err != nil {
		return nil, fileError(err)
	}
	if strings.EqualFold(filepath.Ext(path), ".wav") || !known && !hasAddr && bytes.HasPrefix(data, []byte("RIFF")) {
		if hasAddr {
			return nil, usagef("%s: a cassette recording holds its own addresses: @ADDR is for raw binaries", quote(name))
		}
		return readRecording(path, data)
	}
	d, err := dump.ReadDump(name, data)
	var nameErr *dump.NameError
	switch {
	case errors.As(err, &nameErr):
		hint := ""
		if _, sniffed := dump.Sniff(data); !known && !hasAddr && !sniffed {
			hint = "; or a .wav cassette recording"
		}
		return nil, usagef("%v%s", err, hint)
	case err != nil:
		return nil, &positionedError{err} // with its position, as the reader gives it
	case len(d.Segments) == 0:
		return nil, fmt.Errorf("%s holds no data: nothing to compare", quote(path))
	}
	format := dump.Describe(d.Format)
	if d.HasID {
		format += fmt.Sprintf(", tape ID %02X", d.ID)
	}
	return newDumpRead(path, format, d.Segments), nil
}

func newDumpRead(file, format string, segs []dump.Segment) *dumpRead {
	r := &dumpRead{File: file, Format: format, Bytes: dump.Size(segs), segs: segs, Ranges: []verify.Range{}}
	for _, s := range segs {
		r.Ranges = append(r.Ranges, verify.Range{Start: fmt.Sprintf("%04X", s.Addr), End: fmt.Sprintf("%04X", s.End()-1)})
	}
	return r
}

// readRecording decodes a KIM-1 cassette recording and keeps the records
// whose checksum is good; a later record over the addresses of one kept
// is skipped too (a second take of the same record, usually).
func readRecording(path string, data []byte) (*dumpRead, error) {
	audio, err := cassette.ReadWAV(data)
	if err == nil {
		var res *cassette.Result
		if res, err = cassette.Decode(audio); err == nil {
			return recordingDump(path, res)
		}
	}
	return nil, fmt.Errorf("%s: %v", quote(path), err)
}

func recordingDump(path string, res *cassette.Result) (*dumpRead, error) {
	if len(res.Records) == 0 {
		return nil, fmt.Errorf("no KIM-1 tape found in %s", quote(path))
	}
	recs, _ := tapeReport(res, "")
	var kept []cassette.Found
	var skipped []string
	for i, f := range res.Records {
		r := recs[i]
		at := fmt.Sprintf("ID %s %s–%s at %.1f–%.1f s", r.ID, r.Start, r.End, r.From, r.To)
		if !f.OK {
			skipped = append(skipped, fmt.Sprintf("%s: bad record: %s", at, r.Problem))
			continue
		}
		over := -1
		for j, k := range kept {
			if int(f.Addr) < k.Record.End() && int(k.Addr) < f.Record.End() {
				over = j
				break
			}
		}
		if over >= 0 {
			k := kept[over]
			same := "with other bytes"
			if k.Addr == f.Addr && bytes.Equal(k.Data, f.Data) {
				same = "an identical copy"
			}
			skipped = append(skipped, fmt.Sprintf("%s: over the record ID %02X at %.1f s (%s)", at, k.ID, k.Start.Seconds(), same))
			continue
		}
		kept = append(kept, f)
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("%s: no good record:\n  %s", quote(path), strings.Join(skipped, "\n  "))
	}
	var segs []dump.Segment
	for _, k := range kept {
		segs = append(segs, dump.Segment{Addr: k.Addr, Data: k.Data})
	}
	sort.Slice(segs, func(i, j int) bool { return segs[i].Addr < segs[j].Addr })
	d := newDumpRead(path, fmt.Sprintf("KIM-1 cassette recording, %d of %d record(s) good", res.Good(), len(res.Records)), segs)
	d.Records, d.Skipped = recs, skipped
	return d, nil
}

// against is the whole comparison, as --json prints it.
type against struct {
	OK      bool                  `json:"ok"`
	Summary string                `json:"summary"`
	Verdict string                `json:"verdict"` // the closest build's key; "" when none shares a byte
	Dump    *dumpRead             `json:"dump"`
	Builds  []againstRow          `json:"builds"`
	Closest *verify.AgainstReport `json:"closest"` // the 1977 program's when none is closest
}

// againstRow is one build's count, for the table of builds.
type againstRow struct {
	Build       string `json:"build"`
	Key         string `json:"key"`
	SourceBytes int    `json:"source_bytes"`
	Differ      int    `json:"differ"`
}

// verifyAgainst compares a dump with every build the toolchain makes.
func verifyAgainst(name string, asJSON bool, stdout, stderr io.Writer) int {
	d, status := readAgainst(name, stderr)
	if d == nil {
		return status
	}
	cands, blocks, err := againstCandidates()
	if err != nil {
		fmt.Fprintln(stderr, "mchess verify:", fileError(err))
		return 1
	}
	// A dump of the book area alone is an opening block: the blocks come
	// first, so that the Giuoco Piano is named as the block it is, not as
	// the 1977 program that carries it.
	if bookOnly(d.segs) {
		cands = slices.Concat(blocks, cands)
	}
	reps := make([]verify.AgainstReport, len(cands))
	a := &against{Dump: d, Builds: []againstRow{}}
	for i, c := range cands {
		reps[i] = verify.Against(d.segs, c)
		a.Builds = append(a.Builds, againstRow{c.Name, c.Key, reps[i].SourceBytes, len(reps[i].Differences)})
	}
	best := verify.Closest(reps)
	if best < 0 {
		// Still show where the dump lies against the 1977 program.
		a.Closest = byKey(reps, "1977")
		a.Summary = "nothing to compare: the dump holds none of the bytes the sources define"
	} else {
		a.Closest, a.Verdict, a.OK = &reps[best], reps[best].Key, reps[best].Same()
		a.Summary = summary(d, reps, best, blocks)
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(a); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	} else {
		writeAgainst(stdout, a)
	}
	if !a.OK {
		return 1
	}
	return 0
}

// againstCandidates are the program builds, in the order a tie is
// decided, and the opening blocks compiled from src/openings: all from
// the proven sources, since a dump is identified as one of the documents'
// programs, whatever the working directory holds.
func againstCandidates() (progs, blocks []verify.Candidate, err error) {
	builds, err := microchess.Candidates(microchess.Proven)
	if err != nil {
		return nil, nil, err
	}
	for _, b := range builds {
		base := b.Base
		syms := verify.NewSymbols(b.Images, b.Programs...).Or(verify.NewSymbols(base.Images, base.Code))
		progs = append(progs, verify.Candidate{Name: b.Name, Key: b.Key, Images: b.Images, Symbols: syms, Residue: b.Residue, Area: base.ResidueName})
	}
	files, err := microchess.Proven.Glob(microchess.OpeningsDir + "/*.book")
	if err != nil {
		return nil, nil, err
	}
	// A block's bytes are named by the 1977 program's labels (.OPNING-n).
	syms := progs[0].Symbols
	for _, f := range files {
		text, err := microchess.Proven.ReadFile(f, openings.BookLimit)
		if err != nil {
			return nil, nil, err
		}
		book, err := openings.Compile(f, text)
		if err != nil {
			return nil, nil, err
		}
		key := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		side := strings.ToUpper(openings.ColorName(book.Computer)[:1]) + openings.ColorName(book.Computer)[1:]
		blocks = append(blocks, verify.Candidate{
			Name:   fmt.Sprintf("the %s block, computer %s, tape ID %02X", book.Opening, side, book.Tape),
			Key:    "opening:" + key,
			Images: []*linker.Image{book.Image(f, key)}, Symbols: syms,
		})
	}
	return progs, blocks, nil
}

// bookOnly tells whether a dump holds nothing but the opening block's
// addresses, 00C0–00DB.
func bookOnly(segs []dump.Segment) bool {
	for _, s := range segs {
		if int(s.Addr) < microchess.BookStart || s.End() > microchess.BookStart+microchess.BookSize {
			return false
		}
	}
	return len(segs) > 0
}

// bookPart is what a dump holds of 00C0–00DB.
func bookPart(segs []dump.Segment) []dump.Segment {
	var out []dump.Segment
	lo, end := microchess.BookStart, microchess.BookStart+microchess.BookSize
	for _, s := range segs {
		a, b := max(int(s.Addr), lo), min(s.End(), end)
		if a < b {
			out = append(out, dump.Segment{Addr: uint16(a), Data: s.Data[a-int(s.Addr) : b-int(s.Addr)]})
		}
	}
	return out
}

// summary is the verdict in one line.
func summary(d *dumpRead, reps []verify.AgainstReport, best int, blocks []verify.Candidate) string {
	r := &reps[best]
	var s string
	if r.Same() {
		s = fmt.Sprintf("%s: identical in all %d bytes its source defines that the dump holds", r.Build, r.SourceBytes)
		if c := byKey(reps, "1977"); strings.HasPrefix(r.Key, "opening:") && c != nil && c.Same() {
			s += " (the block the 1977 program carries)"
		}
	} else {
		s = fmt.Sprintf("differs: closest is %s: %d of the %d bytes its source defines that the dump holds differ, at %s",
			r.Build, len(r.Differences), r.SourceBytes, rangeList(r.DifferenceRuns, 8))
	}
	if r.Partial() {
		s += fmt.Sprintf("; only part of it: the dump covers %s, %d of the %d bytes its source defines", rangeList(d.Ranges, 8), r.SourceBytes, r.SourceTotal)
	}
	if r.Same() {
		s += residueNote(r, byKey(reps, "clean"))
	} else if note := otherBlock(d, r, blocks); note != "" {
		s += "; " + note
	}
	return s
}

// residueNote says whether the bytes no source defines are the build's
// too: the published listing's, or zero as the program alone has them.
func residueNote(r, clean *verify.AgainstReport) string {
	n, k := r.ResidueBytes, len(r.ResidueDifferences)
	switch {
	case n == 0:
		return ""
	case k == 0 && r.Key == "clean":
		return fmt.Sprintf("; its %d residue bytes are zero, as the program built without residue has them", n)
	case k == 0:
		return fmt.Sprintf("; its %d residue bytes (board, variables, stack, unused) match the published hex listing too", n)
	case clean != nil && r.Key != "clean" && clean.ResidueBytes > 0 && len(clean.ResidueDifferences) == 0:
		return fmt.Sprintf("; its %d residue bytes are zero, as the program built without residue has them", clean.ResidueBytes)
	}
	return fmt.Sprintf("; %d of its %d residue bytes (board, variables, stack, unused) differ from the published hex listing: the state it was dumped in, not counted", k, n)
}

// otherBlock names the opening block a program's dump holds when that is
// all that differs: the program with another opening loaded.
func otherBlock(d *dumpRead, r *verify.AgainstReport, blocks []verify.Candidate) string {
	if strings.HasPrefix(r.Key, "opening:") || strings.HasPrefix(r.Key, "stone") {
		return ""
	}
	for _, x := range r.Differences {
		if !inBook(x.Address) {
			return ""
		}
	}
	book := bookPart(d.segs)
	if dump.Size(book) != microchess.BookSize {
		return ""
	}
	for _, b := range blocks {
		if rep := verify.Against(book, b); rep.Same() {
			return fmt.Sprintf("00C0–00DB is %s: the program with another opening loaded", b.Name)
		}
	}
	return ""
}

func inBook(addr string) bool {
	var a int
	fmt.Sscanf(addr, "%X", &a)
	return a >= microchess.BookStart && a < microchess.BookStart+microchess.BookSize
}

func byKey(reps []verify.AgainstReport, key string) *verify.AgainstReport {
	for i := range reps {
		if reps[i].Key == key {
			return &reps[i]
		}
	}
	return nil
}

// rangeList prints ranges as 0009, 0100–0101, at most n of them.
func rangeList(rs []verify.Range, n int) string {
	var out []string
	for i, r := range rs {
		if i == n {
			out = append(out, fmt.Sprintf("and %d more ranges", len(rs)-n))
			break
		}
		if r.Start == r.End {
			out = append(out, r.Start)
		} else {
			out = append(out, r.Start+"–"+r.End)
		}
	}
	return strings.Join(out, ", ")
}

// shownResidue is how many residue bytes the text lists; --json has all.
const shownResidue = 8

// writeAgainst prints the comparison for people.
func writeAgainst(w io.Writer, a *against) {
	d := a.Dump
	fmt.Fprintf(w, "%s: %s, %s bytes: %s\n", d.File, d.Format, thousands(d.Bytes), rangeList(d.Ranges, len(d.Ranges)))
	for _, s := range d.Skipped {
		fmt.Fprintf(w, "  skipped %s\n", s)
	}
	fmt.Fprintln(w, "builds compared: of the bytes each one's source defines that the dump holds, how many differ")
	for _, b := range a.Builds {
		fmt.Fprintf(w, "  %-64s %4d of %d\n", b.Build, b.Differ, b.SourceBytes)
	}
	if r := a.Closest; r != nil {
		if a.Verdict == "" {
			fmt.Fprintf(w, "against %s:\n", r.Build)
		} else {
			fmt.Fprintf(w, "closest: %s\n", r.Build)
		}
		at := 0
		for _, run := range r.DifferenceRuns {
			var lo, hi int
			fmt.Sscanf(run.Start, "%X", &lo)
			fmt.Sscanf(run.End, "%X", &hi)
			n, indent := hi-lo+1, "  "
			if n > 4 {
				fmt.Fprintf(w, "  DIFFER %s–%s: %d bytes\n", run.Start, run.End, n)
				indent = "    "
			}
			for i, x := range r.Differences[at : at+n] {
				if n > 4 && i == 3 {
					fmt.Fprintf(w, "%s... and %d more (--json lists them all)\n", indent, n-3)
					break
				}
				fmt.Fprintf(w, "%sDIFFER %s: dump %s, build %s  %s\n", indent, x.Address, x.Dump, x.Build, sourceOf(x))
			}
			at += n
		}
		if k := len(r.ResidueDifferences); k > 0 {
			fmt.Fprintf(w, "  residue: %d of the %d bytes no source defines differ from the build's (not counted)\n", k, r.ResidueBytes)
			for i, x := range r.ResidueDifferences {
				if i == shownResidue && k > shownResidue+1 {
					fmt.Fprintf(w, "    ... and %d more (--json lists them all)\n", k-i)
					break
				}
				fmt.Fprintf(w, "    %s: dump %s, build %s  %s\n", x.Address, x.Dump, x.Build, x.Area)
			}
		}
		if len(r.NotInDump) > 0 {
			none := ""
			if !r.Partial() {
				none = " (none of them a byte the source defines)"
			}
			fmt.Fprintf(w, "  not in the dump: %s%s\n", rangeList(r.NotInDump, len(r.NotInDump)), none)
		}
		if len(r.NothingHere) > 0 {
			fmt.Fprintf(w, "  the build has nothing here: %s\n", rangeList(r.NothingHere, len(r.NothingHere)))
		}
	}
	fmt.Fprintf(w, "verdict: %s\n", a.Summary)
}

// sourceOf is where a differing byte comes from: file:line:col (statement
// n, LABEL+n) and the statement.
func sourceOf(x verify.DumpByte) string {
	var in []string
	if x.Statement > 0 {
		in = append(in, fmt.Sprintf("statement %d", x.Statement))
	}
	if x.Symbol != "" {
		in = append(in, x.Symbol)
	}
	if x.Reconstructed {
		in = append(in, "reconstructed")
	}
	s := x.Pos
	if len(in) > 0 {
		s += " (" + strings.Join(in, ", ") + ")"
	}
	return s + "  " + strings.Join(strings.Fields(x.Source), " ")
}
