package cassette

import (
	"encoding/binary"
	"testing"
)

// A level high for half of the second sample period and low after reads
// as full positive, then zero (the mean), then full negative.
func TestLevelsWAVMeans(t *testing.T) {
	const rate = 22050
	per := 1e6 / rate
	wav, err := LevelsWAV(true, []float64{1.5 * per}, 3*per, rate, 16)
	if err != nil {
		t.Fatal(err)
	}
	var got []int16
	for i := 44; i+1 < len(wav); i += 2 {
		got = append(got, int16(binary.LittleEndian.Uint16(wav[i:])))
	}
	const full = 22937 // 32767 × 0.7 (the tones' level), rounded
	if len(got) != 3 || got[0] != full || got[1] != 0 || got[2] != -full {
		t.Fatalf("samples %v, want %d 0 %d", got, full, -full)
	}
	if _, err := LevelsWAV(true, []float64{5, 3}, 10, rate, 16); err == nil {
		t.Error("edges out of order were taken")
	}
}
