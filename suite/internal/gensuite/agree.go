package main

// gensuite agree measures how a suite's recorded evals agree with Stockfish
// at other depths: study-250's depth-20 evals against shallow searches, to
// choose the depth of balanced-10k, and a sample of balanced-10k's shallow
// evals against depth 20, to see what the shallow window lets through.
//
//	go run ./suite/internal/gensuite agree -stockfish /usr/games/stockfish -suite study-250 -depths 6,8,10,12

import (
	"cmp"
	"flag"
	"fmt"
	"log"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/suite"
)

func agree(args []string) {
	fs := flag.NewFlagSet("gensuite agree", flag.ExitOnError)
	fs.StringVar(sfPath, "stockfish", "stockfish", "the Stockfish `binary`")
	name := fs.String("suite", "study-250", "a built-in suite or a suite file")
	depths := fs.String("depths", "6,8,10,12", "the `depths` to measure at, comma-separated")
	sample := fs.Int("sample", 0, "measure every line (0) or this many, evenly spaced")
	window := fs.Int("window", 60, "the window, ±`cp`")
	hash := fs.Int("hash", 16, "Stockfish's hash in `MB`")
	fs.Parse(args)

	lines, ok := suite.Builtin(*name)
	if !ok {
		var err error
		if lines, err = suite.Read(*name); err != nil {
			log.Fatal(err)
		}
	}
	if *sample > 0 && *sample < len(lines) {
		var s []suite.Line
		for i := range *sample {
			s = append(s, lines[i*len(lines) / *sample])
		}
		lines = s
	}
	e := startEngine(*hash)
	fmt.Printf("%s, %d lines of %s, window ±%d cp\n", e.name, len(lines), *name, *window)
	fmt.Println("depth  ms/search  mean|Δ|  median|Δ|  90%|Δ|  max|Δ|  in window  agree in/out")
	for _, ds := range strings.Split(*depths, ",") {
		d, err := strconv.Atoi(ds)
		if err != nil {
			log.Fatal(err)
		}
		var diffs []int
		in, same := 0, 0
		start := time.Now()
		for _, l := range lines {
			rec, _, ok := strings.Cut(l.Eval, "@")
			r, err := strconv.Atoi(rec)
			if !ok || err != nil {
				log.Fatalf("%v: no eval", l.Pos)
			}
			p := e.searchFrom("fen "+l.FEN(), d, 1)[0]
			if p.mate {
				p.cp = 10000 // out of any window
			}
			diffs = append(diffs, max(p.cp-r, r-p.cp))
			inNow, inRec := max(p.cp, -p.cp) <= *window, max(r, -r) <= *window
			if inNow {
				in++
			}
			if inNow == inRec {
				same++
			}
		}
		per := time.Since(start) / time.Duration(len(lines))
		slices.Sort(diffs)
		sum := 0
		for _, x := range diffs {
			sum += x
		}
		n := len(diffs)
		fmt.Printf("%5d  %9.1f  %7.1f  %9d  %6d  %6d  %8.1f%%  %11.1f%%\n", d, float64(per.Microseconds())/1000,
			float64(sum)/float64(n), diffs[n/2], diffs[n*9/10], cmp.Or(diffs[n-1], 0), 100*float64(in)/float64(n), 100*float64(same)/float64(n))
	}
}
