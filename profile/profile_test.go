package profile

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	pprof "github.com/google/pprof/profile"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// superBlitzMove profiles the first Super Blitz move, book off, and gives
// the move as a separate session on the translation counts it.
func superBlitzMove(t *testing.T) (*pprof.Profile, *Profiler, session.Move) {
	t.Helper()
	prog, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	session := func() *session.Session {
		m, err := session.Machine(prog.Layout, microchess.KIM(prog.Images))
		if err != nil {
			t.Fatal(err)
		}
		s := session.NewSession(m)
		l, _ := memmap.LevelByName("super-blitz")
		s.SetLevel(l)
		if err := s.Keys("C"); err != nil {
			t.Fatal(err)
		}
		s.BookOff()
		return s
	}
	want, err := session().Play()
	if err != nil {
		t.Fatal(err)
	}
	s := session()
	first := len(s.M.Polls)
	p := New(debug.NewSource(prog.Code))
	p.Attach(s.M)
	mv, err := s.Play()
	p.Detach(s.M)
	if err != nil || mv != want {
		t.Fatalf("profiled move %v (%v), the translation's %v", mv, err, want)
	}
	// As mchess profile does: only the move's cycles, GETKEY to GETKEY.
	p.From, p.To = s.M.Polls[first].Cycle, s.M.Polls[first+1].Cycle
	if p.To-p.From != want.Cycles {
		t.Fatalf("window %d cycles, the move %d", p.To-p.From, want.Cycles)
	}
	return p.Profile(), p, want
}

// Without a window the profile counts every cycle of the run; the flat
// cycles of the routines sum to the total; the stacks are JSR sites.
func TestProfileCountsEveryCycle(t *testing.T) {
	prof, p, mv := superBlitzMove(t)
	if err := prof.CheckValid(); err != nil {
		t.Fatal(err)
	}
	rows, total := Top(prof)
	var flat int64
	names := map[string]Row{}
	for _, r := range rows {
		flat += r.Flat
		names[r.Name] = r
	}
	if flat != total || uint64(total) != p.Cycles || p.Cycles < mv.Cycles {
		t.Fatalf("flat %d, total %d, counted %d, the move %d", flat, total, p.Cycles, mv.Cycles)
	}
	for _, n := range []string{"GNM", "JANUS", "TREE", "STRATGY", "CMOVE"} {
		if names[n].Flat <= 0 {
			t.Errorf("%s has no cycles", n)
		}
	}
	// GNM generates every move: all the thinking is below it.
	if g := names["GNM"]; float64(g.Cum) < 0.9*float64(mv.Cycles) {
		t.Errorf("GNM cum %d of the move's %d", g.Cum, mv.Cycles)
	}
	for _, s := range prof.Sample {
		for _, l := range s.Location[1:] {
			if prog := l.Address; prog > 0xFFFF {
				t.Fatalf("location %X", prog)
			}
		}
	}
}

// go tool pprof reads the profile written, and its flat cycles sum to the
// move's cycles; GNM, JANUS, TREE and STRATGY appear.
func TestGoToolPprofReadsIt(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	_, p, mv := superBlitzMove(t)
	// Profile the move alone, as mchess profile does.
	prog, _ := microchess.Original(true)
	m, _ := session.Machine(prog.Layout, microchess.KIM(prog.Images))
	s := session.NewSession(m)
	l, _ := memmap.LevelByName("super-blitz")
	s.SetLevel(l)
	if err := s.Keys("C"); err != nil {
		t.Fatal(err)
	}
	s.BookOff()
	q := New(p.Src)
	q.From, q.To = p.From, p.To
	q.Attach(s.M)
	if _, err := s.Play(); err != nil {
		t.Fatal(err)
	}
	q.Detach(s.M)
	if q.Cycles != mv.Cycles {
		t.Fatalf("the window counts %d cycles, the move %d", q.Cycles, mv.Cycles)
	}
	var buf bytes.Buffer
	if err := q.Profile().Write(&buf); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "move.pprof")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goTool, "tool", "pprof", "-top", "-nodefraction=0", "-unit=count", file)
	cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	var sum int64
	seen := map[string]bool{}
	table := false
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 1 && f[0] == "flat" {
			table = true
			continue
		}
		if !table || len(f) < 6 {
			continue
		}
		var v int64
		for _, ch := range f[0] {
			if ch < '0' || ch > '9' {
				t.Fatalf("flat %q in %q", f[0], line)
			}
			v = v*10 + int64(ch-'0')
		}
		sum += v
		seen[f[5]] = true
	}
	if sum != int64(mv.Cycles) {
		t.Fatalf("pprof's flat cycles sum to %d, the move is %d cycles\n%s", sum, mv.Cycles, out)
	}
	for _, n := range []string{"GNM", "JANUS", "TREE", "STRATGY"} {
		if !seen[n] {
			t.Errorf("%s not in pprof's table\n%s", n, out)
		}
	}
}

// StartMove and EndMove count exactly the move's cycles, which a session
// on the translation counts apart, whatever runs after it; and EndMove
// refuses a count that is not the move's, or a move that failed.
func TestStartMoveCountsTheMove(t *testing.T) {
	prog, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	session := func() *session.Session {
		m, err := session.Machine(prog.Layout, microchess.KIM(prog.Images))
		if err != nil {
			t.Fatal(err)
		}
		s := session.NewSession(m)
		l, _ := memmap.LevelByName("super-blitz")
		s.SetLevel(l)
		if err := s.Keys("C"); err != nil {
			t.Fatal(err)
		}
		s.BookOff()
		return s
	}
	want, err := session().Play()
	if err != nil {
		t.Fatal(err)
	}
	s := session()
	p := New(debug.NewSource(prog.Code))
	p.StartMove(s.M)
	mv, err := s.Play()
	if err != nil || mv != want {
		t.Fatalf("profiled move %v (%v), the translation's %v", mv, err, want)
	}
	// What a match does after the move, still attached: its reply keyed in.
	if err := s.Enter(0x63, 0x43); err != nil {
		t.Fatal(err)
	}
	if err := p.EndMove(s.M, want.Cycles, nil); err != nil {
		t.Fatal(err)
	}
	if p.Cycles != want.Cycles || s.M.Trace != nil {
		t.Fatalf("counted %d cycles, the move %d; trace left on: %v", p.Cycles, want.Cycles, s.M.Trace != nil)
	}
	if rows, total := Top(p.Profile()); total != int64(want.Cycles) || len(rows) == 0 {
		t.Fatalf("the profile's total %d, the move %d", total, want.Cycles)
	}

	// The second move, counted on: EndMove compares the move's own count.
	p.StartMove(s.M)
	mv, err = s.Play()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.EndMove(s.M, mv.Cycles+1, nil); err == nil || !strings.Contains(err.Error(), "the profile counts") {
		t.Fatalf("a count one off: %v", err)
	}
	p.StartMove(s.M)
	if err := p.EndMove(s.M, 0, fmt.Errorf("ran away")); err == nil || !strings.Contains(err.Error(), "ran away") {
		t.Fatalf("a failed move: %v", err)
	}
}
