package main

import (
	"fmt"
	"io"
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
