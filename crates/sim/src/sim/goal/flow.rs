//! Follow a flow field: a grid of directions over the crowd's box, each cell's the way
//! round (and in to, or out from) a centre; an agent goes at full speed along the
//! direction of the cell under where it will be in `prediction` seconds (Reynolds'
//! flow-field following, [`crate::steering::path::flow_field_following`] worked out for
//! one cell at a time rather than from a stored grid).

use super::model::{default_weight, Around, GoalModel, Steer, WEIGHT};
use crate::core::field::{described, number};
use crate::core::{Portable, Shape};
use crate::sim::limits::MAX_COORD;
use crate::sim::motion::model::POSITION;
use crate::steering::Vehicle;
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_cell: f32 = 40.0);
crate::core::field_default!(default_prediction: f32 = 0.5);

/// At most this many cells are drawn across (or down) a box: a finer field is drawn
/// every few cells.
pub const MOST_DRAWN: usize = 40;

/// Cells of `cell` units from the box's corner, each pointing round `center` the way
/// angles grow (from +x towards +y), turned `inward` degrees towards it (90: straight
/// in; -90: straight out).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flow {
    pub center: Vec2,
    #[serde(
        default = "default_cell::value",
        skip_serializing_if = "default_cell::is"
    )]
    pub cell: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub inward: f32,
    #[serde(
        default = "default_prediction::value",
        skip_serializing_if = "default_prediction::is"
    )]
    pub prediction: f32,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(Flow {
    center: POSITION.unit("units").help("The point the field turns round."),
    cell: number(1.0, MAX_COORD)
        .unit("units")
        .help("The side of a cell: one direction per cell, from the box's corner."),
    inward: number(-90.0, 90.0)
        .unit("degrees")
        .help("How far each cell's direction turns from round the centre towards it (90: straight in, -90: straight out)."),
    prediction: number(0.0, 60.0)
        .unit("s")
        .help("An agent follows the cell under where it will be in this many seconds."),
    weight: WEIGHT,
});

impl Flow {
    /// The middle of the cell under `p`, in cells from `lo`.
    fn cell_middle(&self, lo: Vec2, p: Vec2) -> Vec2 {
        let cell = ((p - lo) / self.cell).floor();
        lo + (cell + Vec2::splat(0.5)) * self.cell
    }

    /// The unit direction of the cell whose middle is `middle` (none at the centre).
    fn direction(&self, middle: Vec2) -> Vec2 {
        let out = (middle - self.center).normalize_or_zero();
        let (sin, cos) = self.inward.to_radians().psin_cos();
        out.perp() * cos - out * sin
    }
}

impl GoalModel for Flow {
    const NAME: &'static str = "Flow";
    const LABEL: &'static str = "follow a flow field";

    fn starting_at(center: Vec2) -> Self {
        Flow {
            center,
            cell: default_cell::value(),
            inward: 0.0,
            prediction: default_prediction::value(),
            weight: default_weight::value(),
        }
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        let future = me.pos + me.vel * self.prediction;
        let direction = self.direction(self.cell_middle(around.lo, future));
        Steer {
            force: direction * me.max_speed - me.vel,
            sought: None,
            predicted: Some(future),
        }
    }

    /// An arrow along each cell's direction, half a cell long, from its middle (every
    /// few cells when there are more than [`MOST_DRAWN`] across or down).
    fn scenery(&self, lo: Vec2, hi: Vec2) -> Vec<Shape> {
        let cells = ((hi - lo) / self.cell).ceil().max(Vec2::ZERO);
        let (cols, rows) = (cells.x as usize, cells.y as usize);
        let every = cols.max(rows).div_ceil(MOST_DRAWN).max(1);
        let mut out = Vec::new();
        for row in (0..rows).step_by(every) {
            for col in (0..cols).step_by(every) {
                let middle = lo + (Vec2::new(col as f32, row as f32) + 0.5) * self.cell;
                let half = self.direction(middle) * self.cell * 0.5;
                out.push(Shape::Arrow {
                    from: middle - half * 0.5,
                    vector: half,
                });
            }
        }
        out
    }
}
