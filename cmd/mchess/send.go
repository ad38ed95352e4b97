package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/sender"
)

var cmdSend = &Command{
	Name:      "send",
	UsageLine: "mchess send [options] DEVICE FILE...",
	Short:     "send a program to a KIM-1's teletype line: a paper tape for L, or typed in",
	Long: `Sends FILE (a paper tape, a binary FILE@ADDR, Intel HEX, S-records, a WAV... any dump
mchess reads) to the KIM-1 on the serial port DEVICE (e.g. /dev/ttyUSB0), as a paper
tape for the monitor's L command (type L first, or give --l), paced for its
bit-banged loader; or, with --keys, typed in through the monitor's commands
(address SPACE, byte '.'), after RS. The monitor's own page-zero cells and stack
are left out (said on stderr). See docs/kim1.md "Sending to a board".`,
	New: func() options { return &sendOptions{p: sender.DefaultPacing} },
}

// sendSleep is time.Sleep; tests shorten nothing (the pacing is the point).
var sendSleep = time.Sleep

type sendOptions struct {
	baud               int
	p                  sender.Pacing
	keys, sendL, quiet bool
}

func (o *sendOptions) flags(fs *flag.FlagSet) {
	p := &o.p
	fs.IntVar(&o.baud, "baud", 2400, "the line's `baud` rate")
	fs.DurationVar(&p.CharDelay, "char-delay", p.CharDelay, "wait after each character")
	fs.DurationVar(&p.LineDelay, "line-delay", p.LineDelay, "wait after each line")
	fs.IntVar(&p.NULs, "nuls", p.NULs, "NULs after each record's line end")
	fs.BoolVar(&o.keys, "keys", false, "type the bytes in through the monitor's commands instead of sending a paper tape")
	fs.BoolVar(&o.sendL, "l", false, "send the L command before the tape")
	fs.BoolVar(&o.quiet, "q", false, "print nothing on success")
}

func (o *sendOptions) run(e *env, rest []string) error {
	if len(rest) < 2 {
		return e.usage("want a DEVICE and a FILE at least, %s", given(rest))
	}
	if rest[0] == "" {
		return e.usage("the DEVICE is empty: want a serial port, e.g. /dev/ttyUSB0")
	}
	p := o.p
	if p.CharDelay < 0 || p.LineDelay < 0 || p.NULs < 0 || p.NULs > 100 {
		return failf(2, "mchess send: delays cannot be negative, and --nuls is 0 to 100")
	}
	device := rest[0]
	kept, left, err := readForLoading("mchess send", rest[1:], e.stderr)
	if err != nil {
		return err
	}
	for _, l := range left {
		fmt.Fprintf(e.stderr, "mchess send: leaving out %s: the monitor uses it while it loads\n", l)
	}
	var chunks []sender.Chunk
	if o.keys {
		chunks = sender.Keys(kept, o.baud, p)
	} else {
		var tape []byte
		tape, err = dump.WritePaperTape(kept)
		if err != nil {
			return failf(1, "mchess send: %v", err)
		}
		if o.sendL {
			tape = append([]byte("L"), tape...)
		}
		chunks = sender.PaperTape(tape, p)
	}
	port, err := sender.OpenPort(device, o.baud)
	if err != nil {
		return failf(1, "mchess send: %v", err)
	}
	defer port.Close()
	if !o.quiet {
		fmt.Fprintf(e.stdout, "sending %d bytes to %s at %d baud, about %s\n", dump.Size(kept), device, o.baud, sender.Duration(chunks, p.CharDelay).Round(time.Second))
	}
	if err := sender.Write(port, chunks, p.CharDelay, sendSleep); err != nil {
		return failf(1, "mchess send: %s: %v", device, err)
	}
	return nil
}

// readForLoading reads the dumps a person will load through the monitor,
// refuses them if they hold bytes for its ROM or I/O (checkLoadable),
// warns on stderr of bytes outside the stock board's memory, and leaves out
// the monitor's own workspace (kept, and what was left out).
func readForLoading(who string, names []string, stderr io.Writer) (kept []dump.Segment, left []string, err error) {
	var segs []dump.Segment
	for _, name := range names {
		d, err := readDump(name)
		if err != nil {
			return nil, nil, failf(exitFor(err), "%s: %v", who, err)
		}
		segs = append(segs, d.segs...)
	}
	warnings, err := checkLoadable(segs)
	if err != nil {
		return nil, nil, failf(1, "%s: %v", who, err)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "%s: warning: %s\n", who, w)
	}
	var res []sender.Reserved
	for _, r := range memmap.LoaderWorkspace {
		res = append(res, sender.Reserved{What: r.What, Start: r.Start, End: r.End})
	}
	kept, left = sender.LeaveOut(segs, res)
	return kept, left, nil
}
