//! A target that stays where it is.

use super::model::{fields, MotionModel, POINT};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Stays at `pos`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Static {
    pub pos: Vec2,
}

fields!(Static {
    pos: POINT, "pos", "units";
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
