package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// A Command is one of mchess's commands, or one verb of a command that
// has them (mchess opening compile), in the manner of cmd/go's
// base.Command. Its -h text is made from the values: "usage: " and
// UsageLine, the Long help, then the options.
type Command struct {
	// Name is the word that runs the command: "asm", or "compile" for
	// the verb mchess opening compile.
	Name string
	// UsageLine is what -h prints after "usage: ": the command's
	// arguments, one line for each form (the later lines indented to
	// line up under the first).
	UsageLine string
	// Short is the one line mchess -h lists the command with.
	Short string
	// Long is the help after the usage line and a blank line.
	Long string
	// New makes the command's options, fresh for each run: their flags
	// and the run that does the work with them. Nil for a command of
	// verbs.
	New func() options
	// Commands are the command's verbs (mchess opening compile); a
	// command has either verbs or New.
	Commands []*Command

	parent *Command
}

// options are a command's options for one run: flags defines them on the
// command's flag set, and run does the command's work once they are
// parsed, with the arguments. run's error decides the exit status (see
// exitStatus); nil is success.
type options interface {
	flags(fs *flag.FlagSet)
	run(e *env, args []string) error
}

// env is what a run writes to: stdout and stderr, and its command's flag
// set (for its usage, and the flags given).
type env struct {
	stdout, stderr io.Writer
	fs             *flag.FlagSet
}

// usage prints what is wrong (format and args) and the command's usage
// to stderr, and returns the error that exits 2 for it: a run's answer to
// arguments it cannot take. The line comes first, as the flag package
// puts its own.
func (e *env) usage(format string, args ...any) error {
	fmt.Fprintf(e.stderr, "%s: %s\n", e.fs.Name(), fmt.Sprintf(format, args...))
	e.fs.Usage()
	return exitError{status: 2}
}

// given says what arguments a run was given, for a usage line: "given
// none", "given a.bin@0 b.bin@1" (each quoted as quote does, the list
// cut short after a few).
func given(args []string) string {
	if len(args) == 0 {
		return "given none"
	}
	var shown []string
	for i, a := range args {
		if i == 4 {
			shown = append(shown, fmt.Sprintf("and %d more", len(args)-i))
			break
		}
		if len(a) > 60 {
			a = a[:60] + "…"
		}
		shown = append(shown, quote(a))
	}
	return "given " + strings.Join(shown, " ")
}

// fullName is "mchess opening compile".
func (c *Command) fullName() string {
	if c.parent == nil {
		return "mchess " + c.Name
	}
	return c.parent.fullName() + " " + c.Name
}

// help writes the command's usage line and long help.
func (c *Command) help(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", c.UsageLine)
	if c.Long != "" {
		fmt.Fprintf(w, "\n%s\n", c.Long)
	}
}

// flagSet makes the command's flag set for one run, its options defined
// on it: errors and -h go to stderr, and -h prints the help, then the
// options (if it has any).
func (c *Command) flagSet(stderr io.Writer) (*flag.FlagSet, options) {
	fs := flag.NewFlagSet(c.fullName(), flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		c.help(stderr)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(stderr, "\noptions:")
			fs.PrintDefaults()
		}
	}
	o := c.New()
	o.flags(fs)
	return fs, o
}

// exec runs the command with args (what follows its name) and returns
// its exit status.
func (c *Command) exec(args []string, stdout, stderr io.Writer) int {
	if c.Commands != nil {
		return c.execVerb(args, stdout, stderr)
	}
	fs, o := c.flagSet(stderr)
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	e := &env{stdout: stdout, stderr: stderr, fs: fs}
	return exitStatus(o.run(e, rest), stderr)
}

// execVerb runs the verb args[0] names. The usage goes to stdout for -h
// (status 0) and to stderr when the verb is missing or unknown (2).
func (c *Command) execVerb(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		c.help(stderr)
		return 2
	}
	for _, v := range c.Commands {
		if v.Name == args[0] {
			return v.exec(args[1:], stdout, stderr)
		}
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		c.help(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "%s: unknown verb %q\n", c.fullName(), args[0])
	c.help(stderr)
	return 2
}

// linked sets each command's parent (and its verbs', theirs), so that a
// verb's name is "mchess opening compile", and returns the commands.
func linked(parent *Command, cmds []*Command) []*Command {
	for _, c := range cmds {
		c.parent = parent
		linked(c, c.Commands)
	}
	return cmds
}

// exitError ends a run with an exit status: 130 for a run Ctrl-C
// stopped, 2 for arguments it cannot take, 1 for a failure. Its error, if
// any, is printed to stderr first; without one, the run has said what
// went wrong itself (or there is nothing to say).
type exitError struct {
	status int
	err    error
}

func (e exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.status)
	}
	return e.err.Error()
}

func (e exitError) Unwrap() error { return e.err }

// exit is the error that ends a run with status, having said all there is
// to say.
func exit(status int) error {
	if status == 0 {
		return nil
	}
	return exitError{status: status}
}

// failf is an error that ends a run with status, printed to stderr.
func failf(status int, format string, args ...any) error {
	return exitError{status, fmt.Errorf(format, args...)}
}

// exitStatus prints a run's error (if it has one to print) on stderr and
// returns its exit status: 0 for nil, an exitError's own, 2 for a usage
// error, else 1.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var x exitError
	if errors.As(err, &x) {
		if x.err != nil {
			fmt.Fprintln(stderr, x.err)
		}
		return x.status
	}
	fmt.Fprintln(stderr, err)
	return exitFor(err)
}
