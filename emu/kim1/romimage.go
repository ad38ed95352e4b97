package kim1

import (
	"fmt"
	"hash/crc32"
	"os"
)

// The monitor's two ROMs by the CRC32 MAME lists for their dumps: the
// 6530-003 holds 1800–1BFF (the cassette routines), the 6530-002 1C00–1FFF
// (the keypad, display and teletype monitor).
const (
	CRC6530003 = 0xa2a56502
	CRC6530002 = 0x2b08e923
	ROMHalf    = 0x400
)

// MonitorROM is a monitor image for 1800–1FFF, as the user supplied it.
type MonitorROM struct {
	Data [2 * ROMHalf]byte
	Name string // the file or files it came from
	// Unknown names each half whose CRC32 is not the one MAME lists; a
	// machine runs such an image only when the user insists (--force).
	Unknown []string
}

// ReadROM reads the monitor from one 2 KB file (1800–1FFF) or two 1 KB
// dumps of the 6530-003 and the 6530-002. Two dumps are placed by their
// CRC32 when they are the known ones, otherwise in the order given
// (1800 first). A file of another size is refused; a known size with an
// unknown CRC is accepted and listed in Unknown.
func ReadROM(paths ...string) (MonitorROM, error) {
	var rom MonitorROM
	var parts [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return rom, fmt.Errorf("monitor ROM: %v", err)
		}
		parts = append(parts, b)
	}
	switch {
	case len(paths) == 1:
		rom.Name = paths[0]
		if len(parts[0]) != 2*ROMHalf {
			return rom, fmt.Errorf("%s: %d bytes; the KIM-1 monitor is 2048 bytes (1800–1FFF), or two 1024-byte dumps of the 6530-003 and 6530-002 given as two files", paths[0], len(parts[0]))
		}
		copy(rom.Data[:], parts[0])
	case len(paths) == 2:
		rom.Name = paths[0] + " and " + paths[1]
		for i, b := range parts {
			if len(b) != ROMHalf {
				return rom, fmt.Errorf("%s: %d bytes; a 6530's ROM is 1024 bytes", paths[i], len(b))
			}
		}
		first, second := parts[0], parts[1]
		if crc32.ChecksumIEEE(first) == CRC6530002 || crc32.ChecksumIEEE(second) == CRC6530003 {
			first, second = second, first
		}
		copy(rom.Data[:ROMHalf], first)
		copy(rom.Data[ROMHalf:], second)
	default:
		return rom, fmt.Errorf("monitor ROM: give one 2 KB file or two 1 KB dumps, not %d files", len(paths))
	}
	rom.Unknown = rom.check()
	return rom, nil
}

// NewROM wraps 2048 bytes already in memory (tests, tools).
func NewROM(name string, data []byte) (MonitorROM, error) {
	var rom MonitorROM
	if len(data) != len(rom.Data) {
		return rom, fmt.Errorf("%s: %d bytes; the KIM-1 monitor is 2048 bytes", name, len(data))
	}
	copy(rom.Data[:], data)
	rom.Name = name
	rom.Unknown = rom.check()
	return rom, nil
}

func (r MonitorROM) check() []string {
	var bad []string
	for _, h := range []struct {
		chip string
		crc  uint32
		data []byte
		at   string
	}{
		{"6530-003", CRC6530003, r.Data[:ROMHalf], "1800–1BFF"},
		{"6530-002", CRC6530002, r.Data[ROMHalf:], "1C00–1FFF"},
	} {
		if got := crc32.ChecksumIEEE(h.data); got != h.crc {
			bad = append(bad, fmt.Sprintf("%s is not the %s's ROM (CRC32 %08x, the known dump has %08x)", h.at, h.chip, got, h.crc))
		}
	}
	return bad
}

// Verify returns an error naming every unknown half, unless force.
func (r MonitorROM) Verify(force bool) error {
	if len(r.Unknown) == 0 || force {
		return nil
	}
	msg := r.Name + ": not the KIM-1 monitor as MAME lists it:"
	for _, u := range r.Unknown {
		msg += " " + u + ";"
	}
	return fmt.Errorf("%s use --force to run it anyway", msg)
}
