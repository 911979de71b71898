//! The Sweep window under egui_kittest: it runs a sweep on background threads while the
//! panel reports progress, Cancel stops it, hovering a heatmap cell shows its numbers,
//! and a click on a cell opens that exact engagement in the sandbox.
#![cfg(feature = "app")]

mod panel_common;
use egui_kittest::kittest::Queryable;
use panel_common::*;
use steerlab::core::Value;
use steerlab::guidance::Algorithm;
use steerlab::scenario::{self, sweep::AxisSpec};
use steerlab::sim::Motion;

fn fleeing() -> scenario::Scenario {
    scenario::parse(include_str!("fixtures/sweep-fleeing.ron"), "fleeing.ron").unwrap()
}

/// A harness over the fleeing-target fixture with the Sweep window open.
fn sweep_window() -> egui_kittest::Harness<'static, State> {
    let mut harness = harness(fleeing(), false);
    harness.get_by_label("Sweep…").click();
    harness.run();
    harness
}

/// Steps the harness until the sweep is over (at most about a minute).
fn until_done(harness: &mut egui_kittest::Harness<'static, State>) {
    for _ in 0..6000 {
        harness.step();
        if !harness.state().session.sweeps.running() {
            harness.run_steps(2);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the sweep did not finish");
}

#[test]
fn a_long_sweep_reports_progress_and_cancels() {
    let mut harness = sweep_window();
    // 400 x 400 cells: far more than the test waits for.
    let spec = harness.state_mut().session.sweeps.spec.as_mut().unwrap();
    spec.x.count = 400;
    spec.y.as_mut().unwrap().count = 400;
    harness.get_by_label("Run").click();
    harness.run_steps(3);
    assert!(harness.state().session.sweeps.running());
    // The panel says how far it is, and the count grows while the sandbox keeps drawing.
    let mut seen = 0;
    for _ in 0..200 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        harness.step();
        let (done, all) = harness.state().session.sweeps.progress().unwrap();
        assert_eq!(all, 160_000);
        if done > 0 {
            seen = done;
            break;
        }
    }
    assert!(seen > 0, "no progress reported");
    // The side panel's line and the window's progress bar.
    assert_eq!(
        harness.query_all_by_label_contains("/160000 cells").count(),
        2
    );
    harness.get_by_label("Cancel").click();
    harness.run_steps(3);
    let sweeps = &harness.state().session.sweeps;
    assert!(!sweeps.running());
    assert!(sweeps.result.is_none());
    assert_eq!(sweeps.status.as_deref(), Some("cancelled"));
    assert!(harness.query_by_label("cancelled").is_some());
}

#[test]
fn a_click_on_a_cell_opens_that_engagement_and_hovering_shows_its_numbers() {
    let mut harness = sweep_window();
    let spec = harness.state_mut().session.sweeps.spec.as_mut().unwrap();
    spec.x = AxisSpec::parse("algorithms.intercept.speed=100..300:3").unwrap();
    spec.y = Some(AxisSpec::parse("targets[0].motion.vel.x=100..300:3").unwrap());
    spec.runs = 2;
    harness.get_by_label("Run").click();
    until_done(&mut harness);
    assert!(harness
        .query_by_label_contains("18 engagements in")
        .is_some());
    // With its rate (whatever the machine: only that it is said).
    assert!(harness.query_by_label_contains(" a second)").is_some());
    // The map's centre is cell (1, 1): missile 200 against target 200, no solution.
    harness.get_by_label("heatmap intercept").hover();
    harness.run_steps(3);
    assert!(harness
        .query_by_label("algorithms.intercept.speed = 200, targets[0].motion.vel.x = 200")
        .is_some());
    assert!(harness.query_by_label("0 of 2 (2 runs)").is_some());
    let result = harness.state().session.sweeps.result.as_ref().unwrap();
    let plan = result.plan.clone();
    let stats = plan
        .find(&result.stats, 4, Algorithm::Intercept)
        .unwrap()
        .clone();
    harness.get_by_label("heatmap intercept").simulate_click();
    harness.run_steps(3);
    let opened = &harness.state().session.doc.scenario;
    assert_eq!(
        opened.algorithms.get(Algorithm::Intercept, "speed"),
        Some(Value::Number(200.0))
    );
    let Motion::Constant(c) = &opened.targets[0].motion else {
        panic!("a constant target")
    };
    assert_eq!(c.vel.x, 200.0);
    assert_eq!(opened.world.seed, plan.seed(4, stats.worst_run));
    assert_eq!(opened.launchers[0].algorithms, [Algorithm::Intercept]);
    // Said in the panel and over the view; the window closed, out of the view's way.
    let said = harness.query_all_by_label_contains("(Undo goes back to the swept scenario)");
    assert_eq!(said.count(), 2);
    assert!(!harness.state().session.sweeps.open);
    assert!(harness.query_by_label("heatmap intercept").is_none());
    // Sweep… brings it back with its maps.
    harness.get_by_label("Sweep…").click();
    harness.run();
    assert!(harness.query_by_label("heatmap intercept").is_some());
    // The worst case of the whole sweep: the first cell of the largest miss.
    let result = harness.state().session.sweeps.result.as_ref().unwrap();
    let w = steerlab::headless::sweep::worst(&result.stats)
        .unwrap()
        .clone();
    let expected = plan.engagement(w.cell, w.worst_run, w.algorithm).unwrap();
    harness
        .get_by_label_contains("Open the worst case (intercept, cell 0, run ")
        .click();
    harness.run_steps(3);
    assert_eq!(harness.state().session.doc.scenario, expected);
    harness.state_mut().session.undo();
    // Undo returns to the scenario that was swept.
    harness.state_mut().session.undo();
    let back = &harness.state().session.doc.scenario;
    assert_eq!(back.world.seed, 0);
    let Motion::Constant(c) = &back.targets[0].motion else {
        panic!("a constant target")
    };
    assert_eq!(c.vel.x, 100.0);
}

#[test]
fn escape_closes_the_help_first_then_the_sweep_window() {
    let mut harness = sweep_window();
    assert!(harness.state().session.sweeps.open);
    harness.state_mut().session.view.help_open = true;
    harness.run();
    harness.press_key(egui_macroquad::egui::Key::Escape);
    harness.run();
    assert!(!harness.state().session.view.help_open, "the help first");
    assert!(
        harness.state().session.sweeps.open,
        "the sweep window stays"
    );
    harness.press_key(egui_macroquad::egui::Key::Escape);
    harness.run();
    assert!(
        !harness.state().session.sweeps.open,
        "then the sweep window"
    );
}
