package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/spsa"
)

// runFlags are the options that define a tuning run: its state records
// them (spsa.State.Run), and a resume takes them from it. -j, --quiet and
// --report only say how it is run or where its report goes.
var runFlags = []string{"level", "mode", "openings", "params", "pairs", "step", "seed", "c-end", "r-end",
	"max-plies", "check-every", "check-pairs", "check-openings"}

// readState reads the run's state if there is one (nil if not), whatever
// its parameters: what it records decides the options before the
// parameters are declared.
func (r *tuneRun) readState() (*spsa.State, error) {
	st, err := spsa.Read(r.state)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, tuneFail(1, err)
	}
	return st, nil
}

// resume sets the options a run's state records: one not given takes the
// state's value; one given with another value is refused, named, since a
// run goes on only as it began. A state written before it recorded them
// all (the committed ones in docs/tuning) says what its configuration
// holds (mode, step, seed, pairs); the rest are the command line's, and
// recorded from then on.
func (r *tuneRun) resume(st *spsa.State, fs *flag.FlagSet) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	recorded := map[string]string{}
	for k, v := range st.Run {
		recorded[k] = v
	}
	// What the configuration holds is what the run used, whatever Run says.
	recorded["mode"] = string(st.Mode)
	recorded["step"] = strconv.Itoa(st.PairsPerStep)
	recorded["seed"] = strconv.FormatUint(st.Seed, 10)
	recorded["pairs"] = strconv.Itoa(st.Schedule.Pairs)
	for _, name := range runFlags {
		was, ok := recorded[name]
		if !ok {
			continue
		}
		now := fs.Lookup(name).Value.String()
		if given[name] && canonical(name, now) != canonical(name, was) {
			return tuneFail(2, fmt.Errorf("--%s %s: the run in %s was begun with --%s %s, and goes on only as it began: give that, or leave the option out, or start a new state",
				name, quote(now), r.state, name, quote(was)))
		}
		err := fs.Set(name, was)
		if _, bad := memmap.LevelByName(was); name == "level" && bad != nil {
			err = bad
		}
		if err != nil {
			return tuneFail(1, fmt.Errorf("%s: its --%s %s: %v", r.state, name, quote(was), err))
		}
	}
	return nil
}

// canonical is an option's value as compared: a level by its name.
func canonical(name, v string) string {
	if name == "level" {
		if l, err := memmap.LevelByName(v); err == nil {
			return l.Name
		}
	}
	return v
}

// record writes the options that define the run into its state.
func record(st *spsa.State, fs *flag.FlagSet) {
	st.Run = map[string]string{}
	for _, name := range runFlags {
		st.Run[name] = canonical(name, fs.Lookup(name).Value.String())
	}
}
