//! Obstacles: circles, convex polygons and wall segments, with the geometry the
//! avoidance behaviours ask of them (a bounding circle, where a feeler first touches one,
//! how far a point is from one).

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Something agents steer around.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Obstacle {
    Circle {
        center: Vec2,
        radius: f32,
    },
    /// A convex polygon, its corners in order (either way round).
    Polygon {
        points: Vec<Vec2>,
    },
    /// A wall: a segment, solid on both sides.
    Wall {
        a: Vec2,
        b: Vec2,
    },
}

/// Where a feeler first touches an obstacle: the share of the feeler's length at which
/// it does (0 at its root), and the surface's unit normal facing the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    pub at: f32,
    pub normal: Vec2,
}

/// The point of segment `a`-`b` nearest `p`.
pub fn nearest_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = b - a;
    let squared = ab.length_squared();
    if squared <= 0.0 {
        return a;
    }
    a + ab * ((p - a).dot(ab) / squared).clamp(0.0, 1.0)
}

/// Whether `p` is strictly inside the convex polygon with these corners: on the same
/// side of every edge (a polygon of fewer than three corners, or of corners on one line,
/// has no inside).
fn inside(points: &[Vec2], p: Vec2) -> bool {
    let side = |i: usize| {
        let (a, b) = (points[i], points[(i + 1) % points.len()]);
        (b - a).perp_dot(p - a)
    };
    let (left, right) = (0..points.len()).fold((true, true), |(l, r), i| {
        let s = side(i);
        (l && s > 0.0, r && s < 0.0)
    });
    points.len() >= 3 && (left || right)
}

/// Where segment `p`-`q` crosses segment `a`-`b`: the share of `p`-`q` (0 to 1), if it
/// does (parallel segments never cross here).
fn crossing(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> Option<f32> {
    let (r, s) = (q - p, b - a);
    let denominator = r.perp_dot(s);
    if denominator == 0.0 {
        return None;
    }
    let t = (a - p).perp_dot(s) / denominator;
    let u = (a - p).perp_dot(r) / denominator;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some(t)
}

impl Obstacle {
    /// A circle around it: its centre and radius (a polygon's corners' mean and the
    /// furthest corner; a wall's midpoint and half its length).
    pub fn bounds(&self) -> (Vec2, f32) {
        match self {
            Obstacle::Circle { center, radius } => (*center, *radius),
            Obstacle::Polygon { points } => {
                let Some(first) = points.first() else {
                    return (Vec2::ZERO, 0.0);
                };
                let center = points.iter().fold(Vec2::ZERO, |s, p| s + *p) / points.len() as f32;
                let far = points
                    .iter()
                    .map(|p| p.distance(center))
                    .fold(0.0, f32::max);
                (if points.len() == 1 { *first } else { center }, far)
            }
            Obstacle::Wall { a, b } => ((*a + *b) * 0.5, a.distance(*b) * 0.5),
        }
    }

    /// Its edges (a polygon's, closing back to the first corner; a wall's one).
    pub fn edges(&self) -> Vec<(Vec2, Vec2)> {
        match self {
            Obstacle::Circle { .. } => Vec::new(),
            Obstacle::Polygon { points } => (0..points.len())
                .map(|i| (points[i], points[(i + 1) % points.len()]))
                .collect(),
            Obstacle::Wall { a, b } => vec![(*a, *b)],
        }
    }

    /// How far `p` is from it: 0 inside (a polygon or a circle), else to its surface.
    pub fn distance(&self, p: Vec2) -> f32 {
        match self {
            Obstacle::Circle { center, radius } => (p.distance(*center) - radius).max(0.0),
            Obstacle::Polygon { points } if inside(points, p) => 0.0,
            _ => (self.edges().iter())
                .map(|(a, b)| p.distance(nearest_on_segment(p, *a, *b)))
                .fold(f32::INFINITY, f32::min),
        }
    }

    /// Where the feeler from `root` to `tip` first touches its surface, if it does.
    pub fn touch(&self, root: Vec2, tip: Vec2) -> Option<Contact> {
        match self {
            Obstacle::Circle { center, radius } => {
                // |root + t d - c| = r: t^2 |d|^2 + 2 t d.(root - c) + |root - c|^2 - r^2 = 0.
                let d = tip - root;
                let m = root - *center;
                let (a, b, c) = (
                    d.length_squared(),
                    m.dot(d),
                    m.length_squared() - radius * radius,
                );
                // (A feeler of no length gives t = 0/0, NaN: no touch. From inside, the
                // nearer root is behind it: no touch; from on the surface heading in, it
                // touches at once.)
                let discriminant = b * b - a * c;
                if discriminant < 0.0 {
                    return None;
                }
                let t = (-b - discriminant.sqrt()) / a;
                (0.0..=1.0).contains(&t).then(|| Contact {
                    at: t,
                    normal: (root + d * t - *center).normalize_or_zero(),
                })
            }
            _ => {
                let mut best: Option<Contact> = None;
                for (a, b) in self.edges() {
                    let Some(t) = crossing(root, tip, a, b) else {
                        continue;
                    };
                    if best.is_some_and(|c| c.at <= t) {
                        continue;
                    }
                    let across = (b - a).perp().normalize_or_zero();
                    let normal = if across.dot(root - a) >= 0.0 {
                        across
                    } else {
                        -across
                    };
                    best = Some(Contact { at: t, normal });
                }
                best
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Obstacle {
        Obstacle::Polygon {
            points: vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(10.0, 0.0),
                Vec2::new(10.0, 10.0),
                Vec2::new(0.0, 10.0),
            ],
        }
    }

    #[test]
    fn bounds_enclose_each_kind() {
        let c = Obstacle::Circle {
            center: Vec2::new(1.0, 2.0),
            radius: 3.0,
        };
        assert_eq!(c.bounds(), (Vec2::new(1.0, 2.0), 3.0));
        // The square's corners' mean (5, 5), its corners sqrt(50) away.
        assert_eq!(square().bounds(), (Vec2::new(5.0, 5.0), 50f32.sqrt()));
        let w = Obstacle::Wall {
            a: Vec2::ZERO,
            b: Vec2::new(0.0, 8.0),
        };
        assert_eq!(w.bounds(), (Vec2::new(0.0, 4.0), 4.0));
        let none = Obstacle::Polygon { points: vec![] };
        assert_eq!(none.bounds(), (Vec2::ZERO, 0.0));
        let dot = Obstacle::Polygon {
            points: vec![Vec2::new(3.0, 4.0)],
        };
        assert_eq!(dot.bounds(), (Vec2::new(3.0, 4.0), 0.0));
    }

    #[test]
    fn distance_is_zero_inside_and_to_the_surface_outside() {
        let sq = square();
        assert_eq!(sq.distance(Vec2::new(5.0, 5.0)), 0.0);
        assert_eq!(sq.distance(Vec2::new(13.0, 5.0)), 3.0);
        assert_eq!(sq.distance(Vec2::new(13.0, 14.0)), 5.0);
        // A point on an edge is no distance from it.
        assert_eq!(sq.distance(Vec2::new(10.0, 5.0)), 0.0);
        // Corners on one line have no inside: from beyond the line's end, the distance to
        // its last corner.
        let flat = Obstacle::Polygon {
            points: vec![Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(20.0, 0.0)],
        };
        assert_eq!(flat.distance(Vec2::new(30.0, 0.0)), 10.0);
        // Its corners the other way round: the same.
        let Obstacle::Polygon { mut points } = sq else {
            unreachable!()
        };
        points.reverse();
        let turned = Obstacle::Polygon { points };
        assert_eq!(turned.distance(Vec2::new(5.0, 5.0)), 0.0);
        assert_eq!(turned.distance(Vec2::new(-4.0, 5.0)), 4.0);
        let c = Obstacle::Circle {
            center: Vec2::ZERO,
            radius: 2.0,
        };
        assert_eq!(c.distance(Vec2::new(0.0, 5.0)), 3.0);
        assert_eq!(c.distance(Vec2::new(0.0, 1.0)), 0.0);
        let w = Obstacle::Wall {
            a: Vec2::ZERO,
            b: Vec2::new(10.0, 0.0),
        };
        assert_eq!(w.distance(Vec2::new(5.0, -2.0)), 2.0);
        assert_eq!(w.distance(Vec2::new(13.0, 4.0)), 5.0);
        assert_eq!(
            nearest_on_segment(Vec2::ONE, Vec2::ZERO, Vec2::ZERO),
            Vec2::ZERO
        );
    }

    #[test]
    fn a_feeler_touches_the_nearest_surface_with_the_normal_facing_its_root() {
        let c = Obstacle::Circle {
            center: Vec2::new(10.0, 0.0),
            radius: 2.0,
        };
        // From the origin along +x: touches at x = 8, a fifth of a 40-long feeler.
        let hit = c.touch(Vec2::ZERO, Vec2::new(40.0, 0.0)).unwrap();
        assert_eq!(hit.at, 0.2);
        assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
        // Too short, passing beside, or from inside: no touch.
        assert!(c.touch(Vec2::ZERO, Vec2::new(7.0, 0.0)).is_none());
        assert!(c.touch(Vec2::new(0.0, 3.0), Vec2::new(40.0, 3.0)).is_none());
        assert!(c
            .touch(Vec2::new(10.0, 0.0), Vec2::new(40.0, 0.0))
            .is_none());
        assert!(c.touch(Vec2::ZERO, Vec2::ZERO).is_none());
        // From on its surface heading in: a touch at once, pushing back out.
        let on = c.touch(Vec2::new(8.0, 0.0), Vec2::new(20.0, 0.0)).unwrap();
        assert_eq!((on.at, on.normal), (0.0, Vec2::new(-1.0, 0.0)));
        // From on its surface heading out: none.
        assert!(c.touch(Vec2::new(8.0, 0.0), Vec2::new(0.0, 0.0)).is_none());
        // Grazing it (the feeler's line a tangent, at (10, 2) - (0, 2)): a touch, halfway.
        let graze = Obstacle::Circle {
            center: Vec2::new(10.0, 2.0),
            radius: 2.0,
        };
        let hit = graze.touch(Vec2::ZERO, Vec2::new(20.0, 0.0)).unwrap();
        assert_eq!((hit.at, hit.normal), (0.5, Vec2::new(0.0, -1.0)));
        // The square from the right: its right edge at x = 10, 3 along a 10-long feeler.
        let hit = square()
            .touch(Vec2::new(13.0, 5.0), Vec2::new(3.0, 5.0))
            .unwrap();
        assert_eq!(hit.at, 0.3);
        assert_eq!(hit.normal, Vec2::new(1.0, 0.0));
        // A feeler through it crosses two edges: the nearer one counts, whichever edge
        // is listed first (the right edge is listed before the left one).
        let through = square()
            .touch(Vec2::new(13.0, 5.0), Vec2::new(-7.0, 5.0))
            .unwrap();
        assert_eq!((through.at, through.normal), (0.15, Vec2::new(1.0, 0.0)));
        let back = square()
            .touch(Vec2::new(-3.0, 5.0), Vec2::new(17.0, 5.0))
            .unwrap();
        assert_eq!((back.at, back.normal), (0.15, Vec2::new(-1.0, 0.0)));
        // A wall from below and from above: the normal faces the root each time.
        let w = Obstacle::Wall {
            a: Vec2::new(-5.0, 0.0),
            b: Vec2::new(5.0, 0.0),
        };
        let below = w.touch(Vec2::new(0.0, -4.0), Vec2::new(0.0, 4.0)).unwrap();
        assert_eq!((below.at, below.normal), (0.5, Vec2::new(0.0, -1.0)));
        let above = w.touch(Vec2::new(0.0, 2.0), Vec2::new(0.0, -6.0)).unwrap();
        assert_eq!((above.at, above.normal), (0.25, Vec2::new(0.0, 1.0)));
        // Parallel to the wall: no crossing.
        assert!(w.touch(Vec2::new(-9.0, 0.0), Vec2::new(9.0, 0.0)).is_none());
        // A wall away from the axes, (5, 5) to (15, 5), from below: the normal faces down.
        let high = Obstacle::Wall {
            a: Vec2::new(5.0, 5.0),
            b: Vec2::new(15.0, 5.0),
        };
        let below = high
            .touch(Vec2::new(10.0, 2.0), Vec2::new(10.0, 8.0))
            .unwrap();
        assert_eq!((below.at, below.normal), (0.5, Vec2::new(0.0, -1.0)));
    }
}
