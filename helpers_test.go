package microchess

import (
	"testing"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/sessiontest"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// images1977 are the published bytes.
func images1977() []kim1.Image { return KIM(memmap.Published()) }

// newSession is a session of the published bytes on a stock KIM-1.
func newSession(t testing.TB) *session.Session { return sessiontest.New(t, images1977()...) }
