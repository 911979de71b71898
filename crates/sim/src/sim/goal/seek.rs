//! Seek a point: full speed towards it (Reynolds' seek).

use super::model::{default_weight, Around, GoalModel, Steer, WEIGHT};
use crate::core::field::described;
use crate::core::Shape;
use crate::sim::motion::model::POSITION;
use crate::steering::{seek, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Towards `at` at full speed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seek {
    pub at: Vec2,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(Seek {
    at: POSITION
        .unit("units")
        .help("The point every agent heads for."),
    weight: WEIGHT,
});

impl GoalModel for Seek {
    const NAME: &'static str = "Seek";
    const LABEL: &'static str = "seek a point";

    fn starting_at(at: Vec2) -> Self {
        Seek {
            at,
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, _around: &Around) -> Steer {
        Steer::to(seek::seek(me, self.at), self.at)
    }

    fn scenery(&self, _lo: Vec2, _hi: Vec2) -> Vec<Shape> {
        vec![Shape::Point(self.at)]
    }
}
