//! C, exact (an improvement on the article): the accelerating missile's meeting time is
//! the smallest positive root of `(k^2/4) T^4 - |vr|^2 T^2 - 2 (d.vr) T - |d|^2 = 0`,
//! and the acceleration is `a = 2 (d + vr T) / T^2`. Also the reference that the Newton
//! solver is measured against. Solved by Newton steps that the quartic's shape proves
//! land on the smallest root (`MeetingQuartic`), falling back to the general root
//! isolation (`roots.rs`) where they cannot tell, near double roots.

use super::law::{lane_by_lane, Launch, Law, Signal};
use super::roots::{real_roots_in, root_bound};
use crate::core::field::{number, tunable};
use crate::core::lanes::{LaneStep, LaneTick, Moved, Real, F4, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::{DVec2, Vec2};
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
    if k.is_nan() || k <= 0.0 || !d.is_finite() || !vr.is_finite() || !k.is_finite() {
        return None;
    }
    let (d, vr, k) = (d.as_dvec2(), vr.as_dvec2(), f64::from(k));
    let d2 = d.length_squared();
    if d2 == 0.0 {
        return Some(Meeting {
            time: 0.0,
            accel: Vec2::ZERO,
        });
    }
    let time = first_root(&MeetingQuartic::new(d, vr, k))?;
    let accel = 2.0 * (d + vr * time) / (time * time);
    // |accel| equals k at an exact root; rescale so rounding never changes the thrust.
    let accel: DVec2 = accel.try_normalize().map_or(DVec2::ZERO, |dir| dir * k);
    Some(Meeting {
        time: time as f32,
        accel: accel.as_vec2(),
    })
}

/// `p(T) = a T^4 - b T^2 - c T - e` with `a = k^2/4 > 0`, `b = |vr|^2`, `c = 2 d.vr`
/// and `e = |d|^2 > 0`, that is `p(T) = (k T^2 / 2)^2 - |d + vr T|^2`.
///
/// Its shape makes the smallest positive root cheap to find and to prove smallest:
/// `p'' = 12 a T^2 - 2 b` is negative before `ti = sqrt(b / 6a)` and positive after, so
/// `p` is concave on `[0, ti]` and convex on `[ti, inf)`; and `p(0) = -e < 0`.
/// - In the concave stretch, Newton's method started left of the first root never
///   passes it (the tangent lies above `p`, so it reaches zero no later than `p` does):
///   it climbs to the first root, or shows that `p` stays below zero there.
/// - In the convex stretch, once `p < 0` at its start, `p` has exactly one root there,
///   and Newton's method started right of it descends to it without passing it.
///
/// Whatever the fast path cannot settle it hands to the general root isolation.
#[derive(Clone, Copy, Debug)]
struct MeetingQuartic {
    a: f64,
    b: f64,
    c: f64,
    e: f64,
}

/// The outcome of the search in the concave stretch `[0, ti]`.
enum Concave {
    /// The first positive root.
    Root(f64),
    /// `p` stays clearly below zero: no root, nor a touch the general solver would take
    /// for one.
    Below,
    /// Too close to call (a near-double root): ask the general solver.
    Unsure,
}

/// Newton steps before the fast path gives up (it takes a handful unless a double root
/// is near, where the general solver is the one to ask).
const STEPS: usize = 32;

impl MeetingQuartic {
    fn new(d: DVec2, vr: DVec2, k: f64) -> Self {
        Self {
            a: 0.25 * k * k,
            b: vr.length_squared(),
            c: 2.0 * d.dot(vr),
            e: d.length_squared(),
        }
    }

    /// `p(t)` and `p'(t)`.
    fn eval(&self, t: f64) -> (f64, f64) {
        let t2 = t * t;
        let p = (self.a * t2 - self.b) * t2 - self.c * t - self.e;
        (p, (4.0 * self.a * t2 - 2.0 * self.b) * t - self.c)
    }

    /// The sum of the terms' sizes at `t`: the scale of `p`'s rounding there.
    fn size(&self, t: f64) -> f64 {
        let t2 = t * t;
        self.e + self.c.abs() * t + self.b * t2 + self.a * t2 * t2
    }

    /// A bound on the rounding error of `eval(t).0` (a few roundings of terms of at most
    /// `size(t)`), generous.
    fn rounding(&self, t: f64) -> f64 {
        32.0 * f64::EPSILON * self.size(t)
    }

    /// The smallest positive root: the fast path, else the general solver.
    fn first_root(&self) -> Option<f64> {
        self.first_root_fast().or_else(|| self.first_root_robust())
    }

    /// The smallest positive root by isolating every real root (derivative intervals).
    fn first_root_robust(&self) -> Option<f64> {
        let coeffs = [-self.e, -self.c, -self.b, 0.0, self.a];
        real_roots_in(&coeffs, 0.0, root_bound(&coeffs))
            .iter()
            .copied()
            .find(|&t| t > 0.0)
    }

    /// The smallest positive root, or `None` when the fast path cannot prove it.
    fn first_root_fast(&self) -> Option<f64> {
        let ti = (self.b / (6.0 * self.a)).sqrt();
        // With c >= 0, p'(0) = -c <= 0 and p' falls through the concave stretch: p
        // falls from -e there, so no root before ti.
        if self.c < 0.0 {
            match self.concave_root(ti) {
                Concave::Root(t) => return Some(t),
                Concave::Below => {}
                Concave::Unsure => return None,
            }
        }
        // p < 0 on [0, ti]: the one root of the convex stretch is the first.
        self.convex_root(ti)
    }

    /// Newton from 0 (where p < 0 < p' = -c) up through the concave stretch `[0, ti]`.
    ///
    /// Each iterate `x` has `p(x) < 0 < p'(x)`. The tangent at `x` lies above `p` on the
    /// stretch and is negative up to its zero `next`: no root before `next`, so
    /// converging means reaching the first root. Otherwise the climb stops when `next`
    /// leaves the stretch or `p` turns down (`p'(next) <= 0`), and two tangents bound `p`
    /// on the whole stretch: the last rising one (`p` is below it, and rises, up to its
    /// point) and one falling at the stretch's end (`p` falls after its point). The
    /// height where they cross bounds `p`'s maximum. The general solver counts a maximum
    /// within 1e-12 of the terms' size as a touching root; below -1e-10 of the size,
    /// it finds none either.
    fn concave_root(&self, ti: f64) -> Concave {
        let (mut x, mut v, mut s) = (0.0, -self.e, -self.c);
        let mut rising = (x, v, s);
        let mut end = None;
        for _ in 0..STEPS {
            if s <= 0.0 {
                end = Some((x, v, s));
                break;
            }
            let next = x - v / s;
            // Converged, or past the root by rounding only (p(x) < 0 in exact arithmetic).
            if (next - x).abs() <= 4.0 * f64::EPSILON * x || v >= 0.0 {
                return if v <= self.rounding(x) {
                    Concave::Root(next)
                } else {
                    Concave::Unsure
                };
            }
            rising = (x, v, s);
            if next >= ti {
                let (v, s) = self.eval(ti);
                end = Some((ti, v, s));
                break;
            }
            x = next;
            (v, s) = self.eval(x);
        }
        let Some((xe, ve, se)) = end else {
            return Concave::Unsure; // out of steps: a double root is near
        };
        let (x, v, s) = rising;
        let max = if se >= 0.0 {
            // p rises on the whole stretch: its maximum is at the end.
            ve
        } else {
            // The rising tangent's height where the falling one crosses it.
            v + s * (ve - v - se * (xe - x)) / (s - se)
        };
        if max < -1e-10 * self.size(ti) {
            Concave::Below
        } else {
            Concave::Unsure
        }
    }

    /// The root in the convex stretch `[lo, inf)`, given `p(lo) < 0` (so it has exactly
    /// one), by Newton from above it. Every positive root is at most `hi`, since at a
    /// root `(k/2) T^2 = |d + vr T| <= |d| + |vr| T`; p > 0 there is checked (a value
    /// at or below zero ends the search, taken for the root only if it is rounding). On
    /// a convex stretch the tangent lies below `p`, so the iterates descend to the root
    /// without passing it.
    fn convex_root(&self, lo: f64) -> Option<f64> {
        let (ra, rb) = (self.a.sqrt(), self.b.sqrt());
        // The positive root of ra T^2 - rb T - |d|, nudged up past rounding.
        let hi = (rb + (self.b + 4.0 * (self.a * self.e).sqrt()).sqrt()) / (2.0 * ra);
        let mut x = hi * (1.0 + 1e-9);
        for _ in 0..STEPS {
            let (v, s) = self.eval(x);
            let next = x - v / s;
            if !(s > 0.0 && next > lo) {
                return None;
            }
            // Converged, or past the root by rounding only (p(x) > 0 in exact arithmetic).
            if (next - x).abs() <= 4.0 * f64::EPSILON * x || v <= 0.0 {
                return (v >= -self.rounding(x)).then_some(next);
            }
            x = next;
        }
        None
    }
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

/// Four missiles' ticks: numbers as [`Quartic::lane`] gives them, each lane through the
/// law's own step (its solver works in `f64`, one missile at a time).
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    lane_by_lane(n, tick, |n, body, seen| {
        let last = (n[0] != 0.0).then_some(Meeting {
            time: n[1],
            accel: Vec2::new(n[2], n[3]),
        });
        let mut quartic = Quartic { last };
        let params = QuarticParams { acceleration: n[4] };
        let signal = quartic.steer(&params, body, seen);
        if let Some(m) = quartic.last {
            n[..4].copy_from_slice(&[1.0, m.time, m.accel.x, m.accel.y]);
        }
        signal
    })
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

#[cfg(test)]
#[path = "quartic_tests.rs"]
mod tests;
