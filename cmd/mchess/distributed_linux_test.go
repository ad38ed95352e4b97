package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// docs/distributed.md's Slurm job array and GNU parallel command, run as
// the document shows them with the real programs on this machine: the
// blocks are read from the document, and only the match is made small
// (these edits, each of which must find its text) and the hosts made
// this one. Each merged summary must be the whole match's, played here in
// one run.
type distributedEdit struct {
	old *regexp.Regexp
	new string
}

var distributedEdits = []distributedEdit{
	{regexp.MustCompile(`@normal\b`), "@super-blitz"},
	{regexp.MustCompile(`--games 20000\b`), "--games 24"},
}

// distributedBlock returns the block of docs/distributed.md whose first
// line starts with prefix and that holds each of has.
func distributedBlock(t *testing.T, prefix string, has ...string) docBlock {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := docBlocks(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		if b.file != "docs/distributed.md" || len(b.lines) == 0 || !strings.HasPrefix(b.lines[0], prefix) {
			continue
		}
		text := strings.Join(b.lines, "\n")
		ok := true
		for _, h := range has {
			ok = ok && strings.Contains(text, h)
		}
		if ok {
			return b
		}
	}
	t.Fatalf("docs/distributed.md: no block that starts with %q and has %q", prefix, has)
	return docBlock{}
}

// distributedEdited makes a block's match small, and the more edits;
// each edit must apply.
func distributedEdited(t *testing.T, b docBlock, more ...distributedEdit) string {
	t.Helper()
	text := strings.Join(b.lines, "\n") + "\n"
	for _, e := range append(distributedEdits[:len(distributedEdits):len(distributedEdits)], more...) {
		if !e.old.MatchString(text) {
			t.Fatalf("%s:%d: no %s in the block: the test's edits no longer fit the document", b.file, b.line, e.old)
		}
		text = e.old.ReplaceAllString(text, e.new)
	}
	return text
}

// distributedCommands splits a block into its commands, a command's
// continued lines joined, comments and blank lines left out.
func distributedCommands(b docBlock, text string) []docCommand {
	var cmds []docCommand
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		if l := strings.TrimSpace(lines[i]); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		c := docCommand{line: b.line + 1 + i, cmd: lines[i]}
		for strings.HasSuffix(c.cmd, "\\") && i+1 < len(lines) {
			i++
			c.cmd += "\n" + lines[i]
		}
		cmds = append(cmds, c)
	}
	return cmds
}

// distributedWhole plays the block's match in one run: the words after
// ./mchess up to --shard. It returns the summary's lines.
func distributedWhole(t *testing.T, b docBlock, text string) []string {
	t.Helper()
	m := regexp.MustCompile(`\./mchess (match [^\\]*?) *\\?\s+--shard `).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("%s:%d: no `./mchess match ... --shard` in the block", b.file, b.line)
	}
	mchess, err := exec.LookPath("mchess")
	if err != nil {
		t.Fatalf("mchess is not on PATH (TestMain puts this binary there): %v", err)
	}
	cmd := exec.Command(mchess, strings.Fields(m[1])...)
	cmd.Env = docEnv(t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mchess %s: %v", m[1], err)
	}
	t.Logf("the whole match: mchess %s", m[1])
	return strings.Split(strings.TrimRight(string(out), "\n"), "\n")
}

// distributedSame requires merged to be the whole match's summary but for
// the first line's time.
func distributedSame(t *testing.T, merged, whole []string) {
	t.Helper()
	first, _, _ := strings.Cut(whole[0], " in ")
	if len(merged) == 0 || merged[0] != first || strings.Join(merged[1:], "\n") != strings.Join(whole[1:], "\n") {
		t.Errorf("the merged summary is not the whole match's:\n--- merged\n%s\n--- whole\n%s",
			strings.Join(merged, "\n"), strings.Join(whole, "\n"))
	}
}

// distributedBinary puts this test binary (mchess, as the scripts run it)
// into dir as ./mchess, as the document's commands want it.
func distributedBinary(t *testing.T, dir string) {
	t.Helper()
	mchess, err := exec.LookPath("mchess")
	if err != nil {
		t.Fatalf("mchess is not on PATH (TestMain puts this binary there): %v", err)
	}
	if err := os.Symlink(mchess, filepath.Join(dir, "mchess")); err != nil {
		t.Fatal(err)
	}
}

// The job array and its merge on a one-node Slurm cluster (slurm_linux_test.go).
func TestSlurmJobArray(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster and plays a match in 8 jobs (about 10 s)")
	}
	t.Parallel()
	script := distributedBlock(t, "#!/bin/sh", "#SBATCH --array=")
	submit := distributedBlock(t, "job=$(sbatch")
	text := distributedEdited(t, script)
	start := time.Now()
	c := startSlurm(t)
	t.Logf("the cluster is up in %.1f s", time.Since(start).Seconds())
	whole := distributedWhole(t, script, text)
	dir := filepath.Join(c.dir, "job")
	distributedBinary(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "match.sbatch"), []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	cmds := distributedCommands(submit, strings.Join(submit.lines, "\n"))
	start = time.Now()
	outs, codes := docRun(t, dir, c.env, "", cmds)
	for i, cmd := range cmds {
		if codes[i] != 0 {
			t.Fatalf("%s:%d: `%s` exits %d:\n%s", submit.file, cmd.line, cmd.cmd, codes[i], strings.Join(outs[i], "\n"))
		}
	}
	if err := c.wait(2 * time.Minute); err != nil {
		t.Fatal(err)
	}
	t.Logf("the jobs ran in %.1f s", time.Since(start).Seconds())
	tasks := regexp.MustCompile(`#SBATCH --array=1-(\d+)\n`).FindStringSubmatch(text)
	if tasks == nil {
		t.Fatalf("%s:%d: no #SBATCH --array=1-N in the script", script.file, script.line)
	}
	n, _ := strconv.Atoi(tasks[1])
	slurmJobsOK(t, c, n+1)
	summary, err := os.ReadFile(filepath.Join(dir, "summary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	distributedSame(t, strings.Split(strings.TrimRight(string(summary), "\n"), "\n"), whole)
}

// slurmJobsOK requires the n jobs the cluster ran (the array's tasks and
// the merge) to have completed with status 0.
func slurmJobsOK(t *testing.T, c *slurmCluster, n int) {
	t.Helper()
	out, err := c.run("scontrol", "--oneliner", "show", "job")
	if err != nil {
		t.Fatalf("scontrol show job: %v\n%s", err, out)
	}
	jobs := strings.Split(strings.TrimSpace(out), "\n")
	if len(jobs) != n {
		t.Errorf("%d jobs, not the array's %d and the merge:\n%s", len(jobs), n-1, out)
	}
	for _, j := range jobs {
		if !strings.Contains(j, " JobState=COMPLETED ") || !strings.Contains(j, " ExitCode=0:0 ") {
			t.Errorf("a job that did not complete with status 0:\n%s", j)
		}
	}
}

// The GNU parallel command, its hosts this machine (`--sshlogin 2/:`, two
// jobs at a time, no ssh), then its merge.
func TestGNUParallelShards(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a match in 8 shards with GNU parallel (a few seconds)")
	}
	t.Parallel()
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skipf("parallel not installed: %v (apt-get install parallel)", err)
	}
	b := distributedBlock(t, "seq ", "parallel ")
	text := distributedEdited(t, b, distributedEdit{regexp.MustCompile(`--sshlogin \S+`), "--sshlogin 2/:"})
	whole := distributedWhole(t, b, text)
	dir := t.TempDir()
	distributedBinary(t, dir)
	cmds := distributedCommands(b, text)
	outs, codes := docRun(t, dir, docEnv(dir), "", cmds)
	for i, cmd := range cmds {
		if codes[i] != 0 {
			t.Fatalf("%s:%d: `%s` exits %d:\n%s", b.file, cmd.line, cmd.cmd, codes[i], strings.Join(outs[i], "\n"))
		}
	}
	parts, _ := filepath.Glob(filepath.Join(dir, "part-*.pgn"))
	if len(parts) != 8 {
		t.Errorf("%d part-*.pgn files, not 8: %q", len(parts), parts)
	}
	distributedSame(t, outs[len(outs)-1], whole)
}
