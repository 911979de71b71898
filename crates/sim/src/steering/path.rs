//! Path following and flow-field following. Both look where the vehicle will be
//! (`prediction` seconds ahead at its velocity): path following steers back towards the
//! path's spine when that point is further from it than the path's radius; flow-field
//! following asks for the field's direction there at full speed.

use super::obstacle::nearest_on_segment;
use super::seek::seek;
use super::Vehicle;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A path: a spine of points and a radius around it. The points are held in whatever
/// holds them (a `Vec`, or a slice borrowed from a scenario's goal).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Path<P = Vec<Vec2>> {
    pub points: P,
    pub radius: f32,
    /// Whether the last point joins the first.
    pub looped: bool,
}

/// The spine's point nearest a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnPath {
    pub point: Vec2,
    /// The spine's unit direction there (zero on a path of one point).
    pub tangent: Vec2,
    pub distance: f32,
    /// How far along the spine it is from the first point.
    pub along: f32,
}

impl<P: AsRef<[Vec2]>> Path<P> {
    fn segments(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        let points = self.points.as_ref();
        let n = points.len();
        // Looped, the last point joins the first (with two points that is the first
        // segment again, reversed: never nearer, so never taken).
        let count = if self.looped { n } else { n.saturating_sub(1) };
        (0..count).map(move |i| (points[i], points[(i + 1) % n]))
    }

    /// The spine's point nearest `p` (the first segment's, on a tie); `None` for a path
    /// with no points.
    pub fn nearest(&self, p: Vec2) -> Option<OnPath> {
        let mut best: Option<OnPath> = self.points.as_ref().first().map(|first| OnPath {
            point: *first,
            tangent: Vec2::ZERO,
            distance: p.distance(*first),
            along: 0.0,
        });
        let (mut first_segment, mut start) = (true, 0.0);
        for (a, b) in self.segments() {
            let point = nearest_on_segment(p, a, b);
            let distance = p.distance(point);
            if first_segment || best.is_none_or(|on| distance < on.distance) {
                best = Some(OnPath {
                    point,
                    tangent: (b - a).normalize_or_zero(),
                    distance,
                    along: start + a.distance(point),
                });
            }
            first_segment = false;
            start += a.distance(b);
        }
        best
    }

    /// The spine's length (with the closing segment, looped).
    pub fn length(&self) -> f32 {
        self.segments().map(|(a, b)| a.distance(b)).sum()
    }

    /// The spine's point `along` units from the first point: looped, round and round
    /// (either way); open, held at its ends. `None` for a path with no points.
    pub fn point_along(&self, along: f32) -> Option<Vec2> {
        let first = *self.points.as_ref().first()?;
        let length = self.length();
        let mut left = if self.looped && length > 0.0 {
            along.rem_euclid(length)
        } else {
            along
        };
        let mut last = first;
        for (a, b) in self.segments() {
            let segment = a.distance(b);
            if left <= segment {
                return Some(if segment > 0.0 {
                    a.lerp(b, left.max(0.0) / segment)
                } else {
                    a
                });
            }
            left -= segment;
            last = b;
        }
        Some(last)
    }
}

/// Reynolds' path following: where the vehicle will be in `prediction` seconds, projected
/// onto the spine; outside the radius it seeks that projection moved `ahead` units along
/// the spine (0: the projection itself, as in the paper), inside it is left alone.
/// Returns the force and the point sought, if any.
pub fn path_following(
    v: &Vehicle,
    path: &Path<impl AsRef<[Vec2]>>,
    prediction: f32,
    ahead: f32,
) -> (Vec2, Option<Vec2>) {
    let future = v.pos + v.vel * prediction;
    match path.nearest(future) {
        Some(on) if on.distance > path.radius => {
            let target = on.point + on.tangent * ahead;
            (seek(v, target), Some(target))
        }
        _ => (Vec2::ZERO, None),
    }
}

/// What [`follow_path`] asks for: the force, the point sought (if any) and where the
/// vehicle will be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Following {
    pub force: Vec2,
    pub sought: Option<Vec2>,
    pub future: Vec2,
}

/// Path following along the path, as OpenSteer's `steerToFollowPath`: where the vehicle
/// will be in `prediction` seconds; if that is inside the radius and further along the
/// spine than where it is now (round a looped path, the shorter way), nothing; otherwise
/// seek the spine's point `max(ahead, speed * prediction)` units further along than
/// where it is now. Unlike [`path_following`], a vehicle at rest on the path sets off
/// along it.
pub fn follow_path(
    v: &Vehicle,
    path: &Path<impl AsRef<[Vec2]>>,
    prediction: f32,
    ahead: f32,
) -> Following {
    let future = v.pos + v.vel * prediction;
    let (Some(now), Some(then)) = (path.nearest(v.pos), path.nearest(future)) else {
        return Following {
            force: Vec2::ZERO,
            sought: None,
            future,
        };
    };
    let mut gone = then.along - now.along;
    let length = path.length();
    if path.looped && length > 0.0 {
        // The shorter way round: within half the loop either way.
        gone = (gone + length * 0.5).rem_euclid(length) - length * 0.5;
    }
    if then.distance <= path.radius && gone > 0.0 {
        return Following {
            force: Vec2::ZERO,
            sought: None,
            future,
        };
    }
    let lead = ahead.max(v.speed() * prediction);
    let target = path.point_along(now.along + lead).unwrap_or(now.point);
    Following {
        force: seek(v, target),
        sought: Some(target),
        future,
    }
}

/// A grid of directions over a rectangle from `origin`, `cell` units a cell, row by row
/// (the first row at the smallest y).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlowField {
    pub origin: Vec2,
    pub cell: f32,
    pub cols: usize,
    pub rows: usize,
    pub directions: Vec<Vec2>,
}

impl FlowField {
    /// The direction of the cell under `p` (the nearest edge cell outside the grid;
    /// zero for an empty field).
    pub fn at(&self, p: Vec2) -> Vec2 {
        if self.cols == 0 || self.rows == 0 || self.cell <= 0.0 {
            return Vec2::ZERO;
        }
        let local = (p - self.origin) / self.cell;
        let col = (local.x.floor().max(0.0) as usize).min(self.cols - 1);
        let row = (local.y.floor().max(0.0) as usize).min(self.rows - 1);
        (self.directions.get(row * self.cols + col)).map_or(Vec2::ZERO, |d| *d)
    }
}

/// Full speed along the field where the vehicle will be in `prediction` seconds.
pub fn flow_field_following(v: &Vehicle, field: &FlowField, prediction: f32) -> Vec2 {
    let direction = field.at(v.pos + v.vel * prediction).normalize_or_zero();
    direction * v.max_speed - v.vel
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l_path() -> Path {
        Path {
            points: vec![Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(100.0, 100.0)],
            radius: 5.0,
            looped: false,
        }
    }

    #[test]
    fn the_nearest_point_of_the_spine_and_its_direction() {
        let p = l_path();
        let on = p.nearest(Vec2::new(50.0, 8.0)).unwrap();
        assert_eq!(
            (on.point, on.tangent, on.distance),
            (Vec2::new(50.0, 0.0), Vec2::X, 8.0)
        );
        let on = p.nearest(Vec2::new(103.0, 60.0)).unwrap();
        assert!((on.point - Vec2::new(100.0, 60.0)).length() < 1e-4);
        assert_eq!((on.tangent, on.distance), (Vec2::Y, 3.0));
        // Looped, the closing segment from (100, 100) to the origin counts.
        let looped = Path {
            looped: true,
            ..p.clone()
        };
        let on = looped.nearest(Vec2::new(40.0, 50.0)).unwrap();
        assert!(
            (on.point - Vec2::new(45.0, 45.0)).length() < 1e-4,
            "{}",
            on.point
        );
        assert!(p.nearest(Vec2::new(40.0, 50.0)).unwrap().distance > 40.0);
        // Equally near two segments (at (105, -5), both nearest at the corner): the
        // first segment's direction.
        let on = p.nearest(Vec2::new(105.0, -5.0)).unwrap();
        assert_eq!((on.point, on.tangent), (Vec2::new(100.0, 0.0), Vec2::X));
        // Two points looped: the one segment, its direction as given.
        let two = Path {
            points: vec![Vec2::ZERO, Vec2::new(10.0, 0.0)],
            radius: 1.0,
            looped: true,
        };
        let on = two.nearest(Vec2::new(5.0, 3.0)).unwrap();
        assert_eq!(
            (on.point, on.tangent, on.distance),
            (Vec2::new(5.0, 0.0), Vec2::X, 3.0)
        );
        // One point, no points.
        let dot = Path {
            points: vec![Vec2::ONE],
            radius: 1.0,
            looped: false,
        };
        assert_eq!(dot.nearest(Vec2::new(4.0, 5.0)).unwrap().distance, 5.0);
        let empty = Path {
            points: vec![],
            radius: 1.0,
            looped: false,
        };
        assert_eq!(empty.nearest(Vec2::ONE), None);
    }

    #[test]
    fn the_spine_is_measured_along_from_its_first_point_and_walked_either_way() {
        let p = l_path();
        assert_eq!(p.length(), 200.0);
        assert_eq!(p.nearest(Vec2::new(50.0, 8.0)).unwrap().along, 50.0);
        assert!((p.nearest(Vec2::new(103.0, 60.0)).unwrap().along - 160.0).abs() < 1e-4);
        assert!((p.point_along(160.0).unwrap() - Vec2::new(100.0, 60.0)).length() < 1e-4);
        // Open, it is held at its ends.
        assert_eq!(p.point_along(-10.0), Some(Vec2::ZERO));
        assert_eq!(p.point_along(250.0), Some(Vec2::new(100.0, 100.0)));
        // Looped (100 + 100 + 141.42 round): 10 before the first point is on the
        // closing side, 10 / sqrt 2 from the origin along each axis.
        let looped = Path {
            looped: true,
            ..p.clone()
        };
        assert!((looped.length() - 341.421).abs() < 1e-3);
        let back = looped.point_along(-10.0).unwrap();
        assert!((back - Vec2::splat(7.0711)).length() < 1e-3, "{back}");
        assert!(
            (looped.point_along(341.421 + 50.0).unwrap() - Vec2::new(50.0, 0.0)).length() < 1e-2
        );
        // On the closing side, along counts the two sides before it.
        let on = looped.nearest(Vec2::new(40.0, 50.0)).unwrap();
        assert!(
            (on.along - (200.0 + 55.0 * 2f32.sqrt())).abs() < 1e-3,
            "{}",
            on.along
        );
        // A segment of no length is passed over; no points, no point.
        let stutter = Path {
            points: vec![Vec2::ZERO, Vec2::ZERO, Vec2::new(10.0, 0.0)],
            radius: 1.0,
            looped: false,
        };
        assert_eq!(stutter.point_along(5.0), Some(Vec2::new(5.0, 0.0)));
        assert_eq!(stutter.point_along(0.0), Some(Vec2::ZERO));
        let empty = Path {
            points: Vec::<Vec2>::new(),
            radius: 1.0,
            looped: true,
        };
        assert_eq!(empty.point_along(3.0), None);
        let v = Vehicle::new(Vec2::ONE, Vec2::ZERO, 10.0, 10.0, 1.0);
        let f = follow_path(&v, &empty, 1.0, 5.0);
        assert_eq!((f.force, f.sought, f.future), (Vec2::ZERO, None, Vec2::ONE));
    }

    #[test]
    fn path_following_steers_back_only_when_the_future_is_outside_the_radius() {
        // At (50, 4) going (10, 5), top speed 10: in 1 s it will be at (60, 9), 9 from
        // the spine (radius 5): seek (60, 0) moved 20 along: (80, 0). From (50, 4) that
        // is (30, -4) / 30.265 * 10 - (10, 5).
        let v = Vehicle::new(Vec2::new(50.0, 4.0), Vec2::new(10.0, 5.0), 10.0, 10.0, 1.0);
        let (force, target) = path_following(&v, &l_path(), 1.0, 20.0);
        assert_eq!(target, Some(Vec2::new(80.0, 0.0)));
        let expected = Vec2::new(30.0, -4.0).normalize() * 10.0 - Vec2::new(10.0, 5.0);
        assert!((force - expected).length() < 1e-4, "{force}");
        // Half a second ahead: at (55, 6.5), 6.5 out: seek (55, 0) moved 20 along.
        let (_, target) = path_following(&v, &l_path(), 0.5, 20.0);
        assert_eq!(target, Some(Vec2::new(75.0, 0.0)));
        // Ahead exactly on the radius (at (60, 5) in 1 s): left alone.
        let edge = Vehicle::new(Vec2::new(50.0, 0.0), Vec2::new(10.0, 5.0), 10.0, 20.0, 1.0);
        assert_eq!(
            path_following(&edge, &l_path(), 1.0, 20.0),
            (Vec2::ZERO, None)
        );
        // Going along inside the radius: nothing.
        let along = Vehicle::new(Vec2::new(50.0, 4.0), Vec2::new(10.0, 0.0), 10.0, 10.0, 1.0);
        assert_eq!(
            path_following(&along, &l_path(), 1.0, 20.0),
            (Vec2::ZERO, None)
        );
    }

    #[test]
    fn a_flow_field_gives_its_cells_direction_at_full_speed() {
        // Two cells of 10: the left one points +y, the right one -x.
        let field = FlowField {
            origin: Vec2::ZERO,
            cell: 10.0,
            cols: 2,
            rows: 1,
            directions: vec![Vec2::new(0.0, 2.0), Vec2::new(-1.0, 0.0)],
        };
        assert_eq!(field.at(Vec2::new(15.0, 5.0)), Vec2::new(-1.0, 0.0));
        assert_eq!(field.at(Vec2::new(-50.0, 99.0)), Vec2::new(0.0, 2.0));
        assert_eq!(field.at(Vec2::new(99.0, -99.0)), Vec2::new(-1.0, 0.0));
        // At (5, 5) going (10, 0), in 1 s at (15, 5): the right cell's -x at speed 10.
        let v = Vehicle::new(Vec2::new(5.0, 5.0), Vec2::new(10.0, 0.0), 10.0, 10.0, 1.0);
        assert_eq!(flow_field_following(&v, &field, 1.0), Vec2::new(-20.0, 0.0));
        // Now: the left cell's +y (normalised).
        assert_eq!(
            flow_field_following(&v, &field, 0.0),
            Vec2::new(-10.0, 10.0)
        );
        let empty = FlowField {
            cols: 0,
            ..field.clone()
        };
        assert_eq!(empty.at(Vec2::ZERO), Vec2::ZERO);
        let no_rows = FlowField {
            rows: 0,
            ..field.clone()
        };
        assert_eq!(no_rows.at(Vec2::ZERO), Vec2::ZERO);
        let no_size = FlowField { cell: 0.0, ..field };
        assert_eq!(no_size.at(Vec2::ZERO), Vec2::ZERO);
    }

    #[test]
    fn a_flow_fields_cells_go_row_by_row_from_its_origin() {
        // From (100, 100), cells of 10, two by two: the first row (y 100 to 110) +x, +y;
        // the second -x, -y.
        let field = FlowField {
            origin: Vec2::splat(100.0),
            cell: 10.0,
            cols: 2,
            rows: 2,
            directions: vec![Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y],
        };
        let at = |x: f32, y: f32| field.at(Vec2::new(x, y));
        assert_eq!(at(105.0, 105.0), Vec2::X);
        assert_eq!(at(115.0, 105.0), Vec2::Y);
        assert_eq!(at(105.0, 115.0), -Vec2::X);
        assert_eq!(at(115.0, 115.0), -Vec2::Y);
        // At (115, 105) going (0, 10), in 1 s at (115, 115): -y at full speed 20.
        let v = Vehicle::new(
            Vec2::new(115.0, 105.0),
            Vec2::new(0.0, 10.0),
            10.0,
            20.0,
            1.0,
        );
        assert_eq!(flow_field_following(&v, &field, 1.0), Vec2::new(0.0, -30.0));
    }
}
