package bounded

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Limit is the most a kind of file may hold: What names the kind in
// errors ("a KIM-1 dump"), Bytes the size.
type Limit struct {
	What  string
	Bytes int64
}

func (l Limit) String() string { return Size(l.Bytes) }

// TooLargeError is a file larger than its limit: it is not read on.
type TooLargeError struct {
	Name  string
	Limit Limit
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: larger than %s, the most %s may be: not read", e.Name, Size(e.Limit.Bytes), e.Limit.What)
}

// NotRegularError is a path that is no regular file (a device, a named
// pipe, a directory): reading it could take for ever, or block.
type NotRegularError struct {
	Name string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	kind := "not a regular file"
	switch m := e.Mode; {
	case m.IsDir():
		return fmt.Sprintf("%s: is a directory, not a file", e.Name)
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO), not a regular file"
	case m&fs.ModeCharDevice != 0:
		kind = "a character device, not a regular file"
	case m&fs.ModeDevice != 0:
		kind = "a device, not a regular file"
	case m&fs.ModeSocket != 0:
		kind = "a socket, not a regular file"
	}
	return fmt.Sprintf("%s: %s: not read", e.Name, kind)
}

// ReadFile reads the regular file name whole if it holds at most
// limit.Bytes.
func ReadFile(name string, limit Limit) ([]byte, error) {
	f, err := Open(name, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Room for the size the file had when opened, and a little over to
	// see its end, so that a large file is not copied as a growing slice
	// is (io.ReadAll's peak is about twice the file).
	data := make([]byte, 0, f.size+512)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // the file grew: let append find room
		}
	}
}

// File is a regular file opened for reading through its limit: a read
// past the limit fails with a *TooLargeError.
type File struct {
	f     *os.File
	limit Limit
	left  int64
	size  int64 // as it was when opened
}

// Open opens name for reading if it is a regular file no larger than its
// limit. The path is looked at before it is opened, so that a named pipe
// with no writer is refused rather than waited for.
func Open(name string, limit Limit) (*File, error) {
	if st, err := os.Stat(name); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, &NotRegularError{name, st.Mode()}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() { // replaced since it was looked at
		f.Close()
		return nil, &NotRegularError{name, st.Mode()}
	}
	if st.Size() > limit.Bytes {
		f.Close()
		return nil, &TooLargeError{name, limit}
	}
	return &File{f: f, limit: limit, left: limit.Bytes, size: st.Size()}, nil
}

// Read reads on, up to the limit; a file that has grown past it (or a
// file whose size the system does not tell, as in /proc) fails there.
func (r *File) Read(p []byte) (int, error) {
	if r.left <= 0 {
		// One byte more tells a file of exactly the limit from a larger.
		var one [1]byte
		if n, _ := r.f.Read(one[:]); n > 0 {
			return 0, &TooLargeError{r.f.Name(), r.limit}
		}
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.f.Read(p)
	r.left -= int64(n)
	return n, err
}

// Close closes the file.
func (r *File) Close() error { return r.f.Close() }

// Name is the file's name as it was opened.
func (r *File) Name() string { return r.f.Name() }

// Size writes a byte count as the limits are given: "64 KiB", "1 MiB",
// "300 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
