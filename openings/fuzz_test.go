package openings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
)

// Any text gives a book or a file:line:col error, never a panic; any 28
// bytes decompile to a line or a stated problem.
func FuzzCompile(f *testing.F) {
	books, _ := filepath.Glob("../src/openings/*.book")
	if len(books) != 10 {
		f.Fatalf("want the ten books in src/openings, have %d", len(books))
	}
	for _, p := range books {
		text, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
	}
	f.Add(header + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5\n")
	f.Add("Opening: x\nComputer: black\nTape: 0G\n1.. e4")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Compile("f.book", []byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.book:") {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		d, err := Decompile(b.Block[:], b.Computer)
		if err != nil || d.Problem != "" {
			t.Fatalf("a compiled block does not read back: %v %q", err, d.Problem)
		}
	})
}

func FuzzDecompile(f *testing.F) {
	f.Add([]byte("0123456789012345678901234567"))
	gp := make([]byte, memmap.BookSize)
	copy(gp, []byte{0x99, 0x25, 0x0B, 0x25, 0x01, 0x00, 0x33, 0x25, 0x07, 0x36, 0x34, 0x0D, 0x34, 0x34, 0x0E, 0x52, 0x25, 0x0D, 0x45, 0x35, 0x04, 0x55, 0x22, 0x06, 0x43, 0x33, 0x0F, 0xCC})
	f.Add(gp)
	f.Fuzz(func(t *testing.T, block []byte) {
		if len(block) != memmap.BookSize {
			return
		}
		for _, c := range []chess.Color{chess.NoColor, chess.White, chess.Black} {
			d, err := Decompile(block, c)
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			if err := FormatDecoded(&sb, d); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// Any bytes decode to a library or an error with what was read, never a
// panic; tables that read back are the same bytes written again.
func FuzzDecodeLibrary(f *testing.F) {
	full := twenty(f).Bytes()
	f.Add(full)
	f.Add(full[:40])
	f.Add([]byte{1, 0x12, 0x01, 0x02, 0x64, 0x44, 0x0F, 0x34})
	f.Add([]byte{1, 0x01, 0x00, 0x05, 0x0F, 0x33, 0x67, 0x57, 0x0F, 0x43, 0x64, 0x44, 0x0F, 0x54})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		lib, err := DecodeLibrary(b)
		if lib == nil {
			t.Fatalf("no library with %v", err)
		}
		var sb strings.Builder
		if err := FormatLibrary(&sb, lib); err != nil {
			t.Fatal(err)
		}
		_ = lib.Asm("LIBTAB")
		if err == nil && string(lib.Bytes()) != string(b) {
			t.Fatalf("read back as % X", lib.Bytes())
		}
	})
}
