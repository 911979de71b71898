//! Pursue a target: seek where it will be (Reynolds' pursuit), predicted the time to
//! cover the distance at the sum of the two speeds ahead.

use super::model::{default_weight, Around, GoalModel, Steer, WEIGHT};
use crate::core::field::{described, field, Kind};
use crate::steering::pursuit::{look_ahead, predicted};
use crate::steering::{seek, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Seek where `target` will be; nothing while there is no such target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pursue {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub target: Option<String>,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(Pursue {
    target: field(Kind::TargetName).help("The target every agent chases."),
    weight: WEIGHT,
});

impl GoalModel for Pursue {
    const NAME: &'static str = "Pursue";
    const LABEL: &'static str = "pursue a target";

    fn starting_at(_pos: Vec2) -> Self {
        Pursue {
            target: None,
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        let Some(quarry) = around.target(self.target.as_deref()) else {
            return Steer::default();
        };
        let ahead = predicted(&quarry, look_ahead(me, &quarry, 1.0));
        Steer::to(seek::seek(me, ahead), ahead)
    }

    fn targets(&self) -> Vec<&str> {
        self.target.as_deref().into_iter().collect()
    }
}
