package microchess

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/internal/bounded"
)

// A Tree is where a build reads its source files. Every build names one:
// the named programs (original, stone, teletype, special, library) are
// built from Proven, so that a name means the same bytes in whatever
// directory the command runs; what is built from the working directory
// (mchess asm, verify, patch, run, the program local) from WorkDir.
type Tree struct{ workDir bool }

var (
	// Proven is the src/ tree built into the binary: the sources make
	// proves equal to the 1977 hex listing (and Stone's article). A file
	// of src/ on disk never overrides it; a file outside src/ is not in it.
	Proven = Tree{}
	// WorkDir is the working directory, where a modification is made and
	// proven: a file of the src/ tree that is not on disk (the command
	// runs outside a clone) is read from the built-in copy; on disk, it
	// overrides that copy.
	WorkDir = Tree{workDir: true}
)

func (t Tree) String() string {
	if t.workDir {
		return "the working directory"
	}
	return "the sources built into mchess"
}

// ReadFile reads a file of the tree, refused past its limit on disk (the
// built-in files are the project's own).
// A derived source (DerivedSources: the tuned programs') is made from the
// tree's own files; in the working directory, a file of that name on disk
// overrides it.
func (t Tree) ReadFile(name string, limit bounded.Limit) ([]byte, error) {
	p, inSrc := builtinPath(name)
	if !t.workDir {
		if !inSrc {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("not in the src/ tree built into mchess: %w", fs.ErrNotExist)}
		}
		if text, ok, err := t.derived(p); ok {
			return []byte(text), err
		}
		b, err := builtin.ReadFile(p)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return b, nil
	}
	b, err := bounded.ReadFile(name, limit)
	if errors.Is(err, fs.ErrNotExist) && inSrc {
		if text, ok, derr := t.derived(p); ok {
			return []byte(text), derr
		}
		if b, berr := builtin.ReadFile(p); berr == nil {
			return b, nil
		}
	}
	return b, err
}

// Glob lists the files of the tree a pattern matches: in the working
// directory, those on disk or, when none is and the pattern is in the
// src/ tree, those of the built-in copy.
func (t Tree) Glob(pattern string) ([]string, error) {
	if t.workDir {
		found, err := filepath.Glob(pattern)
		if err != nil || len(found) > 0 {
			return found, err
		}
	}
	p, ok := builtinPath(pattern)
	if !ok {
		return nil, nil
	}
	found, err := fs.Glob(builtin, p)
	sort.Strings(found)
	return found, err
}

// IsDir tells whether name is a directory of the tree.
func (t Tree) IsDir(name string) (bool, error) {
	var err error
	if t.workDir {
		var st os.FileInfo
		if st, err = os.Stat(name); err == nil {
			return st.IsDir(), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
	}
	if p, ok := builtinPath(name); ok {
		if st, berr := fs.Stat(builtin, p); berr == nil {
			return st.IsDir(), nil
		}
	}
	if err == nil {
		err = &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	return false, err
}

// ReadSources reads source files of the tree.
func (t Tree) ReadSources(names ...string) ([]asm.Source, error) {
	var out []asm.Source
	for _, n := range names {
		b, err := t.ReadFile(n, asm.SourceLimit)
		if err != nil {
			return nil, err
		}
		out = append(out, asm.Source{Name: n, Text: string(b)})
	}
	return out, nil
}

func builtinPath(name string) (string, bool) {
	p := path.Clean(filepath.ToSlash(name))
	return p, p == "src" || strings.HasPrefix(p, "src/")
}

// ReadFile reads a file of the working directory (WorkDir.ReadFile).
func ReadFile(name string, limit bounded.Limit) ([]byte, error) { return WorkDir.ReadFile(name, limit) }

// Glob is WorkDir.Glob.
func Glob(pattern string) ([]string, error) { return WorkDir.Glob(pattern) }

// IsDir is WorkDir.IsDir.
func IsDir(name string) (bool, error) { return WorkDir.IsDir(name) }

// ReadSource reads a source file of the working directory.
func ReadSource(name string) (asm.Source, error) {
	s, err := WorkDir.ReadSources(name)
	if err != nil {
		return asm.Source{}, err
	}
	return s[0], nil
}

// ReadSources is WorkDir.ReadSources.
func ReadSources(names ...string) ([]asm.Source, error) { return WorkDir.ReadSources(names...) }
