//! The side panel, headless with egui_kittest: every algorithm's sliders exist (generated
//! from the parameter descriptions), moving one changes the parameter in the running
//! world, and opening a broken file shows its error and keeps the open scenario.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::Queryable;
use egui_macroquad::egui::accesskit::Role;
use steerlab::guidance::{Algorithm, Kind};
use steerlab::scenario::presets::default_scenario;

/// The label a parameter's widget carries.
fn widget_label(spec: &steerlab::guidance::Field) -> String {
    if spec.unit.is_empty() {
        spec.label.to_string()
    } else {
        format!("{} ({})", spec.label, spec.unit)
    }
}

fn header(algorithm: Algorithm) -> String {
    format!("■ {}", algorithm.id())
}

#[test]
fn every_algorithm_has_a_widget_for_every_parameter() {
    let mut harness = panel_common::harness(default_scenario(), true);
    for algorithm in Algorithm::ALL {
        harness.get_by_label(&header(algorithm)).click();
        harness.run();
        for spec in algorithm.params() {
            let label = widget_label(spec);
            assert!(
                harness.query_all_by_label(&label).next().is_some(),
                "{algorithm}: no widget labelled `{label}`"
            );
        }
        harness.get_by_label(&header(algorithm)).click();
        harness.run();
    }
}

#[test]
fn moving_the_ga_slider_changes_ga_in_the_running_world() {
    let mut harness = panel_common::harness(default_scenario(), true);
    harness.get_by_label(&header(Algorithm::Smoothed)).click();
    harness.run();
    let before = harness.state().session.runs.lanes[0]
        .world
        .tuning
        .smoothed
        .ga;
    let slider = harness.get_by_role_and_label(Role::Slider, "ga");
    slider.focus();
    slider.key_press(egui_kittest::kittest::Key::ArrowLeft);
    harness.run();
    let session = &harness.state().session;
    let after = session.doc.scenario.algorithms.smoothed.ga;
    assert!(after < before, "ga stayed at {after}");
    // The world receives the change on its next tick.
    harness.state_mut().session.single_step();
    assert_eq!(
        harness.state().session.runs.lanes[0]
            .world
            .tuning
            .smoothed
            .ga,
        after
    );
    assert!(harness.state().session.doc.dirty());
    assert!(harness
        .state()
        .session
        .messages
        .status
        .as_deref()
        .unwrap()
        .contains("live"));
}

#[test]
fn changing_a_next_launch_parameter_says_so() {
    let mut harness = panel_common::harness(default_scenario(), true);
    harness.get_by_label(&header(Algorithm::Intercept)).click();
    harness.run();
    let speed = Algorithm::Intercept
        .params()
        .iter()
        .find(|s| s.name == "speed")
        .unwrap();
    assert!(matches!(speed.kind, Kind::Number { .. }));
    let label = widget_label(speed);
    let slider = harness.get_by_role_and_label(Role::Slider, &label);
    slider.focus();
    slider.key_press(egui_kittest::kittest::Key::ArrowRight);
    harness.run();
    let status = harness
        .state()
        .session
        .messages
        .status
        .clone()
        .unwrap_or_default();
    assert!(status.contains("next launch"), "status: {status}");
}

#[test]
fn opening_a_broken_file_shows_the_error_and_keeps_the_scenario() {
    let dir = std::env::temp_dir().join(format!("steerlab-panel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("broken.ron");
    std::fs::write(
        &bad,
        "(\n    version: 1,\n    algorithms: (smoothed: (ga: 1.5)),\n)\n",
    )
    .unwrap();
    let mut harness = panel_common::harness(default_scenario(), true);
    let before = harness.state().session.doc.scenario.clone();
    let tick_before = harness.state().session.tick();
    harness.state_mut().panel.path_text = bad.display().to_string();
    harness.get_by_label("Open path").click();
    harness.run();
    let session = &harness.state().session;
    assert_eq!(
        session.doc.scenario, before,
        "the open scenario must stay as it was"
    );
    assert_eq!(session.tick(), tick_before);
    let error = session.messages.error.clone().expect("an error is shown");
    assert!(error.contains("broken.ron:3:"), "{error}");
    assert!(error.contains("algorithms.smoothed.ga"), "{error}");
    // In the panel and over the view (where the user is looking).
    let shown = harness.query_all_by_label_contains("expected a value from 0 to 1, found 1.5");
    assert_eq!(shown.count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn transport_buttons_step_pause_and_restart() {
    let mut harness = panel_common::harness(default_scenario(), true);
    harness.get_by_label("⏸ Pause").click();
    harness.run();
    assert!(!harness.state().session.runs.playing);
    harness.get_by_label("Step").click();
    harness.run();
    assert_eq!(harness.state().session.tick(), 1);
    harness.get_by_label("Restart").click();
    harness.run();
    assert_eq!(harness.state().session.tick(), 0);
}
