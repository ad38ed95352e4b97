package docscheck_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/internal/docscheck"
	"github.com/kim1-archive/microchess/tunable"
)

// counts are the figures the code gives (code:NAME in a marker), computed
// from the packages, never typed.
func counts(t *testing.T) docscheck.Counts {
	all, err := builds.All()
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := builds.Openings()
	if err != nil {
		t.Fatal(err)
	}
	programs := 0
	for _, p := range builds.Catalogue {
		if !p.Local {
			programs++
		}
	}
	c := docscheck.Counts{
		// every build of make's default target: what export exports
		"builds": strconv.Itoa(len(all)),
		// the programs the commands know by name, local aside
		"programs":       strconv.Itoa(programs),
		"opening-blocks": strconv.Itoa(len(blocks)),
	}
	// the tunable parameters of each program with declarations: all of
	// them (params:NAME) and the RANGE ones (range-params:NAME)
	for _, name := range []string{builds.Original, builds.Special, builds.Search5K} {
		tp, err := builds.LoadTunableProgram(name, "")
		if err != nil {
			t.Fatal(err)
		}
		ranges := 0
		for _, p := range tp.Set.Params {
			if p.Kind == tunable.Range {
				ranges++
			}
		}
		c["params:"+name] = strconv.Itoa(len(tp.Set.Params))
		c["range-params:"+name] = strconv.Itoa(ranges)
	}
	return c
}

// TestDocFigures is make docs-check: every figure of README.md and
// docs/*.md that repeats a source holds to it, and every Elo to its counts.
func TestDocFigures(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	problems, err := docscheck.Check(root, counts(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// tree writes files into a temporary root.
func tree(t *testing.T, files map[string]string) string {
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// pairsLine is a pairing's row of a match's pairs, as mchess match prints it.
const pairsLine = "a@blitz vs b@blitz   1987  [27, 349, 1102, 455, 54]       +14.0 ± 5.7  100.0%"

const summaryJSON = `{"command": "mchess match a b", "summary": {"pairings": [{"A": "a", "B": "b",
 "games": 3987, "wins": 652, "draws": 2845, "losses": 490, "elo_text": "+14.1 ± 5.8",
 "pentanomial": [27, 349, 1102, 455, 54], "pairs": 1987, "pair_elo_text": "+14.0 ± 5.7"}]}}`

// A round robin's pairing (the strength study's table) and its ratings
// table, b the anchor at 1000.
const robinRows = "| a vs b | 100 | 40 | 30 | 30 | 55.0% | withheld | – | 2, 10, 20, 12, 6 | withheld | 30.0% | 1m |\n\n"

// Two rows of the strength study, one opponent's pairs against two
// programs (docs/strength.md part 4): from the pairs +231.9 ± 43.9 and
// +220.2 ± 44.9.
const differenceRows = "| s vs a | 195 | 127 | 54 | 14 | 79.0% | +229.9 ± 46.2 | 100.0% | 1, 1, 17, 39, 38 | +231.9 ± 43.9 | 27.7% | 29.9 s |\n" +
	"| s vs b | 199 | 133 | 45 | 21 | 78.1% | +221.3 ± 48.4 | 100.0% | 0, 4, 22, 31, 42 | +220.2 ± 44.9 | 22.6% | 29.9 s |\n"

func ratingsTable(a string) string {
	return "| player | rating | 95% interval | games | points | score |\n|---|---:|---:|---:|---:|---:|\n" +
		"| a | " + a + " | 100 | 55 | 55.0% |\n| b | 1000.0 | anchor | 100 | 45 | 45.0% |\n"
}

// Each kind of figure, right and wrong: a wrong one is named with its
// file, line and both values.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name, readme string
		want         []string // substrings of the problems, in order; none: no problem
	}{
		{"json right", "a\n<!-- figure: docs/m/x.json:summary.pairings.0.pair_elo_text -->+14.0 ± 5.7<!-- /figure --> Elo\n", nil},
		{"json typography", "<!-- figure: docs/m/x.json:summary.pairings.0.pair_elo_text -->+14.0 ± 5.7<!-- /figure -->\n", nil},
		{"json wrong", "a\nb <!-- figure: docs/m/x.json:summary.pairings.0.pair_elo_text -->+14.5 ± 5.7<!-- /figure -->\n",
			[]string{`README.md:2: figure "+14.5 ± 5.7" differs from its source docs/m/x.json:summary.pairings.0.pair_elo_text: "+14.0 ± 5.7"`}},
		{"json number", "<!-- figure: docs/m/x.json:summary.pairings.0.games -->3,987<!-- /figure -->\n", nil},
		{"json list", "<!-- figure: docs/m/x.json:summary.pairings.0.pentanomial -->27, 349, 1102, 455, 54<!-- /figure -->\n", nil},
		{"json list wrong", "<!-- figure: docs/m/x.json:summary.pairings.0.pentanomial -->27, 349, 1102, 455, 55<!-- /figure -->\n",
			[]string{`differs from its source docs/m/x.json:summary.pairings.0.pentanomial: "27, 349, 1102, 455, 54"`}},
		{"json no field", "<!-- figure: docs/m/x.json:summary.pairings.0.nope -->1<!-- /figure -->\n",
			[]string{`README.md:1: figure "1": its source docs/m/x.json:summary.pairings.0.nope: no field "nope"`}},
		{"source missing", "\n\n<!-- figure: docs/gone.md -->+1.0 ± 2.0<!-- /figure -->\n",
			[]string{`README.md:3: figure "+1.0 ± 2.0": its source docs/gone.md: missing`}},
		{"doc right", "<!-- figure: docs/bench.md -->9.0 times<!-- /figure -->\n", nil},
		{"doc minus sign", "<!-- figure: docs/bench.md -->−58.3 ± 6.3<!-- /figure -->\n", nil},
		{"doc wrong", "<!-- figure: docs/bench.md -->13.5 times<!-- /figure -->\n",
			[]string{`README.md:1: figure "13.5 times" is not in its source docs/bench.md, whose nearest figure of that form is "9.0 times"`}},
		{"doc elo wrong", "<!-- figure: docs/bench.md -->−58.4 ± 6.3<!-- /figure -->\n",
			[]string{`README.md:1: figure "−58.4 ± 6.3" is not in its source docs/bench.md, whose nearest figure of that form is "-58.3 ± 6.3"`}},
		{"self right", "```\n" + pairsLine + "\n```\nso <!-- figure: README.md -->+14.0 ± 5.7<!-- /figure -->\n", nil},
		// a figure a document repeats from itself is found outside its
		// markers, not in the copy being checked
		{"self wrong", "```\n" + pairsLine + "\n```\nso <!-- figure: README.md -->+14.5 ± 5.7<!-- /figure -->\n",
			[]string{`README.md:4: figure "+14.5 ± 5.7" is not in its source README.md, whose nearest figure of that form is "+14.0 ± 5.7"`}},
		// nor in the source's own copies of another source
		{"doc copy only", "<!-- figure: docs/copy.md -->+14.0 ± 5.7<!-- /figure -->\n",
			[]string{`README.md:1: figure "+14.0 ± 5.7" is not in its source docs/copy.md`}},
		{"code right", "<!-- figure: code:builds -->19<!-- /figure --> builds\n", nil},
		{"code wrong", "all <!-- figure: code:builds -->18<!-- /figure --> builds\n",
			[]string{`README.md:1: figure "18" differs from its source code:builds: "19"`}},
		{"code unknown", "<!-- figure: code:nope -->1<!-- /figure -->\n", []string{`no count "nope"`}},
		{"not closed", "<!-- figure: docs/bench.md -->9.0 times\n", []string{"README.md:1: a figure marker not closed"}},
		{"shown as code", "write `<!-- figure: SOURCE -->TEXT<!-- /figure -->`\n```\n<!-- figure: X -->Y<!-- /figure -->\n```\n", nil},
		{"match output right", "```\nPairing  Games  +  =  -  Score  Elo diff  LOS  Draws\na@blitz vs b@blitz   3987  652  2845  490  52.0%  +14.1 ± 5.8  100.0%  71.4%\na@blitz vs b@blitz   1987  [27, 349, 1102, 455, 54]       +14.0 ± 5.7  100.0%\n```\n", nil},
		{"match output wrong", "```\na@blitz vs b@blitz   3987  652  2845  490  52.0%  +15.1 ± 5.8  100.0%  71.4%\na@blitz vs b@blitz   1987  [27, 349, 1102, 455, 54]       +14.9 ± 5.7  100.0%\n```\n",
			[]string{"README.md:2: a@blitz vs b@blitz: Elo +15.1 ± 5.8, but +652 =2845 -490 give +14.1 ± 5.8",
				"README.md:3: a@blitz vs b@blitz: Elo from the pairs +14.9 ± 5.7, but [27 349 1102 455 54] give +14.0 ± 5.7"}},
		{"prose right", "at Normal: **+14.0 ± 5.7** against the\nfirst (pentanomial 27, 349, 1,102, 455, 54; a match)\n", nil},
		{"prose wrong", "x\n\nat Normal: **+14.1 ± 5.7** against the\nfirst (pentanomial 27, 349, 1,102, 455, 54; a match)\n",
			[]string{"README.md:3: Elo +14.1 ± 5.7 beside the pentanomial [27 349 1102 455 54], which gives +14.0 ± 5.7"}},
		{"table right", "| Blitz | **+14.0 ± 5.7** | 27, 349, 1102, 455, 54 |\n", nil},
		{"table wrong", "| Blitz | **<!-- figure: docs/m/x.json:summary.pairings.0.pair_elo_text -->+14.0 ± 5.7<!-- /figure -->** | 27, 349, 1102, 455, 55 |\n",
			[]string{"README.md:1: Elo +14.0 ± 5.7 beside the pentanomial [27 349 1102 455 55], which gives +14.2 ± 5.7"}},
		{"strength table wrong", "| a vs b | 3987 | 652 | 2845 | 490 | 52.0% | +14.1 ± 5.8 | 100.0% | 27, 349, 1102, 455, 54 | +14.2 ± 5.7 | 71.4% | 2m |\n",
			[]string{"README.md:1: a vs b: Elo from the pairs +14.2 ± 5.7, but [27 349 1102 455 54] give +14.0 ± 5.7"}},
		// a: 55 of 100 games, +40 =30 -30, pairs 2, 10, 20, 12, 6: 400·log10(55/45) = +34.9 above b,
		// ± 1.96·400/ln 10·√13/24.75 = 49.6 (rating.TestTwoPlayers works it by hand)
		{"ratings right", "## 7. x\n\n" + robinRows + ratingsTable("1034.9 | ± 49.6"), nil},
		{"ratings wrong", "## 7. x\n\n" + robinRows + ratingsTable("1035.9 | ± 49.6"),
			[]string{`README.md:7: ratings row "a | 1035.9 | ± 49.6 | 100 | 55 | 55.0%", but the pairings above give "a | 1034.9 | ± 49.6 | 100 | 55 | 55.0%"`}},
		// every Elo must be one its counts give
		{"orphan", "x\n\nat Normal **+14.0 ± 5.7**, and +3 ± 4 there\n",
			[]string{"README.md:3: Elo +14.0 ± 5.7: no committed count gives it", "README.md:3: Elo +3 ± 4: no committed count gives it"}},
		{"orphan repeated", "```\n" + pairsLine + "\n```\nso +14.0 ± 5.7\n", nil},
		{"orphan quoted", "it said `+31 ± 23`, wrongly\n", nil},
		// games, wins, draws, losses, then the Elo: +21 =153 −25
		{"counts row right", "| 00 | 199 | 21 | 153 | 25 | 49.0 % | −7.0 ± 23.2 |\n| x | 111 / 51 / 238 | 34.1% | −114 ± 33 |\n", nil},
		{"counts row wrong", "| 00 | 199 | 21 | 153 | 25 | 49.0 % | −7.1 ± 23.2 |\n| x | 111 / 51 / 238 | 34.1% | −115 ± 33 |\n",
			[]string{"README.md:1: Elo -7.1 ± 23.2, but +21 =153 -25 give -7.0 ± 23.2", "README.md:2: Elo -115 ± 33, but +111 =51 -238 give -114 ± 33"}},
		{"counts prose", "500 games: +21 =153\n−25, 49.0 %, −7.0 ± 23.2 Elo; and +21 =153 −25: −7.2 ± 23.2\n",
			[]string{"README.md:2: Elo -7.2 ± 23.2, but +21 =153 -25 give -7.0 ± 23.2"}},
		// the strength study's difference of two programs against one opponent
		{"difference right", differenceRows + "- Against s, a scores -232 Elo and b -220 Elo (from the pairs): a difference of -12 ± 63 Elo (the margins).\n", nil},
		{"difference wrong", differenceRows + "- Against s, a scores -232 Elo and b -220 Elo (from the pairs): a difference of -11 ± 63 Elo (the margins).\n",
			[]string{"README.md:3: a and b against s: -232, -220, a difference of -11 ± 63, but their rows give -232, -220, -12 ± 63"}},
		{"ratings against the anchor", "## 7. x\n\n" + robinRows + ratingsTable("1034.9 | ± 49.6") + "\na (+35 ± 50), a 1034.9 ± 49.6; a (+36 ± 50)\n",
			[]string{"README.md:10: Elo +36 ± 50: no committed count gives it"}},
		{"ratings of another section", "## 6. y\n\n" + robinRows + "## 7. x\n\n" + ratingsTable("1034.9 | ± 49.6"),
			[]string{"README.md:7: a ratings table with no anchor among the players of the pairings above it"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tree(t, map[string]string{
				"README.md":     tc.readme,
				"docs/m/x.json": summaryJSON,
				"docs/bench.md": "both: 9.0 times as fast; `-58.3 ± 6.3`\n",
				"docs/copy.md":  "<!-- figure: docs/m/x.json:summary.pairings.0.pair_elo_text -->+14.0 ± 5.7<!-- /figure -->\n",
			})
			problems, err := docscheck.Check(root, docscheck.Counts{"builds": "19"})
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) != len(tc.want) {
				t.Fatalf("problems %q, want %d", problems, len(tc.want))
			}
			for i, p := range problems {
				if !strings.Contains(p.String(), tc.want[i]) {
					t.Errorf("problem %q, want it to say %q", p, tc.want[i])
				}
			}
		})
	}
}

// A committed summary whose Elo its counts do not give is named, in a
// folder of docs (make confirm's) or a folder of one (make term-tests').
func TestCheckSummary(t *testing.T) {
	for _, name := range []string{"docs/m/x.json", "docs/m/n/x.json"} {
		root := tree(t, map[string]string{
			"README.md": "",
			name:        strings.Replace(summaryJSON, `"+14.0 ± 5.7"`, `"+15.0 ± 5.7"`, 1),
		})
		problems, err := docscheck.Check(root, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) != 1 || !strings.Contains(problems[0].String(), name+":1: a vs b: pair_elo_text +15.0 ± 5.7, but [27 349 1102 455 54] give +14.0 ± 5.7") {
			t.Errorf("%s: problems %q", name, problems)
		}
	}
}
