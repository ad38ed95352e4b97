package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// symbols are the build's symbol table, for --trace. Page-zero variables
// (names starting with '.') name zero-page operands; labels and externals
// name the rest, so JSR 1F1F reads *OUT and LDA 00B1 reads .SQUARE.
type symbols struct {
	zp, abs map[uint16]string
}

// readSymbols reads rows "NAME  HHHH  DEF  refs..."; lines whose second
// field is not four hex digits (headers) are skipped. The first name for
// an address wins.
func readSymbols(name string) (*symbols, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &symbols{zp: map[uint16]string{}, abs: map[uint16]string{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || len(fields[1]) != 4 {
			continue
		}
		v, err := strconv.ParseUint(fields[1], 16, 16)
		if err != nil {
			continue
		}
		addr, sym := uint16(v), fields[0]
		m := s.abs
		if strings.HasPrefix(sym, ".") {
			m = s.zp
		}
		if _, seen := m[addr]; !seen {
			m[addr] = sym
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return s, nil
}

func (s *symbols) name(addr uint16, zeroPage bool) (string, bool) {
	first, second := s.abs, s.zp
	if zeroPage {
		first, second = s.zp, s.abs
	}
	if n, ok := first[addr]; ok {
		return n, true
	}
	n, ok := second[addr]
	return n, ok
}
