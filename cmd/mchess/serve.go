package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/kim1-archive/microchess/web"
)

func init() {
	register("serve", "serve the web page (make web builds it) on this computer", runServe)
}

// runServe serves build/web until Ctrl-C: the page needs no server logic,
// only files served over HTTP (a browser will not load WebAssembly from
// a file: address).
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr,
		"usage: mchess serve [--dir build/web] [--addr 127.0.0.1:8026]",
		"",
		"Serves the web page (docs/web.md) that make web builds: the KIM-1's keypad and",
		"display and MicroChess, compiled to WebAssembly, in the browser.")
	dir := fs.String("dir", "build/web", "the built page")
	addr := fs.String("addr", "127.0.0.1:8026", "the `host:port` to listen on (:0 for any free port)")
	if status, ok := parseNone(fs, args); !ok {
		return status
	}
	if err := web.Check(*dir); err != nil {
		fmt.Fprintln(stderr, "mchess serve:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "mchess serve:", err)
		return 1
	}
	ctx, status, release := stopOnSignal()
	defer release()
	srv := &http.Server{Handler: web.Handler(*dir), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "serving %s at http://%s/ (Ctrl-C stops)\n", *dir, ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintln(stderr, "mchess serve:", err)
		return 1
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(stderr, "mchess serve:", err)
		}
		fmt.Fprintln(stderr, "mchess serve: stopped")
		return status()
	}
}
