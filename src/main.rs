//! The `steerlab` command line: open the window (default), run a scenario headless,
//! compare algorithms, check files, benchmark, take screenshots.
//! Exit codes: 0 success, 2 bad input, 1 internal failure; errors go to stderr.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use steerlab::guidance::Algorithm;
use steerlab::headless;
use steerlab::scenario::{self, presets, Scenario};

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
    /// Run this many frames, print frame-time percentiles and quit.
    #[arg(long, value_name = "FRAMES")]
    stats: Option<u32>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The window's layout of compare mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LayoutArg {
    /// All algorithms in one view.
    Overlay,
    /// One pane per algorithm.
    Split,
}

#[derive(Subcommand)]
enum Command {
    /// Run a scenario headless and print one row per missile.
    Run {
        /// Scenario file (or the name of a shipped scenario, such as `default`).
        file: PathBuf,
        /// Seconds to simulate (default: until nothing more happens, at most 60).
        #[arg(long)]
        seconds: Option<f64>,
        /// Fire only this algorithm from every launcher.
        #[arg(long)]
        algorithm: Option<Algorithm>,
        /// Write every live entity at every tick as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
    },
    /// Run the engagement once per compared algorithm from the same start; best first.
    Compare {
        /// Scenario file (or the name of a shipped scenario).
        file: PathBuf,
        /// Seconds to simulate each run (default: until nothing more happens, at most 60).
        #[arg(long)]
        seconds: Option<f64>,
    },
    /// Validate scenario files; print each error as file:line:col: message.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Run the real window for some frames and write a screenshot.
    Shot {
        /// Scenario file (or the name of a shipped scenario).
        file: PathBuf,
        /// Frames to run before the screenshot (at 1/60 s of simulated time each).
        #[arg(long, default_value_t = 120)]
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
    },
    /// Measure missile updates per second for every algorithm.
    Bench {
        /// Missiles in flight.
        #[arg(long, default_value_t = 100_000)]
        missiles: usize,
        /// Ticks to time.
        #[arg(long, default_value_t = 60)]
        ticks: u64,
        /// Only this algorithm.
        #[arg(long)]
        algorithm: Option<Algorithm>,
        /// Instead: record a long run (every algorithm, --missiles in flight) and time
        /// jumps to recorded ticks.
        #[arg(long)]
        history: bool,
        /// Simulated seconds of the recorded run (with --history).
        #[arg(long, default_value_t = 600.0)]
        seconds: f64,
        /// History budget in MB (with --history).
        #[arg(long, default_value_t = 256)]
        budget_mb: usize,
    },
}

/// A failure and the exit code it maps to.
enum Failure {
    /// Bad input: exit 2.
    Input(String),
    /// Something broke: exit 1.
    Internal(String),
}

/// Loads a scenario from a file, or a shipped scenario by name when no such file exists.
fn load(path: &Path) -> Result<Scenario, Failure> {
    if !path.exists() {
        if let Some(text) = presets::shipped(&path.to_string_lossy()) {
            return scenario::parse(text, &path.to_string_lossy())
                .map_err(|e| Failure::Internal(e.to_string()));
        }
    }
    scenario::load(path).map_err(|e| Failure::Input(e.to_string()))
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        None => {
            let window = WindowArgs {
                compare: cli.compare,
                layout: cli.layout,
                frames: cli.stats,
                shot: None,
                stats: cli.stats.is_some(),
            };
            open_window(cli.file, window)
        }
        Some(Command::Shot {
            file,
            frames,
            out,
            layout,
            compare,
        }) => {
            let window = WindowArgs {
                compare,
                layout,
                frames: Some(frames),
                shot: Some(out),
                stats: false,
            };
            open_window(Some(file), window)
        }
        Some(Command::Run {
            file,
            seconds,
            algorithm,
            csv,
        }) => {
            let mut scenario = load(&file)?;
            if let Some(algorithm) = algorithm {
                scenario = scenario.restricted_to(algorithm);
            }
            let mut writer = match &csv {
                Some(path) => Some(std::io::BufWriter::new(
                    std::fs::File::create(path)
                        .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?,
                )),
                None => None,
            };
            let sink = writer.as_mut().map(|w| w as &mut dyn std::io::Write);
            let world = headless::run(&scenario, seconds, sink).map_err(Failure::Input)?;
            if let Some(mut w) = writer {
                std::io::Write::flush(&mut w).map_err(|e| Failure::Internal(e.to_string()))?;
            }
            print!("{}", headless::table(&headless::rows(&world)));
            Ok(())
        }
        Some(Command::Compare { file, seconds }) => {
            let scenario = load(&file)?;
            let rows = headless::compare(&scenario, seconds).map_err(Failure::Input)?;
            print!("{}", headless::table(&rows));
            Ok(())
        }
        Some(Command::Check { files }) => {
            let mut bad = 0;
            for file in &files {
                match scenario::load(file) {
                    Ok(_) => println!("{}: ok", file.display()),
                    Err(errors) => {
                        bad += 1;
                        eprintln!("{errors}");
                    }
                }
            }
            if bad > 0 {
                Err(Failure::Input(format!(
                    "{bad} of {} files have errors",
                    files.len()
                )))
            } else {
                Ok(())
            }
        }
        Some(Command::Bench {
            missiles,
            seconds,
            budget_mb,
            history: true,
            ..
        }) => {
            let r = headless::bench_history(missiles, seconds, budget_mb * 1_048_576, 50)
                .map_err(Failure::Internal)?;
            let mut jumps = r.jumps.clone();
            jumps.sort_by(f64::total_cmp);
            let ms = |s: f64| s * 1000.0;
            println!(
                "recorded {} ticks ({seconds} s) of ~{missiles} missiles in {:.1} s; history {:.1} MB, reaches ticks {}..={}",
                r.ticks,
                r.run_seconds,
                r.bytes as f64 / 1_048_576.0,
                r.earliest,
                r.latest
            );
            println!(
                "jump to a recorded tick ({} probes): median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
                jumps.len(),
                ms(jumps[jumps.len() / 2]),
                ms(jumps[jumps.len() * 9 / 10]),
                ms(jumps[jumps.len() - 1])
            );
            Ok(())
        }
        Some(Command::Bench {
            missiles,
            ticks,
            algorithm,
            ..
        }) => {
            let algorithms = algorithm.map_or(Algorithm::ALL.to_vec(), |a| vec![a]);
            println!(
                "{:<12} {:>10} {:>6} {:>18}",
                "algorithm", "missiles", "ticks", "updates/s"
            );
            for algorithm in algorithms {
                let r = headless::bench(algorithm, missiles, ticks).map_err(Failure::Internal)?;
                println!(
                    "{:<12} {:>10} {:>6} {:>18.0}",
                    algorithm.id(),
                    missiles,
                    ticks,
                    r.updates_per_second()
                );
            }
            Ok(())
        }
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
}

#[cfg(feature = "app")]
fn open_window(file: Option<PathBuf>, args: WindowArgs) -> Result<(), Failure> {
    use steerlab::app::{self, Layout};
    let (scenario, path) = match &file {
        Some(path) => (load(path)?, Some(path.clone()).filter(|p| p.exists())),
        None => (presets::default_scenario(), None),
    };
    let options = app::Options {
        compare: args.compare || args.layout == Some(LayoutArg::Split),
        layout: args.layout.map(|l| match l {
            LayoutArg::Overlay => Layout::Overlay,
            LayoutArg::Split => Layout::Split,
        }),
        frames: args.frames,
        shot: args.shot,
        stats: args.stats,
    };
    app::run(scenario, path, options).map_err(Failure::Internal)
}

#[cfg(not(feature = "app"))]
fn open_window(_file: Option<PathBuf>, _args: WindowArgs) -> Result<(), Failure> {
    Err(Failure::Input(
        "this steerlab was built without the window (feature `app`); use a subcommand, see --help"
            .into(),
    ))
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Internal(message)) => {
            eprintln!("internal error: {message}");
            ExitCode::from(1)
        }
    }
}
