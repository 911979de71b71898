//! Airframe limits and gravity, between every law's command and its body: whatever the
//! law (built-in or scripted) asks, the lateral acceleration flown never exceeds the
//! limit; limits that never bind change nothing; the options live in scenario files.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::collections::BTreeMap;
use steerlab::scenario;
use steerlab::sim::airframe::AirframeSpec;

/// Every law (built-ins and scripts) from `from` at a target moving by `motion`, each
/// missile through `airframe`.
fn flown(motion: Motion, from: Vec2, airframe: Option<AirframeSpec>) -> Scenario {
    let mut s = every_law(motion);
    s.launchers[0].pos = from;
    s.launchers[0].missile.airframe = airframe;
    s
}

/// Each missile's velocity at every tick it flew, by id.
fn velocities(world: &mut World, ticks: usize) -> BTreeMap<MissileId, Vec<Vec2>> {
    let mut out: BTreeMap<MissileId, Vec<Vec2>> = BTreeMap::new();
    for _ in 0..ticks {
        world.step();
        for m in world.missiles() {
            out.entry(m.id).or_default().push(m.body.vel);
        }
    }
    out
}

fn airframe_spec() -> impl Strategy<Value = AirframeSpec> {
    (
        0.0f32..3000.0,
        prop_oneof![Just(0.0f32), 0.0f32..0.05],
        prop_oneof![Just(0.0f32), 0.0f32..0.5],
        any::<bool>(),
        (0.0f32..2000.0, 0.0f32..3.0, 0.0f32..500.0, 0.0f32..0.01),
        prop_oneof![Just(0.0f32), 50.0f32..800.0],
    )
        .prop_map(
            |(max_accel, lift, lag, thrust, (boost, time, sustain, drag), max_speed)| {
                AirframeSpec {
                    max_accel,
                    lift,
                    lag,
                    thrust,
                    boost_accel: boost,
                    boost_time: time,
                    sustain_accel: sustain,
                    sustain_time: time,
                    drag,
                    max_speed,
                }
            },
        )
}

fn target_motion() -> impl Strategy<Value = Motion> {
    let point = (100.0f32..1300.0, 50.0f32..750.0).prop_map(|(x, y)| Vec2::new(x, y));
    let vel = (-300.0f32..300.0, -300.0f32..300.0).prop_map(|(x, y)| Vec2::new(x, y));
    prop_oneof![
        (point.clone(), vel).prop_map(|(pos, vel)| Motion::Constant(motion::Constant { pos, vel })),
        (point, 20.0f32..300.0, -3.0f32..3.0).prop_map(|(center, radius, angular_speed)| {
            Motion::Circle(motion::Circle {
                center,
                radius,
                angular_speed,
                phase: 0.0,
            })
        }),
    ]
}

proptest! {
    #![proptest_config(Config { cases: 24, failure_persistence: None, ..Config::default() })]

    /// With `v` the velocity before a tick and `v'` after, the lateral acceleration
    /// `|(v' - v) . n| / dt` (n perpendicular to v) is within the airframe's limit at
    /// the speed `|v|`, for every law, built-in and scripted.
    #[test]
    fn achieved_lateral_acceleration_never_exceeds_the_limit_for_any_law(
        spec in airframe_spec(),
        motion in target_motion(),
        from in (0.0f32..1400.0, 0.0f32..800.0),
    ) {
        let s = flown(motion, Vec2::new(from.0, from.1), Some(spec.clone()));
        let mut world = s.build().unwrap();
        let dt = world.dt();
        let flown = velocities(&mut world, 150);
        // Launched on top of the target, every missile hits in its first tick: nothing
        // to measure (1 case in about 3000).
        prop_assume!(!flown.is_empty());
        for (id, vels) in &flown {
            for pair in vels.windows(2) {
                let (v, next) = (pair[0], pair[1]);
                let Some(along) = v.try_normalize() else { continue };
                let lateral = (next - v).dot(along.perp()).abs() / dt;
                let limit = spec.lateral_limit(v.length());
                prop_assert!(
                    lateral <= limit * 1.001 + 0.05,
                    "{id:?}: lateral {lateral} over the limit {limit} at speed {}", v.length()
                );
            }
        }
    }
}

#[test]
fn an_airframe_that_never_binds_flies_every_law_exactly_as_without_one() {
    let generous = AirframeSpec {
        max_accel: 1.0e6,
        max_speed: 1.0e6,
        ..AirframeSpec::default()
    };
    let from = Vec2::new(150.0, 650.0);
    let mut with = flown(circler(0.9), from, Some(generous)).build().unwrap();
    let mut without = flown(circler(0.9), from, None).build().unwrap();
    for _ in 0..400 {
        with.step();
        without.step();
        let bodies = |w: &World| w.all_missiles().iter().map(|m| m.body).collect::<Vec<_>>();
        assert_eq!(bodies(&with), bodies(&without), "tick {}", with.tick());
    }
    assert!(without.all_missiles().len() > Algorithm::ALL.len());
}

#[test]
fn a_tight_limit_widens_pro_navs_turn_and_the_state_records_command_and_achievement() {
    // Pro-nav's own limit is 350 in this scenario; an airframe of 60 turns it at most
    // 60 / 260 = 0.23 rad/s, so it cannot reach the circler in time.
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let tight = AirframeSpec {
        max_accel: 60.0,
        ..AirframeSpec::default()
    };
    let mut world = flown(circler(0.9), Vec2::new(150.0, 650.0), Some(tight))
        .build()
        .unwrap();
    let mut bound = 0;
    for _ in 0..300 {
        world.step();
        for m in world.missiles().iter().filter(|m| m.algorithm() == pro_nav) {
            let state = m.airframe.as_ref().unwrap().state;
            let along = m.body.vel.normalize();
            assert!(state.achieved.dot(along.perp()).abs() <= 60.0 * 1.01 + 1e-2);
            if state.commanded.length() > 100.0 {
                bound += 1;
            }
        }
    }
    assert!(
        bound > 10,
        "the command exceeded the limit on {bound} ticks"
    );
    let peak = world
        .all_missiles()
        .iter()
        .filter(|m| m.algorithm() == pro_nav)
        .map(|m| m.metrics.peak_turn_rate)
        .fold(0.0f32, f32::max);
    assert!(peak <= 60.0 / 260.0 * 1.02, "peak turn {peak} rad/s");
}

#[test]
fn gravity_pulls_every_missile_and_off_it_changes_nothing() {
    let from = Vec2::new(150.0, 650.0);
    let mut plain = flown(circler(0.9), from, None);
    let mut zero = plain.clone();
    zero.world.gravity = Vec2::ZERO;
    let mut heavy = plain.clone();
    heavy.world.gravity = Vec2::new(0.0, 200.0);
    let run = |s: &Scenario| {
        let mut world = s.build().unwrap();
        for _ in 0..120 {
            world.step();
        }
        world
    };
    plain.world.seed = 0;
    assert_eq!(run(&plain).state_hash(), run(&zero).state_hash());
    let (a, b) = (run(&plain), run(&heavy));
    // The constant-speed laws re-aim every tick; gravity still sags each of them.
    for (m, n) in a.all_missiles().iter().zip(b.all_missiles()) {
        assert_eq!(m.id, n.id);
        assert_ne!(
            m.body.pos,
            n.body.pos,
            "{:?} ignores gravity",
            m.algorithm()
        );
    }
}

#[test]
fn airframe_and_gravity_round_trip_through_a_scenario_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.ron");
    std::fs::write(
        &path,
        r#"(
    version: 1,
    world: (gravity: (0, 98)),
    targets: [(name: "t", motion: Static(pos: (600, 300)))],
    launchers: [(
        pos: (100, 500),
        target: "t",
        algorithms: ["pro-nav"],
        missile: (airframe: (max_accel: 300, lift: 0.01, lag: 0.2, thrust: true, boost_accel: 400, boost_time: 1.5, drag: 0.0005, max_speed: 900)),
    )],
)"#,
    )
    .unwrap();
    let s = scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.world.gravity, Vec2::new(0.0, 98.0));
    let airframe = s.launchers[0].missile.airframe.clone().unwrap();
    assert_eq!(
        airframe,
        AirframeSpec {
            max_accel: 300.0,
            lift: 0.01,
            lag: 0.2,
            thrust: true,
            boost_accel: 400.0,
            boost_time: 1.5,
            sustain_accel: 0.0,
            sustain_time: 0.0,
            drag: 0.0005,
            max_speed: 900.0,
        }
    );
    let saved = dir.path().join("saved.ron");
    scenario::save(&s, &saved, None, &[]).unwrap();
    assert_eq!(scenario::load(&saved).unwrap(), s);
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(
        !text.contains("sustain_time"),
        "defaults are left out:\n{text}"
    );
    // Without the options nothing about them is written.
    let mut off = s.clone();
    off.world.gravity = Vec2::ZERO;
    off.launchers[0].missile.airframe = None;
    scenario::save(&off, &saved, None, &[]).unwrap();
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(
        !text.contains("gravity") && !text.contains("airframe"),
        "{text}"
    );
}
