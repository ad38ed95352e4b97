package riot

// KeepDividerAfterTimeout plants the fault the test programs must catch:
// a timer that goes on at its divider after the time-out.
func KeepDividerAfterTimeout(r *RRIOT) { r.keepDividerAfterTimeout = true }
