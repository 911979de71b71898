//! Saving a script while the window runs: the session sees the file change (notify),
//! recompiles it, and the run continues from the tick on screen with the new code as a
//! branch, the old future kept as the ghost; a save that does not compile keeps the
//! previous version flying and shows the error with its place. The panel shows both.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use glam::Vec2;
use std::path::Path;
use std::time::{Duration, Instant};
use steerlab::app::ui::{self as panel, PanelState};
use steerlab::app::Session;
use steerlab::guidance::Algorithm;
use steerlab::scenario;

const STRAIGHT: &str =
    "fn launch(m, t, p, dt) { m.dir * 200.0 }\nfn steer(m, t, p, dt) { m.vel }\n";
const CIRCLING: &str =
    "fn launch(m, t, p, dt) { m.dir * 200.0 }\nfn steer(m, t, p, dt) { m.vel.rotate(0.05) }\n";
const BROKEN: &str =
    "fn launch(m, t, p, dt) { m.dir * 200.0 }\nfn steer(m, t, p, dt) {\n    m.vel.rotate(\n}\n";

fn write_scenario(dir: &Path) -> std::path::PathBuf {
    std::fs::write(dir.join("law.rhai"), STRAIGHT).unwrap();
    let path = dir.join("reload.ron");
    std::fs::write(
        &path,
        r#"(
    version: 1,
    name: "reload",
    scripts: [(id: "reloaded", path: "law.rhai")],
    targets: [(name: "t", motion: Static(pos: (900, 100)))],
    launchers: [(pos: (100, 500), target: "t", algorithms: ["reloaded"])],
)"#,
    )
    .unwrap();
    path
}

/// Polls the session (as each frame does) until `done`, for at most 10 s.
fn poll(session: &mut Session, done: impl Fn(&Session) -> bool) {
    let start = Instant::now();
    while !done(session) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no reload seen: {:?}",
            session.messages
        );
        std::thread::sleep(Duration::from_millis(20));
        session.advance(0.0);
    }
}

/// Saves `text` as the script the way an editor does: a new file renamed over it.
fn save(dir: &Path, text: &str) {
    let tmp = dir.join(".law.rhai.swp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, dir.join("law.rhai")).unwrap();
}

#[test]
fn saving_a_script_branches_the_run_with_the_new_code_and_keeps_the_old_future_as_ghost() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path());
    let mut session = Session::new(scenario::load(&path).unwrap(), Some(path));
    let algorithm = Algorithm::from_id("reloaded").unwrap();
    session.runs.playing = true;
    for _ in 0..120 {
        session.advance(1.0 / 60.0);
    }
    session.scrub(30);
    assert!(session.runs.in_past());

    save(dir.path(), CIRCLING);
    poll(&mut session, |s| {
        s.messages
            .status
            .as_deref()
            .is_some_and(|m| m.starts_with("reloaded"))
    });
    assert_eq!(session.tick(), 30, "continues from the tick on screen");
    assert!(!session.runs.in_past());
    let lane = &session.runs.lanes[0];
    let ghost = lane.ghost.as_ref().expect("the old future is the ghost");
    let (ghost_algorithm, old_path) = ghost.missiles.values().next().unwrap().clone();
    assert_eq!(ghost_algorithm, algorithm);
    assert!(old_path.len() > 10);

    // The new code circles (radius 200 / 3 rad/s = 67) where the old flew straight on.
    session.runs.playing = true;
    for _ in 0..60 {
        session.advance(1.0 / 60.0);
    }
    let now = session.runs.lanes[0].world.missiles()[0].body.pos;
    let nearest = old_path
        .iter()
        .map(|p| p.distance(now))
        .fold(f32::INFINITY, f32::min);
    assert!(
        nearest > 40.0,
        "the new flight is {nearest} from the old one"
    );

    // A broken save: the error with its place, the circling code keeps flying.
    save(dir.path(), BROKEN);
    poll(&mut session, |s| s.messages.error.is_some());
    let error = session.messages.error.clone().unwrap();
    assert!(error.contains("law.rhai:4:1:"), "{error}");
    assert!(
        error.contains("the previous version keeps flying"),
        "{error}"
    );
    let heading = |s: &Session| s.runs.lanes[0].world.missiles()[0].body.vel;
    let before: Vec2 = heading(&session);
    session.advance(1.0 / 60.0);
    let after = heading(&session);
    let turned = before.perp_dot(after).atan2(before.dot(after));
    assert!(
        (turned - 0.05).abs() < 1e-4,
        "still circling: turned {turned}"
    );

    // The panel shows the error where a user looks.
    let state = panel_common::State {
        panel: PanelState::new(&session),
        session,
    };
    let harness = Harness::builder()
        .with_size(egui_macroquad::egui::Vec2::new(1200.0, 4000.0))
        .build_state(
            |ctx, s: &mut panel_common::State| {
                panel::show(ctx, &mut s.panel, &mut s.session);
            },
            state,
        );
    assert!(harness
        .query_all_by_label_contains("law.rhai:4:1:")
        .next()
        .is_some());
}

#[test]
fn a_scripts_parameters_are_sliders_that_reach_the_running_world() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/scripts/own-missile.ron");
    let scenario = scenario::load(&path).unwrap();
    let apn = Algorithm::from_id("apn").unwrap();
    let mut harness = panel_common::harness(scenario, false);
    harness.get_by_label("■ apn").click();
    harness.run();
    for label in ["n", "speed (units/s)", "max accel (units/s^2)"] {
        assert!(
            harness.query_all_by_label(label).next().is_some(),
            "no `{label}`"
        );
    }
    let slider = harness.get_by_role_and_label(egui_macroquad::egui::accesskit::Role::Slider, "n");
    slider.focus();
    slider.key_press(egui_kittest::kittest::Key::ArrowRight);
    harness.run();
    let session = &harness.state().session;
    let value = |t: &steerlab::guidance::Tuning| t.get(apn, "n");
    let saved = value(&session.doc.scenario.algorithms);
    assert_ne!(
        saved,
        Some(steerlab::guidance::Value::Number(4.0)),
        "n stayed at 4"
    );
    session.runs.lanes.iter().for_each(|lane| {
        // Applied at the start of the next tick (queued like every input).
        assert!(lane.world.pending().iter().any(|i| matches!(
            i,
            steerlab::sim::Input::SetParam { algorithm, name, .. } if *algorithm == apn && name == "n"
        )));
    });
    assert!(scenario::to_text(&session.doc.scenario).contains(r#""n":"#));
}
