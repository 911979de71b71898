//! A missile that goes round terrain before its terminal law takes over
//! (`missile.avoid`): while it is further than `until` from what it chases, it flies as
//! Reynolds' vehicle at its law's speed instead of its law's move (its law is still
//! asked every tick, so its state follows the flight and it takes over where the
//! missile is): steering by a priority blend of staying clear of the terrain first
//! (obstacle avoidance's detection box ahead, `look_ahead` seconds of its speed long,
//! against each terrain shape's bounding circle, and wall avoidance's three feelers as
//! long, against their surfaces) and otherwise seeking what it chases, at most
//! `max_accel`, keeping the law's speed (the law decides how fast, the avoidance where).
//! Within `until`, or in a world without terrain, the law's move is flown as it is.

use crate::core::field::{described, number};
use crate::core::{direction, Body, DebugShape, Role, Shape};
use crate::sim::limits::MAX_COORD;
use crate::steering::avoid::{feelers, obstacle_avoidance, wall_avoidance};
use crate::steering::seek::seek;
use crate::steering::{truncate, Obstacle, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_until: f32 = 150.0);
crate::core::field_default!(default_look_ahead: f32 = 0.5);
crate::core::field_default!(default_max_accel: f32 = 3000.0);

/// How a missile goes round terrain, as a scenario gives it (`missile.avoid`).
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AvoidSpec {
    #[serde(
        default = "default_until::value",
        skip_serializing_if = "default_until::is"
    )]
    pub until: f32,
    #[serde(
        default = "default_look_ahead::value",
        skip_serializing_if = "default_look_ahead::is"
    )]
    pub look_ahead: f32,
    #[serde(
        default = "default_max_accel::value",
        skip_serializing_if = "default_max_accel::is"
    )]
    pub max_accel: f32,
}

described!(AvoidSpec {
    until: number(0.0, MAX_COORD)
        .label("avoid until within")
        .unit("units")
        .help("Nearer than this to what it chases, its law alone steers (the terminal phase)."),
    look_ahead: number(0.0, 60.0)
        .label("looks ahead")
        .unit("s")
        .help("Its detection box and straight feeler reach this many seconds of its speed ahead (the side feelers half that, at 45 degrees)."),
    max_accel: number(0.0, 1.0e6)
        .label("max avoid accel")
        .unit("units/s^2")
        .help("Largest turn it asks for: away from terrain it senses, or towards what it chases."),
});

impl Default for AvoidSpec {
    fn default() -> Self {
        Self {
            until: default_until::value(),
            look_ahead: default_look_ahead::value(),
            max_accel: default_max_accel::value(),
        }
    }
}

impl AvoidSpec {
    /// The vehicle it flies as: where it was, going its old way (the law's new way when
    /// it was at rest) at the law's new speed.
    fn vehicle(&self, before: &Body, moved: &Body, radius: f32) -> Vehicle {
        let speed = moved.vel.length();
        let way = before
            .vel
            .try_normalize()
            .unwrap_or(moved.vel.normalize_or_zero());
        Vehicle::new(before.pos, way * speed, self.max_accel, speed, radius)
    }

    /// Replaces the law's move `moved` (from `before`, over `dt` seconds) by the vehicle's
    /// step round the `terrain` towards `chased`, keeping the law's speed; whether it
    /// did (not within `until` of `chased`, with terrain, and moving). `radius` is the
    /// missile's.
    pub fn steer_round(
        &self,
        before: &Body,
        moved: &mut Body,
        terrain: &[Obstacle],
        (chased, radius): (Vec2, f32),
        dt: f32,
    ) -> bool {
        let speed = moved.vel.length();
        if before.pos.distance(chased) <= self.until || terrain.is_empty() || speed == 0.0 {
            return false;
        }
        let v = self.vehicle(before, moved, radius);
        let reach = speed * self.look_ahead;
        // The box is `length` at rest and twice that at full speed, which it flies at.
        let boxed = obstacle_avoidance(&v, terrain, reach * 0.5, 0.0).0;
        let avoid = boxed + wall_avoidance(&v, terrain, reach);
        let pursue = (seek(&v, chased)).normalize_or_zero() * self.max_accel;
        let force = if avoid.length() > NEGLIGIBLE * self.max_accel {
            avoid
        } else {
            pursue
        };
        let turned = v.vel + truncate(force, self.max_accel) * dt;
        let Some(way) = turned.try_normalize() else {
            return false;
        };
        moved.vel = way * speed;
        moved.pos = before.pos + moved.vel * dt;
        moved.heading = direction(way);
        true
    }

    /// Its feelers from where it is now, as debug shapes.
    pub fn debug_shapes(&self, body: &Body, out: &mut Vec<DebugShape>) {
        if body.vel == Vec2::ZERO {
            return;
        }
        let vehicle = self.vehicle(body, body, 0.0);
        for tip in feelers(&vehicle, body.vel.length() * self.look_ahead) {
            out.push(DebugShape::new(Role::Feeler, Shape::Line(body.pos, tip)));
        }
    }
}

/// An avoidance push shorter than this share of `max_accel` asks nothing (the crowd's
/// priority blend's threshold).
const NEGLIGIBLE: f32 = 1e-3;

#[cfg(test)]
mod tests {
    use super::*;

    fn body(pos: (f32, f32), vel: (f32, f32)) -> Body {
        Body {
            pos: pos.into(),
            vel: vel.into(),
            heading: 0.0,
        }
    }

    /// A wall at x = 5000, out of any reach here.
    fn far_wall() -> Vec<Obstacle> {
        vec![Obstacle::Wall {
            a: Vec2::new(5000.0, -500.0),
            b: Vec2::new(5000.0, 500.0),
        }]
    }

    fn spec() -> AvoidSpec {
        AvoidSpec {
            until: 150.0,
            look_ahead: 0.6,
            max_accel: 1000.0,
        }
    }

    #[test]
    fn in_the_open_it_seeks_what_it_chases_at_the_laws_speed_instead_of_the_laws_move() {
        // Going (100, 0) at (0, 0); the law would go (0, 150). What it chases is dead
        // ahead at (1000, 0): the vehicle, going its old way at the law's speed 150,
        // already heads there, so it flies (150, 0) for the tick of 0.1 s.
        let before = body((0.0, 0.0), (100.0, 0.0));
        let mut moved = body((0.0, 15.0), (0.0, 150.0));
        let ahead = (Vec2::new(1000.0, 0.0), 2.0);
        assert!(spec().steer_round(&before, &mut moved, &far_wall(), ahead, 0.1));
        assert_eq!(moved.vel, Vec2::new(150.0, 0.0));
        assert_eq!(moved.pos, Vec2::new(15.0, 0.0));
        assert_eq!(moved.heading, 0.0);
        // Chasing something straight up instead, at the law's speed 100: seek asks for
        // (0, 100) - (100, 0); at full authority, 1000 along (-1, 1) / sqrt 2, for 0.1 s:
        // (100 - 70.71, 70.71), then set back to speed 100.
        let mut moved = body((10.0, 0.0), (100.0, 0.0));
        let up = (Vec2::new(0.0, 1000.0), 2.0);
        assert!(spec().steer_round(&before, &mut moved, &far_wall(), up, 0.1));
        let way = Vec2::new(100.0 - 70.710_68, 70.710_68).normalize();
        assert!((moved.vel - way * 100.0).length() < 1e-3, "{}", moved.vel);
        assert!((moved.pos - way * 10.0).length() < 1e-4);
        assert!((moved.heading - way.y.atan2(way.x)).abs() < 1e-5);
    }

    #[test]
    fn near_terrain_it_turns_away_first_and_near_what_it_chases_the_law_flies() {
        // A wall across its way at x = 100; going (200, 0) at (0, 0), the box and the
        // straight feeler (120 long) reach it: avoidance wins over seeking the point
        // beyond, (1000, 0). The turn is exactly the box's and the feelers' pushes,
        // truncated to 1000, for the tick; the speed is kept; dead ahead, it turns left.
        let wall = vec![Obstacle::Wall {
            a: Vec2::new(100.0, -500.0),
            b: Vec2::new(100.0, 500.0),
        }];
        let before = body((0.0, 0.0), (200.0, 0.0));
        let mut moved = body((20.0, 0.0), (200.0, 0.0));
        let chase = (Vec2::new(1000.0, 0.0), 2.0);
        assert!(spec().steer_round(&before, &mut moved, &wall, chase, 0.1));
        let v = Vehicle::new(Vec2::ZERO, Vec2::new(200.0, 0.0), 1000.0, 200.0, 2.0);
        let push = obstacle_avoidance(&v, &wall, 60.0, 0.0).0 + wall_avoidance(&v, &wall, 120.0);
        assert!(push.length() > 1.0 && push.x < 0.0, "{push}");
        let way = (Vec2::new(200.0, 0.0) + truncate(push, 1000.0) * 0.1).normalize();
        assert!((moved.vel - way * 200.0).length() < 1e-3, "{}", moved.vel);
        assert!(moved.vel.y > 0.0, "{}", moved.vel);
        // Within `until` (150) of what it chases: the law's move as it was.
        let mut near = body((20.0, 0.0), (200.0, 0.0));
        let close = (Vec2::new(150.0, 0.0), 2.0);
        assert!(!spec().steer_round(&before, &mut near, &wall, close, 0.1));
        assert_eq!(near, body((20.0, 0.0), (200.0, 0.0)));
        // With no terrain, or a law that stands still: as it was.
        assert!(!spec().steer_round(&before, &mut near, &[], chase, 0.1));
        let mut still = body((0.0, 0.0), (0.0, 0.0));
        assert!(!spec().steer_round(&before, &mut still, &wall, chase, 0.1));
        assert_eq!(still, body((0.0, 0.0), (0.0, 0.0)));
    }

    #[test]
    fn what_it_senses_reaches_its_look_ahead_and_no_further_and_a_faint_touch_is_nothing() {
        // Going (200, 0) at (0, 0), looking 0.6 s ahead: 120 units (the box, the straight
        // feeler), 60 at 45 degrees (the side feelers).
        let before = body((0.0, 0.0), (200.0, 0.0));
        let chase = (Vec2::new(1000.0, 0.0), 2.0);
        let fly = |terrain: &[Obstacle]| {
            let mut moved = body((20.0, 0.0), (200.0, 0.0));
            spec().steer_round(&before, &mut moved, terrain, chase, 0.1);
            moved.vel
        };
        let circle = |x: f32, y: f32, radius: f32| {
            vec![Obstacle::Circle {
                center: Vec2::new(x, y),
                radius,
            }]
        };
        // A rock dead ahead whose near side is 200 away: beyond the box and the feeler,
        // so it seeks on, straight at what it chases.
        assert_eq!(fly(&circle(250.0, 0.0, 50.0)), Vec2::new(200.0, 0.0));
        // A rock of radius 10 at (45, 45), off its lane: the left feeler (to (42.4, 42.4))
        // enters it 53.6 along, so a tenth of it is in: a push of about 106 away from the
        // rock, down and back, more than negligible (1 = 1000 x 0.001): it turns right.
        let turned = fly(&circle(45.0, 45.0, 10.0));
        assert!(turned.y < -1.0, "{turned}");
        // Shrunk to radius 3.65, the feeler's last 0.01 is in it: a push of 0.17, less
        // than negligible, so it seeks on.
        assert_eq!(fly(&circle(45.0, 45.0, 3.65)), Vec2::new(200.0, 0.0));
    }

    #[test]
    fn its_feelers_are_drawn_from_the_missile_along_its_velocity() {
        let spec = AvoidSpec::default();
        let mut out = Vec::new();
        spec.debug_shapes(&body((10.0, 0.0), (100.0, 0.0)), &mut out);
        // 0.5 s of 100 ahead: to (60, 0); 25 at 45 degrees each side.
        let side = 25.0 * std::f32::consts::FRAC_1_SQRT_2;
        let tips = [(60.0, 0.0), (10.0 + side, side), (10.0 + side, -side)];
        assert_eq!(out.len(), 3);
        for (shape, tip) in out.iter().zip(tips) {
            let Shape::Line(from, to) = shape.shape else {
                panic!("{shape:?}");
            };
            assert_eq!((shape.role, from), (Role::Feeler, Vec2::new(10.0, 0.0)));
            assert!((to - Vec2::from(tip)).length() < 1e-4, "{to}");
        }
        // At rest: none.
        out.clear();
        spec.debug_shapes(&body((10.0, 0.0), (0.0, 0.0)), &mut out);
        assert!(out.is_empty());
    }
}
