package kim1_test

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/romtest"
)

func romMachine(t *testing.T) *kim1.Machine {
	t.Helper()
	rom := romtest.ROM(t)
	return kim1.NewWithROM(rom)
}

// With the TTY jumper in, RS and a RUBOUT: the monitor measures the baud
// rate from the RUBOUT's start bit and prints its prompt, the address and
// byte at POINT, through its own bit-banged OUTCH on PB0.
func TestROMTeletypePrompt(t *testing.T) {
	for _, baud := range []int{110, 300, 1200} {
		m := romMachine(t)
		m.TTYBaud = baud
		m.CPU.Mem[0xFA], m.CPU.Mem[0xFB] = 0x00, 0x02
		m.CPU.Mem[0x0200] = 0xA9
		m.SetTTY(true)
		m.PressRS()
		r, err := m.Run(20_000_000)
		if err != nil || r != kim1.WaitingTTY {
			t.Fatalf("%d baud: %v %v at %04X", baud, r, err, m.CPU.PC)
		}
		if got, want := string(m.TTYOut), "\x7F\r\n\x00\x00\x00\x00\x00\x00KIM\r\n\x00\x00\x00\x00\x00\x000200 A9 "; got != want {
			t.Errorf("%d baud: the teletype printed %q, want %q", baud, got, want)
		}
	}
}

// The monitor's L command loads a paper tape typed at the teletype: every
// byte in place, and KIM (after X-OFF) printed, not ERR.
func TestROMPaperTapeLoad(t *testing.T) {
	m := romMachine(t)
	m.TTYBaud = 1200
	m.SetTTY(true)
	m.PressRS()
	if r, err := m.Run(20_000_000); err != nil || r != kim1.WaitingTTY {
		t.Fatalf("%v %v", r, err)
	}
	// 3 bytes at 0300; the sum 03+03+00+01+02+03 = 000C. The last
	// record counts one record: 00 0001, sum 0001.
	tape := ";030300010203000C\r\n;0000010001\r\n"
	m.TTYOut = nil
	m.TTYIn = append(m.TTYIn, "L"+tape...)
	if r, err := m.Run(50_000_000); err != nil || r != kim1.WaitingTTY {
		t.Fatalf("%v %v", r, err)
	}
	if got := m.CPU.Mem[0x0300:0x0303]; string(got) != "\x01\x02\x03" {
		t.Errorf("0300: % X, want 01 02 03", got)
	}
	out := string(m.TTYOut)
	if !strings.Contains(out, "\x13 KIM") || strings.Contains(out, "ERR") {
		t.Errorf("the teletype printed %q, want X-OFF KIM and no ERR", out)
	}
}
