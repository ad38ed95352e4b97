package main

import (
	"fmt"
	"os"
)

// Run from the emu directory by go generate; writes dispatch.go there.
func main() {
	out := "dispatch.go"
	if len(os.Args) > 1 {
		out = os.Args[1]
	}
	src, err := Generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendispatch:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gendispatch:", err)
		os.Exit(1)
	}
}
