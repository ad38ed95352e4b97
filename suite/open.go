package suite

import (
	"fmt"
	"regexp"
	"strconv"
)

// slice is a suite's name followed by a range of its lines, 1-based and
// inclusive: balanced-10k:5001-10000.
var slice = regexp.MustCompile(`^(.+):([0-9]+)-([0-9]+)$`)

// Open reads the suite spec names: a built-in suite, else a file (Read);
// NAME:FROM-TO keeps lines FROM to TO of it (counted from 1), so that
// one suite can be cut into parts that share no line: a tuning's and its
// test's. A file whose own name ends so is read whole when no part of
// the name before the colon is a suite.
func Open(spec string) ([]Line, error) {
	if m := slice.FindStringSubmatch(spec); m != nil {
		if lines, err := open(m[1]); err == nil {
			from, err1 := strconv.Atoi(m[2])
			to, err2 := strconv.Atoi(m[3])
			if err1 != nil || err2 != nil || from < 1 || to < from || to > len(lines) {
				return nil, fmt.Errorf("%s: want lines FROM-TO with 1 ≤ FROM ≤ TO ≤ %d, the suite's lines", spec, len(lines))
			}
			return lines[from-1 : to], nil
		}
	}
	return open(spec)
}

func open(name string) ([]Line, error) {
	if lines, ok := Builtin(name); ok {
		return lines, nil
	}
	return Read(name)
}
