// Package rules is chess as the toolchain referees it, through the chess
// library (github.com/corentings/chess/v2): the Referee that keeps a game
// and its draws, FEN and SAN read and written (with the library's two
// faults worked around in one place each: the promotion's check marks and
// its FEN parser's race), a typed move read as people type it, and why a
// move is refused. It knows nothing of MicroChess or the KIM-1, so that
// the suites and the tools read chess without the programs.
package rules
