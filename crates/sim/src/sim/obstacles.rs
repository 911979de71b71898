//! Obstacles in a world, as a scenario gives them: circles, convex polygons and wall
//! segments ([`crate::steering::Obstacle`]'s shapes), each of which may be terrain (a
//! missile that touches it ends there, "hit terrain"). Crowds steer around every
//! obstacle; missiles fly through those that are not terrain.

use crate::core::field::{described, field, flag, number, point, Described, Field, Kind, Value};
use crate::core::variant::as_struct_variant;
use crate::sim::limits::{MAX_COORD, MAX_POLYGON_POINTS};
use crate::steering::obstacle::nearest_on_segment;
use crate::steering::Obstacle;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A circle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CircleObstacle {
    pub center: Vec2,
    pub radius: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub terrain: bool,
}

/// A convex polygon, its corners in order (either way round).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolygonObstacle {
    pub points: Vec<Vec2>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub terrain: bool,
}

/// A wall: a segment, solid on both sides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallObstacle {
    pub from: Vec2,
    pub to: Vec2,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub terrain: bool,
}

const TERRAIN: Field = flag().help(
    "true: a missile that touches it ends there (a miss, \"hit terrain\"); false: missiles fly through it and only crowds steer around it.",
);

described!(CircleObstacle {
    center: point(MAX_COORD).unit("units").help("Centre of the circle."),
    radius: number(0.001, MAX_COORD)
        .unit("units")
        .help("Radius of the circle."),
    terrain: TERRAIN,
});

described!(PolygonObstacle {
    points: field(Kind::Points {
        limit: MAX_COORD,
        max: MAX_POLYGON_POINTS
    })
    .label("corners")
    .unit("units")
    .help("The corners of a convex polygon, in order round it (either way); at least three, not all on one line."),
    terrain: TERRAIN,
});

described!(WallObstacle {
    from: point(MAX_COORD).unit("units").help("One end of the wall."),
    to: point(MAX_COORD)
        .unit("units")
        .help("The other end of the wall."),
    terrain: TERRAIN,
});

/// An obstacle in a scenario: written `Circle(center: .., radius: ..)`,
/// `Polygon(points: [..])` or `Wall(from: .., to: ..)`, each with `terrain: true` to end
/// the missiles that touch it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub enum ObstacleSpec {
    Circle(CircleObstacle),
    Polygon(PolygonObstacle),
    Wall(WallObstacle),
}

impl Serialize for ObstacleSpec {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ObstacleSpec::Circle(c) => {
                as_struct_variant(serializer, "ObstacleSpec", 0, "Circle", c)
            }
            ObstacleSpec::Polygon(p) => {
                as_struct_variant(serializer, "ObstacleSpec", 1, "Polygon", p)
            }
            ObstacleSpec::Wall(w) => as_struct_variant(serializer, "ObstacleSpec", 2, "Wall", w),
        }
    }
}

impl ObstacleSpec {
    /// The shape crowds steer around and missiles may touch.
    pub fn shape(&self) -> Obstacle {
        match self {
            ObstacleSpec::Circle(c) => Obstacle::Circle {
                center: c.center,
                radius: c.radius,
            },
            ObstacleSpec::Polygon(p) => Obstacle::Polygon {
                points: p.points.clone(),
            },
            ObstacleSpec::Wall(w) => Obstacle::Wall { a: w.from, b: w.to },
        }
    }

    /// Whether a missile that touches it ends there.
    pub fn terrain(&self) -> bool {
        match self {
            ObstacleSpec::Circle(c) => c.terrain,
            ObstacleSpec::Polygon(p) => p.terrain,
            ObstacleSpec::Wall(w) => w.terrain,
        }
    }

    /// Its kind as files write it.
    pub fn kind(&self) -> &'static str {
        match self {
            ObstacleSpec::Circle(_) => "Circle",
            ObstacleSpec::Polygon(_) => "Polygon",
            ObstacleSpec::Wall(_) => "Wall",
        }
    }

    /// Moved by `by` (every corner, centre or end).
    pub fn moved(&self, by: Vec2) -> ObstacleSpec {
        let mut out = self.clone();
        match &mut out {
            ObstacleSpec::Circle(c) => c.center += by,
            ObstacleSpec::Polygon(p) => p.points.iter_mut().for_each(|q| *q += by),
            ObstacleSpec::Wall(w) => {
                w.from += by;
                w.to += by;
            }
        }
        out
    }

    /// Rules beyond each field's range, as `(field, message)`: a polygon is convex with
    /// at least three corners not all on one line; a wall has two different ends.
    pub fn problems(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        match self {
            ObstacleSpec::Circle(_) => {}
            ObstacleSpec::Polygon(p) => {
                if let Some(why) = polygon_problem(&p.points) {
                    out.push(("points".to_string(), why));
                }
            }
            ObstacleSpec::Wall(w) => {
                if w.from == w.to {
                    out.push((
                        "to".to_string(),
                        "expected an end different from `from`: a wall of no length".into(),
                    ));
                }
            }
        }
        out
    }

    fn inner(&self) -> &dyn Described {
        match self {
            ObstacleSpec::Circle(c) => c,
            ObstacleSpec::Polygon(p) => p,
            ObstacleSpec::Wall(w) => w,
        }
    }

    fn inner_mut(&mut self) -> &mut dyn Described {
        match self {
            ObstacleSpec::Circle(c) => c,
            ObstacleSpec::Polygon(p) => p,
            ObstacleSpec::Wall(w) => w,
        }
    }
}

/// Why these corners are not a convex polygon, if they are not. Every turn from one edge
/// to the next must go the same way (a straight corner, turning neither way, is allowed);
/// going round more than once (a star) is refused too.
fn polygon_problem(points: &[Vec2]) -> Option<String> {
    let n = points.len();
    if n < 3 {
        return Some(format!("expected at least 3 corners, found {n}"));
    }
    let turn = |i: usize| {
        let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
        (b - a).perp_dot(c - b)
    };
    let (left, right) = (0..n).fold((0, 0), |(l, r), i| {
        let t = turn(i);
        (l + usize::from(t > 0.0), r + usize::from(t < 0.0))
    });
    if left == 0 && right == 0 {
        return Some("expected corners not all on one line".into());
    }
    if left > 0 && right > 0 {
        return Some("expected a convex polygon: the corners turn both ways".into());
    }
    // Convex turns all one way can still wind round twice (a pentagram): the angles
    // turned add up to one full turn only for a simple polygon.
    let winding: f32 = (0..n)
        .map(|i| {
            let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
            let (u, v) = (b - a, c - b);
            crate::core::direction(Vec2::new(u.dot(v), u.perp_dot(v)))
        })
        .sum();
    if winding.abs() > 1.5 * std::f32::consts::TAU {
        return Some("expected a convex polygon: the corners go round more than once".into());
    }
    None
}

/// An obstacle is described by its kind's description.
impl Described for ObstacleSpec {
    fn fields(&self) -> &'static [Field] {
        self.inner().fields()
    }
    fn get(&self, name: &str) -> Option<Value> {
        self.inner().get(name)
    }
    fn set(&mut self, name: &str, value: Value) -> bool {
        self.inner_mut().set(name, value)
    }
}

/// The terrain obstacles' shapes, each with its bounding circle: what a missile's move is
/// tested against every tick.
#[derive(Clone, Debug, Default)]
pub struct Terrain {
    shapes: Vec<Obstacle>,
    bounds: Vec<(Vec2, f32)>,
}

impl Terrain {
    pub fn push(&mut self, shape: Obstacle) {
        self.bounds.push(shape.bounds());
        self.shapes.push(shape);
    }

    pub fn shapes(&self) -> &[Obstacle] {
        &self.shapes
    }

    /// Where a missile of `radius` moving from `from` to `to` this tick first touches one
    /// of the shapes, as a share of the move (0 at `from`), if it does: where its centre's
    /// path crosses a surface, or the end of the move if it ends within its radius of
    /// one, or at once if it starts within its radius of one. A shape whose bounding
    /// circle the move passes further than `radius` from is not looked at (it cannot be
    /// touched): a thousand obstacles cost a missile little more than their circles.
    #[inline]
    pub fn first_contact(&self, from: Vec2, to: Vec2, radius: f32) -> Option<f32> {
        // (Asked of every missile every tick; most worlds have no terrain.)
        if self.shapes.is_empty() {
            return None;
        }
        self.first_contact_among(from, to, radius)
    }

    fn first_contact_among(&self, from: Vec2, to: Vec2, radius: f32) -> Option<f32> {
        let mut first: Option<f32> = None;
        for (shape, (center, reach)) in self.shapes.iter().zip(&self.bounds) {
            if nearest_on_segment(*center, from, to).distance(*center) > reach + radius {
                continue;
            }
            let at = if shape.distance(from) <= radius {
                Some(0.0)
            } else {
                let crossed = shape.touch(from, to).map(|c| c.at);
                crossed.or_else(|| (shape.distance(to) <= radius).then_some(1.0))
            };
            first = match (first, at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        first
    }
}

#[cfg(test)]
#[path = "obstacles_tests.rs"]
mod tests;
