//! Interpose between two targets: arrive at the midpoint of where they will be when the
//! agent, at full speed, could reach their midpoint now (Reynolds' interpose, as
//! Buckland and Yuka predict it).

use super::model::{default_weight, Around, GoalModel, Steer, SLOWING, WEIGHT};
use crate::core::field::{described, field, Kind};
use crate::steering::pursuit::between;
use crate::steering::{seek, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_slowing: f32 = 50.0);

/// Arrive between targets `a` and `b`; nothing while either is missing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interpose {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub a: Option<String>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub b: Option<String>,
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

described!(Interpose {
    a: field(Kind::TargetName).help("One of the two targets the agents get between."),
    b: field(Kind::TargetName).help("The other."),
    slowing: SLOWING
        .help("Inside this distance of the point between them an agent slows to stop on it."),
    weight: WEIGHT,
});

impl GoalModel for Interpose {
    const NAME: &'static str = "Interpose";
    const LABEL: &'static str = "get between two targets";

    fn starting_at(_pos: Vec2) -> Self {
        Interpose {
            a: None,
            b: None,
            slowing: default_slowing::value(),
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        let (Some(a), Some(b)) = (
            around.target(self.a.as_deref()),
            around.target(self.b.as_deref()),
        ) else {
            return Steer::default();
        };
        let point = between(me, &a, &b);
        Steer::to(seek::arrive(me, point, self.slowing), point)
    }

    fn targets(&self) -> Vec<&str> {
        [self.a.as_deref(), self.b.as_deref()]
            .into_iter()
            .flatten()
            .collect()
    }
}
