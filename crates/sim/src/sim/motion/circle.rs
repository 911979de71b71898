//! A target circling a point.

use super::model::{fields, number, MotionModel, POINT};
use crate::core::Portable;
use crate::sim::limits::MAX_COORD;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Around `center` at `angular_speed` rad/s, starting at angle `phase`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Circle {
    pub center: Vec2,
    pub radius: f32,
    pub angular_speed: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub phase: f32,
}

fields!(Circle {
    center: POINT, "center", "units";
    radius: number(0.0, MAX_COORD), "radius", "units";
    angular_speed: number(-1000.0, 1000.0), "angular speed", "rad/s";
    phase: number(-1.0e6, 1.0e6), "phase", "rad";
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
