//! Seek, flee and arrive: the desired velocity (at full speed towards, away from, or
//! slowing into a point) less the current velocity.

use super::Vehicle;
use glam::Vec2;

/// Towards `target` at full speed.
pub fn seek(v: &Vehicle, target: Vec2) -> Vec2 {
    (target - v.pos).normalize_or_zero() * v.max_speed - v.vel
}

/// Away from `target` at full speed.
pub fn flee(v: &Vehicle, target: Vec2) -> Vec2 {
    (v.pos - target).normalize_or_zero() * v.max_speed - v.vel
}

/// Towards `target`, slowing inside `slowing` (the slowing radius): the desired speed is
/// `max_speed * distance / slowing`, at most `max_speed`, so it comes to rest on the
/// target. A slowing radius of 0 or less is seek's.
pub fn arrive(v: &Vehicle, target: Vec2, slowing: f32) -> Vec2 {
    let offset = target - v.pos;
    let distance = offset.length();
    if distance <= 0.0 {
        return -v.vel;
    }
    let speed = if slowing > 0.0 {
        (v.max_speed * distance / slowing).min(v.max_speed)
    } else {
        v.max_speed
    };
    offset * (speed / distance) - v.vel
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(pos: Vec2, vel: Vec2) -> Vehicle {
        Vehicle::new(pos, vel, 50.0, 10.0, 1.0)
    }

    #[test]
    fn seek_and_flee_ask_for_full_speed_towards_and_away() {
        // At the origin moving (0, 2), target at (30, 40): the unit vector to it is
        // (0.6, 0.8), at max speed 10 that is (6, 8); less the velocity, (6, 6).
        let v = at(Vec2::ZERO, Vec2::new(0.0, 2.0));
        let close = |a: Vec2, b: Vec2| (a - b).length() < 1e-5;
        assert!(close(seek(&v, Vec2::new(30.0, 40.0)), Vec2::new(6.0, 6.0)));
        assert!(close(
            flee(&v, Vec2::new(30.0, 40.0)),
            Vec2::new(-6.0, -10.0)
        ));
        // On the target: no direction, so only the velocity is cancelled.
        assert_eq!(seek(&v, Vec2::ZERO), Vec2::new(0.0, -2.0));
        assert_eq!(flee(&v, Vec2::ZERO), Vec2::new(0.0, -2.0));
    }

    #[test]
    fn arrive_slows_in_proportion_inside_its_radius() {
        let v = at(Vec2::ZERO, Vec2::ZERO);
        // Outside the radius (100 away, radius 50): full speed, as seek.
        assert_eq!(
            arrive(&v, Vec2::new(100.0, 0.0), 50.0),
            Vec2::new(10.0, 0.0)
        );
        // 20 away inside a radius of 50: 10 * 20 / 50 = 4.
        assert_eq!(arrive(&v, Vec2::new(0.0, 20.0), 50.0), Vec2::new(0.0, 4.0));
        // On it while moving: brake to rest.
        let moving = at(Vec2::ZERO, Vec2::new(3.0, -1.0));
        assert_eq!(arrive(&moving, Vec2::ZERO, 50.0), Vec2::new(-3.0, 1.0));
        // No slowing radius: seek.
        assert_eq!(arrive(&v, Vec2::new(0.0, 20.0), 0.0), Vec2::new(0.0, 10.0));
    }

    #[test]
    fn a_vehicle_arriving_stops_inside_its_radius() {
        // Flown by the vehicle model: it comes to rest within a unit of the target and
        // never passes it by more than a unit.
        let mut v = Vehicle::new(Vec2::ZERO, Vec2::ZERO, 40.0, 20.0, 1.0);
        let target = Vec2::new(200.0, 0.0);
        let mut furthest = 0.0f32;
        for _ in 0..1200 {
            let force = arrive(&v, target, 60.0);
            v.step(force, 1.0 / 60.0);
            furthest = furthest.max(v.pos.x);
        }
        assert!((v.pos - target).length() < 1.0, "{}", v.pos);
        assert!(v.speed() < 0.1, "{}", v.speed());
        assert!(furthest < 201.0, "{furthest}");
    }
}
