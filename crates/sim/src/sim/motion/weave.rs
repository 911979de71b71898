//! A target weaving side to side along a straight line.

use super::model::{MotionModel, POSITION, VELOCITY};
use crate::core::field::{described, number};
use crate::core::Portable;
use crate::sim::limits::MAX_COORD;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::f32::consts::TAU;

/// Along `vel`, swinging sideways by `amplitude` at `frequency` Hz.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weave {
    pub pos: Vec2,
    pub vel: Vec2,
    pub amplitude: f32,
    pub frequency: f32,
}

described!(Weave {
    pos: POSITION
        .unit("units")
        .help("Start of the line it weaves along."),
    vel: VELOCITY.unit("units/s").help("Velocity along the line."),
    amplitude: number(0.0, MAX_COORD).unit("units").help("Sideways swing."),
    frequency: number(0.0, 1000.0).unit("Hz").help("Swings per second."),
});

impl MotionModel for Weave {
    const NAME: &'static str = "Weave";
    const LABEL: &'static str = "weave";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            vel: Vec2::new(60.0, 0.0),
            amplitude: 40.0,
            frequency: 0.3,
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        let side = self.vel.normalize_or_zero().perp();
        let phase = (f64::from(self.frequency) * age).fract() as f32 * TAU;
        let base = (self.pos.as_dvec2() + self.vel.as_dvec2() * age).as_vec2();
        Some((
            base + side * self.amplitude * phase.psin(),
            self.vel + side * self.amplitude * TAU * self.frequency * phase.pcos(),
        ))
    }

    /// Its top speed is `|vel| + amplitude x 2 pi x frequency`: bounded like any target's.
    fn problems(&self, _names: &[&str]) -> Vec<(String, String)> {
        let speed = self.vel.length() + self.amplitude * TAU * self.frequency;
        super::model::too_fast(speed, "frequency", "|vel| + amplitude x 2 pi x frequency")
    }
}
