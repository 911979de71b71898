//! A target moved from outside (a mouse drag), its velocity estimated from the motion so
//! the intercept laws can lead it.

use super::model::{fields, number, MotionModel, MotionState, Moving, POINT};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_smoothing: f32 = 0.1);

/// Moved from outside; velocity is an exponential average of the motion with time
/// constant `smoothing` seconds.
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

fields!(Driven {
    pos: POINT, "pos", "units";
    smoothing: number(0.0, 100.0), "velocity smoothing", "s";
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
        _hero: Vec2,
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
            1.0 - (-dt / self.smoothing).exp()
        } else {
            1.0
        };
        now.vel += (raw - now.vel) * blend;
        true
    }
}
