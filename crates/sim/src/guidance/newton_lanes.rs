//! Newton's four-lane step (the sweep's fast path): four missiles at once, each lane
//! with the bits of [`super::Newton`]'s one-missile step (`lane_tests.rs` flies both
//! tick by tick; `crates/scenario/tests/lockstep.rs` whole flights through worlds).
//!
//! The four sign pairs are solved side by side (each step of the four pairs' runs one
//! after another, so that one pair's divisions and square roots need not wait for the
//! last pair's) wherever that gives the bits of solving them one after another, as one
//! missile does, each pair starting with the square roots the pair before it left (the
//! article's persisted roots): that is, wherever every lane's roots are fresh at the
//! start angle, where no pair reads what the one before it left. Elsewhere (a root's
//! argument not positive at the start) the pairs are solved one after another.

use super::{Pair, Problem, Run, SIGN_PAIRS};
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
    let pairs = match side_by_side(&problems, start, most, epsilon, &mut roots) {
        Some(pairs) => pairs,
        None => problems.map(|problem| problem.solve_pair(start, most, epsilon, &mut roots)),
    };
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

/// The four pairs' runs side by side, where that gives the bits of running them one
/// after another: where every lane starts (all pairs start at the same angle) with both
/// square roots' arguments positive, each pair's first step replaces the roots the pair
/// before it left, so no pair reads another's. `None` (nothing changed) otherwise.
///
/// Side by side, one pair's divisions and square roots need not wait for another's:
/// the processor overlaps them.
fn side_by_side(
    problems: &[Problem<F4>; 4],
    start: F4,
    most: F4,
    epsilon: F4,
    roots: &mut V2<F4>,
) -> Option<[Pair<F4>; 4]> {
    // A lane with no iterations to run takes no step in either order: its pairs all
    // start on the roots it came with, so only a stale start needs the old order.
    let everywhere = <F4 as Real>::all();
    let (_, _, _, stale) =
        problems[0].eval(start.portable_sin_cos(), &mut roots.clone(), everywhere);
    if F4::any(stale) {
        return None;
    }
    let mut runs = [Run::new(start, most, *roots); 4];
    loop {
        let mut any = false;
        for (run, problem) in runs.iter_mut().zip(problems) {
            if F4::any(run.live) {
                run.step(problem, most, epsilon);
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    *roots = runs[3].roots;
    Some(std::array::from_fn(|i| {
        runs[i].finish(&problems[i], epsilon)
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{Newton, NewtonParams, Roots};
    use super::*;
    use crate::core::lanes::LANES;
    use crate::core::{Body, Seen};
    use crate::guidance::law::Law;
    use glam::Vec2;

    /// One tick of four Newton missiles (position, velocity, persisted roots) against a
    /// target at `target` moving at `target_vel`, by the four-lane step and by each
    /// missile's own: the same bits, persisted roots and angle included.
    fn one_tick_both_ways(missiles: [(Vec2, Vec2, Roots); LANES], target: Vec2, target_vel: Vec2) {
        let params = NewtonParams::default();
        let dt = 1.0 / 60.0;
        let mut flown = missiles.map(|(pos, vel, roots)| {
            let law = Newton {
                alpha: 0.25,
                roots,
                ..Newton::default()
            };
            let heading = 0.0;
            (law, Body { pos, vel, heading })
        });
        let numbers = flown
            .each_ref()
            .map(|(law, body)| law.lane(&params, body).unwrap());
        let mut n: [F4; LANE_NUMBERS] = std::array::from_fn(|k| F4::from(numbers.map(|n| n[k])));
        let tick = LaneTick {
            pos: V2::gather(flown.each_ref().map(|(_, body)| body.pos)),
            vel: V2::gather(flown.each_ref().map(|(_, body)| body.vel)),
            target_pos: V2::gather([target; LANES]),
            target_vel: V2::gather([target_vel; LANES]),
            dt: F4::splat(dt),
            moved_on: false,
        };
        let moved = step_lanes(&mut n, &tick);
        let seen = Seen {
            target_pos: target,
            target_vel,
            dt,
        };
        for (i, (law, body)) in flown.iter_mut().enumerate() {
            law.steer(&params, body, &seen);
            let bits = |v: Vec2| [v.x.to_bits(), v.y.to_bits()];
            assert_eq!(bits(moved.pos.lane(i)), bits(body.pos), "lane {i}");
            assert_eq!(bits(moved.vel.lane(i)), bits(body.vel), "lane {i}");
            let lane = law.lane(&params, body).unwrap().map(f32::to_bits);
            assert_eq!(n.map(|x| x.as_array()[i].to_bits()), lane, "lane {i}");
        }
    }

    #[test]
    fn pairs_side_by_side_give_the_bits_of_pairs_one_after_another() {
        let roots = Roots { x: 7.0, y: 3.0 };
        let target = Vec2::new(800.0, 450.0);
        one_tick_both_ways(
            [
                (Vec2::ZERO, Vec2::new(120.0, 0.0), roots),
                (Vec2::new(900.0, 0.0), Vec2::new(0.0, 90.0), roots),
                (
                    Vec2::new(300.0, 700.0),
                    Vec2::new(-40.0, -10.0),
                    Roots::default(),
                ),
                (Vec2::new(-100.0, 450.0), Vec2::ZERO, roots),
            ],
            target,
            Vec2::new(-60.0, 35.0),
        );
    }

    #[test]
    fn a_lane_starting_on_a_stale_root_flies_its_pairs_one_after_another() {
        // Straight below the target but for 1e-5 across, at the target's own velocity
        // across: the bearing rounds to the f32 nearest pi / 2, whose cosine is
        // negative, so the x root's argument (vr.x^2 + 2 k d.x cos) starts below zero:
        // each pair would start on the root the pair before it left, and the pack
        // takes the one-after-another path.
        let (target, target_vel) = (Vec2::new(1e-5, 1000.0), Vec2::new(0.0, -50.0));
        let d = target - Vec2::ZERO;
        let (_, cos) = d.y.patan2(d.x).psin_cos();
        let k = NewtonParams::default().acceleration;
        assert!(2.0 * k * d.x * cos < 0.0, "{cos}");
        let roots = Roots { x: 7.0, y: 3.0 };
        let ordinary = (Vec2::new(300.0, 200.0), Vec2::new(20.0, 80.0), roots);
        for stale_lane in 0..LANES {
            let mut missiles = [ordinary; LANES];
            missiles[stale_lane] = (Vec2::ZERO, Vec2::new(0.0, 100.0), roots);
            one_tick_both_ways(missiles, target, target_vel);
        }
    }
}
