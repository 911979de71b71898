//! Newton's four-lane step (the sweep's fast path): four missiles at once, each lane
//! with the bits of [`super::Newton`]'s one-missile step (`lane_tests.rs` flies both
//! tick by tick; `crates/scenario/tests/lockstep.rs` whole flights through worlds).
//!
//! The four sign pairs are solved one after another, as one missile solves them (each
//! pair starts with the square roots the one before left: the article's persisted
//! roots). Flying the pairs side by side instead, where they do not depend on each
//! other, was measured and changed nothing (the step is bound by its divisions and
//! square roots, not by their latency).

use super::{Problem, SIGN_PAIRS};
use crate::core::lanes::{LaneTick, Moved, Real, F4, LANE_NUMBERS, V2};
use crate::core::{wrap_angle, Portable};
use crate::guidance::quartic::integrate;

/// Four missiles' ticks: numbers as [`super::Newton::lane`] gives them (`[alpha, root x, root
/// y, k, N (negative while failing), epsilon]`). Each pair's run goes on while any lane
/// does, the other lanes left as they stopped.
pub(super) fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let [alpha, root_x, root_y, k, signed_most, epsilon] = *n;
    let d = tick.target_pos - tick.pos;
    let v = tick.target_vel - tick.vel;
    let (dx, dy) = (d.x.to_array(), d.y.to_array());
    let start = F4::from(std::array::from_fn(|i| dy[i].patan2(dx[i])));
    let most = signed_most.abs();
    let problems = SIGN_PAIRS.map(|(sx, sy)| Problem {
        v,
        d,
        k,
        signs: (F4::splat(sx), F4::splat(sy)),
    });
    let mut roots = V2::new(root_x, root_y);
    let pairs = problems.map(|problem| problem.solve_pair(start, most, epsilon, &mut roots));
    let (mut best_time, mut best_phi) = (F4::splat(f32::INFINITY), F4::ZERO);
    let mut found = !<F4 as Real>::all();
    for pair in pairs {
        // The smallest time wins, the first of equal ones (`NewtonSolve::run`).
        let better = pair.converged & (!found | best_time.gt(pair.time));
        best_time = F4::select(better, pair.time, best_time);
        best_phi = F4::select(better, pair.phi, best_phi);
        found |= better;
    }
    let wrapped = F4::from(best_phi.to_array().map(wrap_angle));
    let alpha = F4::select(found, wrapped, alpha);
    // It says so when it starts failing, not again while it goes on failing.
    let failing = F4::ZERO.gt(signed_most);
    *n = [
        alpha,
        roots.x,
        roots.y,
        k,
        F4::select(found, most, -most),
        epsilon,
    ];
    let (sin, cos) = alpha.portable_sin_cos();
    let accel = V2::new(cos * k, sin * k);
    let (pos, vel) = integrate(tick.pos, tick.vel, accel, tick.dt);
    Moved {
        solver_failed: !found & !failing,
        ..Moved::from((pos, vel))
    }
}
