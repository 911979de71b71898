//! Ballistic intercept under gravity (the improvement named under D): an unpowered shell
//! fired at muzzle speed `s` from `P` meets a target at `T + V t` where
//! `|D + V t - g t^2 / 2| = s t` with `D = T - P`, a quartic in `t`:
//! `(|g|^2/4) t^4 - (V.g) t^3 + (|V|^2 - D.g - s^2) t^2 + 2 (D.V) t + |D|^2 = 0`.
//! Its smallest positive root is the low arc, its largest the high arc; the launch
//! velocity is `(D + V t - g t^2 / 2) / t`. The shell never steers (gravity is the world's,
//! added after every law) and detonates at the solved time. No positive root: no
//! solution, reported as for D.

use super::intercept::reach_at_most;
use super::law::{Launch, Law, Signal};
use super::roots::{real_roots_in, root_bound};
use crate::core::field::{choice, number, tunable};
use crate::core::lanes::{LaneStep, LaneTick, Moved, Real, F4, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::{DVec2, Vec2};
use serde::{Deserialize, Serialize};

choice! {
    /// Which of the two arcs to fire.
    pub enum Arc {
        /// The smallest positive root: the flat, fast arc.
        Low = "low",
        /// The largest positive root: the lobbed, slow arc.
        High = "high",
    }
}

tunable! {
    /// Parameters of the ballistic shell.
    pub struct BallisticParams {
        speed: f32 = 400.0 => number(1.0, 5000.0)
            .label("muzzle speed")
            .unit("units/s")
            .next_launch()
            .help("Muzzle speed s."),
        arc: Arc = Arc::Low => choice(Arc::NAMES)
            .next_launch()
            .help("Low or high arc."),
        blast_radius: f32 = 25.0 => number(0.0, 500.0)
            .label("blast radius")
            .unit("units")
            .help("Radius destroyed when the shell detonates at the solved time."),
    }
}

/// One arc: the flight time and the launch velocity of the continuous trajectory.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArcSolution {
    pub time: f32,
    pub vel: Vec2,
}

impl ArcSolution {
    /// Where a shell on this arc from `from` is `t` seconds after launch.
    pub fn at(&self, from: Vec2, gravity: Vec2, t: f32) -> Vec2 {
        from + self.vel * t + 0.5 * gravity * t * t
    }
}

/// The low and the high arc from `from` at muzzle speed `speed` to a target at `target`
/// moving `target_vel`, under `gravity`, in f64. Either is `None` without a positive
/// root; they are equal with one.
pub fn arcs(
    from: Vec2,
    speed: f32,
    target: Vec2,
    target_vel: Vec2,
    gravity: Vec2,
) -> [Option<ArcSolution>; 2] {
    let (d, v, g) = (
        (target - from).as_dvec2(),
        target_vel.as_dvec2(),
        gravity.as_dvec2(),
    );
    let s = f64::from(speed);
    // From degree 0 up.
    let coeffs = [
        d.length_squared(),
        2.0 * d.dot(v),
        v.length_squared() - d.dot(g) - s * s,
        -v.dot(g),
        0.25 * g.length_squared(),
    ];
    if !coeffs.iter().all(|c| c.is_finite()) {
        return [None, None];
    }
    let roots = real_roots_in(&coeffs, 0.0, root_bound(&coeffs));
    let solution = |t: f64| -> Option<ArcSolution> {
        let vel: DVec2 = (d + v * t - 0.5 * g * t * t) / t;
        let found = ArcSolution {
            time: t as f32,
            vel: vel.as_vec2(),
        };
        (t > 0.0 && found.time.is_finite() && found.vel.is_finite()).then_some(found)
    };
    let positive = || roots.iter().copied().filter(|&t| t > 0.0);
    [
        positive().next().and_then(solution),
        positive().next_back().and_then(solution),
    ]
}

/// Per-shell state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ballistic {
    /// Where it was fired from.
    pub from: Vec2,
    /// Gravity it was solved for.
    pub gravity: Vec2,
    /// Both arcs at launch; the chosen one is flown.
    pub arcs: [Option<ArcSolution>; 2],
    pub chosen: usize,
    /// Seconds of flight left before it detonates.
    pub time_left: f32,
}

impl Ballistic {
    fn flown(&self) -> Option<ArcSolution> {
        self.arcs[self.chosen]
    }

    /// Where the flown arc meets the target: where it detonates.
    fn aim(&self) -> Option<Vec2> {
        self.flown()
            .map(|arc| arc.at(self.from, self.gravity, arc.time))
    }
}

impl Law for Ballistic {
    const ID: &'static str = "ballistic";
    const SUMMARY: &'static str =
        "D under gravity: ballistic shell on the low or high arc (quartic)";
    const COLOR: [u8; 3] = [170, 180, 50];
    const CONTACT_FUSED: bool = false;
    type Params = BallisticParams;

    /// Solves from the launch point; `None` when the chosen arc does not exist.
    fn launch(params: &BallisticParams, launch: &Launch) -> Option<(Self, Body)> {
        let arcs = arcs(
            launch.pos,
            params.speed,
            launch.seen.target_pos,
            launch.seen.target_vel,
            launch.gravity,
        );
        let chosen = match params.arc {
            Arc::Low => 0,
            Arc::High => 1,
        };
        let arc = arcs[chosen]?;
        // The world moves a body by its velocity and then adds gravity each tick, which
        // lands it half a tick's gravity further along the continuous arc: start that
        // much slower and the ticks sit on the arc exactly.
        let vel = arc.vel - 0.5 * launch.gravity * launch.seen.dt;
        let body = Body {
            pos: launch.pos,
            vel,
            heading: vel.y.patan2(vel.x),
        };
        let state = Self {
            from: launch.pos,
            gravity: launch.gravity,
            arcs,
            chosen,
            time_left: arc.time,
        };
        Some((state, body))
    }

    fn steer(&mut self, params: &BallisticParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let aim = self.aim();
        let shell = (
            self.time_left,
            aim.unwrap_or(Vec2::NAN).into(),
            aim.is_some(),
            self.gravity.into(),
        );
        let (pos, left, detonates, fraction) =
            fly(shell, (body.pos.into(), body.vel.into()), seen.dt);
        (body.pos, self.time_left) = (pos.into(), left);
        if detonates {
            return Some(Signal::Detonate {
                radius: params.blast_radius,
                fraction,
            });
        }
        if body.vel != Vec2::ZERO {
            body.heading = crate::core::direction(body.vel);
        }
        None
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);
    const LANE_GRAVITY: bool = true;

    /// With a finite aim point (or none): `[time left, aim.x, aim.y, gravity.x,
    /// gravity.y, blast radius]` (no aim point: NaN).
    fn lane(&self, params: &BallisticParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let aim = self.aim().unwrap_or(Vec2::NAN);
        let (left, g, blast) = (self.time_left, self.gravity, params.blast_radius);
        (self.aim().is_none_or(|a| a.is_finite())).then_some([left, aim.x, aim.y, g.x, g.y, blast])
    }

    fn optimal_time(&self, _params: &BallisticParams, _body: &Body, _seen: &Seen) -> Option<f32> {
        self.flown().map(|a| a.time)
    }

    fn readouts(&self, _params: &BallisticParams, _dt: f32, out: &mut Vec<Readout>) {
        for (label, arc) in [
            ("low arc time", self.arcs[0]),
            ("high arc time", self.arcs[1]),
        ] {
            match arc {
                Some(a) => out.push(Readout::number(label, a.time, "s")),
                None => out.push(Readout::text(label, "none".into())),
            }
        }
        if let Some(arc) = self.flown() {
            out.push(Readout::angle("launch angle", arc.vel.y.patan2(arc.vel.x)));
        }
        out.push(Readout::number("time left", self.time_left, "s"));
    }

    /// Both arcs from the launch point to their meeting points (the flown one as
    /// `Arc`, the other as `AlternateArc`), the aim point and its blast radius.
    fn debug_shapes(
        &self,
        params: &BallisticParams,
        _body: &Body,
        _seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        for (k, arc) in self.arcs.iter().enumerate() {
            let Some(arc) = arc else { continue };
            if k == 1 && self.arcs[0] == Some(*arc) {
                continue;
            }
            let role = if k == self.chosen {
                Role::Arc
            } else {
                Role::AlternateArc
            };
            const SEGMENTS: usize = 32;
            let point = |i: usize| {
                arc.at(
                    self.from,
                    self.gravity,
                    arc.time * i as f32 / SEGMENTS as f32,
                )
            };
            for i in 0..SEGMENTS {
                out.push(DebugShape::new(role, Shape::Line(point(i), point(i + 1))));
            }
            let end = if k == self.chosen {
                Role::InterceptPoint
            } else {
                Role::AlternateIntercept
            };
            out.push(DebugShape::new(end, Shape::Point(point(SEGMENTS))));
        }
        if let Some(center) = self.aim() {
            out.push(DebugShape::new(
                Role::BlastRadius,
                Shape::Circle {
                    center,
                    radius: params.blast_radius,
                },
            ));
        }
    }
}

/// One tick of a shell at `pos` moving at `vel` (one, or four): `time_left` before it
/// detonates at its aim point (`has_aim`; the world adds `gravity` after the law's move,
/// so it makes for the point less that). Where it ends, the time left, whether it
/// detonates this tick and when in the tick (its share of the tick).
fn fly<N: Real>(
    (time_left, aim, has_aim, gravity): (N, V2<N>, N::Mask, V2<N>),
    (pos, vel): (V2<N>, V2<N>),
    dt: N,
) -> (V2<N>, N, N::Mask, N) {
    let (zero, one) = (N::splat(0.0), N::splat(1.0));
    let detonates = dt.ge(time_left);
    let fraction = N::select(dt.gt(zero), (time_left / dt).clamp01(), one);
    // The world adds this tick's gravity after the law: land on the aim point.
    let point = aim - gravity.scale(dt).scale(dt);
    let there = reach_at_most(pos, point, vel.length() * dt);
    let there = V2::select(has_aim, there, pos);
    let moved = pos + vel.scale(dt);
    let left = N::select(detonates, zero, time_left - dt);
    (
        V2::select(detonates, there, moved),
        left,
        detonates,
        fraction,
    )
}

/// Four shells' ticks: numbers as [`Ballistic::lane`] gives them, [`fly`] on four lanes.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let [time_left, aim_x, aim_y, gravity_x, gravity_y, blast] = *n;
    let shell = (
        time_left,
        V2::new(aim_x, aim_y),
        aim_x.eq(aim_x),
        V2::new(gravity_x, gravity_y),
    );
    let (pos, left, detonates, fraction) = fly(shell, (tick.pos, tick.vel), tick.dt);
    n[0] = left;
    Moved::detonating((pos, tick.vel), detonates, fraction, blast)
}

#[cfg(test)]
#[path = "ballistic_tests.rs"]
mod tests;
