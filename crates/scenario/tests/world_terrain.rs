//! Terrain: a missile that touches a terrain obstacle ends there (hit terrain), swept over
//! the tick at any speed; a hit before the touch still counts; obstacles that are not
//! terrain are flown through; worlds with terrain never take the sweep's lockstep path.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;
use steerlab::sim::lockstep::Handoff;
use steerlab::sim::obstacles::{CircleObstacle, ObstacleSpec, PolygonObstacle, WallObstacle};

/// A wall across the x axis's line y = 300 at `x`, from y = 0 to y = 600.
fn wall(x: f32, terrain: bool) -> ObstacleSpec {
    ObstacleSpec::Wall(WallObstacle {
        from: Vec2::new(x, 0.0),
        to: Vec2::new(x, 600.0),
        terrain,
    })
}

/// A turn-rate missile of `radius` flying +x along y = 300 at `speed` units/s from
/// (`from`, 300), never turning, at a target of radius 1 at (`goal`, 300).
fn shot(from: f32, speed: f32, radius: f32, goal: f32, obstacles: Vec<ObstacleSpec>) -> World {
    let mut tuning = Tuning::default();
    tuning.turn_rate.radial_speed = speed;
    tuning.turn_rate.angular_speed = 0.0;
    build(Scenario {
        world: WorldConfig {
            width: 5_000.0,
            ..WorldConfig::default()
        },
        algorithms: tuning,
        targets: vec![TargetSpec {
            radius: 1.0,
            ..target("t", at(goal, 300.0))
        }],
        launchers: vec![LauncherSpec {
            missile: MissileSpec {
                radius,
                ..MissileSpec::default()
            },
            launch_velocity: Vec2::new(1.0, 0.0),
            ..launcher(Vec2::new(from, 300.0), "t", &[Algorithm::TurnRate])
        }],
        obstacles,
        ..Scenario::default()
    })
}

#[test]
fn a_missile_ends_where_its_centre_crosses_a_terrain_wall() {
    // 200 units/s from x = 100 with a radius of 0.01: it stops at the wall, x = 400,
    // 300 units flown, and its end is a miss with the reason hit terrain.
    let mut world = shot(100.0, 200.0, 0.01, 2000.0, vec![wall(400.0, true)]);
    let events = run(&mut world, 600);
    let m = misses(&events);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].1, MissReason::Terrain);
    let missile = only_missile(&world);
    assert_eq!(
        missile.metrics.outcome,
        Outcome::Missed(MissReason::Terrain)
    );
    assert!(
        (missile.body.pos.x - 400.0).abs() < 0.011,
        "{}",
        missile.body.pos
    );
    assert_eq!(missile.body.pos.y, 300.0);
    let path = missile.metrics.path_length;
    assert!((path - 300.0).abs() < 0.02, "{path}");
    // 300 units at 200 units/s: 1.5 s, the 90th tick of flight (tick 89) or the next.
    let tick = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Missed { .. }))
        .unwrap()
        .tick;
    assert!((89..=90).contains(&tick), "{tick}");
}

#[test]
fn a_fast_missile_is_stopped_at_the_wall_it_jumps_over_in_one_tick() {
    // 30,000 units/s is 500 units a tick: from x = 100 its first move ends at x = 600,
    // past the wall at 400; the swept test stops it at 400, three fifths of the way.
    let mut world = shot(100.0, 30_000.0, 0.5, 2000.0, vec![wall(400.0, true)]);
    let events = run(&mut world, 60);
    assert_eq!(misses(&events)[0].1, MissReason::Terrain);
    let missile = only_missile(&world);
    assert!(
        (missile.body.pos.x - 400.0).abs() < 1e-3,
        "{}",
        missile.body.pos
    );
    assert!((missile.metrics.path_length - 300.0).abs() < 1e-3);
    // The target beyond the wall, which its unclipped move would have passed within
    // reach of (x = 450 at 500 units a tick), is not hit.
    let mut world = shot(100.0, 30_000.0, 0.5, 450.0, vec![wall(400.0, true)]);
    let events = run(&mut world, 60);
    assert!(hits(&events).is_empty());
    assert_eq!(misses(&events)[0].1, MissReason::Terrain);
}

#[test]
fn a_hit_before_the_wall_in_the_same_tick_counts() {
    // The target at x = 390, the wall at 400: the first 500-unit move reaches the target
    // before the wall.
    let mut world = shot(100.0, 30_000.0, 0.5, 390.0, vec![wall(400.0, true)]);
    let events = run(&mut world, 60);
    assert_eq!(hits(&events).len(), 1);
    assert!(misses(&events).is_empty());
    // Its closest approach is at the target's centre, x = 390: 290 of the 500 units the
    // tick would have flown, so 0.58 of its first tick (1/60 s) after launch, though
    // terrain cut its move to 300 units.
    let (_, _, pos, time) = hits(&events)[0];
    assert!((pos - Vec2::new(390.0, 300.0)).length() < 1e-3, "{pos}");
    assert!((time - 0.58 / 60.0).abs() < 1e-6, "{time}");
    // And at 200 units/s, flown all the way, the same.
    let mut world = shot(100.0, 200.0, 0.5, 390.0, vec![wall(400.0, true)]);
    assert_eq!(hits(&run(&mut world, 600)).len(), 1);
}

#[test]
fn an_obstacle_that_is_not_terrain_is_flown_through() {
    let obstacles = vec![
        wall(400.0, false),
        ObstacleSpec::Circle(CircleObstacle {
            center: Vec2::new(800.0, 300.0),
            radius: 50.0,
            terrain: false,
        }),
    ];
    let mut world = shot(100.0, 200.0, 0.5, 1000.0, obstacles);
    let events = run(&mut world, 600);
    assert_eq!(hits(&events).len(), 1, "{:?}", misses(&events));
    assert!(world.terrain().is_empty());
    assert_eq!(world.obstacles().len(), 2);
}

#[test]
fn a_missile_launched_within_its_radius_of_terrain_ends_at_once() {
    // A radius of 2 with its centre 1.5 from the wall: touching it on its first tick,
    // where it was launched (nothing flown).
    let mut world = shot(398.5, 200.0, 2.0, 2000.0, vec![wall(400.0, true)]);
    let events = run(&mut world, 10);
    let m = misses(&events);
    assert_eq!(m[0].1, MissReason::Terrain);
    let missile = only_missile(&world);
    assert_eq!(missile.body.pos, Vec2::new(398.5, 300.0));
    assert_eq!(missile.metrics.path_length, 0.0);
    // 2.5 from it, clear: it flies on until it is within its radius.
    let mut world = shot(397.5, 200.0, 2.0, 2000.0, vec![wall(400.0, true)]);
    let events = run(&mut world, 10);
    let missile = only_missile(&world);
    assert_eq!(misses(&events)[0].1, MissReason::Terrain);
    assert!(missile.metrics.path_length > 0.0);
    assert!(
        (398.0..=398.0 + 200.0 / 60.0).contains(&missile.body.pos.x),
        "{}",
        missile.body.pos
    );
}

#[test]
fn a_world_with_terrain_is_never_handed_to_the_lockstep_path() {
    // The same smoothed shot, which the lockstep path takes without terrain.
    let text = |obstacles: &str| {
        format!(
            r#"(version: 1, algorithms: (smoothed: (ga: 0.9, speed: 5)),
                targets: [(name: "t", radius: 10, motion: Static(pos: (700, 300)))],
                launchers: [(pos: (100, 300), target: "t", algorithms: ["smoothed"])]{obstacles})"#
        )
    };
    let handoff = |obstacles: &str| {
        let mut world = steerlab::scenario::parse(&text(obstacles), "t.ron")
            .unwrap()
            .build()
            .unwrap();
        world.step();
        Handoff::take(&world, 600).is_some()
    };
    assert!(handoff(""));
    assert!(handoff(
        ", obstacles: [Wall(from: (400, 0), to: (400, 200))]"
    ));
    assert!(!handoff(
        ", obstacles: [Wall(from: (400, 0), to: (400, 200), terrain: true)]"
    ));
}

#[test]
fn an_obstacle_that_breaks_its_rules_is_refused_by_the_world_naming_the_field() {
    let mut world = World::new(WorldConfig::default(), Tuning::default());
    let flat = ObstacleSpec::Wall(WallObstacle {
        from: Vec2::ONE,
        to: Vec2::ONE,
        terrain: true,
    });
    let error = world.add_obstacle(flat).unwrap_err();
    assert!(
        error.starts_with("to: expected an end different"),
        "{error}"
    );
    assert!(world.obstacles().is_empty() && world.terrain().is_empty());
    assert_eq!(world.add_obstacle(wall(5.0, true)), Ok(0));
    assert_eq!(world.add_obstacle(wall(6.0, false)), Ok(1));
    assert_eq!(world.terrain().len(), 1);
}

#[test]
fn an_obstacle_moved_into_the_way_while_the_missile_flies_ends_it_there() {
    // The wall starts far beyond the target's line (x = 3000); half a second in (the
    // missile near x = 200) it is moved to x = 400, in its way.
    let mut world = shot(100.0, 200.0, 0.01, 2000.0, vec![wall(3000.0, true)]);
    run(&mut world, 30);
    world
        .apply(Input::MoveObstacle {
            obstacle: 0,
            by: Vec2::new(-2600.0, 0.0),
        })
        .unwrap();
    let events = run(&mut world, 600);
    assert_eq!(misses(&events)[0].1, MissReason::Terrain);
    assert!((only_missile(&world).body.pos.x - 400.0).abs() < 0.011);
    assert_eq!(world.terrain()[0], wall(400.0, true).shape());
    // Moved out of the way instead, it hits.
    let mut world = shot(100.0, 200.0, 0.01, 2000.0, vec![wall(400.0, true)]);
    world
        .apply(Input::MoveObstacle {
            obstacle: 0,
            by: Vec2::new(0.0, 1000.0),
        })
        .unwrap();
    assert_eq!(hits(&run(&mut world, 600)).len(), 1);
}

#[test]
fn a_placed_obstacle_appears_at_the_next_tick_and_bad_ones_are_refused_when_queued() {
    let mut world = shot(100.0, 200.0, 0.01, 2000.0, vec![]);
    let square = |corner: f32| {
        ObstacleSpec::Polygon(PolygonObstacle {
            points: vec![
                Vec2::new(corner, 0.0),
                Vec2::new(corner + 50.0, 0.0),
                Vec2::new(corner + 50.0, 600.0),
                Vec2::new(corner, 600.0),
            ],
            terrain: true,
        })
    };
    let notch = ObstacleSpec::Polygon(PolygonObstacle {
        points: vec![
            Vec2::ZERO,
            Vec2::new(5.0, 4.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(5.0, 10.0),
        ],
        terrain: true,
    });
    let error = world.apply(Input::AddObstacle(notch)).unwrap_err();
    assert_eq!(
        error,
        "points: expected a convex polygon: the corners turn both ways"
    );
    let tiny = ObstacleSpec::Circle(CircleObstacle {
        center: Vec2::ZERO,
        radius: 0.0,
        terrain: true,
    });
    let error = world.apply(Input::AddObstacle(tiny)).unwrap_err();
    assert!(
        error.starts_with("radius: expected a value from 0.001 to "),
        "{error}"
    );
    world.apply(Input::AddObstacle(square(500.0))).unwrap();
    // Queued: the world has none until its next tick; a move of the queued one is taken.
    assert!(world.obstacles().is_empty());
    world
        .apply(Input::MoveObstacle {
            obstacle: 0,
            by: Vec2::new(-100.0, 0.0),
        })
        .unwrap();
    let error = world
        .apply(Input::MoveObstacle {
            obstacle: 1,
            by: Vec2::ONE,
        })
        .unwrap_err();
    assert_eq!(error, "no obstacle #1");
    let error = world
        .apply(Input::MoveObstacle {
            obstacle: 0,
            by: Vec2::new(f32::NAN, 0.0),
        })
        .unwrap_err();
    assert_eq!(error, "the move is not finite");
    let events = run(&mut world, 600);
    // Placed at x = 500, moved to 400: the missile ends on its face at x = 400.
    assert_eq!(world.obstacles()[0], square(400.0));
    assert_eq!(misses(&events)[0].1, MissReason::Terrain);
    assert!((only_missile(&world).body.pos.x - 400.0).abs() < 0.011);
}

#[test]
fn at_most_the_limit_of_obstacles_may_be_placed() {
    use steerlab::sim::limits::MAX_OBSTACLES;
    let mut world = World::new(WorldConfig::default(), Tuning::default());
    for k in 0..MAX_OBSTACLES - 1 {
        world.add_obstacle(wall(k as f32, false)).unwrap();
    }
    // The last one may be queued; one more beyond it is refused, queued or added.
    world.apply(Input::AddObstacle(wall(-1.0, false))).unwrap();
    let error = world
        .apply(Input::AddObstacle(wall(-2.0, false)))
        .unwrap_err();
    assert_eq!(error, format!("at most {MAX_OBSTACLES} obstacles"));
    world.step();
    assert_eq!(world.obstacles().len(), MAX_OBSTACLES);
    assert!(world.add_obstacle(wall(-3.0, false)).is_err());
}
