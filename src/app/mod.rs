//! The sandbox window: macroquad draws the world ([`render`]), egui (through
//! egui-macroquad) draws the side panel and timeline ([`ui`]). The frame loop: advance
//! the session by the frame's time, the panel (and the shortcuts), the mouse in the
//! view, draw the panes, draw egui on top. No simulation rules live here.

mod input;
pub mod render;
pub mod session;
pub mod ui;

pub use session::{Layout, Session};

use crate::scenario::Scenario;
use input::Pointer;
use macroquad::prelude::{next_frame, screen_height, screen_width};
use macroquad::window::clear_background;
use render::camera::{Camera, Pane};
use render::colors;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Pixels the panel scrolls per notch of a mouse wheel. egui-macroquad hands egui about
/// 1/90 of a line per notch on desktop (0.3 px), so the notches are added here.
const WHEEL_STEP: f32 = 48.0;

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
    /// The window's size in pixels (none: 1400 x 900).
    pub size: Option<(u32, u32)>,
    /// Multisampling: samples per pixel (1: off, the default).
    pub msaa: u8,
}

fn window_conf(size: Option<(u32, u32)>, msaa: u8) -> macroquad::conf::Conf {
    let (width, height) = size.unwrap_or((1400, 900));
    macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "steerlab".to_string(),
            window_width: width as i32,
            window_height: height as i32,
            high_dpi: false,
            // Multisampling is off unless asked for: under a software OpenGL (Mesa's
            // llvmpipe, a VM, a remote desktop) 4x MSAA made every frame 2.7x slower
            // (27 ms against 10 ms at 1400x900), for smoother edges.
            sample_count: msaa.into(),
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
        macroquad::Window::from_config(
            window_conf(options.size, options.msaa.max(1)),
            async move {
                opened.store(true, std::sync::atomic::Ordering::SeqCst);
                let result = frame_loop(scenario, path, options).await;
                if let Ok(mut slot) = report.lock() {
                    *slot = Some(result);
                }
            },
        );
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
    session.runs.compare = options.compare;
    if let Some(layout) = options.layout {
        session.view.layout = layout;
    }
    session.restart();
    session.open_view();
    let mut panel = ui::PanelState::new(&session);
    let mut pointer = Pointer::default();
    let mut camera = Camera {
        center: glam::Vec2::ZERO,
        zoom: 1.0,
    };
    let mut fitted_for: Option<(usize, u32, u32)> = None;
    let mut stats = FrameStats::default();
    let mut frame = 0u32;
    // Screenshots and stats advance by a fixed 1/60 s per frame, so they show the same
    // moment however slow the machine is; stats measure the last `frames` of a run that
    // first warms up for WARM_UP frames.
    let fixed_step = options.frames.is_some();
    let total = options
        .frames
        .map(|n| if options.stats { n + WARM_UP } else { n });
    loop {
        let started = Instant::now();
        // The panes tile the view and the panels cover the rest: one clear in the panes'
        // colour is all the background there is (every full-screen fill costs on a
        // software renderer).
        clear_background(colors::scene::PANE);
        // Advance first, so the panel and the view show the same tick; what the user does
        // this frame is queued and applies from the next tick on.
        let elapsed = if fixed_step {
            1.0 / 60.0
        } else {
            macroquad::time::get_frame_time()
        };
        session.advance(elapsed);
        let mut output = None;
        let mut over_ui = false;
        let (_, wheel) = macroquad::input::mouse_wheel();
        egui_macroquad::ui(|ctx| {
            if cfg!(not(target_arch = "wasm32")) && wheel != 0.0 {
                ctx.input_mut(|i| i.smooth_scroll_delta.y += wheel * WHEEL_STEP);
            }
            output = Some(ui::show(ctx, &mut panel, &mut session));
            over_ui = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
        });
        // Keys were read by egui; F1 is not among the keys egui-macroquad passes on.
        if macroquad::input::is_key_pressed(macroquad::input::KeyCode::F1) {
            session.view.help_open = !session.view.help_open;
        }
        // Characters reach the panel through egui; macroquad's own queue of them is
        // never read, so it is emptied here (it would grow with every key typed).
        while macroquad::input::get_char_pressed().is_some() {}
        let requests = output.as_ref().map(|o| o.requests).unwrap_or_default();
        // The world view gets what the panels leave (egui points = pixels here: no high-dpi).
        let area = output.map_or(
            Pane {
                x: 0.0,
                y: 0.0,
                w: screen_width(),
                h: screen_height(),
            },
            |o| Pane {
                x: o.free.left(),
                y: o.free.top(),
                w: o.free.width().max(1.0),
                h: o.free.height().max(1.0),
            },
        );
        let views = input::panes(&session, area);
        let first = views[0].pane;
        let key = (views.len(), first.w as u32, first.h as u32);
        let fit = requests.fit || std::mem::take(&mut session.view.fit_requested);
        if fit || fitted_for != Some(key) {
            camera = session.opening_camera(first, fit || fitted_for.is_some());
            fitted_for = Some(key);
        }
        input::handle_mouse(&mut session, &mut pointer, &views, &mut camera, over_ui);
        for view in &views {
            render::draw_pane(
                &session,
                &view.lanes,
                view.pane,
                camera,
                view.label.as_deref(),
            );
        }
        render::draw_hud(&session, area);
        if let Some(path) = panel.exports.png_request.take() {
            // The view as drawn, before the panels go on top.
            match save_screenshot(&path) {
                Ok(()) => session.messages.status = Some(format!("wrote {}", path.display())),
                Err(e) => session.messages.error = Some(e),
            }
        }
        egui_macroquad::draw();
        stats.frame(started);
        frame += 1;
        if total.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.shot {
                save_screenshot(path)?;
            }
            if options.stats {
                stats.print(&session, options.frames.unwrap_or(0) as usize);
            }
            return Ok(());
        }
        next_frame().await;
    }
}

/// Frames run before `--stats` starts measuring (start-up, first uploads).
const WARM_UP: u32 = 10;

/// What `--stats` measures per frame: the CPU time of building it (from the start of
/// the frame to handing it to the GPU) and the wall time between successive frames
/// (what the user sees, presentation and waiting included).
#[derive(Default)]
struct FrameStats {
    cpu: Vec<f64>,
    wall: Vec<f64>,
    last_start: Option<Instant>,
}

impl FrameStats {
    fn frame(&mut self, started: Instant) {
        self.cpu.push(started.elapsed().as_secs_f64() * 1000.0);
        if let Some(previous) = self.last_start {
            self.wall
                .push(started.duration_since(previous).as_secs_f64() * 1000.0);
        }
        self.last_start = Some(started);
    }

    /// Prints percentiles over the last `frames` frames.
    fn print(&self, session: &Session, frames: usize) {
        let pct = |all: &[f64], p: f64| -> f64 {
            let mut v: Vec<f64> = all[all.len().saturating_sub(frames)..].to_vec();
            v.sort_by(f64::total_cmp);
            v.get(((v.len().max(1) - 1) as f64 * p).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let missiles: usize = session
            .runs
            .lanes
            .iter()
            .map(|l| l.world.missiles().len())
            .sum();
        let trail_points: usize = session.runs.lanes.iter().map(|l| l.trails.len()).sum();
        let measured = frames.min(self.cpu.len());
        println!("frames {measured}  missiles {missiles}  trail points {trail_points}");
        for (name, all) in [("cpu", &self.cpu), ("wall", &self.wall)] {
            println!(
                "{name:<4} ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
                pct(all, 0.5),
                pct(all, 0.9),
                pct(all, 0.99),
                pct(all, 1.0)
            );
        }
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
