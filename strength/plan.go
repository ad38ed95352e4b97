package strength

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/builds"
)

// Suite is the opening suite of the study: 10,000 lines, so that
// every match of the study plays distinct games (docs/opening-suite.md).
const Suite = "balanced-10k"

// studyGames are the games a pairing at each level: as many as the study
// can afford in about an hour on two cores, the Normal level being the
// dearest (docs/benchmarks.md has the games an hour).
var studyGames = map[string]int{"super-blitz": 4000, "blitz": 2000, "normal": 1000}

var studyLevels = []string{"super-blitz", "blitz", "normal"}

// variantGames are the games of each reconstruction variant against the
// original (at Super Blitz; five pairings).
const variantGames = 2000

// stoneVariants are the plausible alternatives to the bytes of Stone's
// upgrade that no document prints (docs/stone-1980.md, Reconstructions):
// each is measured against the original, so that the verdict on the
// upgrade is seen to stand or fall with them.
var stoneVariants = []struct{ name, def, what string }{
	{"stone-factor07", "00C3=07", "FACTOR 07, the low end of the window in which the experiment's games follow the whole plan and meet every threat (the project chose 15, the middle)"},
	{"stone-factor24", "00C3=24", "FACTOR 24, the high end of that window"},
	{"stone-pqb4", "white:00CD=0D1535,black:00CD=0D1232", "DEVP-4 P-QB4 in place of P-K3 (the lost rows of Table 1): the experiment's runner-up"},
	{"stone-wmaxc", "17B2=EC", "17B1 read as LDX *WMAXC (A6 EC) in place of LDX *WCAP0 (A6 DD): the other reading of the lost line"},
}

// libraryOpponent is the opponent the opening library is measured
// against: Stockfish at depth 1 choosing among its best eight lines within
// 200 centipawns, with a seed a game, so that each game meets other
// replies (a deterministic opponent would play the same few games again)
// and the programs score neither nothing nor everything.
const libraryOpponent = "name=sf-varied,depth=1,pick=8,margin=200"

// The round robin (part 7): the programs at Normal with two engines
// anyone can set up again, all against all, rated on one scale.
const (
	// RoundRobinSuite holds the round robin's lines: the walk of
	// balanced-10k continued (docs/opening-suite.md, fresh-1k), lines no
	// tuning, term test, selection or development of any program played;
	// only the tuned programs' confirmation has (make confirm), which
	// chose nothing.
	RoundRobinSuite = "suite/fresh-1k.txt"
	// The lines, in blocks of a match each, so that a study stopped part
	// way keeps the blocks finished: 6 of 15 lines, 180 games a pairing,
	// 5,040 in all, about half an hour on the 2-core machine shared with
	// other work (a block took about 5 minutes at a load average of 12).
	roundRobinBlocks    = 6
	roundRobinBlockSize = 15
	// fairyMaxDepth: at depth 1 (and its quiescence) Fairy-Max scored
	// about 70% against the 1977 program and 15 to 30% against the
	// searching programs in a trial of 20 games each (lines 8401–8420 of
	// balanced-10k), between the two groups, which otherwise meet at lopsided scores;
	// at depth 2 it scored about 75% against search5k and nearly all
	// against the 1977 program.
	fairyMaxDepth = 1
	// Anchor is the round robin's fixed player: Stockfish at UCI_Elo 1350,
	// given that rating, so that the others' are differences from it on
	// Stockfish's own scale.
	Anchor        = "sf-elo1350"
	AnchorElo     = 1350
	stockfish1350 = "name=" + Anchor + ",nodes=10000,option.UCI_LimitStrength=true,option.UCI_Elo=1350"
)

// Plan is the study: its questions and the matches that answer them.
// quick plays two short games a pairing, to try the study out.
func Plan(stockfish, fairymax string, jobs int, quick bool) []Part {
	games := func(n int) string {
		if quick {
			return "2"
		}
		return strconv.Itoa(n)
	}
	common := []string{"-j", strconv.Itoa(jobs)}
	if quick {
		common = append(common, "--max-plies", "8")
	}
	// Each match keeps its games (not in --quick, which measures nothing).
	cmd := func(n int, args ...string) []string {
		a := append(append(args, "--games", games(n)), common...)
		if !quick {
			var name []string
			for _, w := range args {
				if strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
					continue
				}
				name = append(name, strings.ReplaceAll(w, "@", "-"))
			}
			a = append(a, "--pgn", "build/strength/"+strings.Join(name, "_")+".pgn")
		}
		return a
	}
	suite := []string{"--openings", Suite}
	sf := func(def string) []string {
		return []string{"--engine", def + ",cmd=" + stockfish + ",option.Threads=1,option.Hash=16"}
	}

	var stone [][]string
	for _, l := range studyLevels {
		for _, rule := range []string{"forfeit", "touch-move"} {
			a := cmd(studyGames[l], "stone@"+l, "original@"+l)
			if i := slices.Index(a, "--pgn"); i >= 0 {
				// The same players under both rules: the rule names the file too.
				a[i+1] = strings.TrimSuffix(a[i+1], ".pgn") + "_" + rule + ".pgn"
			}
			stone = append(stone, append(append(a, suite...), "--illegal", "stone="+rule))
		}
	}

	variants := []string{"--gauntlet", "original@super-blitz", "stone@super-blitz"}
	var defs []string
	for _, v := range stoneVariants {
		variants = append(variants, v.name+"@super-blitz")
		defs = append(defs, "--variant", v.name+"=stone,"+v.def, "--illegal", v.name+"=touch-move")
	}
	reconstructed := append(append(append(cmd(variantGames, variants...), suite...), defs...), "--illegal", "stone=touch-move")

	var special [][]string
	for _, l := range studyLevels {
		special = append(special, append(cmd(studyGames[l], "special@"+l, "original@"+l), suite...))
	}

	var library [][]string
	for _, l := range []string{"blitz", "normal"} {
		a := cmd(200, "--book", "--gauntlet", "sf-varied", "library@"+l, "original@"+l)
		library = append(library, append(a, sf(libraryOpponent)...))
	}

	levels := append(cmd(studyGames["normal"], "original@super-blitz", "original@blitz", "original@normal"), suite...)

	var refs [][]string
	for _, prog := range []string{"original@normal", "stone@normal"} {
		a := append(cmd(200, "--gauntlet", prog, "sf-elo1350", "sf-skill0", "sf-node1"), suite...)
		if strings.HasPrefix(prog, "stone@") {
			a = append(a, "--illegal", "stone=touch-move")
		}
		a = append(a, sf(stockfish1350)...)
		a = append(a, sf("name=sf-skill0,nodes=1,option.Skill Level=0")...)
		a = append(a, sf("name=sf-node1,nodes=1")...)
		refs = append(refs, a)
	}

	fm := fmt.Sprintf("fairy-max-d%d", fairyMaxDepth)
	rrPlayers := []string{builds.Original, builds.Stone, builds.Tuned, builds.Special, builds.Search1K, builds.Search5K}
	for i := range rrPlayers {
		rrPlayers[i] += "@normal"
	}
	rrPlayers = append(rrPlayers, Anchor, fm)
	var robin [][]string
	for k := range roundRobinBlocks {
		lines := fmt.Sprintf("%d-%d", k*roundRobinBlockSize+1, (k+1)*roundRobinBlockSize)
		a := cmd(2*roundRobinBlockSize, rrPlayers...)
		if i := slices.Index(a, "--pgn"); i >= 0 {
			a[i+1] = strings.TrimSuffix(a[i+1], ".pgn") + "_lines-" + lines + ".pgn"
		}
		a = append(a, "--openings", RoundRobinSuite+":"+lines, "--illegal", builds.Stone+"=touch-move")
		a = append(a, sf(stockfish1350)...)
		a = append(a, "--engine", fmt.Sprintf("name=%s,proto=xboard,depth=%d,cmd=%s", fm, fairyMaxDepth, fairymax))
		robin = append(robin, a)
	}

	var variantNotes []string
	for _, v := range stoneVariants {
		variantNotes = append(variantNotes, "`"+v.name+"`: "+v.what+".")
	}
	return []Part{
		{Title: "Stone's upgrade against the original, under both rules",
			Question: "Stone's 1980 article says the upgrade plays \"a significantly better game\", and measures nothing. Does it, at each level?",
			Note: "The upgrade is played as this toolchain rebuilds it, its reconstructed bytes included (docs/stone-1980.md; " +
				"part 2 measures what rests on them). Its development list makes moves illegal in chess: a pawn's double step " +
				"through a man on the square between, castling through or out of check or with the rook gone. Each match is " +
				"played twice: under `forfeit` such a move loses the game, as a strict referee would rule; under `touch-move` " +
				"it is refereed as the article says (docs/referee.md): the man it moved must move, the referee enters the legal " +
				"move of that man nearest the square it meant, and with none the program resigns. The two runs play the same " +
				"games up to the first illegal move.",
			Matches: stone},
		{Title: "What rests on the reconstructed bytes",
			Question: "Three parts of the upgrade are printed nowhere: FACTOR, the lost rows of Table 1 (DEVP-4) and the line at 17B1. The project chose them by an experiment and a reading of the article (docs/stone-1980.md). Would another plausible choice change the verdict?",
			Note: "Each alternative is the upgrade with those bytes changed, everything else equal, against the original at " +
				"Super Blitz under the touch-move rule: " + strings.Join(variantNotes, " ") +
				" The spread of the differences below is how far the verdict of part 1 depends on the reconstruction.",
			Matches: [][]string{reconstructed}, Kind: Variants},
		{Title: "The special-moves program against the original",
			Question: "Castling, en passant and promotion (docs/special-moves.md): does knowing them make the program stronger?",
			Matches:  special},
		{Title: "The opening library, where a library matters",
			Question: "The library (docs/opening-library.md) plays one of twenty books, chosen at random. Against an opponent that varies its replies, does it score better than the original's single book?",
			Note: "Games start from the initial position with the programs' books on (--book). Both programs meet the same " +
				"opponent, Stockfish at depth 1 choosing at random among its best eight lines within 200 centipawns of the best " +
				"(a seed of the game's, so the same match plays the same games): against a deterministic opponent the two " +
				"programs would play a handful of games again and again. What compares the two is their score against it.",
			Matches: library, Kind: Library},
		{Title: "The original's levels against each other",
			Question: "The manual's levels give a move about 3 s, 10 s and 100 s on the KIM-1. What does the thinking buy?",
			Matches:  [][]string{levels}},
		{Title: "Against Stockfish at fixed weak settings",
			Question: "Where do the programs stand against opponents anyone can set up again?",
			Note: "Stockfish weakened by Skill Level or UCI_LimitStrength picks among its moves at random, from a " +
				"generator it seeds from the clock: those games are not the same from run to run, only their " +
				"statistics are. At one node and full strength it is deterministic. UCI_Elo is Stockfish's own " +
				"scale; the differences below are against these settings, not ratings on any list.",
			Matches: refs},
		{Title: "The programs on one scale: a round robin at Normal",
			Question: "Where does each program stand, on one scale with two engines anyone can set up again?",
			Note: fmt.Sprintf("Every program at Normal, Stockfish 15.1 at UCI_Elo 1350 and 10,000 nodes a move (`%s`) and "+
				"Fairy-Max 5.0b at depth %d (`%s`, an xboard engine: depth %d and its quiescence), each against each, from "+
				"lines 1–%d of `%s` (docs/opening-suite.md, fresh-1k: no tuning, selection or development of any program "+
				"played them), each line twice with colours reversed, in %d matches of %d lines; Stone's upgrade under the "+
				"touch-move rule of its article. The depth puts Fairy-Max between the 1977 programs and the searching ones, "+
				"which otherwise meet only at lopsided scores (a trial of 20 games a pairing on other lines: about 70%% against the original, "+
				"15 to 30%% against the searching programs; at depth 2 it scored nearly all against the original). The "+
				"pairings are summed over the matches. The ratings are a Bradley–Terry fit by maximum likelihood over "+
				"every game counted, a draw half a win (package rating), anchored at `%s` = %d: a rating is a difference "+
				"from that player written on Stockfish's own UCI_Elo scale, which Stockfish calibrates at its own time "+
				"controls, not at 10,000 nodes a move, and which no rating list shares. Each interval is 95%% of the "+
				"difference from the anchor, from the Fisher information with the pairs' spread in place of the games' "+
				"(the two games of a line share its opening, so the pairs are the independent draws). Games a program "+
				"could not hold are out of the score, as everywhere in the study: against Fairy-Max, which promotes "+
				"often, that leaves out games the 1977 programs were losing (counted below).",
				Anchor, fairyMaxDepth, fm, fairyMaxDepth, roundRobinBlocks*roundRobinBlockSize, RoundRobinSuite,
				roundRobinBlocks, roundRobinBlockSize, Anchor, AnchorElo),
			Matches: robin, Kind: RoundRobin},
	}
}
