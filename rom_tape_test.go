package microchess_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/romtest"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/session"
)

func romFromEnv(t testing.TB) kim1.MonitorROM {
	t.Helper()
	rom := romtest.ROM(t)
	return rom
}

// programRecords is the program tape `make tapes` writes (C0, C1) for the
// original program with its residue, as package cassette's tests build it.
func programRecords(t testing.TB) []cassette.Record {
	t.Helper()
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	return recordsOf(t, microchess.KIM(p.Images))
}

// recordsOf gives each image its tape ID as the Makefile does: C0, C1,
// then C2… for expansion RAM in address order.
func recordsOf(t testing.TB, images []kim1.Image) []cassette.Record {
	t.Helper()
	var recs []cassette.Record
	next := byte(0xC2)
	for _, im := range images {
		id := next
		switch im.Addr {
		case 0x0000:
			id = 0xC0
		case 0x1780:
			id = 0xC1
		default:
			next++
		}
		recs = append(recs, cassette.Record{ID: id, Addr: im.Addr, Data: bytes.Clone(im.Data)})
	}
	return recs
}

// loadThroughROM writes the records as a WAV (the build's writer, its
// default silences), reads it back as a WAV file, runs it through the PLL
// and loads each record with LOADT on a fresh KIM-1 with the layout's
// RAM. Every record must load with POINT 0000 and its bytes in place
// (but the monitor's page-zero cells 00EF–00FF and its stack at 01FA–01FF,
// which it writes again once LOADT returns: the bytes a paper tape leaves
// out, microchess.LoaderWorkspace).
func loadThroughROM(t *testing.T, m *kim1.Machine, recs []cassette.Record, speed cassette.Speed) {
	t.Helper()
	opt := cassette.DefaultOptions()
	opt.Speed = speed
	tp, err := cassette.Encode(recs, opt)
	if err != nil {
		t.Fatal(err)
	}
	audio, err := cassette.ReadWAV(tp.WAV)
	if err != nil {
		t.Fatal(err)
	}
	in, err := kim1.PLL(audio.Channel(0), audio.Rate)
	if err != nil {
		t.Fatal(err)
	}
	// Each record is checked as it loads, since a later one may overlay it.
	for i, r := range recs {
		var loaded []kim1.LoadedRecord
		if i == 0 {
			loaded, err = kim1.LoadTapeOnROM(m, in, r.ID)
		} else {
			loaded, err = kim1.ContinueTapeOnROM(m, r.ID)
		}
		if err != nil {
			t.Fatalf("record %d (%02X): %v", i+1, r.ID, err)
		}
		if !loaded[0].Good {
			t.Fatalf("record %02X: LOADT ended with POINT FFFF (checksum error)", r.ID)
		}
		for j, b := range r.Data {
			a := int(r.Addr) + j
			if inBlock(a, kim1.MonitorPageZero) || inBlock(a, kim1.LoaderStack) {
				continue
			}
			if got := m.CPU.Mem[a]; got != b {
				t.Fatalf("record %02X: %04X holds %02X after LOADT, the record has %02X", r.ID, a, got, b)
			}
		}
	}
}

// The program tape at Hypertape speed (build/tape/microchess.wav) played
// into LOADT through the PLL: both records load, and the program, started
// from the monitor, plays its book move.
func TestROMCassetteLoadsProgram(t *testing.T) {
	rom := romFromEnv(t)
	recs := programRecords(t)
	m := kim1.NewWithROM(rom)
	loadThroughROM(t, m, recs, cassette.Hyper)
	if err := kim1.StartFromMonitor(m, memmap.Start); err != nil {
		t.Fatal(err)
	}
	s := session.NewSession(m)
	if err := s.Keys("C"); err != nil {
		t.Fatal(err)
	}
	mv, err := s.Play()
	if err != nil || mv.String() != "0F 13 33" {
		t.Fatalf("after loading the tape: %v, %v; want 0F 13 33", mv, err)
	}
}

func inBlock(a int, b kim1.Block) bool { return a >= int(b.Start) && a <= int(b.End) }

// loadedBoard is a KIM-1 on the ROM with the expansion RAM the build's
// images need (a region at 0400 or above 1FFF, as its layout gives it).
func loadedBoard(t *testing.T, rom kim1.MonitorROM, b builds.Build) (*kim1.Machine, linker.Layout) {
	t.Helper()
	l := b.Needs.Memory()
	m, err := session.BoardOnROM(l, rom)
	if err != nil {
		t.Fatal(err)
	}
	return m, l
}

// sameGame starts the loaded program from the monitor (RS, AD 0000 GO)
// and plays a Super Blitz self-play game of a few moves a side, book on,
// against the same game with traps on the images (loaded in order, a
// book block over the program): the same moves, each in the same cycles.
func sameGame(t *testing.T, m *kim1.Machine, l linker.Layout, images []kim1.Image, bookOff bool) {
	t.Helper()
	if err := kim1.StartFromMonitor(m, memmap.Start); err != nil {
		t.Fatal(err)
	}
	trapM, err := session.Machine(l, images[:1])
	if err != nil {
		t.Fatal(err)
	}
	for _, im := range images[1:] {
		if err := trapM.Load(im); err != nil {
			t.Fatal(err)
		}
	}
	var games [2]*session.Game
	for i, s := range []*session.Session{session.NewSession(m), session.NewSession(trapM)} {
		s.SetLevel(memmap.Levels[0])
		if games[i], err = s.SelfPlay(3, bookOff, ""); err != nil {
			t.Fatal(err)
		}
	}
	if len(games[0].Moves) != len(games[1].Moves) || len(games[0].Moves) == 0 {
		t.Fatalf("%d moves loaded from tape on the ROM, %d with traps on the images", len(games[0].Moves), len(games[1].Moves))
	}
	for i, mv := range games[0].Moves {
		if tm := games[1].Moves[i]; mv.UCI != tm.UCI || mv.Move.Cycles != tm.Move.Cycles {
			t.Fatalf("move %d: %s in %d cycles loaded from tape, %s in %d on the images", i+1, mv.UCI, mv.Move.Cycles, tm.UCI, tm.Move.Cycles)
		}
	}
}

// bookRecords are the ten opening blocks make compiles, each with its
// tape ID (make tapes writes one Hypertape WAV each).
func bookRecords(t *testing.T) (white, all []cassette.Record) {
	t.Helper()
	files, err := microchess.Proven.Glob(microchess.OpeningsDir + "/*.book")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		text, err := microchess.Proven.ReadFile(f, openings.BookLimit)
		if err != nil {
			t.Fatal(err)
		}
		b, err := openings.Compile(f, text)
		if err != nil {
			t.Fatal(err)
		}
		r := cassette.Record{ID: b.Tape, Addr: memmap.BookStart, Data: bytes.Clone(b.Block[:])}
		all = append(all, r)
		if b.Computer == chess.White {
			white = append(white, r)
		}
	}
	if len(all) != 10 || len(white) != 5 {
		t.Fatalf("%d opening blocks, %d White: want 10 and 5", len(all), len(white))
	}
	slices.SortFunc(white, func(a, b cassette.Record) int { return int(a.ID) - int(b.ID) })
	return white, all
}

func imagesOf(recs []cassette.Record) []kim1.Image {
	var out []kim1.Image
	for _, r := range recs {
		out = append(out, kim1.Image{Addr: r.Addr, Data: r.Data})
	}
	return out
}

// Every WAV `make tapes` and `make other-tapes` write, built here from the
// sources with the same writer and records, played into LOADT through the
// PLL: the whole tape (C0, C1, the White books 01–05) at the monitor's
// speed and at Hypertape's, the program alone, each of the ten book blocks
// (onto the loaded program), and tuned, Stone's two lists, teletype,
// library and special (C0, C1, C2). Every record loads with its checksum
// good and its bytes in place, and each loaded program plays the same
// game as its images with traps; of the teletype program (played at the
// teletype, not the keypad) and of the library program (which seeds its
// choice of book with the number of keypad polls, which a finger on the
// ROM's scan makes differ from the traps') the bytes are checked.
func TestROMCassetteEveryTape(t *testing.T) {
	rom := romFromEnv(t)
	if testing.Short() {
		t.Skip("loads every tape the build writes through LOADT (about 20 s)")
	}
	prog := programRecords(t)
	white, books := bookRecords(t)
	for _, sp := range []cassette.Speed{cassette.Normal, cassette.Hyper} {
		t.Run("whole-tape-"+sp.String(), func(t *testing.T) {
			recs := append(slices.Clone(prog), white...)
			m := kim1.NewWithROM(rom)
			loadThroughROM(t, m, recs, sp)
			sameGame(t, m, memmap.Layout, imagesOf(recs), false)
		})
	}
	for _, b := range books {
		t.Run(fmt.Sprintf("book-%02X", b.ID), func(t *testing.T) {
			m := kim1.NewWithROM(rom)
			if err := m.Load(imagesOf(prog)...); err != nil {
				t.Fatal(err)
			}
			loadThroughROM(t, m, []cassette.Record{b}, cassette.Hyper)
			sameGame(t, m, memmap.Layout, imagesOf(append(slices.Clone(prog), b)), false)
		})
	}
	all, err := builds.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range all {
		if b.Shown == "" || b.Key == builds.Original {
			continue // an opening block or the program alone; the original is loaded above
		}
		t.Run(b.Key, func(t *testing.T) {
			images := b.KIM()
			recs := recordsOf(t, images)
			m, l := loadedBoard(t, rom, b)
			loadThroughROM(t, m, recs, cassette.Hyper)
			// The teletype program is not keypad-played; the library's
			// book choice is seeded from how long the keypad was polled.
			if !b.Needs.Teletype && b.Needs.Library == nil {
				sameGame(t, m, l, images, false)
			}
		})
	}
}

// DUMPT keyed on the ROM writes 0200–027F of the loaded program with ID
// 42; the board's audio output (PB7), recorded to a WAV, reads back with
// the decoder `mchess tape read` uses: one good record, ID 42 at 0200,
// the 128 bytes; and played into LOADT on another board it loads them.
func TestROMDumpTReadsBack(t *testing.T) {
	rom := romFromEnv(t)
	prog := programRecords(t)
	m := kim1.NewWithROM(rom)
	if err := m.Load(imagesOf(prog)...); err != nil {
		t.Fatal(err)
	}
	out, err := kim1.DumpTapeOnROM(m, 0x42, 0x0200, 0x0280)
	if err != nil {
		t.Fatal(err)
	}
	edges := make([]float64, len(out.Edges))
	for i, e := range out.Edges {
		edges[i] = float64(e - out.Start)
	}
	length := float64(m.CPU.Cycles-out.Start) + 200_000
	wav, err := cassette.LevelsWAV(out.First, edges, length, 44100, 16)
	if err != nil {
		t.Fatal(err)
	}
	audio, err := cassette.ReadWAV(wav)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cassette.Decode(audio)
	if err != nil {
		t.Fatal(err)
	}
	want := cassette.Record{ID: 0x42, Addr: 0x0200, Data: prog[0].Data[0x200:0x280]}
	if len(res.Records) != 1 || !res.Records[0].OK {
		t.Fatalf("the recording reads as %d records (%+v), want one good one", len(res.Records), res.Records)
	}
	got := res.Records[0]
	if got.ID != want.ID || got.Addr != want.Addr || !bytes.Equal(got.Data, want.Data) || got.Speed != cassette.Normal {
		t.Fatalf("read back ID %02X at %04X, %d bytes, %v speed; want ID 42 at 0200, DUMPT's 128 bytes at normal speed", got.ID, got.Addr, len(got.Data), got.Speed)
	}
	in, err := kim1.PLL(audio.Channel(0), audio.Rate)
	if err != nil {
		t.Fatal(err)
	}
	other := kim1.NewWithROM(rom)
	loaded, err := kim1.LoadTapeOnROM(other, in, 0x42)
	if err != nil || !loaded[0].Good {
		t.Fatalf("DUMPT's recording into LOADT: %v %+v", err, loaded)
	}
	if !bytes.Equal(other.CPU.Mem[0x200:0x280], want.Data) {
		t.Fatalf("LOADT loaded % X, DUMPT wrote % X", other.CPU.Mem[0x200:0x280], want.Data)
	}
}

// Every paper tape of every build make writes (linker.PaperTape, as make
// writes the .ptp files: the 1977 program with and without residue,
// Stone's two lists, teletype, special, library, tuned and the ten
// opening blocks) typed into the ROM's L command at 2400 baud: KIM printed
// after the last record, no ERR, every byte in place but those the tape
// leaves out and 01F8–01F9, which the L command's own calls reach below
// LoaderStack (01FA–01FF): the clean program's 00 at 01F8 reads D0 after
// the load, the byte the published residue holds there.
func TestROMEveryPaperTape(t *testing.T) {
	rom := romFromEnv(t)
	if testing.Short() {
		t.Skip("types every paper tape into the ROM's L command (about 10 s)")
	}
	all, err := builds.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range all {
		t.Run(b.Key, func(t *testing.T) {
			tape, left := linker.PaperTape(memmap.LoaderWorkspace, b.Images...)
			skipped := map[int]bool{}
			for _, l := range left {
				for a := int(l.Start); a <= int(l.End); a++ {
					skipped[a] = true
				}
			}
			m, _ := loadedBoard(t, rom, b)
			m.TTYBaud = 2400
			m.SetTTY(true)
			m.PressRS()
			if r, err := m.Run(20_000_000); err != nil || r != kim1.WaitingTTY {
				t.Fatalf("no prompt: %v %v", r, err)
			}
			m.TTYOut = nil
			m.TTYIn = append(append(m.TTYIn, 'L'), tape...)
			if r, err := m.Run(uint64(len(tape)+100) * 10 * 1_000_000 / 2400 * 3); err != nil || r != kim1.WaitingTTY {
				t.Fatalf("%v %v at %04X", r, err, m.CPU.PC)
			}
			if out := string(m.TTYOut); !bytes.Contains(m.TTYOut, []byte("\x13 KIM")) || bytes.Contains(m.TTYOut, []byte("ERR")) {
				t.Fatalf("the monitor printed %q at the end, want X-OFF KIM and no ERR", out[max(0, len(out)-80):])
			}
			for _, im := range microchess.KIM(b.Images) {
				for i, v := range im.Data {
					if a := int(im.Addr) + i; !skipped[a] && (a < 0x1F8 || a > 0x1F9) && m.CPU.Mem[a] != v {
						t.Fatalf("%04X: %02X loaded, the image has %02X", a, m.CPU.Mem[a], v)
					}
				}
			}
		})
	}
}
