//! The sampler as the window uses it: flights kept after they end, diagnosed again under
//! new thresholds, taken back to a branch's tick, dropped over the samples held, and the
//! classes announced once each for the breakpoints.

use super::*;
use crate::sim::diagnosis::Thresholds;

/// Two turn-rate missiles (turning at 2 rad/s at 300 units/s: a circle of 150 units)
/// launched 2 s apart beside a parked target 80 units away: each orbits it until its
/// 10 s lifetime runs out, the first ending at tick 600, the second at tick 720.
const TWO_ORBITS: &str = r#"(version: 1, world: (width: 2000, height: 1200),
 algorithms: (turn_rate: (radial_speed: 300, angular_speed: 2)),
 targets: [(name: "t", radius: 10, motion: Static(pos: (300, 520)))],
 launchers: [(pos: (300, 600), target: "t", algorithms: ["turn-rate"],
              launch_velocity: (300, 0), missile: (lifetime: 10)),
             (pos: (300, 600), target: "t", algorithms: ["turn-rate"], first_at: 2,
              launch_velocity: (300, 0), missile: (lifetime: 10))])"#;

fn world() -> World {
    crate::scenario::parse(TWO_ORBITS, "two orbits")
        .unwrap()
        .build()
        .unwrap()
}

/// Steps `world` to tick `to`, sampling each step.
fn fly(world: &mut World, sampler: &mut Sampler, to: u64) {
    while world.tick() < to {
        world.step();
        sampler.after_step(world, world.events());
    }
}

/// Steps `world` to tick `to`, sampling each step and asking for news of `watched` once
/// a tick, as the window does: what was announced, with the tick.
fn listen(
    world: &mut World,
    s: &mut Sampler,
    watched: &[Class],
    to: u64,
) -> Vec<(u64, MissileId, Class)> {
    let mut heard = Vec::new();
    while world.tick() < to {
        world.step();
        s.after_step(world, world.events());
        if let Some((id, finding)) = s.news(watched, 15, world.tick()) {
            heard.push((world.tick(), id, finding.class));
        }
    }
    heard
}

fn classes(found: &[Finding]) -> Vec<Class> {
    found.iter().map(|f| f.class).collect()
}

const FIRST: MissileId = MissileId(0);
const SECOND: MissileId = MissileId(1);

#[test]
fn the_scenario_launches_two_orbiting_missiles_two_seconds_apart() {
    let mut w = world();
    let mut s = Sampler::new(Thresholds::default());
    // When the first ends (tick 600) a batch run lets its 600 samples go: the second's
    // 480 are left.
    fly(&mut w, &mut s, 600);
    assert_eq!((s.held, s.flights.len()), (480, 1));
    fly(&mut w, &mut s, 721);
    let ends: Vec<u64> = w.all_missiles().iter().map(|m| m.launched_tick).collect();
    assert_eq!(ends, [0, 120]);
    assert_eq!(
        classes(&s.findings[&FIRST]),
        [Class::Orbit, Class::OutOfEnergy]
    );
    assert_eq!(
        classes(&s.findings[&SECOND]),
        [Class::Orbit, Class::OutOfEnergy]
    );
    // A batch run holds nothing once every flight has ended.
    assert_eq!((s.held, s.flights.len()), (0, 0));
}

#[test]
fn new_thresholds_diagnose_every_kept_flight_again_at_once() {
    let mut w = world();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    fly(&mut w, &mut s, 721);
    assert_eq!(s.why(FIRST), Some(Class::Orbit));
    // Asking for five turns: the 3.3 turns are no orbit; each loop is then a pass that
    // turns back (the file's threshold test in tests/cli_diagnose.rs says the same).
    let five = Thresholds {
        orbit_turns: 5.0,
        ..Thresholds::default()
    };
    s.set_thresholds(five.clone());
    assert_eq!(s.thresholds(), &five);
    assert_eq!(s.why(FIRST), Some(Class::Overshoot));
    assert_eq!(s.why(SECOND), Some(Class::Overshoot));
    s.set_thresholds(Thresholds::default());
    assert_eq!(s.why(FIRST), Some(Class::Orbit));
}

#[test]
fn a_branch_takes_the_sampler_back_and_the_flights_are_diagnosed_again_as_they_end() {
    // The whole run, and the same run taken back to tick 300 and flown on from a copy
    // of the world at that tick: the same findings.
    let mut whole = world();
    let mut all = Sampler::keeping(Thresholds::default(), 10_000);
    fly(&mut whole, &mut all, 721);
    let mut w = world();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    fly(&mut w, &mut s, 300);
    let at_300 = w.clone();
    fly(&mut w, &mut s, 721);
    s.truncate_after(300);
    // Both missiles fly again at tick 300: neither is diagnosed; the first holds its
    // 300 samples (ticks 1 to 300), the second its 180 (121 to 300).
    assert_eq!((s.why(FIRST), s.why(SECOND)), (None, None));
    assert_eq!(s.held, 300 + 180);
    assert_eq!(s.flights[&FIRST].samples.len(), 300);
    assert_eq!(s.flights[&SECOND].samples.len(), 180);
    let mut w = at_300;
    fly(&mut w, &mut s, 721);
    assert_eq!(s.findings, all.findings);
    // Back to the tick the first ended on: it stays ended, with its findings.
    s.truncate_after(600);
    assert_eq!(s.findings[&FIRST], all.findings[&FIRST]);
    assert!(!s.findings.contains_key(&SECOND));
    // Back to the second's first sample: it keeps that one.
    s.truncate_after(121);
    assert_eq!(s.held, 121 + 1);
    assert_eq!(s.flights[&SECOND].samples.len(), 1);
    // Back to before the second's launch: it is gone, the first flies again.
    s.truncate_after(100);
    assert!(!s.flights.contains_key(&SECOND) && !s.findings.contains_key(&SECOND));
    assert_eq!(s.held, 100);
    // What a flight so far shows, while it flies: by tick 100 (1.7 s) not yet a turn.
    assert_eq!(s.so_far(FIRST), []);
}

#[test]
fn over_the_samples_held_the_oldest_ended_flight_goes_first_and_is_forgotten_if_needed_again() {
    // 1,100 samples: the first flight's 600 and the second's 480 fit at tick 600, when
    // the first ends; at tick 621 the second's 501 do not: the first's are dropped.
    let mut w = world();
    let mut s = Sampler::keeping(Thresholds::default(), 1100);
    fly(&mut w, &mut s, 620);
    assert!(!s.flights[&FIRST].dropped);
    assert_eq!(s.held, 1100);
    fly(&mut w, &mut s, 621);
    assert!(s.flights[&FIRST].dropped);
    assert_eq!(s.held, 501);
    fly(&mut w, &mut s, 721);
    assert!(s.flights[&FIRST].dropped && !s.flights[&SECOND].dropped);
    assert_eq!(s.held, 600);
    // Its findings stay.
    assert_eq!(s.why(FIRST), Some(Class::Orbit));
    // A branch after its end keeps them; one before it cannot diagnose it again.
    s.truncate_after(650);
    assert_eq!(s.why(FIRST), Some(Class::Orbit));
    assert!(!s.is_forgotten(FIRST));
    s.truncate_after(500);
    assert!(s.is_forgotten(FIRST) && s.why(FIRST).is_none());
    assert!(!s.is_forgotten(SECOND));
    assert_eq!(s.so_far(FIRST), []);
    // It is not sampled again, however far it flies.
    let held = s.held;
    let mut w2 = world();
    let mut other = Sampler::new(Thresholds::default());
    fly(&mut w2, &mut other, 500);
    fly(&mut w2, &mut s, 520);
    assert_eq!(s.held, held + 20);
}

#[test]
fn in_flight_the_newest_missile_stops_being_sampled_when_flights_alone_pass_the_limit() {
    // 300 samples: at tick t the two hold t + (t - 120): 300 at tick 210, 302 at 211,
    // when the second (the newest) is forgotten.
    let mut w = world();
    let mut s = Sampler::keeping(Thresholds::default(), 300);
    fly(&mut w, &mut s, 210);
    assert!(!s.is_forgotten(SECOND));
    assert_eq!(s.held, 300);
    fly(&mut w, &mut s, 211);
    assert!(s.is_forgotten(SECOND) && !s.is_forgotten(FIRST));
    assert_eq!(s.held, 211);
    fly(&mut w, &mut s, 721);
    assert_eq!(s.why(SECOND), None);
    assert!(!s.findings.contains_key(&SECOND));
    // The first then holds more than the limit alone: it is forgotten as well.
    assert!(s.is_forgotten(FIRST));
}

#[test]
fn news_announces_each_class_once_in_flight_every_few_ticks_and_as_a_flight_ends() {
    let mut w = world();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    let watched = [Class::Orbit, Class::OutOfEnergy];
    let mut heard = Vec::new();
    while w.tick() < 721 {
        w.step();
        s.after_step(&w, w.events());
        while let Some((id, finding)) = s.news(&watched, 15, w.tick()) {
            heard.push((w.tick(), id, finding.class));
        }
    }
    // The first turns a full circle of the line of sight a little after 3.1 s (the
    // orbit's opening second swings wider): found at the first check after it, every
    // 15 ticks from its first sample at tick 1. The second, launched 2 s later, the
    // same 120 ticks later. Each lifetime's end is heard on its last tick.
    let (first_orbit, second_orbit) = (heard[0].0, heard[1].0);
    assert!((first_orbit - 1).is_multiple_of(15), "{heard:?}");
    assert_eq!(second_orbit, first_orbit + 120, "{heard:?}");
    assert_eq!(
        heard,
        [
            (first_orbit, FIRST, Class::Orbit),
            (second_orbit, SECOND, Class::Orbit),
            (600, FIRST, Class::OutOfEnergy),
            (720, SECOND, Class::OutOfEnergy),
        ]
    );
    assert!((181..=211).contains(&first_orbit), "{first_orbit}");
}

#[test]
fn news_with_nothing_watched_hears_the_ends_so_switching_a_class_on_later_is_quiet() {
    let mut w = world();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    assert_eq!(listen(&mut w, &mut s, &[], 600), []);
    // The first's end (tick 600) was heard with nothing watched: not announced on the
    // next tick. The second's orbit (in flight since tick 121) is found at its next
    // check, 480 ticks on.
    assert_eq!(
        listen(&mut w, &mut s, &[Class::OutOfEnergy, Class::Orbit], 721),
        [
            (601, SECOND, Class::Orbit),
            (720, SECOND, Class::OutOfEnergy)
        ]
    );
}

#[test]
fn two_ends_on_one_tick_are_both_announced_one_call_after_the_other() {
    // The same missile twice from two launchers: both end at tick 600.
    let text = TWO_ORBITS.replace("first_at: 2,", "");
    let mut w = crate::scenario::parse(&text, "twins")
        .unwrap()
        .build()
        .unwrap();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    assert_eq!(
        listen(&mut w, &mut s, &[Class::OutOfEnergy], 602),
        [
            (600, FIRST, Class::OutOfEnergy),
            (601, SECOND, Class::OutOfEnergy)
        ]
    );
}

#[test]
fn a_class_has_its_own_colour() {
    let mut seen: Vec<[u8; 3]> = Class::ALL.iter().map(|c| class_rgb(*c)).collect();
    assert_eq!(class_rgb(Class::Orbit), [230, 25, 75]);
    assert_eq!(class_rgb(Class::NonFinite), [240, 240, 240]);
    seen.push(crate::palette::NO_MISS);
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), Class::ALL.len() + 1);
}

#[test]
fn what_a_flight_shows_so_far_follows_its_samples_its_thresholds_and_branches() {
    let mut w = world();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    fly(&mut w, &mut s, 300);
    let at_300 = w.clone();
    // By 5 s it has circled once and more: an orbit so far, asked twice the same.
    assert_eq!(classes(&s.so_far(FIRST)), [Class::Orbit]);
    assert_eq!(classes(&s.so_far(FIRST)), [Class::Orbit]);
    // Five turns are not reached yet: each loop so far is a pass that turns back.
    s.set_thresholds(Thresholds {
        orbit_turns: 5.0,
        ..Thresholds::default()
    });
    assert_eq!(s.so_far(FIRST)[0].class, Class::Overshoot);
    s.set_thresholds(Thresholds::default());
    assert_eq!(classes(&s.so_far(FIRST)), [Class::Orbit]);
    // Back to tick 100 (under one turn), then on to 300 again: the same orbit.
    s.truncate_after(100);
    assert_eq!(s.so_far(FIRST), []);
    let mut w = at_300;
    let mut replay = world();
    let mut other = Sampler::new(Thresholds::default());
    fly(&mut replay, &mut other, 100);
    fly(&mut replay, &mut s, 300);
    assert_eq!(classes(&s.so_far(FIRST)), [Class::Orbit]);
    // Once it has ended: what it showed.
    fly(&mut w, &mut s, 601);
    assert_eq!(
        classes(&s.so_far(FIRST)),
        [Class::Orbit, Class::OutOfEnergy]
    );
    // No such missile: nothing.
    assert_eq!(s.so_far(MissileId(9)), []);
}

#[test]
fn a_branch_keeps_the_solver_failures_and_the_announcements_made_before_it() {
    // Newton from rest straight along +x: its solver fails on its first tick (fired at
    // 1 s: the step to tick 61), and its half-second lifetime ends at tick 90.
    let text = r#"(version: 1, targets: [(name: "east", radius: 10, motion: Static(pos: (500, 300)))],
        launchers: [(name: "pad", pos: (100, 300), target: "east", algorithms: ["newton"],
                     first_at: 1, missile: (lifetime: 0.5))])"#;
    let build = || {
        crate::scenario::parse(text, "newton")
            .unwrap()
            .build()
            .unwrap()
    };
    let mut whole = build();
    let mut all = Sampler::keeping(Thresholds::default(), 10_000);
    fly(&mut whole, &mut all, 100);
    assert_eq!(
        classes(&all.findings[&FIRST]),
        [Class::NoSolution, Class::OutOfEnergy]
    );
    let mut w = build();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    fly(&mut w, &mut s, 80);
    let at_80 = w.clone();
    // Its no-solution is announced as it ends (tick 90).
    assert_eq!(
        listen(&mut w, &mut s, &[Class::NoSolution], 100),
        [(90, FIRST, Class::NoSolution)]
    );
    // Back to tick 95, after the announcement: it stays announced.
    s.truncate_after(95);
    assert_eq!(s.flights[&FIRST].announced, [(Class::NoSolution, 90)]);
    // Back to tick 80: the failure at tick 61 is kept, the announcement at 90 is not.
    s.truncate_after(80);
    assert_eq!(s.flights[&FIRST].solver_failed.len(), 1);
    assert_eq!(s.flights[&FIRST].announced, []);
    let mut w = at_80;
    fly(&mut w, &mut s, 100);
    assert_eq!(s.findings, all.findings);
}

#[test]
fn each_missile_in_the_air_shows_its_own_flight_so_far() {
    // The orbiting missile, and one fired at the same tick at a target far away, which
    // flies straight at it for the first 5 s: nothing so far.
    let text = TWO_ORBITS.replace(
        r#"(pos: (300, 600), target: "t", algorithms: ["turn-rate"], first_at: 2,"#,
        r#"(pos: (100, 100), target: "far", algorithms: ["turn-rate"],"#,
    );
    let text = text.replace(
        r#"targets: [(name: "t""#,
        r#"targets: [(name: "far", radius: 10, motion: Static(pos: (1900, 100))), (name: "t""#,
    );
    let mut w = crate::scenario::parse(&text, "two")
        .unwrap()
        .build()
        .unwrap();
    let mut s = Sampler::keeping(Thresholds::default(), 10_000);
    fly(&mut w, &mut s, 300);
    assert_eq!(
        s.flights[&FIRST].samples.len(),
        s.flights[&SECOND].samples.len()
    );
    assert_eq!(classes(&s.so_far(FIRST)), [Class::Orbit]);
    assert_eq!(s.so_far(SECOND), []);
    assert_eq!(classes(&s.so_far(FIRST)), [Class::Orbit]);
}

#[test]
fn a_diagnosed_trace_names_each_miss_s_class_on_the_row_it_ended() {
    let mut csv = Vec::new();
    let mut s = Sampler::new(Thresholds::default());
    crate::headless::run_diagnosed(world(), Some(13.0), Some(&mut csv), Some(&mut s)).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    let classed: Vec<&str> = csv.lines().skip(1).filter(|l| !l.ends_with(',')).collect();
    assert_eq!(classed.len(), 2, "{classed:?}");
    for (row, (tick, id)) in classed.iter().zip([(600, 0), (720, 1)]) {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(
            (f[0], f[2], f[3], f[10], f[11]),
            (
                tick.to_string().as_str(),
                id.to_string().as_str(),
                "missile",
                "lifetime-out",
                "orbit"
            )
        );
    }
}

#[test]
fn a_flight_handed_off_leaves_with_its_samples_and_solver_failures_and_is_forgotten() {
    let mut w = world();
    let mut s = Sampler::new(Thresholds::default());
    fly(&mut w, &mut s, 300);
    // The first has flown 300 ticks, the second 180: 480 held.
    assert_eq!(s.held, 480);
    let (samples, failed) = s.hand_off(FIRST);
    assert_eq!(samples.len(), 300);
    assert_eq!(samples[0].time, w.dt());
    assert!(failed.is_empty());
    assert_eq!(s.held, 180);
    assert!(s.is_forgotten(FIRST));
    // Not followed any more: it is neither sampled nor diagnosed here.
    fly(&mut w, &mut s, 721);
    assert_eq!(s.held, 0);
    assert!(s.why(FIRST).is_none() && s.why(SECOND) == Some(Class::Orbit));
    // One never sampled, or handed off already, hands off nothing.
    assert_eq!(s.hand_off(MissileId(7)), (Vec::new(), Vec::new()));
    assert_eq!(s.hand_off(FIRST), (Vec::new(), Vec::new()));
    // Newton's solver fails on its first tick (fired at 1 s: 1/60 s after launch).
    let text = r#"(version: 1, targets: [(name: "east", radius: 10, motion: Static(pos: (500, 300)))],
        launchers: [(name: "pad", pos: (100, 300), target: "east", algorithms: ["newton"],
                     first_at: 1, missile: (lifetime: 0.5))])"#;
    let mut w = crate::scenario::parse(text, "newton")
        .unwrap()
        .build()
        .unwrap();
    let mut s = Sampler::new(Thresholds::default());
    fly(&mut w, &mut s, 70);
    let (samples, failed) = s.hand_off(FIRST);
    // Sampled after the steps to ticks 61 to 70.
    assert_eq!((samples.len(), failed), (10, vec![w.dt()]));
}

#[test]
fn each_flying_missile_s_samples_go_to_its_own_flight() {
    // Three missiles in the air at once, launched 0.1 s apart from three places.
    let text = r#"(version: 1, world: (width: 2000, height: 1200),
        targets: [(name: "t", radius: 10, motion: Static(pos: (1500, 600)))],
        launchers: [(pos: (100, 200), target: "t", algorithms: ["pro-nav"]),
                    (pos: (100, 600), target: "t", algorithms: ["smoothed"], first_at: 0.1),
                    (pos: (100, 1000), target: "t", algorithms: ["naive-accel"], first_at: 0.2)])"#;
    let mut w = crate::scenario::parse(text, "three")
        .unwrap()
        .build()
        .unwrap();
    let mut s = Sampler::new(Thresholds::default());
    fly(&mut w, &mut s, 60);
    assert_eq!(w.missiles().len(), 3);
    for m in w.missiles().to_vec() {
        let (samples, _) = s.hand_off(m.id);
        // One a tick since its launch, the last where it is now, none elsewhere.
        assert_eq!(samples.len() as u64, 60 - m.launched_tick, "{:?}", m.id);
        assert_eq!(samples.last().map(|x| x.pos), Some(m.body.pos));
        // (The three fly 400 units apart: another's sample would be far off.)
        let start = samples[0].pos.y;
        assert!(samples.iter().all(|x| (x.pos.y - start).abs() < 150.0));
    }
}
