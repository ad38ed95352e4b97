package kim1

// The teletype's two lines in board mode: the terminal sends TTYIn on PA7
// and reads what the board sends on PB0 into TTYOut. A character is a
// start bit (0), eight data bits from bit 0 (bit 7 as given; the monitor
// drops it as parity) and a stop bit (1), at TTYBaud.

func (m *Machine) baud() uint64 {
	if m.TTYBaud <= 0 {
		return 110
	}
	return uint64(m.TTYBaud)
}

// serialIn is the receive line. The terminal starts a character only when
// the program listens for one (it enters GETCH, or RS has just been
// pressed in TTY mode), as a person types at a prompt; so no character is
// lost or cut while the program is busy.
type serialIn struct {
	sending bool
	ch      byte
	start   uint64
	// pending: start the next character at the next look at the line
	// (the RUBOUT after RS).
	pending bool
}

// level is the line at cycle (true: mark, 1).
func (s *serialIn) level(cycle uint64, m *Machine) bool {
	if s.pending && !s.sending && len(m.TTYIn) > 0 {
		s.pending = false
		s.send(cycle, m)
	}
	if !s.sending || cycle < s.start {
		return true
	}
	bit := (cycle - s.start) * m.baud() / 1_000_000
	switch {
	case bit == 0:
		return false
	case bit <= 8:
		return s.ch>>(bit-1)&1 != 0
	case bit >= 10:
		s.sending = false
	}
	return true
}

// busy reports whether a character is still on the line at cycle.
func (s *serialIn) busy(cycle uint64, m *Machine) bool {
	s.level(cycle, m)
	return s.sending
}

// send starts the next character of TTYIn at cycle. The board echoes what
// the terminal sends (the receive line also drives the printer), so it
// goes to TTYOut too, unless TTYNoEcho.
func (s *serialIn) send(cycle uint64, m *Machine) {
	s.ch, s.start, s.sending = m.TTYIn[0], cycle, true
	m.TTYIn = m.TTYIn[1:]
	if !m.TTYNoEcho {
		m.TTYOut = append(m.TTYOut, s.ch)
	}
}

// serialOut decodes the send line as a terminal does: from each falling
// edge on an idle line, the level in the middle of each bit time.
type serialOut struct {
	level  bool // the line now
	busy   bool
	start  uint64
	edges  []edge
	inited bool
}

type edge struct {
	cycle uint64
	level bool
}

func (s *serialOut) set(level bool, cycle uint64, m *Machine) {
	if !s.inited {
		s.inited, s.level = true, true
	}
	s.flush(cycle, m)
	if level == s.level {
		return
	}
	s.level = level
	switch {
	case !s.busy && !level:
		s.busy, s.start, s.edges = true, cycle, s.edges[:0]
	case s.busy:
		s.edges = append(s.edges, edge{cycle, level})
	}
}

// flush decodes a character whose stop bit has been sampled by cycle.
func (s *serialOut) flush(cycle uint64, m *Machine) {
	if !s.busy {
		return
	}
	b := m.baud()
	at := func(halfBits uint64) uint64 { return s.start + halfBits*1_000_000/(2*b) }
	if cycle < at(19) {
		return
	}
	if s.levelAt(at(1)) {
		// High again in the middle of the start bit: a glitch (the
		// monitor makes PB0 an output a few cycles before it sets it
		// high), which a terminal ignores.
		s.busy = false
		s.restart(at(1), cycle, m)
		return
	}
	var ch byte
	for i := uint64(0); i < 8; i++ {
		if s.levelAt(at(3 + 2*i)) {
			ch |= 1 << i
		}
	}
	m.TTYOut = append(m.TTYOut, ch)
	s.busy = false
	s.restart(at(19), cycle, m)
}

// restart looks for a start bit after from among the edges already seen.
func (s *serialOut) restart(from, cycle uint64, m *Machine) {
	for i, e := range s.edges {
		if e.cycle > from && !e.level {
			rest := append([]edge(nil), s.edges[i+1:]...)
			s.busy, s.start, s.edges = true, e.cycle, rest
			s.flush(cycle, m)
			return
		}
	}
}

func (s *serialOut) levelAt(cycle uint64) bool {
	level := false // the start bit
	for _, e := range s.edges {
		if e.cycle > cycle {
			break
		}
		level = e.level
	}
	return level
}
