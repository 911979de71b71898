//! A target flying a straight line at a constant velocity.

use super::model::{fields, MotionModel, POINT, VELOCITY};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// `pos + vel t`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constant {
    pub pos: Vec2,
    /// Units per second.
    pub vel: Vec2,
}

fields!(Constant {
    pos: POINT, "pos", "units";
    vel: VELOCITY, "vel", "units/s";
});

impl MotionModel for Constant {
    const NAME: &'static str = "Constant";
    const LABEL: &'static str = "constant";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            vel: Vec2::new(60.0, 0.0),
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        Some((
            (self.pos.as_dvec2() + self.vel.as_dvec2() * age).as_vec2(),
            self.vel,
        ))
    }
}
