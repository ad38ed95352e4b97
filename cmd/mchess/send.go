package main

import (
	"fmt"
	"io"
	"time"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/sender"
)

func init() {
	register("send", "send a program to a KIM-1's teletype line: a paper tape for L, or typed in", sendMain)
}

// sendSleep is time.Sleep; tests shorten nothing (the pacing is the point).
var sendSleep = time.Sleep

func sendMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess send", stderr,
		"usage: mchess send [options] DEVICE FILE...",
		"\nSends FILE (a paper tape, a binary FILE@ADDR, Intel HEX, S-records, a WAV... any dump",
		"mchess reads) to the KIM-1 on the serial port DEVICE (e.g. /dev/ttyUSB0), as a paper",
		"tape for the monitor's L command (type L first, or give --l), paced for its",
		"bit-banged loader; or, with --keys, typed in through the monitor's commands",
		"(address SPACE, byte '.'), after RS. The monitor's own page-zero cells and stack",
		"are left out (said on stderr). See docs/kim1.md \"Sending to a board\".")
	baud := fs.Int("baud", 2400, "the line's `baud` rate")
	p := sender.DefaultPacing
	fs.DurationVar(&p.CharDelay, "char-delay", p.CharDelay, "wait after each character")
	fs.DurationVar(&p.LineDelay, "line-delay", p.LineDelay, "wait after each line")
	fs.IntVar(&p.NULs, "nuls", p.NULs, "NULs after each record's line end")
	keys := fs.Bool("keys", false, "type the bytes in through the monitor's commands instead of sending a paper tape")
	sendL := fs.Bool("l", false, "send the L command before the tape")
	quiet := fs.Bool("q", false, "print nothing on success")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) < 2 {
		fs.Usage()
		return 2
	}
	if p.CharDelay < 0 || p.LineDelay < 0 || p.NULs < 0 || p.NULs > 100 {
		fmt.Fprintln(stderr, "mchess send: delays cannot be negative, and --nuls is 0 to 100")
		return 2
	}
	device := rest[0]
	kept, left, status := readForLoading("mchess send", rest[1:], stderr)
	if status != 0 {
		return status
	}
	for _, l := range left {
		fmt.Fprintf(stderr, "mchess send: leaving out %s: the monitor uses it while it loads\n", l)
	}
	var chunks []sender.Chunk
	if *keys {
		chunks = sender.Keys(kept, *baud, p)
	} else {
		tape, err := dump.WritePaperTape(kept)
		if err != nil {
			fmt.Fprintf(stderr, "mchess send: %v\n", err)
			return 1
		}
		if *sendL {
			tape = append([]byte("L"), tape...)
		}
		chunks = sender.PaperTape(tape, p)
	}
	port, err := sender.OpenPort(device, *baud)
	if err != nil {
		fmt.Fprintf(stderr, "mchess send: %v\n", err)
		return 1
	}
	defer port.Close()
	if !*quiet {
		fmt.Fprintf(stdout, "sending %d bytes to %s at %d baud, about %s\n", dump.Size(kept), device, *baud, sender.Duration(chunks, p.CharDelay).Round(time.Second))
	}
	if err := sender.Write(port, chunks, p.CharDelay, sendSleep); err != nil {
		fmt.Fprintf(stderr, "mchess send: %s: %v\n", device, err)
		return 1
	}
	return 0
}

// readForLoading reads the dumps a person will load through the monitor,
// and leaves out the monitor's own workspace (kept, and what was left out).
func readForLoading(who string, names []string, stderr io.Writer) (kept []dump.Segment, left []string, status int) {
	var segs []dump.Segment
	for _, name := range names {
		d, err := readDump(name)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", who, err)
			return nil, nil, exitFor(err)
		}
		segs = append(segs, d.segs...)
	}
	var res []sender.Reserved
	for _, r := range memmap.LoaderWorkspace {
		res = append(res, sender.Reserved{What: r.What, Start: r.Start, End: r.End})
	}
	kept, left = sender.LeaveOut(segs, res)
	return kept, left, 0
}
