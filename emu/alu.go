package emu

// The flag helpers use the loop's representation: N is bit 7 of n, Z is
// set when z == 0 (keeping the two apart lets BIT set both), C is cf.

func unpackP(p byte) (n, z, cf byte, v, d, i bool) {
	return p, ^p & FlagZ, p & FlagC, p&FlagV != 0, p&FlagD != 0, p&FlagI != 0
}

func packP(n, z, cf byte, v, d, i bool) byte {
	p := FlagU | n&FlagN | cf
	if z == 0 {
		p |= FlagZ
	}
	if v {
		p |= FlagV
	}
	if d {
		p |= FlagD
	}
	if i {
		p |= FlagI
	}
	return p
}

func compare(r, m byte) (n, z, cf byte) {
	t := r - m
	if r >= m {
		cf = 1
	}
	return t, t, cf
}

// adcDecimal is ADC with D set on the NMOS 6502. The accumulator and carry
// follow the BCD correction (also for invalid digits); Z comes from the
// binary sum and N and V from the sum after only the low-digit correction,
// which is what the chip does.
func adcDecimal(a, m, c byte) (r, cf, n, z byte, v bool) {
	z = a + m + c
	lo := int(a&0x0F) + int(m&0x0F) + int(c)
	if lo >= 0x0A {
		lo = ((lo + 0x06) & 0x0F) + 0x10
	}
	sum := int(a&0xF0) + int(m&0xF0) + lo
	// Signed view of the same sum for V: high digits as two's complement.
	ssum := int(int8(a&0xF0)) + int(int8(m&0xF0)) + lo
	n = byte(sum)
	v = ssum < -128 || ssum > 127
	if sum >= 0xA0 {
		sum += 0x60
	}
	if sum >= 0x100 {
		cf = 1
	}
	return byte(sum), cf, n, z, v
}

// sbcDecimal is SBC with D set on the NMOS 6502: flags exactly as in
// binary mode, accumulator from the BCD correction.
func sbcDecimal(a, m, c byte) (r, cf, n, z byte, v bool) {
	t := uint16(a) + uint16(^m) + uint16(c)
	b := byte(t)
	cf = byte(t >> 8)
	v = (a^b)&(^m^b)&0x80 != 0
	n, z = b, b
	lo := int(a&0x0F) - int(m&0x0F) + int(c) - 1
	if lo < 0 {
		lo = ((lo - 0x06) & 0x0F) - 0x10
	}
	res := int(a&0xF0) - int(m&0xF0) + lo
	if res < 0 {
		res -= 0x60
	}
	return byte(res), cf, n, z, v
}
