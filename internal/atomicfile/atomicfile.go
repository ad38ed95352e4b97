// Package atomicfile writes a command's output files all or none: every
// file is first written in full to a temporary file beside it, and only
// when all of them are written are they renamed into place. A reader never
// sees half a file, and a failure (a full disk, a read-only directory)
// leaves the old files as they were.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// File is one output.
type File struct {
	Path string
	Data []byte
}

// Write replaces path with data.
func Write(path string, data []byte) error { return WriteAll([]File{{path, data}}) }

// WriteAll writes every file or, on any error, none: directories are
// created as needed, the temporaries are removed on failure.
func WriteAll(files []File) error {
	seen := map[string]bool{}
	for _, f := range files {
		abs, err := filepath.Abs(f.Path)
		if err != nil {
			return err
		}
		if seen[abs] {
			return fmt.Errorf("%s: written twice by one command", f.Path)
		}
		seen[abs] = true
	}
	var temps []string
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, f := range files {
		t, err := writeTemp(f)
		if err != nil {
			cleanup()
			return err
		}
		temps = append(temps, t)
	}
	for i, f := range files {
		if err := os.Rename(temps[i], f.Path); err != nil {
			cleanup()
			return err
		}
	}
	return nil
}

func writeTemp(f File) (string, error) {
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if st, err := os.Stat(f.Path); err == nil && st.IsDir() {
		return "", fmt.Errorf("%s is a directory", f.Path)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(f.Path)+".tmp*")
	if err != nil {
		return "", err
	}
	name := tmp.Name()
	_, werr := tmp.Write(f.Data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(name, 0o644)
	}
	if werr != nil {
		os.Remove(name)
		return "", werr
	}
	return name, nil
}

// Check tells, before any long work, whether files could be written at
// the paths: each one's directory exists or can be made, and takes a new
// file. It creates the directories and leaves nothing else behind.
func Check(paths ...string) error {
	var errs []error
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			errs = append(errs, fmt.Errorf("%s is a directory", p))
			continue
		}
		dir := filepath.Dir(p)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			errs = append(errs, err)
			continue
		}
		tmp, err := os.CreateTemp(dir, "."+filepath.Base(p)+".check*")
		if err != nil {
			errs = append(errs, fmt.Errorf("cannot write %s: %v", p, unwrapPath(err)))
			continue
		}
		tmp.Close()
		os.Remove(tmp.Name())
	}
	return errors.Join(errs...)
}

// unwrapPath drops the temporary file's name from an error, which would
// mean nothing to the user.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
