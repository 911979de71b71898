//! End to end, in a real window under X (Xvfb in CI): start the binary, drag the target
//! with xdotool, and check from the screenshot's pixels that the target moved and that
//! every algorithm draws its own trail. Ignored by a plain `cargo test` (no display);
//! `.ci/run` runs it under `xvfb-run` with `--include-ignored`.
#![cfg(feature = "app")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use steerlab::app::render::colors::{algorithm_rgb, scene};
use steerlab::guidance::Algorithm;

/// The laws the fixture's launcher fires (the articles' and pro-nav).
fn fixture_laws() -> Vec<Algorithm> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/e2e.ron");
    let scenario = steerlab::scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
    scenario.launchers[0].algorithms.clone()
}

/// Where a test's screenshots go: `STEERLAB_E2E_DIR` if set (kept, for looking at), else
/// a temporary directory removed when the test ends, passed or not.
enum Shots {
    Kept(PathBuf),
    Scratch(tempfile::TempDir),
}

impl std::ops::Deref for Shots {
    type Target = Path;
    fn deref(&self) -> &Path {
        match self {
            Shots::Kept(dir) => dir,
            Shots::Scratch(dir) => dir.path(),
        }
    }
}

fn temp_dir() -> Shots {
    match std::env::var_os("STEERLAB_E2E_DIR") {
        Some(dir) => {
            std::fs::create_dir_all(&dir).unwrap();
            Shots::Kept(dir.into())
        }
        None => Shots::Scratch(
            tempfile::Builder::new()
                .prefix("steerlab-window-")
                .tempdir()
                .unwrap(),
        ),
    }
}

fn xdotool(args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .output()
        .expect("xdotool is installed");
    assert!(
        out.status.success(),
        "xdotool {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn rgb(c: macroquad::color::Color) -> [f32; 3] {
    [c.r * 255.0, c.g * 255.0, c.b * 255.0]
}

/// Pixels that are the target's outline colour; their centre.
fn target_centre(image: &image::RgbaImage) -> Option<(f32, f32, usize)> {
    let want = rgb(scene::TARGET);
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0usize);
    for (x, y, p) in image.enumerate_pixels() {
        // The symbol legend's first row (top left of the view, right of the panel) is a
        // target's sample, not the target.
        let legend = x < 460 && y < 32;
        if !legend && (0..3).all(|i| (f32::from(p[i]) - want[i]).abs() <= 6.0) {
            sx += x as f32;
            sy += y as f32;
            n += 1;
        }
    }
    (n > 10).then(|| (sx / n as f32, sy / n as f32, n))
}

/// Pixels that are an algorithm's colour blended over the pane at some opacity (trails
/// fade with age), right of the panel and outside the colour legend in the top-right
/// corner (which shows every colour whether or not anything was drawn).
fn colour_pixels(image: &image::RgbaImage, algorithm: Algorithm, left: u32) -> usize {
    let bg = rgb(scene::PANE);
    let c = algorithm_rgb(algorithm).map(f32::from);
    let d = [c[0] - bg[0], c[1] - bg[1], c[2] - bg[2]];
    let dd = d.iter().map(|v| v * v).sum::<f32>();
    image
        .enumerate_pixels()
        .filter(|(x, y, p)| {
            let in_legend = *x + 160 > image.width() && *y < 180;
            if *x < left || in_legend {
                return false;
            }
            let q = [
                f32::from(p[0]) - bg[0],
                f32::from(p[1]) - bg[1],
                f32::from(p[2]) - bg[2],
            ];
            let a = (q[0] * d[0] + q[1] * d[1] + q[2] * d[2]) / dd;
            let residual = (0..3)
                .map(|i| (q[i] - a * d[i]).powi(2))
                .sum::<f32>()
                .sqrt();
            (0.3..=1.05).contains(&a) && residual < 10.0
        })
        .count()
}

/// One window at a time: the tests find "the" steerlab window by its title.
static ONE_WINDOW: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_window() -> std::sync::MutexGuard<'static, ()> {
    ONE_WINDOW
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Waits until the window shows a drawn frame (the panel and the view, not a blank
/// window still starting up): most of its rows hold more than one colour.
fn wait_until_drawn(window: &str, path: &Path) {
    let start = Instant::now();
    loop {
        let status = Command::new("import")
            .args(["-window", window, path.to_str().unwrap()])
            .status();
        if let (Ok(s), Ok(image)) = (status, image::open(path)) {
            let image = image.to_rgba8();
            let varied = (0..image.height())
                .step_by(20)
                .filter(|&y| {
                    let first = image.get_pixel(0, y);
                    (0..image.width()).any(|x| image.get_pixel(x, y) != first)
                })
                .count();
            if s.success() && varied * 20 > image.height() as usize / 2 {
                return;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the window never drew a frame"
        );
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// Finds the steerlab window of `child`, started by `spawn`. A busy X server sometimes
/// refuses a connection (`XOpenDisplay() failed`): a child that ends before its window
/// appears is started again, at most three times.
fn wait_for_window(
    child: &mut std::process::Child,
    spawn: impl Fn() -> std::process::Child,
) -> String {
    let start = Instant::now();
    let mut restarts = 0;
    loop {
        let out = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", "^steerlab$"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if let Some(id) = text.lines().next().filter(|l| !l.is_empty()) {
            return id.to_string();
        }
        if restarts < 3 && child.try_wait().unwrap().is_some() {
            restarts += 1;
            *child = spawn();
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no steerlab window appeared"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn capture(window: &str, path: &Path) -> image::RgbaImage {
    let status = Command::new("import")
        .args(["-window", window, path.to_str().unwrap()])
        .status()
        .expect("imagemagick import");
    assert!(status.success());
    image::open(path).unwrap().to_rgba8()
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn dragging_a_target_moves_it_and_every_algorithm_is_drawn() {
    let _one = one_window();
    wait_for_no_window();
    let dir = temp_dir();
    let out = dir.join("after.png");
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/e2e.ron");
    let app = App::start(&[
        "shot",
        fixture,
        "--frames",
        "540",
        "--out",
        out.to_str().unwrap(),
    ]);
    std::thread::sleep(Duration::from_millis(500));
    let before = app.shot(&dir.join("before.png"));
    let (tx, ty, _) = target_centre(&before).expect("the target is drawn");
    let (wx, wy) = app.origin;
    let (sx, sy) = (wx + tx, wy + ty);
    xdotool(&["mousemove", &format!("{sx}"), &format!("{sy}")]);
    std::thread::sleep(Duration::from_millis(100));
    xdotool(&["mousedown", "1"]);
    for step in 1..=24 {
        std::thread::sleep(Duration::from_millis(40));
        xdotool(&[
            "mousemove",
            &format!("{}", sx - 8.0 * step as f32),
            &format!("{}", sy + 5.0 * step as f32),
        ]);
    }
    std::thread::sleep(Duration::from_millis(200));
    xdotool(&["mouseup", "1"]);
    let after = app.finish_shot(&out);
    let (ax, ay, _) = target_centre(&after).expect("the target is still drawn");
    let moved = ((ax - tx).powi(2) + (ay - ty).powi(2)).sqrt();
    assert!(
        moved > 100.0,
        "the target moved only {moved} px: ({tx}, {ty}) -> ({ax}, {ay})"
    );
    assert!(
        ax < tx && ay > ty,
        "it moved the wrong way: ({tx}, {ty}) -> ({ax}, {ay})"
    );
    // Every algorithm's missiles are in view (bodies, trails or overlays: the next
    // test tells the trails apart).
    let panel_edge = (after.width() as f32 * 0.3) as u32;
    for algorithm in fixture_laws() {
        let n = colour_pixels(&after, algorithm, panel_edge);
        assert!(
            n >= 20,
            "{algorithm}: only {n} pixels of its colour in the view"
        );
    }
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn every_algorithm_draws_its_own_trail() {
    // The same run shot twice, with only the trails overlay on and with every overlay
    // off: the pixels of each algorithm's colour that the trails add must be a trail's
    // worth (missile bodies are drawn either way, so they cancel out).
    let _one = one_window();
    let dir = temp_dir();
    let fixture = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/e2e.ron"
    ))
    .unwrap();
    let shoot = |overlays: &str, name: &str| {
        let body = fixture.trim_end().strip_suffix(')').unwrap();
        let file = dir.join(format!("{name}.ron"));
        std::fs::write(
            &file,
            format!("{body}    view: (overlays: [{overlays}]),\n)\n"),
        )
        .unwrap();
        let out = dir.join(format!("{name}.png"));
        wait_for_no_window();
        let args = [
            "shot",
            file.to_str().unwrap(),
            "--frames",
            "300",
            "--out",
            out.to_str().unwrap(),
        ];
        App::start(&args).finish_shot(&out)
    };
    let with = shoot("\"trails\"", "trails-on");
    let without = shoot("", "trails-off");
    let panel_edge = (with.width() as f32 * 0.3) as u32;
    for algorithm in fixture_laws() {
        let on = colour_pixels(&with, algorithm, panel_edge);
        let off = colour_pixels(&without, algorithm, panel_edge);
        // Five seconds of flight leave trails hundreds of pixels long; a body is a few
        // dozen pixels.
        assert!(
            on >= off + 150,
            "{algorithm}: {on} pixels of its colour with trails, {off} without"
        );
    }
}

// ---------------------------------------------------------------------------------------
// The first hour, with the real mouse and keyboard
// ---------------------------------------------------------------------------------------

/// The app running in a window until dropped.
struct App {
    child: std::process::Child,
    window: String,
    origin: (f32, f32),
}

impl App {
    fn start(args: &[&str]) -> App {
        assert!(
            std::env::var("DISPLAY").is_ok(),
            "no DISPLAY: run under xvfb-run"
        );
        let spawn = || {
            Command::new(env!("CARGO_BIN_EXE_steerlab"))
                .args(args)
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        };
        let mut child = spawn();
        let window = wait_for_window(&mut child, spawn);
        wait_until_drawn(&window, &temp_dir().join("starting.png"));
        std::thread::sleep(Duration::from_millis(500));
        let geometry = xdotool(&["getwindowgeometry", "--shell", &window]);
        let field = |name: &str| -> f32 {
            geometry
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{name}=")))
                .unwrap()
                .parse()
                .unwrap()
        };
        App {
            child,
            origin: (field("X"), field("Y")),
            window,
        }
    }

    fn shot(&self, path: &Path) -> image::RgbaImage {
        capture(&self.window, path)
    }

    /// Waits for a `shot` run to end by itself and reads the screenshot it wrote.
    fn finish_shot(mut self, out: &Path) -> image::RgbaImage {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(300),
                "the window did not finish"
            );
            std::thread::sleep(Duration::from_millis(200));
        };
        assert!(status.success(), "steerlab shot failed: {status}");
        image::open(out)
            .expect("the screenshot was written")
            .to_rgba8()
    }

    /// Moves the mouse to a point of the window.
    fn mouse(&self, x: f32, y: f32) {
        xdotool(&[
            "mousemove",
            &format!("{}", self.origin.0 + x),
            &format!("{}", self.origin.1 + y),
        ]);
        std::thread::sleep(Duration::from_millis(100));
    }

    fn click(&self, x: f32, y: f32) {
        self.mouse(x, y);
        xdotool(&["click", "1"]);
        std::thread::sleep(Duration::from_millis(300));
    }

    fn key(&self, key: &str) {
        xdotool(&["key", "--window", &self.window, key]);
        std::thread::sleep(Duration::from_millis(300));
    }

    fn type_text(&self, text: &str) {
        xdotool(&["type", "--delay", "60", text]);
        std::thread::sleep(Duration::from_millis(300));
    }
}

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        wait_for_no_window();
    }
}

/// Waits until no steerlab window is left (the next test must not find this one).
fn wait_for_no_window() {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        let out = Command::new("xdotool")
            .args(["search", "--name", "^steerlab$"])
            .output()
            .unwrap();
        if String::from_utf8_lossy(&out.stdout).trim().is_empty() {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Pixels that differ clearly between two images in a region.
fn changed_pixels(
    a: &image::RgbaImage,
    b: &image::RgbaImage,
    x: std::ops::Range<u32>,
    y: std::ops::Range<u32>,
) -> usize {
    y.flat_map(|py| x.clone().map(move |px| (px, py)))
        .filter(|&(px, py)| {
            let (p, q) = (a.get_pixel(px, py), b.get_pixel(px, py));
            (0..3).any(|i| (i32::from(p[i]) - i32::from(q[i])).abs() > 60)
        })
        .count()
}

/// The status text at the bottom of the world view ("tick 131  t = 2.183 s ..."), at
/// 1400x900: right of the side panel, above the timeline.
fn status_bar(image: &image::RgbaImage) -> (std::ops::Range<u32>, std::ops::Range<u32>) {
    (380..900, image.height() - 140..image.height() - 95)
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn keys_typed_into_a_text_field_do_not_step_but_the_same_keys_outside_do() {
    let _one = one_window();
    let dir = temp_dir();
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/e2e.ron");
    let app = App::start(&[fixture]);
    // Pause (the view has the keyboard: nothing is focused).
    app.click(900.0, 400.0);
    app.key("space");
    std::thread::sleep(Duration::from_millis(500));
    let paused = app.shot(&dir.join("paused.png"));
    // Into the scenario name field: dots, letters, a space, then leave it.
    app.click(200.0, 133.0);
    app.type_text(". r. l.5 ");
    app.key("Tab");
    app.click(900.0, 420.0);
    std::thread::sleep(Duration::from_millis(500));
    let after_typing = app.shot(&dir.join("typed.png"));
    let (x, y) = status_bar(&paused);
    let typed = changed_pixels(&paused, &after_typing, x.clone(), y.clone());
    assert_eq!(
        typed, 0,
        "the status bar (tick, time) changed while typing into a field"
    );
    // The same `.` outside any field steps one tick: the tick in the status bar changes.
    app.key("period");
    std::thread::sleep(Duration::from_millis(500));
    let stepped = app.shot(&dir.join("stepped.png"));
    let step = changed_pixels(&after_typing, &stepped, x, y);
    assert!(
        step >= 10,
        "`.` did not step ({step} pixels of the status bar changed)"
    );
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn the_mouse_wheel_scrolls_the_side_panel_by_whole_lines() {
    let _one = one_window();
    let dir = temp_dir();
    let app = App::start(&["default"]);
    app.key("space");
    let before = app.shot(&dir.join("panel-before.png"));
    app.mouse(150.0, 450.0);
    // Three notches of 48 px: less than the panel's overflow (about 190 px for the
    // default scenario at this size), so the end of the content does not stop it.
    for _ in 0..3 {
        xdotool(&["click", "5"]);
        std::thread::sleep(Duration::from_millis(80));
    }
    std::thread::sleep(Duration::from_millis(600));
    let after = app.shot(&dir.join("panel-after.png"));
    // The panel's content moved up: find the shift that best matches the two.
    let (x, rows) = (20..300, 150..420);
    let best = (0..600u32)
        .step_by(2)
        .map(|dy| {
            let (mut sum, mut n) = (0.0f32, 0.0f32);
            for py in rows.clone() {
                if py + dy >= before.height() - 150 {
                    continue;
                }
                for px in x.clone().step_by(3) {
                    let (p, q) = (before.get_pixel(px, py + dy), after.get_pixel(px, py));
                    sum += (0..3)
                        .map(|i| (f32::from(p[i]) - f32::from(q[i])).abs())
                        .sum::<f32>();
                    n += 1.0;
                }
            }
            // A shift that leaves only a few rows to compare matches anything flat.
            let enough = n >= 200.0 * (x.len() / 3) as f32;
            (if enough { sum / n } else { f32::MAX }, dy)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    assert!(
        (138..=150).contains(&best.1),
        "3 wheel notches scrolled the panel {} px, not 3 x 48 (difference {})",
        best.1,
        best.0
    );
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn shift_click_places_a_target_at_once_while_paused_and_a_plain_click_does_not() {
    let _one = one_window();
    let dir = temp_dir();
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/e2e.ron");
    let app = App::start(&[fixture]);
    app.click(900.0, 700.0);
    app.key("space");
    let count = |image: &image::RgbaImage, x0: u32, y0: u32| {
        let want = rgb(scene::SELECTED);
        (x0.saturating_sub(30)..x0 + 30)
            .flat_map(|x| (y0.saturating_sub(30)..y0 + 30).map(move |y| (x, y)))
            .filter(|&(x, y)| {
                let p = image.get_pixel(x, y);
                (0..3).all(|i| (f32::from(p[i]) - want[i]).abs() <= 40.0)
            })
            .count()
    };
    // A plain click on empty space: nothing placed.
    app.click(1000.0, 650.0);
    let plain = app.shot(&dir.join("plain.png"));
    assert!(
        count(&plain, 1000, 650) < 5,
        "a plain click placed something"
    );
    // Shift + click: the placed target shows at once (a ring), though the run is paused.
    app.mouse(1000.0, 650.0);
    xdotool(&["keydown", "shift"]);
    xdotool(&["click", "1"]);
    xdotool(&["keyup", "shift"]);
    std::thread::sleep(Duration::from_millis(500));
    let placed = app.shot(&dir.join("placed.png"));
    assert!(
        count(&placed, 1000, 650) >= 20,
        "the placed target is not drawn while paused"
    );
    // Ctrl+Z takes it back.
    app.key("ctrl+z");
    std::thread::sleep(Duration::from_millis(500));
    let undone = app.shot(&dir.join("undone.png"));
    assert!(count(&undone, 1000, 650) < 5, "Ctrl+Z left the target");
}

/// The centre of the pixels of `colour` in the world view below its legend (x from 420,
/// y from 140), and how many there are.
fn centre_of(image: &image::RgbaImage, colour: [f32; 3]) -> (f32, f32, usize) {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0usize);
    for (x, y, p) in image.enumerate_pixels() {
        if x >= 420 && y >= 140 && (0..3).all(|i| (f32::from(p[i]) - colour[i]).abs() <= 6.0) {
            sx += x as f32;
            sy += y as f32;
            n += 1;
        }
    }
    (sx / n.max(1) as f32, sy / n.max(1) as f32, n)
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn an_obstacle_drags_while_paused_and_ctrl_click_places_a_terrain_circle() {
    let _one = one_window();
    let dir = temp_dir();
    let fixture = dir.join("block.ron");
    std::fs::write(
        &fixture,
        "(version: 1, world: (width: 1200, height: 800), obstacles: [
            Polygon(points: [(500, 450), (650, 450), (650, 600), (500, 600)], terrain: true)])",
    )
    .unwrap();
    let app = App::start(&[fixture.to_str().unwrap()]);
    app.key("space");
    let terrain = steerlab::palette::to_rgb8(steerlab::palette::TERRAIN).map(f32::from);
    let before = app.shot(&dir.join("block-before.png"));
    let (bx, by, n) = centre_of(&before, terrain);
    assert!(n > 100, "the block's outline is not drawn ({n} pixels)");
    // Drag it 150 pixels right, in steps, while paused.
    app.mouse(bx, by);
    xdotool(&["mousedown", "1"]);
    for step in 1..=15 {
        std::thread::sleep(Duration::from_millis(40));
        app.mouse(bx + 10.0 * step as f32, by);
    }
    xdotool(&["mouseup", "1"]);
    std::thread::sleep(Duration::from_millis(400));
    let after = app.shot(&dir.join("block-after.png"));
    // Selected, it is outlined in the selection's colour, 150 pixels to the right.
    let (ax, ay, n) = centre_of(&after, rgb(scene::SELECTED));
    assert!(
        n > 100,
        "the dragged block is not outlined as selected ({n})"
    );
    assert!(
        (ax - bx - 150.0).abs() < 8.0 && (ay - by).abs() < 8.0,
        "moved from ({bx}, {by}) to ({ax}, {ay})"
    );
    // Ctrl + click on empty space: a terrain circle, at once though paused.
    let near = |image: &image::RgbaImage, (x0, y0): (u32, u32)| {
        (x0 - 40..x0 + 40)
            .flat_map(|x| (y0 - 40..y0 + 40).map(move |y| (x, y)))
            .filter(|&(x, y)| {
                let p = image.get_pixel(x, y);
                (0..3).all(|i| (f32::from(p[i]) - terrain[i]).abs() <= 6.0)
            })
            .count()
    };
    app.mouse(700.0, 300.0);
    xdotool(&["keydown", "ctrl"]);
    xdotool(&["click", "1"]);
    xdotool(&["keyup", "ctrl"]);
    std::thread::sleep(Duration::from_millis(500));
    let placed = app.shot(&dir.join("block-placed.png"));
    assert!(near(&before, (700, 300)) < 5);
    assert!(
        near(&placed, (700, 300)) >= 40,
        "no circle where Ctrl + click placed it"
    );
    // Ctrl+Z takes the circle back, then the drag.
    app.key("ctrl+z");
    std::thread::sleep(Duration::from_millis(500));
    let undone = app.shot(&dir.join("block-undone.png"));
    assert!(near(&undone, (700, 300)) < 5, "Ctrl+Z left the circle");
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn stats_measure_exactly_the_frames_asked_for_in_cpu_and_wall_time() {
    let _one = one_window();
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_steerlab"))
            .args(["default", "--stats", "40"])
            .output()
            .unwrap()
    };
    // A connection the busy X server refused is tried again (as in `wait_for_window`).
    let mut out = run();
    for _ in 0..3 {
        if !String::from_utf8_lossy(&out.stderr).contains("cannot open a window") {
            break;
        }
        out = run();
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("frames 40 "), "{text}");
    let value = |line: &str, key: &str| -> f64 {
        let rest = line.split(key).nth(1).unwrap();
        rest.split_whitespace().next().unwrap().parse().unwrap()
    };
    let cpu = text
        .lines()
        .find(|l| l.starts_with("cpu"))
        .expect("a cpu line");
    let wall = text
        .lines()
        .find(|l| l.starts_with("wall"))
        .expect("a wall line");
    // A frame's wall interval includes building it.
    assert!(value(wall, "p50 ") >= value(cpu, "p50 "), "{text}");
    // Frames a second: between a thousand over the slowest interval and the fastest's.
    let fps = text
        .lines()
        .find(|l| l.starts_with("fps"))
        .expect("an fps line");
    let fps = value(fps, "fps ");
    assert!(
        fps > 0.0 && fps >= 1000.0 / value(wall, "max ") - 0.1,
        "{text}"
    );
    assert!(fps <= 1000.0 / value(wall, "p50 ") * 2.0, "{text}");
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn pause_answers_at_once_while_a_crowd_of_heavy_scripts_runs() {
    // 200 missiles a tenth of a second, each script call near its per-call limit of
    // operations: every tick runs into the scripts' budget per tick. Space still
    // pauses within a few frames (a tick costs at most the budget; a frame steps at
    // most a slice of its time).
    let _one = one_window();
    let dir = temp_dir();
    std::fs::write(
        dir.join("heavy.rhai"),
        "fn steer(missile, target, params, dt) {\n    let s = 0;\n    for i in 0..60000 { s += i; }\n    vec2(100.0, 0.0)\n}\n",
    )
    .unwrap();
    let file = dir.join("heavy.ron");
    std::fs::write(
        &file,
        "(version: 1, name: \"heavy\", scripts: [(id: \"heavy\", path: \"heavy.rhai\")], \
         targets: [(name: \"t\", motion: Circle(center: (600, 400), radius: 150, angular_speed: 1))], \
         launchers: [(pos: (100, 400), target: \"t\", algorithms: [\"heavy\"], salvo: 200, every: 0.1, \
         missile: (lifetime: 2))])",
    )
    .unwrap();
    let app = App::start(&[file.to_str().unwrap()]);
    let (x, y) = status_bar(&app.shot(&dir.join("heavy-0.png")));
    // Playing: the tick in the status bar moves on.
    let a = app.shot(&dir.join("heavy-1.png"));
    std::thread::sleep(Duration::from_millis(1500));
    let b = app.shot(&dir.join("heavy-2.png"));
    assert!(
        changed_pixels(&a, &b, x.clone(), y.clone()) >= 10,
        "the run is not playing"
    );
    app.click(900.0, 400.0);
    app.key("space");
    // Paused: two looks a second apart show the same tick, soon after the key.
    let pressed = Instant::now();
    let mut last = app.shot(&dir.join("heavy-3.png"));
    loop {
        std::thread::sleep(Duration::from_millis(1000));
        let now = app.shot(&dir.join("heavy-4.png"));
        if changed_pixels(&last, &now, x.clone(), y.clone()) == 0 {
            break;
        }
        assert!(
            pressed.elapsed() < Duration::from_secs(10),
            "Space did not pause the run within 10 s"
        );
        last = now;
    }
}

/// The top of the Attach section's capture name field, at 1400x900: the first row below
/// the Scenario section's fields (y 300 on) that is a text field's background (10, 10,
/// 10) across the field's width.
fn capture_field(image: &image::RgbaImage) -> f32 {
    let field = |x: u32, y: u32| image.get_pixel(x, y).0[..3] == [10, 10, 10];
    (300..700)
        .find(|&y| field(40, y) && field(150, y) && field(260, y))
        .expect("the capture name field of a game's row") as f32
}

/// A game on a thread of the test (the Rust client over a real socket): a still target at
/// (400, 300) and a missile circling it at 150 units, 60 frames a second, until told to
/// stop; what steerlab asks of it is collected.
struct CirclingGame {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    requests: std::sync::Arc<std::sync::Mutex<Vec<steerlab_link::Request>>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl CirclingGame {
    fn start(port: u16) -> CirclingGame {
        use std::sync::atomic::Ordering;
        use steerlab_link::{Entity, Kind, Link};
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let requests = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let (flag, asked) = (stop.clone(), requests.clone());
        let thread = std::thread::spawn(move || {
            let mut link = Link::new("window test", 60);
            link.declare("gain", 0.0, 20.0, 2.0, "1/s");
            link.connect(("127.0.0.1", port)).unwrap();
            let start = Instant::now();
            let mut tick = 0u64;
            while !flag.load(Ordering::Relaxed) {
                asked.lock().unwrap().extend(link.poll());
                let a = (tick + 1) as f64 / 60.0;
                let target = Entity::new(1, Kind::Target, 400.0, 300.0, 0.0, 0.0, 0.0);
                let (s, c) = a.sin_cos();
                let missile = Entity::new(
                    2,
                    Kind::Missile,
                    400.0 + 150.0 * c,
                    300.0 + 150.0 * s,
                    -150.0 * s,
                    150.0 * c,
                    a + std::f64::consts::FRAC_PI_2,
                );
                link.frame(tick, tick as f64 / 60.0, &[target, missile]);
                tick += 1;
                let next = start + Duration::from_secs_f64(tick as f64 / 60.0);
                std::thread::sleep(next.saturating_duration_since(Instant::now()));
            }
            link.close();
        });
        CirclingGame {
            stop,
            requests,
            thread: Some(thread),
        }
    }

    /// Waits until steerlab asked `what` of the game (at most 5 s).
    fn asked(&self, what: &steerlab_link::Request) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            if self.requests.lock().unwrap().contains(what) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }
}

impl Drop for CirclingGame {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn a_game_attached_to_the_window_is_paused_tuned_saved_and_shown_from_the_panel() {
    let _one = one_window();
    let dir = temp_dir();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let app = App::start(&["--listen", &listen]);
    let game = CirclingGame::start(port);
    std::thread::sleep(Duration::from_millis(1500));
    let before = app.shot(&dir.join("attached.png"));
    // The game's row in the Attach section (open when listening), found by its capture
    // name field (a status line above may take one line or two): Show, Pause, Step,
    // Resume above the field, Save capture beside it, the game's `gain` below.
    let row = |name: &str| capture_field(&app.shot(&dir.join(name)));
    let top = row("row.png");
    app.click(98.0, top - 13.0);
    assert!(
        game.asked(&steerlab_link::Request::Pause),
        "Pause did not reach the game"
    );
    let saved = dir.join("window-capture.csv");
    let _ = std::fs::remove_file(&saved);
    app.click(149.0, top + 10.0);
    app.key("ctrl+a");
    app.type_text(saved.to_str().unwrap());
    app.click(324.0, top + 10.0);
    std::thread::sleep(Duration::from_millis(500));
    let recording = steerlab::recording::load(&saved).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(recording.tracks.len(), 2, "the target and the missile");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(
        text.starts_with(
            "# steerlab live capture: window test, 60 ticks per second\n# param gain = 2 (0 to 20, default 2, 1/s)\n"
        ),
        "{}",
        &text[..200.min(text.len())]
    );
    let top = row("saved.png");
    app.click(152.0, top + 34.0);
    app.key("ctrl+a");
    app.type_text("7.5");
    app.key("Return");
    let set = steerlab_link::Request::Set {
        name: "gain".into(),
        value: 7.5,
    };
    assert!(game.asked(&set), "the typed gain did not reach the game");
    // Show: the view becomes the game's. Its still target is drawn where it stays,
    // while the view of the default scenario had its own circling target elsewhere.
    let top = row("tuned.png");
    app.click(46.0, top - 13.0);
    std::thread::sleep(Duration::from_millis(2000));
    let shown = app.shot(&dir.join("shown.png"));
    std::thread::sleep(Duration::from_millis(1000));
    let later = app.shot(&dir.join("later.png"));
    let (a, b) = (target_centre(&shown), target_centre(&later));
    let (Some((ax, ay, _)), Some((bx, by, _))) = (a, b) else {
        panic!("no target drawn after Show: {a:?} {b:?}");
    };
    assert!(
        (ax - bx).abs() < 2.0 && (ay - by).abs() < 2.0,
        "the game's target stands still: {a:?} then {b:?}"
    );
    let (x, y) = (380..1400, 0..760);
    let changed = changed_pixels(&before, &shown, x, y);
    assert!(
        changed > 2000,
        "the view did not change on Show ({changed} pixels)"
    );
    drop(game);
    drop(app);
}

/// The most common colour among the pixels of `image` with `x` in `xs` and `y` in `ys`.
fn commonest(
    image: &image::RgbaImage,
    xs: std::ops::Range<u32>,
    ys: std::ops::Range<u32>,
) -> [u8; 3] {
    let mut counts = std::collections::HashMap::new();
    for y in ys {
        for x in xs.clone() {
            let [r, g, b, _] = image.get_pixel(x, y).0;
            *counts.entry([r, g, b]).or_insert(0usize) += 1;
        }
    }
    counts.into_iter().max_by_key(|(_, n)| *n).unwrap().0
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn the_panels_and_the_view_keep_their_colours_whether_the_view_is_copied_or_drawn() {
    // The window clears the panels' background itself (egui draws them without a fill):
    // round the view while the view is drawn (a run playing), the whole screen at once
    // when every pane is copied whole (paused: the same picture every frame).
    let _one = one_window();
    let dir = temp_dir();
    let panel = steerlab::app::ui::style::panel_fill().to_array();
    let pane = rgb(scene::PANE).map(|c| c.round() as u8);
    assert_ne!(panel[..3], pane);
    let check = |image: &image::RgbaImage, what: &str| {
        let (w, h) = image.dimensions();
        // The side panel's left margin, the timeline's bottom margin, and the view's
        // right half above the timeline.
        assert_eq!(
            commonest(image, 0..4, 0..h),
            panel[..3],
            "{what}: the panel"
        );
        assert_eq!(
            commonest(image, w / 2..w, h - 3..h),
            panel[..3],
            "{what}: the timeline"
        );
        assert_eq!(
            commonest(image, w / 2..w, 0..h / 2),
            pane,
            "{what}: the view"
        );
    };
    let out = dir.join("drawn.png");
    wait_for_no_window();
    let args = [
        "shot",
        "default",
        "--frames",
        "90",
        "--out",
        out.to_str().unwrap(),
    ];
    check(&App::start(&args).finish_shot(&out), "drawn");
    wait_for_no_window();
    let app = App::start(&["default"]);
    app.click(900.0, 400.0);
    app.key("space");
    std::thread::sleep(Duration::from_millis(800));
    check(&app.shot(&dir.join("copied.png")), "copied");
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn a_still_view_copied_from_its_kept_picture_is_the_view_drawn() {
    // A scene standing still is drawn straight to the screen in its first two seconds
    // (where its target started, a trail fades: each frame's picture differs) and later
    // copied from the picture kept of it (under Xvfb's llvmpipe: drawn upside down and
    // turned over by the copy). Both must show the same pixels below the legend: a copy the wrong way up, with red and blue
    // swapped, or with an edge lying exactly on a row of pixel centres filled a row
    // apart (this launcher's frame lies on such rows; 119 pixels differed so) would not.
    let _one = one_window();
    let dir = temp_dir();
    let fixture = dir.join("parked.ron");
    std::fs::write(
        &fixture,
        "(version: 1, name: \"parked\", world: (width: 1000, height: 800),
          targets: [(name: \"t\", radius: 12,
                     motion: Circle(center: (800, 150), radius: 0, angular_speed: 0.0))],
          launchers: [(name: \"l\", pos: (200, 400), target: \"t\", algorithms: [\"smoothed\"],
                       salvo: 1, first_at: 1000.0)])",
    )
    .unwrap();
    let shot = |frames: &str| {
        wait_for_no_window();
        let out = dir.join(format!("parked-{frames}.png"));
        let args = [
            "shot",
            fixture.to_str().unwrap(),
            "--frames",
            frames,
            "--out",
            out.to_str().unwrap(),
        ];
        App::start(&args).finish_shot(&out)
    };
    let (drawn, copied) = (shot("60"), shot("600"));
    let launcher = steerlab::palette::to_rgb8(steerlab::palette::LAUNCHER).map(f32::from);
    let (_, _, n) = centre_of(&drawn, launcher);
    assert!(n > 50, "the launcher is not drawn ({n} pixels)");
    // The world view right of the side panel, below the symbol legend, above the status.
    let differing = (80..760)
        .flat_map(|y| (385..1395).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let (p, q) = (drawn.get_pixel(x, y), copied.get_pixel(x, y));
            (0..3).any(|i| p[i].abs_diff(q[i]) > 4)
        })
        .count();
    assert_eq!(differing, 0, "the copied view differs from the drawn one");
}

#[test]
#[ignore = "needs an X display: run under xvfb-run with --include-ignored"]
fn save_as_a_name_typed_without_an_extension_writes_a_ron_file_and_replaces_none() {
    let _one = one_window();
    let dir = temp_dir();
    // The shipped default's layout: Save As… under its description.
    let start = dir.join("start.ron");
    let default = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/default.ron");
    std::fs::copy(default, &start).unwrap();
    let app = App::start(&[start.to_str().unwrap()]);
    // Save As…, the dialog's name field (it opens beside the scenario), all of its
    // suggestion replaced by a name without an extension, Enter.
    let save_as_mine = || {
        app.click(169.0, 258.0);
        std::thread::sleep(Duration::from_millis(1500));
        app.click(750.0, 856.0);
        app.key("ctrl+a");
        app.type_text("mine");
        app.key("Return");
        std::thread::sleep(Duration::from_millis(1500));
    };
    save_as_mine();
    let (mine, bare) = (dir.join("mine.ron"), dir.join("mine"));
    let saved = std::fs::read_to_string(&mine).expect("mine.ron written");
    assert!(saved.contains("All algorithms, one target"), "{saved}");
    assert!(!bare.exists());
    // Again: mine.ron is there now, and a name typed without `.ron` does not replace it.
    std::fs::write(&mine, "kept").unwrap();
    save_as_mine();
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "kept");
    assert!(!bare.exists());
}
