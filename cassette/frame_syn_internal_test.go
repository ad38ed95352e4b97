package cassette

import "testing"

// synBits is n SYN characters of Hypertape bits and nothing after them.
func synBits(n int) []tbit {
	bt := Hyper.BitTime().Seconds()
	var bits []tbit
	t := 0.0
	for range n {
		for i := range 8 {
			bits = append(bits, tbit{v: int8(SYN >> i & 1), t0: t, t1: t + bt})
			t += bt
		}
	}
	return bits
}

// A run of SYN that leads to no record is read once: 20,000 of them (3
// minutes of Hypertape) took a minute when each of its characters began a
// new reading of the rest; now milliseconds (BenchmarkLongPreamble).
func TestLongPreambleWithoutRecord(t *testing.T) {
	if got := readRecords(synBits(20000)); len(got) != 0 {
		t.Errorf("%d records in a run of SYN", len(got))
	}
	// A run of SYN that runs straight into a record's own (a recording
	// started over) still gives the record, whole: the skip goes to the
	// run's last SYN, not past it.
	r := Record{ID: 0x42, Addr: 0x0300, Data: []byte{1, 2, 3, 0x16, '*', '/'}}
	run := make([]byte, 8*5000)
	for i := range run {
		run[i] = SYN>>(i%8)&1 | 16<<1
	}
	// A character that is no '*' after 5,000 SYN ends that run as no
	// record; then comes the
	// record, with its own preamble.
	bad := append(run, Bits([]byte{'X'})...)
	for i := len(run); i < len(bad); i++ {
		bad[i] |= 16 << 1
	}
	got := readRecords(bitsOf(append(bad, recordBits(r)...)))
	if len(got) != 1 || !got[0].OK || got[0].ID != 0x42 || string(got[0].Data) != string(r.Data) {
		t.Fatalf("after a run of SYN: %+v", got)
	}
}

func BenchmarkLongPreamble(b *testing.B) {
	bits := synBits(20000)
	for b.Loop() {
		readRecords(bits)
	}
}
