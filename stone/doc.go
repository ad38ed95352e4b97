// Package stone checks Garold Stone's 1980 upgrade of MicroChess (COMPUTE
// II, April/May 1980) as this repository rebuilds it: the patch source
// src/patches/stone-1980.s and the opening development lists
// src/patches/stone-1980-white.s and -black.s, against the article's
// printed bytes and Table 1 (ref/stone-1980-*.txt) and in the emulator.
// It also holds the experiment that chose the values the article lost
// (FACTOR and DEVP-4); see docs/stone-1980.md. The package has only tests.
package stone
