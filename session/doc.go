// Package session drives a MicroChess program on the emulated KIM-1 as
// its manual says: the keys pressed and the display read (or the
// teletype's lines typed and read), the program's move read and a move
// entered for the person, a game against a person refereed by the chess
// library (Play), a program against itself (SelfPlay), what it searched,
// Stone's touch-move rule, and the program started from the user's
// monitor ROM. A program comes with what it needs (Needs): its memory and
// how it is driven. Sessions run a program's translation into Go when
// there is one (package internal/translated), or the translation in part
// of the program it was changed from, unless Interpret is set.
package session
