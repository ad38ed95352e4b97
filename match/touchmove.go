package match

import (
	"fmt"
	"strings"
)

// IllegalRule is how the referee rules on a MicroChess program's move that
// is illegal in chess.
type IllegalRule int

const (
	// Forfeit: the move loses the game.
	Forfeit IllegalRule = iota
	// TouchMove: Stone's touch-move rule (microchess.TouchMoveChoice): the
	// man the program moved must make a legal move, which the referee
	// chooses and enters for it; with none, the program resigns.
	TouchMove
)

var illegalRuleNames = map[string]IllegalRule{"forfeit": Forfeit, "touch-move": TouchMove}

func (r IllegalRule) String() string {
	for n, v := range illegalRuleNames {
		if v == r {
			return n
		}
	}
	return fmt.Sprintf("IllegalRule(%d)", int(r))
}

// TouchMoves counts the referee's rulings under the touch-move rule.
type TouchMoves struct {
	Entered  int `json:"entered"`  // moves entered in place of an illegal one
	Resigned int `json:"resigned"` // games resigned: the man touched had no legal move
}

func (t *TouchMoves) add(o TouchMoves) {
	t.Entered += o.Entered
	t.Resigned += o.Resigned
}

// SetIllegalRules reads the --illegal settings and sets each program's
// rule. A setting is RULE, for every MicroChess program, or NAME=RULE, for
// the players NAME names: a player's whole name (stone@blitz), or its
// program (stone, every level of it). A NAME=RULE setting wins over a
// RULE one, whatever their order. Engines always forfeit: a UCI engine
// that sends an illegal move is broken, not a program whose move a
// referee completes, so naming one is an error.
func SetIllegalRules(settings []string, players []*Player) error {
	all := Forfeit
	named := map[*Player]string{}
	for _, s := range settings {
		name, rule, hasName := strings.Cut(s, "=")
		if !hasName {
			name, rule = "", s
		}
		r, ok := illegalRuleNames[rule]
		if !ok {
			return fmt.Errorf("--illegal %s: unknown rule %q (want forfeit or touch-move)", s, rule)
		}
		if !hasName {
			all = r
			continue
		}
		found := false
		for _, p := range players {
			program, _, _ := strings.Cut(p.Name, "@")
			if p.Name != name && program != name {
				continue
			}
			found = true
			if p.IsEngine() && r != Forfeit {
				return fmt.Errorf("--illegal %s: %s is an engine: an engine's illegal move always loses", s, p.Name)
			}
			if earlier, twice := named[p]; twice {
				return fmt.Errorf("--illegal %s: %s has a rule already (--illegal %s)", s, p.Name, earlier)
			}
			named[p] = s
			p.Illegal = r
		}
		if !found {
			return fmt.Errorf("--illegal %s: no player %s", s, name)
		}
	}
	for _, p := range players {
		if _, ok := named[p]; !ok && !p.IsEngine() {
			p.Illegal = all
		}
	}
	return nil
}
