//! A target that stays where it is.

use super::model::{MotionModel, POSITION};
use crate::core::field::described;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Stays at `pos`.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Static {
    pub pos: Vec2,
}

described!(Static {
    pos: POSITION.unit("units").help("Where it stays."),
});

impl MotionModel for Static {
    const NAME: &'static str = "Static";
    const LABEL: &'static str = "static";

    fn starting_at(pos: Vec2) -> Self {
        Self { pos }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn at(&self, _age: f64) -> Option<(Vec2, Vec2)> {
        Some((self.pos, Vec2::ZERO))
    }
}
