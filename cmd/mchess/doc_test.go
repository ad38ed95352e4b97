package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The shell examples of README.md and docs/*.md, run: each fenced block
// with a `$ command` line is a session, run by one shell in a copy of a
// work tree that `make` has built (bin/mchess is this test binary, as in
// the scripts), and the lines after each command must be its output
// (stdout and stderr as they come). In the expected output a line `...`
// stands for any number of lines and `...` within a line for any text.
// A command that fails must show its error: its expected output may not
// end in `...`. A block of commands without `$` fails the test unless
// its info string is `text` (a synopsis, not an example), or an HTML
// comment `<!-- doc-test: not run: REASON -->` on a line just above it
// says why it is not run; `<!-- doc-test: needs TOOL... -->` skips the
// block where a tool is not installed, and `<!-- doc-test: stdin "C\nPC\n" -->`
// gives the session what a person types (otherwise it reads nothing).
//
// The not-run examples are few and each says why: matches of thousands
// of games, benchmarks (their figures are the machine's), a cluster, a
// full-screen terminal, a server. notRunLimit keeps it so.
const notRunLimit = 17

// docGenerated are documents written by a tool from runs too long for a
// test: their command blocks are the record of what was run.
var docGenerated = map[string]string{
	"docs/strength.md": "written by make strength from its matches (hours); TestStrengthDoc* check the writer",
}

// A command's first word that makes a block a shell example.
var docCommandWord = regexp.MustCompile(`^(\$ |(bin/|\./|/tmp/)?mchess( |$)|make( |$)|go (test|build|run|tool) |git |sed |ca65 |ld65 |64tass |acme |apt-get |seq |job=|sbatch |[A-Z_]+=\S+ (go|bin/mchess|mchess) )`)

var docDirective = regexp.MustCompile(`^<!-- doc-test: (not run|needs|stdin): *(.*?) *-->$`)

type docBlock struct {
	file    string // slash path from the repository root
	line    int    // of the opening fence
	info    string
	lines   []string
	notRun  string
	needs   []string
	stdin   string // what the session's commands read, as a person types it
	isShell bool
}

func docBlocks(root string) ([]docBlock, error) {
	files := []string{"README.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		files = append(files, "docs/"+filepath.Base(d))
	}
	var blocks []docBlock
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			return nil, err
		}
		lines := strings.Split(string(data), "\n")
		for i := 0; i < len(lines); i++ {
			fence := strings.TrimLeft(lines[i], " ")
			if !strings.HasPrefix(fence, "```") {
				continue
			}
			indent := len(lines[i]) - len(fence)
			b := docBlock{file: name, line: i + 1, info: strings.TrimSpace(fence[3:])}
			for j := i - 1; j >= 0 && j >= i-3; j-- {
				m := docDirective.FindStringSubmatch(strings.TrimSpace(lines[j]))
				if m == nil {
					continue
				}
				switch m[1] {
				case "not run":
					b.notRun = m[2]
				case "needs":
					b.needs = strings.Fields(m[2])
				case "stdin":
					in, err := strconv.Unquote(m[2])
					if err != nil {
						return nil, fmt.Errorf("%s:%d: doc-test stdin wants a Go string (\"C\\nPC\\n\"): %v", name, j+1, err)
					}
					b.stdin = in
				}
			}
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
				l := lines[i]
				if len(l) >= indent && strings.TrimSpace(l[:indent]) == "" {
					l = l[indent:]
				}
				b.lines = append(b.lines, l)
				if docCommandWord.MatchString(l) {
					b.isShell = true
				}
			}
			if b.info == "sh" || b.info == "console" || b.info == "shell" {
				b.isShell = true
			}
			if b.info == "text" {
				b.isShell = false
			}
			blocks = append(blocks, b)
		}
	}
	return blocks, nil
}

// docCommand is one `$ command` of a session and the output shown after it.
type docCommand struct {
	line     int // of the command in its document
	cmd      string
	want     []string
	wantLine int // of want[0]
}

func docSession(b docBlock) []docCommand {
	var cmds []docCommand
	for i := 0; i < len(b.lines); i++ {
		l := b.lines[i]
		if strings.HasPrefix(l, "$ ") {
			c := docCommand{line: b.line + 1 + i, cmd: l[2:], wantLine: b.line + 2 + i}
			for strings.HasSuffix(c.cmd, "\\") && i+1 < len(b.lines) {
				i++
				c.cmd += "\n" + b.lines[i]
				c.wantLine++
			}
			cmds = append(cmds, c)
			continue
		}
		if len(cmds) > 0 {
			cmds[len(cmds)-1].want = append(cmds[len(cmds)-1].want, strings.TrimRight(l, " \t"))
		}
	}
	for i := range cmds {
		for len(cmds[i].want) > 0 && cmds[i].want[len(cmds[i].want)-1] == "" {
			cmds[i].want = cmds[i].want[:len(cmds[i].want)-1]
		}
	}
	return cmds
}

// docLineMatch: want's `...` stands for any text.
func docLineMatch(want, got string) bool {
	parts := strings.Split(want, "...")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		k := strings.Index(got, p)
		if k < 0 {
			return false
		}
		got = got[k+len(p):]
	}
	return strings.HasSuffix(got, last) && len(got) >= len(last)
}

// docMatch reports whether got is what want shows; if not, the index in
// want of the first line no reading of the `...` lines gets past.
func docMatch(want, got []string) (bool, int) {
	// reach[j]: got[:j] is matched by want[:i].
	reach := make([]bool, len(got)+1)
	reach[0] = true
	for i, w := range want {
		next := make([]bool, len(got)+1)
		any := false
		for j := 0; j <= len(got); j++ {
			if strings.TrimSpace(w) == "..." {
				if reach[j] || (j > 0 && next[j-1]) {
					next[j] = true
				}
			} else if j > 0 && reach[j-1] && docLineMatch(w, got[j-1]) {
				next[j] = true
			}
			any = any || next[j]
		}
		if !any {
			return false, i
		}
		reach = next
	}
	if reach[len(got)] {
		return true, 0
	}
	return false, len(want)
}

// docTree is a work tree as a clone has it, once built: the sources,
// the Makefile, bin/mchess (this test binary) and build/ as make's steps
// before the tapes write it.
func docTree(t *testing.T, root string) string {
	t.Helper()
	mchess, err := exec.LookPath("mchess")
	if err != nil {
		t.Fatalf("mchess is not on PATH (TestMain puts this binary there): %v", err)
	}
	dir := t.TempDir()
	for _, p := range []string{"src", "Makefile"} {
		if err := docCopy(filepath.Join(root, p), filepath.Join(dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(mchess, filepath.Join(dir, "bin", "mchess")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "images", "books", "stone", "teletype", "library", "special", "tuned")
	cmd.Dir = dir
	cmd.Env = docEnv(dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make in %s: %v\n%s", dir, err, out)
	}
	return dir
}

// docEnv: make's `go build` of bin/mchess does nothing (GO=true): the
// binary is this test's.
func docEnv(dir string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "GO=true", "LC_ALL=C.UTF-8",
		"NO_COLOR=1", "TERM=dumb", "TMPDIR=" + os.TempDir(),
	}
}

func docCopy(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			if d.Name() == "tape" {
				return filepath.SkipDir
			}
			return os.MkdirAll(dst, 0o755)
		}
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, info.Mode().Perm())
	})
}

const docMark = "\x1edoc-test "

// docRun runs a session's commands with one shell in dir, in the
// environment env, and returns each command's output lines and exit
// status.
func docRun(t *testing.T, dir string, env []string, stdin string, cmds []docCommand) ([][]string, []int) {
	t.Helper()
	var script strings.Builder
	script.WriteString("exec 2>&1\n")
	for i, c := range cmds {
		fmt.Fprintf(&script, "printf '%s%d start\\n'\n%s\nprintf '%s%d exit %%d\\n' $?\n", docMark, i, c.cmd, docMark, i)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", script.String())
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.Output()
	if ctx.Err() != nil {
		t.Fatalf("the session did not end in %v:\n%s", 3*time.Minute, out)
	}
	if err != nil {
		t.Fatalf("sh: %v\n%s", err, out)
	}
	outs := make([][]string, len(cmds))
	codes := make([]int, len(cmds))
	cur := -1
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if k := strings.Index(l, docMark); k >= 0 {
			var i, code int
			if _, err := fmt.Sscanf(l[k+len(docMark):], "%d exit %d", &i, &code); err == nil {
				codes[i] = code
				if k > 0 { // output that did not end in a newline
					outs[i] = append(outs[i], strings.TrimRight(l[:k], " \t"))
				}
				cur = -1
				continue
			}
			fmt.Sscanf(l[k+len(docMark):], "%d start", &cur)
			continue
		}
		if cur >= 0 {
			outs[cur] = append(outs[cur], strings.TrimRight(l, " \t"))
		}
	}
	return outs, codes
}

func TestDocExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs make and every example of the documents (about 20 s)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := docBlocks(root)
	if err != nil {
		t.Fatal(err)
	}
	notRun := 0
	var sessions []docBlock
	for _, b := range blocks {
		if !b.isShell {
			continue
		}
		where := fmt.Sprintf("%s:%d", b.file, b.line)
		switch {
		case docGenerated[b.file] != "":
			continue
		case b.notRun != "":
			notRun++
			t.Logf("%s: not run: %s", where, b.notRun)
		case len(docSession(b)) == 0:
			t.Errorf("%s: a shell example that no test runs: write it as `$ command` lines, each followed by its output, or mark it <!-- doc-test: not run: REASON --> (cmd/mchess/doc_test.go)", where)
		default:
			sessions = append(sessions, b)
		}
	}
	if notRun > notRunLimit {
		t.Errorf("%d examples are marked not run, more than %d: run some (a shorter match, fewer games)", notRun, notRunLimit)
	}
	tree := docTree(t, root)
	for _, b := range sessions {
		t.Run(fmt.Sprintf("%s:%d", b.file, b.line), func(t *testing.T) {
			t.Parallel()
			for _, tool := range b.needs {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("%s is not installed", tool)
				}
			}
			dir := t.TempDir()
			if err := docCopy(tree, dir); err != nil {
				t.Fatal(err)
			}
			cmds := docSession(b)
			outs, codes := docRun(t, dir, docEnv(dir), b.stdin, cmds)
			for i, c := range cmds {
				ok, at := docMatch(c.want, outs[i])
				if !ok {
					line := c.wantLine + at
					if at >= len(c.want) {
						line = c.wantLine + len(c.want)
					}
					t.Errorf("%s:%d: the output of `%s` (line %d) is not what the document shows:\n--- the document\n%s\n--- the command\n%s",
						b.file, line, c.cmd, c.line, strings.Join(c.want, "\n"), strings.Join(outs[i], "\n"))
					continue
				}
				if codes[i] != 0 && (len(c.want) == 0 || strings.TrimSpace(c.want[len(c.want)-1]) == "...") {
					t.Errorf("%s:%d: `%s` exits %d, and the document does not show its error:\n%s",
						b.file, c.line, c.cmd, codes[i], strings.Join(outs[i], "\n"))
				}
			}
		})
	}
}

// The matcher itself, on hand-made outputs.
func TestDocMatch(t *testing.T) {
	for _, tc := range []struct {
		want, got string
		ok        bool
		at        int
	}{
		{"a\nb", "a\nb", true, 0},
		{"a\nb", "a\nc", false, 1},
		{"a\n...\nd", "a\nb\nc\nd", true, 0},
		{"a\n...\nd", "a\nd", true, 0},
		{"...\nFAIL: x", "1\n2\nFAIL: x", true, 0},
		{"...\nFAIL: x", "1\n2\nFAIL: y", false, 1},
		{"a\nb", "a\nb\nc", false, 2},
		{"0009 1F ... OUT", "0009 1F -> 00 src:16 OUT", true, 0},
		{"make: *** [Makefile:...: verify] Error 1", "make: *** [Makefile:77: verify] Error 1", true, 0},
		{"x...", "x", true, 0},
		{"ab...ba", "aba", false, 0},
	} {
		var got []string
		if tc.got != "" {
			got = strings.Split(tc.got, "\n")
		}
		ok, at := docMatch(strings.Split(tc.want, "\n"), got)
		if ok != tc.ok || (!ok && at != tc.at) {
			t.Errorf("docMatch(%q, %q) = %v at %d, want %v at %d", tc.want, tc.got, ok, at, tc.ok, tc.at)
		}
	}
}
