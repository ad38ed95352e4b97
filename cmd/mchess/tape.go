package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
)

func init() {
	register("tape", "write KIM-1 cassette audio (WAV) from images, or read the records back from a recording", tapeMain)
}

func tapeMain(args []string, stdout, stderr io.Writer) int {
	return runVerb("tape", []string{
		"usage: mchess tape write [options] -o OUT.wav FILE@ADDR:ID...",
		"       mchess tape read [options] FILE.wav",
		"\nKIM-1 cassette audio, as the monitor's DUMPT writes it and LOADT (1873)",
		"reads it, at normal speed or at Hypertape speed (six times faster); see",
		"docs/cassette.md. Run 'mchess tape VERB -h' for a verb's options.",
	}, []verb{{"write", tapeWrite}, {"read", tapeRead}}, args, stdout, stderr)
}

// seconds is a duration flag that also takes a bare number of seconds.
type seconds struct{ d *time.Duration }

func (s seconds) String() string {
	if s.d == nil {
		return ""
	}
	return s.d.String()
}

func (s seconds) Set(text string) error {
	d, err := time.ParseDuration(text)
	if err != nil {
		v, err2 := strconv.ParseFloat(text, 64)
		if err2 != nil {
			return fmt.Errorf("want seconds, e.g. 5 or 2.5s or 500ms")
		}
		d = time.Duration(v * float64(time.Second))
	}
	if d < 0 || d > time.Hour {
		return fmt.Errorf("want from 0 to an hour")
	}
	*s.d = d
	return nil
}

func tapeWrite(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess tape write", stderr,
		"usage: mchess tape write [options] -o OUT.wav FILE@ADDR:ID...",
		"\nWrites each image as a tape record, in order, to a mono WAV file to play into",
		"a KIM-1's (or a PAL-1's) audio input: FILE's bytes load at ADDR (hex) with tape",
		"ID ID (hex, 01–FE). For MicroChess:",
		"  mchess tape write --speed hyper -o microchess.wav \\",
		"      build/microchess-c0.bin@0000:C0 build/microchess-c1.bin@1780:C1",
		"On the KIM-1: AD 00F1 DA 00, AD 17F9 DA C0, AD 1873 GO, play (docs/cassette.md).")
	opt := cassette.DefaultOptions()
	out := fs.String("o", "", "the WAV `file` to write (required)")
	speed := fs.String("speed", "normal", "tape speed: normal (the monitor's DUMPT) or hyper (Hypertape, six times faster)")
	fs.IntVar(&opt.Rate, "rate", opt.Rate, "sample `rate` in Hz: 22050, 44100 or 48000")
	fs.IntVar(&opt.Bits, "bits", opt.Bits, "`bits` a sample: 8 or 16")
	fs.Var(seconds{&opt.Gap}, "gap", "silence between records (`seconds`, e.g. 5 or 2.5s), time to key the next ID and start LOADT")
	fs.Var(seconds{&opt.Leader}, "leader", "silence before the first record (`seconds`)")
	quietWrite := fs.Bool("q", false, "print nothing on success")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) == 0 || *out == "" {
		fs.Usage()
		return 2
	}
	if opt.Speed, err = cassette.ParseSpeed(*speed); err != nil {
		fmt.Fprintln(stderr, "mchess tape write:", err)
		return 2
	}
	var recs []cassette.Record
	for _, spec := range rest {
		file, addr, id, err := parseImageID(spec)
		if err != nil {
			fmt.Fprintln(stderr, "mchess tape write:", err)
			return 2
		}
		data, err := bounded.ReadFile(file, dump.ImageLimit)
		if err != nil {
			fmt.Fprintln(stderr, "mchess tape write:", fileError(err))
			return 1
		}
		if len(data) == 0 {
			fmt.Fprintf(stderr, "mchess tape write: %s is empty\n", quote(file))
			return 1
		}
		r := cassette.Record{ID: id, Addr: addr, Data: data}
		if err := r.Validate(); err != nil {
			fmt.Fprintf(stderr, "mchess tape write: %s: %v\n", quote(spec), err)
			return 1
		}
		recs = append(recs, r)
	}
	tp, err := cassette.Encode(recs, opt)
	if err != nil {
		fmt.Fprintln(stderr, "mchess tape write:", err)
		return 2
	}
	if err := atomicfile.Write(*out, tp.WAV); err != nil {
		fmt.Fprintln(stderr, "mchess tape write:", err)
		return 1
	}
	if *quietWrite {
		return 0
	}
	fmt.Fprintf(stdout, "%s: %s, %s Hz, %d-bit mono, plays %s\n", *out, opt.Speed.Name(), thousands(opt.Rate), opt.Bits, cassette.Clock(tp.Duration))
	for i, r := range recs {
		s := tp.Spans[i]
		fmt.Fprintf(stdout, "  ID %02X  %04X–%04X  %6s bytes  checksum %04X  %s–%s\n",
			r.ID, r.Addr, r.Last(), thousands(len(r.Data)), r.Checksum(), cassette.Clock(s.Start), cassette.Clock(s.End))
	}
	return 0
}

// parseImageID reads FILE@ADDR:ID: the ID after the last colon, the
// address after the last @ before it.
func parseImageID(spec string) (file string, addr uint16, id byte, err error) {
	i := strings.LastIndex(spec, ":")
	if i < 0 || i < strings.LastIndex(spec, "@") {
		return "", 0, 0, fmt.Errorf("%s: want FILE@ADDR:ID, e.g. prog.bin@0200:01", quote(spec))
	}
	v, perr := strconv.ParseUint(strings.TrimPrefix(strings.TrimPrefix(spec[i+1:], "$"), "0x"), 16, 8)
	if perr != nil {
		return "", 0, 0, fmt.Errorf("%s: bad tape ID %s: want two hex digits, 01–FE", quote(spec), quote(spec[i+1:]))
	}
	if err := cassette.CheckID(byte(v)); err != nil {
		return "", 0, 0, fmt.Errorf("%s: %v", quote(spec), err)
	}
	file, addr, err = parseLoad(spec[:i])
	return file, addr, byte(v), err
}

// thousands writes a number with thousands separated by commas.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

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

func tapeRead(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess tape read", stderr,
		"usage: mchess tape read [options] FILE.wav",
		"\nReads the KIM-1 tape records in a recording (WAV: PCM of 8 to 32 bits or float,",
		"mono or stereo, any common rate), at either speed, and prints each: ID, addresses,",
		"bytes, checksum, speed and where it plays. The status is 1 when a record is bad or",
		"none is found. With -o, the good records' bytes are written to BASE-IDxx.bin.")
	asJSON := fs.Bool("json", false, "print a machine-readable report")
	base := fs.String("o", "", "write each good record's bytes to `BASE`-IDxx.bin (xx its ID)")
	channel := fs.Int("channel", 0, "read only this `channel` (1 is the first; 0: the one that reads best)")
	quiet := fs.Bool("q", false, "print nothing when every record is good")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 1 {
		fs.Usage()
		return 2
	}
	file := rest[0]
	data, err := bounded.ReadFile(file, cassette.WAVLimit)
	if err != nil {
		fmt.Fprintln(stderr, "mchess tape read:", fileError(err))
		return 1
	}
	audio, err := cassette.ReadWAV(data)
	if err != nil {
		fmt.Fprintf(stderr, "mchess tape read: %s: %v\n", quote(file), err)
		return 1
	}
	if *channel < 0 || *channel > audio.NumChannels() {
		fmt.Fprintf(stderr, "mchess tape read: %s has %d channel(s), no channel %d\n", quote(file), audio.NumChannels(), *channel)
		return 2
	}
	var res *cassette.Result
	if *channel > 0 {
		res, err = cassette.DecodeChannel(audio, *channel-1)
	} else {
		res, err = cassette.Decode(audio)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mchess tape read: %s: %v\n", quote(file), err)
		return 1
	}
	if len(res.Records) == 0 {
		fmt.Fprintf(stderr, "mchess tape read: no KIM-1 tape found in %s\n", quote(file))
		return 1
	}
	recs, outputs := tapeReport(res, *base)
	if len(outputs) > 0 {
		if err := atomicfile.WriteAll(outputs); err != nil {
			fmt.Fprintln(stderr, "mchess tape read:", err)
			return 1
		}
	}
	if *quiet && res.Good() == len(res.Records) {
		return 0
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
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
		chans := "mono"
		if n := audio.NumChannels(); n > 1 || *channel > 0 {
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
	if res.Good() < len(res.Records) {
		return 1
	}
	return 0
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
