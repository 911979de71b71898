//! Crowds in a world: built from the file inside the world's rectangle and round its
//! obstacles, stepped every tick as a crowd alone would be, handed every obstacle as it
//! is now (moved or placed while running), and part of the world's state hash.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

use glam::Vec2;
use steerlab::scenario::parse;
use steerlab::sim::obstacles::{CircleObstacle, ObstacleSpec};
use steerlab::sim::{Input, Obstacle, World};

fn world(obstacles: &str, seed: u64) -> World {
    let text = format!(
        r#"(version: 1, world: (width: 400, height: 300),
            obstacles: [{obstacles}],
            crowds: [(count: 120, from: (0, 0), to: (400, 300), seed: {seed}, wander: 1)])"#
    );
    parse(&text, "crowd.ron").unwrap().build().unwrap()
}

const ROCK: &str = "Circle(center: (200, 150), radius: 60)";

#[test]
fn a_crowd_starts_in_the_world_outside_the_obstacles_and_steps_as_one_alone() {
    let mut w = world(ROCK, 4);
    let crowd = &w.crowds()[0];
    let rock = Obstacle::Circle {
        center: Vec2::new(200.0, 150.0),
        radius: 60.0,
    };
    assert_eq!(crowd.obstacles, std::slice::from_ref(&rock));
    assert_eq!((crowd.lo, crowd.hi), (Vec2::ZERO, Vec2::new(400.0, 300.0)));
    for a in &crowd.agents {
        assert!(rock.distance(a.pos) > a.radius, "{}", a.pos);
    }
    // The world's tick moves it exactly as stepping the crowd alone by the tick does.
    let mut alone = crowd.clone();
    for _ in 0..30 {
        w.step();
        alone.step(w.dt());
    }
    assert_eq!(w.crowds()[0].state_hash(), alone.state_hash());
    assert!(w.crowds()[0].agents.iter().any(|a| a.vel != Vec2::ZERO));
}

#[test]
fn obstacles_moved_or_placed_while_running_are_what_the_crowd_steers_round() {
    let mut w = world(ROCK, 4);
    w.apply(Input::MoveObstacle {
        obstacle: 0,
        by: Vec2::new(50.0, 0.0),
    })
    .unwrap();
    let placed = ObstacleSpec::Circle(CircleObstacle {
        center: Vec2::new(40.0, 40.0),
        radius: 10.0,
        terrain: false,
    });
    w.apply(Input::AddObstacle(placed)).unwrap();
    w.step();
    let shapes: Vec<Obstacle> = w.obstacles().iter().map(|o| o.shape()).collect();
    assert_eq!(w.crowds()[0].obstacles, shapes);
    assert_eq!(
        shapes[0],
        Obstacle::Circle {
            center: Vec2::new(250.0, 150.0),
            radius: 60.0
        }
    );
    assert_eq!(shapes.len(), 2);
}

#[test]
fn the_crowd_is_part_of_the_state_hash() {
    let (a, b) = (world(ROCK, 4), world(ROCK, 5));
    assert_ne!(a.state_hash(), b.state_hash());
    let mut c = world(ROCK, 4);
    assert_eq!(a.state_hash(), c.state_hash());
    c.step();
    let mut d = world(ROCK, 4);
    d.step();
    assert_eq!(c.state_hash(), d.state_hash());
    assert_ne!(a.state_hash(), c.state_hash());
}

/// A crowd of one pursuing the target `hare`, which flies (0, 60) from (600, 100).
fn pursuers() -> World {
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "hare", motion: Constant(pos: (600, 100), vel: (0, 60)))],
        crowds: [(count: 1, from: (100, 100), to: (100, 100), wander: 0, separation: 0,
                  alignment: 0, cohesion: 0, goal: Pursue(target: "hare"))])"#;
    parse(text, "pursue.ron").unwrap().build().unwrap()
}

#[test]
fn a_crowds_goal_sees_the_targets_where_they_are_at_the_start_of_each_tick() {
    let mut w = pursuers();
    for _ in 0..120 {
        // The pursuer leads the hare as it is now (not as it was when the crowd was
        // built): T = D / (80 + 60), the hare then T x 60 further down.
        let hare = w.targets()[0].pos;
        let me = w.crowds()[0].agents[0].pos;
        let lead = hare.distance(me) / (80.0 + 60.0);
        let why = w.crowds()[0].explain(0, w.dt()).unwrap();
        let sought = why.goal.unwrap().sought.unwrap();
        assert!(
            (sought - (hare + Vec2::new(0.0, 60.0) * lead)).length() < 1e-3,
            "{sought}"
        );
        w.step();
    }
    // Two seconds on, it has closed on the hare.
    let gap = w.targets()[0].pos.distance(w.crowds()[0].agents[0].pos);
    assert!(gap < 500.0 - 50.0, "{gap}");
    // Adding a crowd to a world gives its place among the crowds.
    let spec = parse(
        "(version: 1, crowds: [(count: 3, from: (0, 0), to: (9, 9))])",
        "more.ron",
    )
    .unwrap()
    .crowds
    .remove(0);
    assert_eq!(w.add_crowd(&spec), 1);
    assert_eq!(w.add_crowd(&spec), 2);
    assert_eq!(w.crowds()[2].agents.len(), 3);
}
