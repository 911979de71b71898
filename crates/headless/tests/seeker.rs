//! The seeker between the target and every law: with latency k each law sees the target
//! of k ticks ago, exactly; outside the field of view the lock is lost, the event says
//! so, and the missile flies on its last command; noise follows the world's seed.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;
use proptest::prelude::*;
use proptest::test_runner::Config;
use steerlab::sim::seeker::{LockLoss, SeekerSpec};

/// Every law (built-ins and scripts) fired every 0.5 s at a target moving by `motion`,
/// each missile with `seeker`.
fn seen_through(motion: Motion, seeker: SeekerSpec) -> Scenario {
    let mut s = every_law(motion);
    s.launchers[0].every = Some(0.5);
    s.launchers[0].missile.seeker = Some(seeker);
    s
}

proptest! {
    #![proptest_config(Config { cases: 16, failure_persistence: None, ..Config::default() })]

    /// After tick t, a missile launched at tick L shows its law the target as it was at
    /// the start of tick max(L, t - k), bit for bit.
    #[test]
    fn with_latency_k_every_law_sees_the_target_of_k_ticks_ago(
        latency in 0u32..40,
        angular_speed in -2.0f32..2.0,
    ) {
        let seeker = SeekerSpec { latency, ..SeekerSpec::default() };
        let mut world = seen_through(circler(angular_speed), seeker).build().unwrap();
        let mut truths = Vec::new();
        let mut checked = 0;
        for t in 0..90u64 {
            world.step();
            truths.push(world.targets()[0].prev_pos);
            for m in world.missiles() {
                let held = m.seeker.as_ref().unwrap().held.unwrap().0;
                let from = t.saturating_sub(u64::from(latency)).max(m.launched_tick);
                prop_assert_eq!(held, truths[from as usize], "{:?} at tick {}", m.algorithm(), t);
                checked += 1;
            }
        }
        prop_assert!(checked > 200);
    }
}

/// The angle from `a` to `b` in f64, positive from +x towards +y.
fn turn(a: Vec2, b: Vec2) -> f64 {
    let (ax, ay, bx, by) = (a.x as f64, a.y as f64, b.x as f64, b.y as f64);
    (ax * by - ay * bx).atan2(ax * bx + ay * by)
}

#[test]
fn outside_the_field_of_view_the_lock_is_lost_and_the_missile_holds_its_last_turn_rate_and_speed() {
    // Every law, a 40 degree seeker: the target circles fast enough to leave the cone.
    let mut s = seen_through(
        Motion::Circle(motion::Circle {
            center: Vec2::new(700.0, 400.0),
            radius: 120.0,
            angular_speed: 3.0,
            phase: 0.0,
        }),
        SeekerSpec {
            fov: 40.0,
            ..SeekerSpec::default()
        },
    );
    s.launchers[0].pos = Vec2::new(100.0, 400.0);
    s.launchers[0].launch_velocity = Vec2::ZERO;
    s.launchers[0].every = None;
    let mut world = s.build().unwrap();
    let dt = f64::from(world.dt());
    let mut events = Vec::new();
    // Per missile: its velocity and lock at the start of the tick, and the turn of the
    // last tick its law flew (rad/s), measured here from the velocities (zero before it
    // flies: a missile blind from launch flies straight).
    let mut state: std::collections::BTreeMap<MissileId, (Vec2, bool, f64)> = Default::default();
    let (mut blind, mut turning) = (0, 0);
    for _ in 0..300 {
        let step = world.step().to_vec();
        for e in &step {
            // On its launch tick a missile starts from its launch state, locked.
            if let EventKind::Launched { missile, body, .. } = e.kind {
                state.insert(missile, (body.vel, false, 0.0));
            }
        }
        events.extend(step.into_iter().map(|e| (e.tick, e.kind)));
        for m in world.missiles() {
            let (vel, was_lost, law_turn) = state[&m.id];
            let rate = turn(vel, m.body.vel) / dt;
            let lost = m.seeker.as_ref().unwrap().lost.is_some();
            if was_lost && lost {
                // Blind on both ticks: the velocity turned at the rate of the last tick
                // the law flew, and kept its length.
                assert!(
                    (rate - law_turn).abs() < 1e-3,
                    "{}: turned {rate} rad/s, the law's last {law_turn}",
                    m.algorithm()
                );
                let (was, is) = (vel.length() as f64, m.body.vel.length() as f64);
                assert!(
                    (is - was).abs() <= 1e-5 * was,
                    "{}: speed {was} -> {is}",
                    m.algorithm()
                );
                blind += 1;
                turning += usize::from(law_turn.abs() > 0.05);
            }
            let law_turn = if lost { law_turn } else { rate };
            state.insert(m.id, (m.body.vel, lost, law_turn));
        }
    }
    let locks: Vec<Option<LockLoss>> = events
        .iter()
        .filter_map(|(_, k)| match k {
            EventKind::SeekerLock { lost, .. } => Some(*lost),
            _ => None,
        })
        .collect();
    assert_eq!(
        locks.first(),
        Some(&Some(LockLoss::OutsideFieldOfView)),
        "{locks:?}"
    );
    assert!(blind > 50, "blind for {blind} ticks");
    assert!(turning > 50, "blind and turning for {turning} ticks");
}

#[test]
fn noise_is_the_same_for_a_seed_and_differs_for_another_and_off_the_seed_does_not_matter() {
    let run = |seed: u64, noise: f32| {
        let mut s = seen_through(
            circler(0.9),
            SeekerSpec {
                bearing_noise: noise,
                range_noise: noise,
                ..SeekerSpec::default()
            },
        );
        s.world.seed = seed;
        let mut world: World = s.build().unwrap();
        for _ in 0..120 {
            world.step();
        }
        world
            .all_missiles()
            .iter()
            .map(|m| m.body)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(1, 2.0), run(1, 2.0));
    assert_ne!(run(1, 2.0), run(2, 2.0));
    assert_eq!(run(1, 0.0), run(2, 0.0));
    assert_ne!(run(1, 0.0), run(1, 2.0));
}

#[test]
fn a_blast_never_counts_a_flare_and_a_decoyed_shell_that_catches_nothing_was_decoyed() {
    // An intercept re-aiming every tick, its seeker sure to take a flare (chance 1),
    // against a target that throws one at once and flies off the other way: it detonates
    // on the flare, 50 units of blast, with the target long gone.
    let text = r#"(
        version: 1,
        algorithms: (intercept: (speed: 350, blast_radius: 50, lead_pursuit: true)),
        targets: [(
            name: "jet",
            motion: Constant(pos: (700, 300), vel: (-110, 0)),
            flares: (count: 1, range: 1000, every: 1, lifetime: 5, eject_speed: 70),
        )],
        launchers: [(pos: (100, 300), target: "jet", algorithms: ["intercept"],
            missile: (seeker: (decoy_chance: 1)))],
    )"#;
    let mut world = steerlab::scenario::parse(text, "decoy")
        .unwrap()
        .build()
        .unwrap();
    let events = run_until(&mut world, 600, |e| {
        matches!(e, EventKind::Missed { .. } | EventKind::Hit { .. })
    });
    assert!(events
        .iter()
        .any(|e| matches!(e.kind, EventKind::Decoyed { .. })));
    assert!(events
        .iter()
        .any(|e| matches!(e.kind, EventKind::Detonated { .. })));
    assert_eq!(
        misses(&events).iter().map(|m| m.1).collect::<Vec<_>>(),
        [MissReason::Decoyed]
    );
    assert!(hits(&events).is_empty());
}

#[test]
fn an_intercept_with_a_seeker_that_took_no_flare_and_caught_nothing_detonated() {
    // The intercept aims where a target keeping its launch velocity would be; this one
    // circles away, so the blast catches nothing. Its seeker saw no flare: the miss is
    // "detonated", not "decoyed".
    let mut s = seen_through(circler(1.0), SeekerSpec::default());
    s.launchers[0].every = None;
    s.launchers[0].algorithms = vec![Algorithm::from_id("intercept").unwrap()];
    s.launchers[0].launch_velocity = Vec2::ZERO;
    let world = steerlab::headless::run(&s, Some(8.0), None).unwrap();
    let m = &world.all_missiles()[0];
    assert!(!m.seeker.as_ref().unwrap().decoyed());
    assert_eq!(m.metrics.outcome, Outcome::Missed(MissReason::Detonated));
}

#[test]
fn a_flare_thrown_outside_the_field_of_view_fools_no_one() {
    // The jet sits 38.7 degrees off the missile's nose ((350, 100) from (100, 300)
    // flying +x), outside a 20 degree cone: the lock is lost, the missile flies straight
    // on, and the flares the jet throws (from where it is) are never in view, so the
    // seeker (which takes any flare it sees) takes none.
    let mut s = seen_through(
        Motion::Static(motion::Static {
            pos: Vec2::new(350.0, 100.0),
        }),
        SeekerSpec {
            fov: 20.0,
            decoy_chance: 1.0,
            ..SeekerSpec::default()
        },
    );
    s.targets[0].flares = Some(steerlab::sim::flares::FlareSpec {
        count: 4,
        range: 300.0,
        every: 0.2,
        lifetime: 1.0,
        eject_speed: 50.0,
    });
    s.launchers[0].pos = Vec2::new(100.0, 300.0);
    s.launchers[0].launch_velocity = Vec2::new(300.0, 0.0);
    s.launchers[0].every = None;
    s.launchers[0].algorithms = vec![Algorithm::from_id("pro-nav").unwrap()];
    let mut world = s.build().unwrap();
    let mut thrown = 0;
    for _ in 0..120 {
        for e in world.step() {
            thrown += usize::from(matches!(e.kind, EventKind::FlareReleased { .. }));
            assert!(!matches!(e.kind, EventKind::Decoyed { .. }), "{e:?}");
        }
    }
    assert!(thrown >= 2, "only {thrown} flares thrown");
}
