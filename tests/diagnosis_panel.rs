//! Why it missed, in the panel, headless with egui_kittest: the results' why column, the
//! inspector's classes with their evidence and a click that jumps to where one started,
//! a breakpoint per class, the tally and the thresholds, and the class map of a sweep.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use egui_macroquad::egui::accesskit::{Action, ActionData, ActionRequest, Role};
use egui_macroquad::egui::Event;
use panel_common::State;
use steerlab::app::session::Selection;
use steerlab::scenario::{parse, Scenario};
use steerlab::sim::diagnosis::Class;
use steerlab::sim::MissileId;

type H = Harness<'static, State>;

/// A turn-rate missile (2 rad/s at 300 units/s: a circle of 150 units) launched beside
/// a target parked 80 units away: it orbits until its 10 s lifetime runs out at tick 600.
fn orbit() -> Scenario {
    parse(
        r#"(version: 1, world: (width: 2000, height: 1200),
 algorithms: (turn_rate: (radial_speed: 300, angular_speed: 2)),
 targets: [(name: "t", radius: 10, motion: Static(pos: (300, 520)))],
 launchers: [(pos: (300, 600), target: "t", algorithms: ["turn-rate"],
              launch_velocity: (300, 0), missile: (lifetime: 10))])"#,
        "orbit",
    )
    .unwrap()
}

/// The panel at tick `tick` of the orbit, its missile selected.
fn at(tick: u64) -> H {
    let mut harness = panel_common::harness(orbit(), false);
    for _ in 0..tick {
        harness.state_mut().session.step_once();
    }
    harness.state_mut().session.view.selected = Some(Selection::Missile {
        lane: 0,
        id: MissileId(0),
    });
    harness.run();
    harness
}

/// The panel after the orbit has ended (tick 700), its missile selected.
fn ended() -> H {
    at(700)
}

#[test]
fn the_why_column_and_the_inspector_name_the_orbit_and_a_click_jumps_to_a_class_start() {
    let mut harness = ended();
    // The why column and the inspector's first class.
    assert_eq!(harness.query_all_by_label("orbit").count(), 2);
    assert!(harness
        .query_by_label("why it missed; the first is the primary cause:")
        .is_some());
    assert!(harness
        .query_by_label("orbit from 0.02 s to 10.00 s: 3.3 turns at about 155 units")
        .is_some());
    assert!(harness
        .query_by_label("its lifetime ran out at 10.00 s")
        .is_some());
    // A click on a class jumps to where it started: the lifetime's end, tick 600.
    harness.get_by_label("out-of-energy").click();
    harness.run();
    let session = &harness.state().session;
    assert_eq!(session.runs.view_tick, Some(600));
    assert_eq!(session.tick(), 600);
    // The orbit started on the missile's first tick. (One "orbit" is the results
    // table's label; the inspector's is a button.)
    let buttons: Vec<_> = harness
        .query_all_by_label("orbit")
        .filter(|n| n.role() == Role::Button)
        .collect();
    assert_eq!(buttons.len(), 1);
    buttons[0].click();
    harness.run();
    assert_eq!(harness.state().session.tick(), 1);
}

#[test]
fn while_it_flies_the_inspector_says_what_its_flight_shows_so_far() {
    let mut harness = at(60);
    assert!(harness
        .query_by_label("flying: no failure class so far")
        .is_some());
    for _ in 0..240 {
        harness.state_mut().session.step_once();
    }
    harness.run();
    assert!(harness
        .query_by_label("flying: what its flight shows so far:")
        .is_some());
    assert!(harness
        .query_by_label_contains("orbit from 0.02 s to 5.00 s")
        .is_some());
}

#[test]
fn a_class_checkbox_in_breakpoints_pauses_the_run_when_a_missile_shows_it() {
    let mut harness = panel_common::harness(orbit(), false);
    harness.get_by_label("Breakpoints").click();
    harness.run();
    harness.get_by_label("orbit").click();
    harness.run();
    assert_eq!(
        harness.state().session.runs.breakpoints.classes,
        [Class::Orbit]
    );
    let session = &mut harness.state_mut().session;
    panel_common::play_until_paused(session, 2000);
    assert!(!session.runs.playing, "never paused");
    let tick = session.tick();
    assert!((181..=211).contains(&tick), "{tick}");
    harness.run();
    assert!(harness
        .query_by_label_contains("paused: M0 (turn-rate): orbit from 0.02 s")
        .is_some());
    // Unticked: off again (the inspector now has an "orbit" of its own).
    harness
        .query_all_by_label("orbit")
        .find(|n| n.role() == Role::CheckBox)
        .expect("the checkbox")
        .click();
    harness.run();
    assert_eq!(harness.state().session.runs.breakpoints.classes, []);
}

#[test]
fn the_tally_counts_the_misses_by_class_and_a_threshold_changed_there_diagnoses_again() {
    let mut harness = ended();
    harness.get_by_label("Why it missed").click();
    harness.run();
    assert!(harness
        .query_by_label("all: 1 missiles, 0 hits; misses: orbit 1")
        .is_some());
    harness.get_by_label("thresholds").click();
    harness.run();
    // "orbit: turns" to 5, as a screen reader sets a number.
    let id = harness
        .get_by_label("orbit: turns (turns)")
        .following_siblings()
        .find(|n| n.role() == Role::SpinButton)
        .expect("its number")
        .id();
    let request = ActionRequest {
        action: Action::SetValue,
        target: id,
        data: Some(ActionData::NumericValue(5.0)),
    };
    harness
        .input_mut()
        .events
        .push(Event::AccessKitActionRequest(request));
    harness.run();
    harness.run();
    let session = &harness.state().session;
    assert_eq!(session.doc.scenario.diagnosis.orbit_turns, 5.0);
    assert_eq!(session.tick(), 700, "no restart");
    assert_eq!(
        session.runs.lanes[0].diagnosis.why(MissileId(0)),
        Some(Class::Overshoot)
    );
    assert!(harness
        .query_by_label("all: 1 missiles, 0 hits; misses: overshoot 1")
        .is_some());
}
