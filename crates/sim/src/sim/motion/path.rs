//! A target flying a polyline at a constant speed.

use super::model::MotionModel;
use crate::core::field::{described, field, flag, number, Kind};
use crate::sim::limits::{MAX_COORD, MAX_PATH_POINTS, MAX_SPEED};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Along a polyline at constant speed; looping closes it back to the first point,
/// otherwise it stops at the last.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Path {
    pub points: Vec<Vec2>,
    pub speed: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub looping: bool,
}

described!(Path {
    points: field(Kind::Points {
        limit: MAX_COORD,
        max: MAX_PATH_POINTS
    })
    .unit("units")
    .help("The polyline, flown from the first point."),
    speed: number(0.0, MAX_SPEED)
        .unit("units/s")
        .help("Constant speed along it."),
    looping: flag().help("true: back to the first point and round again; false: stop at the last."),
});

impl MotionModel for Path {
    const NAME: &'static str = "Path";
    const LABEL: &'static str = "path";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            points: vec![
                pos,
                pos + Vec2::new(300.0, 0.0),
                pos + Vec2::new(300.0, 200.0),
            ],
            speed: 120.0,
            looping: true,
        }
    }

    fn start(&self) -> Vec2 {
        self.points.first().copied().unwrap_or(Vec2::ZERO)
    }

    fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        Some(path_at(&self.points, self.speed, self.looping, age as f32))
    }

    fn problems(&self, _names: &[&str]) -> Vec<(String, String)> {
        if self.points.is_empty() {
            vec![(
                "points".into(),
                "expected at least one point, found none".into(),
            )]
        } else {
            Vec::new()
        }
    }
}

/// Position and velocity `t` seconds along a polyline (no allocation: it runs every tick).
fn path_at(points: &[Vec2], speed: f32, looping: bool, t: f32) -> (Vec2, Vec2) {
    let Some(&first) = points.first() else {
        return (Vec2::ZERO, Vec2::ZERO);
    };
    let last = points[points.len() - 1];
    let closing = (looping && points.len() > 1).then_some((last, first));
    let segments = || points.windows(2).map(|w| (w[0], w[1])).chain(closing);
    let total: f32 = segments().map(|(a, b)| (b - a).length()).sum();
    if total <= 0.0 || speed <= 0.0 {
        return (first, Vec2::ZERO);
    }
    let mut along = speed * t;
    if looping {
        along = along.rem_euclid(total);
    } else if along >= total {
        return (last, Vec2::ZERO);
    }
    for (a, b) in segments() {
        let len = (b - a).length();
        if along <= len && len > 0.0 {
            let dir = (b - a) / len;
            return (a + dir * along, dir * speed);
        }
        along -= len;
    }
    (last, Vec2::ZERO)
}
