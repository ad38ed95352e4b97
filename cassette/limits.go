package cassette

import "github.com/kim1-archive/microchess/internal/bounded"

// WAVLimit is the most a recording may hold: 64 MiB is six minutes of
// 44.1 kHz 16-bit mono, some 3 KB of program at the monitor's speed or 18
// KB in Hypertape. The decoder works through a recording as it plays:
// its peak memory is about the file's size (docs/limits.md).
var WAVLimit = bounded.Limit{What: "a WAV recording", Bytes: 64 << 20}
