//! A target replaying a recorded track (a game's recording, `steerlab REC.csv`): one
//! position and velocity per tick from tick `first`; before it the first sample, after
//! it the last one, standing still.

use super::model::MotionModel;
use crate::core::field::{described, field, number, AsValue, Kind, Value};
use crate::sim::limits::{MAX_COORD, MAX_SPEED, MAX_TRACK_SAMPLES};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// `samples[k]` is (position, velocity) at tick `first + k`; ticks are `dt` seconds.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    pub dt: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub first: f32,
    pub samples: Samples,
}

/// A track's samples, shared by its copies. A game's recording holds hundreds of
/// thousands, and the window asks every frame whether the scenario differs from its saved
/// copy: copies of one recording are equal without reading them (a live game of 1,000
/// entities spent most of a millisecond a frame comparing them).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Samples(Arc<[(Vec2, Vec2)]>);

impl PartialEq for Samples {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl std::ops::Deref for Samples {
    type Target = [(Vec2, Vec2)];

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl From<Vec<(Vec2, Vec2)>> for Samples {
    fn from(samples: Vec<(Vec2, Vec2)>) -> Self {
        Self(samples.into())
    }
}

/// A recorded track's samples are shown by their count, never set.
impl AsValue for Samples {
    fn to_value(&self) -> Value {
        Value::Samples(self.len())
    }
    fn from_value(_value: Value) -> Option<Self> {
        None
    }
}

impl FromIterator<(Vec2, Vec2)> for Samples {
    fn from_iter<I: IntoIterator<Item = (Vec2, Vec2)>>(samples: I) -> Self {
        Self(samples.into_iter().collect())
    }
}

described!(Track {
    dt: number(0.001, 1.0)
        .label("tick")
        .unit("s")
        .help("The recording's tick."),
    first: number(0.0, 1.0e7)
        .label("first tick")
        .unit("ticks")
        .help("The tick of the first sample."),
    samples: field(Kind::Samples {
        max: MAX_TRACK_SAMPLES
    })
    .unit("units, units/s")
    .help("Position and velocity, one per tick."),
});

impl MotionModel for Track {
    const NAME: &'static str = "Track";
    const LABEL: &'static str = "recorded track";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            dt: 1.0 / 60.0,
            first: 0.0,
            samples: vec![(pos, Vec2::ZERO)].into(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// Three samples from tick 2 at 10 ticks per second.
    fn track() -> Track {
        Track {
            dt: 0.1,
            first: 2.0,
            samples: vec![
                (v(0.0, 0.0), v(1.0, 0.0)),
                (v(5.0, 0.0), v(2.0, 0.0)),
                (v(9.0, 1.0), v(3.0, 0.0)),
            ]
            .into(),
        }
    }

    #[test]
    fn a_track_is_at_its_sample_of_the_tick_still_before_and_after() {
        let t = track();
        // Tick 2 (0.2 s) is the first sample, tick 4 the last.
        assert_eq!(t.at(0.2), Some((v(0.0, 0.0), v(1.0, 0.0))));
        assert_eq!(t.at(0.3), Some((v(5.0, 0.0), v(2.0, 0.0))));
        assert_eq!(t.at(0.4), Some((v(9.0, 1.0), v(3.0, 0.0))));
        // Before: waiting on the first sample; after: resting on the last.
        assert_eq!(t.at(0.0), Some((v(0.0, 0.0), Vec2::ZERO)));
        assert_eq!(t.at(0.1), Some((v(0.0, 0.0), Vec2::ZERO)));
        assert_eq!(t.at(0.5), Some((v(9.0, 1.0), Vec2::ZERO)));
        assert_eq!(t.start(), v(0.0, 0.0));
    }

    #[test]
    fn copies_of_a_track_share_their_samples_and_are_equal_without_reading_them() {
        // A sample that is not a number equals nothing, itself included: a copy is equal
        // all the same, as it shares the samples; the same numbers built anew are not.
        let nan = |x: f32| Track {
            samples: vec![(v(0.0, 0.0), v(1.0, 0.0)), (v(x, 0.0), v(1.0, 0.0))].into(),
            ..track()
        };
        let t = nan(f32::NAN);
        let copy = t.clone();
        assert!(std::ptr::eq(t.samples.as_ptr(), copy.samples.as_ptr()));
        assert_eq!(t, copy);
        assert_ne!(t, nan(f32::NAN));
        // Samples built apart compare by their numbers.
        assert_eq!(nan(2.0), nan(2.0));
        assert_ne!(nan(2.0), nan(3.0));
        assert_eq!(nan(2.0).samples.len(), 2);
        let collected: Samples = [(v(1.0, 2.0), v(3.0, 4.0))].into_iter().collect();
        assert_eq!(&collected[..], &[(v(1.0, 2.0), v(3.0, 4.0))]);
        assert_eq!(collected.to_value(), Value::Samples(1));
        assert_eq!(Samples::from_value(Value::Samples(1)), None);
    }

    #[test]
    fn a_new_track_in_the_editor_ticks_at_60_hz_and_stays_where_it_was_put() {
        let t = Track::starting_at(v(3.0, 4.0));
        assert_eq!(t.dt, 1.0 / 60.0);
        assert_eq!(t.at(1.0), Some((v(3.0, 4.0), Vec2::ZERO)));
    }

    #[test]
    fn samples_must_exist_be_finite_and_within_the_limits() {
        assert!(track().problems(&[]).is_empty());
        let with = |pos: Vec2, vel: Vec2| {
            let mut samples = track().samples.to_vec();
            samples[1] = (pos, vel);
            let t = Track {
                samples: samples.into(),
                ..track()
            };
            t.problems(&[])
        };
        for (pos, vel) in [
            (v(f32::NAN, 0.0), Vec2::ZERO),
            (v(0.0, 0.0), v(0.0, f32::INFINITY)),
            (v(0.0, -1.1e7), Vec2::ZERO),
            (v(1.1e7, 0.0), Vec2::ZERO),
            (v(0.0, 0.0), v(0.0, 1.1e6)),
        ] {
            let p = with(pos, vel);
            assert_eq!(p.len(), 1, "{pos} {vel}");
            assert_eq!(p[0].0, "samples");
            assert!(p[0].1.contains("found sample 1"), "{}", p[0].1);
        }
        assert!(
            with(v(1.0e7, -1.0e7), v(0.0, 1.0e6)).is_empty(),
            "the limits themselves"
        );
        let empty = Track {
            samples: Samples::default(),
            ..track()
        };
        assert_eq!(
            empty.problems(&[])[0].1,
            "expected at least one sample, found none"
        );
        assert_eq!(empty.at(1.0), Some((Vec2::ZERO, Vec2::ZERO)));
    }
}
