// Command checkrepo fails when git tracks a build product (a test binary,
// an object, an executable, a profile) or a file over MaxSize outside a
// testdata folder; `make check` runs it from the repository root.
package main

import (
	"fmt"
	"os"
)

func main() {
	files, err := Tracked(".")
	if err == nil {
		var problems []string
		problems, err = Check(".", files)
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, p)
		}
		if err == nil && len(problems) > 0 {
			os.Exit(1)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "checkrepo:", err)
		os.Exit(1)
	}
}
