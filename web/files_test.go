package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHandlerServesThePage(t *testing.T) {
	dir := t.TempDir()
	for _, f := range PageFiles {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("body of "+f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Check(dir); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for f, typ := range map[string]string{"main.wasm": "application/wasm", "index.html": "text/html", "kim1.js": "javascript"} {
		resp, err := http.Get(srv.URL + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(body) != "body of "+f || !strings.Contains(resp.Header.Get("Content-Type"), typ) {
			t.Errorf("%s: %d %q, type %q", f, resp.StatusCode, body, resp.Header.Get("Content-Type"))
		}
	}
	os.Remove(filepath.Join(dir, "main.wasm"))
	if err := Check(dir); err == nil || !strings.Contains(err.Error(), "main.wasm") {
		t.Errorf("Check with no main.wasm: %v", err)
	}
}

// TestHandlerLongName: a path segment too long for the system is a page
// not found, as a shorter one is, not a server error.
func TestHandlerLongName(t *testing.T) {
	srv := httptest.NewServer(Handler(t.TempDir()))
	defer srv.Close()
	for _, n := range []int{200, 300, 5000} {
		resp, err := http.Get(srv.URL + "/" + strings.Repeat("a", n))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("a segment of %d bytes: %d, want 404", n, resp.StatusCode)
		}
	}
}
