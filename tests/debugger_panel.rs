//! The debugger in the panel, headless with egui_kittest: the scrubber moves the tick on
//! screen (bit-identical to the live run), breakpoints pause on the matching event and
//! highlight the missile, and the inspector shows a Newton missile's internals.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::Queryable;
use steerlab::app::session::Selection;
use steerlab::app::Session;
use steerlab::guidance::Algorithm;
use steerlab::scenario::parse;
use steerlab::scenario::presets::{default_scenario, shipped};
use steerlab::scenario::Scenario;

#[test]
fn the_back_button_shows_the_previous_tick_exactly_as_it_was_live() {
    let mut harness = panel_common::harness(default_scenario(), false);
    let mut live = Vec::new();
    for _ in 0..120 {
        harness.state_mut().session.step_once();
        live.push(harness.state().session.runs.lanes[0].world.state_hash());
    }
    for _ in 0..5 {
        harness.get_by_label("◀ back").click();
        harness.run();
    }
    let session = &harness.state().session;
    assert_eq!(session.runs.view_tick, Some(115));
    assert_eq!(session.tick(), 115);
    assert_eq!(session.runs.lanes[0].shown().state_hash(), live[114]);
    assert!(harness
        .query_by_label_contains("past: t = 1.917 s")
        .is_some());
    // "live" returns to the present.
    harness.get_by_label("live").click();
    harness.run();
    assert_eq!(harness.state().session.runs.view_tick, None);
    assert_eq!(harness.state().session.tick(), 120);
}

#[test]
fn pause_on_hit_stops_on_the_first_hit_and_selects_the_hitter() {
    let mut harness = panel_common::harness(default_scenario(), false);
    harness.get_by_label("Breakpoints").click();
    harness.run();
    harness.get_by_label("pause on hit").click();
    harness.run();
    assert!(harness.state().session.runs.breakpoints.hit);
    let session = &mut harness.state_mut().session;
    panel_common::play_until_paused(session, 2000);
    assert!(!session.runs.playing, "never paused");
    let reason = session.runs.paused_by.clone().unwrap();
    assert!(reason.contains("hit"), "{reason}");
    let Some(Selection::Missile { lane, id }) = session.view.selected else {
        panic!("nothing highlighted")
    };
    let hits_now: Vec<_> = session.runs.lanes[lane]
        .world
        .events()
        .iter()
        .filter_map(|e| match e.kind {
            steerlab::sim::EventKind::Hit { missile, .. } => Some(missile),
            _ => None,
        })
        .collect();
    assert!(
        hits_now.contains(&id),
        "the highlighted missile is the one that hit this tick"
    );
    harness.run();
    assert!(harness.query_by_label_contains("paused: ").is_some());
}

#[test]
fn the_inspector_shows_newton_internals_per_sign_pair() {
    let scenario: Scenario = parse(shipped("accelerating").unwrap(), "accelerating").unwrap();
    let mut harness = panel_common::harness(scenario, false);
    for _ in 0..30 {
        harness.state_mut().session.step_once();
    }
    let session = &mut harness.state_mut().session;
    let newton = session.runs.lanes[0]
        .world
        .missiles()
        .iter()
        .find(|m| m.algorithm() == Algorithm::Newton)
        .unwrap()
        .id;
    session.view.selected = Some(Selection::Missile {
        lane: 0,
        id: newton,
    });
    harness.run();
    assert!(harness
        .query_by_label_contains("angle error vs quartic")
        .is_some());
    assert_eq!(
        harness.query_all_by_label_contains("pair: (").count(),
        4,
        "one line per sign pair"
    );
    assert!(harness
        .query_by_label_contains("iterations (all pairs)")
        .is_some());
    // Scrubbing back shows that tick's state.
    let position_line = |session: &Session| {
        let m = session.runs.lanes[0].shown().missile(newton).unwrap();
        format!("position  ({:.2}, {:.2})", m.body.pos.x, m.body.pos.y)
    };
    let live_line = position_line(&harness.state().session);
    assert!(
        harness.query_by_label_contains(&live_line).is_some(),
        "{live_line}"
    );
    harness.state_mut().session.scrub(5);
    harness.run();
    let past_line = position_line(&harness.state().session);
    assert_ne!(live_line, past_line);
    assert!(
        harness.query_by_label_contains(&past_line).is_some(),
        "{past_line}"
    );
}

#[test]
fn export_writes_the_selected_missiles_telemetry_as_csv() {
    let mut harness = panel_common::harness(default_scenario(), false);
    for _ in 0..90 {
        harness.state_mut().session.step_once();
    }
    let session = &mut harness.state_mut().session;
    let id = session.runs.lanes[0].world.all_missiles()[0].id;
    session.view.selected = Some(Selection::Missile { lane: 0, id });
    let path = std::env::temp_dir().join(format!("steerlab-telemetry-{}.csv", std::process::id()));
    // Through the panel: the Export section's path and button.
    harness.state_mut().panel.exports.telemetry = path.display().to_string();
    harness.get_by_label("Export").click();
    harness.run();
    harness.get_by_label("Export telemetry CSV").click();
    harness.run();
    let status = harness
        .state()
        .session
        .messages
        .status
        .clone()
        .unwrap_or_default();
    let rows: usize = status
        .strip_prefix("wrote ")
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("status: {status}"));
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "tick,time,x,y,vx,vy,range,closing_speed,heading_error,speed,turn_rate,los_rate,\
         time_to_go,zero_effort_miss,commanded_accel,achieved_accel"
    );
    assert_eq!(lines.count(), rows);
    assert!(rows > 60, "one row per tick the missile flew: {rows}");
}

#[test]
fn export_code_writes_the_law_its_vectors_and_its_test_in_the_chosen_language() {
    let mut harness = panel_common::harness(default_scenario(), false);
    let dir = std::env::temp_dir().join(format!("steerlab-export-code-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    harness.state_mut().panel.exports.folder = dir.display().to_string();
    // The smoothed section, its language set to Rust, then Export code.
    harness.get_by_label("■ smoothed").click();
    harness.run();
    // Smoothed has no choice of its own: the one box is the language's.
    harness
        .get_by_role(egui_macroquad::egui::accesskit::Role::ComboBox)
        .simulate_click();
    harness.run();
    harness.get_by_label("Rust (Bevy)").simulate_click();
    harness.run();
    harness.get_by_label("Export code").click();
    harness.run();
    let status = harness.state().session.messages.status.clone();
    let names = [
        "smoothed_missile.rs",
        "smoothed_vectors.csv",
        "smoothed_missile_test.rs",
    ];
    for name in names {
        assert!(status.as_deref().unwrap_or("").contains(name), "{status:?}");
    }
    let code = std::fs::read_to_string(dir.join(names[0])).unwrap();
    // The default scenario's tuning (ga 0.92, speed 5) is the one baked in.
    assert!(code.contains("pub const GA: f32 = 0.92;"), "{code}");
    assert!(code.contains("pub const SPEED: f32 = 5.0;"), "{code}");
    let vectors = std::fs::read_to_string(dir.join(names[1])).unwrap();
    assert!(vectors.starts_with("call,tick,missile,"), "{vectors}");
    let test = std::fs::read_to_string(dir.join(names[2])).unwrap();
    assert!(
        test.contains("include_str!(\"smoothed_vectors.csv\")"),
        "{test}"
    );
    // Newton in TypeScript: in single precision, each operation rounded.
    harness.get_by_label("■ smoothed").click();
    harness.run();
    harness.state_mut().session.view.export_lang = steerlab::export::Lang::TypeScript;
    harness.get_by_label("■ newton").click();
    harness.run();
    harness.get_by_label("Export code").click();
    harness.run();
    let code = std::fs::read_to_string(dir.join("newtonMissile.ts")).unwrap();
    assert!(code.contains("Math.fround("), "{code}");
    assert!(code.contains("function atan2Single("), "{code}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn plots_extended_live_tick_by_tick_equal_a_full_replay_of_the_history() {
    let mut session = Session::new(default_scenario(), None);
    for _ in 0..20 {
        session.step_once();
    }
    let id = session.runs.lanes[0].world.missiles()[0].id;
    session.runs.plots.toggle(0, id);
    let _ = session
        .runs
        .plots
        .samples(session.runs.lanes.iter().map(|l| &l.history)); // computed from the history
    for _ in 0..40 {
        session.step_once(); // extended from the live world
    }
    let extended = session
        .runs
        .plots
        .samples(session.runs.lanes.iter().map(|l| &l.history))[&(0, id)]
        .clone();
    session.runs.plots.stale();
    let replayed = session
        .runs
        .plots
        .samples(session.runs.lanes.iter().map(|l| &l.history))[&(0, id)]
        .clone();
    assert_eq!(extended.len(), replayed.len());
    assert_eq!(extended, replayed);
    assert!(extended.len() >= 60);
}

#[test]
fn export_gif_draws_the_run_frame_by_frame_into_a_file() {
    let mut harness = panel_common::harness(default_scenario(), false);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.gif");
    harness.state_mut().panel.exports.gif = path.display().to_string();
    harness.state_mut().panel.exports.gif_seconds = 1.5;
    harness.get_by_label("Export").click();
    harness.run();
    harness.get_by_label("Export GIF").click();
    harness.run();
    assert!(harness.state().session.gif.progress().is_some(), "drawing");
    // Each frame of the window draws a slice; the panel shows the progress meanwhile.
    for _ in 0..2000 {
        if harness.state().session.gif.progress().is_none() {
            break;
        }
        harness.state_mut().session.advance(0.0);
        harness.run();
    }
    let status = harness
        .state()
        .session
        .messages
        .status
        .clone()
        .unwrap_or_default();
    assert!(
        status.starts_with(&format!("wrote {}", path.display())),
        "{status}"
    );
    // 1.5 s at the default 20 frames a second: 30 frames of 640 x 400.
    let mut decoder = gif::DecodeOptions::new()
        .read_info(std::fs::File::open(&path).unwrap())
        .unwrap();
    assert_eq!((decoder.width(), decoder.height()), (640, 400));
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 30);
    assert!(status.contains("30 frames, 640 x 400"), "{status}");
}
