//! Swept hit tests: the closest approach of two points that both move in a straight
//! line during one tick, so no missile tunnels through a target at any speed.

use crate::core::lanes::{Real, V2};
use glam::Vec2;

/// Closest approach between a missile moving `m0 -> m1` and a target moving `t0 -> t1`
/// over the same tick. Returns the distance and the fraction of the tick (0..=1) at
/// which it happens.
pub fn closest_approach(m0: Vec2, m1: Vec2, t0: Vec2, t1: Vec2) -> (f32, f32) {
    closest_approach_of(m0.into(), m1.into(), t0.into(), t1.into())
}

/// [`closest_approach`] for one missile (`f32`) or four at once ([`crate::core::lanes::F4`]).
pub fn closest_approach_of<N: Real>(m0: V2<N>, m1: V2<N>, t0: V2<N>, t1: V2<N>) -> (N, N) {
    let zero = N::splat(0.0);
    let start = m0 - t0;
    let motion = (m1 - m0) - (t1 - t0);
    let len2 = motion.length_squared();
    let frac = N::select(len2.gt(zero), (-start.dot(motion) / len2).clamp01(), zero);
    let frac = N::select(frac.finite(), frac, zero);
    ((start + motion.scale(frac)).length(), frac)
}

/// Whether a closest approach of `distance` touches: within `reach`, the target's
/// radius plus the missile's.
pub fn touches<N: Real>(distance: N, reach: N) -> N::Mask {
    reach.ge(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missile_that_jumps_over_a_target_in_one_tick_still_touches_it() {
        // 1000 units in one tick, straight through a target at the origin.
        let (dist, frac) = closest_approach(
            Vec2::new(-500.0, 0.5),
            Vec2::new(500.0, 0.5),
            Vec2::ZERO,
            Vec2::ZERO,
        );
        assert!((dist - 0.5).abs() < 1e-4);
        assert!((frac - 0.5).abs() < 1e-4);
    }

    #[test]
    fn both_moving_uses_relative_motion() {
        // Missile and target move in parallel: the gap stays 3 all tick.
        let (dist, _) = closest_approach(
            Vec2::new(0.0, 3.0),
            Vec2::new(10.0, 3.0),
            Vec2::ZERO,
            Vec2::new(10.0, 0.0),
        );
        assert!((dist - 3.0).abs() < 1e-5);
        // Head-on: they meet mid-tick.
        let (dist, frac) = closest_approach(
            Vec2::new(-10.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(-10.0, 0.0),
        );
        assert!(dist < 1e-5 && (frac - 0.5).abs() < 1e-5);
    }

    #[test]
    fn separating_points_are_closest_at_the_start() {
        let (dist, frac) = closest_approach(
            Vec2::new(5.0, 0.0),
            Vec2::new(9.0, 0.0),
            Vec2::ZERO,
            Vec2::ZERO,
        );
        assert_eq!(frac, 0.0);
        assert_eq!(dist, 5.0);
    }
}
