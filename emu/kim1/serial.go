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

// serialIn is the receive line. It carries two kinds of input:
//
//   - TTYIn, typed by a person at a prompt: a character starts only when
//     the program listens for one (it enters GETCH, or RS has just been
//     pressed in TTY mode), so none is lost or cut while the program is
//     busy;
//   - the line (Arrive): characters that reach the board at given cycles
//     whether the program listens or not, as from a sender or a tape
//     reader, each started when it arrives or when the one before has
//     ended; a character the program does not catch goes by unread, as on
//     a real board.
type serialIn struct {
	sending bool
	ch      byte
	start   uint64
	// pending: start the next character at the next look at the line
	// (the RUBOUT after RS).
	pending bool
	line    []timedChar
	lastEnd uint64 // the end of the line's last character
}

type timedChar struct {
	ch  byte
	due uint64
}

// Arrive puts characters on the receive line, arriving at cycle at (each
// starts when the one before it has ended, at TTYBaud, 1 stop bit).
func (m *Machine) Arrive(at uint64, data ...byte) {
	for _, c := range data {
		m.hw.in.line = append(m.hw.in.line, timedChar{c, at})
	}
}

// LineIdle reports whether everything put on the line has been sent.
func (m *Machine) LineIdle() bool {
	in := &m.hw.in
	in.level(m.CPU.Cycles, m)
	return !in.sending && len(in.line) == 0
}

// level is the line at cycle (true: mark, 1).
func (s *serialIn) level(cycle uint64, m *Machine) bool {
	if s.pending && !s.sending && len(m.TTYIn) > 0 {
		s.pending = false
		s.send(cycle, m)
	}
	for {
		if s.sending {
			if cycle < s.start {
				return true
			}
			bit := (cycle - s.start) * m.baud() / 1_000_000
			switch {
			case bit == 0:
				return false
			case bit <= 8:
				return s.ch>>(bit-1)&1 != 0
			case bit == 9:
				return true
			}
			s.sending = false
			s.lastEnd = s.start + 10*1_000_000/m.baud()
		}
		if len(s.line) == 0 {
			return true
		}
		start := max(s.line[0].due, s.lastEnd)
		if start > cycle {
			return true
		}
		s.ch, s.start, s.sending = s.line[0].ch, start, true
		s.line = s.line[1:]
		if !m.TTYNoEcho {
			m.TTYOut = append(m.TTYOut, s.ch)
		}
	}
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
