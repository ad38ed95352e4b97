package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
)

var cmdTape = &Command{
	Name: "tape",
	UsageLine: `mchess tape write [options] -o OUT.wav FILE@ADDR:ID...
       mchess tape read [options] FILE.wav`,
	Short: "write KIM-1 cassette audio (WAV) from images, or read the records back from a recording",
	Long: `KIM-1 cassette audio, as the monitor's DUMPT writes it and LOADT (1873)
reads it, at normal speed or at Hypertape speed (six times faster); see
docs/cassette.md. Run 'mchess tape VERB -h' for a verb's options.`,
	Commands: []*Command{cmdTapeWrite, cmdTapeRead},
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

var cmdTapeWrite = &Command{
	Name:      "write",
	UsageLine: "mchess tape write [options] -o OUT.wav FILE@ADDR:ID...",
	Long: `Writes each image as a tape record, in order, to a mono WAV file to play into
a KIM-1's (or a PAL-1's) audio input: FILE's bytes load at ADDR (hex) with tape
ID ID (hex, 01–FE). For MicroChess:
  mchess tape write --speed hyper -o microchess.wav \
      build/microchess-c0.bin@0000:C0 build/microchess-c1.bin@1780:C1
On the KIM-1: AD 00F1 DA 00, AD 17F9 DA C0, AD 1873 GO, play (docs/cassette.md).`,
	New: func() options { return &tapeWriteOptions{opt: cassette.DefaultOptions()} },
}

type tapeWriteOptions struct {
	opt        cassette.Options
	out, speed string
	quiet      bool
}

func (o *tapeWriteOptions) flags(fs *flag.FlagSet) {
	opt := &o.opt
	fs.StringVar(&o.out, "o", "", "the WAV `file` to write (required)")
	fs.StringVar(&o.speed, "speed", "normal", "tape speed: normal (the monitor's DUMPT) or hyper (Hypertape, six times faster)")
	fs.IntVar(&opt.Rate, "rate", opt.Rate, "sample `rate` in Hz: 22050, 44100 or 48000")
	fs.IntVar(&opt.Bits, "bits", opt.Bits, "`bits` a sample: 8 or 16")
	fs.Var(seconds{&opt.Gap}, "gap", "silence between records (`seconds`, e.g. 5 or 2.5s), time to key the next ID and start LOADT")
	fs.Var(seconds{&opt.Leader}, "leader", "silence before the first record (`seconds`)")
	fs.BoolVar(&o.quiet, "q", false, "print nothing on success")
}

func (o *tapeWriteOptions) run(e *env, rest []string) error {
	if len(rest) == 0 || o.out == "" {
		return e.usage("want -o FILE.wav and a FILE at least")
	}
	opt := &o.opt
	var err error
	if opt.Speed, err = cassette.ParseSpeed(o.speed); err != nil {
		return failf(2, "mchess tape write: %v", err)
	}
	recs, err := tapeRecords(rest)
	if err != nil {
		return err
	}
	tp, err := cassette.Encode(recs, *opt)
	if err != nil {
		return failf(2, "mchess tape write: %v", err)
	}
	if err := atomicfile.Write(o.out, tp.WAV); err != nil {
		return failf(1, "mchess tape write: %v", err)
	}
	if o.quiet {
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: %s, %s Hz, %d-bit mono, plays %s\n", o.out, opt.Speed.Name(), thousands(opt.Rate), opt.Bits, cassette.Clock(tp.Duration))
	for i, r := range recs {
		s := tp.Spans[i]
		fmt.Fprintf(e.stdout, "  ID %02X  %04X–%04X  %6s bytes  checksum %04X  %s–%s\n",
			r.ID, r.Addr, r.Last(), thousands(len(r.Data)), r.Checksum(), cassette.Clock(s.Start), cassette.Clock(s.End))
	}
	return nil
}

// tapeRecords reads the records FILE@ADDR:ID... name.
func tapeRecords(specs []string) ([]cassette.Record, error) {
	var recs []cassette.Record
	for _, spec := range specs {
		file, addr, id, err := parseImageID(spec)
		if err != nil {
			return nil, failf(2, "mchess tape write: %v", err)
		}
		data, err := bounded.ReadFile(file, dump.ImageLimit)
		if err != nil {
			return nil, failf(1, "mchess tape write: %v", fileError(err))
		}
		if len(data) == 0 {
			return nil, failf(1, "mchess tape write: %s is empty", quote(file))
		}
		r := cassette.Record{ID: id, Addr: addr, Data: data}
		if err := r.Validate(); err != nil {
			return nil, failf(1, "mchess tape write: %s: %v", quote(spec), err)
		}
		recs = append(recs, r)
	}
	return recs, nil
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
