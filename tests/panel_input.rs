//! Keyboard and first-hour behaviour of the panel, headless with egui_kittest: keys typed
//! into a text field never reach the shortcuts, every shortcut works when nothing has the
//! keyboard, Escape closes the help window, the README and the help list the same
//! shortcuts, the results table labels its rows and shows ranges for what still flies,
//! a breakpoint says why it paused, Revert says what it did, and the help text is large.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::Queryable;
use egui_macroquad::egui::{self, accesskit::Role, Event, Key};
use steerlab::app::ui::shortcuts::SHORTCUTS;
use steerlab::guidance::{Algorithm, Value};
use steerlab::scenario::presets::default_scenario;

fn type_raw(harness: &mut egui_kittest::Harness<'static, panel_common::State>, text: &str) {
    harness.input_mut().events.push(Event::Text(text.into()));
    harness.run();
}

#[test]
fn a_dot_typed_into_any_text_field_never_steps_the_simulation() {
    let mut harness = panel_common::harness(default_scenario(), false);
    // Every single-line text field of the panel: the scenario name and the path box
    // (the export paths are in a collapsed section: opened first).
    harness.get_by_label("Export").click();
    harness.run();
    let fields = harness.query_all_by_role(Role::TextInput).count();
    assert!(fields >= 4, "only {fields} text fields found");
    for k in 0..fields {
        let before = harness.state().session.tick();
        let field = harness.query_all_by_role(Role::TextInput).nth(k).unwrap();
        field.type_text("0.5.");
        harness.run();
        // Leaving the field (a click elsewhere) must not replay the typed keys either.
        harness.get_by_label("Scenario").click();
        harness.run();
        harness.get_by_label("Scenario").click();
        harness.run();
        assert_eq!(
            harness.state().session.tick(),
            before,
            "text field #{k} let a `.` step the run"
        );
        assert!(
            !harness.state().session.runs.playing,
            "field #{k} toggled play"
        );
    }
    // The name field took the text.
    assert!(harness.state().session.doc.scenario.name.contains("0.5."));
}

#[test]
fn letters_typed_into_the_name_never_restart_launch_or_switch_modes() {
    let mut harness = panel_common::harness(default_scenario(), false);
    for _ in 0..30 {
        harness.state_mut().session.step_once();
    }
    let name = harness
        .query_all_by_role(Role::TextInput)
        .next()
        .expect("the name field");
    name.type_text(" RLCVFP +-?");
    harness.run();
    let s = &harness.state().session;
    assert_eq!(s.tick(), 30, "R restarted while typing");
    assert!(!s.runs.compare, "C switched compare mode while typing");
    assert!(
        s.runs.lanes[0].world.pending().is_empty(),
        "L launched while typing"
    );
    assert!(!s.view.help_open, "? opened the help while typing");
    assert_eq!(s.runs.speed, 1.0, "+/- changed the speed while typing");
    assert!(
        harness.state().panel.panel_open,
        "P hid the panel while typing"
    );
}

#[test]
fn shortcuts_act_when_no_field_has_the_keyboard() {
    let mut harness = panel_common::harness(default_scenario(), false);
    type_raw(&mut harness, ".");
    assert_eq!(harness.state().session.tick(), 1, ". steps");
    harness.press_key(Key::ArrowRight);
    harness.run();
    assert_eq!(harness.state().session.tick(), 2, "Right steps");
    harness.press_key(Key::ArrowLeft);
    harness.run();
    assert_eq!(harness.state().session.tick(), 1, "Left steps back");
    harness.press_key(Key::Space);
    harness.run();
    assert!(harness.state().session.runs.playing, "Space plays");
    harness.press_key(Key::Space);
    harness.run();
    assert!(!harness.state().session.runs.playing, "Space pauses");
    harness.press_key(Key::L);
    harness.run();
    assert!(
        matches!(
            harness.state().session.runs.lanes[0].world.pending(),
            [steerlab::sim::Input::Launch { launcher: 0 }]
        ),
        "L fires a volley"
    );
    harness.press_key(Key::R);
    harness.run();
    assert_eq!(harness.state().session.tick(), 0, "R restarts");
    type_raw(&mut harness, "+");
    assert_eq!(harness.state().session.runs.speed, 1.5, "+ is faster");
    type_raw(&mut harness, "-");
    type_raw(&mut harness, "-");
    assert!(
        (harness.state().session.runs.speed - 1.0 / 1.5).abs() < 1e-6,
        "- is slower"
    );
    harness.press_key(Key::C);
    harness.run();
    assert!(harness.state().session.runs.compare, "C compares");
    assert_eq!(harness.state().session.runs.lanes.len(), 8);
    harness.press_key(Key::V);
    harness.run();
    assert_eq!(
        harness.state().session.view.layout,
        steerlab::app::Layout::Split,
        "V splits"
    );
    harness.press_key(Key::P);
    harness.run();
    assert!(!harness.state().panel.panel_open, "P hides the panel");
    harness.press_key(Key::P);
    harness.run();
    assert!(harness.state().panel.panel_open, "P shows it again");
}

#[test]
fn question_mark_opens_help_and_escape_closes_it() {
    let mut harness = panel_common::harness(default_scenario(), false);
    type_raw(&mut harness, "?");
    assert!(harness.state().session.view.help_open);
    assert!(harness
        .query_by_label("Keyboard shortcuts and symbols")
        .is_some());
    harness.press_key(Key::Escape);
    harness.run();
    assert!(
        !harness.state().session.view.help_open,
        "Escape closes the help"
    );
    assert!(harness
        .query_by_label("Keyboard shortcuts and symbols")
        .is_none());
}

#[test]
fn ctrl_s_saves_the_open_file_and_ctrl_z_undoes_an_edit() {
    let dir = std::env::temp_dir().join(format!("steerlab-ctrl-s-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("scene.ron");
    steerlab::scenario::save(&default_scenario(), &path, None, &[]).unwrap();
    let mut harness = panel_common::harness(default_scenario(), false);
    harness.state_mut().session.open(&path).unwrap();
    harness
        .state_mut()
        .session
        .set_param(Algorithm::Smoothed, "ga", Value::Number(0.5))
        .unwrap();
    assert!(harness.state().session.doc.dirty());
    harness.press_key_modifiers(egui::Modifiers::CTRL, Key::S);
    harness.run();
    assert!(!harness.state().session.doc.dirty(), "Ctrl+S saved");
    let saved = steerlab::scenario::load(&path).unwrap();
    assert_eq!(saved.algorithms.smoothed.ga, 0.5);
    // An edit of the scenario, then Ctrl+Z: the scenario is as before.
    let before = harness.state().session.doc.scenario.clone();
    harness
        .state_mut()
        .session
        .edit_scenario(|s| s.world.tick_rate = 30.0);
    assert_eq!(harness.state().session.doc.scenario.world.tick_rate, 30.0);
    harness.press_key_modifiers(egui::Modifiers::CTRL, Key::Z);
    harness.run();
    assert_eq!(harness.state().session.doc.scenario, before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_readme_and_the_help_window_list_the_same_shortcuts() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for (keys, what) in SHORTCUTS {
        assert!(
            readme.contains(&format!("`{keys}`")),
            "README.md does not list the shortcut `{keys}` ({what})"
        );
    }
    let mut harness = panel_common::harness(default_scenario(), false);
    type_raw(&mut harness, "?");
    for (keys, _) in SHORTCUTS {
        assert!(
            harness.query_by_label(keys).is_some(),
            "the help window does not list `{keys}`"
        );
    }
}

#[test]
fn compare_rows_name_their_lane_and_flying_rows_show_the_current_range() {
    let mut harness = panel_common::harness(default_scenario(), false);
    harness.state_mut().session.set_compare(true);
    for _ in 0..30 {
        harness.state_mut().session.step_once();
    }
    harness.run();
    // One lane per law the default launcher fires.
    for algorithm in default_scenario().launchers[0].algorithms.clone() {
        let label = format!("{} · M0", algorithm.id());
        assert!(
            harness.query_by_label(&label).is_some(),
            "no row labelled `{label}`"
        );
    }
    // Still flying at tick 30: their closest-approach column says it is the range now.
    assert!(harness.query_all_by_label_contains("now ").count() >= 8);
}

#[test]
fn a_breakpoint_says_why_it_paused() {
    let mut harness = panel_common::harness(default_scenario(), true);
    harness.state_mut().session.runs.breakpoints.hit = true;
    for _ in 0..2000 {
        harness.state_mut().session.advance(1.0 / 60.0);
        if !harness.state().session.runs.playing {
            break;
        }
    }
    harness.run();
    let reason = harness
        .state()
        .session
        .runs
        .paused_by
        .clone()
        .expect("paused");
    assert!(reason.contains(" hit"), "{reason}");
    // In the transport and on the timeline.
    assert!(
        harness
            .query_all_by_label_contains(&format!("breakpoint: {reason}"))
            .count()
            >= 2
    );
}

#[test]
fn revert_says_so_and_clears_the_live_message() {
    let mut harness = panel_common::harness(default_scenario(), false);
    let slider =
        harness.get_by_role_and_label(Role::CheckBox, "side by side: one run per algorithm (C)");
    slider.click();
    harness.run();
    harness
        .state_mut()
        .session
        .set_param(Algorithm::Smoothed, "ga", Value::Number(0.5))
        .unwrap();
    harness.state_mut().session.messages.status =
        Some("smoothed.ga: applies live to missiles in flight".into());
    harness.run();
    harness.get_by_label("Revert").click();
    harness.run();
    let status = harness.state().session.messages.status.clone().unwrap();
    assert!(status.starts_with("reverted"), "{status}");
    assert!(harness.query_by_label_contains("applies live").is_none());
    assert_eq!(
        harness.state().session.doc.scenario.algorithms.smoothed.ga,
        default_scenario().algorithms.smoothed.ga
    );
}

#[test]
fn the_path_box_shows_the_open_file_after_a_failed_open() {
    let mut harness = panel_common::harness(default_scenario(), false);
    harness.state_mut().panel.path_text = "/no/such/file.ron".into();
    harness.get_by_label("Open path").click();
    harness.run();
    let error = harness.state().session.messages.error.clone().unwrap();
    assert!(error.contains("/no/such/file.ron"), "{error}");
    assert_eq!(harness.state().panel.path_text, "");
}

#[test]
fn help_and_description_text_is_large_and_light() {
    let harness = panel_common::harness(default_scenario(), false);
    let style = harness.ctx.style();
    let small = style.text_styles[&egui::TextStyle::Small].size;
    let body = style.text_styles[&egui::TextStyle::Body].size;
    assert!(small >= 12.5 && body >= 14.0, "small {small}, body {body}");
    // The help colour on the panel's background: a contrast of at least 7:1.
    let luminance = |c: egui::Color32| {
        let f = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * f(c.r()) + 0.7152 * f(c.g()) + 0.0722 * f(c.b())
    };
    let help = steerlab::app::ui::HELP_COLOR;
    let panel = style.visuals.panel_fill;
    let contrast = (luminance(help) + 0.05) / (luminance(panel) + 0.05);
    assert!(contrast >= 7.0, "help text contrast {contrast:.1}:1");
}

/// A harness of `w` x `h` points over the default scenario.
fn sized(w: f32, h: f32) -> egui_kittest::Harness<'static, panel_common::State> {
    let session = steerlab::app::Session::new(default_scenario(), None);
    let state = panel_common::State {
        panel: steerlab::app::ui::PanelState::new(&session),
        session,
    };
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::Vec2::new(w, h))
        .build_state(
            |ctx, s: &mut panel_common::State| {
                steerlab::app::ui::show(ctx, &mut s.panel, &mut s.session);
            },
            state,
        );
    harness.run();
    harness
}

#[test]
fn a_narrow_screen_opens_on_the_view_with_the_panel_a_button_away() {
    let mut harness = sized(480.0, 800.0);
    assert!(
        !harness.state().panel.panel_open,
        "a phone-sized window hides the panel"
    );
    harness.get_by_label("»").click();
    harness.run();
    assert!(harness.state().panel.panel_open);
    // The « stays clear of the sections' scroll area: above it, whatever is scrolled.
    let hide = harness.get_by_label("«").bounding_box().unwrap();
    let first = harness.get_by_label("Scenario").bounding_box().unwrap();
    assert!(
        hide.y1 <= first.y0,
        "« at {hide:?}, the sections from {first:?}"
    );
    harness.get_by_label("«").click();
    harness.run();
    assert!(!harness.state().panel.panel_open);
    // A wide one opens with the panel.
    assert!(sized(1000.0, 700.0).state().panel.panel_open);
}

#[test]
fn the_help_fits_an_800_by_600_window_and_scrolls_to_its_last_row() {
    let mut harness = sized(800.0, 600.0);
    type_raw(&mut harness, "?");
    let title = harness
        .get_by_label("Keyboard shortcuts and symbols")
        .bounding_box()
        .unwrap();
    assert!(title.y0 >= 0.0);
    // The last row of the help is below the fold at first; the wheel over the window
    // scrolls it into view.
    let last = steerlab::core::overlay::OVERLAYS.last().unwrap().label;
    let bottom = |h: &egui_kittest::Harness<'static, panel_common::State>| {
        h.query_all_by_label(last)
            .filter_map(|n| n.bounding_box())
            .map(|b| b.y1)
            .fold(f64::MIN, f64::max)
    };
    assert!(
        bottom(&harness) > 600.0,
        "the help is taller than the window"
    );
    let inside = egui::pos2(title.x0 as f32 + 100.0, title.y0 as f32 + 150.0);
    for _ in 0..20 {
        harness
            .input_mut()
            .events
            .push(egui::Event::PointerMoved(inside));
        harness.input_mut().events.push(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -200.0),
            modifiers: egui::Modifiers::NONE,
        });
        harness.run_steps(3);
    }
    let end = bottom(&harness);
    assert!(end <= 600.0, "the last row ends at {end}");
}

#[test]
fn an_embed_takes_the_keys_its_status_bar_offers_but_not_save_or_the_panel() {
    let mut harness = panel_common::harness(default_scenario(), false);
    harness.state_mut().panel.embed = true;
    harness.run();
    harness.press_key(Key::Space);
    harness.run();
    assert!(harness.state().session.runs.playing, "Space plays");
    harness.press_key(Key::Space);
    harness.run();
    type_raw(&mut harness, ".");
    assert_eq!(harness.state().session.tick(), 1, ". steps");
    type_raw(&mut harness, "?");
    assert!(harness.state().session.view.help_open, "? opens the help");
    assert!(harness
        .query_by_label("Keyboard shortcuts and symbols")
        .is_some());
    harness.press_key(Key::Escape);
    harness.run();
    assert!(!harness.state().session.view.help_open);
    // No panel to hide, no file to save.
    let before = harness.state().session.messages.clone();
    harness.press_key_modifiers(egui::Modifiers::COMMAND, Key::S);
    harness.press_key(Key::P);
    harness.run();
    assert_eq!(harness.state().session.messages, before);
    assert!(harness.state().panel.panel_open);
}

#[test]
fn ctrl_o_opens_the_file_dialog() {
    let mut harness = panel_common::harness(default_scenario(), false);
    assert!(!harness.state().panel.dialog_open());
    harness.press_key_modifiers(egui::Modifiers::COMMAND, Key::O);
    harness.run_steps(2);
    assert!(harness.state().panel.dialog_open(), "Ctrl+O: Open…");
    assert_eq!(
        harness.state().panel.purpose,
        Some(steerlab::app::ui::DialogPurpose::Open)
    );
}

#[test]
fn the_path_box_follows_whatever_opened_the_scenario() {
    let mut harness = panel_common::harness(default_scenario(), false);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.ron");
    harness.state_mut().session.save_as(&file).unwrap();
    harness.run();
    assert_eq!(harness.state().panel.path_text, file.display().to_string());
    // A shipped scenario from the menu (or the page's address) has no file.
    let lunar = steerlab::scenario::parse(
        steerlab::scenario::presets::shipped("lunar-blast").unwrap(),
        "lunar-blast",
    )
    .unwrap();
    harness
        .state_mut()
        .session
        .open_unsaved(lunar, "lunar-blast");
    harness.run();
    assert_eq!(harness.state().panel.path_text, "");
}
