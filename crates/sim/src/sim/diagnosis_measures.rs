//! What the failure classes' rules read of each sample (range, directions, speeds),
//! worked out once a sample, four at a time.

use super::Sample;
use crate::core::direction_of;
use crate::core::lanes::{Real, F4, LANES, V2};
use glam::Vec2;
use std::cell::RefCell;

/// The samples with what the rules read of each, worked out once a sample.
pub(super) struct Measures<'a> {
    pub(super) samples: &'a [Sample],
    /// The range to the target.
    pub(super) range: &'a [f32],
    /// The line of sight's direction (radians).
    pub(super) los: &'a [f32],
    /// The heading: the velocity's direction (radians).
    pub(super) heading: &'a [f32],
    /// The missile's speed.
    pub(super) speed: &'a [f32],
    /// The target's speed away from the missile along the line of sight.
    pub(super) away: &'a [f32],
    /// The direction of the line of sight's unit vector (radians; [`Measures::los`] but
    /// for the division's rounding).
    pub(super) unit: &'a [f32],
}

/// The columns of [`Measures`], kept between diagnoses (a sweep diagnoses thousands of
/// flights a second on each thread).
#[derive(Default)]
struct Columns([Vec<f32>; 6]);

thread_local! {
    static COLUMNS: RefCell<Columns> = RefCell::default();
}

/// `f` of the `samples`' [`Measures`], worked out four samples at a time (the same bits
/// as one at a time: [`direction_of`], and glam's length and `normalize_or_zero`).
pub(super) fn measured<R>(samples: &[Sample], f: impl FnOnce(&Measures) -> R) -> R {
    COLUMNS.with_borrow_mut(|Columns(columns)| {
        for column in columns.iter_mut() {
            column.clear();
        }
        for four in samples.chunks(LANES) {
            // (The last chunk padded with its last sample, cut off below.)
            let at = |i: usize| four[i.min(four.len() - 1)];
            let vectors = |f: fn(&Sample) -> Vec2| V2::gather(std::array::from_fn(|i| f(&at(i))));
            let (pos, vel) = (vectors(|s| s.pos), vectors(|s| s.vel));
            let (target_pos, target_vel) = (vectors(|s| s.target_pos), vectors(|s| s.target_vel));
            let line = target_pos - pos;
            let range = line.length();
            // glam's `normalize_or_zero`: times the length's reciprocal where that is
            // finite and positive.
            let rcp = F4::ONE / range;
            let usable = rcp.finite() & rcp.gt(F4::ZERO);
            let unit = V2::select(usable, line.scale(rcp), V2::new(F4::ZERO, F4::ZERO));
            let values = [
                range,
                direction_of(line),
                direction_of(vel),
                vel.length(),
                target_vel.dot(unit),
                direction_of(unit),
            ];
            for (column, value) in columns.iter_mut().zip(values) {
                column.extend_from_slice(value.as_array());
            }
        }
        for column in columns.iter_mut() {
            column.truncate(samples.len());
        }
        let [range, los, heading, speed, away, unit] = columns;
        f(&Measures {
            samples,
            range,
            los,
            heading,
            speed,
            away,
            unit,
        })
    })
}

impl Measures<'_> {
    /// The sample of the closest approach (the first, if several).
    pub(super) fn closest(&self) -> Option<usize> {
        (0..self.range.len()).min_by(|a, b| self.range[*a].total_cmp(&self.range[*b]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::direction;

    #[test]
    fn four_at_a_time_the_measures_have_the_bits_of_one_at_a_time() {
        let odd = [0.0, -0.0, 1e-30, 3.0, -250.0, 1e20, f32::NAN];
        let mut samples = Vec::new();
        for (i, a) in odd.iter().enumerate() {
            for b in odd {
                let k = i as f32;
                samples.push(Sample {
                    time: k,
                    pos: Vec2::new(*a, b),
                    vel: Vec2::new(b, k - 3.0),
                    target_pos: Vec2::new(b * 0.5, *a),
                    target_vel: Vec2::new(k, -b),
                    lateral: None,
                    locked: true,
                });
            }
        }
        for i in 0..1001 {
            let t = i as f32 * 0.37;
            samples.push(Sample {
                time: t,
                pos: Vec2::new(t.cos() * 300.0, t * 7.0),
                vel: Vec2::new(-t.sin() * 200.0, 90.0 - t),
                target_pos: Vec2::new(500.0 - t, (t * 0.3).sin() * 50.0),
                target_vel: Vec2::new(-1.0, (t * 0.3).cos() * 15.0),
                lateral: None,
                locked: true,
            });
        }
        // (A count that is not a multiple of four: the last chunk is padded.)
        assert_ne!(samples.len() % LANES, 0);
        measured(&samples, |m| {
            assert_eq!(m.range.len(), samples.len());
            let same = |a: f32, b: f32| a.to_bits() == b.to_bits() || a.is_nan() && b.is_nan();
            for (i, s) in samples.iter().enumerate() {
                let line = s.target_pos - s.pos;
                let unit = line.normalize_or_zero();
                let want = [
                    line.length(),
                    direction(line),
                    direction(s.vel),
                    s.vel.length(),
                    s.target_vel.dot(unit),
                    direction(unit),
                ];
                let got = [
                    m.range[i],
                    m.los[i],
                    m.heading[i],
                    m.speed[i],
                    m.away[i],
                    m.unit[i],
                ];
                for (k, (g, w)) in got.iter().zip(want).enumerate() {
                    assert!(same(*g, w), "sample {i} measure {k}: {g} != {w}");
                }
            }
            assert!(std::ptr::eq(m.samples, samples.as_slice()));
        });
        // Kept between diagnoses: a shorter flight after a longer one has its own length.
        measured(&samples[..3], |m| assert_eq!(m.away.len(), 3));
    }
}
