//go:build linux

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/romtest"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// arrival is a byte the pty's far end read, and when.
type arrival struct {
	b  byte
	at time.Duration
}

// sendThroughPTY runs mchess send on the pty's terminal side and returns
// what reached the other side, each byte timed as it came, and the waits
// the sender slept after each byte it wrote.
func sendThroughPTY(t *testing.T, flags []string, files ...string) ([]arrival, []time.Duration) {
	t.Helper()
	var slept []time.Duration
	defer func(s func(time.Duration)) { sendSleep = s }(sendSleep)
	sendSleep = func(d time.Duration) { slept = append(slept, d); time.Sleep(d) }
	master, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	var got []arrival
	var wg sync.WaitGroup
	wg.Add(1)
	start := time.Now()
	go func() {
		defer wg.Done()
		buf := make([]byte, 64)
		for {
			n, err := master.Read(buf)
			at := time.Since(start)
			for _, b := range buf[:n] {
				got = append(got, arrival{b, at})
			}
			if err != nil {
				return
			}
		}
	}()
	var stdout, stderr bytes.Buffer
	code := cmdSend.exec(append(append(flags[:len(flags):len(flags)], tty.Name()), files...), &stdout, &stderr)
	tty.Close()
	wg.Wait()
	if code != 0 {
		t.Fatalf("mchess send: exit %d: %s", code, stderr.String())
	}
	if len(slept) != len(got) {
		t.Fatalf("the sender wrote %d bytes, %d came through", len(slept), len(got))
	}
	return got, slept
}

// mchess send through a pseudo-terminal into the emulated KIM-1 running
// the monitor ROM's L command at 2400 baud: the bytes reach the board's
// receive line when the pty delivered them (free-running, whether the
// monitor listens or not), and the monitor loads every byte, prints KIM
// and no ERR; and, with --keys, the monitor's own commands typing the
// bytes in (address SPACE, byte '.'). The Giuoco Piano block (28 bytes)
// both ways; the whole program as a tape (C0 and C1, about 20 s of
// sending) unless -short.
func TestSendThroughPTYIntoROM(t *testing.T) {
	rom := romtest.ROM(t)
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files []string
	var images []kim1.Image
	for _, im := range microchess.KIM(p.Images) {
		f := filepath.Join(dir, "prog-"+strings.ToLower(hex4(im.Addr))+".bin")
		if err := os.WriteFile(f, im.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f+"@"+hex4(im.Addr))
		images = append(images, im)
	}
	book := kim1.Image{Addr: memmap.BookStart, Data: images[0].Data[memmap.BookStart : memmap.BookStart+28]}
	bookFile := filepath.Join(dir, "book.bin")
	if err := os.WriteFile(bookFile, book.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		flag   string
		files  []string
		images []kim1.Image
	}{{"book", "--l", []string{bookFile + "@00C0"}, []kim1.Image{book}},
		{"book-keys", "--keys", []string{bookFile + "@00C0"}, []kim1.Image{book}},
		{"program", "--l", files, images}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "program" && testing.Short() {
				t.Skip("17 s of sending at the documented pacing")
			}
			got, slept := sendThroughPTY(t, []string{"-q", c.flag, "--baud", "2400", "--char-delay", charDelay.String()}, c.files...)
			m, err := session.MachineOnROMTTY(memmap.Layout, nil, rom, 2400)
			if err != nil {
				t.Fatal(err)
			}
			m.TTYOut = nil
			base := m.CPU.Cycles
			// The far end's timestamps jitter with the scheduler (two
			// shared cores): a byte read late arrives late, and bytes
			// read together are spaced by what the sender slept between
			// writing them, as a serial line keeps it (the sender writes
			// every byte alone). clustered counts them.
			var at time.Duration
			clustered := 0
			for i, a := range got {
				if i > 0 && a.at < at+slept[i-1] {
					clustered++
					a.at = at + slept[i-1]
				}
				at = a.at
				m.Arrive(base+uint64(at/time.Microsecond), a.b)
			}
			t.Logf("%d bytes, %d read sooner after the one before than the sender slept between them", len(got), clustered)
			end := base + uint64(at/time.Microsecond) + 2_000_000
			if r, err := m.Run(end - m.CPU.Cycles); err != nil || r != kim1.WaitingTTY || !m.LineIdle() {
				t.Fatalf("%v %v at %04X, line idle %v", r, err, m.CPU.PC, m.LineIdle())
			}
			out := m.TTYOut
			if i := bytes.LastIndexByte(out, ';'); i >= 0 {
				out = out[i:] // what the monitor printed after the last record
			}
			if c.flag == "--l" && (!bytes.Contains(out, []byte("KIM")) || bytes.Contains(m.TTYOut, []byte("ERR"))) {
				t.Fatalf("the monitor printed %q at the end, want KIM and no ERR", out)
			}
			// Typed in, the monitor shows the cell after the last one stored.
			if want := "00DC "; c.flag == "--keys" && !bytes.Contains(m.TTYOut[max(0, len(m.TTYOut)-20):], []byte(want)) {
				t.Fatalf("the monitor printed %q at the end, want the next cell %s", m.TTYOut[max(0, len(m.TTYOut)-80):], want)
			}
			for _, im := range c.images {
				for i, v := range im.Data {
					a := int(im.Addr) + i
					if leftOutBySend(a) {
						continue
					}
					if m.CPU.Mem[a] != v {
						t.Fatalf("%04X: %02X loaded, the file has %02X", a, m.CPU.Mem[a], v)
					}
				}
			}
		})
	}
}

// charDelay is the pacing the test sends with: the documented 5 ms.
const charDelay = 5 * time.Millisecond

func hex4(a uint16) string {
	return strings.ToUpper(string([]byte{hexDigit(a >> 12), hexDigit(a >> 8), hexDigit(a >> 4), hexDigit(a)}))
}

func hexDigit(v uint16) byte { return "0123456789ABCDEF"[v&15] }

// leftOutBySend: the bytes mchess send leaves out, and 01F8–01F9, which the
// L command's own stack reaches (see the root package's paper tape test).
func leftOutBySend(a int) bool {
	for _, r := range memmap.LoaderWorkspace {
		if a >= int(r.Start) && a <= int(r.End) {
			return true
		}
	}
	return a == 0x1F8 || a == 0x1F9
}
