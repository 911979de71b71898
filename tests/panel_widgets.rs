//! The panel's other widgets, headless with egui_kittest: a bool parameter's checkbox,
//! an int parameter's slider and a choice parameter's combo box write the new value to
//! the scenario and the running world; Launch fires a volley; Play and Pause toggle;
//! a results row turns from "flying" to "hit"; each overlay and each breakpoint checkbox
//! flips exactly its own flag, and the breakpoints pause where and why they should;
//! Save writes the open file and Revert restores it.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::{Key, Queryable};
use egui_kittest::Harness;
use egui_macroquad::egui::accesskit::{Action, ActionData, ActionRequest, Role};
use egui_macroquad::egui::Event;
use panel_common::State;
use steerlab::app::session::breakpoints::Breakpoints;
use steerlab::app::session::Selection;
use steerlab::app::Session;
use steerlab::guidance::intercept::RootRule;
use steerlab::guidance::{Algorithm, Tuning, Value};
use steerlab::scenario::presets::default_scenario;
use steerlab::scenario::{parse, Scenario};
use steerlab::sim::{EventKind, MissReason, MissileId, Outcome, Source};

type H = Harness<'static, State>;

/// Clicks the widget labelled `label` (a header, a button) and lets the panel redraw.
fn click(harness: &mut H, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Clicks the checkbox labelled `label`.
fn tick(harness: &mut H, label: &str) {
    harness.get_by_role_and_label(Role::CheckBox, label).click();
    harness.run();
}

/// Sets a slider or drag value to `value` as a screen reader would.
fn set_value(harness: &mut H, role: Role, label: &str, value: f64) {
    let target = harness.get_by_role_and_label(role, label).id();
    set_value_of(harness, target, value);
}

fn set_value_of(harness: &mut H, target: egui_macroquad::egui::accesskit::NodeId, value: f64) {
    harness
        .input_mut()
        .events
        .push(Event::AccessKitActionRequest(ActionRequest {
            action: Action::SetValue,
            target,
            data: Some(ActionData::NumericValue(value)),
        }));
    harness.run();
}

/// A parameter as the document holds it and as the running world flies it.
fn doc_and_world<T>(h: &H, get: impl Fn(&Tuning) -> T) -> (T, T) {
    let s = &h.state().session;
    (
        get(&s.doc.scenario.algorithms),
        get(&s.runs.lanes[0].world.tuning),
    )
}

/// Runs the session tick by tick until a breakpoint pauses it (at most `max` ticks).
fn run_until_paused(session: &mut Session, max: usize) {
    session.runs.playing = true;
    for _ in 0..max {
        if session.step_once() {
            assert!(!session.runs.playing);
            return;
        }
    }
    panic!("no breakpoint paused the run within {max} ticks");
}

/// A scenario in the file format, the world 1000 x 800 at 60 Hz.
fn scenario(targets: &str, launchers: &str) -> Scenario {
    let text = format!(
        "(version: 1, world: (width: 1000, height: 800), targets: [{targets}], launchers: [{launchers}])"
    );
    parse(&text, "test").unwrap_or_else(|e| panic!("{e}"))
}

/// Two smoothed missiles at a target at (900, 400): launcher 0 starts 40 units from it
/// (a hit within a few dozen ticks), launcher 1 starts 800 units away with one second to
/// live (at most 4 units a tick: it runs out of lifetime, a miss, at about tick 60).
fn near_and_far() -> Scenario {
    scenario(
        r#"(name: "t", radius: 10, motion: Static(pos: (900, 400)))"#,
        r#"(name: "near", pos: (860, 400), target: "t", algorithms: ["smoothed"]),
           (name: "far", pos: (100, 400), target: "t", algorithms: ["smoothed"], missile: (lifetime: 1))"#,
    )
}

/// The id of the missile launcher `launcher` fired.
fn fired_by(session: &Session, launcher: usize) -> MissileId {
    session.runs.lanes[0]
        .world
        .all_missiles()
        .iter()
        .find(|m| m.source == Source::Launcher(launcher))
        .unwrap_or_else(|| panic!("launcher {launcher} fired nothing"))
        .id
}

#[test]
fn a_bool_checkbox_writes_its_new_value_to_the_scenario_and_the_world() {
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "■ intercept");
    let lead = |h: &H| doc_and_world(h, |t| t.intercept.lead_pursuit);
    // Off in the file (the default scenario does not set it, and it is off by default).
    assert_eq!(lead(&harness), (false, false));
    tick(&mut harness, "lead pursuit");
    assert!(harness.state().session.doc.dirty());
    assert_eq!(lead(&harness), (true, false), "queued for the next tick");
    harness.state_mut().session.single_step();
    assert_eq!(lead(&harness), (true, true), "ticking turns it on");
    let status = harness.state().session.messages.status.clone();
    assert!(status
        .unwrap_or_default()
        .contains("intercept.lead_pursuit"));
    tick(&mut harness, "lead pursuit");
    harness.state_mut().session.single_step();
    assert_eq!(lead(&harness), (false, false), "unticking turns it off");
    assert!(!harness.state().session.doc.dirty(), "back as in the file");
}

#[test]
fn the_int_slider_sets_whole_iterations_within_one_to_sixty_four() {
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "■ newton");
    let iterations = |h: &H| doc_and_world(h, |t| t.newton.iterations).0;
    // The default scenario leaves Newton's iterations at the article's 8.
    assert_eq!(iterations(&harness), 8);
    let slider = harness.get_by_role_and_label(Role::Slider, "Newton iterations N");
    slider.focus();
    slider.key_press(Key::ArrowRight);
    harness.run();
    assert_eq!(iterations(&harness), 9, "one step right is one more");
    assert_eq!(
        harness.state().session.tick(),
        0,
        "the key moved the slider only"
    );
    harness.state_mut().session.single_step();
    let world = |h: &H| doc_and_world(h, |t| t.newton.iterations).1;
    assert_eq!(world(&harness), 9);
    set_value(&mut harness, Role::Slider, "Newton iterations N", 20.0);
    assert_eq!(iterations(&harness), 20);
    set_value(&mut harness, Role::Slider, "Newton iterations N", 1000.0);
    assert_eq!(iterations(&harness), 64, "held at the top of int(1, 64)");
    set_value(&mut harness, Role::Slider, "Newton iterations N", -3.0);
    assert_eq!(iterations(&harness), 1, "held at the bottom of int(1, 64)");
    assert_eq!(harness.state().session.messages.error, None);
    harness.state_mut().session.single_step();
    assert_eq!(world(&harness), 1);
}

#[test]
fn the_choice_combo_box_picks_the_other_root_and_back() {
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "■ intercept");
    let rule = |h: &H| doc_and_world(h, |t| t.intercept.root_rule);
    assert_eq!(rule(&harness), (RootRule::Earliest, RootRule::Earliest));
    let combos = harness.query_all_by_role(Role::ComboBox).count();
    assert_eq!(
        combos, 2,
        "only the intercept section is open: its root, and Export code's language"
    );
    for (pick, expected) in [
        ("article-max", RootRule::ArticleMax),
        ("earliest", RootRule::Earliest),
    ] {
        // With the mouse: a real click also closes the popup. The root's box comes first.
        harness
            .query_all_by_role(Role::ComboBox)
            .next()
            .unwrap()
            .simulate_click();
        harness.run();
        harness.get_by_label(pick).simulate_click();
        harness.run();
        assert!(harness.query_by_label(pick).is_none(), "the popup closed");
        harness.state_mut().session.single_step();
        assert_eq!(rule(&harness), (expected, expected), "picked {pick}");
    }
}

#[test]
fn launch_fires_one_missile_per_algorithm_of_the_launcher_on_the_next_tick() {
    let scenario = default_scenario();
    // The default launcher lists all eight laws, one salvo each, every 6 s (360 ticks).
    let launcher = &scenario.launchers[0];
    let volley = launcher.algorithms.len() * launcher.salvo as usize;
    assert_eq!(volley, 8);
    let mut harness = panel_common::harness(scenario, false);
    for _ in 0..30 {
        harness.state_mut().session.step_once();
    }
    let count = |h: &H| h.state().session.runs.lanes[0].world.all_missiles().len();
    let before = count(&harness);
    assert_eq!(before, volley, "the first volley, at tick 0");
    harness.state_mut().session.single_step();
    assert_eq!(count(&harness), before, "no volley due at tick 30");
    click(&mut harness, "Launch");
    harness.state_mut().session.single_step();
    assert_eq!(count(&harness), before + volley);
    let world = &harness.state().session.runs.lanes[0].world;
    let launched = world
        .events()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Launched { .. }))
        .count();
    assert_eq!(launched, volley, "all of them on this tick");
}

#[test]
fn play_and_pause_toggle_the_run_both_ways() {
    let mut harness = panel_common::harness(default_scenario(), false);
    assert!(harness.query_by_label("⏸ Pause").is_none());
    click(&mut harness, "▶ Play");
    assert!(harness.state().session.runs.playing, "Play plays");
    assert!(harness.query_by_label("▶ Play").is_none());
    click(&mut harness, "⏸ Pause");
    assert!(!harness.state().session.runs.playing, "Pause pauses");
    click(&mut harness, "▶ Play");
    assert!(harness.state().session.runs.playing, "and plays again");
}

#[test]
fn a_results_row_reads_flying_then_hit_when_its_missile_hits() {
    let mut harness = panel_common::harness(near_and_far(), false);
    harness.state_mut().session.single_step();
    let (near, far) = {
        let s = &harness.state().session;
        (fired_by(s, 0), fired_by(s, 1))
    };
    harness.run();
    // A row: the missile, its law, then its outcome.
    let outcome = |h: &H, id: MissileId| {
        let label = id.to_string();
        let row = h.get_by_label(&label);
        let next = row.following_siblings().nth(1);
        next.and_then(|n| n.value()).unwrap_or_default()
    };
    assert_eq!(outcome(&harness, near), "flying");
    assert_eq!(outcome(&harness, far), "flying");
    // A flying missile's closest column says its range now.
    let closest = |h: &H, id: MissileId| {
        let label = id.to_string();
        let row = h.get_by_label(&label);
        let cell = row.following_siblings().nth(3);
        cell.and_then(|n| n.value()).unwrap_or_default()
    };
    assert!(
        closest(&harness, far).starts_with("now 7"),
        "{}",
        closest(&harness, far)
    );
    let mut ticks = 1;
    while !harness.state().session.runs.lanes[0]
        .world
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::Hit { .. }))
    {
        harness.state_mut().session.single_step();
        ticks += 1;
        assert!(ticks < 60, "the near missile never hit");
    }
    harness.run();
    assert_eq!(outcome(&harness, near), "hit");
    assert_eq!(
        outcome(&harness, far),
        "flying",
        "the other row is unchanged"
    );
    // The hit's closest approach, not a range now; the other's range now.
    let hit_closest = closest(&harness, near);
    assert!(hit_closest.parse::<f32>().is_ok(), "{hit_closest}");
    assert!(closest(&harness, far).starts_with("now "));
    assert!(harness
        .query_by_label("2 rows, newest first: 1–2")
        .is_some());
}

#[test]
fn the_results_table_pages_to_older_rows() {
    // 14 missiles: the newest 12 (M13 to M2) on the first page, M1 and M0 on the next.
    let mut harness = panel_common::harness(
        scenario(
            r#"(name: "t", radius: 10, motion: Static(pos: (900, 400)))"#,
            r#"(pos: (100, 400), target: "t", algorithms: ["smoothed"], salvo: 14)"#,
        ),
        false,
    );
    harness.state_mut().session.single_step();
    harness.run();
    let shown = |h: &H, id: u32| h.query_by_label(&MissileId(id).to_string()).is_some();
    assert!(harness
        .query_by_label("14 rows, newest first: 1–12")
        .is_some());
    assert!(shown(&harness, 13) && shown(&harness, 2) && !shown(&harness, 1));
    click(&mut harness, "older ▶");
    assert!(harness
        .query_by_label("14 rows, newest first: 13–14")
        .is_some());
    assert!(shown(&harness, 1) && shown(&harness, 0) && !shown(&harness, 2));
}

#[test]
fn a_launch_refused_for_want_of_a_solution_is_a_results_row() {
    // The intercept at 50 units/s cannot catch a target crossing at 300: launcher 0
    // refuses on tick 0, and the table says so, at the distance the law saw,
    // |(600, 200) - (100, 600)| = 640.3.
    let mut s = scenario(
        r#"(name: "t", motion: Constant(pos: (600, 200), vel: (300, 0)))"#,
        r#"(pos: (100, 600), target: "t", algorithms: ["intercept"])"#,
    );
    s.algorithms.intercept.speed = 50.0;
    let mut harness = panel_common::harness(s, false);
    harness.state_mut().session.single_step();
    harness.run();
    let row = harness.get_by_label("launcher 0 at 0.00 s");
    let mut cells = row.following_siblings();
    let law = cells.next().and_then(|n| n.value()).unwrap_or_default();
    assert_eq!(law, "intercept");
    let outcome = cells.next().and_then(|n| n.value()).unwrap_or_default();
    assert_eq!(outcome, "miss: no solution, not fired");
    let _hit = cells.next();
    let closest = cells.next().and_then(|n| n.value()).unwrap_or_default();
    assert_eq!(closest, "640.3");
}

#[test]
fn each_overlay_checkbox_flips_exactly_its_own_overlay() {
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "View");
    for (label, name) in [
        ("trails", "trails"),
        ("velocity", "velocity"),
        ("aim points", "aim"),
        ("intercepts (both roots)", "intercept"),
        ("dead zone", "dead-zone"),
        ("turn circle", "turn-circle"),
        ("acceleration", "acceleration"),
        ("seeker", "seeker"),
        ("fly-program grid", "grid"),
        ("labels", "labels"),
        ("legend", "legend"),
    ] {
        for _ in 0..2 {
            let mut expected = harness.state().session.view.overlays.clone();
            let flag = expected.get_mut(name).unwrap();
            *flag = !*flag;
            tick(&mut harness, label);
            assert_eq!(
                harness.state().session.view.overlays,
                expected,
                "`{label}` flips `{name}` alone"
            );
        }
    }
}

#[test]
fn save_writes_the_open_file_and_revert_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.ron");
    steerlab::scenario::save(&default_scenario(), &path, None, &[]).unwrap();
    let mut harness = panel_common::harness(default_scenario(), false);
    assert!(
        harness.get_by_label("Save").is_disabled(),
        "no file to save to"
    );
    harness.state_mut().session.open(&path).unwrap();
    harness.run();
    assert!(
        harness.get_by_label("Revert").is_disabled(),
        "nothing to revert"
    );
    click(&mut harness, "■ intercept");
    tick(&mut harness, "lead pursuit");
    assert!(harness.state().session.doc.dirty());
    click(&mut harness, "Save");
    let session = &harness.state().session;
    assert!(!session.doc.dirty(), "saved");
    let on_disk = steerlab::scenario::load(&path).unwrap();
    assert!(on_disk.algorithms.intercept.lead_pursuit);
    assert_eq!(on_disk, *session.doc.scenario);
    // An edit, then Revert: the file's values, in the scenario and the restarted run.
    tick(&mut harness, "lead pursuit");
    harness
        .state_mut()
        .session
        .set_param(Algorithm::Smoothed, "ga", Value::Number(0.5))
        .unwrap();
    harness.run();
    assert!(harness.state().session.doc.dirty());
    click(&mut harness, "Revert");
    let session = &harness.state().session;
    assert!(!session.doc.dirty(), "reverted");
    assert_eq!(session.doc.scenario, on_disk);
    assert!(session.runs.lanes[0].world.tuning.intercept.lead_pursuit);
    assert_eq!(session.runs.lanes[0].world.tuning.smoothed.ga, 0.92);
    assert_eq!(
        steerlab::scenario::load(&path).unwrap(),
        on_disk,
        "untouched"
    );
}

#[test]
fn each_breakpoint_checkbox_sets_exactly_its_own_flag() {
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "Breakpoints");
    type Flag = fn(&mut Breakpoints);
    let kinds: [(&str, Flag); 7] = [
        ("pause on hit", |b| b.hit = true),
        ("pause on miss", |b| b.miss = true),
        ("pause on no solution", |b| b.no_solution = true),
        ("pause on Newton failure", |b| b.solver_failed = true),
        ("pause on non-finite value", |b| b.non_finite = true),
        ("pause on a law's error", |b| b.law_failed = true),
        ("pause at tick", |b| b.at_tick = Some(0)),
    ];
    for (label, set) in kinds {
        let mut expected = Breakpoints::default();
        set(&mut expected);
        tick(&mut harness, label);
        let mut now = harness.state().session.runs.breakpoints.clone();
        // The tick it pauses at is the drag value's: only whether it is set matters here.
        now.at_tick = now.at_tick.map(|_| 0);
        assert_eq!(now, expected, "`{label}` sets its own flag alone");
        tick(&mut harness, label);
        assert_eq!(
            harness.state().session.runs.breakpoints,
            Breakpoints::default(),
            "unticking `{label}` clears it"
        );
    }
}

#[test]
fn pause_on_miss_passes_the_hit_and_stops_on_the_tick_of_the_miss() {
    let mut harness = panel_common::harness(near_and_far(), false);
    click(&mut harness, "Breakpoints");
    tick(&mut harness, "pause on miss");
    run_until_paused(&mut harness.state_mut().session, 200);
    let session = &harness.state().session;
    let (near, far) = (fired_by(session, 0), fired_by(session, 1));
    let world = &session.runs.lanes[0].world;
    assert!(matches!(
        world.missile(near).unwrap().metrics.outcome,
        Outcome::Hit { .. }
    ));
    let missed = Outcome::Missed(MissReason::LifetimeOut);
    assert_eq!(world.missile(far).unwrap().metrics.outcome, missed);
    // One second of life at 60 Hz: about 60 ticks; paused on the miss's own tick.
    assert!((59..=62).contains(&session.tick()), "{}", session.tick());
    assert!(world
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::Missed { missile, .. } if missile == far)));
    let reason = session.runs.paused_by.clone().unwrap();
    assert_eq!(reason, format!("{far} (smoothed) missed: lifetime out"));
    assert_eq!(
        session.view.selected,
        Some(Selection::Missile { lane: 0, id: far })
    );
    harness.run();
    assert!(harness
        .query_by_label(&format!("paused: {reason}"))
        .is_some());
}

#[test]
fn pause_at_tick_stops_at_the_tick_typed_beside_it() {
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "Breakpoints");
    tick(&mut harness, "pause at tick");
    // The drag value beside the checkbox.
    let drag = {
        let check = harness.get_by_role_and_label(Role::CheckBox, "pause at tick");
        let next = check.following_siblings().next().expect("a drag value");
        assert_eq!(next.role(), Role::SpinButton);
        next.id()
    };
    set_value_of(&mut harness, drag, 45.0);
    assert_eq!(harness.state().session.runs.breakpoints.at_tick, Some(45));
    run_until_paused(&mut harness.state_mut().session, 1000);
    let session = &harness.state().session;
    assert_eq!(session.tick(), 45);
    assert_eq!(session.runs.paused_by.as_deref(), Some("reached tick 45"));
    assert_eq!(session.view.selected, None, "no missile to highlight");
    harness.run();
    assert!(harness.query_by_label("paused: reached tick 45").is_some());
    // Played on, the reason is gone from the panel (and the status bar).
    harness.state_mut().session.runs.playing = true;
    harness.state_mut().session.advance(0.1);
    harness.run();
    assert_eq!(harness.state().session.runs.paused_by, None);
    assert!(harness.query_by_label("paused: reached tick 45").is_none());
}

#[test]
fn a_tick_typed_before_the_box_is_ticked_is_kept() {
    // Before, the number box reset to 600 every frame while "pause at tick" was off, so
    // typing the tick first and ticking the box after lost it.
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "Breakpoints");
    let drag = {
        let check = harness.get_by_role_and_label(Role::CheckBox, "pause at tick");
        check
            .following_siblings()
            .next()
            .expect("a drag value")
            .id()
    };
    set_value_of(&mut harness, drag, 45.0);
    assert_eq!(
        harness.state().session.runs.breakpoints.at_tick,
        None,
        "still off"
    );
    tick(&mut harness, "pause at tick");
    assert_eq!(harness.state().session.runs.breakpoints.at_tick, Some(45));
    // Off and on again: the same tick.
    tick(&mut harness, "pause at tick");
    tick(&mut harness, "pause at tick");
    assert_eq!(harness.state().session.runs.breakpoints.at_tick, Some(45));
}

#[test]
fn pause_on_no_solution_stops_when_the_intercept_cannot_fire() {
    // The target runs away at 400 units/s from an intercept missile of 300 units/s:
    // both roots of the quadratic are negative, so the first volley (tick 0) is refused.
    let target =
        r#"(name: "runaway", radius: 10, motion: Constant(pos: (600, 300), vel: (400, 0)))"#;
    let launcher =
        r#"(name: "pad", pos: (100, 300), target: "runaway", algorithms: ["intercept"])"#;
    let mut harness = panel_common::harness(scenario(target, launcher), false);
    click(&mut harness, "Breakpoints");
    tick(&mut harness, "pause on no solution");
    run_until_paused(&mut harness.state_mut().session, 10);
    let session = &harness.state().session;
    assert_eq!(session.tick(), 1, "paused after tick 0");
    assert_eq!(
        session.runs.paused_by.as_deref(),
        Some("intercept: no solution, did not fire")
    );
    assert!(session.runs.lanes[0].world.all_missiles().is_empty());
}

#[test]
fn pause_on_newton_failure_stops_on_an_axis_aligned_shot_and_selects_it() {
    // Straight along +x from rest: sin(alpha) = 0, Newton's T_y divides by zero.
    let target = r#"(name: "east", radius: 10, motion: Static(pos: (500, 300)))"#;
    let launcher = r#"(name: "pad", pos: (100, 300), target: "east", algorithms: ["newton"])"#;
    let mut harness = panel_common::harness(scenario(target, launcher), false);
    click(&mut harness, "Breakpoints");
    tick(&mut harness, "pause on Newton failure");
    run_until_paused(&mut harness.state_mut().session, 10);
    let session = &harness.state().session;
    let id = fired_by(session, 0);
    assert_eq!(session.tick(), 1, "paused after tick 0");
    assert_eq!(
        session.runs.paused_by.clone().unwrap(),
        format!("{id} (newton): the solver did not converge")
    );
    assert_eq!(
        session.view.selected,
        Some(Selection::Missile { lane: 0, id })
    );
}

#[test]
fn the_shipped_menu_opens_a_scenario_and_copy_link_carries_it() {
    let mut harness = panel_common::harness(default_scenario(), false);
    click(&mut harness, "Shipped scenarios ⏷");
    click(&mut harness, "lunar-blast");
    let text = steerlab::scenario::presets::shipped("lunar-blast").unwrap();
    let lunar = parse(text, "lunar-blast").unwrap();
    let session = &harness.state().session;
    assert_eq!(session.doc.scenario, lunar);
    assert_eq!(
        session.doc.path, None,
        "a shipped scenario has no file to save over"
    );
    assert!(!session.doc.dirty());
    // Unchanged, its link is its name; changed, the link carries it.
    click(&mut harness, "Copy link");
    let status = harness.state().session.messages.status.clone().unwrap();
    assert!(status.starts_with("link copied ("), "{status}");
    assert_eq!(harness.state().session.link().unwrap(), "lunar-blast");
    harness.state_mut().session.doc.scenario.name = "changed".into();
    let fragment = harness.state().session.link().unwrap();
    match steerlab::scenario::link::decode(&fragment).unwrap() {
        steerlab::scenario::link::Linked::Carried(c) => {
            assert_eq!(parse(&c.scenario, "link").unwrap().name, "changed")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_ended_missile_s_inspector_stops_changing_with_the_target_that_flies_on() {
    let mut harness = panel_common::harness(default_scenario(), false);
    harness.state_mut().session.runs.breakpoints.hit = true;
    run_until_paused(&mut harness.state_mut().session, 2000);
    let id = {
        let world = &harness.state().session.runs.lanes[0].world;
        world
            .finished()
            .iter()
            .find(|m| matches!(m.metrics.outcome, Outcome::Hit { .. }))
            .unwrap()
            .id
    };
    harness.state_mut().session.view.selected = Some(Selection::Missile { lane: 0, id });
    harness.run();
    let line = |h: &H, start: &str| {
        h.query_by_label_contains(start)
            .map(|n| format!("{:?} {:?}", n.label(), n.value()))
    };
    assert!(line(&harness, "ended: its last state").is_some());
    assert!(line(&harness, " s  zero-effort miss").is_none());
    let before = [line(&harness, "position  ("), line(&harness, "velocity  (")];
    assert!(before.iter().all(Option::is_some), "{before:?}");
    // Thirty ticks on (the target keeps circling), the inspector reads the same (the
    // breakpoint off, or the next hit would select its own missile).
    harness.state_mut().session.runs.breakpoints.hit = false;
    for _ in 0..30 {
        harness.state_mut().session.step_once();
    }
    harness.run();
    assert_eq!(
        harness.state().session.view.selected,
        Some(Selection::Missile { lane: 0, id })
    );
    let after = [line(&harness, "position  ("), line(&harness, "velocity  (")];
    assert_eq!(after, before);
    assert!(line(&harness, " s  zero-effort miss").is_none());
}

/// A recording of a target and `missiles` missiles over three ticks: each missile flies
/// as a law of its own (`rec-missile-1`, ...), after the 9 built-in laws.
fn recording_of(missiles: u64) -> Scenario {
    let mut text = String::from("tick,time,id,kind,x,y,vx,vy,heading\n");
    for tick in 0..3u64 {
        let t = tick as f64 / 60.0;
        text += &format!("{tick},{t},0,target,500,500,0,0,0\n");
        for m in 1..=missiles {
            text += &format!("{tick},{t},{m},missile,{},{},60,0,0\n", tick, 10 * m);
        }
    }
    let recording = steerlab::recording::parse(&text, "crowd.csv").unwrap();
    steerlab::recording::to_scenario(&recording, "crowd.csv").unwrap()
}

#[test]
fn past_24_laws_the_law_lists_show_the_first_and_find_the_rest_by_name() {
    // 9 + 15 = 24 laws: every one listed, no field to find them.
    let harness = panel_common::harness(recording_of(15), false);
    assert!(harness.query_by_label_contains("laws; find:").is_none());
    assert!(harness.query_by_label_contains("more: find one").is_none());
    assert!(harness
        .query_by_role_and_label(Role::CheckBox, "rec-missile-15")
        .is_some());
    // 9 + 30 = 39: the first 24 in each list, the 15 others counted.
    let mut harness = panel_common::harness(recording_of(30), false);
    assert_eq!(harness.query_all_by_label("39 laws; find:").count(), 2);
    assert_eq!(
        harness
            .query_all_by_label("and 15 more: find one by part of its name")
            .count(),
        2
    );
    assert!(harness
        .query_by_role_and_label(Role::CheckBox, "rec-missile-15")
        .is_some());
    assert!(harness
        .query_by_role_and_label(Role::CheckBox, "rec-missile-16")
        .is_none());
    // Typed into the find field: the laws whose names hold it, none left over.
    // The panel's text fields: the name, the path, then the two find fields.
    let field = harness
        .query_all_by_role(Role::TextInput)
        .nth(2)
        .expect("the find field");
    field.type_text("MISSILE-3");
    harness.run();
    assert_eq!(harness.state().session.view.law_filter, "MISSILE-3");
    let listed: Vec<String> = harness
        .query_all_by_role(Role::CheckBox)
        .filter_map(|c| c.label())
        .filter(|l| l.starts_with("rec-"))
        .collect();
    assert_eq!(listed, ["rec-missile-3", "rec-missile-30"]);
    assert!(harness.query_by_label_contains("more: find one").is_none());
}
