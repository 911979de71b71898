//! The sandbox window: macroquad draws the world, egui (through egui-macroquad) draws
//! the side panel. The frame loop: panel, input, advance the session by the frame's
//! time, draw the panes, draw egui on top. No simulation rules live here.

pub mod colors;
pub mod debugger;
mod draw;
mod edit;
mod input;
mod inspect;
pub mod panel;
pub mod session;
mod timeline;
mod trails;
mod view;

pub use session::{Layout, Session};

use crate::scenario::Scenario;
use input::Pointer;
use macroquad::prelude::{next_frame, screen_height, screen_width};
use macroquad::window::clear_background;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use view::{Camera, Pane};

/// How the window is started from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Start in compare mode.
    pub compare: bool,
    pub layout: Option<Layout>,
    /// Quit after this many frames (with `shot` or `stats`).
    pub frames: Option<u32>,
    /// Write a screenshot here after the last frame.
    pub shot: Option<PathBuf>,
    /// Print frame-time percentiles after the last frame.
    pub stats: bool,
}

fn window_conf() -> macroquad::conf::Conf {
    macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "steerlab".to_string(),
            window_width: 1400,
            window_height: 900,
            high_dpi: false,
            sample_count: 4,
            window_resizable: true,
            ..Default::default()
        },
        // Room for the batched trail meshes.
        draw_call_vertex_capacity: 65_536,
        draw_call_index_capacity: 98_304,
        ..Default::default()
    }
}

/// Opens the window on a scenario and runs until it is closed (or the frames are done).
/// A window that cannot be opened (no display, no OpenGL) is an error, not a crash:
/// the windowing layer panics then, and the panic is caught and reported here.
pub fn run(scenario: Scenario, path: Option<PathBuf>, options: Options) -> Result<(), String> {
    let outcome: Arc<Mutex<Option<Result<(), String>>>> = Arc::new(Mutex::new(None));
    let report = outcome.clone();
    let started = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let opened = started.clone();
    let panicked = catch_panic(move || {
        macroquad::Window::from_config(window_conf(), async move {
            opened.store(true, std::sync::atomic::Ordering::SeqCst);
            let result = frame_loop(scenario, path, options).await;
            if let Ok(mut slot) = report.lock() {
                *slot = Some(result);
            }
        });
    });
    let finished = outcome.lock().map_err(|e| e.to_string())?.take();
    match (finished, panicked) {
        (Some(result), _) => result,
        (None, Err(message)) if !started.load(std::sync::atomic::Ordering::SeqCst) => {
            Err(format!("cannot open a window: {message}{}", display_hint()))
        }
        (None, Err(message)) => Err(format!("the window stopped on an error: {message}")),
        (None, Ok(())) => Err("the window closed before the first frame".into()),
    }
}

/// Why there may be no display, on systems that need one named in the environment.
fn display_hint() -> &'static str {
    let named = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty());
    if cfg!(target_os = "linux") && !named("DISPLAY") && !named("WAYLAND_DISPLAY") {
        " (no display: DISPLAY is not set; on a machine without a screen, run under `xvfb-run -a`)"
    } else {
        ""
    }
}

/// Runs `f`, turning a panic into its message (printed by us, not by the panic hook).
fn catch_panic(f: impl FnOnce()) -> Result<(), String> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "the windowing system failed".into())
    })
}

async fn frame_loop(
    scenario: Scenario,
    path: Option<PathBuf>,
    options: Options,
) -> Result<(), String> {
    let mut session = Session::new(scenario, path);
    session.compare = options.compare;
    if let Some(layout) = options.layout {
        session.layout = layout;
    }
    session.restart();
    let mut panel = panel::PanelState::new(&session);
    let mut pointer = Pointer::default();
    let mut camera = Camera {
        center: glam::Vec2::ZERO,
        zoom: 1.0,
    };
    let mut fitted_for: Option<(f32, f32, usize, f32, f32)> = None;
    let mut frame_times: Vec<f64> = Vec::new();
    let mut frame = 0u32;
    // Screenshots and stats advance by a fixed 1/60 s per frame, so they show the same
    // moment however slow the machine is.
    let fixed_step = options.frames.is_some();
    loop {
        let started = Instant::now();
        clear_background(colors::scene::BACKGROUND);
        // Advance first, so the panel and the view show the same tick; what the user does
        // this frame is queued and applies from the next tick on.
        let elapsed = if fixed_step {
            1.0 / 60.0
        } else {
            macroquad::time::get_frame_time()
        };
        session.advance(elapsed);
        let mut free = None;
        let mut over_ui = false;
        let mut typing = false;
        egui_macroquad::ui(|ctx| {
            free = Some(panel::show(ctx, &mut panel, &mut session));
            over_ui = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
            typing = ctx.wants_keyboard_input();
        });
        // The world view gets what the panels leave (egui points = pixels here: no high-dpi).
        let area = free.map_or(
            Pane {
                x: panel::PANEL_WIDTH,
                y: 0.0,
                w: screen_width() - panel::PANEL_WIDTH,
                h: screen_height(),
            },
            |r| Pane {
                x: r.left(),
                y: r.top(),
                w: r.width().max(1.0),
                h: r.height().max(1.0),
            },
        );
        let views = input::panes(&session, area);
        let mut fit = std::mem::take(&mut panel.fit_requested);
        if !typing {
            fit |= input::handle_keys(&mut session);
        }
        let first = views[0].pane;
        let key = (
            session.scenario.world.width,
            session.scenario.world.height,
            views.len(),
            first.w,
            first.h,
        );
        if fit || fitted_for != Some(key) {
            camera = Camera::fit(key.0, key.1, first);
            fitted_for = Some(key);
        }
        input::handle_mouse(&mut session, &mut pointer, &views, &mut camera, over_ui);
        for view in &views {
            draw::draw_pane(
                &session,
                &view.lanes,
                view.pane,
                camera,
                view.label.as_deref(),
            );
        }
        draw::draw_hud(&session, area);
        if let Some(path) = panel.png_request.take() {
            // The view as drawn, before the panels go on top.
            match save_screenshot(&path) {
                Ok(()) => session.status = Some(format!("wrote {}", path.display())),
                Err(e) => session.error = Some(e),
            }
        }
        egui_macroquad::draw();
        frame += 1;
        frame_times.push(started.elapsed().as_secs_f64() * 1000.0);
        if options.frames.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.shot {
                save_screenshot(path)?;
            }
            if options.stats {
                print_stats(&session, &frame_times);
            }
            return Ok(());
        }
        next_frame().await;
    }
}

/// Writes the screen as a PNG (atomically). macroquad's screen data is upside down.
fn save_screenshot(path: &Path) -> Result<(), String> {
    let shot = macroquad::texture::get_screen_data();
    let (w, h) = (shot.width as usize, shot.height as usize);
    let mut rows = Vec::with_capacity(w * h * 4);
    for y in (0..h).rev() {
        rows.extend_from_slice(&shot.bytes[y * w * 4..(y + 1) * w * 4]);
    }
    let mut png = std::io::Cursor::new(Vec::new());
    image::write_buffer_with_format(
        &mut png,
        &rows,
        w as u32,
        h as u32,
        image::ColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    crate::files::write_atomically(path, |out| out.write_all(png.get_ref()))
        .map_err(|e| e.to_string())
}

/// Prints frame-time percentiles (the first 10 frames are warm-up and left out).
fn print_stats(session: &Session, frame_times: &[f64]) {
    let mut times: Vec<f64> = frame_times.iter().skip(10).copied().collect();
    if times.is_empty() {
        times = frame_times.to_vec();
    }
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
    let missiles: usize = session.lanes.iter().map(|l| l.world.missiles().len()).sum();
    let trail_points: usize = session.lanes.iter().map(|l| l.trails.len()).sum();
    println!(
        "frames {}  missiles {missiles}  trail points {trail_points}  frame ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
        times.len(),
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
}
