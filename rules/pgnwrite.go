package rules

import (
	"regexp"
	"strings"

	"github.com/corentings/chess/v2"
)

// commentThenCommands is a move's text comment followed by the comment the
// chess library writes its commands in ("{castled} { [%cycles 5029] }").
var commentThenCommands = regexp.MustCompile(`\{([^{}]*)\} \{ (\[%[^{}]*?) ?\}`)

// WritePGN writes a game as the chess library does, with each move's
// text comment and commands in one comment ("{castled [%cycles 5029]}").
// Two comments in a row are legal PGN, but the convention (lichess,
// cutechess) is one a move, and readers hold to it: chess.js, the parser
// of most web chess apps, refuses the second.
func WritePGN(g *chess.Game) string {
	text := g.String()
	// The tags end at the first blank line; only the movetext is merged,
	// so that no tag's value is touched.
	head, moves := "", text
	if i := strings.Index(text, "\n\n"); i >= 0 && strings.HasPrefix(text, "[") {
		head, moves = text[:i+2], text[i+2:]
	}
	return head + commentThenCommands.ReplaceAllString(moves, "{$1 $2}")
}
