package dump

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/diag"
)

// The formats, by the names Write takes (each extension of a format is
// also taken as its name).
const (
	Raw       = "bin"
	PaperTape = "ptp"
	IntelHex  = "hex"
	SRecord   = "srec"
	KIM       = "kim"
)

// extensions maps each file name extension to its format.
var extensions = map[string]string{
	".bin": Raw, ".raw": Raw,
	".ptp": PaperTape, ".pap": PaperTape,
	".hex": IntelHex, ".ihx": IntelHex,
	".srec": SRecord, ".s19": SRecord, ".mot": SRecord,
	".kim": KIM,
}

// Extensions lists the extensions with their formats, for a message.
const Extensions = ".bin .raw (raw binary), .ptp .pap (MOS Technology paper tape), .hex .ihx (Intel HEX), .srec .s19 .mot (Motorola S-records), .kim (MAME's KIM-1 cassette image)"

// Describe is a format's name for people.
func Describe(format string) string {
	switch format {
	case Raw:
		return "raw binary"
	case PaperTape:
		return "MOS Technology paper tape"
	case IntelHex:
		return "Intel HEX"
	case SRecord:
		return "Motorola S-records"
	case KIM:
		return "MAME .kim cassette image"
	}
	return format
}

// FormatOf is the format a file name's extension (either case) names.
func FormatOf(name string) (string, bool) {
	f, ok := extensions[strings.ToLower(filepath.Ext(name))]
	return f, ok
}

// formatName reads a format name as Write takes it: a format's name or one
// of its extensions, with or without the dot.
func formatName(s string) (string, bool) {
	s = strings.ToLower(s)
	if !strings.HasPrefix(s, ".") {
		s = "." + s
	}
	f, ok := extensions[s]
	return f, ok
}

// Sniff tells a dump's format from its content, for a file whose extension
// says nothing: a .kim starts with KIM1; a paper tape's first record with
// ;, Intel HEX's with :, an S-record's with S and a digit, after any filler
// (blanks, line ends, NULs). A raw binary cannot be told.
func Sniff(data []byte) (string, bool) {
	if strings.HasPrefix(string(data[:min(len(data), 4)]), KIMMagic) {
		return KIM, true
	}
	data = bytes.TrimPrefix(data, []byte(diag.BOM))
	i := 0
	for i < len(data) && (tapeFiller(data[i]) || isBlank(data[i])) {
		i++
	}
	switch {
	case i == len(data):
		return "", false
	case data[i] == ';':
		return PaperTape, true
	case data[i] == ':':
		return IntelHex, true
	case (data[i] == 'S' || data[i] == 's') && i+1 < len(data) && data[i+1] >= '0' && data[i+1] <= '9':
		return SRecord, true
	}
	return "", false
}

// NameError is a file name that cannot be read as given: a bad or missing
// load address, or a format that cannot be told. It is the caller's usage
// error, not a fault in the file.
type NameError struct {
	Name string
	Msg  string
}

func (e *NameError) Error() string { return diag.Printable(e.Name + ": " + e.Msg) }

// SplitName reads NAME@ADDR as the toolchain's FILE@ADDR: the address after
// the last @, in hex, with or without $ or 0x. A part after the last @ that
// holds a dot or a slash belongs to the path ("v1@home/prog.hex").
func SplitName(name string) (path string, addr uint16, hasAddr bool, err error) {
	i := strings.LastIndex(name, "@")
	if i <= 0 || strings.ContainsAny(name[i+1:], `./\`) {
		return name, 0, false, nil
	}
	s := name[i+1:]
	v, ok := ParseAddr(s)
	if !ok {
		return "", 0, false, &NameError{name, fmt.Sprintf("bad hex address %s: want up to four hex digits, e.g. 0200", s)}
	}
	return name[:i], v, true, nil
}

// ParseAddr reads an address as the toolchain writes one: up to four hex
// digits, with or without $ or 0x.
func ParseAddr(s string) (uint16, bool) {
	t := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "$"), "0x"), "0X")
	v, err := strconv.ParseUint(t, 16, 16)
	return uint16(v), err == nil && t != ""
}

// Read reads a dump from a file's bytes, its format told by the name's
// extension, or by the content when the extension is none of Extensions.
// A raw binary needs its load address in the name: NAME@ADDR.
func Read(name string, data []byte) ([]Segment, error) {
	d, err := ReadDump(name, data)
	if err != nil {
		return nil, err
	}
	return d.Segments, nil
}

// ReadDump is Read with what the format carries besides the segments.
func ReadDump(name string, data []byte) (*Dump, error) {
	path, addr, hasAddr, err := SplitName(name)
	if err != nil {
		return nil, err
	}
	format, known := FormatOf(path)
	switch {
	case !known && hasAddr:
		format = Raw // an address says raw, whatever the extension
	case !known:
		f, ok := Sniff(data)
		if !ok {
			return nil, &NameError{path, "cannot tell the format: the extension is none of " + Extensions +
				", and the file is not a text dump or a .kim; a raw binary needs its load address: " + path + "@ADDR, e.g. " + path + "@0200"}
		}
		format = f
	}
	if format == Raw {
		if !hasAddr {
			return nil, &NameError{path, "a raw binary needs its load address: " + path + "@ADDR, e.g. " + path + "@0200"}
		}
		segs, err := ReadRaw(data, addr)
		if oe := (*OffsetError)(nil); errors.As(err, &oe) {
			oe.File = path
		}
		if err != nil {
			return nil, err
		}
		return &Dump{Format: Raw, Segments: segs}, nil
	}
	if hasAddr {
		return nil, &NameError{name, Describe(format) + " holds its own addresses: @ADDR is for raw binaries"}
	}
	switch format {
	case PaperTape:
		return ReadPaperTape(path, data)
	case IntelHex:
		return ReadIntelHex(path, data)
	case SRecord:
		return ReadSRecord(path, data)
	}
	return ReadKIM(path, data)
}

// Options are the choices a writer leaves open.
type Options struct {
	// RecordBytes is how many data bytes an Intel HEX or S-record record
	// holds: 16 (also when 0) or 32.
	RecordBytes int
}

// Write writes segments in a format, named as Describe's keys or by one of
// its extensions ("hex", ".s19").
func Write(format string, segs []Segment) ([]byte, error) {
	return WriteDump(format, &Dump{Segments: segs}, Options{})
}

// WriteDump is Write with what some formats carry besides the segments: an
// S-record file's header and start address, a .kim's tape ID
// (DefaultTapeID when the dump has none).
func WriteDump(format string, d *Dump, opt Options) ([]byte, error) {
	f, ok := formatName(format)
	if !ok {
		return nil, fmt.Errorf("unknown dump format %q: want one of %s", format, Extensions)
	}
	rb := opt.RecordBytes
	if rb == 0 {
		rb = 16
	}
	switch f {
	case Raw:
		return WriteRaw(d.Segments)
	case PaperTape:
		return WritePaperTape(d.Segments)
	case IntelHex:
		return WriteIntelHex(d.Segments, rb)
	case SRecord:
		return WriteSRecord(d, rb)
	}
	id := byte(DefaultTapeID)
	if d.HasID {
		id = d.ID
	}
	return WriteKIM(d.Segments, id)
}
