//! Reynolds' steering behaviours ("Steering Behaviors For Autonomous Characters", GDC
//! 1999), for agents that are not missiles: a [`Vehicle`] (a point mass with a maximum
//! force and a maximum speed, oriented along its velocity) and the behaviours of the
//! catalogue, each a pure function from what the vehicle knows to a steering force, and
//! the ways to blend them ([`blend`]). Nothing here draws, reads a file or draws a random
//! number: a behaviour that needs chance (wander, dithering) is handed its draws, so the
//! caller's seeded stream fixes a run ([`crate::sim::crowd`] flies crowds of them).
//!
//! Forces are in velocity-change units (units/s^2 times the mass): seek's is the desired
//! velocity less the current one, as in the paper, and the others are scaled to match, so
//! weights of about 1 blend them. [`Vehicle::step`] truncates the blend to the maximum
//! force.
//!
//! Every angle goes through [`crate::core::Portable`] (libm): the same bits on every
//! machine and in the browser.

pub mod avoid;
pub mod blend;
pub mod grid;
pub mod group;
pub mod obstacle;
pub mod path;
pub mod pursuit;
pub mod seek;
pub mod vehicle;
pub mod wander;

pub use obstacle::Obstacle;

use glam::Vec2;

/// Whether `a` is within `range` of `b`, a range of 0 or less meaning any distance: the
/// "only this near (0: any)" of evading, fleeing and hiding.
pub fn within(range: f32, a: Vec2, b: Vec2) -> bool {
    range <= 0.0 || a.distance(b) <= range
}
pub use vehicle::{truncate, Mover, Vehicle};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_a_range_counts_its_edge_and_a_range_of_zero_is_any_distance() {
        let (a, b) = (Vec2::ZERO, Vec2::new(3.0, 4.0));
        assert!(within(5.0, a, b) && within(6.0, a, b));
        assert!(!within(4.9, a, b));
        assert!(within(0.0, a, b) && within(-1.0, a, Vec2::splat(1e9)));
    }
}
