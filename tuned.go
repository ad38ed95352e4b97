package microchess

// TunedSource is the tuned MicroChess (docs/tuning.md): the 1977 source
// with only the bytes its declarations (TuneSource) let change changed,
// as `mchess tune` wrote it. It is the 1977 program's size: no byte
// outside 0000–03FF and 1780–17E5, the residue and the opening block as
// they are.
const TunedSource = "src/tuned/microchess.asm"

// TunedName names the tuned program where a game is shown.
const TunedName = "MicroChess 1977 tuned"

// Tuned builds the tuned program from the sources built in, with the
// residue the tapes held, as the original is built.
func Tuned() (*Program, error) {
	return Build(Proven, Options{Sources: []string{TunedSource}, Residue: []string{ResidueSource}})
}

// FormBSource is form B of the tuned program (docs/tuning.md, "Beyond the
// weights"): STRATGY without the three counts that are the same for every
// move of a search, and with their bytes a term (CHECK) taken from a move
// that attacks the king. Its declarations are beside it (DeclFor).
const FormBSource = "src/tuned/formb.asm"

// FormB builds form B with the residue, as Tuned builds the tuned program.
func FormB() (*Program, error) {
	return Build(Proven, Options{Sources: []string{FormBSource}, Residue: []string{ResidueSource}})
}
