//! C, exact (an improvement on the article): the accelerating missile's meeting time is
//! the smallest positive root of `(k^2/4) T^4 - |vr|^2 T^2 - 2 (d.vr) T - |d|^2 = 0`,
//! and the acceleration is `a = 2 (d + vr T) / T^2`. Also the reference that the Newton
//! solver is measured against.

use super::roots::{real_roots_in, root_bound};
use super::law::{Launch, Law, Signal};
use crate::core::params::{float, tunable};
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::{DVec2, Vec2};
use serde::{Deserialize, Serialize};

tunable! {
    /// Parameters of the exact accelerating missile.
    pub struct QuarticParams {
        /// Magnitude k of the constant acceleration.
        acceleration: f32 = 200.0, float(1.0, 5000.0), "units/s^2", Live, "acceleration k";
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
        self.accel.y.atan2(self.accel.x)
    }
}

/// The earliest meeting for offset `d = target - missile`, relative velocity
/// `vr = target velocity - missile velocity` and acceleration magnitude `k`. Computed in
/// f64. `None` only when `k` is not positive (or the inputs are not finite).
pub fn meeting(d: Vec2, vr: Vec2, k: f32) -> Option<Meeting> {
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
    // Coefficients from degree 0 up.
    let coeffs = [
        -d2,
        -2.0 * d.dot(vr),
        -vr.length_squared(),
        0.0,
        0.25 * k * k,
    ];
    let time = real_roots_in(&coeffs, 0.0, root_bound(&coeffs))
        .iter()
        .copied()
        .find(|&t| t > 0.0)?;
    let accel = 2.0 * (d + vr * time) / (time * time);
    // |accel| equals k at an exact root; rescale so rounding never changes the thrust.
    let accel: DVec2 = accel.try_normalize().map_or(DVec2::ZERO, |dir| dir * k);
    Some(Meeting {
        time: time as f32,
        accel: accel.as_vec2(),
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
            heading: launch.dir.y.atan2(launch.dir.x),
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

    fn debug_shapes(&self, _params: &QuarticParams, body: &Body, seen: &Seen, out: &mut Vec<DebugShape>) {
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
    body.vel += accel * dt;
    body.pos += body.vel * dt;
    if body.vel != Vec2::ZERO {
        body.heading = body.vel.y.atan2(body.vel.x);
    }
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
mod tests {
    use super::*;

    fn residual(d: Vec2, vr: Vec2, k: f32, t: f32) -> f32 {
        let (k, t) = (k as f64, t as f64);
        let (d, vr) = (d.as_dvec2(), vr.as_dvec2());
        (0.25 * k * k * t.powi(4)
            - vr.length_squared() * t * t
            - 2.0 * d.dot(vr) * t
            - d.length_squared()) as f32
    }

    #[test]
    fn close_roots_give_the_earliest_meeting() {
        // d = (-100, 1), vr = (50, 0), k = 1: two roots near T = 2; the first is about 1.967.
        let m = meeting(Vec2::new(-100.0, 1.0), Vec2::new(50.0, 0.0), 1.0).unwrap();
        assert!((m.time - 1.967).abs() < 0.001, "T = {}", m.time);
        assert!((m.accel.length() - 1.0).abs() < 1e-5);
    }

    #[test]
    fn meeting_solves_the_equation_of_motion() {
        // Stationary missile, static target 100 away, k = 200: 0.5*k*T^2 = 100 -> T = 1.
        let m = meeting(Vec2::new(100.0, 0.0), Vec2::ZERO, 200.0).unwrap();
        assert!((m.time - 1.0).abs() < 1e-6);
        assert!((m.accel - Vec2::new(200.0, 0.0)).length() < 1e-3);
        // A moving case: the position equation holds at T: d + vr T = a T^2 / 2.
        let (d, vr, k) = (Vec2::new(300.0, -120.0), Vec2::new(-40.0, 60.0), 150.0);
        let m = meeting(d, vr, k).unwrap();
        let miss = d + vr * m.time - 0.5 * m.accel * m.time * m.time;
        assert!(miss.length() < 1e-2, "miss {miss}");
        assert!(residual(d, vr, k, m.time).abs() / d.length_squared() < 1e-4);
    }

    #[test]
    fn zero_distance_meets_at_once_and_no_thrust_gives_none() {
        assert_eq!(meeting(Vec2::ZERO, Vec2::X, 10.0).unwrap().time, 0.0);
        assert!(meeting(Vec2::X, Vec2::ZERO, 0.0).is_none());
    }
}
