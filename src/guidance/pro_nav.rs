//! Beyond the articles: proportional navigation, the guidance law of real missiles and
//! the yardstick the game algorithms are held against. Lateral acceleration
//! `a = N * Vc * (line-of-sight rate)`, perpendicular to the velocity, limited to
//! `max_accel`; speed stays constant.

use super::law::{Launch, Law, Signal};
use crate::core::params::{float, tunable};
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};

tunable! {
    /// Parameters of proportional navigation.
    pub struct ProNavParams {
        /// Navigation constant N (3 to 5 in practice).
        gain: f32 = 4.0, float(0.0, 10.0), "", Live, "navigation constant N";
        /// Constant missile speed.
        speed: f32 = 300.0, float(1.0, 5000.0), "units/s", Live, "missile speed";
        /// Largest lateral acceleration.
        max_accel: f32 = 1500.0, float(0.0, 100_000.0), "units/s^2", Live, "acceleration limit";
    }
}

/// Per-missile state: the last command.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProNav {
    /// Line-of-sight rate, rad/s.
    pub los_rate: f32,
    /// Closing speed, units/s.
    pub closing_speed: f32,
    /// Lateral acceleration applied (after the limit).
    pub accel: Vec2,
}

impl Law for ProNav {
    const ID: &'static str = "pro-nav";
    const SUMMARY: &'static str = "proportional navigation, the real-missile yardstick";
    /// Turquoise: no text or other overlay uses it (white was mistaken for text).
    const COLOR: [u8; 3] = [0, 210, 190];
    type Params = ProNavParams;

    fn launch(params: &ProNavParams, launch: &Launch) -> Option<(Self, Body)> {
        let body = Body {
            pos: launch.pos,
            vel: launch.dir * params.speed,
            heading: launch.dir.y.atan2(launch.dir.x),
        };
        Some((Self::default(), body))
    }

    fn steer(&mut self, params: &ProNavParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let range = seen.target_pos - body.pos;
        let rel_vel = seen.target_vel - body.vel;
        let r2 = range.length_squared();
        if r2 > 0.0 {
            self.los_rate = range.perp_dot(rel_vel) / r2;
            self.closing_speed = -range.dot(rel_vel) / r2.sqrt();
        }
        let dir = body
            .vel
            .try_normalize()
            .unwrap_or(Vec2::from_angle(body.heading));
        let lateral = params.gain * self.closing_speed.max(0.0) * self.los_rate;
        let lateral = lateral.clamp(-params.max_accel, params.max_accel);
        self.accel = dir.perp() * lateral;
        let turned = (body.vel + self.accel * seen.dt)
            .try_normalize()
            .unwrap_or(dir);
        body.vel = turned * params.speed;
        body.heading = turned.y.atan2(turned.x);
        body.pos += body.vel * seen.dt;
        None
    }

    fn readouts(&self, _params: &ProNavParams, _dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::number(
            "line-of-sight rate",
            self.los_rate,
            "rad/s",
        ));
        out.push(Readout::number(
            "closing speed",
            self.closing_speed,
            "units/s",
        ));
        out.push(Readout::number(
            "lateral acceleration",
            self.accel.length(),
            "units/s^2",
        ));
    }

    fn debug_shapes(&self, _params: &ProNavParams, body: &Body, _seen: &Seen, out: &mut Vec<DebugShape>) {
        out.push(DebugShape::new(
            Role::Acceleration,
            Shape::Arrow {
                from: body.pos,
                vector: self.accel * 0.05,
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lateral_acceleration_is_n_vc_los_rate_by_hand() {
        // Missile at origin flying +x at 100; target at (100, 0) moving (0, 10):
        // LOS rate = (100*10 - 0*(-100)) / 100^2 = 0.1 rad/s; Vc = 100; a = 4*100*0.1 = 40.
        let params = ProNavParams {
            gain: 4.0,
            speed: 100.0,
            max_accel: 1000.0,
        };
        let mut pn = ProNav::default();
        let mut body = Body {
            vel: Vec2::new(100.0, 0.0),
            ..Default::default()
        };
        let seen = Seen {
            target_pos: Vec2::new(100.0, 0.0),
            target_vel: Vec2::new(0.0, 10.0),
            dt: 0.01,
        };
        pn.steer(&params, &mut body, &seen);
        assert!((pn.los_rate - 0.1).abs() < 1e-6);
        assert!((pn.closing_speed - 100.0).abs() < 1e-4);
        assert!((pn.accel - Vec2::new(0.0, 40.0)).length() < 1e-3);
        assert!((body.vel.length() - 100.0).abs() < 1e-3, "speed is kept");
    }

    #[test]
    fn acceleration_limit_holds() {
        let params = ProNavParams {
            gain: 5.0,
            speed: 100.0,
            max_accel: 10.0,
        };
        let mut pn = ProNav::default();
        let mut body = Body {
            vel: Vec2::new(100.0, 0.0),
            ..Default::default()
        };
        let seen = Seen {
            target_pos: Vec2::new(10.0, 0.0),
            target_vel: Vec2::new(0.0, 500.0),
            dt: 0.01,
        };
        pn.steer(&params, &mut body, &seen);
        assert!((pn.accel.length() - 10.0).abs() < 1e-4);
    }
}
