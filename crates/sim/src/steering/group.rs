//! Behaviours of a group, from the neighbours a vehicle sees (the caller picks them,
//! through [`super::grid::Grid`]): separation, alignment and cohesion (boids), leader
//! following and queueing.

use super::seek::{arrive, seek};
use super::{Mover, Vehicle};
use glam::Vec2;

/// Away from each neighbour, falling off with distance: a neighbour touching it (the
/// two radii apart) pushes at the top speed, one twice as far at half of it.
pub fn separation(v: &Vehicle, neighbours: &[Mover]) -> Vec2 {
    let mut force = Vec2::ZERO;
    for n in neighbours {
        let away = v.pos - n.pos;
        let squared = away.length_squared();
        if squared > 0.0 {
            force += away * ((v.radius + n.radius) / squared);
        }
    }
    force * v.max_speed
}

/// Towards the neighbours' average heading at full speed (those at rest have none; with
/// no heading among them, nothing).
pub fn alignment(v: &Vehicle, neighbours: &[Mover]) -> Vec2 {
    let heading: Vec2 = neighbours.iter().map(|n| n.vel.normalize_or_zero()).sum();
    match heading.try_normalize() {
        Some(unit) => unit * v.max_speed - v.vel,
        None => Vec2::ZERO,
    }
}

/// Seeks the neighbours' centre (nothing with no neighbours).
pub fn cohesion(v: &Vehicle, neighbours: &[Mover]) -> Vec2 {
    if neighbours.is_empty() {
        return Vec2::ZERO;
    }
    let center = neighbours.iter().map(|n| n.pos).sum::<Vec2>() / neighbours.len() as f32;
    seek(v, center)
}

/// Reynolds' leader following: arrive at the point `behind` units behind the leader, and,
/// when in the leader's way (ahead of it within `sight`, less than half that to its
/// side), also steer sideways off its path at full speed (to the leader's left when dead
/// on it).
pub fn leader_following(
    v: &Vehicle,
    leader: &Vehicle,
    behind: f32,
    sight: f32,
    slowing: f32,
) -> Vec2 {
    let point = leader.pos - leader.forward * behind;
    let mut force = arrive(v, point, slowing);
    let local = leader.local(v.pos);
    if local.x > 0.0 && local.x < sight && local.y.abs() < sight * 0.5 {
        let off = if local.y >= 0.0 { 1.0 } else { -1.0 };
        force += leader.side() * (off * v.max_speed);
    }
    force
}

/// Queueing: brakes (`braking` times the velocity, per second) while a neighbour is
/// ahead within `distance` and in its lane (nearer to its line than the two radii).
pub fn queueing(v: &Vehicle, neighbours: &[Mover], distance: f32, braking: f32) -> Vec2 {
    let blocked = neighbours.iter().any(|n| {
        let local = v.local(n.pos);
        local.x > 0.0 && local.x < distance && local.y.abs() < v.radius + n.radius
    });
    if blocked {
        -v.vel * braking
    } else {
        Vec2::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f32, y: f32, vel: Vec2) -> Mover {
        Mover {
            pos: Vec2::new(x, y),
            vel,
            radius: 1.0,
        }
    }

    fn boid() -> Vehicle {
        Vehicle::new(Vec2::ZERO, Vec2::new(2.0, 0.0), 10.0, 10.0, 1.0)
    }

    #[test]
    fn separation_pushes_away_inversely_with_distance() {
        // A neighbour 2 to the right (touching: radii 1 + 1) pushes -x at the top
        // speed 10; one 4 above pushes -y at half that.
        let n = [at(2.0, 0.0, Vec2::ZERO), at(0.0, 4.0, Vec2::ZERO)];
        assert_eq!(separation(&boid(), &n), Vec2::new(-10.0, -5.0));
        // One on top of it: no direction, no push.
        assert_eq!(separation(&boid(), &[at(0.0, 0.0, Vec2::ZERO)]), Vec2::ZERO);
    }

    #[test]
    fn alignment_turns_towards_the_average_heading() {
        // Headings +y and +x (speeds do not count): average (1, 1)/sqrt 2, at speed 10,
        // less the velocity (2, 0).
        let n = [
            at(5.0, 0.0, Vec2::new(0.0, 3.0)),
            at(0.0, 5.0, Vec2::new(7.0, 0.0)),
        ];
        let expected = Vec2::new(1.0, 1.0).normalize() * 10.0 - Vec2::new(2.0, 0.0);
        assert!((alignment(&boid(), &n) - expected).length() < 1e-5);
        // Opposite headings cancel; still ones have none.
        let cancel = [
            at(5.0, 0.0, Vec2::X),
            at(0.0, 5.0, -Vec2::X),
            at(1.0, 1.0, Vec2::ZERO),
        ];
        assert_eq!(alignment(&boid(), &cancel), Vec2::ZERO);
    }

    #[test]
    fn cohesion_seeks_the_neighbours_centre() {
        // Centre of (10, 0) and (10, 20): (10, 10), direction (1, 1)/sqrt 2.
        let n = [at(10.0, 0.0, Vec2::ZERO), at(10.0, 20.0, Vec2::ZERO)];
        let expected = Vec2::new(1.0, 1.0).normalize() * 10.0 - Vec2::new(2.0, 0.0);
        assert!((cohesion(&boid(), &n) - expected).length() < 1e-5);
        assert_eq!(cohesion(&boid(), &[]), Vec2::ZERO);
    }

    #[test]
    fn a_follower_arrives_behind_the_leader_and_evades_it_when_in_its_way() {
        // Leader at the origin going +x at 5. Behind it by 10: (-10, 0).
        let leader = Vehicle::new(Vec2::ZERO, Vec2::new(5.0, 0.0), 10.0, 10.0, 1.0);
        // A follower at (-30, 0) at rest: 20 from the point, inside a slowing radius
        // of 40: speed 10 * 20 / 40 = 5 along +x.
        let behind = Vehicle::new(Vec2::new(-30.0, 0.0), Vec2::ZERO, 10.0, 10.0, 1.0);
        assert_eq!(
            leader_following(&behind, &leader, 10.0, 30.0, 40.0),
            Vec2::new(5.0, 0.0)
        );
        // One at (20, 0), in the leader's way: arrive back at (-10, 0) (30 away, 10 * 30
        // / 40 = 7.5 along -x) plus off its path, dead on it: to its left (+y) at 10.
        let ahead = Vehicle::new(Vec2::new(20.0, 0.0), Vec2::ZERO, 10.0, 10.0, 1.0);
        assert_eq!(
            leader_following(&ahead, &leader, 10.0, 30.0, 40.0),
            Vec2::new(-7.5, 10.0)
        );
        // A little to its right: off to the right (-y).
        let right = Vehicle::new(Vec2::new(20.0, -1.0), Vec2::ZERO, 10.0, 10.0, 1.0);
        assert!(leader_following(&right, &leader, 10.0, 30.0, 40.0).y < -9.0);
        // Ahead but well off to the side: no evasion.
        let side = Vehicle::new(Vec2::new(20.0, 20.0), Vec2::ZERO, 10.0, 10.0, 1.0);
        let f = leader_following(&side, &leader, 10.0, 30.0, 100.0);
        let expected = arrive(&side, Vec2::new(-10.0, 0.0), 100.0);
        assert_eq!(f, expected);
    }

    #[test]
    fn queueing_brakes_only_behind_someone_in_its_lane() {
        let v = boid();
        let in_lane = [at(5.0, 1.5, Vec2::ZERO)];
        assert_eq!(queueing(&v, &in_lane, 10.0, 3.0), Vec2::new(-6.0, 0.0));
        let beside = [at(5.0, 2.5, Vec2::ZERO)];
        let behind = [at(-5.0, 0.0, Vec2::ZERO)];
        let far = [at(15.0, 0.0, Vec2::ZERO)];
        for n in [beside, behind, far] {
            assert_eq!(queueing(&v, &n, 10.0, 3.0), Vec2::ZERO);
        }
    }
}
