package linker

import (
	"fmt"
	"strings"
)

// PaperTape renders images in the MOS Technology paper-tape format the
// KIM-1 monitor's TTY loader (L command) reads: records of ";" + count +
// address + up to 24 data bytes + a 16-bit sum of every byte of the record,
// then a last record ";00" + the number of data records + its own sum. Lines
// end in CR LF; the six NULs and the XOFF a real punch adds are left out so
// the file can be sent from a terminal program.
func PaperTape(images ...*Image) string {
	var b strings.Builder
	records := 0
	for _, im := range images {
		for off := 0; off < len(im.Bytes); off += 24 {
			data := im.Bytes[off:min(off+24, len(im.Bytes))]
			addr := int(im.Start) + off
			sum := len(data) + addr>>8 + addr&0xFF
			fmt.Fprintf(&b, ";%02X%04X", len(data), addr)
			for _, x := range data {
				fmt.Fprintf(&b, "%02X", x)
				sum += int(x)
			}
			fmt.Fprintf(&b, "%04X\r\n", sum&0xFFFF)
			records++
		}
	}
	fmt.Fprintf(&b, ";00%04X%04X\r\n", records, (records>>8+records&0xFF)&0xFFFF)
	return b.String()
}
