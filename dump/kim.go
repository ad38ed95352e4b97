package dump

import (
	"bytes"
	"fmt"
)

// MAME's .kim is a cassette image (src/lib/formats/kim1_cas.cpp), which
// MAME turns into the tones the KIM-1 monitor's LOADT (1873) reads:
//
//	offset 0  "KIM1"
//	offset 4  load address, low byte first
//	offset 6  number of data bytes, low byte first
//	offset 8  the tape ID (the monitor's 17F9)
//	offset 9  the data
//
// See docs/dumps.md for what MAME does with it.

// KIMMagic starts every .kim file.
const KIMMagic = "KIM1"

// kimHeader is the length of a .kim file's header.
const kimHeader = 9

// DefaultTapeID is the tape ID a .kim is written with when the dump has
// none: 00 and FF are the monitor's wildcards (load any tape), so a tape
// carries an ID from 01 to FE.
const DefaultTapeID = 0x01

// ReadKIM reads a MAME .kim cassette image: one segment and its tape ID.
// The file must hold exactly the bytes its header counts.
func ReadKIM(name string, data []byte) (*Dump, error) {
	fail := func(off int, format string, args ...any) (*Dump, error) {
		return nil, &OffsetError{File: name, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if !bytes.HasPrefix(data, []byte(KIMMagic)) {
		n := 0
		for n < len(data) && n < len(KIMMagic) && data[n] == KIMMagic[n] {
			n++
		}
		if n == len(data) {
			return fail(n, "truncated header: a .kim file starts with %q, the load address, the size and the tape ID (9 bytes), this one has %d bytes", KIMMagic, len(data))
		}
		return fail(n, "not a .kim cassette image: the file does not start with %q", KIMMagic)
	}
	if len(data) < kimHeader {
		return fail(len(data), "truncated header: a .kim header is 9 bytes (%q, the load address, the size, the tape ID), this one has %d", KIMMagic, len(data))
	}
	addr := int(data[4]) | int(data[5])<<8
	size := int(data[6]) | int(data[7])<<8
	have := len(data) - kimHeader
	switch {
	case size == 0:
		return fail(6, "the header's size is 0: the tape holds no data")
	case addr+size > 0x10000:
		return fail(6, "%d bytes at %04X run past FFFF", size, addr)
	case have < size:
		return fail(len(data), "truncated: the header counts %s, the file holds %d", plural(size, "data byte"), have)
	case have > size:
		return fail(kimHeader+size, "%s after the %s the header counts", plural(have-size, "byte"), plural(size, "data byte"))
	}
	return &Dump{
		Format:   KIM,
		Segments: []Segment{{Addr: uint16(addr), Data: append([]byte(nil), data[kimHeader:]...)}},
		ID:       data[8],
		HasID:    true,
	}, nil
}

// WriteKIM writes segments that make one contiguous range as a MAME .kim
// cassette image with tape ID id.
func WriteKIM(segs []Segment, id byte) ([]byte, error) {
	s, err := contiguous(segs, "a .kim cassette image")
	if err != nil {
		return nil, err
	}
	if len(s.Data) > 0xFFFF {
		return nil, fmt.Errorf("a .kim cassette image holds at most 65535 bytes (its size has 16 bits), the dump has %d", len(s.Data))
	}
	b := append([]byte(KIMMagic), byte(s.Addr), byte(s.Addr>>8), byte(len(s.Data)), byte(len(s.Data)>>8), id)
	return append(b, s.Data...), nil
}
