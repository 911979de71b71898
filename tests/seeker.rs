//! The seeker between the target and every law: with latency k each law sees the target
//! of k ticks ago, exactly; outside the field of view the lock is lost, the event says
//! so, and the missile flies on its last command; noise follows the world's seed.

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

#[test]
fn outside_the_field_of_view_the_lock_is_lost_and_the_missile_flies_on_its_last_command() {
    // Pro-nav alone, a 20 degree seeker: the target circles fast enough to leave the cone.
    let mut s = seen_through(
        circler(2.0),
        SeekerSpec {
            fov: 20.0,
            ..SeekerSpec::default()
        },
    );
    s.launchers[0].algorithms = vec![Algorithm::from_id("pro-nav").unwrap()];
    s.launchers[0].every = None;
    let mut world = s.build().unwrap();
    let dt = world.dt();
    let (mut lost_ticks, mut events) = (0, Vec::new());
    for _ in 0..400 {
        let before = world
            .missiles()
            .first()
            .map(|m| (m.body.vel, m.seeker.clone().unwrap()));
        events.extend(world.step().iter().map(|e| (e.tick, e.kind.clone())));
        let (Some((vel, seeker)), Some(m)) = (before, world.missiles().first()) else {
            continue;
        };
        let now = m.seeker.as_ref().unwrap();
        if now.lost.is_some() && seeker.lost.is_some() {
            // Blind on both ticks: the velocity changed by the command of the last
            // tick the law was asked.
            let flown = (m.body.vel - vel) / dt;
            assert!(
                (flown - seeker.last_command).length() < 1e-2,
                "{flown} vs {}",
                seeker.last_command
            );
            lost_ticks += 1;
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
    assert!(lost_ticks > 5, "blind for {lost_ticks} ticks");
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
