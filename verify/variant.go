package verify

import (
	"fmt"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

// CompareVariant reports a variant of the original, a whole source of its
// own (the tuned program, say) linked into the same images, as
// CompareExtension reports an overlay: every byte it gives another value,
// named by the original's source line and the variant's. A variant whose
// images do not lie where the original's do is refused: it is another
// program, not a variant.
func CompareVariant(original *asm.Program, base, variant []*linker.Image) (ExtensionReport, error) {
	if len(base) != len(variant) {
		return ExtensionReport{}, fmt.Errorf("the variant links into %d images, the original into %d", len(variant), len(base))
	}
	var changes []linker.Change
	for i, b := range base {
		v := variant[i]
		if v.Start != b.Start || len(v.Bytes) != len(b.Bytes) {
			return ExtensionReport{}, fmt.Errorf("the variant's image %s is %04X–%04X, the original's %04X–%04X", v.Name, v.Start, v.End(), b.Start, b.End())
		}
		for k := range b.Bytes {
			if b.Bytes[k] == v.Bytes[k] {
				continue
			}
			s := v.Src[k]
			if s == nil {
				return ExtensionReport{}, fmt.Errorf("%04X: the variant's byte %02X comes from no source line (residue)", int(b.Start)+k, v.Bytes[k])
			}
			a := b.Start + uint16(k)
			changes = append(changes, linker.Change{Start: a, End: a, Differ: 1, Stmts: []*asm.Stmt{s}})
		}
	}
	return CompareExtension(original, base, variant, changes), nil
}
