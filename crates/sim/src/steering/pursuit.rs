//! Pursuit, evasion, offset pursuit and interpose: seek, flee or arrive at where the
//! others will be. The prediction interval is the time to cover the distance at the sum
//! of the two speeds (Buckland's and Yuka's choice; Reynolds leaves it as `T = D c`),
//! times a factor.

use super::seek::{arrive, flee, seek};
use super::{Mover, Vehicle};
use glam::Vec2;

/// Seconds ahead to predict `other` from `v`: the distance over the sum of `v`'s top
/// speed and `other`'s speed, times `factor` (0 when neither moves).
pub fn look_ahead(v: &Vehicle, other: &Mover, factor: f32) -> f32 {
    let closing = v.max_speed + other.vel.length();
    if closing > 0.0 {
        (other.pos - v.pos).length() / closing * factor
    } else {
        0.0
    }
}

/// Where `other` will be in `seconds`, if it keeps its velocity.
pub fn predicted(other: &Mover, seconds: f32) -> Vec2 {
    other.pos + other.vel * seconds
}

/// Seek where `quarry` will be.
pub fn pursuit(v: &Vehicle, quarry: &Mover, factor: f32) -> Vec2 {
    seek(v, predicted(quarry, look_ahead(v, quarry, factor)))
}

/// Flee where `threat` will be.
pub fn evasion(v: &Vehicle, threat: &Mover, factor: f32) -> Vec2 {
    flee(v, predicted(threat, look_ahead(v, threat, factor)))
}

/// Where offset pursuit steers `v` to: the point held in `leader`'s frame (`offset`: x
/// ahead, y to its left), where it will be.
pub fn offset_point(v: &Vehicle, leader: &Vehicle, offset: Vec2) -> Vec2 {
    let point = Mover {
        pos: leader.world(offset),
        vel: leader.vel,
        radius: 0.0,
    };
    predicted(&point, look_ahead(v, &point, 1.0))
}

/// Arrive at the point held in `leader`'s frame ([`offset_point`]); `slowing` is
/// arrive's radius.
pub fn offset_pursuit(v: &Vehicle, leader: &Vehicle, offset: Vec2, slowing: f32) -> Vec2 {
    arrive(v, offset_point(v, leader, offset), slowing)
}

/// Where `v` interposes between `a` and `b`: the midpoint of where they will be when
/// `v`, at full speed, could reach their midpoint now.
pub fn between(v: &Vehicle, a: &Mover, b: &Mover) -> Vec2 {
    let mid = (a.pos + b.pos) * 0.5;
    let seconds = if v.max_speed > 0.0 {
        (mid - v.pos).length() / v.max_speed
    } else {
        0.0
    };
    (predicted(a, seconds) + predicted(b, seconds)) * 0.5
}

/// Arrive between `a` and `b` ([`between`]).
pub fn interpose(v: &Vehicle, a: &Mover, b: &Mover, slowing: f32) -> Vec2 {
    arrive(v, between(v, a, b), slowing)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mover(pos: Vec2, vel: Vec2) -> Mover {
        Mover {
            pos,
            vel,
            radius: 1.0,
        }
    }

    #[test]
    fn pursuit_leads_the_quarry_by_the_time_to_close() {
        // Pursuer at rest at the origin, top speed 10; quarry at (100, 0) moving (0, 10):
        // T = 100 / (10 + 10) = 5 s, so it will be at (100, 50); the unit vector there
        // is (2, 1)/sqrt(5), at speed 10: (8.944, 4.472).
        let v = Vehicle::new(Vec2::ZERO, Vec2::ZERO, 50.0, 10.0, 1.0);
        let q = mover(Vec2::new(100.0, 0.0), Vec2::new(0.0, 10.0));
        assert_eq!(look_ahead(&v, &q, 1.0), 5.0);
        assert_eq!(look_ahead(&v, &q, 0.5), 2.5);
        let f = pursuit(&v, &q, 1.0);
        assert!((f - Vec2::new(8.944_272, 4.472_136)).length() < 1e-4, "{f}");
        let e = evasion(&v, &q, 1.0);
        assert!((e + Vec2::new(8.944_272, 4.472_136)).length() < 1e-4, "{e}");
        // A factor of 0 is plain seek at where it is now.
        assert_eq!(pursuit(&v, &q, 0.0), Vec2::new(10.0, 0.0));
    }

    #[test]
    fn nothing_moving_and_no_speed_predicts_no_time_ahead() {
        let v = Vehicle::new(Vec2::ZERO, Vec2::ZERO, 50.0, 0.0, 1.0);
        let q = mover(Vec2::new(100.0, 0.0), Vec2::ZERO);
        assert_eq!(look_ahead(&v, &q, 1.0), 0.0);
    }

    #[test]
    fn offset_pursuit_arrives_at_the_point_held_beside_the_leader() {
        // Leader at (0, 0) facing +x at rest; the point 10 to its left is (0, 10). The
        // follower at (0, 30) with top speed 5 and slowing radius 40: 20 away, desired
        // speed 5 * 20 / 40 = 2.5 towards -y.
        let leader = Vehicle::new(Vec2::ZERO, Vec2::ZERO, 50.0, 10.0, 1.0);
        let follower = Vehicle::new(Vec2::new(0.0, 30.0), Vec2::ZERO, 50.0, 5.0, 1.0);
        let f = offset_pursuit(&follower, &leader, Vec2::new(0.0, 10.0), 40.0);
        assert_eq!(f, Vec2::new(0.0, -2.5));
    }

    #[test]
    fn interpose_goes_to_the_midpoint_of_where_both_will_be() {
        // a at (0, 0) and b at (100, 0), both moving (0, 10); the interposer at (50, -50)
        // with top speed 10 reaches their midpoint (50, 0) in 5 s, by when they are at
        // y = 50: it heads for (50, 50), 100 away (outside a slowing radius of 20): (0, 10).
        let a = mover(Vec2::ZERO, Vec2::new(0.0, 10.0));
        let b = mover(Vec2::new(100.0, 0.0), Vec2::new(0.0, 10.0));
        let v = Vehicle::new(Vec2::new(50.0, -50.0), Vec2::ZERO, 50.0, 10.0, 1.0);
        assert_eq!(interpose(&v, &a, &b, 20.0), Vec2::new(0.0, 10.0));
        // Without speed it cannot predict: the midpoint now, (50, 0), 50 away, desired 0.
        let stuck = Vehicle::new(Vec2::new(50.0, -50.0), Vec2::ZERO, 50.0, 0.0, 1.0);
        assert_eq!(interpose(&stuck, &a, &b, 20.0), Vec2::ZERO);
    }
}
