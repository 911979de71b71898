//! The `steerlab` command line: open the window (default), run a scenario headless,
//! compare algorithms, check files, benchmark, take screenshots, sweep, make GIFs,
//! print links and the self-test.
//! Exit codes: 0 success; 2 bad input (a bad file or argument, a file that cannot be
//! read or written); 1 internal failure (including a window that cannot be opened).
//! Errors go to stderr.

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use steerlab::guidance::Algorithm;
use steerlab::sim::EventKind;
use steerlab::{files, headless};

#[macro_use]
mod output;
mod bench;
mod export;
mod gif;
mod input;
mod link;
mod live;
mod sweep;

use input::{load, size_within, whole, Failure, LayoutArg};

/// The longest run the command line simulates, in seconds.
const MAX_SECONDS: f64 = 3600.0;

#[derive(Parser)]
#[command(
    name = "steerlab",
    version,
    about = "A sandbox and debugger for game steering behaviours"
)]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    /// Scenario file to open in the window (default: the built-in default scenario).
    file: Option<PathBuf>,
    /// Start in compare mode (one run per algorithm).
    #[arg(long)]
    compare: bool,
    /// Layout of compare mode (split implies --compare).
    #[arg(long, value_enum)]
    layout: Option<LayoutArg>,
    /// Run this many frames (1 to 100000), print frame-time percentiles and quit.
    #[arg(long, value_name = "FRAMES", value_parser = whole::<u32>(1, 100_000), allow_hyphen_values = true)]
    stats: Option<u32>,
    /// Window size in pixels, WIDTHxHEIGHT (each 320 to 8192; default 1400x900).
    #[arg(long, value_name = "WxH", value_parser = size_arg, allow_hyphen_values = true)]
    size: Option<(u32, u32)>,
    /// Multisampling for smoother lines on a GPU: 1 (off, the default), 2, 4 or 8
    /// samples per pixel (slow under a software OpenGL).
    #[arg(long, default_value_t = 1, value_parser = msaa_arg, allow_hyphen_values = true)]
    msaa: u8,
    /// Show the view as an article's embed does (the web build's `?embed`): play,
    /// restart and the scenario's `embed:` sliders only.
    #[arg(long)]
    embed: bool,
    /// Listen for running games (the live link, docs/live.md) from the start: PORT (on
    /// 127.0.0.1) or ADDRESS:PORT. The panel's Attach section does the same.
    #[arg(long, value_name = "[ADDR:]PORT", value_parser = steerlab::live::parse_listen)]
    listen: Option<std::net::SocketAddr>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Samples per pixel: 1, 2, 4 or 8.
fn msaa_arg(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(n @ (1 | 2 | 4 | 8)) => Ok(n),
        _ => Err(format!("expected 1, 2, 4 or 8, found `{text}`")),
    }
}

/// A window size `WIDTHxHEIGHT`, each side 320 to 8192 pixels.
fn size_arg(text: &str) -> Result<(u32, u32), String> {
    size_within(text, 320, 8192)
}

/// Seconds of simulated time: finite, above 0, at most [`MAX_SECONDS`].
fn seconds_arg(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found `{text}`"))?;
    if value.is_finite() && value > 0.0 && value <= MAX_SECONDS {
        Ok(value)
    } else {
        Err(format!(
            "expected seconds above 0 and at most {MAX_SECONDS}, found {text}"
        ))
    }
}

#[derive(Subcommand)]
enum Command {
    /// Run a scenario (or a game's recording, FILE.csv) headless and print one row per
    /// missile.
    Run {
        /// Scenario file (or the name of a shipped scenario, such as `default`), or a
        /// recording (`.csv`).
        file: PathBuf,
        /// Seconds to simulate, above 0 and at most 3600 (default: until nothing more
        /// happens, at most 60).
        #[arg(long, value_parser = seconds_arg, allow_hyphen_values = true)]
        seconds: Option<f64>,
        /// Fire only this algorithm from every launcher (a built-in's id, or a script's that
        /// the scenario names); with --from-tick, the law flown from the recorded missile
        /// (default: every built-in).
        #[arg(long)]
        algorithm: Option<String>,
        /// Write every live entity at every tick as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// With a recording: fly the references from the recorded missile's state at this
        /// tick of the file (its position and velocity), against the target it was after.
        #[arg(long, value_name = "TICK", value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
        from_tick: Option<u64>,
        /// With --from-tick: the recorded missile's id in the file (default: the first
        /// recorded at that tick).
        #[arg(long, value_name = "ID", requires = "from_tick", value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
        missile: Option<u64>,
    },
    /// Run the engagement once per compared algorithm from the same start; best first.
    Compare {
        /// Scenario file (or the name of a shipped scenario).
        file: PathBuf,
        /// Seconds to simulate each run, above 0 and at most 3600 (default: until
        /// nothing more happens, at most 60).
        #[arg(long, value_parser = seconds_arg, allow_hyphen_values = true)]
        seconds: Option<f64>,
    },
    /// Run the scenario and say why each missile missed: its failure classes with their
    /// evidence (the first is the primary one), then a summary per law (docs/diagnosis.md).
    Diagnose {
        /// Scenario file (or the name of a shipped scenario), or a game's recording
        /// (`.csv`).
        file: PathBuf,
        /// Seconds to simulate, above 0 and at most 3600 (default: until nothing more
        /// happens, at most 60).
        #[arg(long, value_parser = seconds_arg, allow_hyphen_values = true)]
        seconds: Option<f64>,
    },
    /// Validate scenario files (or shipped names); print each error as file:line:col: message.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print the state hash of every shipped scenario after 600 ticks (what the web
    /// page prints for `?selftest`: the two must agree).
    Selftest,
    /// Print a scenario as a link for the web build: its text in the address's fragment.
    Link {
        /// Scenario file (or the name of a shipped scenario).
        file: PathBuf,
        /// Where the web build is served (the link is this address, `#`, the scenario).
        #[arg(long, default_value = link::WEB_BASE)]
        base: String,
    },
    /// Run the real window for some frames and write a screenshot.
    Shot {
        /// Scenario file (or the name of a shipped scenario).
        file: PathBuf,
        /// Frames to run before the screenshot (1 to 100000, at 1/60 s of simulated time each, shown at that pace).
        #[arg(long, default_value_t = 120, value_parser = whole::<u32>(1, 100_000), allow_hyphen_values = true)]
        frames: u32,
        /// Where to write the PNG.
        #[arg(long)]
        out: PathBuf,
        /// overlay (the scenario as it is) or split (one pane per algorithm).
        #[arg(long, value_enum)]
        layout: Option<LayoutArg>,
        /// Compare mode in the overlay layout.
        #[arg(long)]
        compare: bool,
        /// Window size in pixels, WIDTHxHEIGHT (each 320 to 8192; default 1400x900).
        #[arg(long, value_name = "WxH", value_parser = size_arg, allow_hyphen_values = true)]
        size: Option<(u32, u32)>,
    },
    /// Sweep one or two numeric fields (and Monte Carlo runs) over a scenario: hit rate
    /// and the other metrics per cell, as a CSV and heatmaps.
    Sweep(sweep::SweepArgs),
    /// Draw a run into an animated GIF, frame by frame on the simulation's fixed tick
    /// (not from the screen): every algorithm in one picture, or one panel each.
    Gif(gif::GifArgs),
    /// Export a tuned built-in law as code (C#, GDScript, C++, Rust or TypeScript), with
    /// test vectors from a run and a generated test that replays them (docs/export.md).
    Export(export::ExportArgs),
    /// Listen for running games (the live link, docs/live.md) without a window: capture
    /// what they stream as CSV recordings and set their parameters.
    Live(live::LiveArgs),
    /// Measure missile updates per second for every algorithm.
    Bench {
        /// Missiles in flight (1 to 2000000, default 100000; with --history, 1 to 100000;
        /// with --script, default 1000).
        #[arg(long, value_parser = whole::<u64>(1, 2_000_000), allow_hyphen_values = true)]
        missiles: Option<u64>,
        /// Ticks to time (1 to 100000).
        #[arg(long, default_value_t = 60, value_parser = whole::<u64>(1, 100_000), allow_hyphen_values = true)]
        ticks: u64,
        /// Only this algorithm.
        #[arg(long)]
        algorithm: Option<Algorithm>,
        /// Instead: a law written as a script (its id: `script-` and the file's stem),
        /// beside the built-in smoothed law for scale.
        #[arg(long, value_name = "FILE.rhai", conflicts_with_all = ["algorithm", "history", "sweep"])]
        script: Option<PathBuf>,
        /// Instead: record a long run (every algorithm, --missiles in flight) and time
        /// jumps to recorded ticks.
        #[arg(long, conflicts_with_all = ["algorithm", "ticks", "sweep"])]
        history: bool,
        /// Simulated seconds of the recorded run (with --history), above 0 and at most 3600.
        #[arg(long, default_value_t = 600.0, value_parser = seconds_arg, allow_hyphen_values = true, requires = "history")]
        seconds: f64,
        /// History budget in MB (with --history), 1 to 16384.
        #[arg(long, default_value_t = 256, value_parser = whole::<u64>(1, 16_384), allow_hyphen_values = true, requires = "history")]
        budget_mb: u64,
        /// Instead: the sweep batch path on 1 thread and on all, in engagements and
        /// missile updates per second: smoothed-envelope's smoothed law over its ga and
        /// the target's speed (64 x 64 cells x 16 runs), or with --algorithm that law over
        /// the target's start and speed.
        #[arg(long, conflicts_with_all = ["missiles", "ticks"])]
        sweep: bool,
        /// Instead: a crowd of this many boids flocking around obstacles (1 to 200000),
        /// in ticks per second on one thread.
        #[arg(long, value_name = "AGENTS", value_parser = whole::<u64>(1, 200_000), allow_hyphen_values = true, conflicts_with_all = ["algorithm", "missiles", "script", "history", "sweep"])]
        crowd: Option<u64>,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => open_window(
            cli.file,
            WindowArgs {
                compare: cli.compare,
                layout: cli.layout,
                frames: cli.stats,
                shot: None,
                stats: cli.stats.is_some(),
                size: cli.size,
                msaa: cli.msaa,
                embed: cli.embed,
                listen: cli.listen,
            },
        ),
        Some(Command::Shot {
            file,
            frames,
            out,
            layout,
            compare,
            size,
        }) => open_window(
            Some(file),
            WindowArgs {
                compare,
                layout,
                frames: Some(frames),
                shot: Some(out),
                stats: false,
                size,
                msaa: 1,
                embed: false,
                listen: None,
            },
        ),
        Some(Command::Run {
            file,
            seconds,
            algorithm,
            csv,
            from_tick,
            missile,
        }) => match from_tick {
            Some(tick) => run_references(&file, seconds, algorithm, tick, missile),
            None => run(&file, seconds, algorithm, csv.as_deref()),
        },
        Some(Command::Compare { file, seconds }) => compare(&file, seconds),
        Some(Command::Diagnose { file, seconds }) => diagnose(&file, seconds),
        Some(Command::Check { files }) => check(&files),
        Some(Command::Selftest) => {
            selftest();
            Ok(())
        }
        Some(Command::Link { file, base }) => link::print_link(&file, &base),
        Some(Command::Sweep(args)) => sweep::run(args),
        Some(Command::Gif(args)) => gif::run(args),
        Some(Command::Export(args)) => export::export(args),
        Some(Command::Live(args)) => live::run(args),
        Some(Command::Bench {
            sweep: true,
            algorithm,
            ..
        }) => sweep::bench(algorithm),
        Some(Command::Bench {
            crowd: Some(agents),
            ticks,
            ..
        }) => bench::bench_crowd(agents, ticks),
        Some(Command::Bench {
            missiles,
            seconds,
            budget_mb,
            history: true,
            ..
        }) => bench::bench_history(missiles.unwrap_or(100_000), seconds, budget_mb),
        Some(Command::Bench {
            missiles,
            ticks,
            algorithm,
            script,
            ..
        }) => match script {
            Some(path) => bench::bench_script(missiles.unwrap_or(1000), ticks, &path),
            None => bench::bench(missiles.unwrap_or(100_000), ticks, algorithm),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("error: {}", steerlab::core::text::escape(&message));
            ExitCode::from(2)
        }
        Err(Failure::Internal(message)) => {
            eprintln!("internal error: {}", steerlab::core::text::escape(&message));
            ExitCode::from(1)
        }
        Err(Failure::Environment(message)) => {
            eprintln!("error: {}", steerlab::core::text::escape(&message));
            ExitCode::from(1)
        }
    }
}

fn run(
    file: &Path,
    seconds: Option<f64>,
    algorithm: Option<String>,
    csv: Option<&Path>,
) -> Result<(), Failure> {
    let mut scenario = load(file)?;
    if let Some(id) = algorithm {
        // Parsed once the scenario is loaded: its scripts' ids are known only then.
        let algorithm: Algorithm = id
            .parse()
            .map_err(|e| Failure::Input(format!("--algorithm: {e}")))?;
        scenario = scenario.restricted_to(algorithm);
    }
    let start = scenario.build().map_err(Failure::Input)?;
    let mut sampler = headless::diagnose::Sampler::new(scenario.diagnosis.clone());
    let world = match csv {
        None => headless::run_diagnosed(start, seconds, None, Some(&mut sampler))
            .map_err(|e| Failure::Internal(e.to_string()))?,
        Some(out) => {
            let inputs = input::inputs_of(file, &scenario);
            input::check_output(out, &inputs)?;
            let mut end = None;
            files::write_output(out, &inputs, |w| {
                end = Some(headless::run_diagnosed(
                    start,
                    seconds,
                    Some(w),
                    Some(&mut sampler),
                )?);
                Ok(())
            })
            .map_err(|e| Failure::Input(e.to_string()))?;
            end.ok_or_else(|| Failure::Internal("the run did not finish".into()))?
        }
    };
    report(&world, &headless::diagnose::rows(&world, &sampler));
    crowds(&world, &scenario);
    Ok(())
}

/// A line per crowd after a run: its agents, where they are in time, how fast they go
/// and how alike neighbours head (a scenario of crowds alone has no missile rows).
fn crowds(world: &steerlab::sim::World, scenario: &steerlab::scenario::Scenario) {
    for (k, crowd) in world.crowds().iter().enumerate() {
        let name = scenario.crowds.get(k).map_or("", |c| c.name.as_str());
        let name = if name.is_empty() {
            format!("crowd {}", k + 1)
        } else {
            format!("crowd {}", steerlab::core::text::escape_line(name))
        };
        let n = crowd.agents.len().max(1) as f32;
        let mean = crowd.agents.iter().map(|a| a.vel.length()).sum::<f32>() / n;
        outln!(
            "{name}: {} agents at {:.2} s, mean speed {mean:.1} units/s (at most {})",
            crowd.agents.len(),
            world.time(),
            crowd.params.max_speed
        );
    }
}

fn diagnose(file: &Path, seconds: Option<f64>) -> Result<(), Failure> {
    let scenario = load(file)?;
    let (world, sampler) =
        headless::run_and_diagnose(&scenario, seconds).map_err(Failure::Input)?;
    out!("{}", headless::diagnose::report(&world, &sampler));
    Ok(())
}

/// Flies reference laws from a recorded missile's state at tick `tick` of the file.
fn run_references(
    file: &Path,
    seconds: Option<f64>,
    algorithm: Option<String>,
    tick: u64,
    missile: Option<u64>,
) -> Result<(), Failure> {
    use steerlab::recording;
    if !recording::is_recording(file) {
        return Err(Failure::Input(format!(
            "--from-tick: expected a recording (a .csv file), found {}",
            file.display()
        )));
    }
    let rec = recording::load(file).map_err(|e| Failure::Input(e.to_string()))?;
    let mut scenario =
        recording::to_scenario(&rec, &file.display().to_string()).map_err(Failure::Input)?;
    let at = tick.checked_sub(rec.tick0).ok_or_else(|| {
        Failure::Input(format!(
            "--from-tick: expected a tick from {} (the recording's first), found {tick}",
            rec.tick0
        ))
    })?;
    let track = rec
        .tracks
        .iter()
        .filter(|t| t.kind == recording::Kind::Missile)
        .find(|t| missile.is_none_or(|id| t.id == id) && t.at(at).is_some())
        .ok_or_else(|| {
            Failure::Input(match missile {
                Some(id) => format!("--missile: no recorded missile {id} at tick {tick}"),
                None => format!("--from-tick: no recorded missile at tick {tick}"),
            })
        })?;
    let algorithms = match algorithm {
        Some(id) => vec![id
            .parse::<Algorithm>()
            .map_err(|e| Failure::Input(format!("--algorithm: {e}")))?],
        None => Algorithm::ALL.to_vec(),
    };
    recording::fly_references(&mut scenario, &track.name(), at, &algorithms)
        .map_err(Failure::Input)?;
    let (world, sampler) =
        headless::run_and_diagnose(&scenario, seconds).map_err(Failure::Input)?;
    report(&world, &headless::diagnose::rows(&world, &sampler));
    Ok(())
}

/// Prints a run's results table (`rows`) and what else it has to say.
fn report(world: &steerlab::sim::World, rows: &[headless::Row]) {
    out!("{}", headless::table(rows));
    for event in world.law_failures() {
        if let EventKind::LawFailed {
            missile,
            algorithm,
            error,
        } = &event.kind
        {
            let who = missile.map_or("a launch".to_string(), |m| format!("M{}", m.0));
            // The script's own words and file name, escaped: nothing it throws can
            // reach the terminal as a control sequence.
            let error = steerlab::core::text::escape_line(&error.to_string());
            outln!(
                "law failed at tick {}: {who} ({algorithm}): {error}",
                event.tick
            );
        }
    }
    if world.finished_dropped() > 0 {
        outln!(
            "({} earlier missiles are not listed: a run keeps the last {} that ended)",
            world.finished_dropped(),
            world.finished().len()
        );
    }
}

fn compare(file: &Path, seconds: Option<f64>) -> Result<(), Failure> {
    let scenario = load(file)?;
    let rows = headless::compare(&scenario, seconds).map_err(Failure::Input)?;
    out!("{}", headless::table(&rows));
    Ok(())
}

fn selftest() {
    for (name, hash) in headless::selftest(headless::SELFTEST_TICKS) {
        match hash {
            Ok(hash) => outln!("selftest {name} {hash:016x}"),
            Err(why) => outln!("selftest {name} error: {why}"),
        }
    }
}

fn check(paths: &[PathBuf]) -> Result<(), Failure> {
    let mut bad = 0;
    for path in paths {
        match load(path) {
            Ok(_) => outln!(
                "{}: ok",
                steerlab::core::text::escape_line(&path.display().to_string())
            ),
            Err(
                Failure::Input(errors) | Failure::Internal(errors) | Failure::Environment(errors),
            ) => {
                bad += 1;
                eprintln!("{}", steerlab::core::text::escape(&errors));
            }
        }
    }
    if bad > 0 {
        Err(Failure::Input(format!(
            "{bad} of {} files have errors",
            paths.len()
        )))
    } else {
        Ok(())
    }
}

/// How to start the window (unused when built without it).
#[cfg_attr(not(feature = "app"), allow(dead_code))]
struct WindowArgs {
    compare: bool,
    layout: Option<LayoutArg>,
    frames: Option<u32>,
    shot: Option<PathBuf>,
    stats: bool,
    size: Option<(u32, u32)>,
    msaa: u8,
    embed: bool,
    listen: Option<std::net::SocketAddr>,
}

#[cfg(feature = "app")]
fn open_window(file: Option<PathBuf>, args: WindowArgs) -> Result<(), Failure> {
    use steerlab::app::{self, Layout};
    let (scenario, path) = match &file {
        Some(path) => (load(path)?, Some(path.clone()).filter(|p| p.exists())),
        None => (steerlab::scenario::presets::default_scenario(), None),
    };
    if let (Some(out), Some(input)) = (&args.shot, &path) {
        input::check_output(out, &input::inputs_of(input, &scenario))?;
    }
    // Bad input first (exit 2); then whether a window can open here at all.
    if let Some(why) = app::no_display() {
        return Err(Failure::Environment(why.into()));
    }
    let options = app::Options {
        compare: args.compare || args.layout == Some(LayoutArg::Split),
        layout: args.layout.map(|l| match l {
            LayoutArg::Overlay => Layout::Overlay,
            LayoutArg::Split => Layout::Split,
        }),
        frames: args.frames,
        shot: args.shot,
        stats: args.stats,
        size: args.size,
        msaa: args.msaa,
        embed: args.embed,
        listen: args.listen,
    };
    app::run(scenario, path, options).map_err(Failure::Environment)
}

#[cfg(not(feature = "app"))]
fn open_window(_file: Option<PathBuf>, _args: WindowArgs) -> Result<(), Failure> {
    Err(Failure::Input(
        "this steerlab was built without the window (feature `app`); use a subcommand, see --help"
            .into(),
    ))
}
