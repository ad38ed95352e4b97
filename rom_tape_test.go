package microchess_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/emu/kim1"
)

func romFromEnv(t testing.TB) kim1.MonitorROM {
	t.Helper()
	rom, ok, err := kim1.ROMFromEnv()
	if !ok {
		t.Skip(kim1.ROMSkip)
	}
	if err != nil {
		t.Fatal(err)
	}
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
	var ids []byte
	for _, r := range recs {
		ids = append(ids, r.ID)
	}
	// Each record is checked as it loads, since a later one may overlay it.
	for i, r := range recs {
		var loaded []microchess.LoadedRecord
		if i == 0 {
			loaded, err = microchess.LoadTapeOnROM(m, in, r.ID)
		} else {
			loaded, err = microchess.ContinueTapeOnROM(m, r.ID)
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
	_ = ids
}

// The program tape at Hypertape speed (build/tape/microchess.wav) played
// into LOADT through the PLL: both records load, and the program, started
// from the monitor, plays its book move.
func TestROMCassetteLoadsProgram(t *testing.T) {
	rom := romFromEnv(t)
	recs := programRecords(t)
	m := kim1.NewWithROM(rom)
	loadThroughROM(t, m, recs, cassette.Hyper)
	if err := microchess.StartFromMonitor(m, microchess.Start); err != nil {
		t.Fatal(err)
	}
	s := microchess.NewSession(m)
	if err := s.Keys("C"); err != nil {
		t.Fatal(err)
	}
	mv, err := s.Play()
	if err != nil || mv.String() != "0F 13 33" {
		t.Fatalf("after loading the tape: %v, %v; want 0F 13 33", mv, err)
	}
	fmt.Println(m.CPU.Cycles)
}

func inBlock(a int, b kim1.Block) bool { return a >= int(b.Start) && a <= int(b.End) }
