package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// MaxSize is the largest file git may track outside a testdata folder: the
// largest kept on purpose (a tuning run's state, docs/tuning/*.json) is
// under 0.9 MB; anything bigger is more likely a build or a download.
const MaxSize = 1 << 20

// builtNames are the names of build products: test binaries, objects,
// archives, libraries, profiles and `go test -coverprofile` output.
var builtNames = []string{
	"*.test", "*.o", "*.a", "*.so", "*.dylib", "*.dll", "*.exe",
	"*.out", "*.prof", "*.pprof", "*.cpuprofile", "*.memprofile",
	"cpu.pprof", "mem.pprof", "*.pb.gz",
}

// magics open executables and objects whatever their name: ELF, Mach-O
// (both byte orders, 32 and 64 bit, universal) and PE (MZ).
var magics = [][]byte{
	[]byte("\x7fELF"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe},
	{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe},
	{0xca, 0xfe, 0xba, 0xbe},
	[]byte("MZ"),
}

// Tracked lists the files git tracks in the work tree at dir.
func Tracked(dir string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s: %v: %s", dir, err, strings.TrimSpace(stderr.String()))
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}

// Check returns one line for each of files (slash paths relative to dir)
// that is a build product, by name or by its first bytes, or that is over
// MaxSize outside a testdata folder. A tracked file missing from the work
// tree (deleted, not yet committed) is not a problem.
func Check(dir string, files []string) ([]string, error) {
	var problems []string
	for _, name := range files {
		full := filepath.Join(dir, filepath.FromSlash(name))
		info, err := os.Lstat(full)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		if pat := builtName(name); pat != "" {
			problems = append(problems, fmt.Sprintf("%s: a build product (%s) is tracked: git rm --cached it (and .gitignore it)", name, pat))
			continue
		}
		kind, err := builtContent(full)
		if err != nil {
			return nil, err
		}
		if kind != "" {
			problems = append(problems, fmt.Sprintf("%s: a build product (%s) is tracked: git rm --cached it", name, kind))
			continue
		}
		if info.Size() > MaxSize && !inTestdata(name) {
			problems = append(problems, fmt.Sprintf("%s: %d bytes, over the %d-byte limit for a tracked file outside testdata/", name, info.Size(), MaxSize))
		}
	}
	return problems, nil
}

func builtName(name string) string {
	base := path.Base(name)
	for _, pat := range builtNames {
		if ok, _ := path.Match(pat, base); ok {
			return pat
		}
	}
	return ""
}

func builtContent(file string) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	head := make([]byte, 4)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", err
	}
	head = head[:n]
	for _, m := range magics {
		if bytes.HasPrefix(head, m) {
			return "an executable or object file", nil
		}
	}
	return "", nil
}

func inTestdata(name string) bool {
	for _, part := range strings.Split(path.Dir(name), "/") {
		if part == "testdata" {
			return true
		}
	}
	return false
}
