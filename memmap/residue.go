package memmap

// Area is a span of memory no line of the program defines: what a dump
// holds there is the state the machine was in (src/residue.asm keeps the
// published listing's), never program.
type Area struct {
	Start, End uint16
	Kind       string // one of the Residue kinds
	What       string // for people
}

// ResidueAreas are the 173 bytes of the C0 tape that src/residue.asm
// fills, by what they are; a test holds them to that file.
var ResidueAreas = []Area{
	{0x004E, 0x004F, ResidueUnused, "unused, after NOMV"},
	{Board, PlayerBoard + 15, ResidueBoard, "the board"},
	{0x00B0, 0x00B6, ResidueVariables, "variables"},
	{0x00B7, 0x00BF, ResidueUnused, "unused"},
	{OpenPtr, 0x00F3, ResidueVariables, "variables"},
	{0x00F4, 0x00F8, ResidueUnused, "unused"},
	{Display3, Display1, ResidueVariables, "variables (the best move, which the display shows)"},
	{0x00FC, 0x00FF, ResidueUnused, "unused"},
	{0x01AF, 0x01FF, ResidueStack, "stack residue"},
	{0x03FA, 0x03FF, ResidueUnused, "unused, after DISMV"},
}

// ResidueArea finds the area an address is in.
func ResidueArea(addr int) (Area, bool) {
	for _, a := range ResidueAreas {
		if int(a.Start) <= addr && addr <= int(a.End) {
			return a, true
		}
	}
	return Area{}, false
}

// The kinds of byte in the C0 image that no program line defines, as
// src/residue.asm sorts them.
const (
	ResidueBoard     = "board"
	ResidueVariables = "variables"
	ResidueStack     = "stack"
	ResidueUnused    = "unused"
)
