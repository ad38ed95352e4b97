package main

import (
	"bytes"
	"os"
	"testing"
)

// The checked-in dispatch must be exactly what the opcode table generates,
// so the emulator cannot drift from isa.Table.
func TestDispatchUpToDate(t *testing.T) {
	want, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../dispatch.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("emu/dispatch.go is stale: run 'go generate ./emu'")
	}
}
