package spsa

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func farConfig(mode Mode) Config {
	return Config{Params: farParams, Schedule: DefaultSchedule(60), Mode: mode, PairsPerStep: 3, Seed: 11}
}

// 20 steps in one go equal 10 steps, a save, a load and 10 more: the same
// θ to the bit, the same history, the same file.
func TestResumeSameAsUninterrupted(t *testing.T) {
	for _, mode := range []Mode{Pair, Reference} {
		dir := t.TempDir()
		whole, _ := New(farConfig(mode))
		play(t, whole, farObjective, -100, false, 20)
		if !whole.Done() || whole.Steps != 20 {
			t.Fatalf("%s: the whole run made %d steps", mode, whole.Steps)
		}

		cut, _ := New(farConfig(mode))
		play(t, cut, farObjective, -100, false, 10)
		file := filepath.Join(dir, "state.json")
		if err := cut.Save(file); err != nil {
			t.Fatal(err)
		}
		resumed, err := Load(file, farParams)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(resumed, cut) {
			t.Fatalf("%s: the state read back differs from the one saved", mode)
		}
		play(t, resumed, farObjective, -100, false, math.MaxInt)

		for i := range whole.Theta {
			if math.Float64bits(whole.Theta[i]) != math.Float64bits(resumed.Theta[i]) {
				t.Errorf("%s: θ_%d %v uninterrupted, %v resumed", mode, i, whole.Theta[i], resumed.Theta[i])
			}
		}
		if !reflect.DeepEqual(whole, resumed) {
			t.Errorf("%s: the resumed run's state differs from the uninterrupted one's", mode)
		}
		a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
		whole.Save(a)
		resumed.Save(b)
		da, _ := os.ReadFile(a)
		db, _ := os.ReadFile(b)
		if !bytes.Equal(da, db) {
			t.Errorf("%s: the two runs' state files differ", mode)
		}
	}
}

func TestLoadRefusesOtherParams(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state.json")
	s, _ := New(farConfig(Pair))
	if err := s.Save(file); err != nil {
		t.Fatal(err)
	}
	with := func(f func(p []Param) []Param) []Param {
		return f(append([]Param(nil), farParams...))
	}
	for _, c := range []struct {
		params []Param
		want   string
	}{
		{with(func(p []Param) []Param { p[1].Hi = 60; return p }), `parameter "b" is integer [-50,50] start 40 c_end 4 r_end 0.01 in the state, integer [-50,60] start 40 c_end 4 r_end 0.01 declared`},
		{with(func(p []Param) []Param { p[0].Lo = 1; return p }), `parameter "a" is integer [0,200]`},
		{with(func(p []Param) []Param { p[2].Choice = false; return p }), `choice [0,4] start 0 c_end 1 r_end 0.01 in the state, integer [0,4]`},
		{with(func(p []Param) []Param { p[1].Name = "bb"; return p }), `parameter 2 is "b" in the state, "bb" declared`},
		{with(func(p []Param) []Param { return p[:2] }), `parameter "c" is in the state but not declared`},
		{with(func(p []Param) []Param { return append(p, handParam) }), `parameter "x" is declared but not in the state`},
	} {
		_, err := Load(file, c.params)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), file+": ") {
			t.Errorf("Load with other parameters: %v\nwant %s: ...%s", err, file, c.want)
		}
	}
}

// A state goes on whatever start the declarations now give (the program's
// bytes moved by a run's result copied in): its own start and θ are kept.
func TestLoadKeepsItsStart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state.json")
	s, _ := New(farConfig(Pair))
	play(t, s, farObjective, 0, false, 2)
	if err := s.Save(file); err != nil {
		t.Fatal(err)
	}
	moved := append([]Param(nil), farParams...)
	moved[1].Start = 30
	got, err := Load(file, moved)
	if err != nil {
		t.Fatal(err)
	}
	if got.Params[1].Start != farParams[1].Start || !slices.Equal(got.Theta, s.Theta) {
		t.Errorf("loaded start %d, θ %v; want the state's start %d, θ %v", got.Params[1].Start, got.Theta, farParams[1].Start, s.Theta)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	good, _ := New(farConfig(Pair))
	play(t, good, farObjective, 0, false, 2)
	goodFile := filepath.Join(dir, "good.json")
	good.Save(goodFile)
	text, _ := os.ReadFile(goodFile)
	edit := func(old, new string) string {
		if !strings.Contains(string(text), old) {
			t.Fatalf("%q not in the saved state", old)
		}
		return strings.Replace(string(text), old, new, 1)
	}
	for _, c := range []struct {
		name, text, want string
	}{
		{"syntax.json", "{\n \"format\": \"mchess-spsa 1\",\n \"steps\": x\n}\n", "syntax.json:3:11: not an SPSA state: invalid character 'x'"},
		{"type.json", "{\n \"steps\": \"two\"\n}\n", "type.json:2:16: not an SPSA state: json: cannot unmarshal string"}, // just past the value,
		{"unknown.json", edit(`"steps"`, `"stepz"`), `unknown field "stepz"`},
		{"trailing.json", string(text) + "{}", "more after its end"},
		{"format.json", edit(`"mchess-spsa 1"`, `"mchess-spsa 0"`), `format "mchess-spsa 0"`},
		{"theta.json", edit(`"theta": [`, `"theta": [ 999,`), "θ has 4 values for 3 parameters"},
		{"steps.json", edit(`"steps": 2`, `"steps": 3`), "history of 2 steps for 3 steps done"},
		{"empty.json", "", "not an SPSA state: EOF"},
	} {
		file := filepath.Join(dir, c.name)
		os.WriteFile(file, []byte(c.text), 0o644)
		_, err := Load(file, farParams)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), file) {
			t.Errorf("Load(%s) = %v, want %q", c.name, err, c.want)
		}
	}

	// A file too large is refused before it is read: a sparse one costs
	// nothing to make.
	big := filepath.Join(dir, "big.json")
	f, _ := os.Create(big)
	f.Truncate(maxStateBytes + 1)
	f.Close()
	if _, err := Load(big, farParams); err == nil || !strings.Contains(err.Error(), "larger than 64 MiB") {
		t.Errorf("Load of a huge file: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "none.json"), farParams); !os.IsNotExist(err) {
		t.Errorf("Load of a missing file: %v", err)
	}
}

// A failed save leaves the previous state as it was.
func TestSaveAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "state.json")
	s, _ := New(farConfig(Pair))
	if err := s.Save(file); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(file)
	play(t, s, farObjective, 0, false, 1)
	s.Theta[0] = math.NaN() // JSON cannot hold it: the save fails
	if err := s.Save(file); err == nil {
		t.Fatal("a state with NaN was saved")
	}
	after, _ := os.ReadFile(file)
	if !bytes.Equal(before, after) {
		t.Error("a failed save changed the file")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A state keeps its caller's Run through a save, and Read gives it whatever
// the parameters declared; Load still holds them to the state's.
func TestRunKept(t *testing.T) {
	st, _ := New(farConfig(Pair))
	st.Run = map[string]string{"level": "blitz", "openings": "balanced-50"}
	file := filepath.Join(t.TempDir(), "state.json")
	if err := st.Save(file); err != nil {
		t.Fatal(err)
	}
	got, err := Read(file)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Run, st.Run) {
		t.Errorf("Run read back %v, saved %v", got.Run, st.Run)
	}
	if err := got.SameParams(farParams[:1]); err == nil || !strings.Contains(err.Error(), "declared") {
		t.Errorf("SameParams with a parameter fewer: %v", err)
	}
	if _, err := Load(file, farParams[:1]); err == nil || !strings.HasPrefix(err.Error(), file+": ") {
		t.Errorf("Load with a parameter fewer: %v", err)
	}
}
