//! Flee a point: full speed away from it (Reynolds' flee), only within `range` of it
//! (Buckland's panic distance; 0: at any distance).

use super::model::{default_weight, Around, GoalModel, Steer, WEIGHT};
use crate::core::field::{described, number};
use crate::core::Shape;
use crate::sim::limits::MAX_COORD;
use crate::sim::motion::model::POSITION;
use crate::steering::{seek, within, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Away from `from` at full speed, while within `range` of it (0: always).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flee {
    pub from: Vec2,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub range: f32,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(Flee {
    from: POSITION
        .unit("units")
        .help("The point every agent runs from."),
    range: number(0.0, MAX_COORD)
        .label("flee within (0: any)")
        .unit("units")
        .help("Only agents this near the point flee it; 0: all."),
    weight: WEIGHT,
});

impl GoalModel for Flee {
    const NAME: &'static str = "Flee";
    const LABEL: &'static str = "flee a point";

    fn starting_at(from: Vec2) -> Self {
        Flee {
            from,
            range: 0.0,
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, _around: &Around) -> Steer {
        if !within(self.range, me.pos, self.from) {
            return Steer::default();
        }
        Steer::to(seek::flee(me, self.from), self.from)
    }

    fn scenery(&self, _lo: Vec2, _hi: Vec2) -> Vec<Shape> {
        let mut out = vec![Shape::Point(self.from)];
        if self.range > 0.0 {
            out.push(Shape::Circle {
                center: self.from,
                radius: self.range,
            });
        }
        out
    }
}
