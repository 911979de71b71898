//! The desktop's window: started from the command line, closed by the user or after
//! the frames asked for (screenshots, `--stats`).

use super::frame::Frame;
use super::screenshot::save_screenshot;
use super::session::Session;
use super::stats::{FrameStats, WARM_UP};
use super::window::{window_conf, Options};
use crate::scenario::Scenario;
use macroquad::prelude::next_frame;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Keeps the heap a frame frees for the next frame instead of handing it back to the
/// system. glibc gives back the top of its heap once 128 KiB of it lie free, and a frame
/// with a crowd of 10,000 takes about 2 MiB in pieces and frees it again: every frame
/// then grew the heap ten times and faulted its pages in afresh. Measured under Xvfb
/// (`--stats 600`, 10,000 boids): the CPU frame's median went from 7.9 to 8.6 ms to 6.5
/// to 6.8 ms (docs/steering.md). Only what the window has already held at once is kept (up to 64 MiB more
/// than in use); allocations up to 32 MiB come from the heap (glibc's own ceiling for
/// its sliding threshold, which setting these options fixes).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    // SAFETY: mallopt only sets the allocator's tuning; it is called before the window
    // starts any thread, and a refused value (it returns 0) leaves glibc's default.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
    }
}

/// Other allocators keep what they keep.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}

/// Opens the window on a scenario and runs until it is closed (or the frames are done).
/// A window that cannot be opened (no display, no OpenGL) is an error, not a crash:
/// the windowing layer panics then, and the panic is caught and reported here.
pub fn run(scenario: Scenario, path: Option<PathBuf>, options: Options) -> Result<(), String> {
    keep_freed_memory();
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

/// Why no window can open here, on systems that need a display named in the
/// environment (none: one may).
pub fn no_display() -> Option<&'static str> {
    let named = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty());
    (cfg!(target_os = "linux") && !named("DISPLAY") && !named("WAYLAND_DISPLAY")).then_some(
        "no display to open a window on (DISPLAY is not set): on a machine without a \
         screen, run the window under `xvfb-run -a steerlab ...`, or use a command that \
         needs none (run, compare, sweep, gif, check: see `steerlab --help`)",
    )
}

/// What to add when a window did not open: why there may be no display.
fn display_hint() -> String {
    no_display().map_or(String::new(), |why| format!(" ({why})"))
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
    if let Err(why) = super::fonts::install_scene() {
        eprintln!("steerlab: {why}: names in Chinese, Japanese or Korean show as boxes");
    }
    let mut session = Session::new(scenario, path);
    session.runs.compare = options.compare;
    if let Some(layout) = options.layout {
        session.view.layout = layout;
    }
    session.restart();
    session.open_view();
    if let Some(addr) = options.listen {
        match session.live.listen(&addr.to_string()) {
            Ok(said) => {
                eprintln!("steerlab: {said}");
                session.messages.status = Some(said);
            }
            Err(e) => {
                eprintln!("steerlab: {e}");
                session.messages.error = Some(e);
            }
        }
    }
    let mut frame = Frame::new(session);
    frame.set_embed(options.embed);
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
                save_screenshot(path, &frame.session.inputs(), None)?;
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
