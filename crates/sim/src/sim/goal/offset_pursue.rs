//! Hold a place by a target: Reynolds' offset pursuit, one place per agent in a
//! formation of rows held in the target's frame (x ahead of it, y to its left). With one
//! column it is a single file; with one agent, the paper's offset pursuit (a fly-by at
//! a set offset).

use super::model::{default_weight, Around, GoalModel, Steer, SLOWING, WEIGHT};
use crate::core::field::{described, field, number, point, whole, Kind};
use crate::sim::limits::MAX_COORD;
use crate::steering::pursuit::offset_point;
use crate::steering::{seek, Mover, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_offset: Vec2 = Vec2::new(-40.0, 0.0));
crate::core::field_default!(default_spacing: f32 = 20.0);
crate::core::field_default!(default_columns: u32 = 3);
crate::core::field_default!(default_slowing: f32 = 40.0);

/// Most columns in a formation.
pub const MOST_COLUMNS: u32 = 64;

/// Each agent arrives at its place in rows behind `offset`, `spacing` apart, in
/// `columns` columns, all held in the target's frame; nothing while there is no such
/// target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffsetPursue {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub target: Option<String>,
    #[serde(
        default = "default_offset::value",
        skip_serializing_if = "default_offset::is"
    )]
    pub offset: Vec2,
    #[serde(
        default = "default_spacing::value",
        skip_serializing_if = "default_spacing::is"
    )]
    pub spacing: f32,
    #[serde(
        default = "default_columns::value",
        skip_serializing_if = "default_columns::is"
    )]
    pub columns: u32,
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

described!(OffsetPursue {
    target: field(Kind::TargetName).help("The target the agents keep their places by."),
    offset: point(MAX_COORD)
        .unit("units")
        .help("The first row's middle, in the target's frame: x ahead of it (negative: behind), y to its left."),
    spacing: number(0.0, MAX_COORD)
        .unit("units")
        .help("How far apart the places are, across a row and from one row to the next (behind)."),
    columns: whole(1, MOST_COLUMNS as i64)
        .unit("agents")
        .help("Places in a row (1: a single file)."),
    slowing: SLOWING.help("Inside this distance of its place an agent slows to stop on it."),
    weight: WEIGHT,
});

impl OffsetPursue {
    /// Agent `index`'s place in the target's frame: row `index / columns` behind the
    /// first, its column centred across the row (the first column on the left).
    pub fn place(&self, index: usize) -> Vec2 {
        let columns = self.columns.max(1) as usize;
        let (row, column) = ((index / columns) as f32, (index % columns) as f32);
        let across = (columns as f32 - 1.0) * 0.5 - column;
        self.offset + Vec2::new(-row, across) * self.spacing
    }
}

impl GoalModel for OffsetPursue {
    const NAME: &'static str = "OffsetPursue";
    const LABEL: &'static str = "keep a place by a target (offset pursuit)";

    fn starting_at(_pos: Vec2) -> Self {
        OffsetPursue {
            target: None,
            offset: default_offset::value(),
            spacing: default_spacing::value(),
            columns: default_columns::value(),
            slowing: default_slowing::value(),
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        let Some(target) = around.target(self.target.as_deref()) else {
            return Steer::default();
        };
        let leader = facing(&target);
        let place = offset_point(me, &leader, self.place(around.index));
        Steer::to(seek::arrive(me, place, self.slowing), place)
    }

    fn targets(&self) -> Vec<&str> {
        self.target.as_deref().into_iter().collect()
    }
}

/// A target as a leader whose frame the places are held in: facing along its velocity
/// (+x while it stands still: a target's heading is not among what a crowd sees).
fn facing(target: &Mover) -> Vehicle {
    let mut leader = Vehicle::new(target.pos, target.vel, 0.0, 0.0, target.radius);
    leader.forward = target.vel.try_normalize().unwrap_or(Vec2::X);
    leader
}
