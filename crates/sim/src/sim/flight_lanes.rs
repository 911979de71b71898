//! A world's missiles four at a time: [`Flight::fly_four`] flies four missiles through
//! the tick in one [`F4`] register per number, with the rules [`Flight::fly`] uses
//! written once for both ([`crate::core::lanes`]: the law's four-lane step, the fuel's
//! burn, the turn, the swept closest approach, the ends). It takes only what ends
//! nothing: four plain missiles of one law that takes its numbers back
//! ([`crate::guidance::Law::UNLANE`]), in a world without terrain, gravity or a script
//! that looks at the others, none of which hits, detonates, fails to solve, needs its
//! heading, runs out, leaves the world or goes non-finite this tick. Anything else leaves the four as they
//! were, and each then flies alone: the same bits either way (the tests below fly both).

use super::{Ends, Flight};
use crate::core::lanes::{bits, LaneTick, Moved, Real, F4, LANES, LANE_NUMBERS, V2};
use crate::sim::hit::{closest_approach_of, touches};
use crate::sim::launcher::tuning_for;
use crate::sim::metrics::Turn;
use crate::sim::missile::Missile;
use crate::sim::target::{find, Target};
use glam::Vec2;

impl Flight<'_> {
    /// Whether this tick's missiles may fly four at a time: nothing in the world but a
    /// missile's own law and target steers it or stops it.
    fn in_lanes(&self) -> bool {
        self.others.is_empty() && self.terrain.shapes().is_empty() && self.gravity == Vec2::ZERO
    }

    /// Flies `missiles` (four) through the tick at once, if the world allows it
    /// ([`Flight::in_lanes`]), each is plain and that ends none of them; returns whether
    /// it did (else nothing changed: fly each with [`Flight::fly`]).
    pub(in crate::sim) fn fly_four(&self, missiles: &mut [Missile]) -> bool {
        let Ok(four) = <&mut [Missile; LANES]>::try_from(missiles) else {
            return false;
        };
        if !self.in_lanes() {
            return false;
        }
        let law = four[0].algorithm();
        let mut targets: [Option<&Target>; LANES] = [None; LANES];
        let mut numbers = [[0.0; LANE_NUMBERS]; LANES];
        let mut step = None;
        for (i, missile) in four.iter().enumerate() {
            let plain = missile.seeker.is_none()
                && missile.airframe.is_none()
                && missile.avoid.is_none()
                && missile.algorithm() == law;
            let tuning = tuning_for(self.tuning, self.launchers, missile.source);
            let lane = plain.then(|| missile.guidance.world_lane(tuning, &missile.body));
            let (Some((s, n)), Some(target)) = (lane.flatten(), find(self.targets, missile.target))
            else {
                return false;
            };
            (targets[i], numbers[i], step) = (Some(target), n, Some(s));
        }
        let (Some(step), [Some(t0), Some(t1), Some(t2), Some(t3)]) = (step, targets) else {
            return false;
        };
        let targets = [t0, t1, t2, t3];
        let (pos, vel) = (vecs(|i| four[i].body.pos), vecs(|i| four[i].body.vel));
        let was = vecs(|i| targets[i].prev_pos);
        let now = vecs(|i| targets[i].pos);
        let dt = F4::splat(self.dt);
        let mut n: [F4; LANE_NUMBERS] = std::array::from_fn(|k| each(|i| numbers[i][k]));
        let tick = LaneTick {
            pos,
            vel,
            target_pos: was,
            target_vel: vecs(|i| targets[i].prev_vel),
            dt,
            // (No gravity, airframe or seeker: `fly_four`'s missiles are plain.)
            moved_on: false,
        };
        let moved = step(&mut n, &tick);
        let ends = Ends {
            fuel: each(|i| four[i].fuel.unwrap_or(f32::NAN)),
            lifetime: each(|i| four[i].lifetime),
            lo: V2::new(F4::splat(self.lo.x), F4::splat(self.lo.y)),
            hi: V2::new(F4::splat(self.hi.x), F4::splat(self.hi.y)),
        };
        let finite = finite(&moved, &n);
        let (to, path) = ends.burn(each(|i| four[i].metrics.path_length), pos, moved.pos);
        let (distance, _) = closest_approach_of(pos, to, was, now);
        let flown = each(|i| (self.tick - four[i].launched_tick) as f32 * self.dt);
        let [fuel, lifetime, outside] = ends.checks(path, flown, dt, to);
        let hit = match four[0].guidance.contact_fused() {
            true => touches(distance, each(|i| targets[i].radius + four[i].radius)),
            false => F4::ZERO,
        };
        let detonates = moved.detonates_at.eq(moved.detonates_at);
        let settles = [
            !finite,
            hit,
            detonates,
            moved.solver_failed,
            moved.needs_heading,
            fuel,
            lifetime,
            outside,
        ];
        if any_lane(settles) {
            return false;
        }
        let turn = Turn::of(vel, moved.vel);
        // The four headings at once where the law works them out so (an arctangent).
        let headings = (four[0].guidance.lane_heading())
            .map(|heading| heading(&n, each(|i| four[i].body.heading)));
        let at = |x: F4, i: usize| x.as_array()[i];
        for (i, missile) in four.iter_mut().enumerate() {
            (missile.body.pos, missile.body.vel) = (to.lane(i), moved.vel.lane(i));
            (missile.guidance).unlane(&n.map(|x| at(x, i)), &mut missile.body);
            if let Some(headings) = headings {
                missile.body.heading = at(headings, i);
            }
            let turn = Turn {
                lengths: at(turn.lengths, i),
                dot: at(turn.dot, i),
                cross: at(turn.cross, i),
            };
            let metrics = &mut missile.metrics;
            metrics.record_turn(at(path, i), turn, self.dt);
            metrics.record_distance(at(distance, i), self.tick);
        }
        true
    }
}

/// A number of each of four missiles in one register (generic, so that each use is
/// compiled in place: through a `dyn` closure the compiler had stopped doing so once
/// `fly_four` grew, and the world's tick took 15% more instructions).
#[inline(always)]
fn each(f: impl Fn(usize) -> f32) -> F4 {
    F4::from(std::array::from_fn(f))
}

/// [`each`] for a vector.
#[inline(always)]
fn vecs(f: impl Fn(usize) -> Vec2) -> V2<F4> {
    V2::gather(std::array::from_fn(f))
}

/// The lanes where the move and the law's numbers are all finite (a world keeps the
/// last good state of a missile whose move is not, and ends its flight).
fn finite(moved: &Moved, numbers: &[F4; LANE_NUMBERS]) -> F4 {
    let (pos, vel) = (moved.pos, moved.vel);
    let moved = pos.x.finite() & pos.y.finite() & vel.x.finite() & vel.y.finite();
    numbers.iter().fold(moved, |all, x| all & x.finite())
}

/// Whether any lane has any of these: something a world's flight writes down or ends
/// with, which that missile's own flight then settles.
fn any_lane(settles: [F4; 8]) -> bool {
    settles.iter().any(|mask| bits(*mask) != 0)
}

#[cfg(test)]
#[path = "flight_lanes_tests.rs"]
mod tests;
