// Package match plays games between chess players, versions of MicroChess
// on the emulated KIM-1 and external UCI engines, from the lines of an
// opening suite with colours reversed, and says who is stronger by how
// much: the score, the Elo difference with its error margin and the
// likelihood of superiority (package elo), optionally stopped by an SPRT.
// Every game is refereed by the chess library; a MicroChess program's move
// is entered into the other program the way the play adapter enters a
// person's. The same settings give the same games: the programs are
// deterministic, the schedule is fixed, and results are counted in
// schedule order whatever order parallel games finish in.
package match

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/uci"
)

// Player is one participant: a MicroChess program at a level, or an
// external engine.
type Player struct {
	Name string // as the summary and the PGN call it: "original@blitz", "sf-skill0"
	// Program builds the MicroChess program for the side it plays, and
	// names it; nil for an engine.
	Program func(side chess.Color) ([]kim1.Image, string, error)
	Level   memmap.Level
	// Needs is what the program needs beyond a stock KIM-1: its memory,
	// its teletype, the special-moves program's variables (its moves
	// keyed as single moves), the library's (its book moves counted, a
	// random seed a game), Stone's plan (his opening block is no book of
	// replies but a part of its play that is never switched off).
	session.Needs
	Engine *Engine
	// ROM runs the program on the user's KIM-1 monitor ROM
	// (microchess.PlayOptions.ROM); nil: with traps.
	ROM *kim1.MonitorROM
	// Illegal is how the referee rules on the program's illegal moves
	// (SetIllegalRules).
	Illegal IllegalRule
	// Watch, when set for a MicroChess program, gives what sees it think
	// its moves in the game of the schedule's index game (nil: nothing);
	// the games in parallel call it at once.
	Watch func(game int) MoveWatcher
	seat  func() side // for tests: a side made to order
}

// MoveWatcher sees a MicroChess program think its moves in one game
// (Player.Watch), so that a profiler can count what the machine runs for
// them and nothing else: Thinking just before the program is asked for a
// move, its machine waiting for PC; Thought just after, with the move's
// cycles as the game's record and PGN count them (Record.Cycles), or the
// error that ended its thinking (cycles then 0).
type MoveWatcher interface {
	Thinking(m *kim1.Machine)
	Thought(m *kim1.Machine, cycles uint64, err error)
}

// Engine is an external UCI engine and how it is asked for moves.
type Engine struct {
	Command []string
	Options []uci.Option
	Limit   uci.Limit
	// Pick > 1 makes the engine vary its play: it searches with MultiPV
	// Pick, and one of the lines within PickMargin centipawns of the best
	// is played, chosen at random with a seed of the game's (pickMove).
	Pick, PickMargin int
	// Xboard: the engine speaks xboard's protocol, not UCI (Fairy-Max);
	// it plays at a fixed depth from the initial position, and takes no
	// options (uci.StartXboard).
	Xboard bool
}

// start runs the engine and shakes hands with it.
func (e *Engine) start() (*uci.Client, error) {
	if e.Xboard {
		return uci.StartXboard(e.Command)
	}
	return uci.Start(e.Command, e.Options)
}

// IsEngine tells an external engine from a MicroChess program.
func (p *Player) IsEngine() bool { return p.Engine != nil }

// DefaultLevel is a program's level when its name has none, as in play.
const DefaultLevel = "normal"

// Roster resolves players' names: the built-in programs, programs loaded
// from images, and engines defined by ParseEngine.
type Roster struct {
	programs   map[string]func(side chess.Color) ([]kim1.Image, string, error)
	needs      map[string]session.Needs // of the programs added
	engines    map[string]*Engine
	used       map[string]bool
	variants   map[string]string // a variant's base program (AddVariant)
	localNeeds session.Needs     // of the program local
}

// NewRoster knows the built-in programs.
func NewRoster() *Roster {
	r := &Roster{programs: map[string]func(chess.Color) ([]kim1.Image, string, error){},
		needs: map[string]session.Needs{}, engines: map[string]*Engine{}, used: map[string]bool{},
		variants: map[string]string{}}
	for _, p := range builds.Catalogue {
		r.programs[p.Name] = catalogued(p, nil)
	}
	return r
}

// AddProgram names a MicroChess program given as images (loaded, or built
// from a modified source), with the memory it needs (zero: the KIM-1's
// own); it plays either side with the same images.
func (r *Roster) AddProgram(name, desc string, images []kim1.Image, layout linker.Layout) error {
	if err := r.free(name); err != nil {
		return err
	}
	r.programs[name] = func(chess.Color) ([]kim1.Image, string, error) { return images, desc, nil }
	r.needs[name] = session.Needs{Layout: layout}
	return nil
}

// Unused names the programs added and engines defined that no player
// named.
func (r *Roster) Unused() []string {
	var n []string
	for k := range r.needs {
		if !r.used[k] {
			n = append(n, k)
		}
	}
	for k := range r.engines {
		if !r.used[k] {
			n = append(n, k)
		}
	}
	slices.Sort(n)
	return n
}

func (r *Roster) free(name string) error {
	if name == "" || strings.ContainsAny(name, "@=, \t\"") {
		return fmt.Errorf("player name %q: want a word without @ = , spaces or quotes", name)
	}
	if _, ok := r.programs[name]; ok {
		return fmt.Errorf("player name %q is taken", name)
	}
	if _, ok := r.engines[name]; ok {
		return fmt.Errorf("player name %q is taken", name)
	}
	return nil
}

// AddEngine reads an engine definition, fields separated by commas:
//
//	name=sf,cmd=/usr/games/stockfish,nodes=1000,option.Skill Level=0
//
// cmd is the command line (split at spaces); one limit at least: nodes=N,
// depth=N or movetime=DURATION (100ms; a bare number is milliseconds);
// option.NAME=VALUE sets a UCI option the engine declares; pick=N (and
// margin=CP, default DefaultPickMargin) varies its play (Engine.Pick);
// proto=xboard plays an engine that speaks xboard's protocol (Fairy-Max),
// at depth=N only.
func (r *Roster) AddEngine(def string) (string, error) {
	e := &Engine{}
	var name string
	for _, field := range strings.Split(def, ",") {
		k, v, ok := strings.Cut(field, "=")
		k = strings.TrimSpace(k)
		if !ok {
			return "", fmt.Errorf("engine %q: field %q: want KEY=VALUE", def, field)
		}
		var err error
		switch {
		case k == "name":
			name = v
		case k == "cmd":
			e.Command = strings.Fields(v)
		case k == "nodes":
			e.Limit.Nodes, err = strconv.ParseInt(v, 10, 64)
			if err == nil && e.Limit.Nodes <= 0 {
				err = fmt.Errorf("not positive")
			}
		case k == "depth":
			e.Limit.Depth, err = strconv.Atoi(v)
			if err == nil && e.Limit.Depth <= 0 {
				err = fmt.Errorf("not positive")
			}
		case k == "movetime":
			e.Limit.MoveTime, err = parseDuration(v)
		case k == "proto":
			switch v {
			case "uci":
			case "xboard":
				e.Xboard = true
			default:
				err = fmt.Errorf("want uci or xboard")
			}
		case k == "pick":
			e.Pick, err = strconv.Atoi(v)
			if err == nil && (e.Pick < 2 || e.Pick > 64) {
				err = fmt.Errorf("want 2 to 64 lines")
			}
		case k == "margin":
			e.PickMargin, err = strconv.Atoi(v)
			if err == nil && e.PickMargin < 0 {
				err = fmt.Errorf("negative")
			}
		case strings.HasPrefix(k, "option.") && len(k) > len("option."):
			e.Options = append(e.Options, uci.Option{Name: k[len("option."):], Value: v})
		default:
			return "", fmt.Errorf("engine %q: unknown field %q (want name, cmd, proto, nodes, depth, movetime, pick, margin, option.NAME)", def, k)
		}
		if err != nil {
			return "", fmt.Errorf("engine %q: %s=%s: %v", def, k, v, err)
		}
	}
	switch {
	case name == "":
		return "", fmt.Errorf("engine %q: no name=", def)
	case len(e.Command) == 0:
		return "", fmt.Errorf("engine %q: no cmd=", def)
	case e.Limit == (uci.Limit{}):
		return "", fmt.Errorf("engine %q: no limit: give nodes=, depth= or movetime= (nodes and depth give the same games again; movetime does not)", def)
	}
	if e.Xboard && (uci.CheckXboardLimit(e.Limit) != nil || len(e.Options) > 0 || e.Pick > 0) {
		return "", fmt.Errorf("engine %q: proto=xboard takes depth= and none of nodes=, movetime=, pick=, option.NAME=", def)
	}
	if e.PickMargin > 0 && e.Pick == 0 {
		return "", fmt.Errorf("engine %q: margin= without pick=", def)
	}
	if e.Pick > 0 {
		if e.PickMargin == 0 {
			e.PickMargin = DefaultPickMargin
		}
		if !slices.ContainsFunc(e.Options, func(o uci.Option) bool { return strings.EqualFold(o.Name, "MultiPV") }) {
			e.Options = append(e.Options, uci.Option{Name: "MultiPV", Value: strconv.Itoa(e.Pick)})
		}
	}
	if err := r.free(name); err != nil {
		return "", err
	}
	r.engines[name] = e
	return name, nil
}

func parseDuration(v string) (time.Duration, error) {
	if n, err := strconv.Atoi(v); err == nil {
		v = strconv.Itoa(n) + "ms"
	}
	d, err := time.ParseDuration(v)
	if err == nil && d <= 0 {
		err = fmt.Errorf("not positive")
	}
	return d, err
}

// Player resolves a player's name: PROGRAM[@LEVEL] for a MicroChess
// program (of the catalogue, package builds, or one added), or an
// engine's name.
func (r *Roster) Player(spec string) (*Player, error) {
	name, level, hasLevel := strings.Cut(spec, "@")
	if e, ok := r.engines[name]; ok {
		if hasLevel {
			return nil, fmt.Errorf("player %q: %s is an engine: its limit is set where it is defined, not with @", spec, name)
		}
		r.used[name] = true
		return &Player{Name: name, Engine: e}, nil
	}
	prog, ok := r.programs[name]
	if !ok {
		return nil, fmt.Errorf("player %q: no program or engine %q (want %s)", spec, name, strings.Join(r.names(), ", "))
	}
	if !hasLevel {
		level = DefaultLevel
	}
	l, err := memmap.LevelByName(level)
	if err != nil {
		return nil, fmt.Errorf("player %q: %v", spec, err)
	}
	r.used[name] = true
	// A variant plays as its base program does, with its bytes changed.
	base := name
	for r.variants[base] != "" {
		base = r.variants[base]
		r.used[base] = true
	}
	pl := &Player{Name: name + "@" + l.Name, Program: prog, Level: l, Needs: r.needs[base]}
	if _, added := r.needs[base]; !added {
		if pl.Needs, err = r.builtinNeeds(base); err != nil {
			return nil, fmt.Errorf("player %q: %v", spec, err)
		}
	}
	return pl, nil
}

// builtinNeeds is what a program of the catalogue needs (the local
// program: with the expansion RAM given to LocalRAM).
func (r *Roster) builtinNeeds(name string) (session.Needs, error) {
	p, err := builds.Lookup(name)
	if err != nil {
		return session.Needs{}, err
	}
	if p.Local {
		return r.localNeeds, nil
	}
	return p.Needs()
}

func (r *Roster) names() []string {
	var n []string
	for k := range r.programs {
		n = append(n, k+"[@LEVEL]")
	}
	for k := range r.engines {
		n = append(n, k)
	}
	slices.Sort(n)
	return n
}
