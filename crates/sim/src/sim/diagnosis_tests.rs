//! The failure classes on flights made by hand: each built to show one class, and a
//! sibling changed in one number that shows none.

use super::*;
use crate::sim::ids::TargetId;

pub(super) const DT: f32 = 1.0 / 60.0;

/// `ticks` samples from `at(t)` giving (missile pos, missile vel, target pos, target vel).
pub(super) fn flight(ticks: usize, at: impl Fn(f32) -> (Vec2, Vec2, Vec2, Vec2)) -> Vec<Sample> {
    (1..=ticks)
        .map(|i| {
            let time = i as f32 * DT;
            let (pos, vel, target_pos, target_vel) = at(time);
            Sample {
                time,
                pos,
                vel,
                target_pos,
                target_vel,
                lateral: None,
                locked: true,
            }
        })
        .collect()
}

pub(super) fn missed(reason: MissReason, samples: &[Sample]) -> Ending {
    Ending {
        outcome: Outcome::Missed(reason),
        solver_failed: Vec::new(),
        time: samples.last().map_or(0.0, |s| s.time),
    }
}

pub(super) fn classes(findings: &[Finding]) -> Vec<Class> {
    findings.iter().map(|f| f.class).collect()
}

pub(super) fn lifetime_out(samples: &[Sample]) -> Vec<Finding> {
    diagnose(
        samples,
        &missed(MissReason::LifetimeOut, samples),
        &Thresholds::default(),
    )
}

/// Circling a parked target at `radius`, 2 rad/s, for 8 s.
pub(super) fn circling(radius: f32) -> Vec<Sample> {
    flight(480, |t| {
        let (s, c) = (2.0 * t).sin_cos();
        let pos = Vec2::new(c, s) * radius;
        let vel = Vec2::new(-s, c) * radius * 2.0;
        (pos, vel, Vec2::ZERO, Vec2::ZERO)
    })
}

#[test]
fn circling_the_target_is_an_orbit_and_nothing_else_kinematic() {
    let found = lifetime_out(&circling(40.0));
    assert_eq!(classes(&found), [Class::Orbit, Class::OutOfEnergy]);
    // 16 rad in 8 s: 2.5 turns (the first sample starts the count), at 40 units.
    assert_eq!(
        found[0].evidence,
        "orbit from 0.02 s to 8.00 s: 2.5 turns at about 40 units"
    );
    assert_eq!(found[1].evidence, "its lifetime ran out at 8.00 s");
}

#[test]
fn an_orbit_needs_a_full_turn_within_the_band() {
    // Under one turn (0.8 s of 2 rad/s is 0.25 turns): no orbit.
    let short: Vec<Sample> = circling(40.0).into_iter().take(48).collect();
    assert_eq!(classes(&lifetime_out(&short)), [Class::OutOfEnergy]);
    // A spiral whose range halves every half turn leaves the band: no orbit.
    let spiral = flight(480, |t| {
        let (s, c) = (2.0 * t).sin_cos();
        let r = 400.0 * 0.25f32.powf(t * 2.0 / TAU);
        (
            Vec2::new(c, s) * r,
            Vec2::new(-s, c) * r * 2.0,
            Vec2::ZERO,
            Vec2::ZERO,
        )
    });
    assert!(!classes(&lifetime_out(&spiral)).contains(&Class::Orbit));
    // With a wider band the same spiral is an orbit.
    let wide = Thresholds {
        orbit_band: 100.0,
        ..Thresholds::default()
    };
    let found = diagnose(&spiral, &missed(MissReason::LifetimeOut, &spiral), &wide);
    assert!(classes(&found).contains(&Class::Orbit));
}

/// Swinging through a parked target and back, 1 unit to its side: x = 200 cos(t).
pub(super) fn pendulum(offset: f32) -> Vec<Sample> {
    flight(480, |t| {
        let pos = Vec2::new(200.0 * t.cos(), offset);
        let vel = Vec2::new(-200.0 * t.sin(), 0.0);
        (pos, vel, Vec2::ZERO, Vec2::ZERO)
    })
}

#[test]
fn swinging_through_the_target_is_an_overshoot_not_an_orbit() {
    let found = lifetime_out(&pendulum(1.0));
    assert_eq!(classes(&found)[0], Class::Overshoot);
    assert!(!classes(&found).contains(&Class::Orbit), "{found:?}");
    assert!(!classes(&found).contains(&Class::LateSwerve), "{found:?}");
    // Its first pass is at pi/2 s, 1 unit from the target; it turns back at pi s.
    assert!(
        found[0].evidence.starts_with(
            "passed 1 units from the target at 1.57 s and turned back 180 degrees by 3.15 s"
        ),
        "{}",
        found[0].evidence
    );
    // A second swing, a second overshoot.
    assert_eq!(
        classes(&found)
            .iter()
            .filter(|c| **c == Class::Overshoot)
            .count(),
        2
    );
}

#[test]
fn an_overshoot_must_turn_through_more_than_its_angle() {
    // Passing the target and flying on straight: the range opens, nothing turns back.
    let straight = flight(480, |t| {
        (
            Vec2::new(-300.0 + 100.0 * t, 1.0),
            Vec2::new(100.0, 0.0),
            Vec2::ZERO,
            Vec2::ZERO,
        )
    });
    assert_eq!(classes(&lifetime_out(&straight)), [Class::OutOfEnergy]);
    // The pendulum with a turn-back threshold past its 180 degrees: none.
    let strict = Thresholds {
        overshoot_angle: 180.0,
        ..Thresholds::default()
    };
    let swing = pendulum(1.0);
    let found = diagnose(&swing, &missed(MissReason::LifetimeOut, &swing), &strict);
    assert!(!classes(&found).contains(&Class::Overshoot), "{found:?}");
}

/// Chasing a target 200 units ahead that flies away at 90 units/s, closing at `closing`
/// units/s, with a speed of 100 pointed `off` degrees from the line of sight.
pub(super) fn chasing(closing: f32, off: f32) -> Vec<Sample> {
    flight(300, |t| {
        let target = Vec2::new(200.0 + 90.0 * t, 0.0);
        let pos = Vec2::new(closing * t + 90.0 * t, 0.0);
        let vel = Vec2::from_angle(off.to_radians()) * 100.0;
        (pos, vel, target, Vec2::new(90.0, 0.0))
    })
}

#[test]
fn pointing_at_the_target_without_closing_is_a_tail_chase() {
    // Closing at 10 units/s with a speed of 100: under a quarter, for all 5 s.
    let found = lifetime_out(&chasing(10.0, 0.0));
    assert_eq!(classes(&found), [Class::TailChase, Class::OutOfEnergy]);
    assert_eq!(
        found[0].evidence,
        "tail chase from 0.03 s to 5.00 s: pointing at the target, closing at under 25% of its speed"
    );
    // Closing at 30: more than a quarter, no tail chase.
    assert_eq!(
        classes(&lifetime_out(&chasing(30.0, 0.0))),
        [Class::OutOfEnergy]
    );
    // Leading by 15 degrees: not a tail chase (it is not pointing at the target).
    assert_eq!(
        classes(&lifetime_out(&chasing(10.0, 15.0))),
        [Class::OutOfEnergy]
    );
}

#[test]
fn a_target_faster_along_the_line_of_sight_out_runs_the_missile() {
    let fleeing = |target_speed: f32| {
        flight(120, move |t| {
            let target = Vec2::new(300.0 + target_speed * t, 0.0);
            (
                Vec2::new(100.0 * t, 0.0),
                Vec2::new(100.0, 0.0),
                target,
                Vec2::new(target_speed, 0.0),
            )
        })
    };
    let found = lifetime_out(&fleeing(150.0));
    assert_eq!(classes(&found), [Class::OutRun, Class::OutOfEnergy]);
    assert!(found[0]
        .evidence
        .starts_with("out-run from 0.03 s to 2.00 s"));
    // A slower target (90 of its 100) is not out-running it: pointing at it and closing
    // at a tenth of its speed, the missile is in a tail chase.
    assert_eq!(
        classes(&lifetime_out(&fleeing(90.0))),
        [Class::TailChase, Class::OutOfEnergy]
    );
    // An out-run shorter than a second is not one.
    let short: Vec<Sample> = fleeing(150.0).into_iter().take(50).collect();
    assert_eq!(classes(&lifetime_out(&short)), [Class::OutOfEnergy]);
}

/// A straight flight past a parked target whose airframe is asked for `asked` on the
/// ticks `saturated` picks (limit 800).
pub(super) fn asked(saturated: impl Fn(usize) -> bool) -> Vec<Sample> {
    let mut samples = flight(600, |t| {
        (
            Vec2::new(-500.0 + 100.0 * t, 30.0),
            Vec2::new(100.0, 0.0),
            Vec2::ZERO,
            Vec2::ZERO,
        )
    });
    for (i, s) in samples.iter_mut().enumerate() {
        s.lateral = Some((if saturated(i) { 1200.0 } else { 300.0 }, 800.0));
    }
    samples
}

#[test]
fn a_command_past_the_limit_long_enough_or_at_the_closest_approach_saturates() {
    // A third of the flight (the first 200 of 600 ticks).
    let found = lifetime_out(&asked(|i| i < 200));
    assert_eq!(classes(&found), [Class::Saturation, Class::OutOfEnergy]);
    assert_eq!(
        found[0].evidence,
        "the command passed the 800 units/s^2 limit for 33% of the flight (at most 1200)"
    );
    // A tenth, away from the closest approach (at 5 s, tick 299): not saturated.
    assert_eq!(
        classes(&lifetime_out(&asked(|i| i < 60))),
        [Class::OutOfEnergy]
    );
    // The same tenth around the closest approach: saturated.
    let found = lifetime_out(&asked(|i| (270..330).contains(&i)));
    assert_eq!(classes(&found)[0], Class::Saturation);
    assert!(found[0]
        .evidence
        .ends_with("for 10% of the flight, and at the closest approach (at most 1200)"));
}

#[test]
fn losing_the_seeker_s_lock_is_found_with_its_span() {
    let mut samples = asked(|_| false);
    for s in &mut samples[120..180] {
        s.locked = false;
    }
    let found = lifetime_out(&samples);
    assert_eq!(classes(&found), [Class::LostLock, Class::OutOfEnergy]);
    assert_eq!(
        found[0].evidence,
        "its seeker lost the target from 2.02 s to 3.00 s"
    );
    for s in &mut samples[500..] {
        s.locked = false;
    }
    let found = lifetime_out(&samples);
    assert_eq!(
        found[1].evidence,
        "its seeker lost the target at 8.35 s and never had it again"
    );
}

/// Flying straight at a point 50 units beside a parked target for 10 s, then turning
/// its heading through `degrees` in the last 0.5 s before passing it.
pub(super) fn swerving(degrees: f32) -> Vec<Sample> {
    flight(600, |t| {
        let turn = ((t - 9.5).max(0.0) / 0.5 * degrees).to_radians();
        let pos = Vec2::new(-1000.0 + 100.0 * t, 50.0);
        (pos, Vec2::from_angle(turn) * 100.0, Vec2::ZERO, Vec2::ZERO)
    })
}

#[test]
fn a_hard_turn_just_before_the_closest_approach_is_a_late_swerve() {
    let found = lifetime_out(&swerving(60.0));
    assert_eq!(classes(&found), [Class::LateSwerve, Class::OutOfEnergy]);
    assert_eq!(
        found[0].evidence,
        "turned 60 degrees in the 1.00 s before its closest approach"
    );
    // 30 degrees is under the 45 of the threshold.
    assert_eq!(
        classes(&lifetime_out(&swerving(30.0))),
        [Class::OutOfEnergy]
    );
}

#[test]
fn a_hit_has_no_class_and_every_ending_of_a_miss_has_one() {
    let samples = circling(40.0);
    for outcome in [
        Outcome::Hit {
            target: TargetId(0),
        },
        Outcome::Flying,
    ] {
        let ending = Ending {
            outcome,
            solver_failed: vec![1.0],
            time: 8.0,
        };
        assert!(diagnose(&samples, &ending, &Thresholds::default()).is_empty());
    }
    let expected = [
        (
            MissReason::FuelOut,
            Class::OutOfEnergy,
            "its fuel ran out at 2.00 s",
        ),
        (
            MissReason::LifetimeOut,
            Class::OutOfEnergy,
            "its lifetime ran out at 2.00 s",
        ),
        (
            MissReason::LeftWorld,
            Class::LeftWorld,
            "it left the world at 2.00 s",
        ),
        (
            MissReason::TargetLost,
            Class::TargetGone,
            "its target was removed at 2.00 s",
        ),
        (
            MissReason::Detonated,
            Class::BlastMissed,
            "it detonated with nothing in the blast at 2.00 s",
        ),
        (
            MissReason::NonFinite,
            Class::NonFinite,
            "a number in its state was not finite at 2.00 s",
        ),
        (
            MissReason::LawFailed,
            Class::ScriptError,
            "its law failed at 2.00 s",
        ),
        (
            MissReason::Decoyed,
            Class::Decoyed,
            "its seeker took a flare for the target at 2.00 s",
        ),
        (
            MissReason::NoSolution,
            Class::NoSolution,
            "its law found no solution at launch at 2.00 s",
        ),
        (
            MissReason::Terrain,
            Class::HitTerrain,
            "it flew into terrain at 2.00 s",
        ),
    ];
    for (reason, class, evidence) in expected {
        let ending = Ending {
            outcome: Outcome::Missed(reason),
            solver_failed: Vec::new(),
            time: 2.0,
        };
        let found = diagnose(&[], &ending, &Thresholds::default());
        assert_eq!(classes(&found), [class], "{reason:?}");
        assert_eq!(found[0].evidence, evidence);
    }
}

#[test]
fn a_solver_failure_is_found_when_it_first_failed_and_findings_go_by_time() {
    let samples = circling(40.0);
    let ending = Ending {
        outcome: Outcome::Missed(MissReason::LifetimeOut),
        solver_failed: vec![3.0, 3.5, 4.0],
        time: 8.0,
    };
    let found = diagnose(&samples, &ending, &Thresholds::default());
    assert_eq!(
        classes(&found),
        [Class::Orbit, Class::NoSolution, Class::OutOfEnergy]
    );
    assert_eq!(found[1].evidence, "the solver failed 3 times from 3.00 s");
    assert_eq!((found[1].start, found[1].end), (3.0, 4.0));
    let once = Ending {
        solver_failed: vec![0.5],
        ..ending
    };
    let found = diagnose(&[], &once, &Thresholds::default());
    assert_eq!(found[0].evidence, "the solver failed 1 time from 0.50 s");
}

#[test]
fn every_class_has_its_own_id() {
    let ids: std::collections::BTreeSet<&str> = Class::ALL.iter().map(|c| c.id()).collect();
    assert_eq!(ids.len(), Class::ALL.len());
    assert_eq!(Class::TailChase.id(), "tail-chase");
    assert_eq!(Class::LateSwerve.id(), "late-swerve");
}
