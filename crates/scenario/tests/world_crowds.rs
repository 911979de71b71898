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
