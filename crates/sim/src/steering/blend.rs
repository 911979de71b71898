//! Blending behaviours into one steering force, each way truncated to the maximum force:
//! a weighted sum; priority (the first behaviour whose weighted force is not negligible);
//! and prioritised dithering (Reynolds' cheap alternative: in priority order, each
//! behaviour is considered only with its probability, and the first considered that is not
//! negligible wins). Behaviours come as closures so that the ones a blend never reaches
//! are never computed.

use super::truncate;
use glam::Vec2;

/// A behaviour in a blend: its weight and how to compute its force.
pub struct Part<'a> {
    pub weight: f32,
    pub force: &'a mut dyn FnMut() -> Vec2,
}

/// The sum of the weighted forces, truncated to `max_force`.
pub fn weighted_sum(parts: &mut [Part], max_force: f32) -> Vec2 {
    let sum = parts.iter_mut().map(|p| (p.force)() * p.weight).sum();
    truncate(sum, max_force)
}

/// The first weighted force longer than `negligible`, truncated to `max_force` (zero if
/// none is).
pub fn priority(parts: &mut [Part], max_force: f32, negligible: f32) -> Vec2 {
    for part in parts.iter_mut() {
        let force = (part.force)() * part.weight;
        if force.length() > negligible {
            return truncate(force, max_force);
        }
    }
    Vec2::ZERO
}

/// Prioritised dithering: in order, a part is considered when its draw (from `draws`, one
/// per part reached, in [0, 1)) is below its `chance`; the first considered whose
/// weighted force is longer than `negligible` wins, truncated to `max_force`.
pub fn dithering(
    parts: &mut [Part],
    chances: &[f32],
    draws: &mut dyn FnMut() -> f32,
    max_force: f32,
    negligible: f32,
) -> Vec2 {
    for (part, chance) in parts.iter_mut().zip(chances) {
        if draws() >= *chance {
            continue;
        }
        let force = (part.force)() * part.weight;
        if force.length() > negligible {
            return truncate(force, max_force);
        }
    }
    Vec2::ZERO
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn a_weighted_sum_is_truncated_to_the_maximum_force() {
        let (mut a, mut b) = (|| Vec2::new(1.0, 0.0), || Vec2::new(0.0, 2.0));
        let mut parts = [
            Part {
                weight: 3.0,
                force: &mut a,
            },
            Part {
                weight: 2.0,
                force: &mut b,
            },
        ];
        // (3, 4): 5 long.
        assert_eq!(weighted_sum(&mut parts, 10.0), Vec2::new(3.0, 4.0));
        assert_eq!(weighted_sum(&mut parts, 2.5), Vec2::new(1.5, 2.0));
    }

    #[test]
    fn priority_takes_the_first_that_is_not_negligible_and_computes_no_further() {
        let reached = Cell::new(0);
        let mut quiet = || {
            reached.set(reached.get() + 1);
            Vec2::new(0.01, 0.0)
        };
        let mut loud = || {
            reached.set(reached.get() + 10);
            Vec2::new(0.0, 30.0)
        };
        let mut never = || {
            reached.set(reached.get() + 100);
            Vec2::new(5.0, 0.0)
        };
        let mut parts = [
            Part {
                weight: 1.0,
                force: &mut quiet,
            },
            Part {
                weight: 0.5,
                force: &mut loud,
            },
            Part {
                weight: 1.0,
                force: &mut never,
            },
        ];
        // The weighted 15 is cut to 10, or kept under 20.
        assert_eq!(priority(&mut parts, 10.0, 0.1), Vec2::new(0.0, 10.0));
        assert_eq!(reached.get(), 11);
        assert_eq!(priority(&mut parts, 20.0, 0.1), Vec2::new(0.0, 15.0));
        // A force exactly as long as negligible is negligible: the first is passed over.
        assert_eq!(priority(&mut parts, 20.0, 0.01), Vec2::new(0.0, 15.0));
        // Everything negligible: nothing.
        let mut parts = [Part {
            weight: 1.0,
            force: &mut quiet,
        }];
        assert_eq!(priority(&mut parts, 10.0, 0.1), Vec2::ZERO);
    }

    #[test]
    fn dithering_considers_each_part_only_with_its_chance() {
        let (mut a, mut b) = (|| Vec2::new(2.0, 0.0), || Vec2::new(0.0, 2.0));
        let mut parts = [
            Part {
                weight: 2.0,
                force: &mut a,
            },
            Part {
                weight: 2.0,
                force: &mut b,
            },
        ];
        let chances = [0.5, 0.9];
        // First draw 0.7 >= 0.5: the first is skipped; second draw 0.2 < 0.9: it wins.
        let draws = [0.7, 0.2];
        let mut next = draws.iter().copied();
        let mut draw = || next.next().unwrap();
        assert_eq!(
            dithering(&mut parts, &chances, &mut draw, 10.0, 0.1),
            Vec2::new(0.0, 4.0)
        );
        // First draw 0.3 < 0.5: the first wins at once (one draw used).
        let mut used = 0;
        let mut draw = || {
            used += 1;
            0.3
        };
        assert_eq!(
            dithering(&mut parts, &chances, &mut draw, 3.0, 0.1),
            Vec2::new(3.0, 0.0)
        );
        assert_eq!(used, 1);
        // Both considered, the first exactly as long as negligible (4): it is passed over.
        let mut draw = || 0.0;
        assert_eq!(
            dithering(&mut parts, &chances, &mut draw, 10.0, 4.0),
            Vec2::ZERO
        );
        let mut draw = || 0.0;
        assert_eq!(
            dithering(&mut parts, &chances, &mut draw, 10.0, 3.9),
            Vec2::new(4.0, 0.0)
        );
        // Both skipped: nothing.
        let mut draw = || 0.95;
        assert_eq!(
            dithering(&mut parts, &chances, &mut draw, 10.0, 0.1),
            Vec2::ZERO
        );
    }
}
