//! Wander: a point held on a circle in front of the vehicle, nudged at random each tick
//! and put back on the circle; the vehicle steers towards it, so its heading drifts
//! smoothly ("the steering direction on one frame is related to the one on the next",
//! Reynolds). The nudge is handed in (`draw`, two numbers in [-1, 1)) from the caller's
//! seeded stream.

use super::Vehicle;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The wander circle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WanderParams {
    /// How far ahead of the vehicle the circle's centre is (units).
    pub distance: f32,
    /// The circle's radius (units).
    pub radius: f32,
    /// How far the point may be nudged per second (units/s), before it is put back on
    /// the circle.
    pub jitter: f32,
}

impl Default for WanderParams {
    fn default() -> Self {
        WanderParams {
            distance: 40.0,
            radius: 20.0,
            jitter: 80.0,
        }
    }
}

/// A vehicle's wander point, in its frame, relative to the circle's centre.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Wander {
    pub point: Vec2,
}

impl Default for Wander {
    /// Straight ahead on the circle (scaled to the radius on the first tick).
    fn default() -> Self {
        Wander { point: Vec2::X }
    }
}

impl Wander {
    /// One tick of `dt`: the point nudged by `draw * jitter * dt`, put back on the circle
    /// (straight ahead if the nudge lands on the centre); returns the force towards it
    /// (the point in the world less the vehicle's position) and where it is, in the world.
    pub fn steer(
        &mut self,
        v: &Vehicle,
        params: &WanderParams,
        draw: Vec2,
        dt: f32,
    ) -> (Vec2, Vec2) {
        let nudged = self.point + draw * (params.jitter * dt);
        self.point = nudged.try_normalize().unwrap_or(Vec2::X) * params.radius;
        let target = v.world(Vec2::new(params.distance, 0.0) + self.point);
        (target - v.pos, target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_point_is_nudged_put_back_on_the_circle_and_steered_to() {
        // Facing +y at (10, 0). The point (0, 20) (20 to the left) nudged by
        // (1, -1) * 80 * 0.5 = (40, -40) is (40, -20); back on the circle of radius 20:
        // (40, -20) / sqrt(2000) * 20 = (17.889, -8.944). In the world, the circle's
        // centre is 40 ahead, (10, 40); local x is +y, local y (left) is -x:
        // (10 + 8.944, 40 + 17.889).
        let v = Vehicle::new(Vec2::new(10.0, 0.0), Vec2::new(0.0, 5.0), 10.0, 10.0, 1.0);
        let mut w = Wander {
            point: Vec2::new(0.0, 20.0),
        };
        let (force, target) = w.steer(&v, &WanderParams::default(), Vec2::new(1.0, -1.0), 0.5);
        assert!((w.point - Vec2::new(17.888_544, -8.944_272)).length() < 1e-4);
        assert!((target - Vec2::new(18.944_272, 57.888_544)).length() < 1e-4);
        assert_eq!(force, target - v.pos);
    }

    #[test]
    fn without_a_nudge_it_steers_straight_ahead_to_the_far_side_of_the_circle() {
        let v = Vehicle::new(Vec2::ZERO, Vec2::new(3.0, 0.0), 10.0, 10.0, 1.0);
        let mut w = Wander::default();
        let params = WanderParams {
            distance: 30.0,
            radius: 5.0,
            jitter: 100.0,
        };
        let (force, _) = w.steer(&v, &params, Vec2::ZERO, 1.0 / 60.0);
        assert_eq!(force, Vec2::new(35.0, 0.0));
        // A nudge that lands exactly on the centre puts it straight ahead.
        let mut w = Wander {
            point: Vec2::new(-1.0, 0.0),
        };
        let params = WanderParams {
            jitter: 1.0,
            ..params
        };
        w.steer(&v, &params, Vec2::new(1.0, 0.0), 1.0);
        assert_eq!(w.point, Vec2::new(5.0, 0.0));
    }
}
