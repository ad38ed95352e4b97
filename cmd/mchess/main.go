// Command mchess is the MicroChess toolchain: assembler, verifier and
// KIM-1 emulator front end. Each command is a Command value in its own
// file (command.go says what one is), listed in commands here; this file
// dispatches and holds what they share.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// commands are mchess's commands, in the order mchess -h lists them (each
// verb linked to its command, for its full name).
var commands = linked(nil, []*Command{
	cmdAsm,
	cmdConvert,
	cmdDebug,
	cmdDiff,
	cmdDisasm,
	cmdExport,
	cmdKeyin,
	cmdMatch,
	cmdOpening,
	cmdPatch,
	cmdPlay,
	cmdProfile,
	cmdRun,
	cmdSend,
	cmdServe,
	cmdStrength,
	cmdTape,
	cmdTiming,
	cmdTune,
	cmdUCI,
	cmdVerify,
})

func main() { os.Exit(mainExit(os.Args[1:], os.Stdout, os.Stderr)) }

// mainExit runs the command args name, writing to stdout and stderr, and
// returns its exit status.
func mainExit(args []string, stdout, stderr io.Writer) int {
	fromEnvironment()
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return 0
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, version())
		return 0
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "mchess: unknown command %q (see mchess -h)\n", args[0])
		return 2
	}
	return c.exec(args[1:], stdout, stderr)
}

// lookup is the command named name, or nil.
func lookup(name string) *Command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "mchess: the MicroChess (KIM-1, 1977) toolchain")
	fmt.Fprintln(w, "\nusage: mchess COMMAND [options] [arguments]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.Name, c.Short)
	}
	fmt.Fprintln(w, "\nRun 'mchess COMMAND -h' for a command's options, 'mchess --version' for the version.")
	fmt.Fprintln(w, "Options may come before or after the arguments; -- ends the options.")
}

// version is the module's version and the revision it was built from, as
// the Go toolchain recorded them in the binary.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "mchess (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	s := fmt.Sprintf("mchess %s (%s)", v, bi.Main.Path)
	var rev, when, modified string
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.time":
			when = kv.Value
		case "vcs.modified":
			if kv.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		s += fmt.Sprintf(" revision %s (%s%s)", rev, when, modified)
	} else {
		s += " revision unknown (built without version control information)"
	}
	return s + ", " + bi.GoVersion
}

// parse reads options wherever they stand among the arguments, as Go's own
// tools do ("mchess asm prog.asm -o out"), and returns the arguments. "--"
// ends the options. The error is nil, flag.ErrHelp, or a usage error the
// flag package has already printed.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError is an error in what was asked (an option's value), not in a
// file read or a run: the command exits 2 for it.
type usageError struct{ error }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// exitFor is a failed command's exit status: 2 for a usage error, else 1.
func exitFor(err error) int {
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// flagExit maps a flag parsing error to an exit status: -h is success.
func flagExit(err error) int {
	if err == flag.ErrHelp {
		return 0
	}
	return 2
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return fmt.Sprint([]string(*l)) }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// parseHex16 reads a hex address, with or without $ or 0x.
func parseHex16(s string) (uint16, error) {
	v, ok := dump.ParseAddr(s)
	if !ok {
		return 0, fmt.Errorf("bad hex address %s: want up to four hex digits, e.g. 0200", quote(s))
	}
	return v, nil
}

// parseLoad reads FILE@ADDR: the address after the last @ (so a path may
// hold @), in hex with or without $ or 0x.
func parseLoad(spec string) (file string, addr uint16, err error) {
	i := strings.LastIndex(spec, "@")
	if i <= 0 {
		return "", 0, fmt.Errorf("%s: want FILE@ADDR with a hex address, e.g. prog.bin@0200", quote(spec))
	}
	addr, err = parseHex16(spec[i+1:])
	if err != nil {
		return "", 0, fmt.Errorf("%s: %v", quote(spec), err)
	}
	return spec[:i], addr, nil
}

// quote shows user text in a message: as it is when it is plain printable
// text, else Go-quoted, so that control bytes never reach the terminal.
func quote(s string) string {
	q := strconv.Quote(s)
	if q[1:len(q)-1] == s && !strings.ContainsAny(s, " \t") && s != "" {
		return s
	}
	return q
}

// The environment variables mchess reads, here and nowhere else: the
// packages take what they say as settings.
const (
	// interpretEnv, set to anything but "" or "0", keeps every session on
	// the interpreter (session.Interpret), as match --interpret does.
	interpretEnv = "MCHESS_INTERPRET"
	// refereeEnv=library has the chess library judge every move its own
	// way (rules.LibraryJudges), for measuring what the Referee saves.
	refereeEnv = "MCHESS_REFEREE"
)

// fromEnvironment sets what the environment asks for; what it does not
// ask for is left as it is.
func fromEnvironment() {
	if v := os.Getenv(interpretEnv); v != "" && v != "0" {
		session.Interpret = true
	}
	if os.Getenv(refereeEnv) == "library" {
		rules.LibraryJudges = true
	}
}
