//! Session tests: lanes in lockstep, inputs that reach every lane or none, opening, undo, views.

use super::*;
use crate::scenario::camera::{scene_bounds, Pane};

fn session() -> Session {
    Session::new(crate::scenario::presets::default_scenario(), None)
}

/// Whether every lane's world has (or, with `false`, lacks) a target named `name`.
fn in_every_lane(s: &Session, name: &str, present: bool) -> bool {
    s.runs
        .lanes
        .iter()
        .all(|l| l.world.targets().iter().any(|t| t.name == name) == present)
}

#[test]
fn compare_mode_runs_one_lane_per_algorithm_in_lockstep() {
    let mut s = session();
    s.set_compare(true);
    assert_eq!(s.runs.lanes.len(), s.doc.scenario.compared().len());
    for _ in 0..30 {
        s.step_once();
    }
    assert!(s.runs.lanes.iter().all(|l| l.world.tick() == 30));
    for lane in &s.runs.lanes {
        let algorithm = lane.algorithm.unwrap();
        assert!(lane
            .world
            .all_missiles()
            .iter()
            .all(|m| m.algorithm() == algorithm));
    }
}

#[test]
fn dragging_drives_the_target_in_every_lane_at_the_same_tick() {
    let mut s = session();
    s.set_compare(true);
    let target = s.runs.lanes[0].world.targets()[0].id;
    s.runs.drag_target(target, Vec2::new(100.0, 100.0));
    s.single_step();
    for lane in &s.runs.lanes {
        assert_eq!(
            lane.world.target(target).unwrap().pos,
            Vec2::new(100.0, 100.0)
        );
    }
}

#[test]
fn advance_runs_ticks_at_the_chosen_speed_and_none_when_paused() {
    let mut s = session();
    let dt = s.dt();
    assert_eq!(s.advance(dt * 3.0 + 1e-4), 3);
    s.runs.speed = 2.0;
    assert_eq!(s.advance(dt * 3.0 + 1e-4), 6);
    s.runs.playing = false;
    assert_eq!(s.advance(1.0), 0);
}

#[test]
fn a_lane_s_revision_moves_with_what_its_picture_shows_and_stays_while_paused() {
    let mut s = session();
    let dt = s.dt();
    let revision = |s: &Session| s.runs.lanes[0].revision();
    let start = revision(&s);
    // Played: the world, its trails and blasts moved on.
    s.advance(dt * 2.0 + 1e-4);
    let played = revision(&s);
    for part in [0, 3, 4] {
        assert_ne!(played[part], start[part], "part {part}");
    }
    // Paused, frames go by and the lane is only read: the same revision, so the window
    // draws its kept picture without building it again.
    s.runs.playing = false;
    for _ in 0..3 {
        s.advance(dt * 2.0);
    }
    assert_eq!(revision(&s), played);
    // Scrubbed into the past: the past world changed; back to live, it changes again.
    s.scrub(1);
    let past = revision(&s);
    assert_ne!(past[1], played[1]);
    s.scrub(u64::MAX);
    assert_ne!(revision(&s)[1], past[1]);
    // A rebuilt run is new lanes: every part new.
    let before = revision(&s);
    s.restart();
    let after = revision(&s);
    assert!(before.iter().zip(after).all(|(a, b)| *a != b));
}

#[test]
fn the_document_is_dirty_exactly_while_its_scenario_differs_from_the_saved_one() {
    let mut doc = Document::new(crate::scenario::presets::default_scenario(), None);
    assert!(!doc.dirty());
    // Borrowed to be changed, and not changed: still the saved scenario.
    let _ = &mut *doc.scenario;
    assert!(!doc.dirty());
    let name = doc.scenario.name.clone();
    doc.scenario.name.push('!');
    assert!(doc.dirty());
    // Asked again (the panel asks every frame): the same answer.
    assert!(doc.dirty());
    // Changed back by hand: equal again.
    doc.scenario.name = name;
    assert!(!doc.dirty());
    doc.scenario.world.tick_rate *= 2.0;
    assert!(doc.dirty());
    // Saved as it is now: clean; the saved copy edited instead: dirty.
    let edited = crate::scenario::Scenario::clone(&doc.scenario);
    doc.reset_to(edited);
    assert!(!doc.dirty());
    doc.saved.description.push('.');
    assert!(doc.dirty());
    // Reverted (the saved copy made the edited one): clean.
    doc.scenario = doc.saved.clone();
    assert!(!doc.dirty());
}

#[test]
fn the_document_s_compared_laws_follow_its_scenario() {
    let mut doc = Document::new(crate::scenario::presets::default_scenario(), None);
    let fired = doc.scenario.compared();
    assert!(fired.len() > 2, "{fired:?}");
    assert_eq!(doc.compared(), fired);
    // The launchers fire one law less: so do the compared ones.
    let dropped = fired[0];
    for launcher in &mut doc.scenario.launchers {
        launcher.algorithms.retain(|a| *a != dropped);
    }
    assert_eq!(doc.compared(), fired[1..].to_vec());
    // A compare list of its own wins.
    doc.scenario.compare = vec![fired[2]];
    assert_eq!(doc.compared(), vec![fired[2]]);
    assert_eq!(doc.compared(), doc.scenario.compared());
}

#[test]
fn a_broken_file_keeps_the_open_scenario() {
    let mut s = session();
    let before = Scenario::clone(&s.doc.scenario);
    let dir = std::env::temp_dir().join(format!("steerlab-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(version: 1, targets: [(name: \"x\")]").unwrap();
    let error = s.open(&bad).unwrap_err().to_string();
    assert_eq!(s.doc.scenario, before);
    assert!(error.contains("bad.ron:"), "{error}");
    // The caller decides where to show it: nothing is stored twice.
    assert!(s.messages.error.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn param_changes_mark_the_scenario_dirty_and_reach_every_world() {
    let mut s = session();
    assert!(!s.doc.dirty());
    let smoothed = Algorithm::from_id("smoothed").unwrap();
    s.set_param(smoothed, "ga", Value::Number(0.5)).unwrap();
    assert!(s.doc.dirty());
    s.step_once();
    assert_eq!(
        s.runs.lanes[0].world.tuning.get(smoothed, "ga"),
        Some(Value::Number(0.5))
    );
    assert!(s.set_param(smoothed, "ga", Value::Number(1.5)).is_err());
}

#[test]
fn a_placed_target_is_queued_in_every_lane_and_undo_withdraws_it_before_it_appears() {
    let mut s = session();
    s.set_compare(true);
    s.runs.playing = false;
    let targets = s.doc.scenario.targets.len();
    s.place_target(Vec2::new(50.0, 60.0));
    assert_eq!(s.doc.scenario.targets.len(), targets + 1);
    for lane in &s.runs.lanes {
        assert!(matches!(
            lane.world.pending(),
            [Input::AddTarget(spec)] if spec.name == "target 1" && spec.motion.start() == Vec2::new(50.0, 60.0)
        ));
    }
    s.undo();
    assert_eq!(s.doc.scenario.targets.len(), targets);
    assert!(s.runs.lanes.iter().all(|l| l.world.pending().is_empty()));
    s.single_step();
    assert!(in_every_lane(&s, "target 1", false));
}

#[test]
fn undo_after_the_target_appeared_removes_it_from_every_lane() {
    let mut s = session();
    s.set_compare(true);
    s.runs.playing = false;
    s.place_target(Vec2::new(50.0, 60.0));
    s.single_step();
    assert!(in_every_lane(&s, "target 1", true));
    s.undo();
    s.single_step();
    assert!(in_every_lane(&s, "target 1", false));
    assert!(!s.doc.scenario.targets.iter().any(|t| t.name == "target 1"));
}

#[test]
fn an_input_one_lane_refuses_reaches_no_lane() {
    let mut s = session();
    s.set_compare(true);
    // Lane 1 loses its launchers: it refuses a launch, so lane 0 must not get it.
    let mut bare = Scenario::clone(&s.doc.scenario);
    bare.launchers.clear();
    *s.runs.lanes[1].world = bare.build().unwrap();
    assert!(s.apply(Input::Launch { launcher: 0 }).is_err());
    assert!(s.runs.lanes.iter().all(|l| l.world.pending().is_empty()));
    // One every lane takes reaches all of them.
    let target = s.runs.lanes[0].world.targets()[0].id;
    s.apply(Input::MoveTarget {
        target,
        pos: Vec2::ONE,
    })
    .unwrap();
    assert!(s.runs.lanes.iter().all(|l| l.world.pending().len() == 1));
}

#[test]
fn a_scenario_view_sets_the_overlays_and_opens_its_plot() {
    let mut scenario = crate::scenario::presets::default_scenario();
    scenario.view = Some(crate::scenario::ViewSpec {
        overlays: Some(vec!["trails".into(), "dead-zone".into()]),
        plot: Some(crate::scenario::PlotSpec {
            quantity: crate::sim::telemetry::Quantity::HeadingError,
            missiles: vec![1],
            time: Some((1.0, 2.5)),
            range: Some((-0.1, 0.1)),
        }),
        ..Default::default()
    });
    let mut s = Session::new(scenario, None);
    s.open_view();
    use crate::core::overlay::{AIM, DEAD_ZONE, INTERCEPT, LEGEND, TRAILS};
    let o = &s.view.overlays;
    assert!(o.is_on(&TRAILS) && o.is_on(&DEAD_ZONE));
    assert!(!o.is_on(&AIM) && !o.is_on(&INTERCEPT) && !o.is_on(&LEGEND));
    assert_eq!(
        s.runs.plots.quantity,
        crate::sim::telemetry::Quantity::HeadingError
    );
    assert_eq!(s.runs.plots.missiles, vec![(0, MissileId(1))]);
    // Its span and range, and the panel is asked to bring the plot into view.
    assert_eq!(s.runs.plots.time, Some((1.0, 2.5)));
    assert_eq!(
        s.runs.plots.range,
        Some((-0.10000000149011612, 0.10000000149011612))
    );
    assert!(s.view.reveal_plots);
}

#[test]
fn a_view_plot_replaces_what_was_plotted() {
    let mut scenario = crate::scenario::presets::default_scenario();
    scenario.view = Some(crate::scenario::ViewSpec {
        plot: Some(crate::scenario::PlotSpec {
            quantity: crate::sim::telemetry::Quantity::Range,
            missiles: vec![1],
            time: None,
            range: None,
        }),
        ..Default::default()
    });
    let mut s = Session::new(scenario, None);
    s.runs.plots.missiles = vec![(0, MissileId(5)), (0, MissileId(6))];
    s.runs.plots.time = Some((3.0, 4.0));
    let framing = s.runs.plots.framing;
    s.open_view();
    assert_eq!(s.runs.plots.missiles, vec![(0, MissileId(1))]);
    // The earlier span goes with the earlier plot; a new framing resets the plot's zoom.
    assert_eq!(s.runs.plots.time, None);
    assert!(s.runs.plots.framing > framing);
}

#[test]
fn undo_reaches_back_exactly_fifty_edits() {
    let mut s = session();
    for _ in 0..51 {
        s.doc
            .remember_edit(document::Edit::PlacedTarget("t".into()));
    }
    let mut taken = 0;
    while s.doc.take_edit().is_some() {
        taken += 1;
    }
    assert_eq!(taken, 50);
}

#[test]
fn the_opening_camera_centres_the_scene_in_the_view_above_the_status_bar() {
    // 800 x 600, less the 28-pixel bar: the scene's centre lands at (400, 286).
    let s = session();
    let pane = Pane {
        x: 0.0,
        y: 0.0,
        w: 800.0,
        h: 600.0,
    };
    let camera = s.opening_camera(pane, true);
    let (lo, hi) = scene_bounds(s.runs.lanes[0].shown());
    let (a, b) = (camera.to_screen(pane, lo), camera.to_screen(pane, hi));
    let centre = (a + b) * 0.5;
    assert!(
        (centre - Vec2::new(400.0, 286.0)).length() < 0.5,
        "{centre}"
    );
    assert!(
        a.y.min(b.y) >= 0.0 && a.y.max(b.y) <= 572.0 + 0.5,
        "{a} {b}"
    );
}

#[test]
fn leaving_the_past_cuts_the_trails_at_that_tick_and_keeps_the_old_future_as_a_ghost() {
    let mut s = session();
    for _ in 0..100 {
        s.single_step();
    }
    s.scrub(50);
    s.runs.leave_past();
    let lane = &s.runs.lanes[0];
    let last = lane
        .trails
        .iter()
        .filter_map(|(_, t)| t.newest().map(|(tick, _)| tick))
        .max();
    assert_eq!(last, Some(50), "nothing after the branch tick is kept");
    assert!(lane.ghost.is_some());
    s.runs.clear_ghosts();
    assert!(s.runs.lanes.iter().all(|l| l.ghost.is_none()));
}

#[test]
fn trails_keep_at_least_thirty_seconds_of_ticks() {
    // At 60 ticks/s: 30 s (the floor) is 1,800 ticks; 60 s is 3,600.
    let mut s = session();
    s.view.trail_seconds = 10.0;
    assert_eq!(s.view.trail_keep(1.0 / 60.0), 1800);
    s.view.trail_seconds = 60.0;
    assert_eq!(s.view.trail_keep(1.0 / 60.0), 3600);
}

#[test]
fn a_stepped_sweep_gives_what_the_threads_give() {
    // The browser steps sweeps in the window's thread; the desktop runs them on threads.
    let text = crate::scenario::presets::shipped("launch-envelope").unwrap();
    let scenario = crate::scenario::parse(text, "launch-envelope").unwrap();
    let small = |sweeps: &mut super::sweep::Sweeps| {
        sweeps.adopt(&scenario);
        let spec = sweeps.spec.as_mut().unwrap();
        spec.x.count = 3;
        spec.y.as_mut().unwrap().count = 2;
        spec.runs = 2;
        spec.seconds = Some(4.0);
    };
    let finish = |sweeps: &mut super::sweep::Sweeps| {
        for _ in 0..100_000 {
            sweeps.poll();
            if !sweeps.running() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(sweeps.error.is_none(), "{:?}", sweeps.error);
        sweeps.result.take().expect("finished").stats
    };
    let (mut threads, mut steps) = (Default::default(), Default::default());
    small(&mut threads);
    small(&mut steps);
    threads.start_with(&scenario, false);
    steps.start_with(&scenario, true);
    let stepped = finish(&mut steps);
    // 3 x 2 cells, each with a row per algorithm of the scenario.
    assert_eq!(stepped.len() % 6, 0);
    assert!(!stepped.is_empty());
    assert_eq!(finish(&mut threads), stepped);
}

#[test]
fn the_windows_writers_never_write_over_what_the_open_scenario_was_read_from() {
    // The scripted scenario opened from a copy: its file and its scripts are inputs.
    let dir = std::env::temp_dir().join(format!("steerlab-session-inputs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let from = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/scripts"
    ));
    for name in [
        "own-missile.ron",
        "smoothed.rhai",
        "seek-arrival.rhai",
        "apn-g-limit.rhai",
    ] {
        std::fs::copy(from.join(name), dir.join(name)).unwrap();
    }
    let file = dir.join("own-missile.ron");
    let mut s = Session::new(crate::scenario::load(&file).unwrap(), Some(file.clone()));
    let script = dir.join("smoothed.rhai");
    assert!(s.inputs().contains(&file) && s.inputs().contains(&script));
    let kept = std::fs::read(&script).unwrap();
    // Save As onto a script: refused.
    let e = s.save_as(&script).unwrap_err().to_string();
    assert!(e.contains("cannot write: it is the input"), "{e}");
    // Telemetry onto the scenario or a script: refused.
    s.step_once();
    let id = s.runs.lanes[0].world.all_missiles()[0].id;
    let inputs = s.inputs();
    for target in [&file, &script] {
        let e = s.runs.export_telemetry(0, id, target, &inputs).unwrap_err();
        assert!(e.contains("cannot write: it is the input"), "{e}");
    }
    // The GIF onto the scenario: refused before any drawing.
    let e = s
        .gif
        .start(
            &Scenario::clone(&s.doc.scenario),
            (false, &Overlays::default()),
            1.0,
            &file,
            inputs,
        )
        .unwrap_err();
    assert!(e.contains("cannot write: it is the input"), "{e}");
    assert_eq!(std::fs::read(&script).unwrap(), kept);
    // Saved one folder down, its scripts are found from there.
    let sub = dir.join("sub");
    std::fs::create_dir(&sub).unwrap();
    s.save_as(&sub.join("moved.ron")).unwrap();
    assert_eq!(s.doc.scenario.scripts[0].path, "../smoothed.rhai");
    crate::scenario::load(&sub.join("moved.ron")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn open_takes_a_shipped_name_or_a_link_and_an_empty_path_says_so() {
    let mut s = session();
    // An empty path box: said in words, the open scenario kept.
    let before = Scenario::clone(&s.doc.scenario);
    let e = s.open(std::path::Path::new("")).unwrap_err().to_string();
    assert_eq!(
        e,
        "no file named: give a scenario's or a recording's path (or a shipped name such as `default`)"
    );
    assert_eq!(s.doc.scenario, before);
    // A shipped name opens unsaved (no file behind it to save over).
    s.open(std::path::Path::new("lunar-blast")).unwrap();
    assert_eq!(s.doc.path, None);
    assert_eq!(
        s.messages.status.as_deref(),
        Some("opened the shipped scenario lunar-blast")
    );
    // A link opens too, and a broken one says why.
    let link = format!(
        "http://127.0.0.1:8000/#{}",
        crate::scenario::link::fragment(&before, &Default::default())
    );
    s.open(std::path::Path::new(&link)).unwrap();
    assert_eq!(s.doc.scenario, before);
    assert_eq!(s.doc.path, None);
    let e = s
        .open(std::path::Path::new("http://x/#s=AAA\u{e9}"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("does not belong in a link"), "{e}");
}

#[test]
fn the_document_counts_its_openings_and_knows_a_shipped_scenario_by_name() {
    let mut s = session();
    let start = s.doc.opened;
    let artillery = crate::scenario::parse(
        crate::scenario::presets::shipped("artillery").unwrap(),
        "artillery",
    )
    .unwrap();
    s.view.reframe = false;
    s.open_unsaved(artillery.clone(), "artillery");
    assert_eq!(s.doc.shipped, Some("artillery"));
    assert!(
        s.view.reframe,
        "the camera frames the new scenario, not the old one"
    );
    assert_eq!(s.doc.opened, start + 1);
    // A link's scenario is not a shipped one, even with the same contents.
    s.open_unsaved(artillery, "the link's scenario");
    assert_eq!(s.doc.shipped, None);
    assert_eq!(s.doc.opened, start + 2);
    // A file (opened or saved) has no name among the shipped ones.
    s.open_unsaved(crate::scenario::presets::default_scenario(), "default");
    assert_eq!(s.doc.shipped, Some("default"));
    let dir = tempfile::tempdir().unwrap();
    s.save_as(&dir.path().join("mine.ron")).unwrap();
    assert_eq!(s.doc.shipped, None);
    assert_eq!(s.doc.opened, start + 4);
}

#[test]
fn keeping_the_action_in_view_moves_the_camera_only_once_something_leaves_it() {
    // The action: a launcher at (100, 500) and a still target of radius 10 at (500,
    // 500), so from (100, 490) to (510, 510).
    let text = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", radius: 10, motion: Static(pos: (500, 500)))],
        launchers: [(pos: (100, 500), target: "t", algorithms: ["smoothed"], first_at: None)])"#;
    let mut s = Session::new(crate::scenario::parse(text, "keep").unwrap(), None);
    s.restart();
    // A 1000 x 628 pane: 600 above the status bar. At zoom 1 a world point is on
    // screen at (500, 314) plus its distance from the camera's centre.
    let pane = Pane {
        x: 0.0,
        y: 0.0,
        w: 1000.0,
        h: 628.0,
    };
    let at = |x: f32, zoom: f32| crate::scenario::camera::Camera {
        center: Vec2::new(x, 500.0),
        zoom,
    };
    let goal = |s: &mut Session, follow, camera| {
        s.view.follow = follow;
        s.follow_camera(camera, pane)
    };
    // The action from x 300 to 710 on screen: it stays, where fitting moves.
    assert_eq!(goal(&mut s, Follow::Keep, at(300.0, 1.0)), None);
    let fitted = goal(&mut s, Follow::Fit, at(300.0, 1.0));
    assert!(fitted.is_some());
    // The target's right edge 30 pixels (KEEP_MARGIN) from the right: still in view;
    // 29: it fits the action, as fitting does.
    assert_eq!(goal(&mut s, Follow::Keep, at(40.0, 1.0)), None);
    assert_eq!(goal(&mut s, Follow::Keep, at(39.0, 1.0)), fitted);
    // Zoomed in three times: the launcher is off the left edge.
    assert_eq!(goal(&mut s, Follow::Keep, at(300.0, 3.0)), fitted);
    // Above the status bar (the pane's last 28 pixels): with the camera's centre at y
    // 254 the target's bottom edge (510) is on screen at 570, 30 pixels above the bar;
    // at 253, 29.
    let high = |y: f32| crate::scenario::camera::Camera {
        center: Vec2::new(300.0, y),
        zoom: 1.0,
    };
    assert_eq!(goal(&mut s, Follow::Keep, high(254.0)), None);
    assert_eq!(goal(&mut s, Follow::Keep, high(253.0)), fitted);
}
