//! The shipped scenarios of crowds with goals, run headless, do what their descriptions
//! say: the arrivals come to rest round their point; the pedestrians walk round their
//! path, on it and out of the rocks; the bodyguard keeps between its two targets; the
//! swirl circles the rock; the queue at the doorway presses onto itself far less than
//! the crowd beside it that does not queue; the escorts keep their formation.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use glam::Vec2;
use steerlab::sim::crowd::Crowd;
use steerlab::sim::World;
use steerlab::steering::path::Path;

// (Its missile helpers are for the other shipped tests.)
#[allow(dead_code)]
mod shipped_common;
use shipped_common::scenario;

fn run(world: &mut World, seconds: f32) {
    for _ in 0..(seconds * 60.0) as u32 {
        world.step();
    }
}

fn crowd(world: &World) -> &Crowd {
    &world.crowds()[0]
}

#[test]
fn the_arrivals_come_to_rest_round_their_point() {
    let mut world = scenario("arrive").build().unwrap();
    let point = Vec2::new(900.0, 400.0);
    // Set off at rest from the left, 700 to 820 away.
    assert!(crowd(&world).agents.iter().all(|a| a.vel == Vec2::ZERO));
    let mut fastest = 0f32;
    for _ in 0..(20 * 60) {
        world.step();
        for a in &crowd(&world).agents {
            fastest = fastest.max(a.vel.length());
            // Never through the point by more than its slowing radius (150).
            assert!(a.pos.x < point.x + 150.0, "{}", a.pos);
        }
    }
    // On the way they reached their top speed, 80.
    assert!(fastest > 75.0, "{fastest}");
    // After 20 s: all twelve round the point, nearly still. Separation (which reaches 30
    // units) keeps them apart, so twelve settle in a cluster of about two neighbour
    // radii, against arrive's pull, which is weak so near (80 x d / 150 units/s wanted
    // at d from the point).
    for a in &crowd(&world).agents {
        assert!(a.pos.distance(point) < 60.0, "{}", a.pos);
        assert!(a.vel.length() < 5.0, "{}", a.vel);
    }
}

#[test]
fn the_pedestrians_walk_round_their_path_on_it_and_out_of_the_rocks() {
    let mut world = scenario("pedestrians").build().unwrap();
    let path = Path {
        points: vec![
            Vec2::new(200.0, 200.0),
            Vec2::new(1000.0, 200.0),
            Vec2::new(1000.0, 600.0),
            Vec2::new(200.0, 600.0),
        ],
        radius: 40.0,
        looped: true,
    };
    let rocks: Vec<steerlab::sim::Obstacle> = world.obstacles().iter().map(|o| o.shape()).collect();
    let start: Vec<f32> = crowd(&world)
        .agents
        .iter()
        .map(|a| path.nearest(a.pos).unwrap().along)
        .collect();
    let mut travelled = vec![0f32; start.len()];
    let mut last = start.clone();
    let length = path.length();
    for _ in 0..(40 * 60) {
        world.step();
        for (k, a) in crowd(&world).agents.iter().enumerate() {
            for rock in &rocks {
                assert!(rock.distance(a.pos) > 0.0, "inside {rock:?} at {}", a.pos);
            }
            // Progress round the loop, the short way between ticks.
            let along = path.nearest(a.pos).unwrap().along;
            let step = (along - last[k] + length * 0.5).rem_euclid(length) - length * 0.5;
            travelled[k] += step;
            last[k] = along;
        }
    }
    // 40 s at up to 60 units/s: every walker has gone most of the way round (2,400 at
    // full speed; the loop is 2,400), none backwards.
    let least = travelled.iter().copied().fold(f32::INFINITY, f32::min);
    let mean = travelled.iter().sum::<f32>() / travelled.len() as f32;
    assert!(least > 800.0, "least {least}");
    assert!(mean > 1500.0, "mean {mean}");
    // And they walk on the path: four in five within its radius (plus their own) of the
    // spine.
    let on = crowd(&world)
        .agents
        .iter()
        .filter(|a| path.nearest(a.pos).unwrap().distance < 40.0 + 3.0)
        .count();
    assert!(on * 10 >= 8 * 120, "{on} of 120 on the path");
    // The others are only pushed off it by their neighbours (separation reaches 30) or
    // a rock, and on their way back: none is further than the radius and a neighbour's
    // reach.
    for a in &crowd(&world).agents {
        let off = path.nearest(a.pos).unwrap().distance;
        assert!(off < 40.0 + 30.0 + 3.0, "{off} off the spine at {}", a.pos);
    }
}

#[test]
fn the_bodyguard_keeps_between_its_two_targets() {
    let mut world = scenario("interpose").build().unwrap();
    run(&mut world, 5.0);
    // Over the next 15 s it stays near the midpoint of the two (which moves at up to
    // about 100 units/s as they swing): on average within 25, always within 80.
    let (mut sum, mut worst, mut n) = (0.0, 0f32, 0);
    for _ in 0..(15 * 60) {
        world.step();
        let t = world.targets();
        let mid = (t[0].pos + t[1].pos) * 0.5;
        let gap = crowd(&world).agents[0].pos.distance(mid);
        sum += gap;
        worst = worst.max(gap);
        n += 1;
    }
    let mean = sum / n as f32;
    assert!(mean < 25.0, "mean {mean}");
    assert!(worst < 80.0, "worst {worst}");
}

#[test]
fn the_swirl_circles_the_rock_the_way_its_arrows_turn() {
    let mut world = scenario("flow-field").build().unwrap();
    let centre = Vec2::new(600.0, 400.0);
    let mean_distance = |w: &World| {
        let a = &crowd(w).agents;
        a.iter().map(|a| a.pos.distance(centre)).sum::<f32>() / a.len() as f32
    };
    let before = mean_distance(&world);
    run(&mut world, 15.0);
    // Round the centre the way angles grow (from +x to +y): the cross product of the
    // offset from the centre and the velocity is positive, for nine in ten.
    let agents = &crowd(&world).agents;
    let round = agents
        .iter()
        .filter(|a| (a.pos - centre).perp_dot(a.vel) > 0.0)
        .count();
    assert!(
        round * 10 >= 9 * agents.len(),
        "{round} of {}",
        agents.len()
    );
    // Turned 12 degrees in, they have closed on the rock; none is inside it.
    let after = mean_distance(&world);
    assert!(after < before * 0.8, "{before} -> {after}");
    assert!(agents.iter().all(|a| a.pos.distance(centre) > 70.0));
}

#[test]
fn the_queue_waits_its_turn_at_the_door_and_the_crowd_beside_it_presses_on() {
    let mut world = scenario("doorway").build().unwrap();
    let walls: Vec<steerlab::sim::Obstacle> = world.obstacles().iter().map(|o| o.shape()).collect();
    // The same crowd but for queueing: the first queues, the second does not.
    let [queue, push] = [&world.crowds()[0], &world.crowds()[1]];
    assert_eq!((queue.params.queueing, push.params.queueing), (8.0, 0.0));
    // Ticks each pair of agents spends pressed onto each other (centres nearer than 0.8
    // of the two radii, 9.6 units).
    let mut pressed = [0u32; 2];
    for _ in 0..(40 * 60) {
        world.step();
        for (k, c) in world.crowds().iter().enumerate() {
            for (i, a) in c.agents.iter().enumerate() {
                let near = c.agents[i + 1..]
                    .iter()
                    .filter(|b| a.pos.distance(b.pos) < 9.6);
                pressed[k] += near.count() as u32;
                // Nobody walks through a wall.
                assert!(walls.iter().all(|w| w.distance(a.pos) > 0.0), "{}", a.pos);
            }
        }
    }
    // Both rooms empty through their doors within the 40 s (the door at x = 450)...
    for c in world.crowds() {
        assert!(
            c.agents.iter().all(|a| a.pos.x > 450.0),
            "{}",
            c.params.queueing
        );
    }
    // ...but the queue presses onto itself under a quarter as much (measured: 178 tick
    // pairs against 1306).
    assert!(pressed[0] * 4 < pressed[1], "{pressed:?}");
}

#[test]
fn the_escorts_close_up_into_their_formation_and_keep_it_round_the_turn() {
    use steerlab::sim::goal::Goal;
    let mut world = scenario("escort").build().unwrap();
    let Some(Goal::OffsetPursue(goal)) = crowd(&world).params.goal.clone() else {
        panic!("an offset pursuit");
    };
    // Each escort's place now: in the lead's frame (ahead along its velocity).
    let worst = |w: &World| {
        let lead = w.targets().iter().find(|t| t.name == "lead").unwrap();
        let (ahead, left) = (lead.vel.normalize(), lead.vel.normalize().perp());
        (crowd(w).agents.iter().enumerate())
            .map(|(i, a)| {
                let p = goal.place(i);
                a.pos.distance(lead.pos + ahead * p.x + left * p.y)
            })
            .fold(0f32, f32::max)
    };
    let scattered = worst(&world);
    run(&mut world, 8.0);
    let mut kept = 0f32;
    for _ in 0..(12 * 60) {
        world.step();
        kept = kept.max(worst(&world));
    }
    // Set off scattered 200 and more from their places; from 8 s on, each within 16 of
    // its place: arriving, an escort trails its place by the slowing radius times the
    // lead's speed over its top speed (20 x 65 / 150 = 8.7), and separation pushes the
    // rows a little apart (measured: 13.8).
    assert!(scattered > 200.0, "{scattered}");
    assert!(kept < 16.0, "{kept}");
}
