//! The window's live link, through the real panel (egui_kittest) and a real game (the
//! Rust client over a socket): listening, showing a game's stream as it grows, its
//! parameters set from steerlab with the round trip shown, pause asked of the game,
//! a breakpoint on the live stream pausing the game, references flown beside a live
//! missile, the capture saved as a recording, and the way back to the live edge.
#![cfg(feature = "app")]

mod panel_common;

use egui_kittest::kittest::Queryable;
use panel_common::{harness, State};
use steerlab::guidance::Algorithm;
use steerlab_link::{Entity, Kind, Link, Request};

/// A game: a target flying right at 60 units/s from (300, 200), a missile flying at it
/// from (0, 200) at 200 units/s; they meet after 1.5 s (tick 90).
struct Game {
    link: Link,
    tick: u64,
    requests: Vec<Request>,
}

impl Game {
    fn connect(address: &str) -> Game {
        let mut link = Link::new("panel test", 60);
        link.declare("gain", 0.0, 20.0, 2.0, "1/s");
        link.declare("drag", 0.0, 1.0, 0.25, "");
        link.connect(address).unwrap();
        Game {
            link,
            tick: 0,
            requests: Vec::new(),
        }
    }

    /// Sends the next frame and reads what steerlab asked.
    fn frame(&mut self) {
        self.requests.extend(self.link.poll());
        let t = (self.tick + 1) as f64 / 60.0;
        let target = Entity::new(1, Kind::Target, 300.0 + 60.0 * t, 200.0, 60.0, 0.0, 0.0);
        let mut missile = Entity::new(7, Kind::Missile, 200.0 * t, 200.0, 200.0, 0.0, 0.0);
        missile.label = "mine".into();
        let entities = if 200.0 * t < 300.0 + 60.0 * t + 40.0 {
            vec![target, missile]
        } else {
            vec![target]
        };
        self.link
            .frame(self.tick, self.tick as f64 * (1.0 / 60.0), &entities);
        self.tick += 1;
    }
}

/// A harness over the default scenario whose panel was told to listen on `address`.
fn listening_on(address: &str) -> egui_kittest::Harness<'static, State> {
    let mut h = harness(steerlab::scenario::presets::default_scenario(), false);
    h.state_mut().session.live.address = address.into();
    h.get_by_label("Attach a game").click();
    h.run();
    h.get_by_label("Listen").click();
    h.run();
    h
}

/// One frame of the game, of the window's session and of the panel.
fn frame(h: &mut egui_kittest::Harness<'static, State>, game: &mut Game) {
    game.frame();
    std::thread::sleep(std::time::Duration::from_millis(2));
    h.state_mut().session.advance(1.0 / 60.0);
    h.run();
}

/// Runs frames until `done` holds (at most 5 s of them).
fn until(
    h: &mut egui_kittest::Harness<'static, State>,
    game: &mut Game,
    what: &str,
    done: impl Fn(&State, &Game) -> bool,
) {
    for _ in 0..2000 {
        if done(h.state(), game) {
            return;
        }
        frame(h, game);
    }
    panic!("waited for {what}");
}

#[test]
fn a_game_attached_from_the_panel_streams_into_the_view_and_takes_its_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = listening_on("127.0.0.1:0");
    let address = h.state().session.live.address.clone();
    assert!(
        address.starts_with("127.0.0.1:") && !address.ends_with(":0"),
        "{address}"
    );
    assert!(h
        .state()
        .session
        .messages
        .status
        .as_deref()
        .unwrap()
        .starts_with("listening on 127.0.0.1:"));
    let mut game = Game::connect(&address);
    until(&mut h, &mut game, "the game to attach", |s, _| {
        s.session.live.server.as_ref().unwrap().games().len() == 1
    });
    for _ in 0..10 {
        frame(&mut h, &mut game);
    }
    h.get_by_label("Show").click();
    until(&mut h, &mut game, "the game in the view", |s, _| {
        s.session.doc.scenario.name == "live: panel test" && s.session.runs.tick() > 10
    });
    // The view grows with the game, up to its latest frame but never past it.
    let before = h.state().session.runs.tick();
    until(&mut h, &mut game, "the view to grow", |s, _| {
        s.session.runs.tick() >= before + 10
    });
    // All of a short stream is in the view: its ticks are the game's.
    let end = h.state().session.live.built_tick.unwrap();
    h.run();
    // Exactly that: no shift of 0 said.
    let said = format!("the view holds the game's ticks 0 to {end}");
    assert!(h.query_by_label(&said).is_some(), "{said}");
    let shown = h.state().session.runs.tick();
    assert!(
        shown < game.tick,
        "the view ({shown}) is never past the game ({})",
        game.tick
    );
    let world = h.state().session.runs.lanes[0].shown();
    assert_eq!(world.targets().len(), 1);
    assert_eq!(world.missiles().len(), 1);
    // The game's missile is where it said, at the tick shown.
    let x = world.missiles()[0].body.pos.x;
    assert_eq!(
        x,
        (200.0 * (shown + 1) as f64 / 60.0) as f32,
        "tick {shown}"
    );

    // Its parameter: a set goes out, the game answers, the round trip is shown.
    h.state_mut().session.live.set(0, "gain", 6.5).unwrap();
    until(&mut h, &mut game, "the set to arrive", |_, g| {
        g.requests.contains(&Request::Set {
            name: "gain".into(),
            value: 6.5,
        })
    });
    assert_eq!(game.link.value("gain"), Some(6.5));
    until(&mut h, &mut game, "the round trip", |s, _| {
        s.session.live.server.as_ref().unwrap().games()[0]
            .capture
            .params[0]
            .value
            == 6.5
    });
    h.run();
    // The round trip the link measured, in milliseconds.
    let trip = h.state().session.live.server.as_ref().unwrap().games()[0]
        .capture
        .applied
        .iter()
        .rev()
        .find_map(|a| a.round_trip)
        .unwrap();
    let said = format!(
        "the game flies 6.5, round trip {:.1} ms",
        trip.as_secs_f64() * 1e3
    );
    assert!(h.query_by_label_contains(&said).is_some(), "{said}");

    // Pause asked of the game.
    h.get_by_label("Pause").click();
    until(&mut h, &mut game, "the pause", |_, g| {
        g.requests.contains(&Request::Pause)
    });

    // References flown from the live missile's state ride along with every build.
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    h.state_mut()
        .session
        .fly_references("missile 7", 20, &[pro_nav]);
    until(&mut h, &mut game, "the references", |s, _| {
        s.session
            .doc
            .scenario
            .launchers
            .iter()
            .any(|l| l.name == "missile 7 from tick 20")
    });

    // Looking back while the game streams on; Live returns to the edge.
    h.state_mut().session.scrub(5);
    for _ in 0..20 {
        frame(&mut h, &mut game);
    }
    assert_eq!(
        h.state().session.runs.view_tick,
        Some(5),
        "the past stays on screen"
    );
    h.get_by_label("Live").click();
    h.run();
    assert!(!h.state().session.runs.in_past());

    // A breakpoint on the live stream: the hit pauses the view and asks the game to stop.
    h.state_mut().session.runs.breakpoints.hit = true;
    game.requests.clear();
    until(&mut h, &mut game, "the hit", |s, _| {
        s.session.runs.paused_by.is_some()
    });
    let status = h.state().session.messages.status.clone().unwrap();
    assert!(status.contains("asked the game to pause"), "{status}");
    until(&mut h, &mut game, "the game asked to pause", |_, g| {
        g.requests.contains(&Request::Pause)
    });

    // The capture, saved: it reopens as a recording.
    let path = dir.path().join("capture.csv");
    h.state_mut().panel.exports.capture = path.display().to_string();
    h.run();
    h.get_by_label("Save capture").click();
    h.run();
    let status = h.state().session.messages.status.clone().unwrap();
    assert!(
        status.starts_with("wrote ") && status.contains("frames to"),
        "{status}"
    );
    let recording = steerlab::recording::load(&path).unwrap();
    assert_eq!(recording.tracks.len(), 2);
    game.link.close();
}

#[test]
fn a_bad_address_or_a_port_in_use_is_said_in_words() {
    let mut h = listening_on("not an address");
    let error = h.state().session.messages.error.clone().unwrap();
    assert!(
        error.starts_with("expected PORT or ADDRESS:PORT"),
        "{error}"
    );
    assert!(h.state().session.live.server.is_none());
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    h.state_mut().session.live.address = taken.local_addr().unwrap().to_string();
    h.run();
    h.get_by_label("Listen").click();
    h.run();
    let error = h.state().session.messages.error.clone().unwrap();
    assert!(
        error.starts_with(&format!("cannot listen on {}", taken.local_addr().unwrap())),
        "{error}"
    );
}

#[test]
fn showing_a_game_late_does_not_stop_on_what_happened_before() {
    let mut h = listening_on("127.0.0.1:0");
    let address = h.state().session.live.address.clone();
    let mut game = Game::connect(&address);
    // Past the hit (about tick 122) before anyone looks.
    for _ in 0..200 {
        frame(&mut h, &mut game);
    }
    h.state_mut().session.runs.breakpoints.hit = true;
    h.get_by_label("Show").click();
    until(&mut h, &mut game, "the game in the view", |s, _| {
        s.session.runs.tick() > 150
    });
    for _ in 0..30 {
        frame(&mut h, &mut game);
    }
    assert_eq!(h.state().session.runs.paused_by, None);
    assert!(!h.state().session.runs.in_past());
    assert!(
        !game.requests.contains(&Request::Pause),
        "{:?}",
        game.requests
    );
    game.link.close();
}

/// Runs the window, not the game, a frame every 2 ms until `done` holds (at most 2,000
/// frames); whether it did.
fn window_until(
    h: &mut egui_kittest::Harness<'static, State>,
    done: impl Fn(&egui_kittest::Harness<'static, State>) -> bool,
) -> bool {
    for _ in 0..2000 {
        if done(h) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.state_mut().session.advance(1.0 / 60.0);
        h.run();
    }
    done(h)
}

/// Runs the window, not the game, until the view holds the game's latest frame.
fn settle(h: &mut egui_kittest::Harness<'static, State>, game: &Game) {
    let latest = Some(game.tick - 1);
    assert!(
        window_until(h, |h| h.state().session.live.built_tick == latest),
        "waited for the view to reach the game's tick {}",
        game.tick - 1
    );
}

#[test]
fn a_long_stream_is_viewed_by_its_newest_frames_and_the_references_go_by_game_tick() {
    let mut h = listening_on("127.0.0.1:0");
    // 40 rows: the newest 20 ticks of the target and the missile.
    h.state_mut().session.live.view_rows = 40;
    let address = h.state().session.live.address.clone();
    let mut game = Game::connect(&address);
    for _ in 0..30 {
        frame(&mut h, &mut game);
    }
    h.get_by_label("Show").click();
    settle(&mut h, &game);
    // The view: the game's newest 20 ticks (10 to 29), its last the game's latest.
    let s = &h.state().session;
    assert_eq!((s.live.tick0, s.live.built_tick), (10, Some(29)));
    assert_eq!(s.runs.tick(), 19);
    h.run();
    let said = "the view holds the game's ticks 10 to 29 (a view tick is the game's less 10)";
    assert!(h.query_by_label_contains(said).is_some(), "{said}");
    // References from the view's tick 5: the game's tick 15, kept as that.
    h.state_mut()
        .session
        .fly_references("missile 7", 5, &[Algorithm::ProNav]);
    assert_eq!(h.state().session.live.references[0].tick, 15);
    game.frame();
    settle(&mut h, &game);
    // The view moved on a tick: they fly from its tick 4.
    let s = &h.state().session;
    assert_eq!(s.live.tick0, 11);
    let names: Vec<&str> = s
        .doc
        .scenario
        .launchers
        .iter()
        .map(|l| l.name.as_str())
        .collect();
    assert!(names.contains(&"missile 7 from tick 4"), "{names:?}");
    // Looking back at the view's tick 15 (the game's 26): 3 ticks on, the view's 12.
    h.state_mut().session.runs.scrub(15);
    for _ in 0..3 {
        game.frame();
    }
    settle(&mut h, &game);
    let s = &h.state().session;
    assert_eq!((s.live.tick0, s.runs.view_tick), (14, Some(12)));
    // Once the view moved past the chosen tick, the references are left out (no error),
    // and what is looked at, gone from the view, becomes its first tick.
    for _ in 0..20 {
        game.frame();
    }
    settle(&mut h, &game);
    let s = &h.state().session;
    assert_eq!((s.live.tick0, s.runs.view_tick), (34, Some(0)));
    assert!(!s
        .doc
        .scenario
        .launchers
        .iter()
        .any(|l| l.name.contains("from tick")));
    assert_eq!(s.messages.error, None);
    assert_eq!(
        s.live.references.len(),
        1,
        "kept, for a view that holds it again"
    );
    // A breakpoint fires in a view that moved on (its ticks are not the game's): the
    // hit, about the game's tick 122, stops the view and asks the game to pause.
    h.state_mut().session.runs.breakpoints.hit = true;
    for _ in 0..150 {
        if h.state().session.runs.paused_by.is_some() {
            break;
        }
        game.frame();
        settle(&mut h, &game);
    }
    let s = &h.state().session;
    assert!(s.runs.paused_by.is_some(), "the hit stopped the view");
    assert!(s.live.tick0 > 0);
    let status = s.messages.status.clone().unwrap();
    assert!(status.contains("asked the game to pause"), "{status}");
    game.link.close();
}

#[test]
fn the_panel_says_who_attached_each_parameter_keeps_its_slider_and_stop_lets_go() {
    let mut h = listening_on("127.0.0.1:0");
    let address = h.state().session.live.address.clone();
    let mut game = Game::connect(&address);
    until(
        &mut h,
        &mut game,
        "the panel to say the game attached",
        |s, _| s.session.messages.status.as_deref() == Some("panel test attached"),
    );
    for _ in 0..5 {
        frame(&mut h, &mut game);
    }
    // Two parameters of one game: each set keeps its own value.
    h.state_mut().session.live.set(0, "gain", 6.5).unwrap();
    h.state_mut().session.live.set(0, "drag", 0.5).unwrap();
    h.state_mut().session.live.set(0, "gain", 7.0).unwrap();
    assert_eq!(
        h.state().session.live.sliders,
        [(0, "gain".to_string(), 7.0), (0, "drag".to_string(), 0.5)]
    );
    h.run();
    // The panel shows each slider at the value sent to it.
    for (label, value) in [("gain (1/s)", 7.0), ("drag", 0.5)] {
        // (The slider and its text share the label and the value.)
        let shown: Vec<f64> = h
            .query_all_by_label(label)
            .filter_map(|n| n.numeric_value())
            .collect();
        assert!(!shown.is_empty(), "{label}");
        assert!(shown.iter().all(|v| *v == value), "{label}: {shown:?}");
    }
    h.get_by_label("Show").click();
    until(&mut h, &mut game, "the game in the view", |s, _| {
        s.session.live.showing()
    });
    // Stop: the server is gone, and the view no longer follows the game.
    h.get_by_label("Stop").click();
    h.run();
    assert!(h.state().session.live.server.is_none());
    assert!(!h.state().session.live.showing());
    assert!(h.state().session.live.sliders.is_empty());
    game.link.close();
}

/// The address field (the one text field holding the address).
fn field<'h>(h: &'h egui_kittest::Harness<'static, State>) -> egui_kittest::kittest::Node<'h> {
    use egui_macroquad::egui::accesskit::Role;
    h.query_all_by_value("127.0.0.1:0")
        .find(|n| n.role() == Role::TextInput)
        .unwrap()
}

#[test]
fn the_address_listens_on_enter_and_not_when_only_left() {
    use egui_kittest::kittest::Key;
    let mut h = harness(steerlab::scenario::presets::default_scenario(), false);
    h.state_mut().session.live.address = "127.0.0.1:0".into();
    h.get_by_label("Attach a game").click();
    h.run();
    // Into the field and out of it with Tab: nothing is asked.
    field(&h).focus();
    h.run();
    field(&h).key_press(Key::Tab);
    h.run();
    assert!(h.state().session.live.server.is_none());
    // Enter in the field listens, as the button does.
    field(&h).focus();
    h.run();
    field(&h).key_press(Key::Enter);
    h.run();
    assert!(h.state().session.live.server.is_some());
}

/// A game that sent `frames` frames, shown, the view holding them all.
fn shown_after(frames: usize) -> (egui_kittest::Harness<'static, State>, Game) {
    let mut h = listening_on("127.0.0.1:0");
    let address = h.state().session.live.address.clone();
    let mut game = Game::connect(&address);
    for _ in 0..frames {
        frame(&mut h, &mut game);
    }
    h.get_by_label("Show").click();
    settle(&mut h, &game);
    (h, game)
}

#[test]
fn references_flown_while_the_game_is_quiet_still_come() {
    let (mut h, game) = shown_after(30);
    // The game sends nothing more: the view is built again for the references alone.
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    h.state_mut()
        .session
        .fly_references("missile 7", 5, &[pro_nav]);
    let flown = |h: &egui_kittest::Harness<'static, State>| {
        (h.state().session.doc.scenario.launchers.iter()).any(|l| l.name == "missile 7 from tick 5")
    };
    assert!(window_until(&mut h, flown), "the references never came");
    game.link.close();
}

#[test]
fn a_game_quiet_for_a_while_is_followed_again_when_it_streams_on() {
    let (mut h, mut game) = shown_after(20);
    // Quiet for longer than any wait between builds (twice the last build, at least
    // 50 ms), the window going on meanwhile.
    let quiet = std::time::Instant::now();
    window_until(&mut h, |_| quiet.elapsed().as_millis() > 200);
    for _ in 0..5 {
        game.frame();
    }
    settle(&mut h, &game);
    assert_eq!(h.state().session.live.built_tick, Some(game.tick - 1));
    game.link.close();
}

#[test]
fn a_breakpoint_on_the_last_tick_a_view_held_is_not_heard_again() {
    // Where the view stops on the hit: a breakpoint set once the game is shown.
    let (mut h, mut game) = shown_after(5);
    h.state_mut().session.runs.breakpoints.hit = true;
    until(&mut h, &mut game, "the hit", |s, _| {
        s.session.runs.paused_by.is_some()
    });
    let hit = h.state().session.runs.tick();
    game.link.close();
    // Again, the game's frames ending on that tick: the first view holds it (what it
    // held before it was shown is old news), and the views after start past it.
    let (mut h, mut game) = shown_after(hit as usize + 1);
    assert_eq!(h.state().session.live.built_tick, Some(hit));
    h.state_mut().session.runs.breakpoints.hit = true;
    for _ in 0..10 {
        game.frame();
        settle(&mut h, &game);
    }
    assert_eq!(h.state().session.runs.paused_by, None);
    game.link.close();
}

#[test]
fn a_games_view_is_neither_saved_as_a_scenario_nor_put_in_a_link() {
    let (mut h, game) = shown_after(10);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("default");
    let session = &mut h.state_mut().session;
    assert!(session.replays(), "its missile flies its track");
    let e = session.save_as(&file).unwrap_err().to_string();
    assert!(e.contains("cannot be saved as a scenario"), "{e}");
    assert!(!file.exists(), "nothing written");
    assert!(session
        .link()
        .unwrap_err()
        .contains("cannot be put in a link"));
    game.link.close();
}

#[test]
fn a_shown_games_camera_keeps_its_entities_in_view() {
    let (h, game) = shown_after(10);
    assert_eq!(
        h.state().session.view.follow,
        steerlab::app::session::Follow::Keep
    );
    game.link.close();
}
