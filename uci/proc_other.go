//go:build !unix

package uci

import (
	"os"
	"os/exec"
)

func ownGroup(*exec.Cmd) {}

// killGroup kills the engine alone: there are no process groups here.
func killGroup(p *os.Process) { p.Kill() }
