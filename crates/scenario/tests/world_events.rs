//! Swept hits at any speed, every way a flight ends, and the turret (in
//! `world_events_parts/turret.rs`).

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;

// ---------------------------------------------------------------------------------------
// Swept hits
// ---------------------------------------------------------------------------------------

/// A smoothed missile at `speed` units per tick, fired from the origin at a target of
/// radius 1 at `(dist, 0.8)` (the missile's radius is 0.5).
fn absurd_smoothed(tick_rate: f32, speed: f32, dist: f32) -> World {
    let mut tuning = Tuning::default();
    // Far beyond the panel's range on purpose (the hit test must not rely on it).
    tuning.smoothed.speed = speed;
    tuning.smoothed.ga = 1.0; // never turns: it flies its launch line, 0.8 off the centre
    build(Scenario {
        world: WorldConfig {
            width: 20_000.0,
            height: 20_000.0,
            tick_rate,
            ..WorldConfig::default()
        },
        algorithms: tuning,
        targets: vec![TargetSpec {
            radius: 1.0,
            ..target("dot", at(dist, 0.8))
        }],
        launchers: vec![LauncherSpec {
            missile: MissileSpec {
                radius: 0.5,
                ..MissileSpec::default()
            },
            // Aimed along +x so the path passes 0.8 from the target's centre.
            launch_velocity: Vec2::new(1.0, 0.0),
            ..launcher(Vec2::ZERO, "dot", &[Algorithm::Smoothed])
        }],
        ..Scenario::default()
    })
}

#[test]
fn smoothed_missile_at_5000_units_per_tick_hits_a_small_target_without_tunnelling() {
    for tick_rate in [60.0, 10.0] {
        let dt = 1.0 / tick_rate;
        let mut world = absurd_smoothed(tick_rate, 5000.0, 2503.0);
        let events = run(&mut world, 3);
        let h = hits(&events);
        assert_eq!(h.len(), 1, "at {tick_rate} Hz: {events:#?}");
        let (missile, _, pos, time) = h[0];
        // Within the first tick, the missile starts at 0 and ends 5000 units further:
        // the closest approach is mid-jump, at 2503 / 5000 of the tick.
        assert_eq!(
            events
                .iter()
                .find(|e| matches!(e.kind, EventKind::Hit { .. }))
                .unwrap()
                .tick,
            0
        );
        assert!(
            (pos - Vec2::new(2503.0, 0.0)).length() < 0.1,
            "hit reported at {pos}"
        );
        assert!(pos.distance(Vec2::new(2503.0, 0.8)) <= 1.5);
        assert!((time - 2503.0 / 5000.0 * dt).abs() < 1e-5, "time {time}");
        let m = world.missile(missile).unwrap();
        assert_eq!(
            m.metrics.outcome,
            Outcome::Hit {
                target: TargetId(0)
            }
        );
        assert_eq!(m.metrics.time_to_hit, Some(time));
        assert!(m.metrics.miss_distance <= 1.5);
        // An end-of-tick test would have seen it 2497 units past the target.
        assert!(m.body.pos.distance(Vec2::new(2503.0, 0.8)) > 2000.0);
    }
}

#[test]
fn intercept_missile_at_100000_units_per_s_detonates_on_a_small_moving_target() {
    for tick_rate in [60.0f32, 10.0] {
        let mut tuning = Tuning::default();
        tuning.intercept.speed = 100_000.0; // beyond the panel's range on purpose
        tuning.intercept.blast_radius = 0.0; // the blast only catches what the shell touches
        let mut world = build(Scenario {
            world: WorldConfig {
                width: 20_000.0,
                height: 20_000.0,
                tick_rate,
                ..WorldConfig::default()
            },
            algorithms: tuning,
            targets: vec![TargetSpec {
                radius: 2.0,
                ..target("dot", moving(3000.0, 400.0, 120.0, -40.0))
            }],
            launchers: vec![launcher(Vec2::ZERO, "dot", &[Algorithm::Intercept])],
            ..Scenario::default()
        });
        let events = run(&mut world, 3);
        let m = only_missile(&world);
        let optimal = m.metrics.optimal_time.expect("the quadratic has an answer");
        assert!(optimal > 0.0 && optimal < 0.05, "{optimal}");
        let aim = intercept_aim(m);
        let h = hits(&events);
        assert_eq!(h.len(), 1, "at {tick_rate} Hz: {events:#?}");
        let (_, _, pos, time) = h[0];
        assert_eq!(pos, aim);
        // The target is where the shell bursts at the moment it bursts...
        let target_then = Vec2::new(3000.0, 400.0) + Vec2::new(120.0, -40.0) * time;
        assert!(
            target_then.distance(pos) <= 2.0,
            "target at {target_then}, burst at {pos}"
        );
        // ...which is the optimum, not the end of the tick.
        assert!(
            (time - optimal).abs() < 1e-4,
            "time {time} vs optimum {optimal}"
        );
        assert!(
            matches!(events[1].kind, EventKind::Detonated { pos: p, .. } if p == aim),
            "{events:#?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Events and miss reasons
// ---------------------------------------------------------------------------------------

/// One turn-rate missile from (100, 300) at a static target at (2100, 300).
fn turn_rate_shot(missile: MissileSpec, launch_velocity: Vec2, angular_speed: f32) -> World {
    let mut tuning = Tuning::default();
    tuning.turn_rate.angular_speed = angular_speed;
    build(Scenario {
        algorithms: tuning,
        targets: vec![target("far", at(2100.0, 300.0))],
        launchers: vec![LauncherSpec {
            missile,
            launch_velocity,
            ..launcher(Vec2::new(100.0, 300.0), "far", &[Algorithm::TurnRate])
        }],
        ..Scenario::default()
    })
}

#[test]
fn missile_ends_with_lifetime_out_when_its_lifetime_runs_out() {
    let spec = MissileSpec {
        lifetime: 0.5,
        fuel: None,
        ..MissileSpec::default() // radius 2
    };
    let mut world = turn_rate_shot(spec, Vec2::ZERO, 3.0);
    let events = run(&mut world, 60);
    let m = misses(&events);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].1, MissReason::LifetimeOut);
    // 0.5 s at 60 Hz: the 30th tick of flight (tick 29) is its last.
    let tick = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Missed { .. }))
        .unwrap()
        .tick;
    assert_eq!(tick, 29);
    let missile = only_missile(&world);
    assert!(
        (missile.metrics.path_length - 200.0 * 0.5).abs() < 1e-2,
        "{}",
        missile.metrics.path_length
    );
}

#[test]
fn missile_ends_with_fuel_out_when_its_path_length_reaches_its_fuel() {
    let spec = MissileSpec {
        lifetime: 20.0,
        fuel: Some(151.0),
        ..MissileSpec::default() // radius 2
    };
    let mut world = turn_rate_shot(spec, Vec2::ZERO, 3.0);
    let events = run(&mut world, 120);
    let m = misses(&events);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].1, MissReason::FuelOut);
    let missile = only_missile(&world);
    let step = 200.0 / 60.0;
    assert!(
        missile.metrics.path_length >= 151.0,
        "{}",
        missile.metrics.path_length
    );
    assert!(
        missile.metrics.path_length < 151.0 + step,
        "{}",
        missile.metrics.path_length
    );
    // 46 ticks of 3.33 units: ticks 0..=45.
    let tick = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Missed { .. }))
        .unwrap()
        .tick;
    assert_eq!(tick, 45);
}

#[test]
fn missile_ends_with_left_world_beyond_the_margin() {
    // Launched away from its target and unable to turn.
    let mut world = turn_rate_shot(MissileSpec::default(), Vec2::new(-1.0, 0.0), 0.0);
    let events = run(&mut world, 600);
    let m = misses(&events);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].1, MissReason::LeftWorld);
    let missile = only_missile(&world);
    let margin = world.config.margin;
    assert!(missile.body.pos.x < -margin && missile.body.pos.x > -margin - 200.0 / 60.0 - 1e-3);
    // It left after flying 500 units at 200 units/s.
    let tick = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Missed { .. }))
        .unwrap()
        .tick;
    assert!((148..=150).contains(&tick), "left on tick {tick}");
}

#[test]
fn missile_ends_with_target_lost_when_another_missile_destroys_its_target_first() {
    let mut tuning = Tuning::default();
    tuning.smoothed.speed = 0.5; // a slow chaser that cannot arrive first
    let mut world = build(Scenario {
        algorithms: tuning,
        targets: vec![destructible("prey", at(400.0, 300.0))],
        launchers: vec![
            launcher(Vec2::new(100.0, 300.0), "prey", &[Algorithm::Smoothed]),
            launcher(Vec2::new(360.0, 300.0), "prey", &[Algorithm::ProNav]),
        ],
        ..Scenario::default()
    });
    let events = run(&mut world, 30);
    let prey = TargetId(0);
    let h = hits(&events);
    assert_eq!(h.len(), 1);
    assert_eq!(
        world.missile(h[0].0).unwrap().algorithm(),
        Algorithm::ProNav
    );
    assert_eq!(losses(&events), vec![(prey, TargetLoss::Destroyed)]);
    assert!(
        world.target(prey).is_none(),
        "a destroyed target is removed"
    );
    let m = misses(&events);
    assert_eq!(m.len(), 1, "{events:#?}");
    assert_eq!(
        world.missile(m[0].0).unwrap().algorithm(),
        Algorithm::Smoothed
    );
    assert_eq!(m[0].1, MissReason::TargetLost);
    let lost_tick = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::TargetLost { .. }))
        .unwrap()
        .tick;
    let miss_tick = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Missed { .. }))
        .unwrap()
        .tick;
    assert_eq!(
        miss_tick,
        lost_tick + 1,
        "the chaser notices on the next tick"
    );
    assert!(world.missiles().is_empty());
}

#[test]
fn missile_ends_with_target_lost_when_its_asteroid_reaches_the_ground() {
    let mut tuning = Tuning::default();
    tuning.smoothed.speed = 0.1;
    let mut world = World::new(
        WorldConfig {
            height: 300.0,
            ..WorldConfig::default()
        },
        tuning,
    );
    world.set_rain(RainSpec {
        min_speed: 300.0,
        max_speed: 300.0,
        min_radius: 5.0,
        max_radius: 5.0,
        rate: vec![(0.0, 5.0)],
        ground: None,
    });
    run_until(&mut world, 60, |k| {
        matches!(k, EventKind::TargetSpawned { .. })
    });
    let rock = target_id(&world, "asteroid 1");
    let index = world
        .add_launcher(LauncherSpec {
            first_at: None,
            ..launcher(
                Vec2::new(-300.0, 150.0),
                "asteroid 1",
                &[Algorithm::Smoothed],
            )
        })
        .unwrap();
    world.apply(Input::Launch { launcher: index }).unwrap();
    let events = run_until(&mut world, 300, |k| matches!(k, EventKind::Missed { .. }));
    assert!(
        losses(&events).contains(&(rock, TargetLoss::ReachedGround)),
        "{events:#?}"
    );
    let m = misses(&events);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].1, MissReason::TargetLost);
}

#[test]
fn intercept_missile_detonates_with_nothing_in_the_blast_when_its_target_is_dragged_away() {
    let mut world = build(Scenario {
        targets: vec![target("runner", moving(400.0, 200.0, 50.0, 0.0))],
        launchers: vec![launcher(
            Vec2::new(400.0, 580.0),
            "runner",
            &[Algorithm::Intercept],
        )],
        ..Scenario::default()
    });
    run(&mut world, 10);
    let runner = TargetId(0);
    world
        .apply(Input::MoveTarget {
            target: runner,
            pos: Vec2::new(100.0, 100.0),
        })
        .unwrap();
    let events = run_until(&mut world, 600, |k| matches!(k, EventKind::Missed { .. }));
    let missile = only_missile(&world);
    let aim = intercept_aim(missile);
    let detonated: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Detonated { .. }))
        .collect();
    assert_eq!(detonated.len(), 1);
    assert!(
        matches!(detonated[0].kind, EventKind::Detonated { pos, radius, .. } if pos == aim && radius == 30.0)
    );
    assert_eq!(misses(&events)[0].1, MissReason::Detonated);
    assert!(hits(&events).is_empty());
    assert_eq!(
        missile.metrics.outcome,
        Outcome::Missed(MissReason::Detonated)
    );
    assert_eq!(missile.body.pos, aim);
}

#[test]
fn intercept_launcher_reports_no_solution_when_the_target_outruns_it() {
    let mut world = build(Scenario {
        targets: vec![target("runaway", moving(600.0, 300.0, 400.0, 0.0))],
        launchers: vec![launcher(
            Vec2::new(100.0, 300.0),
            "runaway",
            &[Algorithm::Intercept, Algorithm::ProNav],
        )],
        ..Scenario::default()
    });
    let events = world.step().to_vec();
    let refused: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::NoSolution { .. }))
        .collect();
    assert_eq!(refused.len(), 1, "{events:#?}");
    assert_eq!(
        refused[0].kind,
        EventKind::NoSolution {
            algorithm: Algorithm::Intercept,
            source: Source::Launcher(0),
            target: TargetId(0)
        }
    );
    // Only the pro-nav missile flies.
    let fired = launched(&events);
    assert_eq!(fired.len(), 1);
    assert_eq!(fired[0].2, Algorithm::ProNav);
}

#[test]
fn newton_reports_solver_failed_on_an_axis_aligned_shot() {
    let mut world = build(Scenario {
        targets: vec![
            target("east", at(500.0, 300.0)),
            target("diagonal", at(500.0, 450.0)),
        ],
        launchers: vec![
            launcher(Vec2::new(100.0, 300.0), "east", &[Algorithm::Newton]),
            launcher(Vec2::new(100.0, 300.0), "diagonal", &[Algorithm::Newton]),
        ],
        ..Scenario::default()
    });
    let events = world.step().to_vec();
    let failed: Vec<_> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::SolverFailed { missile, algorithm } => Some((missile, algorithm)),
            _ => None,
        })
        .collect();
    // Missile 0 flies straight along +x from rest: sin(alpha) = 0 divides by zero.
    // Missile 1's shot is off the axes and solves.
    assert_eq!(
        failed,
        vec![(MissileId(0), Algorithm::Newton)],
        "{events:#?}"
    );
    assert!(world.missiles().iter().all(|m| m.body.is_finite()));
}

// ---------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------

#[test]
fn a_scenario_at_the_missile_cap_runs_with_bounded_missiles() {
    // A launcher firing 10,000 missiles a second for 60 s at 1,000 ticks a second would
    // ask for 600,000 missiles; the cap at that tick rate is 600 in flight.
    let scenario = steerlab::scenario::parse(
        "(version: 1, world: (tick_rate: 1000, width: 2000, height: 2000, margin: 100000),\
         targets: [(name: \"t\", motion: Static(pos: (1900, 1900)))],\
         launchers: [(pos: (0, 0), target: \"t\", algorithms: [\"smoothed\"], salvo: 1000, every: 0.1, spread: 10,\
         missile: (lifetime: 1000))])",
        "cap.ron",
    )
    .unwrap();
    let mut world = scenario.build().unwrap();
    let mut capped = 0;
    for _ in 0..400 {
        world.step();
        assert!(world.missiles().len() <= world.config.missile_cap());
        capped += world
            .events()
            .iter()
            .filter(|e| matches!(e.kind, EventKind::MissileCapReached { cap: 600, .. }))
            .count();
    }
    assert_eq!(world.config.missile_cap(), 600);
    assert_eq!(world.missiles().len(), 600);
    // Volleys at ticks 0, 100, 200, 300: the first fills 600 of 1000, every one refuses.
    assert_eq!(capped, 4);
}

// The turret (the missile-command article): in `world_events_parts/turret.rs`.
#[path = "world_events_parts/turret.rs"]
mod turret;
