//! The panel's target and launcher editors (the "Targets, launchers, obstacles and crowds" section),
//! headless with egui_kittest, over a scenario of two targets and one launcher: a
//! target's position, radius, destructible flag and motion kind, a path's points, a
//! fly program typed into its text field, and the launcher's target, algorithms and
//! drag values each write exactly their own field of the document, reach the restarted
//! world, mark the document dirty, and Ctrl+Z takes them back.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::{Node, Queryable};
use egui_kittest::Harness;
use egui_macroquad::egui::accesskit::{Action, ActionData, ActionRequest, Role};
use egui_macroquad::egui::{Event, Key, Modifiers};
use glam::Vec2;
use panel_common::State;
use steerlab::guidance::Algorithm;
use steerlab::scenario::{parse, Scenario};
use steerlab::sim::airframe::AirframeSpec;
use steerlab::sim::motion::{Path, Static};
use steerlab::sim::{LauncherSpec, Motion, Target, TargetSpec};

type H = Harness<'static, State>;

/// Where "alpha" stands in the file.
const ALPHA: Vec2 = Vec2::new(720.0, 300.0);

/// Two targets (a static "alpha", a two-point path "bravo") and one launcher "pad" at
/// "alpha" with two laws, every 5 s, missiles living 8 s; 60 ticks a second.
fn scenario() -> Scenario {
    let text = r#"(version: 1, world: (width: 1000, height: 800, tick_rate: 60),
        targets: [
            (name: "alpha", radius: 10, motion: Static(pos: (720, 300))),
            (name: "bravo", radius: 15,
             motion: Path(points: [(200, 600), (400, 600)], speed: 50)),
        ],
        launchers: [(name: "pad", pos: (100, 300), target: "alpha",
            algorithms: ["smoothed", "intercept"], every: 5, missile: (lifetime: 8))])"#;
    parse(text, "test").unwrap_or_else(|e| panic!("{e}"))
}

/// The panel over [`scenario`], paused, its "Targets, launchers, obstacles and crowds" section open and
/// `target` (if any) selected, which shows its editor; the launcher's is always shown.
fn open(target: Option<&str>) -> H {
    let mut harness = panel_common::harness(scenario(), false);
    click(&mut harness, "Targets, launchers, obstacles and crowds");
    if let Some(name) = target {
        click(&mut harness, &format!("target: {name}"));
    }
    harness
}

fn click(harness: &mut H, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// The `k`-th widget of `role` after the one labelled `anchor`, in panel order (egui's
/// widgets are siblings: a label's drag values are the spin buttons after it).
fn nth_after<'a>(harness: &'a H, anchor: &str, role: Role, k: usize) -> Node<'a> {
    let id = harness
        .get_by_label(anchor)
        .following_siblings()
        .filter(|n| n.role() == role)
        .nth(k)
        .unwrap_or_else(|| panic!("no {role:?} #{k} after `{anchor}`"))
        .id();
    harness.get_by(move |n| n.id() == id)
}

/// Sets the `k`-th drag value after `anchor` to `value`, as a screen reader would.
fn set_after(harness: &mut H, anchor: &str, k: usize, value: f64) {
    let target = nth_after(harness, anchor, Role::SpinButton, k).id();
    let request = ActionRequest {
        action: Action::SetValue,
        target,
        data: Some(ActionData::NumericValue(value)),
    };
    let events = &mut harness.input_mut().events;
    events.push(Event::AccessKitActionRequest(request));
    harness.run();
}

/// Clicks the first checkbox labelled `label` after `anchor`.
fn tick_after(harness: &mut H, anchor: &str, label: &str) {
    let id = harness
        .get_by_label(anchor)
        .following_siblings()
        .find(|n| n.role() == Role::CheckBox && n.label().as_deref() == Some(label))
        .unwrap_or_else(|| panic!("no checkbox `{label}` after `{anchor}`"))
        .id();
    harness.get_by(move |n| n.id() == id).click();
    harness.run();
}

/// Opens the first combo box after `anchor` and picks `item` with the mouse.
fn pick_after(harness: &mut H, anchor: &str, item: &str) {
    nth_after(harness, anchor, Role::ComboBox, 0).simulate_click();
    harness.run();
    harness.get_by_label(item).simulate_click();
    harness.run();
}

fn undo(harness: &mut H) {
    harness.press_key_modifiers(Modifiers::CTRL, Key::Z);
    harness.run();
}

fn doc(harness: &H) -> &Scenario {
    &harness.state().session.doc.scenario
}

fn spec<'a>(harness: &'a H, name: &str) -> &'a TargetSpec {
    doc(harness)
        .targets
        .iter()
        .find(|t| t.name == name)
        .unwrap()
}

/// The target `name` in the running world (lane 0).
fn live<'a>(harness: &'a H, name: &str) -> &'a Target {
    let world = &harness.state().session.runs.lanes[0].world;
    let found = world.targets().iter().find(|t| t.name == name);
    found.unwrap_or_else(|| panic!("no target `{name}` in the world"))
}

fn live_launcher(harness: &H) -> &LauncherSpec {
    &harness.state().session.runs.lanes[0].world.launchers()[0].spec
}

fn steps(harness: &mut H, n: usize) {
    for _ in 0..n {
        harness.state_mut().session.step_once();
    }
    harness.run();
}

fn close(a: Vec2, b: Vec2) -> bool {
    (a - b).length() < 1e-3
}

#[test]
fn editing_a_targets_x_and_y_moves_it_in_the_document_and_the_restarted_world_and_ctrl_z_takes_it_back(
) {
    let mut harness = open(Some("alpha"));
    steps(&mut harness, 10);
    assert_eq!(harness.state().session.tick(), 10);
    let before = doc(&harness).clone();
    assert!(!harness.state().session.doc.dirty());
    let at = |x: f32, y: f32| {
        Motion::Static(Static {
            pos: Vec2::new(x, y),
        })
    };

    // x was 720: set it to 500, y stays 300.
    set_after(&mut harness, "pos (units)", 0, 500.0);
    let mut expected = before.clone();
    expected.targets[0].motion = at(500.0, 300.0);
    assert_eq!(doc(&harness), &expected, "x alone changed, in alpha alone");
    let session = &harness.state().session;
    assert!(session.doc.dirty());
    assert_eq!(session.tick(), 0, "the edit restarted the run");
    assert_eq!(live(&harness, "alpha").pos, Vec2::new(500.0, 300.0));

    // y was 300: set it to 250.
    set_after(&mut harness, "pos (units)", 1, 250.0);
    expected.targets[0].motion = at(500.0, 250.0);
    assert_eq!(doc(&harness), &expected, "y alone changed");
    assert_eq!(live(&harness, "alpha").pos, Vec2::new(500.0, 250.0));
    assert_eq!(live(&harness, "bravo").pos, Vec2::new(200.0, 600.0));

    // Ctrl+Z twice: y back, then x back, in the document and the world.
    undo(&mut harness);
    assert_eq!(spec(&harness, "alpha").motion, at(500.0, 300.0));
    assert_eq!(live(&harness, "alpha").pos, Vec2::new(500.0, 300.0));
    undo(&mut harness);
    assert_eq!(doc(&harness), &before);
    assert_eq!(live(&harness, "alpha").pos, ALPHA);
    assert!(!harness.state().session.doc.dirty(), "back as opened");
}

#[test]
fn the_radius_and_the_destructible_checkbox_write_their_new_values() {
    let mut harness = open(Some("alpha"));
    let mut expected = doc(&harness).clone();
    assert_eq!(expected.targets[0].radius, 10.0);
    assert!(!expected.targets[0].destructible);

    set_after(&mut harness, "hit radius (units)", 0, 22.5);
    expected.targets[0].radius = 22.5;
    assert_eq!(doc(&harness), &expected, "radius alone changed");
    assert_eq!(live(&harness, "alpha").radius, 22.5);
    assert!(harness.state().session.doc.dirty());

    let label = "destructible (a hit removes it)";
    harness.get_by_role_and_label(Role::CheckBox, label).click();
    harness.run();
    expected.targets[0].destructible = true;
    assert_eq!(doc(&harness), &expected, "ticked: destructible");
    assert!(live(&harness, "alpha").destructible);
    harness.get_by_role_and_label(Role::CheckBox, label).click();
    harness.run();
    expected.targets[0].destructible = false;
    assert_eq!(doc(&harness), &expected, "unticked: not destructible");
    assert!(!live(&harness, "alpha").destructible);
    assert_eq!(live(&harness, "alpha").radius, 22.5, "the radius stays");
}

#[test]
fn an_edit_the_file_rules_refuse_is_not_applied_and_its_error_stays() {
    // Each field's widget keeps to its range (a radius of -5 cannot be dragged to);
    // what the rules that tie fields together refuse is not applied: a circle too fast
    // to fly, a volley too big. Before, such an error showed for one frame and Save
    // wrote a file that would not open again.
    let mut harness = open(Some("alpha"));
    set_after(&mut harness, "hit radius (units)", 0, -5.0);
    assert_eq!(doc(&harness).targets[0].radius, 0.001, "kept to its range");
    undo(&mut harness);
    assert_eq!(doc(&harness), &scenario());

    pick_after(&mut harness, "destructible (a hit removes it)", "circle");
    // 120 units at 1000 rad/s is 120000 units/s; at 5000 units, 5000000: too fast.
    set_after(&mut harness, "angular speed (rad/s)", 0, 1000.0);
    set_after(&mut harness, "radius (units)", 0, 5000.0);
    let Motion::Circle(c) = &doc(&harness).targets[0].motion else {
        panic!("a circle")
    };
    assert_eq!(
        (c.radius, c.angular_speed),
        (120.0, 1000.0),
        "the radius not applied"
    );
    let error = || {
        "not applied: targets[0].motion.angular_speed: expected a top speed of at most 1000000, found 5000000 (radius x angular_speed)"
    };
    assert_eq!(
        harness.state().session.messages.error.as_deref(),
        Some(error())
    );
    steps(&mut harness, 3);
    harness.run();
    assert_eq!(
        harness.state().session.messages.error.as_deref(),
        Some(error()),
        "it stays"
    );

    // Two laws of 6000 missiles each: 12000 in a volley, past 10000.
    let before = doc(&harness).clone();
    set_after(&mut harness, "salvo (missiles)", 0, 6000.0);
    assert_eq!(doc(&harness), &before, "nothing applied");
    let error = harness.state().session.messages.error.clone().unwrap();
    assert!(
        error.contains("launchers[0].salvo: expected at most 10000 missiles per volley"),
        "{error}"
    );

    // A valid edit after a refused one applies, and the saved file opens again.
    set_after(&mut harness, "hit radius (units)", 0, 12.0);
    assert_eq!(doc(&harness).targets[0].radius, 12.0);
    assert_eq!(
        harness.state().session.messages.error,
        None,
        "the refusal is over"
    );
    let text = steerlab::scenario::to_text(doc(&harness));
    assert_eq!(
        &parse(&text, "saved").unwrap().targets,
        &doc(&harness).targets
    );
}

#[test]
fn a_destroyed_target_can_still_be_chosen_and_edited() {
    // Before, once a destructible target was hit its row did nothing when clicked.
    let mut harness = open(Some("alpha"));
    harness
        .get_by_role_and_label(Role::CheckBox, "destructible (a hit removes it)")
        .click();
    harness.run();
    for _ in 0..600 {
        if harness.state().session.runs.lanes[0]
            .world
            .targets()
            .iter()
            .all(|t| t.name != "alpha")
        {
            break;
        }
        steps(&mut harness, 1);
    }
    assert!(
        harness.state().session.runs.lanes[0]
            .world
            .targets()
            .iter()
            .all(|t| t.name != "alpha"),
        "alpha was destroyed"
    );
    click(&mut harness, "launcher: pad");
    assert!(
        harness.query_by_label("hit radius (units)").is_none(),
        "no target editor open"
    );
    click(&mut harness, "target: alpha");
    set_after(&mut harness, "hit radius (units)", 0, 30.0);
    assert_eq!(spec(&harness, "alpha").radius, 30.0);
}

#[test]
fn the_motion_kind_combo_turns_a_static_target_into_a_constant_then_a_circle_starting_where_it_stood(
) {
    let mut harness = open(Some("alpha"));
    let anchor = "destructible (a hit removes it)";
    steps(&mut harness, 30);
    pick_after(&mut harness, anchor, "constant");
    let Motion::Constant(constant) = spec(&harness, "alpha").motion.clone() else {
        panic!("not constant: {:?}", spec(&harness, "alpha").motion);
    };
    assert_eq!(constant.pos, ALPHA, "it starts where it stood");
    assert!(constant.vel.is_finite() && constant.vel.length() > 0.0);
    let alpha = spec(&harness, "alpha");
    assert_eq!((alpha.radius, alpha.destructible), (10.0, false));
    assert_eq!(harness.state().session.tick(), 0, "restarted");
    assert_eq!(live(&harness, "alpha").pos, ALPHA);
    assert!(
        harness.query_by_label("vel (units/s)").is_some(),
        "its fields"
    );
    // One second at 60 Hz: it has flown its velocity's worth.
    steps(&mut harness, 60);
    let flown = live(&harness, "alpha").pos;
    assert!(close(flown, ALPHA + constant.vel), "at {flown}");

    pick_after(&mut harness, anchor, "circle");
    let Motion::Circle(circle) = spec(&harness, "alpha").motion.clone() else {
        panic!("not a circle: {:?}", spec(&harness, "alpha").motion);
    };
    assert!(
        circle.radius > 0.0 && circle.angular_speed != 0.0,
        "{circle:?}"
    );
    // On the circle, at angle `phase` from its centre, is where it stood.
    let start = circle.center + Vec2::from_angle(circle.phase) * circle.radius;
    assert!(close(start, ALPHA), "starts at {start}");
    assert!(close(live(&harness, "alpha").pos, ALPHA));
    assert!(harness.query_by_label("center (units)").is_some());
    assert!(harness.query_by_label("vel (units/s)").is_none());

    undo(&mut harness);
    assert_eq!(spec(&harness, "alpha").motion, Motion::Constant(constant));
    undo(&mut harness);
    assert_eq!(doc(&harness), &scenario());
}

#[test]
fn the_launcher_target_combo_retargets_the_launcher_and_nothing_else() {
    let mut harness = open(None);
    let mut expected = doc(&harness).clone();
    assert_eq!(expected.launchers[0].target, "alpha");
    pick_after(&mut harness, "launcher: pad", "bravo");
    expected.launchers[0].target = "bravo".into();
    assert_eq!(doc(&harness), &expected, "the launcher's target alone");
    assert!(harness.state().session.doc.dirty());
    let world = &harness.state().session.runs.lanes[0].world;
    assert_eq!(world.launchers()[0].target, live(&harness, "bravo").id);
    assert_eq!(live_launcher(&harness), &expected.launchers[0]);
    undo(&mut harness);
    assert_eq!(doc(&harness).launchers[0].target, "alpha");
}

#[test]
fn each_algorithm_checkbox_adds_or_removes_exactly_its_law_and_the_last_law_stays() {
    let mut harness = open(None);
    let anchor = "launcher: pad";
    let mut expected = doc(&harness).clone();
    let laws = |h: &H| doc(h).launchers[0].algorithms.clone();
    assert_eq!(laws(&harness), [Algorithm::Smoothed, Algorithm::Intercept]);

    // Added in the panel's (display) order: smoothed, newton, ..., intercept.
    tick_after(&mut harness, anchor, "newton");
    let three = [Algorithm::Smoothed, Algorithm::Newton, Algorithm::Intercept];
    expected.launchers[0].algorithms = three.to_vec();
    assert_eq!(doc(&harness), &expected, "newton added, nothing else");
    assert_eq!(live_launcher(&harness).algorithms, three);

    tick_after(&mut harness, anchor, "smoothed");
    expected.launchers[0].algorithms = vec![Algorithm::Newton, Algorithm::Intercept];
    assert_eq!(doc(&harness), &expected, "smoothed removed, nothing else");
    tick_after(&mut harness, anchor, "intercept");
    assert_eq!(laws(&harness), [Algorithm::Newton]);

    // A launcher with no law: the editor keeps the last one.
    let edited = doc(&harness).clone();
    tick_after(&mut harness, anchor, "newton");
    assert_eq!(doc(&harness), &edited, "the last law cannot be unticked");
    assert_eq!(live_launcher(&harness).algorithms, [Algorithm::Newton]);
}

#[test]
fn the_launchers_drag_values_write_pos_start_velocity_every_and_lifetime_each_alone() {
    let mut harness = open(None);
    let mut expected = doc(&harness).clone();
    let pad = expected.launchers[0].clone();
    assert_eq!(pad.pos, Vec2::new(100.0, 300.0));
    assert_eq!(pad.launch_velocity, Vec2::ZERO);
    assert_eq!((pad.every, pad.missile.lifetime), (Some(5.0), 8.0));

    type Edit = fn(&mut LauncherSpec);
    let edits: [(&str, usize, f64, Edit); 6] = [
        ("position (units)", 0, 150.0, |l| l.pos.x = 150.0),
        ("position (units)", 1, 320.0, |l| l.pos.y = 320.0),
        ("start velocity (units/s)", 0, 40.0, |l| {
            l.launch_velocity.x = 40.0
        }),
        ("start velocity (units/s)", 1, -30.0, |l| {
            l.launch_velocity.y = -30.0
        }),
        ("every (s)", 0, 2.5, |l| l.every = Some(2.5)),
        ("lifetime (s)", 0, 3.0, |l| l.missile.lifetime = 3.0),
    ];
    for (label, k, value, edit) in edits {
        set_after(&mut harness, label, k, value);
        edit(&mut expected.launchers[0]);
        assert_eq!(doc(&harness), &expected, "`{label}` #{k} = {value}");
        assert_eq!(live_launcher(&harness), &expected.launchers[0]);
    }
    // `every` is optional: its checkbox leaves it out (fire once) and sets it again,
    // at 1 s (within its range).
    for (on, every) in [(false, None), (true, Some(1.0))] {
        harness
            .get_by_role_and_label(Role::CheckBox, "every (s)")
            .click();
        harness.run();
        expected.launchers[0].every = every;
        assert_eq!(doc(&harness), &expected, "every ticked {on}");
    }
    assert!(harness.state().session.doc.dirty());
    for _ in 0..edits.len() + 2 {
        undo(&mut harness);
    }
    assert_eq!(doc(&harness), &scenario(), "every edit undone");
}

#[test]
fn the_airframe_checkbox_adds_default_limits_whose_fields_each_write_their_own_value() {
    let mut harness = open(None);
    click(&mut harness, "airframe limits (off: an ideal point)");
    let mut expected = scenario();
    expected.launchers[0].missile.airframe = Some(AirframeSpec::default());
    assert_eq!(doc(&harness), &expected);
    set_after(&mut harness, "max lateral accel (units/s^2)", 0, 250.0);
    set_after(&mut harness, "actuator lag (s)", 0, 0.3);
    click(&mut harness, "thrust profile sets the speed");
    let airframe = expected.launchers[0].missile.airframe.as_mut().unwrap();
    (airframe.max_accel, airframe.lag, airframe.thrust) = (250.0, 0.3, true);
    assert_eq!(doc(&harness), &expected);
    assert_eq!(live_launcher(&harness), &expected.launchers[0]);
    // The restarted world's missiles fly with it.
    steps(&mut harness, 2);
    let world = &harness.state().session.runs.lanes[0].world;
    let flying = world.missiles().iter().find_map(|m| m.airframe.as_ref());
    assert_eq!(flying.map(|a| a.spec.max_accel), Some(250.0));
    click(&mut harness, "airframe limits (off: an ideal point)");
    assert_eq!(doc(&harness), &scenario(), "unticked: no airframe");
}

#[test]
fn plus_and_minus_point_grow_and_shrink_a_path_and_the_last_point_cannot_be_removed() {
    let mut harness = open(Some("bravo"));
    let (p0, p1) = (Vec2::new(200.0, 600.0), Vec2::new(400.0, 600.0));
    let path = |h: &H| match &spec(h, "bravo").motion {
        Motion::Path(path) => path.clone(),
        other => panic!("not a path: {other:?}"),
    };
    let unchanged = |h: &H, points: Vec<Vec2>| {
        let expected = Path {
            points,
            speed: 50.0,
            looping: false,
        };
        assert_eq!(path(h), expected);
        assert_eq!(live(h, "bravo").motion, Motion::Path(expected));
        assert_eq!(
            spec(h, "alpha").motion,
            Motion::Static(Static { pos: ALPHA })
        );
    };
    unchanged(&harness, vec![p0, p1]);

    click(&mut harness, "+ point");
    let added = path(&harness).points;
    assert_eq!(added.len(), 3, "{added:?}");
    assert_eq!(added[..2], [p0, p1], "the first two are kept");
    assert!(added[2].is_finite() && added[2] != p1, "{added:?}");
    unchanged(&harness, added.clone());
    assert!(harness.state().session.doc.dirty());

    // Point 1's x was 400: set it to 500.
    set_after(&mut harness, "points 1", 0, 500.0);
    let moved = Vec2::new(500.0, 600.0);
    unchanged(&harness, vec![p0, moved, added[2]]);

    click(&mut harness, "- point");
    unchanged(&harness, vec![p0, moved]);
    click(&mut harness, "- point");
    unchanged(&harness, vec![p0]);
    assert!(
        harness.query_by_label("- point").is_none(),
        "no way to remove the last point"
    );
    assert!(harness.query_by_label("+ point").is_some());
}

/// Types `text` as a keyboard does: each character's key down, its text, its key up.
fn type_keys(harness: &mut H, text: &str) {
    for c in text.chars() {
        let key = Key::from_name(&c.to_ascii_uppercase().to_string());
        let event = |pressed| Event::Key {
            key: key.unwrap(),
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        };
        let events = &mut harness.input_mut().events;
        if key.is_some() {
            events.push(event(true));
        }
        events.push(Event::Text(c.to_string()));
        if key.is_some() {
            events.push(event(false));
        }
        harness.run();
    }
}

#[test]
fn typing_a_fly_program_into_its_text_field_sets_it_on_enter_and_never_steps_the_run() {
    // The editors' only text field: a fly program's commands (a target has no name
    // field; its name is what launchers refer to).
    let mut harness = open(Some("alpha"));
    pick_after(
        &mut harness,
        "destructible (a hit removes it)",
        "fly program",
    );
    let program = |h: &H| match &spec(h, "alpha").motion {
        Motion::FlyProgram(fly) => fly.program.clone(),
        other => panic!("not a fly program: {other:?}"),
    };
    let before = program(&harness);
    assert!(!before.is_empty());
    steps(&mut harness, 5);

    nth_after(&harness, "program", Role::TextInput, 0).focus();
    harness.run();
    harness.press_key(Key::End);
    harness.run();
    type_keys(&mut harness, ". RLC");
    let session = &harness.state().session;
    assert_eq!(
        session.tick(),
        5,
        "a key stepped, restarted or rewound the run"
    );
    assert!(!session.runs.compare && !session.runs.playing);
    assert!(
        session.runs.lanes[0].world.pending().is_empty(),
        "L launched"
    );
    assert_eq!(program(&harness), before, "nothing applied while typing");
    for _ in 0..5 {
        harness.press_key(Key::Backspace);
    }
    harness.run();
    type_keys(&mut harness, " 251");
    harness.press_key(Key::Enter);
    harness.run();

    let mut expected = before.clone();
    expected.push(251);
    assert_eq!(
        program(&harness),
        expected,
        "Enter applies the typed program"
    );
    assert!(harness.state().session.doc.dirty());
    let Motion::FlyProgram(fly) = &live(&harness, "alpha").motion else {
        panic!("the world's alpha is no fly program");
    };
    assert_eq!(fly.program, expected);
    undo(&mut harness);
    assert_eq!(program(&harness), before);
}
