//! Arrive at a point: towards it at full speed, slowing inside `slowing` so as to come
//! to rest on it (Reynolds' arrival).

use super::model::{default_weight, Around, GoalModel, Steer, SLOWING, WEIGHT};
use crate::core::field::described;
use crate::core::Shape;
use crate::sim::motion::model::POSITION;
use crate::steering::{seek, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_slowing: f32 = 100.0);

/// Towards `at`, at `max_speed * distance / slowing` inside the slowing radius.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrive {
    pub at: Vec2,
    #[serde(
        default = "default_slowing::value",
        skip_serializing_if = "default_slowing::is"
    )]
    pub slowing: f32,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(Arrive {
    at: POSITION
        .unit("units")
        .help("The point every agent comes to rest on."),
    slowing: SLOWING
        .help("Inside this distance an agent slows in proportion, to stop on the point (0: seek)."),
    weight: WEIGHT,
});

impl GoalModel for Arrive {
    const NAME: &'static str = "Arrive";
    const LABEL: &'static str = "arrive at a point";

    fn starting_at(at: Vec2) -> Self {
        Arrive {
            at,
            slowing: default_slowing::value(),
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, _around: &Around) -> Steer {
        Steer::to(seek::arrive(me, self.at, self.slowing), self.at)
    }

    fn scenery(&self, _lo: Vec2, _hi: Vec2) -> Vec<Shape> {
        vec![
            Shape::Point(self.at),
            Shape::Circle {
                center: self.at,
                radius: self.slowing,
            },
        ]
    }
}
