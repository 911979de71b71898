//! Per-missile metrics: outcome, time to hit, closest approach, path length, peak turn
//! rate, and the ratio to the exact optimum where one exists.

use super::event::MissReason;
use super::ids::TargetId;
use crate::core::body::direction_of;
use crate::core::lanes::{Real, V2};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// How a missile's flight ended (or that it has not).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    Flying,
    Hit { target: TargetId },
    Missed(MissReason),
}

impl Outcome {
    /// Its name in a CSV trace's `event` column (empty while flying).
    pub fn id(&self) -> &'static str {
        match self {
            Outcome::Flying => "",
            Outcome::Hit { .. } => "hit",
            Outcome::Missed(reason) => reason.id(),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Outcome::Flying => "flying".into(),
            Outcome::Hit { .. } => "hit".into(),
            Outcome::Missed(reason) => format!("miss: {}", reason.describe()),
        }
    }
}

/// What a missile's flight measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    pub outcome: Outcome,
    /// Seconds from launch to hit.
    pub time_to_hit: Option<f32>,
    /// Closest approach to its target over the flight (swept within ticks).
    pub miss_distance: f32,
    /// Tick of the closest approach.
    pub closest_tick: u64,
    /// Distance flown.
    pub path_length: f32,
    /// Largest rate of change of the flight direction, rad/s.
    pub peak_turn_rate: f32,
    /// For the intercept and the exact quartic: the optimum time to hit, from launch.
    pub optimal_time: Option<f32>,
    /// The cosine of the peak turn so far: a tick whose turn is clearly smaller skips
    /// the arctangent. Only a shortcut: it never changes a result, so it is not saved.
    #[serde(skip)]
    peak_cos: PeakCos,
}

/// [`Metrics::record_move`]'s shortcut, `+inf` until the first turn (any turn is then
/// measured). Equal whatever its value: it never changes a result.
#[derive(Clone, Copy, Debug)]
struct PeakCos(f32);

impl Default for PeakCos {
    fn default() -> Self {
        PeakCos(f32::INFINITY)
    }
}

impl PartialEq for PeakCos {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// How much larger than the peak's cosine a turn's may be and still be measured: far
/// above the cosine's rounding (a few 1e-7), so no turn larger than the peak is skipped.
const COS_MARGIN: f32 = 1e-5;

impl Metrics {
    pub fn new(optimal_time: Option<f32>) -> Self {
        Self {
            outcome: Outcome::Flying,
            time_to_hit: None,
            miss_distance: f32::INFINITY,
            closest_tick: 0,
            path_length: 0.0,
            peak_turn_rate: 0.0,
            optimal_time,
            peak_cos: PeakCos::default(),
        }
    }

    /// Actual time to hit over the optimum computed at launch.
    pub fn optimum_ratio(&self) -> Option<f32> {
        match (self.time_to_hit, self.optimal_time) {
            (Some(actual), Some(best)) if best > 0.0 => Some(actual / best),
            _ => None,
        }
    }

    /// Records one tick of flight that brought the path length to `path_length`, velocity
    /// `old_vel -> new_vel`. The turn is the angle between the velocities,
    /// `atan2(|a x b|, a . b)`, measured only when its cosine says it may beat the peak
    /// (most ticks need no arctangent).
    pub fn record_move(&mut self, path_length: f32, old_vel: Vec2, new_vel: Vec2, dt: f32) {
        self.record_turn(path_length, Turn::of(old_vel.into(), new_vel.into()), dt);
    }

    /// [`Metrics::record_move`] with the move's turn worked out (a world's four-lane
    /// flight works out four at once).
    pub fn record_turn(&mut self, path_length: f32, turn: Turn<f32>, dt: f32) {
        self.path_length = path_length;
        if turn.may_peak(self.peak_cos.0) {
            self.measure_turn(turn, dt);
        }
    }

    /// The cosine of the peak turn so far (`+inf` before the first turn): a turn whose
    /// [`Turn::may_peak`] is false against it cannot beat the peak.
    pub fn peak_cos(&self) -> f32 {
        self.peak_cos.0
    }

    /// The rare part of [`Metrics::record_move`]: measures a turn that may beat the peak.
    pub fn measure_turn(&mut self, turn: Turn<f32>, dt: f32) {
        let peak = (self.peak_turn_rate, self.peak_cos.0);
        (self.peak_turn_rate, self.peak_cos.0) = turn.measured(dt, peak);
    }

    /// Sets the peak turn's cosine (what [`Turn::measured`] gave with the peak turn rate).
    pub fn set_peak_cos(&mut self, cos: f32) {
        self.peak_cos = PeakCos(cos);
    }

    /// Ends the flight with a hit on `target`, `time` seconds after launch.
    pub fn record_hit(&mut self, target: TargetId, time: f32) {
        self.time_to_hit = Some(time);
        self.outcome = Outcome::Hit { target };
    }

    /// Records a closest-approach candidate.
    pub fn record_distance(&mut self, distance: f32, tick: u64) {
        if closer(distance, self.miss_distance) {
            self.miss_distance = distance;
            self.closest_tick = tick;
        }
    }
}

/// The turn between two velocities, on one missile (`f32`) or four at once
/// ([`crate::core::lanes::F4`]): the product of their lengths and their dot and cross
/// products (its cosine, `dot / lengths`, is worked out only for a turn that is
/// measured: one division less per missile and tick).
#[derive(Clone, Copy, Debug)]
pub struct Turn<N> {
    pub lengths: N,
    pub dot: N,
    /// `a.x b.y - a.y b.x`.
    pub cross: N,
}

impl<N: Real> Turn<N> {
    pub fn of(old_vel: V2<N>, new_vel: V2<N>) -> Self {
        let lengths = (old_vel.length_squared() * new_vel.length_squared()).sqrt();
        Self {
            lengths,
            dot: old_vel.dot(new_vel),
            cross: old_vel.perp_dot(new_vel),
        }
    }
}

impl<N: Real> Turn<N> {
    /// The peak turn rate and the peak's cosine after measuring this turn against the
    /// peak `(rate, cos)` so far: the turn's angle, `atan2(|cross|, dot)`, over `dt` is
    /// the new peak if it is larger; while the peak's cosine is unknown (`+inf`: before
    /// the first turn, or in metrics read back, which do not keep it) the turn measured
    /// gives it even if it does not beat the peak.
    pub fn measured(&self, dt: N, (rate, cos): (N, N)) -> (N, N) {
        let angle = direction_of(V2::new(self.dot, self.cross.abs()));
        let (turn_rate, turn_cos) = (angle / dt, self.dot / self.lengths);
        let beats = turn_rate.gt(rate);
        let first = cos.abs().eq(N::splat(f32::INFINITY));
        (
            N::select(beats, turn_rate, rate),
            N::select(beats | first, turn_cos, cos),
        )
    }

    /// Whether this turn may beat a peak whose cosine is `peak_cos` (both velocities
    /// non-zero, the cosine not clearly larger than the peak's, and a turn at all: the
    /// same direction, cross product zero and dot product positive, turns by exactly 0,
    /// which never beats a peak, as a peak only rises; a straight flight measures none).
    pub fn may_peak(&self, peak_cos: N) -> N::Mask {
        let zero = N::splat(0.0);
        let turns = !self.cross.eq(zero) | zero.gt(self.dot);
        // `peak_cos + margin >= cos`, times `lengths` (positive where it counts): the
        // margin is far above the rounding either form makes.
        let cos_within = ((peak_cos + N::splat(COS_MARGIN)) * self.lengths).ge(self.dot);
        self.lengths.gt(zero) & cos_within & turns
    }
}

/// Whether `distance` is a closer approach than the closest so far, `closest`.
pub fn closer<N: Real>(distance: N, closest: N) -> N::Mask {
    closest.gt(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_turn_that_may_beat_the_peak_is_measured() {
        let v = |x: f32, y: f32| V2::new(x, y);
        let may = |a: V2<f32>, b: V2<f32>, peak: f32| Turn::of(a, b).may_peak(peak);
        // Straight on (no turn at all), with or without a peak yet: never.
        assert!(!may(v(3.0, 4.0), v(6.0, 8.0), f32::INFINITY));
        assert!(!may(v(3.0, 4.0), v(3.0, 4.0), 0.5));
        // Straight back (a half turn, cross product zero too), or a small turn first: yes.
        assert!(may(v(3.0, 4.0), v(-3.0, -4.0), f32::INFINITY));
        assert!(may(v(1.0, 0.0), v(1.0, 0.01), f32::INFINITY));
        // A turn clearly gentler than the peak's (cos 0.99995 against 0.5): no; a
        // sharper one (cos 0.6): yes; a still body: no.
        assert!(!may(v(1.0, 0.0), v(1.0, 0.01), 0.5));
        assert!(may(v(1.0, 0.0), v(0.6, 0.8), 0.9));
        // The same at speed 10 (the lengths' product is 100, not their sum or ratio).
        assert!(may(v(10.0, 0.0), v(6.0, 8.0), 0.9));
        assert!(!may(v(10.0, 0.0), v(6.0, 8.0), 0.5));
        assert!(!may(v(0.0, 0.0), v(0.6, 0.8), f32::INFINITY));
        let t = Turn::of(v(1.0, 2.0), v(3.0, -5.0));
        assert_eq!((t.dot, t.cross), (-7.0, -11.0));
    }

    #[test]
    fn a_turn_a_hair_sharper_than_the_peak_still_becomes_the_peak() {
        // 0.1 rad, then 0.10005 rad: their cosines differ by about 5e-6, inside the
        // shortcut's margin, so the second is measured and is the new peak.
        let mut m = Metrics::new(None);
        let turn = |angle: f32| Vec2::from_angle(angle) * 100.0;
        m.record_move(1.0, turn(0.0), turn(0.1), 0.5);
        m.record_move(2.0, turn(0.0), turn(0.10005), 0.5);
        assert!(
            (m.peak_turn_rate - 0.2001).abs() < 2e-6,
            "{}",
            m.peak_turn_rate
        );
    }

    #[test]
    fn the_turn_shortcut_never_makes_two_records_differ() {
        // The same moves, one record restored from a save (its shortcut reset).
        let mut a = Metrics::new(None);
        let turn = |v: f32| Vec2::from_angle(v) * 100.0;
        a.record_move(1.0, turn(0.0), turn(0.1), 0.5);
        let restored: Metrics = ron::from_str(&ron::to_string(&a).unwrap()).unwrap();
        assert_eq!(restored, a);
        let (mut b, mut c) = (a.clone(), restored);
        for step in [0.05, 0.3, 0.31, 0.2] {
            b.record_move(2.0, turn(0.0), turn(step), 0.5);
            c.record_move(2.0, turn(0.0), turn(step), 0.5);
        }
        assert_eq!(b, c);
        // The peak: the largest turn over the tick, 0.31 rad in 0.5 s.
        assert!(
            (b.peak_turn_rate - 0.62).abs() < 1e-5,
            "{}",
            b.peak_turn_rate
        );
    }

    #[test]
    fn the_ratio_to_the_optimum_needs_a_hit_and_a_positive_optimum() {
        let ratio = |time_to_hit, optimal| {
            Metrics {
                time_to_hit,
                ..Metrics::new(optimal)
            }
            .optimum_ratio()
        };
        assert_eq!(ratio(Some(3.0), Some(2.0)), Some(1.5));
        assert_eq!(ratio(None, Some(2.0)), None, "no hit");
        assert_eq!(ratio(Some(3.0), None), None, "no optimum");
        assert_eq!(
            ratio(Some(3.0), Some(0.0)),
            None,
            "an optimum of 0 s is no yardstick"
        );
    }
}
