package emu

// The status register's bits, as the datasheet names them.
const (
	FlagC byte = 1 << iota // carry
	FlagZ                  // zero
	FlagI                  // interrupts disabled
	FlagD                  // decimal mode
	FlagB                  // break: exists only in a pushed copy (BRK, PHP)
	FlagU                  // unused: always reads 1
	FlagV                  // overflow
	FlagN                  // negative
)

// StackPage is the page the stack pointer indexes.
const StackPage = 0x0100
