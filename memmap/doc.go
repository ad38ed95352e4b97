// Package memmap is MicroChess's memory as the 1977 listing lays it out:
// where the program, its tables and its variables are (the named
// addresses, the KIM-1's own RAM as a linker layout), the bytes no line
// defines by kind (the residue), the LEVEL OF PLAY bytes, the board and
// piece table with the program's octal squares and chess squares, the
// published hex listing as images, and the variables of the extensions
// (the special-moves program's men's types, the library's). It knows
// chess squares (package rules) but nothing of a session or a build.
package memmap
