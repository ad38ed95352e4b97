package web

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
)

// PageFiles are the files a built page (make web) holds: the page and
// its style and script from web/static, Go's wasm_exec.js, and main.wasm.
var PageFiles = []string{"index.html", "kim1.css", "kim1.js", "wasm_exec.js", "main.wasm"}

// Check tells whether dir holds a built page.
func Check(dir string) error {
	for _, f := range PageFiles {
		p := filepath.Join(dir, f)
		st, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("%s: no such file: make web builds the page into build/web", p)
		}
		if st.IsDir() {
			return fmt.Errorf("%s is a directory, not the page's file", p)
		}
	}
	return nil
}

// Handler serves a built page as any static host would: the files as
// they are, main.wasm as application/wasm (which streaming compilation
// asks for), nothing cached, so that a rebuilt page is the one served.
func Handler(dir string) http.Handler {
	files := http.FileServer(pageDir{http.Dir(dir)})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if filepath.Ext(r.URL.Path) == ".wasm" {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// pageDir is the page's folder as the file server opens it: a name the
// system refuses as too long (a path segment past 255 bytes) is a file
// that is not there, 404, not the server's failure, 500.
type pageDir struct{ http.Dir }

func (d pageDir) Open(name string) (http.File, error) {
	f, err := d.Dir.Open(name)
	if errors.Is(err, syscall.ENAMETOOLONG) {
		return nil, fs.ErrNotExist
	}
	return f, err
}
