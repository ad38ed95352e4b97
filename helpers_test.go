package microchess

import (
	"testing"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// images1977 are the published bytes.
func images1977() []kim1.Image { return KIM(memmap.Published()) }

// newSession is a session of the published bytes on a stock KIM-1.
func newSession(t testing.TB) *session.Session {
	t.Helper()
	s, err := session.New(images1977()...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
