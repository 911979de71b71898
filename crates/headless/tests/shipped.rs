//! Every shipped scenario, run headless, does what its description says: which
//! missiles hit, which miss and why, and the behaviour each one is there to show.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use steerlab::core::field::WrittenValue;
use steerlab::guidance::{Algorithm, Guidance, Value};
use steerlab::headless;
use steerlab::scenario::presets::SHIPPED;
use steerlab::scenario::Scenario;
use steerlab::sim::{EventKind, Input, MissReason, Missile, Outcome, Source, TargetLoss, World};

mod shipped_common;
use shipped_common::{hit, of, scenario};

/// Runs a scenario for `seconds`, collecting every event.
fn run(scenario: &Scenario, seconds: f64) -> (World, Vec<EventKind>) {
    let mut world = scenario.build().unwrap();
    let mut events = Vec::new();
    for _ in 0..(seconds * f64::from(world.config.tick_rate)).round() as u64 {
        events.extend(world.step().iter().map(|e| e.kind.clone()));
    }
    (world, events)
}

#[test]
fn every_shipped_scenario_has_a_test_here() {
    let covered = [
        "default",
        "lunar-blast",
        "fly-program",
        "accelerating",
        "missile-command",
        "heat-seeker",
        "dead-zone-jitter",
        "faster-target",
        "apn-vs-pn",
        "evasive",
        "artillery",
        "flares",
        // These are in tests/shipped_steering.rs and tests/shipped_goals.rs.
        "terrain",
        "boids",
        "hide",
        "capture-the-flag",
        "arrive",
        "around-a-building",
        "pedestrians",
        "interpose",
        "flow-field",
        "doorway",
        "escort",
        "wander",
        "low-speed-turn",
        "obstacle-avoidance",
        // The two sweeps are tested in tests/sweep.rs.
        "smoothed-envelope",
        "launch-envelope",
    ];
    let shipped: Vec<&str> = SHIPPED.iter().map(|(n, _)| *n).collect();
    assert_eq!(shipped, covered);
}

#[test]
fn default_every_algorithm_but_the_straight_flyers_hits_the_circling_target() {
    // The first volley only (t = 0), followed to its end.
    let (world, _) = run(&scenario("default"), 5.9);
    for algorithm in [
        Algorithm::Smoothed,
        Algorithm::TurnRate,
        Algorithm::Newton,
        Algorithm::Quartic,
        Algorithm::HeatSeeker,
        Algorithm::ProNav,
    ] {
        let first = of(&world, algorithm)[0];
        assert!(hit(first), "{algorithm}: {:?}", first.metrics.outcome);
        assert!(first.metrics.time_to_hit.unwrap() < 3.0);
    }
    // The quadratic assumes a straight-line target: against a circling one its missile
    // bursts at an empty aim point.
    let intercept = of(&world, Algorithm::Intercept)[0];
    assert_eq!(
        intercept.metrics.outcome,
        Outcome::Missed(MissReason::Detonated)
    );
    assert!(intercept.metrics.miss_distance > 30.0);
    // The naive accelerating missile, launched with a start velocity, swings past.
    let naive = of(&world, Algorithm::NaiveAccel)[0];
    assert!(!hit(naive), "{:?}", naive.metrics.outcome);
}

#[test]
fn lunar_blast_homing_shot_hits_and_slows_in_its_turn() {
    let (world, _) = run(&scenario("lunar-blast"), 12.0);
    let shots = of(&world, Algorithm::Smoothed);
    assert!(shots.len() >= 5);
    let ended: Vec<_> = shots
        .iter()
        .filter(|m| m.metrics.outcome != Outcome::Flying)
        .collect();
    assert!(
        ended.iter().all(|m| hit(m)),
        "every homing shot hits the patrolling enemy"
    );
    // ga = 0.9 unnormalised: it flew slower than 8 units/tick somewhere in its turn, so
    // its path is shorter than speed x time.
    let m = ended[0];
    let full_speed_path = 8.0 * 60.0 * m.metrics.time_to_hit.unwrap();
    assert!(
        m.metrics.path_length < 0.99 * full_speed_path,
        "{} vs {full_speed_path}",
        m.metrics.path_length
    );
}

#[test]
fn fly_program_sluggish_enemy_dies_on_the_death_line_and_the_agile_one_flies_on() {
    let s = scenario("fly-program");
    let (world, events) = run(&s, 30.0);
    let sluggish = 1; // targets are numbered in file order
    assert!(events.iter().any(|e| matches!(e, EventKind::TargetLost { target, reason: TargetLoss::DeathLine } if target.0 == sluggish)));
    assert!(
        world.targets().iter().any(|t| t.name == "agile"),
        "the agile enemy wraps to command 0 and keeps flying"
    );
    // The turn-rate missile fired at the sluggish enemy hits it.
    let missile = of(&world, Algorithm::TurnRate)[0];
    assert!(hit(missile), "{:?}", missile.metrics.outcome);
}

#[test]
fn accelerating_smart_missiles_hit_and_the_stupid_one_orbits() {
    let (world, _) = run(&scenario("accelerating"), 31.0);
    let newton = of(&world, Algorithm::Newton)[0];
    let quartic = of(&world, Algorithm::Quartic)[0];
    let naive = of(&world, Algorithm::NaiveAccel)[0];
    assert!(hit(newton) && hit(quartic));
    // Newton (8 iterations) lands within 2% of the exact solution's time.
    let (tn, tq) = (
        newton.metrics.time_to_hit.unwrap(),
        quartic.metrics.time_to_hit.unwrap(),
    );
    assert!((tn - tq).abs() / tq < 0.02, "newton {tn} vs quartic {tq}");
    // The stupid missile never hits: it orbits until its lifetime runs out, never far away.
    assert_eq!(
        naive.metrics.outcome,
        Outcome::Missed(MissReason::LifetimeOut)
    );
    assert!(
        naive.metrics.path_length > 5.0 * 450.0,
        "it kept flying around: {}",
        naive.metrics.path_length
    );
}

#[test]
fn missile_command_turret_destroys_asteroids_and_wastes_shots_on_dead_ones() {
    let (world, events) = run(&scenario("missile-command"), 60.0);
    let missiles = of(&world, Algorithm::Intercept);
    let hits = missiles.iter().filter(|m| hit(m)).count();
    let destroyed = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                EventKind::TargetLost {
                    reason: TargetLoss::Destroyed,
                    ..
                }
            )
        })
        .count();
    assert!(
        hits >= 30 && destroyed >= hits,
        "{hits} hits, {destroyed} destroyed"
    );
    // Faithful to the article, it fires at its pick every poll, so later missiles find
    // their asteroid already gone; none flies off the world.
    for m in &missiles {
        match m.metrics.outcome {
            Outcome::Missed(reason) => assert!(
                matches!(reason, MissReason::TargetLost | MissReason::Detonated),
                "{reason:?}"
            ),
            Outcome::Hit { .. } | Outcome::Flying => {}
        }
    }
    assert!(missiles
        .iter()
        .any(|m| m.metrics.outcome == Outcome::Missed(MissReason::TargetLost)));
    assert!(events
        .iter()
        .any(|e| matches!(e, EventKind::TargetSpawned { .. })));
}

#[test]
fn heat_seeker_overshoots_the_passing_target_and_comes_back_to_hit() {
    let s = scenario("heat-seeker");
    let mut world = s.build().unwrap();
    let mut reversed = false;
    let mut outcome = Outcome::Flying;
    for _ in 0..(20 * 30) {
        world.step();
        if let Some(m) = world.missiles().first() {
            if let Guidance::HeatSeeker(hs) = &m.guidance {
                // Launched east at full speed; the target passes going west. The missile
                // cannot turn on a dime: its x velocity has to run down through zero.
                reversed |= hs.vel.x < 0;
            }
        }
        if let Some(m) = world.finished().first() {
            outcome = m.metrics.outcome;
            break;
        }
    }
    assert!(reversed, "the missile never turned back");
    assert!(matches!(outcome, Outcome::Hit { .. }), "{outcome:?}");
}

#[test]
fn dead_zone_jitter_turns_left_and_right_at_epsilon_zero() {
    let s = scenario("dead-zone-jitter");
    assert_eq!(s.algorithms.turn_rate.dead_zone, 0.0);
    let count_flips = |scenario: &Scenario| {
        let mut world = scenario.build().unwrap();
        let (mut flips, mut last) = (0, None);
        for _ in 0..240 {
            world.step();
            if let Some(Guidance::TurnRate(tr)) = world.missiles().first().map(|m| &m.guidance) {
                if last.is_some_and(|l| l != tr.last.turn) {
                    flips += 1;
                }
                last = Some(tr.last.turn);
            }
        }
        flips
    };
    let jittery = count_flips(&s);
    let mut calm = s.clone();
    calm.algorithms.turn_rate.dead_zone = 0.1;
    assert!(jittery > 100, "only {jittery} flips at epsilon 0");
    assert!(
        count_flips(&calm) < 5,
        "the dead zone should stop the jitter"
    );
    // It still reaches the beacon.
    let (world, _) = run(&s, 10.0);
    assert!(hit(of(&world, Algorithm::TurnRate)[0]));
}

#[test]
fn faster_target_flies_both_roots_side_by_side() {
    // Worked by hand from the file: at launch (t = 0.2 s) the streak is at (-55, 250)
    // flying (225, 0); the missile flies 150. Launcher 0 at (800, 800) takes the
    // earliest root of |(-855 + 225 t, -550)| = 150 t, 28125 t^2 - 384750 t + 1033525 = 0:
    // t = 3.6717 s (aim x = 771). Launcher 1 at (600, 800) overrides root_rule with the
    // article's max() and takes the later root of 28125 t^2 - 294750 t + 731525 = 0:
    // t = 6.4433 s (aim x = 1395), still inside the 1600-wide world.
    let (world, _) = run(&scenario("faster-target"), 8.0);
    let from = |launcher: usize| {
        world
            .all_missiles()
            .into_iter()
            .find(|m| m.source == Source::Launcher(launcher))
            .unwrap()
    };
    for (launcher, expected, aim_x) in [(0, 3.6717, 771.1), (1, 6.4433, 1394.7)] {
        let m = from(launcher);
        assert!(hit(m), "launcher {launcher}: {:?}", m.metrics.outcome);
        let t = m.metrics.time_to_hit.unwrap();
        assert!((t - expected).abs() < 0.05, "launcher {launcher}: {t}");
        assert!(
            (m.body.pos.x - aim_x).abs() < 25.0,
            "launcher {launcher}: {}",
            m.body.pos
        );
    }
}

#[test]
fn a_launchers_override_wins_over_the_panels_change_of_the_same_parameter() {
    // Launcher 0 moves onto launcher 1's spot (600, 800), where both roots are on screen,
    // and launcher 1 now insists on the earliest root; before the launch the panel switches
    // the scenario's rule to the article's max() and the missile speed to 155. Both
    // launchers take the new speed: 26600 t^2 - 294750 t + 731525 = 0, t = 3.7529 or
    // 7.3279 s. Launcher 0 follows the panel's rule (the later root), launcher 1 keeps
    // its own (the earlier).
    let mut s = scenario("faster-target");
    s.launchers[0].pos = s.launchers[1].pos;
    s.launchers[1].params.insert(
        "intercept.root_rule".into(),
        WrittenValue::Name("earliest".into()),
    );
    let mut world = s.build().unwrap();
    world
        .apply(Input::SetParam {
            algorithm: Algorithm::Intercept,
            name: "root_rule".into(),
            value: Value::Choice(1),
        })
        .unwrap();
    world
        .apply(Input::SetParam {
            algorithm: Algorithm::Intercept,
            name: "speed".into(),
            value: Value::Number(155.0),
        })
        .unwrap();
    for _ in 0..8 * world.config.tick_rate as u32 {
        world.step();
    }
    for (launcher, expected) in [(0, 7.3279), (1, 3.7529)] {
        let m = world
            .all_missiles()
            .into_iter()
            .find(|m| m.source == Source::Launcher(launcher))
            .unwrap();
        let t = m.metrics.time_to_hit.unwrap();
        assert!((t - expected).abs() < 0.05, "launcher {launcher}: {t}");
    }
}

#[test]
fn every_shipped_scenario_runs_headless_without_non_finite_states() {
    for (name, _) in SHIPPED {
        let world = headless::run(&scenario(name), Some(20.0), None).unwrap();
        for m in world.all_missiles() {
            assert_ne!(
                m.metrics.outcome,
                Outcome::Missed(MissReason::NonFinite),
                "{name}"
            );
        }
    }
}

#[test]
fn apn_vs_pn_augmentation_hits_the_turning_target_more_often_unless_the_airframe_saturates() {
    // Each launcher's ended missiles: (hits, ended, mean closest approach).
    let tally = |world: &World, launcher: usize| {
        let ended: Vec<&Missile> = world
            .finished()
            .iter()
            .filter(|m| m.source == Source::Launcher(launcher))
            .collect();
        let hits = ended.iter().filter(|m| hit(m)).count();
        let closest: f32 = ended.iter().map(|m| m.metrics.miss_distance).sum();
        (hits, ended.len(), closest / ended.len() as f32)
    };
    let (world, _) = run(&scenario("apn-vs-pn"), 60.0);
    let (pn, apn) = (tally(&world, 0), tally(&world, 1));
    assert!(pn.1 > 80 && apn.1 > 80, "{pn:?} {apn:?}");
    assert!(apn.0 >= pn.0 + 5, "APN {apn:?} against PN {pn:?}");
    assert!(
        apn.2 < pn.2 / 2.0,
        "mean closest: APN {apn:?} against PN {pn:?}"
    );
    // No missile turned harder than the airframe lets it: 800 / 300 rad/s.
    for m in world.all_missiles() {
        assert!(
            m.metrics.peak_turn_rate <= 800.0 / 300.0 * 1.01,
            "{:?}",
            m.id
        );
    }
    // At 400 units/s^2, twice the target's, the N/2 term alone asks for all of it.
    let mut tight = scenario("apn-vs-pn");
    for launcher in &mut tight.launchers {
        launcher.missile.airframe.as_mut().unwrap().max_accel = 400.0;
    }
    let (world, _) = run(&tight, 60.0);
    let (pn, apn) = (tally(&world, 0), tally(&world, 1));
    assert!(apn.0 < pn.0, "APN {apn:?} against PN {pn:?} at 400");
}

#[test]
fn evasive_targets_evade_break_and_jink_by_their_rules_and_pro_nav_still_hits_them_all() {
    let mut world = scenario("evasive").build().unwrap();
    let dt = world.dt();
    let speed = 160.0;
    // Per target: the tick its rule first had a missile near (evade 350, break 150).
    let mut first_near = [None, None];
    for tick in 0..360u64 {
        let before: Vec<(glam::Vec2, glam::Vec2)> =
            world.targets().iter().map(|t| (t.pos, t.vel)).collect();
        let nearest = |name: &str| {
            let target = world.targets().iter().find(|t| t.name == name)?;
            world
                .missiles()
                .iter()
                .filter(|m| m.target == target.id)
                .map(|m| m.body.pos.distance(target.pos))
                .min_by(f32::total_cmp)
        };
        for (k, (name, range)) in [("evader", 350.0), ("breaker", 150.0)]
            .into_iter()
            .enumerate()
        {
            if first_near[k].is_none() && nearest(name).is_some_and(|d| d <= range) {
                first_near[k] = Some(tick);
            }
        }
        // Missiles launch before targets move: the first tick's threat is seen too.
        world.step();
        let turned = |i: usize| {
            let (old, new) = (before[i].1, world.targets()[i].vel);
            old.angle_between(new).abs()
        };
        // Evade may slow while it steers (Reynolds truncates the velocity); the others
        // keep their speed.
        let speeds: Vec<f32> = world.targets().iter().map(|t| t.vel.length()).collect();
        assert!(speeds[0] <= speed + 0.01, "{speeds:?}");
        assert!(
            speeds[1..].iter().all(|s| (s - speed).abs() < 0.01),
            "{speeds:?}"
        );
        // The evader and the breaker fly straight until their rule fires.
        if first_near[0].is_none() {
            assert!(
                turned(0) < 1e-6,
                "evader turned at tick {tick} with no missile near"
            );
        }
        match first_near[1] {
            None => assert!(turned(1) < 1e-6, "breaker turned early at tick {tick}"),
            // A 900 units/s^2 turn at 160 units/s: atan(900 dt / 160) a tick.
            Some(_) => assert!((turned(1) - (900.0 * dt / speed).atan()).abs() < 1e-3),
        }
        // The jinker never turns harder than 600 units/s^2.
        assert!(
            turned(2) <= (600.0 * dt / speed).atan() + 1e-4,
            "tick {tick}"
        );
    }
    assert!(first_near.iter().all(Option::is_some), "{first_near:?}");
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    for m in of(&world, pro_nav) {
        assert!(
            hit(m),
            "pro-nav from {:?}: {:?}",
            m.source,
            m.metrics.outcome
        );
    }
    let missed = |launcher, id: &str| {
        let algorithm = Algorithm::from_id(id).unwrap();
        of(&world, algorithm)
            .iter()
            .any(|m| m.source == Source::Launcher(launcher) && !hit(m))
    };
    assert!(missed(1, "smoothed") && missed(2, "turn-rate"));
}

#[test]
fn artillery_shells_fly_the_low_arc_and_every_hit_is_on_the_solved_time() {
    let (world, events) = run(&scenario("artillery"), 30.0);
    let ballistic = Algorithm::from_id("ballistic").unwrap();
    let shells = of(&world, ballistic);
    assert_eq!(
        shells.len(),
        world.all_missiles().len(),
        "the turret fires shells only"
    );
    let hits: Vec<&&Missile> = shells.iter().filter(|m| hit(m)).collect();
    assert!(hits.len() >= 20, "{} hits", hits.len());
    for m in &hits {
        // A hit lands at the solved time, within a tick; the blast is where the rock was.
        let Guidance::Ballistic(shell) = &m.guidance else {
            unreachable!()
        };
        assert_eq!(shell.chosen, 0, "the low arc");
        let low = shell.arcs[0].unwrap();
        assert!((m.metrics.time_to_hit.unwrap() - low.time).abs() < 1e-3);
        assert!(m.metrics.miss_distance < 1.0, "{:?}", m.id);
        if let Some(high) = shell.arcs[1] {
            assert!(high.time >= low.time);
        }
    }
    // The other shells find their rock already destroyed by an earlier one.
    for m in shells
        .iter()
        .filter(|m| !hit(m) && m.metrics.outcome != Outcome::Flying)
    {
        assert_eq!(
            m.metrics.outcome,
            Outcome::Missed(MissReason::TargetLost),
            "{:?}",
            m.id
        );
    }
    assert!(events.iter().any(|e| matches!(
        e,
        EventKind::TargetLost {
            reason: TargetLoss::Destroyed,
            ..
        }
    )));
}

#[test]
fn flares_fool_the_seekers_that_see_them_and_never_the_missiles_without_one() {
    let mut world = scenario("flares").build().unwrap();
    let (mut released, mut burnt) = (Vec::new(), Vec::new());
    let mut decoyed = Vec::new();
    for _ in 0..(16 * 60) {
        // The nearest missile after the jet at the start of the tick, counting those
        // the launchers fire on this tick (every 4 s) from where they stand.
        let tick = world.tick();
        let jet = world
            .targets()
            .iter()
            .find(|t| t.name == "jet")
            .map(|t| (t.id, t.pos));
        let nearest = jet.and_then(|(id, pos)| {
            let volley = world
                .launchers()
                .iter()
                .filter(|_| tick.is_multiple_of(240));
            world
                .missiles()
                .iter()
                .filter(|m| m.chasing() == id)
                .map(|m| m.body.pos)
                .chain(volley.map(|l| l.spec.pos))
                .map(|p| p.distance(pos))
                .min_by(f32::total_cmp)
        });
        let headings: Vec<(steerlab::sim::MissileId, glam::Vec2, f32)> = world
            .missiles()
            .iter()
            .map(|m| (m.id, m.body.pos, m.body.heading))
            .collect();
        for event in world.step().to_vec() {
            match event.kind {
                EventKind::FlareReleased { flare, .. } => {
                    assert!(
                        nearest.is_some_and(|d| d <= 300.0),
                        "tick {tick}: {nearest:?}"
                    );
                    released.push((tick, flare));
                }
                EventKind::TargetLost {
                    target,
                    reason: TargetLoss::BurntOut,
                } => burnt.push((tick, target)),
                EventKind::Decoyed { missile, flare } => {
                    // Only in the seeker's 90 degree view, from where it was (a missile
                    // launched on this tick is not checked: its launch state is gone).
                    if let Some((_, pos, heading)) = headings.iter().find(|h| h.0 == missile) {
                        let at = world.target(flare).unwrap().prev_pos;
                        let off = glam::Vec2::from_angle(*heading).angle_between(at - *pos);
                        assert!(off.abs() <= 45f32.to_radians() + 1e-4, "{off}");
                    }
                    decoyed.push(missile);
                }
                _ => {}
            }
        }
    }
    assert_eq!(released.len(), 8, "all eight thrown: {released:?}");
    assert!(
        released.windows(2).all(|w| w[1].0 - w[0].0 >= 24),
        "0.4 s apart"
    );
    // Each burns 2 s (120 ticks) from the tick it was thrown.
    for (tick, flare) in &released {
        assert!(
            burnt.contains(&(tick + 120, *flare)),
            "{flare:?} thrown at {tick}"
        );
    }
    let mut fooled = 0;
    for m in world.all_missiles() {
        match m.source {
            Source::Launcher(0) => {
                // Every seeker missile takes a flare; chasing it, it still hits the jet
                // if it touches it (jet radius 10 + missile radius 2), else it is
                // decoyed, never closer than that.
                assert!(decoyed.contains(&m.id));
                let touched = m.metrics.miss_distance <= 12.0;
                assert_eq!(hit(m), touched, "{:?}: {:?}", m.id, m.metrics);
                if !touched {
                    assert_eq!(m.metrics.outcome, Outcome::Missed(MissReason::Decoyed));
                    fooled += 1;
                }
            }
            _ => assert!(hit(m), "{:?}: {:?}", m.id, m.metrics.outcome),
        }
    }
    assert!(decoyed.len() >= 3, "{decoyed:?}");
    assert!(fooled >= 2, "only {fooled} fooled");
}
