// Package microchess owns everything specific to MicroChess, Peter
// Jennings' 1977 chess program for the KIM-1, and Garold Stone's 1980
// upgrade to it: where the program lives in memory, its board and piece
// table and how its octal squares map to chess squares, building it from
// its sources (src/, built into this package so that the tools work from
// any directory), its levels, and a session that drives it on the
// emulated KIM-1 the way the player's manual does, with the chess library
// as referee.
//
// It is the module's root package because it is what the module is about:
// the packages beside it (isa, asm, linker, emu, verify) know nothing of
// chess and could serve any 6502 program; this one ties them to MicroChess,
// and openings, the command and the tests build on it.
package microchess
