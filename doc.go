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
//
// Where each part lives:
//
//   - The memory map: memory.go (where the program, its tables and its
//     variables are; the named addresses), residue.go (the bytes no line
//     defines, by kind), levels.go (the LEVEL OF PLAY bytes).
//   - The board: board.go (piece codes, the board and piece table, octal
//     squares to chess squares), movegen.go (the moves GNM hands to JANUS).
//   - The build: build.go (the sources, built into this package, and
//     Options), tree.go (where a build reads its files), local.go (the
//     working directory's program), reference.go (a program's name, and
//     whether its bytes are the 1977 program's), candidates.go (the
//     programs a dump is compared with), native.go (the translated
//     programs instead of the interpreter).
//   - The session: session.go (the keypad and a session on the emulated
//     KIM-1), selfplay.go (a program against itself), play.go and hint.go
//     (a person against the program), timing.go (the LEVEL OF PLAY table
//     measured).
//   - The referee: rules.go (the chess library keeps the game), referee.go
//     (the keys of a chess move), notation.go (FEN and SAN, the starting
//     position), refusal.go (why a typed move is refused), touchmove.go
//     (Stone's touch-move rule for an illegal move).
//   - The extensions and variants: teletype.go, special.go (castling, en
//     passant, promotion), library.go (the opening library), tuned.go and
//     tune.go (the tuned program and its tunable bytes).
//
// The tests follow the same topics: board_test.go, memory_test.go and
// residue_test.go; session_test.go, selfplay_test.go, play_test.go;
// rules_test.go, notation_test.go, touchmove_test.go; one file a program
// for the extensions; Stone's upgrade in stone_*_test.go (its bytes and
// build, its strategy, the experiment that chose FACTOR, its games).
package microchess
