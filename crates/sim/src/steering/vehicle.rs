//! Reynolds' simple vehicle model: a point mass with a velocity, steered by a force.
//! Each tick: `steering = truncate(force, max_force)`, `acceleration = steering / mass`,
//! `velocity = truncate(velocity + acceleration * dt, max_speed)`,
//! `position += velocity * dt`, and the vehicle turns to face its new velocity (it keeps
//! its facing while it stands still).

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A steered agent.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Vehicle {
    pub pos: Vec2,
    pub vel: Vec2,
    /// The unit vector it faces: its velocity's direction while it moves.
    pub forward: Vec2,
    pub mass: f32,
    /// The largest steering force (units/s^2 times the mass).
    pub max_force: f32,
    /// The largest speed (units/s).
    pub max_speed: f32,
    /// Its size, for avoidance and separation (units).
    pub radius: f32,
}

/// Another agent as a behaviour sees it: where it is and how it moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mover {
    pub pos: Vec2,
    pub vel: Vec2,
    pub radius: f32,
}

/// `v` shortened to at most `max` long (unchanged if shorter; zero for a `max` of 0 or less).
pub fn truncate(v: Vec2, max: f32) -> Vec2 {
    let squared = v.length_squared();
    if max <= 0.0 {
        Vec2::ZERO
    } else if squared > max * max {
        v * (max / squared.sqrt())
    } else {
        v
    }
}

impl Vehicle {
    /// A vehicle at `pos` moving `vel`, facing along `vel` (along +x at rest).
    pub fn new(pos: Vec2, vel: Vec2, max_force: f32, max_speed: f32, radius: f32) -> Self {
        Vehicle {
            pos,
            vel,
            forward: vel.try_normalize().unwrap_or(Vec2::X),
            mass: 1.0,
            max_force,
            max_speed,
            radius,
        }
    }

    pub fn speed(&self) -> f32 {
        self.vel.length()
    }

    /// The unit vector to its left (counter-clockwise from `forward`).
    pub fn side(&self) -> Vec2 {
        self.forward.perp()
    }

    /// `world` in its own frame: x along `forward`, y along `side`.
    pub fn local(&self, world: Vec2) -> Vec2 {
        let d = world - self.pos;
        Vec2::new(d.dot(self.forward), d.dot(self.side()))
    }

    /// A vector given in its own frame, turned into the world's (not moved).
    pub fn turn_to_world(&self, local: Vec2) -> Vec2 {
        self.forward * local.x + self.side() * local.y
    }

    /// A point given in its own frame, in the world.
    pub fn world(&self, local: Vec2) -> Vec2 {
        self.pos + self.turn_to_world(local)
    }

    /// How others see it.
    pub fn mover(&self) -> Mover {
        Mover {
            pos: self.pos,
            vel: self.vel,
            radius: self.radius,
        }
    }

    /// One tick of `dt` seconds under `force`; returns the force applied (truncated).
    pub fn step(&mut self, force: Vec2, dt: f32) -> Vec2 {
        let steering = truncate(force, self.max_force);
        let acceleration = if self.mass > 0.0 {
            steering / self.mass
        } else {
            Vec2::ZERO
        };
        self.vel = truncate(self.vel + acceleration * dt, self.max_speed);
        self.pos += self.vel * dt;
        if let Some(forward) = self.vel.try_normalize() {
            self.forward = forward;
        }
        steering
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncate_shortens_only_what_is_too_long() {
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 10.0), Vec2::new(3.0, 4.0));
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 5.0), Vec2::new(3.0, 4.0));
        assert_eq!(truncate(Vec2::new(30.0, 40.0), 5.0), Vec2::new(3.0, 4.0));
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 0.0), Vec2::ZERO);
        assert_eq!(truncate(Vec2::new(3.0, 4.0), -1.0), Vec2::ZERO);
    }

    #[test]
    fn a_step_truncates_the_force_then_the_speed_and_faces_the_velocity() {
        // At rest, mass 2, max force 10: a force of (0, 100) is cut to (0, 10), the
        // acceleration is (0, 5), after 0.5 s the velocity is (0, 2.5) (under max speed
        // 3), the position (0, 1.25), facing +y.
        let mut v = Vehicle::new(Vec2::ZERO, Vec2::ZERO, 10.0, 3.0, 1.0);
        v.mass = 2.0;
        assert_eq!(v.forward, Vec2::X);
        let applied = v.step(Vec2::new(0.0, 100.0), 0.5);
        assert_eq!(applied, Vec2::new(0.0, 10.0));
        assert_eq!(v.vel, Vec2::new(0.0, 2.5));
        assert_eq!(v.pos, Vec2::new(0.0, 1.25));
        assert_eq!(v.forward, Vec2::Y);
        // Another half second: the velocity would be 5, cut to the max speed 3.
        v.step(Vec2::new(0.0, 100.0), 0.5);
        assert_eq!(v.vel, Vec2::new(0.0, 3.0));
        assert_eq!(v.pos, Vec2::new(0.0, 2.75));
    }

    #[test]
    fn a_vehicle_brought_to_rest_keeps_its_facing() {
        let mut v = Vehicle::new(Vec2::ZERO, Vec2::new(0.0, -2.0), 4.0, 10.0, 1.0);
        v.step(Vec2::new(0.0, 4.0), 0.5);
        assert_eq!(v.vel, Vec2::ZERO);
        assert_eq!(v.forward, -Vec2::Y);
    }

    #[test]
    fn a_massless_vehicle_is_not_accelerated() {
        let mut v = Vehicle::new(Vec2::ZERO, Vec2::new(1.0, 0.0), 4.0, 10.0, 1.0);
        v.mass = 0.0;
        v.step(Vec2::new(0.0, 4.0), 1.0);
        assert_eq!(v.vel, Vec2::new(1.0, 0.0));
    }

    #[test]
    fn its_frame_has_x_ahead_and_y_to_the_left() {
        // Facing +y: ahead is +y, left is -x.
        let v = Vehicle::new(Vec2::new(10.0, 10.0), Vec2::new(0.0, 5.0), 1.0, 10.0, 1.0);
        assert_eq!(v.side(), Vec2::new(-1.0, 0.0));
        assert_eq!(v.local(Vec2::new(10.0, 13.0)), Vec2::new(3.0, 0.0));
        assert_eq!(v.local(Vec2::new(8.0, 10.0)), Vec2::new(0.0, 2.0));
        assert_eq!(v.world(Vec2::new(3.0, 2.0)), Vec2::new(8.0, 13.0));
        assert_eq!(v.turn_to_world(Vec2::new(3.0, 2.0)), Vec2::new(-2.0, 3.0));
        let m = v.mover();
        assert_eq!((m.pos, m.vel, m.radius), (v.pos, v.vel, 1.0));
        assert_eq!(v.speed(), 5.0);
    }
}
