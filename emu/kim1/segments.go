package kim1

// Segments is the seven-segment pattern SCANDS lights for each hex digit
// (the monitor looks it up in its TABLE): bit 0 is segment a (top), then
// clockwise round to f (upper left), bit 6 is g (middle); b and d are
// lower case, as on the KIM-1's LEDs.
var Segments = [16]byte{
	0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07,
	0x7F, 0x6F, 0x77, 0x7C, 0x39, 0x5E, 0x79, 0x71,
}

// Lit is the six digits' segment patterns for a display (FB FA F9), left
// to right, high digit of each byte first.
func Lit(display [3]byte) [6]byte {
	var out [6]byte
	for i, b := range display {
		out[2*i] = Segments[b>>4]
		out[2*i+1] = Segments[b&0x0F]
	}
	return out
}
