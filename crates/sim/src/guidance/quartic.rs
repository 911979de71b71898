//! C, exact (an improvement on the article): the accelerating missile's meeting time is
//! the smallest positive root of `(k^2/4) T^4 - |vr|^2 T^2 - 2 (d.vr) T - |d|^2 = 0`,
//! and the acceleration is `a = 2 (d + vr T) / T^2`. Also the reference that the Newton
//! solver is measured against. Solved by Newton steps that the quartic's shape proves
//! land on the smallest root (`MeetingQuartic`), falling back to the general root
//! isolation (`roots.rs`) where they cannot tell, near double roots.

use super::law::{Launch, Law, Signal};
use crate::core::field::{number, tunable};
use crate::core::lanes::{
    LaneStep, LaneTick, Moved, Real, Real64, D4, F4, LANES, LANE_NUMBERS, V2,
};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};

tunable! {
    /// Parameters of the exact accelerating missile.
    pub struct QuarticParams {
        acceleration: f32 = 200.0 => number(1.0, 5000.0)
            .label("acceleration k")
            .unit("units/s^2")
            .help("Magnitude k of the constant acceleration."),
    }
}

/// Where and when an accelerating missile meets a constant-velocity target.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Meeting {
    /// Meeting time T in seconds (0 when already there).
    pub time: f32,
    /// The acceleration to hold, of magnitude k (zero when already there).
    pub accel: Vec2,
}

impl Meeting {
    /// Direction of the acceleration, radians.
    pub fn angle(&self) -> f32 {
        self.accel.y.patan2(self.accel.x)
    }
}

/// The earliest meeting for offset `d = target - missile`, relative velocity
/// `vr = target velocity - missile velocity` and acceleration magnitude `k`. Computed in
/// f64. `None` only when `k` is not positive (or the inputs are not finite).
pub fn meeting(d: Vec2, vr: Vec2, k: f32) -> Option<Meeting> {
    meeting_by(d, vr, k, MeetingQuartic::first_root)
}

/// [`meeting`] by the general root isolation alone (the solver before the fast path):
/// the reference the fast path is tested against.
#[cfg(test)]
fn meeting_robust(d: Vec2, vr: Vec2, k: f32) -> Option<Meeting> {
    meeting_by(d, vr, k, MeetingQuartic::first_root_robust)
}

fn meeting_by(
    d: Vec2,
    vr: Vec2,
    k: f32,
    first_root: fn(&MeetingQuartic) -> Option<f64>,
) -> Option<Meeting> {
    if let Some(answer) = unsolved(d, vr, k) {
        return answer;
    }
    let (d, vr, k) = (d.as_dvec2(), vr.as_dvec2(), f64::from(k));
    let time = first_root(&MeetingQuartic::new(d, vr, k))?;
    Some(narrowed(time, thrust((d.x, d.y), (vr.x, vr.y), k, time)))
}

/// The answer where there is nothing to solve: none without a positive finite thrust
/// or with a broken input, at once (no thrust) where the missile is already there.
fn unsolved(d: Vec2, vr: Vec2, k: f32) -> Option<Option<Meeting>> {
    if k.is_nan() || k <= 0.0 || !d.is_finite() || !vr.is_finite() || !k.is_finite() {
        return Some(None);
    }
    (d == Vec2::ZERO).then_some(Some(Meeting {
        time: 0.0,
        accel: Vec2::ZERO,
    }))
}

/// The meeting at `time` with the acceleration `(x, y)`, in `f32`.
fn narrowed(time: f64, (x, y): (f64, f64)) -> Meeting {
    Meeting {
        time: time as f32,
        accel: Vec2::new(x as f32, y as f32),
    }
}

/// The acceleration `2 (d + vr T) / T^2` at the meeting time `T`, rescaled to size `k`
/// (zero where it has no direction), for one missile or four.
fn thrust<N: Real64>(d: (N, N), vr: (N, N), k: N, time: N) -> (N, N) {
    let (two, zero) = (N::splat(2.0), N::splat(0.0));
    let squared = time * time;
    let x = two * (d.0 + vr.0 * time) / squared;
    let y = two * (d.1 + vr.1 * time) / squared;
    // |accel| equals k at an exact root; rescale so rounding never changes the thrust
    // (as glam's `try_normalize`: by the reciprocal of the length, where that is finite
    // and positive).
    let reciprocal = N::splat(1.0) / (x * x + y * y).sqrt();
    let direction = N::splat(f64::INFINITY).gt(reciprocal.abs()) & reciprocal.gt(zero);
    let scaled = |v: N| N::select(direction, v * reciprocal * k, zero);
    (scaled(x), scaled(y))
}

/// [`meeting`] for four missiles at once, each lane's the bits of its own: the fast
/// path on four lanes ([`D4`]); a lane the fast path cannot settle, or with nothing to
/// solve (no thrust, a broken input, already there), by the one-missile code.
fn meetings(d: V2<F4>, vr: V2<F4>, k: F4) -> [Option<Meeting>; LANES] {
    let lanes = |v: V2<F4>| {
        let (x, y) = (v.x.to_array(), v.y.to_array());
        std::array::from_fn(|i| Vec2::new(x[i], y[i]))
    };
    let (d, vr, k): ([Vec2; LANES], [Vec2; LANES], _) = (lanes(d), lanes(vr), k.to_array());
    let unsolved: [_; LANES] = std::array::from_fn(|i| unsolved(d[i], vr[i], k[i]));
    let quartics = std::array::from_fn::<_, LANES, _>(|i| {
        MeetingQuartic::new(d[i].as_dvec2(), vr[i].as_dvec2(), f64::from(k[i]))
    });
    let four = |of: fn(&MeetingQuartic) -> f64| D4::from(quartics.each_ref().map(of));
    let quartic = MeetingQuartic {
        a: four(|q| q.a),
        b: four(|q| q.b),
        c: four(|q| q.c),
        e: four(|q| q.e),
    };
    let (root, found) = quartic.first_root_lanes();
    let (root, found) = (root.to_array(), found.to_bitmask());
    // Each lane's meeting time, where it has one to solve for.
    let times: [Option<f64>; LANES] = std::array::from_fn(|i| match found & (1 << i) != 0 {
        true => Some(root[i]),
        false => (unsolved[i].is_none())
            .then(|| quartics[i].first_root_robust())
            .flatten(),
    });
    let wide = |v: [Vec2; LANES], f: fn(Vec2) -> f32| D4::from(v.map(|v| f64::from(f(v))));
    let (x, y) = thrust(
        (wide(d, |v| v.x), wide(d, |v| v.y)),
        (wide(vr, |v| v.x), wide(vr, |v| v.y)),
        D4::from(k.map(f64::from)),
        D4::from(times.map(|t| t.unwrap_or(1.0))),
    );
    let (x, y) = (x.to_array(), y.to_array());
    std::array::from_fn(|i| match unsolved[i] {
        Some(answer) => answer,
        None => times[i].map(|time| narrowed(time, (x[i], y[i]))),
    })
}

/// Per-missile state: the last meeting solved.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Quartic {
    pub last: Option<Meeting>,
}

impl Law for Quartic {
    const ID: &'static str = "quartic";
    const SUMMARY: &'static str = "C: accelerating missile, exact quartic (improvement)";
    const COLOR: [u8; 3] = [186, 104, 255];
    type Params = QuarticParams;

    fn launch(_params: &QuarticParams, launch: &Launch) -> Option<(Self, Body)> {
        let body = Body {
            pos: launch.pos,
            vel: launch.vel,
            heading: launch.dir.y.patan2(launch.dir.x),
        };
        Some((Self::default(), body))
    }

    fn steer(&mut self, params: &QuarticParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let d = seen.target_pos - body.pos;
        let vr = seen.target_vel - body.vel;
        if let Some(m) = meeting(d, vr, params.acceleration) {
            self.last = Some(m);
        }
        let accel = self.last.map_or(Vec2::ZERO, |m| m.accel);
        integrate_accel(body, accel, seen.dt);
        None
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);
    const LANE_GRAVITY: bool = true;

    /// Always: `[solved, T, a.x, a.y, k]` (its last meeting, `solved` 1 if it has one).
    fn lane(&self, params: &QuarticParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let (solved, m) = match self.last {
            Some(m) => (1.0, m),
            None => (
                0.0,
                Meeting {
                    time: 0.0,
                    accel: Vec2::ZERO,
                },
            ),
        };
        Some([
            solved,
            m.time,
            m.accel.x,
            m.accel.y,
            params.acceleration,
            0.0,
        ])
    }

    /// The exact meeting time from launch.
    fn optimal_time(&self, params: &QuarticParams, body: &Body, seen: &Seen) -> Option<f32> {
        meeting(
            seen.target_pos - body.pos,
            seen.target_vel - body.vel,
            params.acceleration,
        )
        .map(|m| m.time)
    }

    fn readouts(&self, _params: &QuarticParams, _dt: f32, out: &mut Vec<Readout>) {
        if let Some(m) = self.last {
            out.push(Readout::number("meeting time T", m.time, "s"));
            out.push(Readout::angle("acceleration angle", m.angle()));
        } else {
            out.push(Readout::text("meeting", "none yet".into()));
        }
    }

    fn debug_shapes(
        &self,
        _params: &QuarticParams,
        body: &Body,
        seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        if let Some(m) = self.last {
            accel_shapes(
                body,
                m.accel,
                seen.target_pos + seen.target_vel * m.time,
                out,
            );
        }
    }
}

/// The article's integration for accelerating missiles: `v += a dt; p += v dt`.
pub fn integrate_accel(body: &mut Body, accel: Vec2, dt: f32) {
    let (pos, vel) = integrate(body.pos.into(), body.vel.into(), accel.into(), dt);
    (body.pos, body.vel) = (pos.into(), vel.into());
    if body.vel != Vec2::ZERO {
        body.heading = crate::core::direction(body.vel);
    }
}

/// Four missiles' ticks: numbers as [`Quartic::lane`] gives them, the meetings solved
/// four at a time ([`meetings`]), each lane's acceleration its last meeting's.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let solved = meetings(tick.target_pos - tick.pos, tick.target_vel - tick.vel, n[4]);
    let mut numbers = n.map(F4::to_array);
    for (i, meeting) in solved.into_iter().enumerate() {
        if let Some(m) = meeting {
            let fresh = [1.0, m.time, m.accel.x, m.accel.y];
            for (column, value) in numbers.iter_mut().zip(fresh) {
                column[i] = value;
            }
        }
    }
    *n = numbers.map(F4::from);
    let accel = V2::new(n[2], n[3]);
    Moved::from(integrate(tick.pos, tick.vel, accel, tick.dt))
}

/// [`integrate_accel`]'s move for one missile (`f32`) or four ([`crate::core::lanes::F4`]):
/// the new position and velocity.
pub fn integrate<N: Real>(pos: V2<N>, vel: V2<N>, accel: V2<N>, dt: N) -> (V2<N>, V2<N>) {
    let vel = vel + accel.scale(dt);
    (pos + vel.scale(dt), vel)
}

/// The acceleration arrow and the predicted meeting point.
pub fn accel_shapes(body: &Body, accel: Vec2, meeting_point: Vec2, out: &mut Vec<DebugShape>) {
    out.push(DebugShape::new(
        Role::Acceleration,
        Shape::Arrow {
            from: body.pos,
            vector: accel.normalize_or_zero() * 40.0,
        },
    ));
    out.push(DebugShape::new(
        Role::InterceptPoint,
        Shape::Point(meeting_point),
    ));
}

#[path = "quartic_solver.rs"]
mod solver;
#[cfg(test)]
use solver::Concave;
use solver::MeetingQuartic;

#[cfg(test)]
#[path = "quartic_tests.rs"]
mod tests;
