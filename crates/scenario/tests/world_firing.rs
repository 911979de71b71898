//! Firing and seeing: a salvo fans out evenly about the bearing, a turret that skips
//! engaged targets fires at the next threat, and a missile steers by where its target
//! was at the start of the tick. Expected values are worked by hand in the comments.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;

/// Smoothed missiles that never turn (ga = 1), so a missile's heading after its first
/// tick is its launch direction, and one unit per tick.
fn never_turning() -> Tuning {
    let mut tuning = Tuning::default();
    tuning.smoothed.ga = 1.0;
    tuning.smoothed.speed = 1.0;
    tuning
}

/// A launcher at (100, 400) firing one volley of `salvo` missiles of `algorithm`
/// fanned over `spread` degrees at a target straight along +x.
fn fan_launcher(algorithm: Algorithm, salvo: u32, spread: f32) -> LauncherSpec {
    LauncherSpec {
        salvo,
        spread,
        ..launcher(Vec2::new(100.0, 400.0), "mark", &[algorithm])
    }
}

/// The world of `launcher` and its target "mark" at (900, 400), after its first tick.
fn fan(algorithms: Tuning, launcher: LauncherSpec) -> World {
    let mut world = build(Scenario {
        algorithms,
        targets: vec![target("mark", at(900.0, 400.0))],
        launchers: vec![launcher],
        ..Scenario::default()
    });
    world.step();
    world
}

/// One volley of never-turning smoothed missiles (see [`fan_launcher`]).
fn salvo(salvo: u32, spread: f32) -> World {
    fan(
        never_turning(),
        fan_launcher(Algorithm::Smoothed, salvo, spread),
    )
}

/// The headings, in degrees and missile order, of [`salvo`]'s missiles.
fn salvo_headings(n: u32, spread: f32) -> Vec<f32> {
    salvo(n, spread)
        .missiles()
        .iter()
        .map(|m| m.body.heading.to_degrees())
        .collect()
}

#[test]
fn a_salvo_fans_out_evenly_on_both_sides_of_the_bearing() {
    // n missiles over `spread`: offsets spread * (i / (n - 1) - 1/2).
    for (salvo, spread, expected) in [
        (1, 30.0, vec![0.0]),
        (2, 30.0, vec![-15.0, 15.0]),
        (3, 30.0, vec![-15.0, 0.0, 15.0]),
        (5, 40.0, vec![-20.0, -10.0, 0.0, 10.0, 20.0]),
    ] {
        let headings = salvo_headings(salvo, spread);
        assert_eq!(headings.len(), expected.len(), "salvo {salvo}");
        for (h, e) in headings.iter().zip(&expected) {
            assert!(
                (h - e).abs() < 1e-4,
                "salvo {salvo}: {headings:?}, expected {expected:?}"
            );
        }
    }
}

#[test]
fn each_salvo_missile_flies_its_own_launch_direction() {
    // Three missiles, 60 degrees: after one tick of one unit, at (cos, sin) of -30, 0, 30
    // degrees from the launcher.
    let world = salvo(3, 60.0);
    for (m, degrees) in world.missiles().iter().zip([-30.0f32, 0.0, 30.0]) {
        let (sin, cos) = degrees.to_radians().sin_cos();
        let expected = Vec2::new(100.0 + cos, 400.0 + sin);
        assert!(
            (m.body.pos - expected).length() < 1e-4,
            "{degrees}: {}",
            m.body.pos
        );
    }
    assert_eq!(world.missiles().len(), 3);
}

/// The targets of the first `n` turret launches, with or without `skip_engaged`.
fn turret_picks(skip_engaged: bool, n: usize) -> Vec<(u64, TargetId)> {
    // Ground at y = 1000, danger line at 750: both targets are threats, `near` closer to
    // the turret at (500, 1000). Polls every 0.1 s (6 ticks) from tick 0; a turret shot
    // flies 100 / 300 s = 20 ticks, so the first is still flying at the next polls.
    let mut world = build(Scenario {
        world: WorldConfig {
            width: 1000.0,
            height: 1000.0,
            ..WorldConfig::default()
        },
        targets: vec![
            target("near", at(500.0, 900.0)),
            target("far", at(700.0, 880.0)),
        ],
        turrets: vec![TurretSpec {
            ai_poll_time: 0.1,
            skip_engaged,
            ..turret(Vec2::new(500.0, 1000.0))
        }],
        ..Scenario::default()
    });
    let events = run(&mut world, 13);
    launched(&events)
        .into_iter()
        .map(|(tick, _, _, _, target)| (tick, target))
        .take(n)
        .collect()
}

#[test]
fn a_turret_that_skips_engaged_targets_fires_at_the_next_threat() {
    let (near, far) = (TargetId(0), TargetId(1));
    // Polls at ticks 0, 6 and 12. The article's turret fires at the closest threat
    // every time; skipping engaged ones, it takes `far` next, then has nothing left.
    assert_eq!(turret_picks(false, 3), [(0, near), (6, near), (12, near)]);
    assert_eq!(turret_picks(true, 3), [(0, near), (6, far)]);
}

#[test]
fn a_missile_steers_by_where_its_target_was_at_the_start_of_the_tick() {
    // Pure pursuit (ga = 0), one unit per tick, from the origin; the target starts at
    // (0, 100) and moves 10 units per tick along +x. Tick 0 sees it at (0, 100): the
    // missile moves to (0, 1). Tick 1 sees (10, 100), where it was when tick 1 began:
    // the missile moves by (10, 99) / |(10, 99)|. Seeing the end of each tick instead
    // would aim at (10, 100) and then (20, 100).
    let mut tuning = Tuning::default();
    tuning.smoothed.ga = 0.0;
    tuning.smoothed.speed = 1.0;
    let mut world = build(Scenario {
        world: WorldConfig {
            width: 2000.0,
            height: 2000.0,
            tick_rate: 60.0,
            ..WorldConfig::default()
        },
        algorithms: tuning,
        targets: vec![target("mark", moving(0.0, 100.0, 600.0, 0.0))],
        launchers: vec![launcher(Vec2::ZERO, "mark", &[Algorithm::Smoothed])],
        ..Scenario::default()
    });
    world.step();
    let first = only_missile(&world).body.pos;
    assert!((first - Vec2::new(0.0, 1.0)).length() < 1e-6, "{first}");
    world.step();
    let second = only_missile(&world).body.pos;
    let expected = first + Vec2::new(10.0, 99.0).normalize();
    assert!(
        (second - expected).length() < 1e-5,
        "{second} vs {expected}"
    );
    // The seeker reports the same start-of-tick state to the inspector.
    let seen = world.seen_by(only_missile(&world)).unwrap();
    assert!((seen.target_pos - Vec2::new(20.0, 100.0)).length() < 1e-4);
}

#[test]
fn a_launcher_counts_its_volleys_and_schedules_the_next() {
    // First volley at tick 0, then every 0.5 s: tick 30 at 60 ticks/s.
    let mut world = build(Scenario {
        targets: vec![target("mark", at(900.0, 400.0))],
        launchers: vec![LauncherSpec {
            every: Some(0.5),
            ..launcher(Vec2::new(100.0, 400.0), "mark", &[Algorithm::Smoothed])
        }],
        ..Scenario::default()
    });
    assert_eq!(world.launchers().len(), 1);
    assert_eq!(world.launchers()[0].next_tick, Some(0));
    world.step();
    assert_eq!(world.launchers()[0].volleys, 1);
    assert_eq!(world.launchers()[0].next_tick, Some(30));
}

#[test]
fn removing_a_target_by_name_takes_only_that_one() {
    // In the world: removed at the start of the next tick. Still queued to be added:
    // the addition is dropped, so it never appears.
    let mut world = build(Scenario {
        targets: vec![
            target("keep", at(100.0, 100.0)),
            target("drop", at(200.0, 100.0)),
        ],
        ..Scenario::default()
    });
    world.remove_target_named("drop");
    world
        .apply(Input::AddTarget(target("late", at(300.0, 100.0))))
        .unwrap();
    world.remove_target_named("late");
    world.step();
    let names: Vec<&str> = world.targets().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["keep"]);
}

#[test]
fn a_salvos_start_velocity_turns_with_each_missiles_direction() {
    // Launch velocity (100, 0) along the bearing, three missiles over 60 degrees: they
    // start at 100 units/s toward -30, 0 and 30 degrees. A weak thrust (1 unit/s^2)
    // changes that by at most 1/60 in the first tick.
    let mut tuning = Tuning::default();
    tuning.naive_accel.acceleration = 1.0;
    let launcher = LauncherSpec {
        launch_velocity: Vec2::new(100.0, 0.0),
        ..fan_launcher(Algorithm::NaiveAccel, 3, 60.0)
    };
    let world = fan(tuning, launcher);
    for (m, degrees) in world.missiles().iter().zip([-30.0f32, 0.0, 30.0]) {
        let expected = Vec2::from_angle(degrees.to_radians()) * 100.0;
        assert!(
            (m.body.vel - expected).length() < 0.02,
            "{degrees}: {}",
            m.body.vel
        );
    }
}
