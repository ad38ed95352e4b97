package debug

import (
	"strings"
	"testing"
)

func TestProbeScript(t *testing.T) {
	d, _ := firstMove(t, "normal")
	var out strings.Builder
	m := &Monitor{D: d, Out: &out}
	script := `break STRATGY
continue
counts
board
state
where
list
next
next
step
step
where
finish
regs
x .PIECE 8
watch .BESTV
continue
continue
info
delete
continue
`
	if err := m.Script("probe", strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	t.Log(out.String())
}
