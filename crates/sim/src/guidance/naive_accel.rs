//! C's baseline, the article's "stupid missile": estimate the flight time as if from
//! rest, `T = sqrt(2|d|/k)`, aim at where the target will be then, `t + u T`, and
//! accelerate straight at it. With a start velocity it orbits its target.

use super::law::{Launch, Law, Signal};
use super::quartic::{accel_shapes, integrate, integrate_accel};
use crate::core::field::{number, tunable};
use crate::core::lanes::{LaneStep, LaneTick, Moved, Real, F4, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Seen};
use glam::Vec2;
use serde::{Deserialize, Serialize};

tunable! {
    /// Parameters of the naive accelerating missile.
    pub struct NaiveAccelParams {
        acceleration: f32 = 200.0 => number(1.0, 5000.0)
            .label("acceleration k")
            .unit("units/s^2")
            .help("Magnitude k of the constant acceleration."),
    }
}

/// Per-missile state: the last estimate.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NaiveAccel {
    /// Estimated flight time `sqrt(2|d|/k)`.
    pub time: f32,
    /// Where the target is predicted to be after `time`.
    pub aim: Vec2,
    /// The acceleration applied.
    pub accel: Vec2,
}

impl Law for NaiveAccel {
    const ID: &'static str = "naive-accel";
    const SUMMARY: &'static str = "C: the article's 'stupid missile' baseline that orbits";
    const COLOR: [u8; 3] = [170, 130, 90];
    type Params = NaiveAccelParams;

    fn launch(_params: &NaiveAccelParams, launch: &Launch) -> Option<(Self, Body)> {
        let body = Body {
            pos: launch.pos,
            vel: launch.vel,
            heading: launch.dir.y.patan2(launch.dir.x),
        };
        Some((Self::default(), body))
    }

    fn steer(&mut self, params: &NaiveAccelParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let (time, aim, accel) = estimate(
            params.acceleration,
            body.pos.into(),
            seen.target_pos.into(),
            seen.target_vel.into(),
        );
        (self.time, self.aim, self.accel) = (time, aim.into(), accel.into());
        integrate_accel(body, self.accel, seen.dt);
        None
    }

    fn readouts(&self, _params: &NaiveAccelParams, _dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::number(
            "estimated time sqrt(2|d|/k)",
            self.time,
            "s",
        ));
        out.push(Readout::vector("aim point", self.aim, ""));
    }

    fn debug_shapes(
        &self,
        _params: &NaiveAccelParams,
        body: &Body,
        _seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        accel_shapes(body, self.accel, self.aim, out);
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);
    const LANE_GRAVITY: bool = true;

    /// Always: its only number is `k` (the velocity is the missile's own).
    fn lane(&self, params: &NaiveAccelParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        Some([params.acceleration, 0.0, 0.0, 0.0, 0.0, 0.0])
    }
}

/// The article's estimate for one missile (`f32`) or four ([`crate::core::lanes::F4`])
/// accelerating at `k`: the flight time from rest `sqrt(2|d|/k)`, where the target will
/// be then, and the acceleration `k` straight at that point (none once it is there:
/// coast rather than divide by zero).
pub fn estimate<N: Real>(k: N, pos: V2<N>, target: V2<N>, target_vel: V2<N>) -> (N, V2<N>, V2<N>) {
    let distance = (target - pos).length();
    let time = (N::splat(2.0) * distance / k).sqrt();
    let aim = target + target_vel.scale(time);
    let zero = V2::new(N::splat(0.0), N::splat(0.0));
    (time, aim, (aim - pos).normalize_or(zero).scale(k))
}

/// Four missiles' ticks at once: numbers `[k]` ([`NaiveAccel::lane`]), through the same
/// [`estimate`] and [`integrate`] as one missile's.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let (_, _, accel) = estimate(n[0], tick.pos, tick.target_pos, tick.target_vel);
    integrate(tick.pos, tick.vel, accel, tick.dt).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aims_at_the_target_after_the_rest_time_estimate() {
        // |d| = 100, k = 200: T = sqrt(2*100/200) = 1; target moving (10, 0) -> aim (110, 0).
        let params = NaiveAccelParams {
            acceleration: 200.0,
        };
        let mut naive = NaiveAccel::default();
        let mut body = Body::default();
        let seen = Seen {
            target_pos: Vec2::new(100.0, 0.0),
            target_vel: Vec2::new(10.0, 0.0),
            dt: 0.5,
        };
        naive.steer(&params, &mut body, &seen);
        assert!((naive.time - 1.0).abs() < 1e-6);
        assert_eq!(naive.aim, Vec2::new(110.0, 0.0));
        // v += a dt = (100, 0); p += v dt = (50, 0).
        assert!((body.vel - Vec2::new(100.0, 0.0)).length() < 1e-4);
        assert!((body.pos - Vec2::new(50.0, 0.0)).length() < 1e-4);
    }

    #[test]
    fn it_estimates_from_where_it_is_and_shows_its_estimate() {
        // At (50, 30), still; the target 100 east at (150, 30) moving (10, 5); k = 50:
        // T = sqrt(2 * 100 / 50) = 2, aim (150 + 20, 30 + 10) = (170, 40); it accelerates
        // at 50 along (120, 10).
        let params = NaiveAccelParams { acceleration: 50.0 };
        let mut naive = NaiveAccel::default();
        let mut body = Body {
            pos: Vec2::new(50.0, 30.0),
            ..Body::default()
        };
        let seen = Seen {
            target_pos: Vec2::new(150.0, 30.0),
            target_vel: Vec2::new(10.0, 5.0),
            dt: 0.1,
        };
        naive.steer(&params, &mut body, &seen);
        assert!((naive.time - 2.0).abs() < 1e-5);
        assert!(naive.aim.distance(Vec2::new(170.0, 40.0)) < 1e-4);
        let along = Vec2::new(120.0, 10.0).normalize();
        assert!((naive.accel - along * 50.0).length() < 1e-3);
        let mut out = Vec::new();
        naive.readouts(&params, 0.1, &mut out);
        assert_eq!(
            out,
            [
                Readout::number("estimated time sqrt(2|d|/k)", naive.time, "s"),
                Readout::vector("aim point", naive.aim, ""),
            ]
        );
        // Its arrow: 40 units along the acceleration; its point: the aim.
        let mut shapes = Vec::new();
        naive.debug_shapes(&params, &body, &seen, &mut shapes);
        assert_eq!(
            shapes,
            [
                DebugShape::new(
                    crate::core::Role::Acceleration,
                    crate::core::Shape::Arrow {
                        from: body.pos,
                        vector: naive.accel.normalize() * 40.0,
                    },
                ),
                DebugShape::new(
                    crate::core::Role::InterceptPoint,
                    crate::core::Shape::Point(naive.aim),
                ),
            ]
        );
    }

    #[test]
    fn orbits_a_static_target_when_launched_with_a_sideways_velocity() {
        // Circular-orbit condition: w^2 / r = k with r = 100, k = 100, w = 100.
        let params = NaiveAccelParams {
            acceleration: 100.0,
        };
        let mut naive = NaiveAccel::default();
        let mut body = Body {
            pos: Vec2::new(100.0, 0.0),
            vel: Vec2::new(0.0, 100.0),
            heading: 0.0,
        };
        let seen = Seen {
            target_pos: Vec2::ZERO,
            target_vel: Vec2::ZERO,
            dt: 1.0 / 60.0,
        };
        let mut swept = 0.0;
        let mut angle = 0.0f32;
        let (mut nearest, mut farthest) = (f32::INFINITY, 0.0f32);
        for _ in 0..60 * 20 {
            naive.steer(&params, &mut body, &seen);
            let now = body.pos.y.patan2(body.pos.x);
            swept += crate::core::wrap_angle(now - angle);
            angle = now;
            nearest = nearest.min(body.pos.length());
            farthest = farthest.max(body.pos.length());
        }
        // Period 2*pi*r/w = 6.3 s: three full turns in 20 s, never closing in.
        assert!(
            swept.abs() > 3.0 * std::f32::consts::TAU,
            "went round {} times",
            swept / std::f32::consts::TAU
        );
        assert!(
            nearest > 50.0,
            "it should never close in: nearest {nearest}"
        );
        assert!(
            farthest < 200.0,
            "it should stay bound: farthest {farthest}"
        );
    }
}
