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

fn classes(found: &[Finding]) -> Vec<Class> {
    found.iter().map(|f| f.class).collect()
}

const FIRST: MissileId = MissileId(0);
const SECOND: MissileId = MissileId(1);

#[test]
fn the_scenario_launches_two_orbiting_missiles_two_seconds_apart() {
    let mut w = world();
    let mut s = Sampler::new(Thresholds::default());
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
    while w.tick() < 610 {
        w.step();
        s.after_step(&w, w.events());
        assert!(s.news(&[], 15, w.tick()).is_none());
    }
    // The first's end (tick 600) was heard with nothing watched: not announced now.
    // The second's orbit (in flight since tick 121) is found at its next check.
    let mut heard = Vec::new();
    while w.tick() < 721 {
        w.step();
        s.after_step(&w, w.events());
        if let Some((id, finding)) = s.news(&[Class::OutOfEnergy, Class::Orbit], 15, w.tick()) {
            heard.push((w.tick(), id, finding.class));
        }
    }
    assert_eq!(
        heard,
        [
            (616, SECOND, Class::Orbit),
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
    let mut heard = Vec::new();
    while w.tick() < 602 {
        w.step();
        s.after_step(&w, w.events());
        if let Some((id, finding)) = s.news(&[Class::OutOfEnergy], 15, w.tick()) {
            heard.push((w.tick(), id, finding.class));
        }
    }
    assert_eq!(
        heard,
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
