//go:build unix

package uci

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own, so that
// killGroup reaches whatever it started (a script's children that hold
// its pipes open).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group (its id is the engine's).
func killGroup(p *os.Process) {
	if syscall.Kill(-p.Pid, syscall.SIGKILL) != nil {
		p.Kill()
	}
}
