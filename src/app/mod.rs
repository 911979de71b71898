//! The sandbox window: macroquad draws the world ([`render`]), egui (through
//! egui-macroquad) draws the side panel and timeline ([`ui`]). The frame loop: advance
//! the session by the frame's time, the panel (and the shortcuts), the mouse in the
//! view, draw the panes, draw egui on top. No simulation rules live here.

mod frame;
mod input;
pub mod render;
mod screenshot;
pub mod session;
mod stats;
pub mod ui;

pub use session::{Layout, Session};

use crate::scenario::Scenario;
use frame::Frame;
use macroquad::prelude::next_frame;
use screenshot::save_screenshot;
use stats::{FrameStats, WARM_UP};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

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
    let mut frame = Frame::new(session);
    let mut stats = FrameStats::default();
    let mut count = 0u32;
    // Screenshots and stats advance by a fixed 1/60 s per frame, so they show the same
    // moment however slow the machine is; stats measure the last `frames` of a run that
    // first warms up for WARM_UP frames.
    let fixed_step = options.frames.is_some();
    let total = options
        .frames
        .map(|n| if options.stats { n + WARM_UP } else { n });
    loop {
        let started = Instant::now();
        let elapsed = if fixed_step {
            1.0 / 60.0
        } else {
            macroquad::time::get_frame_time()
        };
        frame.run(elapsed);
        stats.frame(started);
        count += 1;
        if total.is_some_and(|n| count >= n) {
            if let Some(path) = &options.shot {
                save_screenshot(path)?;
            }
            if options.stats {
                stats.print(&frame.session, options.frames.unwrap_or(0) as usize);
            }
            return Ok(());
        }
        if options.shot.is_some() {
            // A screenshot run shows its frames at the pace it simulates them (1/60 s of
            // wall time each, however fast the machine): what is typed or dragged into
            // it meets the same moment on any machine.
            let left =
                std::time::Duration::from_secs_f64(1.0 / 60.0).saturating_sub(started.elapsed());
            std::thread::sleep(left);
        }
        next_frame().await;
    }
}
