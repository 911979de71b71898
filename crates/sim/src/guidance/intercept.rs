//! D. Constant-speed intercept by a quadratic (Missile Command, Unity): with
//! `a = |V|^2 - s^2`, `b = 2 V.(A - T)`, `c = |A - T|^2`, the meeting time is a root of
//! `a t^2 + b t + c = 0`, solved stably. The missile flies straight at the aim point
//! `A + V t` and detonates after travelling `|P - T|`, destroying everything in its
//! blast radius. Re-solving every tick (lead pursuit) is an improvement, off by default.

use super::law::{Launch, Law, Signal};
use crate::core::field::{choice, flag, number, tunable};
use crate::core::lanes::{LaneStep, LaneTick, Moved, Real, F4, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};

choice! {
    /// Which root of the quadratic to fly to.
    pub enum RootRule {
        /// The smallest non-negative root: the earliest intercept.
        Earliest = "earliest",
        /// The article's `max(t1, t2)`: the later intercept when both are ahead.
        ArticleMax = "article-max",
    }
}

tunable! {
    /// Parameters of the quadratic intercept (turret and point launchers alike).
    pub struct InterceptParams {
        speed: f32 = 300.0 => number(1.0, 5000.0)
            .label("missile speed")
            .unit("units/s")
            .next_launch()
            .help("Missile speed s."),
        blast_radius: f32 = 30.0 => number(0.0, 500.0)
            .label("blast radius")
            .unit("units")
            .help("Radius destroyed when the missile detonates at its aim point."),
        root_rule: RootRule = RootRule::Earliest => choice(RootRule::NAMES)
            .label("root")
            .help("Earliest root, or the article's max()."),
        lead_pursuit: bool = false => flag()
            .label("lead pursuit")
            .help("Improvement: solve again every tick from the missile (lead pursuit)."),
    }
}

/// The quadratic's outcome for one shooter and one target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct InterceptSolution {
    /// Discriminant `b^2 - 4ac` (0 in the linear case).
    pub disc: f32,
    /// The real roots, ascending (none, one in the linear case, or two).
    pub roots: [Option<f32>; 2],
    /// The chosen time, if there is a usable (non-negative) one.
    pub time: Option<f32>,
    /// The aim point `A + V time`.
    pub aim: Option<Vec2>,
}

/// Solves the intercept of a missile of speed `speed` fired from `shooter` at a target at
/// `target` moving with `target_vel`, in f64 with the stable root formula.
pub fn solve(
    shooter: Vec2,
    speed: f32,
    target: Vec2,
    target_vel: Vec2,
    rule: RootRule,
) -> InterceptSolution {
    let offset = (target - shooter).as_dvec2();
    let vel = target_vel.as_dvec2();
    let s = f64::from(speed);
    let a = vel.length_squared() - s * s;
    let b = 2.0 * vel.dot(offset);
    let c = offset.length_squared();
    let mut out = InterceptSolution::default();
    let roots: Vec<f64> = if c == 0.0 {
        vec![0.0]
    } else if a.abs() <= 1e-9 * (s * s + vel.length_squared()) {
        // Equal speeds: b t + c = 0.
        if b < 0.0 {
            vec![-c / b]
        } else {
            Vec::new()
        }
    } else {
        let disc = b * b - 4.0 * a * c;
        out.disc = disc as f32;
        if disc < 0.0 {
            Vec::new()
        } else {
            let q = -0.5 * (b + b.signum() * disc.sqrt());
            let mut r = [q / a, c / q];
            r.sort_by(f64::total_cmp);
            r.into_iter().filter(|t| t.is_finite()).collect()
        }
    };
    for (slot, &root) in out.roots.iter_mut().zip(roots.iter()) {
        *slot = Some(root as f32);
    }
    let chosen = match rule {
        RootRule::Earliest => roots.iter().copied().find(|&t| t >= 0.0),
        RootRule::ArticleMax => roots.iter().copied().reduce(f64::max).filter(|&t| t >= 0.0),
    };
    if let Some(t) = chosen {
        let aim = (target.as_dvec2() + vel * t).as_vec2();
        // A root past f32's range (a target all but perpendicular at equal speed) is no answer.
        if (t as f32).is_finite() && aim.is_finite() {
            out.time = Some(t as f32);
            out.aim = Some(aim);
        }
    }
    out
}

/// Per-missile state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Intercept {
    /// Speed fixed at launch.
    pub speed: f32,
    /// The point it flies to and detonates at.
    pub aim: Vec2,
    /// Distance still to travel before detonating.
    pub travel_left: f32,
    /// The latest solution (at launch, or every tick with lead pursuit).
    pub solution: InterceptSolution,
}

impl Law for Intercept {
    const ID: &'static str = "intercept";
    const SUMMARY: &'static str = "D: constant-speed quadratic intercept (Missile Command, Unity)";
    const COLOR: [u8; 3] = [92, 230, 120];
    /// It is not contact-fused: it ends only by detonating at its aim point, so its
    /// blast can catch every target there ("detonates after travelling |P - T|").
    const CONTACT_FUSED: bool = false;
    type Params = InterceptParams;

    /// Solves from the launch point; `None` when there is no solution (do not fire).
    fn launch(params: &InterceptParams, launch: &Launch) -> Option<(Self, Body)> {
        let solution = solve(
            launch.pos,
            params.speed,
            launch.seen.target_pos,
            launch.seen.target_vel,
            params.root_rule,
        );
        let aim = solution.aim?;
        let dir = (aim - launch.pos).try_normalize().unwrap_or(launch.dir);
        let body = Body {
            pos: launch.pos,
            vel: dir * params.speed,
            heading: dir.y.patan2(dir.x),
        };
        let state = Self {
            speed: params.speed,
            aim,
            travel_left: (aim - launch.pos).length(),
            solution,
        };
        Some((state, body))
    }

    fn steer(&mut self, params: &InterceptParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        if params.lead_pursuit {
            let solution = solve(
                body.pos,
                self.speed,
                seen.target_pos,
                seen.target_vel,
                params.root_rule,
            );
            self.solution = solution;
            if let Some(aim) = solution.aim {
                self.aim = aim;
                self.travel_left = (aim - body.pos).length();
                if let Some(dir) = (aim - body.pos).try_normalize() {
                    body.vel = dir * self.speed;
                    body.heading = crate::core::direction(dir);
                }
            }
        }
        let (pos, left, reached, fraction) = fly_straight(
            (body.pos.into(), body.vel.into()),
            (self.aim.into(), self.speed, self.travel_left),
            seen.dt,
        );
        (body.pos, self.travel_left) = (pos.into(), left);
        reached.then_some(Signal::Detonate {
            radius: params.blast_radius,
            fraction,
        })
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);
    const LANE_GRAVITY: bool = true;

    /// Without lead pursuit (it flies straight to the aim point it solved at launch):
    /// `[speed, aim.x, aim.y, travel left, blast radius]`.
    fn lane(&self, params: &InterceptParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let Self { speed, aim, .. } = *self;
        let (left, blast) = (self.travel_left, params.blast_radius);
        (!params.lead_pursuit).then_some([speed, aim.x, aim.y, left, blast, 0.0])
    }

    // Its step changes only the travel left (and, without lead pursuit, never the
    // heading).
    const UNLANE: Option<fn(&mut Self, &[f32; LANE_NUMBERS], &mut Body)> =
        Some(|law, n, _| law.travel_left = n[3]);

    /// The quadratic's time from launch.
    fn optimal_time(&self, _params: &InterceptParams, _body: &Body, _seen: &Seen) -> Option<f32> {
        self.solution.time
    }

    fn readouts(&self, _params: &InterceptParams, _dt: f32, out: &mut Vec<Readout>) {
        let s = &self.solution;
        out.push(Readout::number("discriminant", s.disc, ""));
        for (label, root) in [("root t1", s.roots[0]), ("root t2", s.roots[1])] {
            match root {
                Some(t) => out.push(Readout::number(label, t, "s")),
                None => out.push(Readout::text(label, "none".into())),
            }
        }
        out.push(Readout::vector("aim point", self.aim, ""));
        out.push(Readout::number("travel left", self.travel_left, "units"));
    }

    fn debug_shapes(
        &self,
        params: &InterceptParams,
        _body: &Body,
        seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        out.push(DebugShape::new(
            Role::InterceptPoint,
            Shape::Point(self.aim),
        ));
        out.push(DebugShape::new(
            Role::BlastRadius,
            Shape::Circle {
                center: self.aim,
                radius: params.blast_radius,
            },
        ));
        for root in self.solution.roots.iter().flatten() {
            let point = seen.target_pos + seen.target_vel * *root;
            if *root >= 0.0 && (point - self.aim).length() > 1e-3 {
                out.push(DebugShape::new(
                    Role::AlternateIntercept,
                    Shape::Point(point),
                ));
            }
        }
    }
}

/// Four missiles' ticks: numbers as [`Intercept::lane`] gives them, [`fly_straight`] on
/// four lanes; a lane that reaches its aim point detonates.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let [speed, aim_x, aim_y, left, blast, _] = *n;
    let plan = (V2::new(aim_x, aim_y), speed, left);
    let (pos, left, reached, fraction) = fly_straight((tick.pos, tick.vel), plan, tick.dt);
    n[3] = left;
    Moved::detonating((pos, tick.vel), reached, fraction, blast)
}

/// One tick of a missile at `pos` moving at `vel` straight for its aim point at `speed`,
/// `travel_left` short of it (one missile, or four): where it ends, the travel left,
/// whether it reached the point this tick and when in the tick (its share of the tick).
fn fly_straight<N: Real>(
    (pos, vel): (V2<N>, V2<N>),
    (aim, speed, travel_left): (V2<N>, N, N),
    dt: N,
) -> (V2<N>, N, N::Mask, N) {
    let (zero, one) = (N::splat(0.0), N::splat(1.0));
    let step = speed * dt;
    let reached = step.ge(travel_left);
    // The share of the tick at which it reaches the point: at most the whole tick (as
    // `f32::min`, a NaN share is the whole).
    let share = (pos - aim).length() / step;
    let share = N::select(one.gt(share), share, one);
    let fraction = N::select(step.gt(zero), share, one);
    let there = reach_at_most(pos, aim, vel.length() * dt);
    let moved = pos + vel.scale(dt);
    let left = N::select(reached, zero, travel_left - step);
    (V2::select(reached, there, moved), left, reached, fraction)
}

/// Where a missile at `start` that may move `most` units this tick ends when it makes
/// for `point` (one missile, or four): there, or (flown off its plan by an airframe or a
/// blind seeker, so the point is beyond its reach) as far towards it as it can go, never
/// farther (glam's `clamp_length_max`).
pub(crate) fn reach_at_most<N: Real>(start: V2<N>, point: V2<N>, most: N) -> V2<N> {
    let way = point - start;
    // Rounding aside: on its plan the point is within the tick's move.
    let within = (most * N::splat(1.0 + 1e-4)).ge(way.length());
    let length_sq = way.length_squared();
    let shortened = way.over(length_sq.sqrt()).scale(most);
    let clamped = V2::select(length_sq.gt(most * most), shortened, way);
    V2::select(within, point, start + clamped)
}

#[cfg(test)]
#[path = "intercept_tests.rs"]
mod tests;
