//go:build js && wasm

// Command wasm is the web page's MicroChess (docs/web.md): package web's
// Panel, offered to the page's script as globalThis.mchess. It passes
// calls and JSON state across and nothing else; the page draws.
package main

import (
	"encoding/hex"
	"encoding/json"
	"syscall/js"
	"time"

	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/web"
)

var panel *web.Panel

func main() {
	api := map[string]any{
		"programs": fn(func(a []js.Value) any { return jsonOf(web.Programs()) }),
		"levels": fn(func(a []js.Value) any {
			var out []web.Choice
			for _, l := range memmap.Levels {
				out = append(out, web.Choice{Name: l.Name, Label: l.Name})
			}
			return jsonOf(out)
		}),
		"openings": fn(func(a []js.Value) any {
			o, err := web.Openings()
			if err != nil {
				return jsonOf([]web.Choice{})
			}
			return jsonOf(o)
		}),
		// load(program, level, opening) starts a program; "" or an error.
		"load": fn(func(a []js.Value) any {
			p, err := web.New(web.Options{Program: a[0].String(), Level: a[1].String(), Opening: a[2].String()})
			if err != nil {
				return err.Error()
			}
			panel = p
			return ""
		}),
		"setLevel":   fn(func(a []js.Value) any { return errText(panel.SetLevel(a[0].String())) }),
		"setOpening": fn(func(a []js.Value) any { return errText(panel.SetOpening(a[0].String())) }),
		"press":      fn(func(a []js.Value) any { panel.Press(byte(a[0].Int())); return nil }),
		"reset":      fn(func(a []js.Value) any { panel.Reset(); return nil }),
		"type":       fn(func(a []js.Value) any { panel.Type(a[0].String()); return nil }),
		// move(from, to, reply) keys a move dragged on the board.
		"move": fn(func(a []js.Value) any { return errText(panel.Move(a[0].String(), a[1].String(), a[2].Bool())) }),
		// run(cycles, milliseconds) runs and returns the cycles run.
		"run": fn(func(a []js.Value) any {
			return float64(panel.Run(uint64(a[0].Float()), time.Duration(a[1].Float()*float64(time.Millisecond))))
		}),
		"state": fn(func(a []js.Value) any { return jsonOf(panel.State()) }),
		"pgn":   fn(func(a []js.Value) any { return panel.PGN(time.Now()) }),
		// memory(lo, hi) is the bytes lo..hi in hex.
		"memory": fn(func(a []js.Value) any {
			return hex.EncodeToString(panel.Memory(uint16(a[0].Int()), uint16(a[1].Int())))
		}),
	}
	js.Global().Set("mchess", js.ValueOf(api))
	if ready := js.Global().Get("mchessReady"); ready.Type() == js.TypeFunction {
		// Called from the page's own turn, so that its errors stay in the page.
		js.Global().Call("setTimeout", ready, 0)
	}
	select {}
}

func fn(f func([]js.Value) any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any { return f(args) })
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

func errText(err error) string {
	if err != nil {
		return err.Error()
	}
	return ""
}
