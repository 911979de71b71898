//! The kinematic state every missile has, what its seeker sees of its target, and angle
//! arithmetic: what the guidance laws and the simulation both need.

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The kinematic state every missile has, whatever steers it. Velocity is in units per
/// second; heading in radians, measured from +x towards +y (y points down the screen).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Body {
    pub pos: Vec2,
    pub vel: Vec2,
    pub heading: f32,
}

impl Body {
    /// Whether every number in the body is finite.
    pub fn is_finite(&self) -> bool {
        self.pos.is_finite() && self.vel.is_finite() && self.heading.is_finite()
    }
}

/// What a missile's seeker sees of its target at the start of a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seen {
    pub target_pos: Vec2,
    /// Target velocity in units per second (estimated for dragged targets).
    pub target_vel: Vec2,
    /// The tick length in seconds.
    pub dt: f32,
}

/// Wraps an angle into `(-pi, pi]`.
pub fn wrap_angle(angle: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    let wrapped = (angle + PI).rem_euclid(TAU) - PI;
    if wrapped <= -PI {
        wrapped + TAU
    } else {
        wrapped
    }
}
