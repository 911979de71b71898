//! Staying out of things: obstacle avoidance (a detection box ahead, obstacles taken as
//! their bounding circles, as Reynolds takes them as spheres), wall avoidance (three
//! feelers against every surface), containment (inside a rectangle), hide (behind an
//! obstacle from a hunter) and unaligned collision avoidance (the soonest predicted
//! collision with another agent).
//!
//! The pushes are in units of the vehicle's maximum force, so they outweigh seek's at a
//! weight of 1 when it matters; a blend truncates the sum.

use super::pursuit::evasion;
use super::seek::arrive;
use super::{Mover, Obstacle, Vehicle};
use glam::Vec2;
use std::f32::consts::FRAC_1_SQRT_2;

/// Steers sideways off the nearest obstacle (the first listed of those equally near)
/// whose bounding circle (grown by the vehicle's radius) lies in the detection box
/// ahead: `length` long at rest, twice that at full speed, as wide as the vehicle. The
/// push is away from the obstacle's side (to the left when it is dead ahead), stronger
/// the nearer the obstacle and the more of the box's width it covers, with a brake of
/// `braking` times that urgency. Returns the force and the box's length (for the
/// overlay).
pub fn obstacle_avoidance<'a>(
    v: &Vehicle,
    obstacles: impl IntoIterator<Item = &'a Obstacle>,
    length: f32,
    braking: f32,
) -> (Vec2, f32) {
    let speed_share = if v.max_speed > 0.0 {
        v.speed() / v.max_speed
    } else {
        0.0
    };
    let box_length = length * (1.0 + speed_share);
    if box_length <= 0.0 {
        return (Vec2::ZERO, box_length);
    }
    // The nearest: (where the box meets it, its centre in the vehicle's frame, its radius).
    let mut nearest: Option<(f32, Vec2, f32)> = None;
    for obstacle in obstacles {
        let (center, radius) = obstacle.bounds();
        let local = v.local(center);
        let expanded = radius + v.radius;
        if local.x + expanded <= 0.0 || local.x - expanded >= box_length {
            continue;
        }
        if local.y.abs() >= expanded {
            continue;
        }
        let half_chord = (expanded * expanded - local.y * local.y).sqrt();
        let meets = (local.x - half_chord).max(0.0);
        if nearest.is_none_or(|(at, ..)| meets < at) {
            nearest = Some((meets, local, expanded));
        }
    }
    let Some((meets, local, expanded)) = nearest else {
        return (Vec2::ZERO, box_length);
    };
    let urgency = (box_length - meets) / box_length;
    let covered = (expanded - local.y.abs()) / expanded;
    let away = if local.y > 0.0 { -1.0 } else { 1.0 };
    let push = Vec2::new(
        -braking * urgency * v.max_force,
        away * (1.0 + urgency) * covered * v.max_force,
    );
    (v.turn_to_world(push), box_length)
}

/// The feelers of wall avoidance, from the vehicle: straight ahead `length` long, and
/// half that at 45 degrees to each side.
pub fn feelers(v: &Vehicle, length: f32) -> [Vec2; 3] {
    let half = length * 0.5 * FRAC_1_SQRT_2;
    [
        v.world(Vec2::new(length, 0.0)),
        v.world(Vec2::new(half, half)),
        v.world(Vec2::new(half, -half)),
    ]
}

/// Pushes off every surface a feeler ([`feelers`]) reaches: along the surface's normal,
/// by the share of the feeler beyond it, times the maximum force.
pub fn wall_avoidance<'a, I>(v: &Vehicle, obstacles: I, length: f32) -> Vec2
where
    I: IntoIterator<Item = &'a Obstacle>,
    I::IntoIter: Clone,
{
    let obstacles = obstacles.into_iter();
    let mut force = Vec2::ZERO;
    for tip in feelers(v, length) {
        let nearest = (obstacles.clone())
            .filter_map(|o| o.touch(v.pos, tip))
            .min_by(|a, b| a.at.total_cmp(&b.at));
        if let Some(contact) = nearest {
            force += contact.normal * ((1.0 - contact.at) * v.max_force);
        }
    }
    force
}

/// Stays inside the rectangle `lo`-`hi`: when the point `ahead` units in front of it
/// (less its radius from the edges) is outside, pushes back in, in proportion to how far
/// out it is (the full maximum force at `ahead` out).
pub fn containment(v: &Vehicle, lo: Vec2, hi: Vec2, ahead: f32) -> Vec2 {
    let predicted = v.pos + v.forward * ahead;
    let (inner_lo, inner_hi) = (lo + v.radius, hi - v.radius);
    let inside = predicted.clamp(inner_lo, inner_lo.max(inner_hi));
    let out = inside - predicted;
    let depth = out.length();
    if depth <= 0.0 {
        return Vec2::ZERO;
    }
    let share = if ahead > 0.0 {
        (depth / ahead).min(1.0)
    } else {
        1.0
    };
    out / depth * (share * v.max_force)
}

/// Arrives at the hiding spot nearest the vehicle: behind each obstacle from `hunter`,
/// `gap` beyond its bounding circle. With no obstacle it evades the hunter instead.
/// Returns the force and the spot chosen.
pub fn hide(
    v: &Vehicle,
    hunter: &Mover,
    obstacles: &[Obstacle],
    gap: f32,
    slowing: f32,
) -> (Vec2, Option<Vec2>) {
    let spot = (obstacles.iter())
        .map(|o| {
            let (center, radius) = o.bounds();
            center + (center - hunter.pos).normalize_or_zero() * (radius + gap)
        })
        .min_by(|a, b| {
            a.distance_squared(v.pos)
                .total_cmp(&b.distance_squared(v.pos))
        });
    match spot {
        Some(spot) => (arrive(v, spot, slowing), Some(spot)),
        None => (evasion(v, hunter, 1.0), None),
    }
}

/// A predicted collision: which of the others, and in how many seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threat {
    pub index: usize,
    pub seconds: f32,
}

/// Unaligned collision avoidance (Reynolds; OpenSteer's `steerToAvoidNeighbors`): of the
/// others whose closest approach, if both keep their velocities, comes within
/// `horizon` seconds and nearer than the two radii, the soonest; the vehicle steers
/// sideways, at its maximum force, away from where that one will be then (to its left
/// when it will be dead ahead).
pub fn unaligned_collision_avoidance(
    v: &Vehicle,
    others: &[Mover],
    horizon: f32,
) -> (Vec2, Option<Threat>) {
    let mut soonest: Option<Threat> = None;
    for (index, other) in others.iter().enumerate() {
        let (dp, dv) = (other.pos - v.pos, other.vel - v.vel);
        let squared = dv.length_squared();
        if squared <= 0.0 {
            continue;
        }
        let seconds = -dp.dot(dv) / squared;
        if seconds <= 0.0 || seconds > horizon {
            continue;
        }
        if (dp + dv * seconds).length() >= v.radius + other.radius {
            continue;
        }
        if soonest.is_none_or(|s| seconds < s.seconds) {
            soonest = Some(Threat { index, seconds });
        }
    }
    let Some(threat) = soonest else {
        return (Vec2::ZERO, None);
    };
    let other = &others[threat.index];
    let offset = (other.pos + other.vel * threat.seconds) - (v.pos + v.vel * threat.seconds);
    let away = if offset.dot(v.side()) > 0.0 {
        -1.0
    } else {
        1.0
    };
    (v.side() * (away * v.max_force), Some(threat))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn east(pos: Vec2, speed: f32) -> Vehicle {
        Vehicle::new(pos, Vec2::new(speed, 0.0), 10.0, 20.0, 1.0)
    }

    fn circle(x: f32, y: f32, radius: f32) -> Obstacle {
        Obstacle::Circle {
            center: Vec2::new(x, y),
            radius,
        }
    }

    #[test]
    fn obstacle_avoidance_pushes_away_from_the_side_the_obstacle_is_on() {
        // Facing +x at half speed: the box is 30 * 1.5 = 45 long. A circle of radius 4
        // at (20, 2): grown by the vehicle's radius to 5; it meets the box at
        // 20 - sqrt(25 - 4) = 15.417; urgency (45 - 15.417) / 45 = 0.6574; covered
        // (5 - 2) / 5 = 0.6. It is on the left (+y): push right, -(1 + 0.6574) * 0.6 * 10
        // = -9.944; brake -0.5 * 0.6574 * 10 = -3.287.
        let v = east(Vec2::ZERO, 10.0);
        let (force, length) = obstacle_avoidance(&v, &[circle(20.0, 2.0, 4.0)], 30.0, 0.5);
        assert_eq!(length, 45.0);
        assert!(
            (force - Vec2::new(-3.287_083, -9.944_5)).length() < 1e-3,
            "{force}"
        );
        // On the right: pushed left. Dead ahead: left too.
        let (right, _) = obstacle_avoidance(&v, &[circle(20.0, -2.0, 4.0)], 30.0, 0.5);
        assert!(right.y > 0.0);
        let (ahead, _) = obstacle_avoidance(&v, &[circle(20.0, 0.0, 4.0)], 30.0, 0.0);
        assert!(ahead.y > 0.0 && ahead.x == 0.0);
    }

    #[test]
    fn obstacle_avoidance_ignores_what_is_outside_its_box_and_takes_the_nearest() {
        let v = east(Vec2::ZERO, 10.0);
        let beside = circle(20.0, 6.0, 4.0); // |y| = 6 >= 5
        let behind = circle(-6.0, 0.0, 4.0); // -6 + 5 <= 0
        let beyond = circle(51.0, 0.0, 4.0); // 51 - 5 >= 45
        let (none, _) = obstacle_avoidance(&v, &[beside, behind, beyond], 30.0, 0.5);
        assert_eq!(none, Vec2::ZERO);
        // Two in the box: the nearer one (left, at 10) decides: pushed right.
        let near_left = circle(10.0, 1.0, 2.0);
        let far_right = circle(30.0, -1.0, 2.0);
        let (force, _) = obstacle_avoidance(&v, &[far_right, near_left], 30.0, 0.0);
        assert!(force.y < 0.0, "{force}");
        // Two met at the same distance, one each side: the first listed decides.
        let (l, r) = (circle(20.0, 2.0, 4.0), circle(20.0, -2.0, 4.0));
        assert!(
            obstacle_avoidance(&v, &[l.clone(), r.clone()], 30.0, 0.0)
                .0
                .y
                < 0.0
        );
        assert!(obstacle_avoidance(&v, &[r, l], 30.0, 0.0).0.y > 0.0);
        // One it is already inside of (grown by its radius), its centre just behind: it
        // meets it at once (urgency 1) and is pushed left (dead on its line).
        let (touching, _) = obstacle_avoidance(&v, &[circle(-3.0, 0.0, 4.0)], 30.0, 0.0);
        assert_eq!(touching, Vec2::new(0.0, 2.0 * 10.0));
        // One whose near side is just inside the far end of the box (48 - 5 = 43 < 45).
        let (edge, _) = obstacle_avoidance(&v, &[circle(48.0, 0.0, 4.0)], 30.0, 0.0);
        assert!(edge.y > 0.0, "{edge}");
        // No box: nothing.
        assert_eq!(
            obstacle_avoidance(&v, &[circle(1.0, 0.0, 4.0)], 0.0, 0.5).0,
            Vec2::ZERO
        );
        // A vehicle with no top speed has a box of the rest length.
        let still = Vehicle::new(Vec2::ZERO, Vec2::ZERO, 10.0, 0.0, 1.0);
        assert_eq!(obstacle_avoidance(&still, &[], 30.0, 0.5).1, 30.0);
    }

    #[test]
    fn wall_avoidance_pushes_along_the_normal_by_the_overshoot() {
        // A wall across x = 10; the 40-long feeler ahead crosses it a quarter along:
        // pushed -x by 0.75 * 10. The side feelers (14.14 ahead) cross it too, at
        // 10 / 14.142 = 0.7071 of their length: each adds 0.2929 * 10 along -x.
        let v = east(Vec2::ZERO, 10.0);
        let wall = Obstacle::Wall {
            a: Vec2::new(10.0, -50.0),
            b: Vec2::new(10.0, 50.0),
        };
        let force = wall_avoidance(&v, &[wall], 40.0);
        assert!(
            (force - Vec2::new(-7.5 - 2.0 * 2.928_932, 0.0)).length() < 1e-3,
            "{force}"
        );
        // Out of the feelers' reach: nothing.
        let far = Obstacle::Wall {
            a: Vec2::new(50.0, -50.0),
            b: Vec2::new(50.0, 50.0),
        };
        assert_eq!(wall_avoidance(&v, &[far], 40.0), Vec2::ZERO);
        let [ahead, left, right] = feelers(&v, 40.0);
        assert_eq!(ahead, Vec2::new(40.0, 0.0));
        assert!((left - Vec2::new(14.142_136, 14.142_136)).length() < 1e-4);
        assert!((right - Vec2::new(14.142_136, -14.142_136)).length() < 1e-4);
    }

    #[test]
    fn containment_pushes_back_in_by_how_far_out_the_point_ahead_is() {
        // In the box (0,0)-(100,100) at (95, 50) facing +x: 10 ahead is x = 105; less
        // the radius, the inside ends at 99: 6 out of 10, pushed -x by 0.6 * 10.
        let v = east(Vec2::new(95.0, 50.0), 10.0);
        let lo = Vec2::ZERO;
        let hi = Vec2::splat(100.0);
        assert_eq!(containment(&v, lo, hi, 10.0), Vec2::new(-6.0, 0.0));
        let middle = east(Vec2::new(50.0, 50.0), 10.0);
        assert_eq!(containment(&middle, lo, hi, 10.0), Vec2::ZERO);
        // Far out: the full maximum force.
        let out = east(Vec2::new(150.0, 50.0), 10.0);
        assert_eq!(containment(&out, lo, hi, 10.0), Vec2::new(-10.0, 0.0));
        // The low side: at (5, 50) facing -x, 10 ahead is x = -5; the inside starts at 1:
        // 6 out of 10, pushed +x.
        let west = Vehicle::new(Vec2::new(5.0, 50.0), Vec2::new(-10.0, 0.0), 10.0, 20.0, 1.0);
        assert_eq!(containment(&west, lo, hi, 10.0), Vec2::new(6.0, 0.0));
        // Looking no distance ahead: full force as soon as it is out.
        assert_eq!(containment(&out, lo, hi, 0.0), Vec2::new(-10.0, 0.0));
    }

    #[test]
    fn hide_arrives_behind_the_nearest_obstacle_or_evades() {
        // Hunter at the origin; obstacles at (50, 0) r 5 and (0, -200) r 5, gap 10: the
        // spots are (65, 0) and (0, -215). The hider at (60, 20) is nearer the first:
        // 20.6 away, inside a slowing radius of 100: speed 20 * 20.616 / 100.
        let hunter = Mover {
            pos: Vec2::ZERO,
            vel: Vec2::ZERO,
            radius: 1.0,
        };
        let v = Vehicle::new(Vec2::new(60.0, 20.0), Vec2::ZERO, 10.0, 20.0, 1.0);
        let obstacles = [circle(0.0, -200.0, 5.0), circle(50.0, 0.0, 5.0)];
        let (force, spot) = hide(&v, &hunter, &obstacles, 10.0, 100.0);
        assert_eq!(spot, Some(Vec2::new(65.0, 0.0)));
        // (5, -20) * (20 * 20.6155 / 100) / 20.6155 = (1, -4).
        assert!((force - Vec2::new(1.0, -4.0)).length() < 1e-4, "{force}");
        // The hunter elsewhere, at (50, -100): behind the first obstacle from it is
        // (50, 0) + (0, 1) * 15 = (50, 15).
        let south = Mover {
            pos: Vec2::new(50.0, -100.0),
            ..hunter
        };
        assert_eq!(
            hide(&v, &south, &obstacles, 10.0, 100.0).1,
            Some(Vec2::new(50.0, 15.0))
        );
        // Nothing to hide behind: flee the hunter (at rest, so from where it is).
        let (force, spot) = hide(&v, &hunter, &[], 10.0, 100.0);
        assert_eq!(spot, None);
        assert!((force - Vec2::new(60.0, 20.0).normalize() * 20.0).length() < 1e-4);
    }

    #[test]
    fn unaligned_avoidance_steers_off_the_soonest_predicted_collision() {
        // Everything placed from o. v at o going +x at 10; one crossing from below,
        // o + (20, -20) going +y at 10: closest approach at t = 2 s, both at o + (20, 0):
        // a collision. It will be dead ahead then (offset 0): steer left (+y) at the
        // maximum force.
        let o = Vec2::new(100.0, 50.0);
        let v = east(o, 10.0);
        let mover = |x: f32, y: f32, vx: f32, vy: f32| Mover {
            pos: o + Vec2::new(x, y),
            vel: Vec2::new(vx, vy),
            radius: 1.0,
        };
        let crossing = mover(20.0, -20.0, 0.0, 10.0);
        // One that passes far behind, one in the past, one alongside at its speed.
        let far = mover(-100.0, -20.0, 0.0, 10.0);
        let gone = mover(-20.0, 0.0, -10.0, 0.0);
        let alongside = mover(0.0, 1.0, 10.0, 0.0);
        let (force, threat) =
            unaligned_collision_avoidance(&v, &[far, gone, alongside, crossing], 5.0);
        let at_two = Threat {
            index: 3,
            seconds: 2.0,
        };
        assert_eq!(threat, Some(at_two));
        assert_eq!(force, Vec2::new(0.0, 10.0));
        // Beyond the horizon: nothing; exactly at it: still a threat.
        let beyond = unaligned_collision_avoidance(&v, &[crossing], 1.5);
        assert_eq!(beyond, (Vec2::ZERO, None));
        let at = unaligned_collision_avoidance(&v, &[crossing], 2.0);
        assert_eq!(at.1.map(|t| t.seconds), Some(2.0));
        // One that will be on its left (0.25 ahead and 0.25 left at t = 1.975): steer
        // right.
        let left = mover(20.0, -19.5, 0.0, 10.0);
        let (force, _) = unaligned_collision_avoidance(&v, &[left], 5.0);
        assert_eq!(force, Vec2::new(0.0, -10.0));
        // A near miss: 1.06 apart at t = 1.925, less than the two radii (2): a threat.
        let near_miss = mover(20.0, -18.5, 0.0, 10.0);
        assert!(unaligned_collision_avoidance(&v, &[near_miss], 5.0)
            .1
            .is_some());
        // The soonest of two: one from above meeting it at t = 1.
        let sooner = mover(10.0, 10.0, 0.0, -10.0);
        let (_, threat) = unaligned_collision_avoidance(&v, &[crossing, sooner], 5.0);
        assert_eq!(
            threat,
            Some(Threat {
                index: 1,
                seconds: 1.0
            })
        );
        let (_, threat) = unaligned_collision_avoidance(&v, &[sooner, crossing], 5.0);
        assert_eq!(threat.map(|t| t.index), Some(0));
        // Two at the same time: the first listed.
        let (_, threat) = unaligned_collision_avoidance(&v, &[crossing, crossing], 5.0);
        assert_eq!(threat.map(|t| t.index), Some(0));
    }
}
