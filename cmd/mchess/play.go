package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/internal/playui"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/session"
)

func init() {
	register("play", "play a game against MicroChess at the terminal", playMain)
}

// stdinTerminal and stdoutTerminal tell whether the game can go full
// screen; tests replace them.
var stdinTerminal, stdoutTerminal = isTerminal(os.Stdin), isTerminal(os.Stdout)

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func playMain(args []string, stdout, stderr io.Writer) int {
	var o runOpts
	fs := newFlags("mchess play", stderr,
		"usage: mchess play [options]",
		"\nPlays a game against MicroChess on the emulated KIM-1. You play Black and the",
		"program White (as after the manual's C), or White with --white (the manual's E).",
		"Type moves as SAN (Nf3, O-O, e8=Q), coordinates (g1f3) or the manual's octal",
		"squares (6343); 'help' lists the commands: hint, undo (back), flip, resign, draw,",
		"new, save, moves, quit. Castling, en passant and promotion are keyed and set up as",
		"the manual prescribes; the program's book castling is completed for it. Full screen",
		"on a terminal (Unicode figures and colour where it has them: --ascii, NO_COLOR);",
		"line by line otherwise, or with --plain.")
	white := fs.Bool("white", false, "play White (the program plays Black, as after C and E)")
	fs.Bool("black", true, "play Black (the program plays White, as after C): the default")
	level := fs.String("level", "normal", "the program's `level`: super-blitz, blitz or normal")
	program := fs.String("program", "original", "`original` (MicroChess 1977), stone (Stone's 1980 upgrade with its White or Black list, as the program's side needs), teletype (the original with the teletype routines of docs/teletype.md, played through its teletype), special (the original that castles, takes en passant and promotes: docs/special-moves.md), tuned (the original with its weights tuned: docs/tuning.md), tuned-special (the special-moves program with its weights tuned: docs/tuning.md) or library (the original with the opening library of docs/opening-library.md), all built from the sources built into mchess; or local (the working directory's ./src/microchess.asm with the residue, as make builds it)")
	fs.Var(&o.loads, "load", "play a dump instead: `FILE@ADDR` for a raw binary (hex address), or a .ptp, .hex, .srec, .kim or .wav file, read as verify --against reads it; repeatable")
	fs.Var(&o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) for --load images or local; repeatable")
	book := fs.String("book", "on", "the program's opening book: `on` or off")
	opening := fs.String("opening", "", "load an opening `FILE` over 00C0–00DB: a .book (compiled) or a 28-byte block")
	fen := fs.String("fen", "", "start from a `FEN` position (set up in the program's piece table; the book is off)")
	pgn := fs.String("pgn", "", "write the game to `FILE` as PGN (at the end, at quit, and on save)")
	lenient := fs.Bool("lenient", false, "go on after a move of the program's that is illegal in chess, from its board (else the program loses)")
	plain := fs.Bool("plain", false, "line by line, for scripts and screen readers (the default when not on a terminal)")
	panel := fs.Bool("panel", false, "the raw KIM-1: its keypad and six digits, nothing translated")
	ascii := fs.Bool("ascii", false, "full screen, draw the men as letters, not as Unicode chess figures (colour goes with NO_COLOR)")
	var rom romOption
	rom.register(fs)
	if status, ok := parseNone(fs, args); !ok {
		return status
	}
	opt := session.PlayOptions{Player: chess.Black, Lenient: *lenient, FEN: *fen}
	if *white {
		opt.Player = chess.White
	}
	var err error
	if opt.Level, err = memmap.LevelByName(*level); err != nil {
		fmt.Fprintln(stderr, "mchess play:", err)
		return 2
	}
	switch *book {
	case "on":
	case "off":
		opt.BookOff = true
	default:
		fmt.Fprintf(stderr, "mchess play: --book %s: want on or off\n", quote(*book))
		return 2
	}
	if *panel && (*plain || *pgn != "") {
		fmt.Fprintln(stderr, "mchess play: --panel is the bare keypad: no --plain or --pgn")
		return 2
	}
	if err := playProgram(&opt, *program, &o); err != nil {
		fmt.Fprintln(stderr, "mchess play:", err)
		return exitFor(err)
	}
	if *opening != "" {
		if opt.Block, opt.Book, err = openingBlock(*opening, opt.Player.Other()); err != nil {
			fmt.Fprintln(stderr, "mchess play:", err)
			return 1
		}
	}
	if *pgn != "" {
		if err := checkWritable(*pgn); err != nil {
			fmt.Fprintln(stderr, "mchess play:", err)
			return 1
		}
	}
	if *panel {
		// The bare board: the program loaded and started at 0000, no key
		// pressed for the person.
		m, err := rom.machine(layoutOf(opt), opt.Images, memmap.Start, false)
		if err == nil {
			err = playui.Panel(session.NewSession(m), os.Stdin, stdout)
		}
		if err != nil {
			fmt.Fprintln(stderr, "mchess play:", err)
			return 1
		}
		return 0
	}
	opt.Baud = rom.baud
	if opt.ROM, err = rom.options(); err != nil {
		fmt.Fprintln(stderr, "mchess play:", err)
		return exitFor(err)
	}
	p, err := session.NewPlay(opt)
	if err != nil {
		fmt.Fprintln(stderr, "mchess play:", err)
		return 1
	}
	for _, n := range p.Setup {
		fmt.Fprintln(stderr, "mchess play: note:", n)
	}
	g := &playui.Game{P: p, PGN: *pgn}
	switch {
	case *plain || !stdinTerminal || !stdoutTerminal:
		err = playui.Plain(g, os.Stdin, stdout)
	default:
		err = playui.FullScreen(g, playui.StyleFor(os.Getenv, *ascii), stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "mchess play:", err)
		return 1
	}
	if g.Unsaved != nil {
		fmt.Fprintln(stderr, "mchess play: the game is not saved:", g.Unsaved)
		return 1
	}
	return 0
}

// playProgram fills in the program to play: one built from the proven
// sources, the working directory's own (local), or --load images; named
// by what its bytes are (microchess.Describe).
func playProgram(opt *session.PlayOptions, program string, o *runOpts) error {
	switch {
	case len(o.loads) > 0:
		prog, err := loadMicroChess(o)
		if err == nil {
			err = memmap.CheckLoaded(prog.images)
		}
		if err != nil {
			return err
		}
		opt.Images, opt.Layout = prog.images, prog.layout
		opt.Program = microchess.Describe(microchess.OriginalName, prog.images, nil) + ", loaded from " + strings.Join(o.loads, " ")
		return nil
	case len(o.ram) > 0 && program != builds.Local:
		return usagef("--ram goes with --load or --program %s", builds.Local)
	}
	p, err := builds.Lookup(program)
	if err != nil {
		return usagef("--program %s: want %s", quote(program), builds.Either(builds.Names(nil)))
	}
	regions, err := parseRAM(o.ram)
	if err != nil {
		return err
	}
	b, err := p.BuildWithRAM(opt.Player.Other(), regions)
	if err != nil {
		return fileError(err)
	}
	opt.Images, opt.Program, opt.Needs = b.KIM(), b.Shown, b.Needs
	return nil
}

// openingBlock reads an opening for the program's side: a book in chess
// notation (compiled), or a 28-byte block.
func openingBlock(file string, computer chess.Color) ([]byte, string, error) {
	data, err := microchess.ReadFile(file, openings.BookLimit)
	if err != nil {
		return nil, "", fileError(err)
	}
	name := filepath.Base(file)
	if strings.HasSuffix(file, ".book") {
		b, err := openings.Compile(file, data)
		if err != nil {
			return nil, "", err
		}
		if b.Computer != computer {
			return nil, "", fmt.Errorf("%s is a book for the program as %s; it plays %s here", file, openings.ColorName(b.Computer), openings.ColorName(computer))
		}
		return b.Block[:], b.Opening + " (" + name + ")", nil
	}
	if len(data) != memmap.BookSize {
		return nil, "", fmt.Errorf("%s: not a .book file nor a %d-byte block", quote(file), memmap.BookSize)
	}
	return data, name, nil
}

func layoutOf(opt session.PlayOptions) linker.Layout {
	if len(opt.Layout.Regions) == 0 {
		return memmap.Layout
	}
	return opt.Layout
}

func checkWritable(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("--pgn %s is a directory", quote(path))
	}
	return nil
}

var _ = flag.ErrHelp
