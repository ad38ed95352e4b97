package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/kim1-archive/microchess/web"
)

var cmdServe = &Command{
	Name:      "serve",
	UsageLine: "mchess serve [--dir build/web] [--addr 127.0.0.1:8026]",
	Short:     "serve the web page (make web builds it) on this computer",
	Long: `Serves the web page (docs/web.md) that make web builds: the KIM-1's keypad and
display and MicroChess, compiled to WebAssembly, in the browser.`,
	New: func() options { return new(serveOptions) },
}

type serveOptions struct{ dir, addr string }

func (o *serveOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.dir, "dir", "build/web", "the built page")
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8026", "the `host:port` to listen on (:0 for any free port)")
}

// run serves build/web until Ctrl-C: the page needs no server logic,
// only files served over HTTP (a browser will not load WebAssembly from
// a file: address).
func (o *serveOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return e.usage("takes no arguments, %s", given(args))
	}
	if err := checkListenAddr(o.addr); err != nil {
		return err
	}
	if err := web.Check(o.dir); err != nil {
		return failf(1, "mchess serve: %v", err)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return failf(1, "mchess serve: %v", err)
	}
	ctx, status, release := stopOnSignal()
	defer release()
	srv := &http.Server{Handler: web.Handler(o.dir), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(e.stdout, "serving %s at http://%s/ (Ctrl-C stops)\n", o.dir, ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return failf(1, "mchess serve: %v", err)
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(e.stderr, "mchess serve:", err)
		}
		fmt.Fprintln(e.stderr, "mchess serve: stopped")
		return exit(status())
	}
}

// checkListenAddr refuses, as a usage error, an --addr that is no
// host:port: what only listening can tell (the port taken, the host not
// this computer's) is a failure, 1.
func checkListenAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err == nil {
		_, err = net.LookupPort("tcp", port)
	}
	if err != nil {
		return failf(2, "mchess serve: --addr %s: want host:port, e.g. 127.0.0.1:8026 or :0 (%v)", quote(addr), err)
	}
	return nil
}
