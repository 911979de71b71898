//! The rules' edges: orbits beside overshoots, the band's edge and the orbit's range,
//! what counts as a pass, step-by-step turns, chases in any direction and at their
//! exact thresholds, saturation's edges; and what a flight still flying shows so far.

use super::tests::*;
use super::*;

/// Circling `center` at `radius`, 2 rad/s, for `seconds`, against a target parked at
/// `target`.
fn circling_about(center: Vec2, radius: f32, target: Vec2, seconds: f32) -> Vec<Sample> {
    flight((seconds * 60.0) as usize, |t| {
        let (s, c) = (2.0 * t).sin_cos();
        (
            center + Vec2::new(c, s) * radius,
            Vec2::new(-s, c) * radius * 2.0,
            target,
            Vec2::ZERO,
        )
    })
}

#[test]
fn an_orbit_around_an_offset_target_is_not_a_string_of_overshoots() {
    // The target 70 units off the centre of a circle of 150: the range swings from 80 to
    // 220 each loop (within the band of 3), and each loop passes and turns back.
    let target = Vec2::new(500.0, 300.0);
    let samples = circling_about(target + Vec2::new(0.0, 70.0), 150.0, target, 8.0);
    let found = lifetime_out(&samples);
    assert_eq!(
        classes(&found),
        [Class::Orbit, Class::OutOfEnergy],
        "{found:?}"
    );
    assert!(
        found[0]
            .evidence
            .starts_with("orbit from 0.02 s to 8.00 s: "),
        "{}",
        found[0].evidence
    );
    // Without the orbit (five turns asked for), its loops are overshoots.
    let five = Thresholds {
        orbit_turns: 5.0,
        ..Thresholds::default()
    };
    let found = diagnose(&samples, &missed(MissReason::LifetimeOut, &samples), &five);
    assert_eq!(classes(&found)[0], Class::Overshoot, "{found:?}");
}

#[test]
fn an_overshoot_after_an_orbit_is_its_own() {
    // Four seconds circling 40 units around the target, then a swing through it and back.
    let target = Vec2::new(500.0, 300.0);
    let samples = flight(480, |t| {
        if t < 4.0 {
            let (s, c) = (2.0 * t).sin_cos();
            (
                target + Vec2::new(c, s) * 40.0,
                Vec2::new(-s, c) * 80.0,
                target,
                Vec2::ZERO,
            )
        } else {
            let u = t - 4.0;
            let pos = target + Vec2::new(200.0 * (u + 1.0).cos(), 1.0);
            (
                pos,
                Vec2::new(-200.0 * (u + 1.0).sin(), 0.0),
                target,
                Vec2::ZERO,
            )
        }
    });
    let found = lifetime_out(&samples);
    assert_eq!(
        classes(&found),
        [Class::Orbit, Class::Overshoot, Class::OutOfEnergy],
        "{found:?}"
    );
}

#[test]
fn an_orbit_s_band_holds_its_edge() {
    // Four samples a turn on the axes, 100 and 300 units out in turn: exactly 3 to 1.
    let samples: Vec<Sample> = (0..12)
        .map(|k| {
            let (r, at) = if k % 2 == 0 { (100.0, k) } else { (300.0, k) };
            let pos = match at % 4 {
                0 => Vec2::new(r, 0.0),
                1 => Vec2::new(0.0, r),
                2 => Vec2::new(-r, 0.0),
                _ => Vec2::new(0.0, -r),
            };
            Sample {
                time: (k + 1) as f32 * DT,
                pos,
                vel: Vec2::new(1.0, 0.0),
                target_pos: Vec2::ZERO,
                target_vel: Vec2::ZERO,
                lateral: None,
                locked: true,
            }
        })
        .collect();
    let ending = missed(MissReason::LifetimeOut, &samples);
    let at = |band: f32| {
        let t = Thresholds {
            orbit_band: band,
            ..Thresholds::default()
        };
        classes(&diagnose(&samples, &ending, &t)).contains(&Class::Orbit)
    };
    assert!(at(3.0));
    assert!(!at(2.99));
}

#[test]
fn an_orbit_s_range_is_the_mean_of_its_own_span() {
    // A second parked 500 units away, then 3.2 s circling at 40.45: the orbit starts
    // where the range left the band, and its range is the circle's alone.
    let target = Vec2::new(500.0, 300.0);
    let samples = flight(252, |t| {
        if t <= 1.0 {
            (
                target + Vec2::new(500.0, 0.0),
                Vec2::new(-1.0, 0.0),
                target,
                Vec2::ZERO,
            )
        } else {
            let (s, c) = (2.0 * t).sin_cos();
            (
                target + Vec2::new(c, s) * 40.45,
                Vec2::new(-s, c) * 80.9,
                target,
                Vec2::ZERO,
            )
        }
    });
    let found = lifetime_out(&samples);
    assert_eq!(
        classes(&found),
        [Class::Orbit, Class::OutOfEnergy],
        "{found:?}"
    );
    assert_eq!(
        found[0].evidence,
        "orbit from 1.02 s to 4.20 s: 1.0 turns at about 40 units"
    );
}

#[test]
fn a_pass_is_a_least_range_not_a_start_moving_away() {
    // Starting on the target and moving away: x = 200 sin(t). Its passes are at pi and
    // 2 pi, and it turns back at 3 pi / 2 and 5 pi / 2 (the first samples after: 4.72 s
    // and 7.87 s).
    let samples = flight(480, |t| {
        (
            Vec2::new(200.0 * t.sin(), 1.0),
            Vec2::new(200.0 * t.cos(), 0.0),
            Vec2::ZERO,
            Vec2::ZERO,
        )
    });
    let found = lifetime_out(&samples);
    let evidence: Vec<&str> = found.iter().map(|f| f.evidence.as_str()).collect();
    assert_eq!(
        evidence,
        [
            // The samples nearest pi: 3.133 s (x = 1.65) and 3.15 s (x = -1.68).
            "passed 2 units from the target at 3.13 s and turned back 180 degrees by 4.72 s",
            "passed 1 units from the target at 6.28 s and turned back 180 degrees by 7.87 s",
            "its lifetime ran out at 8.00 s",
        ]
    );
}

#[test]
fn a_pass_between_two_equal_ranges_counts_once() {
    // Straight through a unit a tick: the two samples around the pass are equally far
    // (x = -0.5 and +0.5, the 31st and 32nd); it turns back 41 units on (the 73rd).
    let xs: Vec<f32> = (0..120)
        .map(|k| {
            let x = -30.5 + k as f32;
            if x <= 40.5 {
                x
            } else {
                81.0 - x
            }
        })
        .collect();
    let samples: Vec<Sample> = xs
        .iter()
        .enumerate()
        .map(|(k, &x)| {
            let forward = k == 0 || x > xs[k - 1];
            Sample {
                time: (k + 1) as f32 * DT,
                pos: Vec2::new(x, 1.0),
                vel: Vec2::new(if forward { 60.0 } else { -60.0 }, 0.0),
                target_pos: Vec2::ZERO,
                target_vel: Vec2::ZERO,
                lateral: None,
                locked: true,
            }
        })
        .collect();
    let found = lifetime_out(&samples);
    assert_eq!(
        classes(&found),
        [Class::Overshoot, Class::OutOfEnergy],
        "{found:?}"
    );
    assert!(
        found[0].evidence.starts_with(
            "passed 1 units from the target at 0.52 s and turned back 180 degrees by 1.22 s"
        ),
        "{}",
        found[0].evidence
    );
}

#[test]
fn an_overshoot_must_open_the_range_to_twice_the_pass_and_a_unit() {
    // Swinging 17.9 units either side of a target 10 units off its line: the range
    // opens to 20.5 at most, under the 21 it needs; the heading does turn back.
    let swing = |amplitude: f32| {
        flight(480, move |t| {
            (
                Vec2::new(amplitude * t.cos(), 10.0),
                Vec2::new(-amplitude * t.sin(), 0.0),
                Vec2::ZERO,
                Vec2::ZERO,
            )
        })
    };
    assert_eq!(classes(&lifetime_out(&swing(17.9))), [Class::OutOfEnergy]);
    // Opening to 22.4 (20 either side): an overshoot.
    assert_eq!(classes(&lifetime_out(&swing(20.0)))[0], Class::Overshoot);
}

#[test]
fn a_turn_back_is_measured_step_by_step() {
    // Through the target along +x, then a half circle of 50 to the left, heading round
    // at 2 rad/s: it has turned back 90 degrees a quarter circle in (at 2.285 s; the
    // first sample past it, 2.30 s, has turned 1.6 rad, 92 degrees).
    let samples = flight(360, |t| {
        if t < 1.5 {
            (
                Vec2::new(-50.0 + 100.0 * t, 1.0),
                Vec2::new(100.0, 0.0),
                Vec2::ZERO,
                Vec2::ZERO,
            )
        } else {
            let a = 2.0 * (t - 1.5);
            let centre = Vec2::new(100.0, 51.0);
            let pos = centre + Vec2::new(a.sin(), -a.cos()) * 50.0;
            (
                pos,
                Vec2::new(a.cos(), a.sin()) * 100.0,
                Vec2::ZERO,
                Vec2::ZERO,
            )
        }
    });
    let found = lifetime_out(&samples);
    assert_eq!(classes(&found)[0], Class::Overshoot, "{found:?}");
    assert!(
        found[0].evidence.starts_with(
            "passed 1 units from the target at 0.50 s and turned back 92 degrees by 2.30 s"
        ),
        "{}",
        found[0].evidence
    );
}

#[test]
fn a_tail_chase_points_at_the_target_whichever_way_it_lies() {
    // The chase of `chasing`, turned a quarter turn: along +y.
    let turned: Vec<Sample> = chasing(10.0, 0.0)
        .into_iter()
        .map(|s| Sample {
            pos: s.pos.perp(),
            vel: s.vel.perp(),
            target_pos: s.target_pos.perp(),
            target_vel: s.target_vel.perp(),
            ..s
        })
        .collect();
    assert_eq!(
        classes(&lifetime_out(&turned)),
        [Class::TailChase, Class::OutOfEnergy]
    );
    // 5 degrees off is still pointing at it (under the 10 of the threshold).
    assert_eq!(
        classes(&lifetime_out(&chasing(10.0, 5.0)))[0],
        Class::TailChase
    );
}

/// Whole seconds apart with whole-number positions, so ranges, closing speeds and
/// speeds are exact: a missile at `100 k` along +x chasing a target that starts 1000 ahead
/// and flies at `target_speed`.
fn exact_chase(target_speed: f32) -> Vec<Sample> {
    (1..=8)
        .map(|k| {
            let k = k as f32;
            Sample {
                time: k,
                pos: Vec2::new(100.0 * k, 0.0),
                vel: Vec2::new(100.0, 0.0),
                target_pos: Vec2::new(1000.0 + target_speed * k, 0.0),
                target_vel: Vec2::new(target_speed, 0.0),
                lateral: None,
                locked: true,
            }
        })
        .collect()
}

#[test]
fn a_chase_s_thresholds_are_strict() {
    // Closing at exactly a quarter of its speed (25 of 100): not under a quarter.
    assert_eq!(
        classes(&lifetime_out(&exact_chase(75.0))),
        [Class::OutOfEnergy]
    );
    // Closing at 24: a tail chase.
    assert_eq!(
        classes(&lifetime_out(&exact_chase(76.0)))[0],
        Class::TailChase
    );
    // A target exactly as fast: not slower (no tail chase), not faster (no out-run).
    assert_eq!(
        classes(&lifetime_out(&exact_chase(100.0))),
        [Class::OutOfEnergy]
    );
    // One unit faster: out-run.
    assert_eq!(
        classes(&lifetime_out(&exact_chase(101.0)))[0],
        Class::OutRun
    );
}

#[test]
fn saturation_s_thresholds_hold_their_edges() {
    // Asked for exactly the limit on every tick: at the limit is not past it.
    let mut at_limit = asked(|_| false);
    for s in &mut at_limit {
        s.lateral = Some((800.0, 800.0));
    }
    assert_eq!(classes(&lifetime_out(&at_limit)), [Class::OutOfEnergy]);
    // Past it on exactly a quarter of the flight (150 of 600 ticks, away from the
    // closest approach): that share is enough.
    assert_eq!(
        classes(&lifetime_out(&asked(|i| i < 150)))[0],
        Class::Saturation
    );
    assert_eq!(
        classes(&lifetime_out(&asked(|i| i < 149))),
        [Class::OutOfEnergy]
    );
}

#[test]
fn only_an_orbit_overshoot_or_tail_chase_over_the_window_explains_a_swerve() {
    // The swerve of `swerving`, with its seeker blind early on (0.18 s to 0.33 s) and
    // again inside the swerve's last second (9.35 s to 9.68 s): losing the lock explains
    // no turn, so the swerve is still named.
    let mut samples = swerving(60.0);
    for i in (10..20).chain(560..580) {
        samples[i].locked = false;
    }
    let found = lifetime_out(&samples);
    assert_eq!(
        classes(&found),
        [
            Class::LostLock,
            Class::LateSwerve,
            Class::LostLock,
            Class::OutOfEnergy
        ],
        "{found:?}"
    );
}

#[test]
fn a_flight_still_flying_shows_its_orbits_chases_and_lost_locks_so_far_but_not_what_needs_its_end()
{
    // Circling: an orbit so far, first in time; no ending class.
    let so_far = in_flight(&circling(40.0), &Thresholds::default());
    assert_eq!(classes(&so_far), [Class::Orbit]);
    assert!(so_far[0].evidence.starts_with("orbit from "));
    // A third of it saturated and its lock lost for a second: the lost lock shows; the
    // saturation is a share of the whole flight, decided when it ends.
    let mut samples = asked(|i| i < 200);
    for s in &mut samples[120..180] {
        s.locked = false;
    }
    assert_eq!(
        classes(&in_flight(&samples, &Thresholds::default())),
        [Class::LostLock]
    );
    // A late swerve needs the closest approach of the whole flight.
    assert_eq!(in_flight(&swerving(60.0), &Thresholds::default()), []);
    // Findings go by time, ties in class order.
    let mut both = circling(40.0);
    for s in &mut both {
        s.locked = false;
    }
    assert_eq!(
        classes(&in_flight(&both, &Thresholds::default())),
        [Class::Orbit, Class::LostLock]
    );
}

#[test]
fn a_turn_just_past_its_threshold_reads_as_more_than_it() {
    // A late swerve of 45.3 degrees against the threshold's 45: in whole degrees it
    // would read "45", as if it had not passed it.
    let found = lifetime_out(&swerving(45.3));
    assert_eq!(found[0].class, Class::LateSwerve);
    assert!(
        found[0].evidence.starts_with("turned 45.3 degrees in the"),
        "{}",
        found[0].evidence
    );
    // Whole degrees where they read as past the threshold, else as many decimals as it
    // takes, up to four.
    let past = |degrees: f32, threshold| degrees_past(degrees.to_radians(), threshold);
    assert_eq!(past(92.0, 90.0), "92");
    assert_eq!(past(90.6, 90.0), "91");
    assert_eq!(past(90.4, 90.0), "90.4");
    assert_eq!(past(180.04, 180.0), "180.04");
    assert_eq!(past(180.003, 180.0), "180.003");
    assert_eq!(past(180.0004, 180.0), "180.0004");
}
