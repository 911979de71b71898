//! A target flying a straight line at a constant velocity.

use super::model::{MotionModel, POSITION, VELOCITY};
use crate::core::field::described;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// `pos + vel t`.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constant {
    pub pos: Vec2,
    pub vel: Vec2,
}

described!(Constant {
    pos: POSITION.unit("units").help("Where it starts."),
    vel: VELOCITY.unit("units/s").help("Its velocity."),
});

impl Constant {
    /// Position and velocity `age` seconds in ([`MotionModel::at`], never `None`).
    pub fn state_at(&self, age: f64) -> (Vec2, Vec2) {
        (
            (self.pos.as_dvec2() + self.vel.as_dvec2() * age).as_vec2(),
            self.vel,
        )
    }
}

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
        Some(self.state_at(age))
    }
}
