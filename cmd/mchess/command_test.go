package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCommandsListed checks that mchess -h lists every command with its
// short help, in the order of the list.
func TestCommandsListed(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := mainExit([]string{"-h"}, &stdout, &stderr); status != 0 {
		t.Fatalf("mchess -h: exit %d\n%s", status, stderr.String())
	}
	out := stdout.String()
	last := -1
	for _, c := range commands {
		line := "\n  " + c.Name + " "
		i := strings.Index(out, line)
		if i < 0 || !strings.Contains(out[i:], c.Short+"\n") {
			t.Errorf("mchess -h does not list %s with %q:\n%s", c.Name, c.Short, out)
			continue
		}
		if i < last {
			t.Errorf("mchess -h lists %s out of order", c.Name)
		}
		last = i
	}
}

// TestCommandHelp checks that each command's -h, and each verb's, starts
// with its usage line: on stderr for a command's options (exit 0), on
// stdout for a command of verbs.
func TestCommandHelp(t *testing.T) {
	var check func(args []string, c *Command)
	check = func(args []string, c *Command) {
		args = append(args[:len(args):len(args)], c.Name)
		var stdout, stderr bytes.Buffer
		status := mainExit(append(args, "-h"), &stdout, &stderr)
		help := stderr.String()
		if c.Commands != nil {
			help = stdout.String()
		}
		name := "mchess " + strings.Join(args, " ")
		if status != 0 {
			t.Errorf("%s -h: exit %d", name, status)
		}
		if want := "usage: " + c.UsageLine + "\n"; !strings.HasPrefix(help, want) {
			t.Errorf("%s -h does not start with its usage line %q:\n%s", name, want, help)
		}
		if !strings.HasPrefix(c.UsageLine, name+" ") && c.UsageLine != name {
			t.Errorf("%s: usage line %q does not start with its name", name, c.UsageLine)
		}
		if (c.New == nil) == (c.Commands == nil) {
			t.Errorf("%s: want either options or verbs", name)
		}
		for _, v := range c.Commands {
			check(args, v)
		}
	}
	for _, c := range commands {
		if c.Short == "" {
			t.Errorf("%s: no short help", c.Name)
		}
		check(nil, c)
	}
}
