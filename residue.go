package microchess

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/memmap"
)

// ResidueName names a byte no program line defines: its area and, on the
// board and among the variables, the page-zero symbol it falls in (the
// nearest at or below it, the first defined of equal ones), e.g. "the
// board, .BK+5".
func (p *Program) ResidueName(addr int) string {
	a, ok := memmap.ResidueArea(addr)
	if !ok {
		return "defined by no source"
	}
	if a.Kind != memmap.ResidueBoard && a.Kind != memmap.ResidueVariables {
		return a.What
	}
	best, value := "", -1
	for _, s := range p.Code.Order {
		if strings.HasPrefix(s.Name, ".") && s.Value >= int(a.Start) && s.Value <= addr && s.Value > value {
			best, value = s.Name, s.Value
		}
	}
	switch {
	case best == "":
		return a.What
	case addr > value:
		return fmt.Sprintf("%s, %s+%X", a.What, best, addr-value)
	}
	return a.What + ", " + best
}
