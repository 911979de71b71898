//! A target replaying a recorded track (a game's recording, `steerlab REC.csv`): one
//! position and velocity per tick from tick `first`; before it the first sample, after
//! it the last one, standing still.

use super::model::{fields, number, FieldKind, MotionModel};
use crate::sim::limits::{MAX_COORD, MAX_SPEED, MAX_TRACK_SAMPLES};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// `samples[k]` is (position, velocity) at tick `first + k`; ticks are `dt` seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    pub dt: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub first: f32,
    pub samples: Vec<(Vec2, Vec2)>,
}

fields!(Track {
    dt: number(0.001, 1.0), "tick", "s";
    first: number(0.0, 1.0e7), "first tick", "";
    samples: FieldKind::Samples { max: MAX_TRACK_SAMPLES }, "samples", "";
});

impl MotionModel for Track {
    const NAME: &'static str = "Track";
    const LABEL: &'static str = "recorded track";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            dt: 1.0 / 60.0,
            first: 0.0,
            samples: vec![(pos, Vec2::ZERO)],
        }
    }

    fn start(&self) -> Vec2 {
        self.samples.first().map_or(Vec2::ZERO, |s| s.0)
    }

    fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        let (Some(first), Some(last)) = (self.samples.first(), self.samples.last()) else {
            return Some((Vec2::ZERO, Vec2::ZERO));
        };
        let k = (age / f64::from(self.dt)).round() - f64::from(self.first);
        Some(if k < 0.0 {
            (first.0, Vec2::ZERO)
        } else if k >= self.samples.len() as f64 {
            (last.0, Vec2::ZERO)
        } else {
            self.samples[k as usize]
        })
    }

    fn problems(&self, _names: &[&str]) -> Vec<(String, String)> {
        if self.samples.is_empty() {
            return vec![(
                "samples".into(),
                "expected at least one sample, found none".into(),
            )];
        }
        let bad = self.samples.iter().position(|(p, v)| {
            !(p.is_finite() && v.is_finite())
                || p.abs().max_element() > MAX_COORD
                || v.length() > MAX_SPEED
        });
        match bad {
            Some(k) => vec![(
                "samples".into(),
                format!(
                    "expected positions within ±{MAX_COORD} and speeds up to {MAX_SPEED}, found sample {k}: {:?}",
                    self.samples[k]
                ),
            )],
            None => Vec::new(),
        }
    }
}
