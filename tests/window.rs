//! End to end, in a real window under X (Xvfb in CI): start the binary, drag the target
//! with xdotool, and check from the screenshot's pixels that every algorithm's trail is
//! drawn and that the target moved. Ignored by a plain `cargo test` (no display);
//! `.ci/run` runs it under `xvfb-run` with `--include-ignored`.
#![cfg(feature = "app")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use steerlab::app::render::colors::{algorithm_rgb, scene};
use steerlab::guidance::Algorithm;

/// Where the screenshots go: `STEERLAB_E2E_DIR` if set (kept, for looking at), else a
/// temporary directory removed after a pass.
fn temp_dir() -> PathBuf {
    let dir = std::env::var_os("STEERLAB_E2E_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            std::env::temp_dir().join(format!("steerlab-window-{}", std::process::id()))
        });
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
        if (0..3).all(|i| (f32::from(p[i]) - want[i]).abs() <= 6.0) {
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

fn wait_for_window() -> String {
    let start = Instant::now();
    loop {
        let out = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", "^steerlab$"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if let Some(id) = text.lines().next().filter(|l| !l.is_empty()) {
            return id.to_string();
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
fn dragging_a_target_moves_it_and_every_algorithm_draws_its_trail() {
    assert!(
        std::env::var("DISPLAY").is_ok(),
        "no DISPLAY: run under xvfb-run"
    );
    let dir = temp_dir();
    let out = dir.join("after.png");
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/e2e.ron");
    let mut child = Command::new(env!("CARGO_BIN_EXE_steerlab"))
        .args([
            "shot",
            fixture,
            "--frames",
            "540",
            "--out",
            out.to_str().unwrap(),
        ])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let window = wait_for_window();
    std::thread::sleep(Duration::from_millis(1500));
    let before = capture(&window, &dir.join("before.png"));
    let (tx, ty, _) = target_centre(&before).expect("the target is drawn");
    let geometry = xdotool(&["getwindowgeometry", "--shell", &window]);
    let field = |name: &str| -> f32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .unwrap()
            .parse()
            .unwrap()
    };
    let (wx, wy) = (field("X"), field("Y"));
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
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the window did not finish"
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(status.success(), "steerlab shot failed: {status}");
    let after = image::open(&out)
        .expect("the screenshot was written")
        .to_rgba8();
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
    let panel_edge = (after.width() as f32 * 0.3) as u32;
    for algorithm in Algorithm::ALL {
        let n = colour_pixels(&after, algorithm, panel_edge);
        assert!(
            n >= 20,
            "{algorithm}: only {n} pixels of its colour in the view"
        );
    }
    if std::env::var_os("STEERLAB_E2E_DIR").is_none() {
        std::fs::remove_dir_all(&dir).ok();
    }
}
