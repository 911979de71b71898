//! A target circling a point.

use super::model::{MotionModel, POSITION};
use crate::core::field::{described, number};
use crate::core::Portable;
use crate::sim::limits::MAX_COORD;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Around `center` at `angular_speed` rad/s, starting at angle `phase`.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Circle {
    pub center: Vec2,
    pub radius: f32,
    pub angular_speed: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub phase: f32,
}

described!(Circle {
    center: POSITION.unit("units").help("Centre of the circle."),
    radius: number(0.0, MAX_COORD)
        .unit("units")
        .help("Radius of the circle."),
    angular_speed: number(-1000.0, 1000.0)
        .label("angular speed")
        .unit("rad/s")
        .help("Positive turns clockwise on screen (y is down)."),
    phase: number(-1.0e6, 1.0e6)
        .unit("rad")
        .help("Angle at the start (0: to the right of the centre)."),
});

impl MotionModel for Circle {
    const NAME: &'static str = "Circle";
    const LABEL: &'static str = "circle";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            center: pos - Vec2::new(120.0, 0.0),
            radius: 120.0,
            angular_speed: 0.8,
            phase: 0.0,
        }
    }

    fn start(&self) -> Vec2 {
        self.at(0.0).map_or(self.center, |(pos, _)| pos)
    }

    fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        let angle = (f64::from(self.angular_speed) * age + f64::from(self.phase))
            .rem_euclid(std::f64::consts::TAU) as f32;
        let (sin, cos) = angle.psin_cos();
        Some((
            self.center + Vec2::new(cos, sin) * self.radius,
            Vec2::new(-sin, cos) * self.radius * self.angular_speed,
        ))
    }

    /// Its speed is `radius x angular_speed`: bounded like any target's.
    fn problems(&self, _names: &[&str]) -> Vec<(String, String)> {
        let speed = self.radius * self.angular_speed.abs();
        super::model::too_fast(speed, "angular_speed", "radius x angular_speed")
    }
}
