//! Evade a target: flee where it will be (Reynolds' evasion), predicted as pursuit
//! predicts, only within `range` of it (0: at any distance).

use super::model::{default_weight, Around, GoalModel, Steer, WEIGHT};
use crate::core::field::{described, field, number, Kind};
use crate::sim::limits::MAX_COORD;
use crate::steering::pursuit::{look_ahead, predicted};
use crate::steering::{seek, within, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Flee where `target` will be while within `range` of it (0: always); nothing while
/// there is no such target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evade {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub target: Option<String>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub range: f32,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(Evade {
    target: field(Kind::TargetName).help("The target every agent runs from."),
    range: number(0.0, MAX_COORD)
        .label("evade within (0: any)")
        .unit("units")
        .help("Only agents this near the target evade it; 0: all."),
    weight: WEIGHT,
});

impl GoalModel for Evade {
    const NAME: &'static str = "Evade";
    const LABEL: &'static str = "evade a target";

    fn starting_at(_pos: Vec2) -> Self {
        Evade {
            target: None,
            range: 0.0,
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        let Some(threat) = around.target(self.target.as_deref()) else {
            return Steer::default();
        };
        if !within(self.range, me.pos, threat.pos) {
            return Steer::default();
        }
        let ahead = predicted(&threat, look_ahead(me, &threat, 1.0));
        Steer::to(seek::flee(me, ahead), ahead)
    }

    fn targets(&self) -> Vec<&str> {
        self.target.as_deref().into_iter().collect()
    }
}
