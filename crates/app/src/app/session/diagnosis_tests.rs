//! Why it missed, in the window's session: the breakpoints per class, a branch that
//! diagnoses the flights again, and thresholds changed without a restart.

use super::super::Session;
use super::super::*;
use crate::sim::diagnosis::{Class, Thresholds};

/// A turn-rate missile (2 rad/s at 300 units/s: a circle of 150 units) launched beside
/// a target parked 80 units away: it orbits until its 10 s lifetime runs out at tick 600.
const ORBIT: &str = r#"(version: 1, world: (width: 2000, height: 1200),
 algorithms: (turn_rate: (radial_speed: 300, angular_speed: 2)),
 targets: [(name: "t", radius: 10, motion: Static(pos: (300, 520)))],
 launchers: [(pos: (300, 600), target: "t", algorithms: ["turn-rate"],
              launch_velocity: (300, 0), missile: (lifetime: 10))])"#;

const M0: MissileId = MissileId(0);

fn session() -> Session {
    Session::new(crate::scenario::parse(ORBIT, "orbit").unwrap(), None)
}

/// Steps until a breakpoint pauses the run (or tick `limit`); the tick it paused at.
fn until_paused(s: &mut Session, limit: u64) -> Option<u64> {
    while s.tick() < limit {
        if s.step_once() {
            return Some(s.tick());
        }
    }
    None
}

fn why(s: &Session) -> Option<Class> {
    s.runs.lanes[0].diagnosis.why(M0)
}

#[test]
fn a_class_breakpoint_pauses_when_a_missile_starts_to_orbit_and_selects_it() {
    let mut s = session();
    s.runs.breakpoints.classes = vec![Class::Orbit, Class::OutOfEnergy];
    // Its line of sight has turned a full circle a little after 3.1 s; flights are
    // checked every quarter of a second from their first sample (tick 1).
    let at = until_paused(&mut s, 700).expect("paused on the orbit");
    assert!(
        (181..=211).contains(&at) && (at - 1).is_multiple_of(15),
        "{at}"
    );
    let said = s.runs.paused_by.clone().unwrap();
    assert!(
        said.starts_with("M0 (turn-rate): orbit from 0.02 s to ")
            && said.contains(" turns at about "),
        "{said}"
    );
    assert!(!s.runs.playing);
    assert_eq!(
        s.view.selected,
        Some(Selection::Missile { lane: 0, id: M0 })
    );
    // On: the orbit is not announced again; its lifetime's end is, named with its class.
    assert_eq!(until_paused(&mut s, 700), Some(600));
    assert_eq!(
        s.runs.paused_by.as_deref(),
        Some("M0 (turn-rate): out-of-energy: its lifetime ran out at 10.00 s")
    );
    assert_eq!(until_paused(&mut s, 700), None);
}

#[test]
fn without_class_breakpoints_the_run_goes_on_and_the_miss_is_still_diagnosed() {
    let mut s = session();
    assert_eq!(until_paused(&mut s, 700), None);
    assert_eq!(why(&s), Some(Class::Orbit));
}

#[test]
fn a_branch_from_the_past_diagnoses_the_flight_again_as_it_flies_on() {
    let mut s = session();
    until_paused(&mut s, 700);
    let found = s.runs.lanes[0].diagnosis.findings[&M0].clone();
    s.scrub(100);
    // Looking at the past changes nothing: the inspector still knows how it ended.
    assert_eq!(why(&s), Some(Class::Orbit));
    // Playing on from tick 100 branches: the missile flies again, not diagnosed yet.
    s.runs.leave_past();
    assert_eq!(s.tick(), 100);
    assert_eq!(why(&s), None);
    until_paused(&mut s, 700);
    assert_eq!(s.runs.lanes[0].diagnosis.findings[&M0], found);
}

#[test]
fn the_inspector_says_by_which_tick_its_classes_are_known_while_the_past_is_shown() {
    let line = |s: &Session| crate::app::ui::diagnosis::of(&s.runs, 0, M0).unwrap().2;
    let mut s = session();
    // Live at each tick, then from a tick in the past: five ticks in, no class yet; at
    // tick 300 it has orbited (from 0.02 s) and flies on; past its end (tick 600), why it
    // missed. From the past the classes are still the live world's, which the line says.
    let ahead = |live: u64| format!("(by the live tick {live}, ahead of the tick on screen)");
    let cases = [
        (5, 2, "flying: no failure class so far", ""),
        (300, 1, "flying: what its flight shows so far", ":"),
        (610, 2, "why it missed", "; the first is the primary cause:"),
    ];
    for (live, past, says, then) in cases {
        s.scrub(u64::MAX);
        while s.tick() < live {
            s.step_once();
        }
        assert_eq!(line(&s), format!("{says}{then}"));
        s.scrub(past);
        assert_eq!(line(&s), format!("{says} {}{then}", ahead(live)));
    }
}

#[test]
fn new_thresholds_diagnose_the_run_again_without_a_restart_and_undo_takes_them_back() {
    let mut s = session();
    until_paused(&mut s, 700);
    let five = Thresholds {
        orbit_turns: 5.0,
        ..Thresholds::default()
    };
    s.set_thresholds(five.clone());
    assert_eq!(s.tick(), 700, "no restart");
    assert_eq!(s.doc.scenario.diagnosis, five);
    // 3.3 turns are no orbit of five: each loop is a pass that turns back.
    assert_eq!(why(&s), Some(Class::Overshoot));
    s.undo();
    assert_eq!(s.doc.scenario.diagnosis, Thresholds::default());
    // Undone without a restart either: diagnosed again at once.
    assert_eq!(s.tick(), 700, "no restart on undo");
    assert_eq!(why(&s), Some(Class::Orbit));
    assert_eq!(
        s.messages.status.as_deref(),
        Some("undid the new thresholds")
    );
}

#[test]
fn a_threshold_typed_digit_by_digit_is_one_undo_step_and_another_its_own() {
    let mut s = session();
    until_paused(&mut s, 700);
    let angle = |a: f32, turns: f32| Thresholds {
        overshoot_angle: a,
        orbit_turns: turns,
        ..Thresholds::default()
    };
    // "5", "50", "500" (clamped by the field to 180): one number typed.
    for a in [5.0, 50.0, 180.0] {
        s.set_thresholds(angle(a, 1.0));
    }
    // Then another number, twice: its own step.
    s.set_thresholds(angle(180.0, 2.0));
    s.set_thresholds(angle(180.0, 3.0));
    s.undo();
    assert_eq!(s.doc.scenario.diagnosis, angle(180.0, 1.0));
    s.undo();
    assert_eq!(s.doc.scenario.diagnosis, Thresholds::default());
    assert_eq!(s.tick(), 700, "no restart");
    // Nothing before the first.
    assert!(!s.doc.can_undo());
    // An edit of something else between two of the same number keeps them apart.
    s.set_thresholds(angle(45.0, 1.0));
    s.doc.remember_edit(Edit::PlacedTarget("t2".into()));
    s.set_thresholds(angle(60.0, 1.0));
    s.undo();
    assert_eq!(s.doc.scenario.diagnosis, angle(45.0, 1.0));
}

#[test]
fn a_threshold_out_of_range_is_refused_with_its_field() {
    let mut s = session();
    s.set_thresholds(Thresholds {
        orbit_turns: 0.0,
        ..Thresholds::default()
    });
    let error = s.messages.error.clone().unwrap();
    assert!(
        error.starts_with("not applied: diagnosis.orbit_turns: expected a value from 0.1 to 100"),
        "{error}"
    );
    assert_eq!(s.doc.scenario.diagnosis, Thresholds::default());
}
