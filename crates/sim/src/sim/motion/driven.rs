//! A target moved from outside (a mouse drag), its velocity estimated from the motion so
//! the intercept laws can lead it.

use super::model::{MotionModel, MotionState, Moving, Surroundings, POSITION};
use crate::core::field::{described, number};
use crate::core::Portable;
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_smoothing: f32 = 0.1);

/// Moved from outside; velocity is an exponential average of the motion with time
/// constant `smoothing` seconds.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Driven {
    pub pos: Vec2,
    #[serde(
        default = "default_smoothing::value",
        skip_serializing_if = "default_smoothing::is"
    )]
    pub smoothing: f32,
}

described!(Driven {
    pos: POSITION.unit("units").help("Where it starts."),
    smoothing: number(0.0, 100.0)
        .label("velocity smoothing")
        .unit("s")
        .help("Time constant of the velocity estimate."),
});

impl MotionModel for Driven {
    const NAME: &'static str = "Driven";
    const LABEL: &'static str = "driven";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            smoothing: default_smoothing::value(),
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn initial_state(&self) -> MotionState {
        MotionState::Driven { pending: None }
    }

    /// Moves to the position asked for (if any) and blends the velocity it implies into
    /// the estimate.
    fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        _age: f64,
        dt: f32,
        _around: &Surroundings,
    ) -> bool {
        let MotionState::Driven { pending } = state else {
            return true;
        };
        let raw = match pending.take() {
            Some(pos) => {
                let raw = (pos - now.pos) / dt;
                now.pos = pos;
                raw
            }
            None => Vec2::ZERO,
        };
        let blend = if self.smoothing > 0.0 {
            1.0 - (-dt / self.smoothing).pexp()
        } else {
            1.0
        };
        now.vel += (raw - now.vel) * blend;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The velocity after one tick of 1/60 s in which the target was dragged 10 units
    /// along x from rest (raw velocity 600 units/s).
    fn velocity_after_a_drag(smoothing: f32) -> Vec2 {
        let driven = Driven {
            pos: Vec2::ZERO,
            smoothing,
        };
        let mut state = MotionState::Driven {
            pending: Some(Vec2::new(10.0, 0.0)),
        };
        let mut now = Moving {
            pos: Vec2::ZERO,
            vel: Vec2::ZERO,
        };
        let around = Surroundings::default();
        assert!(driven.advance(&mut state, &mut now, 1.0 / 60.0, 1.0 / 60.0, &around));
        assert_eq!(now.pos, Vec2::new(10.0, 0.0));
        now.vel
    }

    #[test]
    fn a_drag_moves_the_velocity_by_the_exponential_blend() {
        // Smoothing 0.1 s: blend 1 - exp(-(1/60) / 0.1) = 1 - exp(-1/6) = 0.153518,
        // so 600 x 0.153518 = 92.11 units/s. No smoothing: the raw 600 at once.
        let smoothed = velocity_after_a_drag(0.1);
        assert!(
            (smoothed.x - 92.111).abs() < 1e-2 && smoothed.y == 0.0,
            "{smoothed}"
        );
        let raw = velocity_after_a_drag(0.0);
        assert!((raw - Vec2::new(600.0, 0.0)).length() < 1e-3, "{raw}");
    }
}
