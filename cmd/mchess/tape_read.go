package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
)

// tapeRecord is a record in read's JSON report.
type tapeRecord struct {
	ID       string  `json:"id"`
	Start    string  `json:"start"`
	End      string  `json:"end"`
	Bytes    int     `json:"bytes"`
	OK       bool    `json:"ok"`
	Problem  string  `json:"problem,omitempty"`
	Checksum string  `json:"checksum"`
	TapeSum  string  `json:"tape_checksum,omitempty"`
	Speed    string  `json:"speed"`
	Pace     float64 `json:"pace"`
	From     float64 `json:"from_seconds"`
	To       float64 `json:"to_seconds"`
	File     string  `json:"file,omitempty"`
}

var cmdTapeRead = &Command{
	Name:      "read",
	UsageLine: "mchess tape read [options] FILE.wav",
	Long: `Reads the KIM-1 tape records in a recording (WAV: PCM of 8 to 32 bits or float,
mono or stereo, any common rate), at either speed, and prints each: ID, addresses,
bytes, checksum, speed and where it plays. The status is 1 when a record is bad or
none is found. With -o, the good records' bytes are written to BASE-IDxx.bin.`,
	New: func() options { return new(tapeReadOptions) },
}

type tapeReadOptions struct {
	asJSON, quiet bool
	base          string
	channel       int
}

func (o *tapeReadOptions) flags(fs *flag.FlagSet) {
	fs.BoolVar(&o.asJSON, "json", false, "print a machine-readable report")
	fs.StringVar(&o.base, "o", "", "write each good record's bytes to `BASE`-IDxx.bin (xx its ID)")
	fs.IntVar(&o.channel, "channel", 0, "read only this `channel` (1 is the first; 0: the one that reads best)")
	fs.BoolVar(&o.quiet, "q", false, "print nothing when every record is good")
}

func (o *tapeReadOptions) run(e *env, rest []string) error {
	if len(rest) != 1 {
		return e.usage("want one FILE, %s", given(rest))
	}
	file := rest[0]
	audio, res, err := o.decode(file)
	if err != nil {
		return err
	}
	recs, outputs := tapeReport(res, o.base)
	if len(outputs) > 0 {
		if err := atomicfile.WriteAll(outputs); err != nil {
			return failf(1, "mchess tape read: %v", err)
		}
	}
	if o.quiet && res.Good() == len(res.Records) {
		return nil
	}
	if o.asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(struct {
			File     string       `json:"file"`
			Rate     int          `json:"rate"`
			Encoding string       `json:"encoding"`
			Channels int          `json:"channels"`
			Channel  int          `json:"channel"`
			Seconds  float64      `json:"seconds"`
			Good     int          `json:"good"`
			Records  []tapeRecord `json:"records"`
		}{file, audio.Rate, audio.Encoding(), audio.NumChannels(), res.Channel + 1, audio.Duration().Seconds(), res.Good(), recs})
	} else {
		o.print(e.stdout, file, audio, res, recs, outputs)
	}
	if res.Good() < len(res.Records) {
		return exit(1)
	}
	return nil
}

// decode reads the recording and decodes its records.
func (o *tapeReadOptions) decode(file string) (*cassette.Audio, *cassette.Result, error) {
	data, err := bounded.ReadFile(file, cassette.WAVLimit)
	if err != nil {
		return nil, nil, failf(1, "mchess tape read: %v", fileError(err))
	}
	audio, err := cassette.ReadWAV(data)
	if err != nil {
		return nil, nil, failf(1, "mchess tape read: %s: %v", quote(file), err)
	}
	if o.channel < 0 || o.channel > audio.NumChannels() {
		return nil, nil, failf(2, "mchess tape read: %s has %d channel(s), no channel %d", quote(file), audio.NumChannels(), o.channel)
	}
	var res *cassette.Result
	if o.channel > 0 {
		res, err = cassette.DecodeChannel(audio, o.channel-1)
	} else {
		res, err = cassette.Decode(audio)
	}
	if err != nil {
		return nil, nil, failf(1, "mchess tape read: %s: %v", quote(file), err)
	}
	if len(res.Records) == 0 {
		return nil, nil, failf(1, "mchess tape read: no KIM-1 tape found in %s", quote(file))
	}
	return audio, res, nil
}

// print prints the records as text.
func (o *tapeReadOptions) print(stdout io.Writer, file string, audio *cassette.Audio, res *cassette.Result, recs []tapeRecord, outputs []atomicfile.File) {
	chans := "mono"
	if n := audio.NumChannels(); n > 1 || o.channel > 0 {
		chans = fmt.Sprintf("channel %d", res.Channel+1)
	}
	fmt.Fprintf(stdout, "%s: %s Hz, %s, %s, %s\n", file, thousands(audio.Rate), audio.Encoding(), chans, cassette.Clock(audio.Duration()))
	for _, r := range recs {
		pace := math.Round(1000*(r.Pace-1)) / 10 // in %, and never −0.0
		if pace == 0 {
			pace = 0
		}
		status := "checksum " + r.Checksum + " ok"
		if !r.OK {
			status = "BAD: " + r.Problem
		}
		fmt.Fprintf(stdout, "  ID %s  %s–%s  %6s bytes  %-10s %+5.1f%%  %s–%s  %s\n", r.ID, r.Start, r.End, thousands(r.Bytes),
			r.Speed, pace, cassette.Clock(seconds2(r.From)), cassette.Clock(seconds2(r.To)), status)
	}
	fmt.Fprintf(stdout, "%d record(s), %d good", len(recs), res.Good())
	if len(outputs) > 0 {
		var names []string
		for _, o := range outputs {
			names = append(names, o.Path)
		}
		fmt.Fprintf(stdout, "; wrote %s", strings.Join(names, " "))
	}
	fmt.Fprintln(stdout)
}

func seconds2(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// tapeReport gives the records as reported, and the files of the good
// ones when base is set: BASE-IDxx.bin, with -2, -3… for a second record
// of the same ID that differs from the first (a copy that is the same is
// written once).
func tapeReport(res *cassette.Result, base string) ([]tapeRecord, []atomicfile.File) {
	var recs []tapeRecord
	var outputs []atomicfile.File
	written := map[byte][]cassette.Found{}
	for _, f := range res.Records {
		r := tapeRecord{
			ID: fmt.Sprintf("%02X", f.ID), Start: fmt.Sprintf("%04X", f.Addr), End: fmt.Sprintf("%04X", f.Last()),
			Bytes: len(f.Data), OK: f.OK, Problem: f.Problem, Checksum: fmt.Sprintf("%04X", f.Sum),
			Speed: f.Speed.String(), Pace: f.Pace, From: f.Start.Seconds(), To: f.End.Seconds(),
		}
		if f.SumRead {
			r.TapeSum = fmt.Sprintf("%04X", f.TapeSum)
		}
		if !f.HeaderRead {
			r.Start, r.End = "????", "????"
		}
		if base != "" && f.OK {
			dup := false
			for _, g := range written[f.ID] {
				dup = dup || g.Addr == f.Addr && bytes.Equal(g.Data, f.Data)
			}
			if !dup {
				name := fmt.Sprintf("%s-ID%02X.bin", base, f.ID)
				if n := len(written[f.ID]); n > 0 {
					name = fmt.Sprintf("%s-ID%02X-%d.bin", base, f.ID, n+1)
				}
				written[f.ID] = append(written[f.ID], f)
				outputs = append(outputs, atomicfile.File{Path: name, Data: f.Data})
				r.File = name
			}
		}
		recs = append(recs, r)
	}
	return recs, outputs
}
