//! Follow a path along its spine, as OpenSteer's pedestrians do: where an agent will be
//! in `prediction` seconds; inside the path's radius and going the right way, nothing;
//! otherwise seek the spine's point `ahead` units (or the prediction's length, if
//! longer) further along than where it is ([`crate::steering::path::follow_path`]).

use super::model::{default_weight, Around, GoalModel, Steer, WEIGHT};
use crate::core::field::{described, field, flag, number, Kind};
use crate::core::Shape;
use crate::sim::limits::MAX_COORD;
use crate::steering::path::{follow_path, Path};
use crate::steering::Vehicle;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Most points a path to follow has: every agent of a crowd (up to 50,000) looks at
/// every segment twice a tick, so a longer path would stall the tick.
pub const MOST_POINTS: usize = 256;

crate::core::field_default!(default_radius: f32 = 20.0);
crate::core::field_default!(default_prediction: f32 = 0.5);
crate::core::field_default!(default_ahead: f32 = 30.0);

/// Along the polyline `points` (round again from the last to the first if `looped`),
/// within `radius` of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowPath {
    pub points: Vec<Vec2>,
    #[serde(
        default = "default_radius::value",
        skip_serializing_if = "default_radius::is"
    )]
    pub radius: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub looped: bool,
    #[serde(
        default = "default_prediction::value",
        skip_serializing_if = "default_prediction::is"
    )]
    pub prediction: f32,
    #[serde(
        default = "default_ahead::value",
        skip_serializing_if = "default_ahead::is"
    )]
    pub ahead: f32,
    #[serde(
        default = "default_weight::value",
        skip_serializing_if = "default_weight::is"
    )]
    pub weight: f32,
}

described!(FollowPath {
    points: field(Kind::Points {
        limit: MAX_COORD,
        max: MOST_POINTS
    })
    .unit("units")
    .help("The path's spine, followed from the first point."),
    radius: number(0.0, MAX_COORD)
        .unit("units")
        .help("How far from the spine an agent may stray before it steers back."),
    looped: flag().help("true: from the last point back to the first, round and round; false: it ends at the last."),
    prediction: number(0.0, 60.0)
        .unit("s")
        .help("How far ahead (in seconds at its velocity) an agent looks to see if it is leaving the path."),
    ahead: number(0.0, MAX_COORD)
        .unit("units")
        .help("How far further along the spine an agent steers to when it steers (at least its prediction's length)."),
    weight: WEIGHT,
});

impl FollowPath {
    /// The path as the steering layer follows it.
    fn spine(&self) -> Path<&[Vec2]> {
        Path {
            points: self.points.as_slice(),
            radius: self.radius,
            looped: self.looped,
        }
    }
}

impl GoalModel for FollowPath {
    const NAME: &'static str = "FollowPath";
    const LABEL: &'static str = "follow a path";

    fn starting_at(pos: Vec2) -> Self {
        FollowPath {
            points: vec![
                pos,
                pos + Vec2::new(300.0, 0.0),
                pos + Vec2::new(300.0, 200.0),
            ],
            radius: default_radius::value(),
            looped: true,
            prediction: default_prediction::value(),
            ahead: default_ahead::value(),
            weight: default_weight::value(),
        }
    }

    fn path(&self) -> Option<Path<&[Vec2]>> {
        Some(self.spine())
    }

    fn weight(&self) -> f32 {
        self.weight
    }

    fn steer(&self, me: &Vehicle, _around: &Around) -> Steer {
        let f = follow_path(me, &self.spine(), self.prediction, self.ahead);
        Steer {
            force: f.force,
            sought: f.sought,
            predicted: Some(f.future),
        }
    }

    fn problems(&self) -> Vec<(String, String)> {
        let found = self.points.len();
        if found < 2 {
            vec![(
                "points".into(),
                format!("expected at least 2 points (a path to follow), found {found}"),
            )]
        } else {
            Vec::new()
        }
    }

    /// The spine, and each segment's edges `radius` either side of it.
    fn scenery(&self, _lo: Vec2, _hi: Vec2) -> Vec<Shape> {
        let n = self.points.len();
        let count = if self.looped && n > 2 {
            n
        } else {
            n.saturating_sub(1)
        };
        let mut out = Vec::with_capacity(count * 3);
        for i in 0..count {
            let (a, b) = (self.points[i], self.points[(i + 1) % n]);
            out.push(Shape::Line(a, b));
            let side = (b - a).perp().normalize_or_zero() * self.radius;
            if side != Vec2::ZERO {
                out.push(Shape::Line(a + side, b + side));
                out.push(Shape::Line(a - side, b - side));
            }
        }
        out
    }
}
