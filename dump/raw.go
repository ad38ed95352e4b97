package dump

import "fmt"

// ReadRaw reads a raw binary loaded at addr: one segment. An empty file,
// and one that would run past FFFF, are errors (at the offset of the first
// byte that does not fit; the caller adds the file's name).
func ReadRaw(data []byte, addr uint16) ([]Segment, error) {
	if len(data) == 0 {
		return nil, &OffsetError{Msg: "empty file: a raw binary holds at least one byte"}
	}
	if fit := 0x10000 - int(addr); len(data) > fit {
		return nil, &OffsetError{Offset: fit, Msg: fmt.Sprintf("%d bytes loaded at %04X run past FFFF: this byte would land at 10000", len(data), addr)}
	}
	return []Segment{{Addr: addr, Data: append([]byte(nil), data...)}}, nil
}

// WriteRaw writes segments that make one contiguous range as its bytes;
// segments with gaps between them are refused (a *GapError), since a raw
// binary has nowhere to say where each range goes: Fill them first.
func WriteRaw(segs []Segment) ([]byte, error) {
	s, err := contiguous(segs, "a raw binary")
	if err != nil {
		return nil, err
	}
	return s.Data, nil
}
