//! `steerlab gif`: a run drawn frame by frame into an animated GIF
//! ([`steerlab::headless::gif`]), with a progress bar on a terminal.

use super::input::{check_output, inputs_of, load, size_within, whole, Failure, LayoutArg};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;
use steerlab::files;
use steerlab::headless::gif::{self, GifJob, GifLayout, GifOptions};

/// What the command line gives a GIF.
#[derive(clap::Args)]
pub struct GifArgs {
    /// Scenario file (or the name of a shipped scenario, such as `default`), or a
    /// recording (`.csv`).
    file: PathBuf,
    /// Simulated seconds shown, above 0 and at most 120.
    #[arg(long, default_value_t = 10.0, value_parser = seconds_arg, allow_hyphen_values = true)]
    seconds: f64,
    /// Where to write the GIF.
    #[arg(long, value_name = "OUT.gif")]
    out: PathBuf,
    /// overlay (the scenario as it is, every algorithm in one picture) or split (one
    /// panel per compared algorithm, side by side).
    #[arg(long, value_enum, default_value = "overlay")]
    layout: LayoutArg,
    /// Frames per second, 1 to 50 (GIF delays are in hundredths of a second: when 100/fps
    /// is not whole they alternate, so the GIF still lasts --seconds).
    #[arg(long, default_value_t = 20, value_parser = whole::<u32>(1, gif::MAX_FPS as u64), allow_hyphen_values = true)]
    fps: u32,
    /// Size of one panel in pixels, WIDTHxHEIGHT, each side 64 to 2048 (the split
    /// layout is panels x WIDTH wide, at most 8192).
    #[arg(long, value_name = "WxH", default_value = "640x400", value_parser = size_arg, allow_hyphen_values = true)]
    size: (u32, u32),
}

/// Seconds of a GIF: finite, above 0, at most [`gif::MAX_SECONDS`].
fn seconds_arg(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found `{text}`"))?;
    if value.is_finite() && value > 0.0 && value <= gif::MAX_SECONDS {
        Ok(value)
    } else {
        Err(format!(
            "expected seconds above 0 and at most {}, found {text}",
            gif::MAX_SECONDS
        ))
    }
}

/// A panel's size `WIDTHxHEIGHT`.
fn size_arg(text: &str) -> Result<(u32, u32), String> {
    size_within(text, gif::MIN_SIDE, gif::MAX_SIDE)
}

pub fn run(args: GifArgs) -> Result<(), Failure> {
    let scenario = load(&args.file)?;
    let inputs = inputs_of(&args.file, &scenario);
    check_output(&args.out, &inputs)?;
    let options = GifOptions {
        seconds: args.seconds,
        fps: args.fps,
        width: args.size.0,
        height: args.size.1,
        layout: match args.layout {
            LayoutArg::Overlay => GifLayout::Overlay,
            LayoutArg::Split => GifLayout::Split,
        },
        ..GifOptions::default()
    };
    let start = Instant::now();
    let mut job = GifJob::new(&scenario, &options).map_err(Failure::Input)?;
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(u64::from(job.frames()))
    } else {
        indicatif::ProgressBar::hidden()
    };
    while !job.is_finished() {
        let done = job.step(1).map_err(Failure::Internal)?;
        bar.set_position(u64::from(done));
    }
    bar.finish_and_clear();
    let (frames, (width, height)) = (job.frames(), job.size());
    let bytes = job.finish().map_err(Failure::Internal)?;
    // Through a temporary file beside it, renamed over it: a failure leaves no half GIF.
    files::write_output(&args.out, &inputs, |w| w.write_all(&bytes))
        .map_err(|e| Failure::Input(e.to_string()))?;
    outln!(
        "{}: {frames} frames of {width}x{height} at {} fps ({} s), {:.1} KB in {:.2} s",
        args.out.display(),
        options.fps,
        options.seconds,
        bytes.len() as f64 / 1024.0,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
