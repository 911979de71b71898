//! A crowd's unaligned collision avoidance and queueing: off unless weighted, worked out
//! among the neighbours, explained as the tick steers.

use super::*;

const DT: f32 = 1.0 / 60.0;

/// Nothing but the behaviour under test: no boids, no wander.
fn only(collisions: f32, queueing: f32) -> CrowdParams {
    CrowdParams {
        separation: 0.0,
        alignment: 0.0,
        cohesion: 0.0,
        wander: 0.0,
        collisions,
        queueing,
        max_force: 100.0,
        max_speed: 20.0,
        neighbour_radius: 200.0,
        ..CrowdParams::default()
    }
}

fn agent(x: f32, y: f32, vx: f32, vy: f32, p: &CrowdParams) -> Vehicle {
    Vehicle::new(
        Vec2::new(x, y),
        Vec2::new(vx, vy),
        p.max_force,
        p.max_speed,
        3.0,
    )
}

fn crowd(agents: Vec<Vehicle>, params: CrowdParams) -> Crowd {
    let bounds = (Vec2::ZERO, Vec2::splat(1000.0));
    Crowd::of(agents, bounds, Vec::new(), params, 7)
}

/// Two agents flying at each other along y = 500 (one 1 unit lower), 100 apart, at 20.
fn head_on(collisions: f32) -> Crowd {
    let p = only(collisions, 0.0);
    let agents = vec![
        agent(450.0, 500.0, 20.0, 0.0, &p),
        agent(550.0, 499.0, -20.0, 0.0, &p),
    ];
    crowd(agents, p)
}

/// The nearest the two agents come in `seconds`.
fn nearest_pass(mut c: Crowd, seconds: f32) -> f32 {
    let mut nearest = f32::INFINITY;
    for _ in 0..(seconds / DT) as usize {
        c.step(DT);
        nearest = nearest.min(c.agents[0].pos.distance(c.agents[1].pos));
    }
    nearest
}

#[test]
fn agents_on_a_collision_course_steer_aside_only_when_collisions_are_weighted() {
    // Off (the default), nothing turns them: they pass 1 unit apart (sampled each tick,
    // 2/3 of a unit closer, within 1.1), through each other.
    assert!(nearest_pass(head_on(0.0), 4.0) < 1.1);
    // On: closing at 40 units/s from 100, the closest approach is 2.5 s away, within the
    // 2 s horizon from 0.5 s on; both steer off to their own right side at full force,
    // and pass further apart than the two radii (6).
    assert!(nearest_pass(head_on(1.0), 4.0) > 6.0);
}

#[test]
fn collision_avoidance_pushes_sideways_at_full_force_away_from_where_the_other_will_be() {
    // 60 apart, closing at 40: the closest approach in 1.5 s (inside the horizon), 1
    // unit apart (less than 6). The first agent faces +x, its side is +y; the other will
    // be 1 below (-y) at the closest approach: it steers +y at the full 100, times the
    // weight 2, truncated to the maximum force 100.
    let p = only(2.0, 0.0);
    let c = crowd(
        vec![
            agent(470.0, 500.0, 20.0, 0.0, &p),
            agent(530.0, 499.0, -20.0, 0.0, &p),
        ],
        p,
    );
    let why = c.explain(0, DT).unwrap();
    let part = |which| why.parts.iter().find(|(k, _)| *k == which).unwrap().1;
    assert_eq!(part(SteeringPart::Collisions), Vec2::new(0.0, 200.0));
    assert_eq!(why.total, Vec2::new(0.0, 100.0));
    let seen = why.senses.collision.expect("a collision foreseen");
    assert_eq!(seen.other, 1);
    assert!((seen.seconds - 1.5).abs() < 1e-5, "{}", seen.seconds);
    assert!(
        seen.me.distance(Vec2::new(500.0, 500.0)) < 1e-3,
        "{}",
        seen.me
    );
    assert!(
        seen.them.distance(Vec2::new(500.0, 499.0)) < 1e-3,
        "{}",
        seen.them
    );
    // The tick steers by the same force: (20, 0) + (0, 100) / 60, cut to the top speed 20.
    let mut stepped = c.clone();
    stepped.step(DT);
    let want = Vec2::new(20.0, 100.0 / 60.0).normalize() * 20.0;
    assert!(
        stepped.agents[0].vel.distance(want) < 1e-4,
        "{}",
        stepped.agents[0].vel
    );
    // Further than the horizon ahead (closest approach in 2.5 s > 2 s): nothing.
    let p = only(2.0, 0.0);
    let far = crowd(
        vec![
            agent(450.0, 500.0, 20.0, 0.0, &p),
            agent(550.0, 499.0, -20.0, 0.0, &p),
        ],
        p,
    );
    let why = far.explain(0, DT).unwrap();
    assert_eq!(why.total, Vec2::ZERO);
    assert_eq!(why.senses.collision, None);
}

#[test]
fn a_neighbour_seen_but_not_weighted_is_no_foreseen_collision() {
    let why = head_on(0.0);
    let mut near = why.clone();
    near.agents[1].pos.x = 510.0;
    let why = near.explain(0, DT).unwrap();
    assert_eq!(why.senses.collision, None);
    assert_eq!(why.total, Vec2::ZERO);
}

/// One agent moving +x at 10 with another `ahead` units in front of it, `aside` off its
/// lane, at rest.
fn queue(queueing: f32, ahead: f32, aside: f32) -> Crowd {
    let p = only(0.0, queueing);
    crowd(
        vec![
            agent(500.0, 500.0, 10.0, 0.0, &p),
            agent(500.0 + ahead, 500.0 + aside, 0.0, 0.0, &p),
        ],
        p,
    )
}

#[test]
fn queueing_brakes_by_its_share_of_the_velocity_while_one_is_ahead_in_the_lane() {
    // 15 ahead (within the queue distance 20), in its lane (less than the two radii, 6,
    // to the side): brake 2 per second of the velocity (10, 0): (-20, 0).
    let why = queue(2.0, 15.0, 5.0).explain(0, DT).unwrap();
    let part = |which| why.parts.iter().find(|(k, _)| *k == which).unwrap().1;
    assert_eq!(part(SteeringPart::Queueing), Vec2::new(-20.0, 0.0));
    assert_eq!(why.total, Vec2::new(-20.0, 0.0));
    // Out of its lane (7 aside), beyond the distance (25) or behind it: nothing.
    for (ahead, aside) in [(15.0, 7.0), (25.0, 0.0), (-15.0, 0.0)] {
        let why = queue(2.0, ahead, aside).explain(0, DT).unwrap();
        assert_eq!(why.total, Vec2::ZERO, "{ahead} {aside}");
    }
    // Off (0), nothing; and the queue distance is the crowd's.
    assert_eq!(
        queue(0.0, 15.0, 0.0).explain(0, DT).unwrap().total,
        Vec2::ZERO
    );
    let mut short = queue(2.0, 15.0, 0.0);
    short.params.queue_distance = 10.0;
    assert_eq!(short.explain(0, DT).unwrap().total, Vec2::ZERO);
}

#[test]
fn a_queue_behind_a_stopped_agent_comes_to_rest_without_reaching_it() {
    // Moving +x at 10 behind one at rest 30 ahead: with queueing 3 it slows from 10 units
    // out (20 ahead, the distance) and stops: the speed falls by e^-3 each second, so it
    // covers at most 10 / 3 more units and stays behind it. It falls until the brake is
    // negligible for the crowd's blend (under 0.1% of the maximum force 100: a speed
    // under 1/30).
    let mut c = queue(3.0, 30.0, 0.0);
    for _ in 0..600 {
        c.step(DT);
    }
    let gap = c.agents[1].pos.x - c.agents[0].pos.x;
    assert!((10.0..20.0).contains(&gap), "{gap}");
    assert!(c.agents[0].vel.length() < 1.0 / 30.0, "{}", c.agents[0].vel);
    // Without queueing it keeps going, past the other.
    let mut free = queue(0.0, 30.0, 0.0);
    for _ in 0..600 {
        free.step(DT);
    }
    assert!(free.agents[0].pos.x > free.agents[1].pos.x);
}

#[test]
fn the_visiting_order_is_counted_in_the_crowds_bytes() {
    let mut c = head_on(0.0);
    c.step(DT);
    let (with, kept) = (c.approx_bytes(), c.order.capacity());
    assert!(kept >= 2);
    c.order = Vec::new();
    assert_eq!(with - c.approx_bytes(), kept * std::mem::size_of::<u32>());
}
