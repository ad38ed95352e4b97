package main

import (
	"errors"
	"flag"
	"fmt"
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
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

var cmdPlay = &Command{
	Name:      "play",
	UsageLine: "mchess play [options]",
	Short:     "play a game against MicroChess at the terminal",
	Long: `Plays a game against MicroChess on the emulated KIM-1. You play Black and the
program White (as after the manual's C), or White with --white (the manual's E).
Type moves as SAN (Nf3, O-O, e8=Q), coordinates (g1f3) or the manual's octal
squares (6343); 'help' lists the commands: hint, undo (back), flip, resign, draw,
new, save, moves, quit. Castling, en passant and promotion are keyed and set up as
the manual prescribes; the program's book castling is completed for it. Full screen
on a terminal (Unicode figures and colour where it has them: --ascii, NO_COLOR);
line by line otherwise, or with --plain.`,
	New: func() options { return new(playOptions) },
}

// stdinTerminal and stdoutTerminal tell whether the game can go full
// screen; tests replace them.
var stdinTerminal, stdoutTerminal = isTerminal(os.Stdin), isTerminal(os.Stdout)

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// playProgramHelp is the help of play's --program: the catalogue's
// programs.
func playProgramHelp() string { return programList(nil, true) }

type playOptions struct {
	o                                       runOpts
	white, lenient, plain, panel, ascii     bool
	level, program, book, opening, fen, pgn string
	rom                                     romOption
}

func (o *playOptions) flags(fs *flag.FlagSet) {
	fs.BoolVar(&o.white, "white", false, "play White (the program plays Black, as after C and E)")
	fs.Bool("black", true, "play Black (the program plays White, as after C): the default")
	fs.StringVar(&o.level, "level", "normal", "the program's `level`: super-blitz, blitz or normal")
	fs.StringVar(&o.program, "program", builds.Original, playProgramHelp())
	fs.Var(&o.o.loads, "load", "play a dump instead: `FILE@ADDR` for a raw binary (hex address), or a .ptp, .hex, .srec, .kim or .wav file, read as verify --against reads it; repeatable")
	fs.Var(&o.o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) for --load images or local; repeatable")
	fs.StringVar(&o.book, "book", "on", "the program's opening book: `on` or off")
	fs.StringVar(&o.opening, "opening", "", "load an opening `FILE` over 00C0–00DB: a .book (compiled) or a 28-byte block")
	fs.StringVar(&o.fen, "fen", "", "start from a `FEN` position (set up in the program's piece table; the book is off)")
	fs.StringVar(&o.pgn, "pgn", "", "write the game to `FILE` as PGN (at the end, at quit, and on save)")
	fs.BoolVar(&o.lenient, "lenient", false, "go on after a move of the program's that is illegal in chess, from its board (else the program loses)")
	fs.BoolVar(&o.plain, "plain", false, "line by line, for scripts and screen readers (the default when not on a terminal)")
	fs.BoolVar(&o.panel, "panel", false, "the raw KIM-1: its keypad and six digits, nothing translated")
	fs.BoolVar(&o.ascii, "ascii", false, "full screen, draw the men as letters, not as Unicode chess figures (colour goes with NO_COLOR)")
	o.rom.register(fs)
}

// playFail is a failure of mchess play, with its exit status.
func playFail(status int, err error) error {
	return failf(status, "mchess play: %v", err)
}

func (o *playOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return e.usage("takes no arguments, %s", given(args))
	}
	opt, err := o.options()
	if err != nil {
		return err
	}
	if o.panel {
		// The bare board: the program loaded and started at 0000, no key
		// pressed for the person.
		m, err := o.rom.machine(layoutOf(opt), opt.Images, memmap.Start, false)
		if err == nil {
			err = playui.Panel(session.NewSession(m), os.Stdin, e.stdout)
		}
		if err != nil {
			return playFail(1, err)
		}
		return nil
	}
	opt.Baud = o.rom.baud
	if opt.ROM, err = o.rom.options(); err != nil {
		return playFail(exitFor(err), err)
	}
	p, err := session.NewPlay(opt)
	if err != nil {
		return playFail(1, err)
	}
	for _, n := range p.Setup {
		fmt.Fprintln(e.stderr, "mchess play: note:", n)
	}
	g := &playui.Game{P: p, PGN: o.pgn}
	switch {
	case o.plain || !stdinTerminal || !stdoutTerminal:
		return playPlain(e, g)
	default:
		err = playui.FullScreen(g, playui.StyleFor(os.Getenv, o.ascii), e.stdout)
	}
	if err != nil {
		return playFail(1, err)
	}
	if g.Unsaved != nil {
		return failf(1, "mchess play: the game is not saved: %v", g.Unsaved)
	}
	return nil
}

// playPlain plays the game line by line. Ctrl-C, SIGTERM and SIGHUP end
// it as quit does, the game saved with --pgn (the full-screen game does
// the same through Bubble Tea's own handling of the keys and signals),
// and the status says which signal (stopOnSignal).
func playPlain(e *env, g *playui.Game) error {
	ctx, stopped, release := stopOnSignal()
	defer release()
	err := playui.Plain(g, os.Stdin, e.stdout, ctx.Done())
	switch {
	case errors.Is(err, playui.ErrStopped) && g.Unsaved != nil:
		return failf(stopped(), "mchess play: interrupted, and the game is not saved: %v", g.Unsaved)
	case errors.Is(err, playui.ErrStopped):
		return failf(stopped(), "mchess play: interrupted: %s", g.SaveAdvice())
	case err != nil:
		return playFail(1, err)
	case g.Unsaved != nil:
		return failf(1, "mchess play: the game is not saved: %v", g.Unsaved)
	}
	return nil
}

// options checks the options and makes the game's from them.
func (o *playOptions) options() (session.PlayOptions, error) {
	opt := session.PlayOptions{Player: chess.Black, Lenient: o.lenient, FEN: o.fen}
	if o.white {
		opt.Player = chess.White
	}
	var err error
	if opt.Level, err = memmap.LevelByName(o.level); err != nil {
		return opt, playFail(2, err)
	}
	switch o.book {
	case "on":
	case "off":
		opt.BookOff = true
	default:
		return opt, failf(2, "mchess play: --book %s: want on or off", quote(o.book))
	}
	if o.fen != "" {
		// A flag's value: a usage error, quoted as given.
		if _, err := rules.LegalFEN(o.fen); err != nil {
			return opt, failf(2, "mchess play: --fen %s: %v", quote(o.fen), err)
		}
	}
	if o.panel && (o.plain || o.pgn != "") {
		return opt, failf(2, "mchess play: --panel is the bare keypad: no --plain or --pgn")
	}
	if err := playProgram(&opt, o.program, &o.o); err != nil {
		return opt, playFail(exitFor(err), err)
	}
	if o.opening != "" {
		if opt.Block, opt.Book, err = openingBlock(o.opening, opt.Player.Other()); err != nil {
			return opt, playFail(1, err)
		}
	}
	if o.pgn != "" {
		if err := checkWritable(o.pgn); err != nil {
			return opt, playFail(1, err)
		}
	}
	return opt, nil
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
