package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startGroup starts cmd in a process group of its own, which the test's
// cleanup kills whole: the programs it starts in turn (an X server's
// helpers, xboard's engines) go with it.
func startGroup(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
}

// runGroup runs cmd in a process group of its own (startGroup) and waits
// for it at most limit; then the group is killed and it is an error.
func runGroup(t *testing.T, cmd *exec.Cmd, limit time.Duration) error {
	t.Helper()
	startGroup(t, cmd)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		return errors.New("did not end in " + limit.String() + ": killed")
	}
}

// startXvfb starts a virtual X server for the test and returns its
// display. The server picks a free display itself (-displayfd): two
// servers starting at once cannot take the same one, as they can under
// xvfb-run -a, which looks for a free number and then starts the server.
func startXvfb(t *testing.T, xvfb string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(xvfb, "-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "1280x1024x24")
	cmd.ExtraFiles = []*os.File{w}
	var log strings.Builder
	cmd.Stderr = &log
	startGroup(t, cmd)
	w.Close()
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	// SIGTERM first: the server then removes its /tmp/.X*-lock file, which
	// SIGKILL (startGroup's cleanup, run after this one) leaves behind.
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
		}
	})
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	var s string
	select {
	case s = <-line:
		if _, err := strconv.Atoi(s); err == nil {
			return ":" + s
		}
	case <-time.After(30 * time.Second):
		s = "nothing in 30 s"
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	<-exited // its output is complete
	t.Fatalf("Xvfb gave no display (%s):\n%s", s, log.String())
	return ""
}
