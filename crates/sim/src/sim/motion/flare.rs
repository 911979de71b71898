//! A flare: a decoy thrown from a target, drifting and slowing with drag (its velocity
//! shrinks by `e^(-drag t)`). Targets release them ([`crate::sim::flares`]); one can
//! also be placed by hand.

use super::model::{MotionModel, POSITION, VELOCITY};
use crate::core::field::{described, number};
use crate::core::Portable;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// `pos + vel (1 - e^(-drag t)) / drag`, with velocity `vel e^(-drag t)`.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flare {
    pub pos: Vec2,
    pub vel: Vec2,
    pub drag: f32,
}

described!(Flare {
    pos: POSITION.unit("units").help("Where it starts."),
    vel: VELOCITY.unit("units/s").help("Start velocity."),
    drag: number(0.0, 100.0).unit("1/s").help("How fast it slows."),
});

impl MotionModel for Flare {
    const NAME: &'static str = "Flare";
    const LABEL: &'static str = "flare (decoy)";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            vel: Vec2::new(0.0, 60.0),
            drag: 1.5,
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        let drag = f64::from(self.drag);
        let fade = (-drag * age).pexp();
        let travelled = if drag > 0.0 { (1.0 - fade) / drag } else { age };
        let pos = self.pos.as_dvec2() + self.vel.as_dvec2() * travelled;
        Some((pos.as_vec2(), (self.vel.as_dvec2() * fade).as_vec2()))
    }
}
