package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/bounded"
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

// dumpError is the error printDumpError prints, as a run's error with
// its exit status (exitFor).
func dumpError(cmd string, err error) error {
	var at *positionedError
	if errors.As(err, &at) {
		return exitError{exitFor(err), err}
	}
	return failf(exitFor(err), "%s: %v", cmd, err)
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
	return &dumpRead{File: file, Format: format, Bytes: dump.Size(segs), segs: segs, Ranges: verify.SegmentRanges(segs)}
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
