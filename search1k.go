package microchess

// Search1KSource is the program that searches (docs/search1k.md): a
// negamax with alpha-beta and a capture-only quiescence over the 1977
// program's board and move generator, in the KIM-1's own 1.1 KB.
const Search1KSource = "src/search1k/search1k.asm"

// Search1KTuneSource declares its tunable bytes: the men's values and the
// take-back penalty (docs/search1k.md).
const Search1KTuneSource = "src/search1k/search1k.tune"

// Search1KName names it where a game is shown.
const Search1KName = "MicroChess search1k"

// Search1K builds it from the sources built in. It has no residue: every
// byte it reads it sets itself.
func Search1K() (*Program, error) {
	return Build(Proven, Options{Sources: []string{Search1KSource}})
}
