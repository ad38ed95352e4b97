// Package microchess holds MicroChess's sources, built into the binary
// (src/: Peter Jennings' 1977 program, Garold Stone's 1980 upgrade, the
// extensions, the opening books, the tuned programs' values), and builds
// programs from them: assembled and linked into KIM-1 images (Build,
// Original, Stone, the extensions), patched (Overlay), the tuned programs
// derived from the sources they tune and their values, the working
// directory's own (Local), and a name for each that says where its bytes
// are not the 1977 program's (Describe).
//
// The packages around it each have one job: memmap (where the program
// lives in memory), rules (chess through the chess library), session
// (driving a program on the emulated KIM-1), builds (the catalogue of
// programs the commands know by name), and below them the 6502 floors
// that know no chess (isa, asm, linker, emu, verify). deps_test.go states
// which may import which.
package microchess
