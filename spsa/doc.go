// Package spsa is the arithmetic of an SPSA tuner run as fishtest runs
// it: it proposes the two parameter vectors of a step, takes the result of
// the games the caller played with them, and moves θ. It knows no chess.
//
// # Schedule (fishtest's classic SPSA)
//
// Fishtest counts game pairs, not steps: its iteration counter iter grows
// by the pairs of each report, and the gains use k = iter+1 (the pairs
// played before the step, plus one). Per parameter, with N the planned
// pairs of the run:
//
//	c   = c_end · N^γ                   c_k = c / k^γ
//	a   = r_end · c_end² · (A+N)^α      a_k = a / (A+k)^α
//	A   = ⌊0.1·N⌋ (the default A ratio 0.1 of the pairs), α = 0.602, γ = 0.101
//
// so that c_N = c_end and a_N/c_N² = r_end: c_end is the perturbation at
// the end of the run, r_end the learning rate there. The update is
//
//	θ_i ← clamp(θ_i + R_k · c_k · (W−L) · Δ_i),  R_k = a_k / c_k²
//
// with W−L the wins minus the losses of θ+ over all the step's games (not
// divided by their number: a step of P pairs moves θ as far as P steps of
// one pair would, on average). With one pair a step, k is the step number. Since Δ_i = ±1, this is Spall's θ += a_k·ĝ with
// ĝ_i = (W−L)/(c_k·Δ_i), the factor 2 of the textbook difference quotient
// being taken into a. Sources: fishtest server/fishtest/spsa_workflow.py
// (parse_spsa_params: c, a_end, a, A = int(A_ratio·num_games/2), num_iter
// = num_games//2; build_spsa_worker_step: c_k, R_k) and spsa_handler.py
// (update: _param_clip(θ + R·c·result·flip), iter += num_games//2).
//
// # Perturbation and rounding
//
// Δ_i = ±1 with equal chance (Rademacher). θ± = clamp(θ ± c_k·Δ) per
// parameter, then rounded stochastically for play, as fishtest's worker
// does (worker/games.py: floor(value + uniform(0,1))): a value n+p is
// played as n+1 with probability p, else n, so that the value played is
// θ± on average and a c_k below 1 still perturbs. θ itself stays a float.
// All draws of a step (Δ, then the roundings of θ+, then of θ−) come from
// a ChaCha8 stream keyed by the seed and the step number, so a step's
// draws do not depend on where an earlier run was cut.
//
// # Opponents
//
// Pair (fishtest's way): θ+ plays θ−, each opening twice with the colours
// reversed; the result is W−L from θ+'s side. Reference: θ+ and θ− each
// play the same number of pairs against a fixed reference (the original
// values, say) and the result is (W−L of θ+) − (W−L of θ−). For small
// strength differences the expected score is linear in Elo, so both
// estimate the same difference f(θ+) − f(θ−) with the same expectation
// per pair of each side, and c_end and r_end mean the same; Reference
// costs twice the games and adds the two matches' noise, but measures
// against a fixed yardstick. Its pairs count per side in the schedule. It
// loses its signal when θ± are far stronger (or weaker) than the
// reference, both scoring near 100% (or 0%): it suits the usual gains of a
// few tens of Elo, not a search from far off.
//
// # Choices
//
// A choice among n is an integer parameter 0..n−1 taken as ordinal: θ is
// a float index, perturbed and rounded stochastically like any other, and
// the rounded value picks the choice. It is sound only when neighbouring
// indices are alike (an ordered list: off, weak, strong); for unordered
// alternatives the gradient between neighbours means little, and it is
// better to order them by expected effect or to tune each alternative
// separately. A choice wants c_end of about 1, so that the probes reach
// the neighbours.
package spsa
