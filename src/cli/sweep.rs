//! `steerlab sweep`: the scenario's saved sweep, or one given on the command line (which
//! overrides the saved one part by part), to a CSV, a PNG of heatmaps and a summary.

use super::input::{check_output, inputs_of, load, whole, Failure};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use steerlab::files;
use steerlab::guidance::Algorithm;
use steerlab::headless::sweep::{self, shards, CellStats, Plan, Progress};
use steerlab::scenario::sweep::{AxisSpec, Metric, SweepSpec};
use steerlab::sim::seeker::SeekerSpec;

/// What the command line gives a sweep.
#[derive(clap::Args)]
pub struct SweepArgs {
    /// Scenario file (or the name of a shipped scenario).
    #[arg(required_unless_present = "merge")]
    file: Option<PathBuf>,
    /// The x axis: a numeric field's path (as errors name it, e.g.
    /// targets[0].motion.speed, algorithms.smoothed.ga, launchers[0].pos.x, or
    /// launch.range / launch.bearing), LO..HI and the count; `:log` for geometric steps.
    #[arg(long, value_name = "PATH=LO..HI:N", allow_hyphen_values = true)]
    x: Option<String>,
    /// The y axis, as --x.
    #[arg(long, value_name = "PATH=LO..HI:N", allow_hyphen_values = true)]
    y: Option<String>,
    /// Runs per cell (1 to 10000), each with its own seed.
    #[arg(long, value_parser = whole::<u32>(1, 10_000), allow_hyphen_values = true)]
    runs: Option<u32>,
    /// The base seed the runs' seeds derive from (0 to 18446744073709551615).
    #[arg(long, value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    seed: Option<u64>,
    /// Gaussian jitter on a field per run: PATH=SIGMA (repeatable).
    #[arg(long, value_name = "PATH=SIGMA", allow_hyphen_values = true)]
    jitter: Vec<String>,
    /// Map only this algorithm (repeatable; default: the scenario's compared ones).
    #[arg(long)]
    algorithm: Vec<String>,
    /// Map the difference of two algorithms' metric, A minus B.
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    diff: Vec<String>,
    /// The metric the PNG maps: hit-rate, time-to-hit, time-to-hit-p50,
    /// time-to-hit-p90, closest, closest-worst, path-length, peak-turn-rate,
    /// optimum-ratio, or failure-class (why the misses missed; docs/diagnosis.md).
    #[arg(long)]
    metric: Option<String>,
    /// Seconds each engagement runs at most (default: until nothing more happens, at
    /// most 60).
    #[arg(long, allow_hyphen_values = true)]
    seconds: Option<f32>,
    /// Write one row per cell and algorithm with every metric.
    #[arg(long, value_name = "OUT.csv")]
    csv: Option<PathBuf>,
    /// Draw the heatmaps (one panel per algorithm).
    #[arg(long, value_name = "OUT.png")]
    png: Option<PathBuf>,
    /// Run only the K-th of N equal slices of the cells (1-based), for a job array
    /// (without it: the slice a Slurm job array's or a Kubernetes Indexed Job's
    /// variables name, if set; docs/sweeps.md). A shard's CSV starts with a line naming
    /// its plan, for --merge.
    #[arg(long, value_name = "K/N", allow_hyphen_values = true)]
    shard: Option<String>,
    /// Merge the shards' CSVs into the whole sweep's (--csv; --png too with the
    /// scenario file and the shards' flags): every cell once, the same bytes.
    #[arg(long, value_name = "SHARD.csv", num_args = 1..)]
    merge: Vec<PathBuf>,
    /// Save the worst run of the sweep as a scenario, to open in the window's debugger.
    #[arg(long, value_name = "OUT.ron")]
    worst: Option<PathBuf>,
}

fn input(flag: &str) -> impl Fn(String) -> Failure + '_ {
    move |message| Failure::Input(format!("{flag}: {message}"))
}

/// The sweep the arguments ask for: the scenario's own, with every given part replaced.
fn spec(args: &SweepArgs, saved: Option<SweepSpec>) -> Result<SweepSpec, Failure> {
    let x = args
        .x
        .as_deref()
        .map(AxisSpec::parse)
        .transpose()
        .map_err(input("--x"))?;
    let mut spec = match (saved, x) {
        (Some(saved), x) => SweepSpec {
            x: x.unwrap_or(saved.x.clone()),
            ..saved
        },
        (None, Some(x)) => SweepSpec::new(x),
        (None, None) => {
            return Err(Failure::Input(
                "--x: expected an axis (PATH=LO..HI:N): the scenario has no `sweep` section".into(),
            ))
        }
    };
    if let Some(y) = &args.y {
        spec.y = Some(AxisSpec::parse(y).map_err(input("--y"))?);
    }
    spec.runs = args.runs.unwrap_or(spec.runs);
    spec.seed = args.seed.unwrap_or(spec.seed);
    for jitter in &args.jitter {
        let bad = || format!("expected PATH=SIGMA, found `{jitter}`");
        let (path, sigma) = jitter
            .split_once('=')
            .ok_or_else(bad)
            .map_err(input("--jitter"))?;
        let sigma: f64 = sigma
            .trim()
            .parse()
            .map_err(|_| bad())
            .map_err(input("--jitter"))?;
        spec.jitter.insert(path.trim().to_string(), sigma);
    }
    if !args.algorithm.is_empty() || !args.diff.is_empty() {
        let ids = args.algorithm.iter().chain(&args.diff);
        spec.algorithms = ids
            .map(|id| id.parse::<Algorithm>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(input("--algorithm"))?;
        // Each once, in the order first given (`--algorithm a --diff b a` maps a and b).
        let mut seen = Vec::new();
        spec.algorithms.retain(|a| {
            let new = !seen.contains(a);
            seen.push(*a);
            new
        });
    }
    if let Some(name) = &args.metric {
        spec.metric = Metric::NAMES
            .iter()
            .position(|n| n == name)
            .map(|i| Metric::all()[i])
            .ok_or_else(|| {
                format!(
                    "unknown metric `{name}`, expected one of: {}",
                    Metric::NAMES.join(", ")
                )
            })
            .map_err(input("--metric"))?;
    }
    if args.seconds.is_some() {
        spec.seconds = args.seconds;
    }
    Ok(spec)
}

/// The flag a problem of the sweep comes from (`x.lo` is --x's).
fn flag_of(field: &str) -> String {
    let head = field.split(['.', '[']).next().unwrap_or(field);
    match head {
        "x" | "y" | "runs" | "seconds" | "metric" | "seed" => format!("--{head}"),
        "jitter" => format!("--jitter {}", field.trim_start_matches("jitter.")),
        "algorithms" => "--algorithm".into(),
        _ => field.to_string(),
    }
}

/// `K/N` with 1 <= K <= N.
fn shard(text: &str) -> Result<(usize, usize), Failure> {
    let bad = || {
        Failure::Input(format!(
            "--shard: expected K/N with 1 <= K <= N, found `{text}`"
        ))
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

pub fn run(args: SweepArgs) -> Result<(), Failure> {
    if !args.merge.is_empty() {
        return merge(&args);
    }
    let file = args.file.clone().unwrap_or_default();
    let scenario = load(&file)?;
    let spec = spec(&args, scenario.sweep.clone())?;
    let diff = diff_of(&args)?;
    if diff.is_some() && spec.metric.is_categorical() {
        return Err(Failure::Input(format!(
            "--diff: a map of failure classes has no difference; expected another --metric (one of: {})",
            Metric::every().iter().map(|m| m.name()).collect::<Vec<_>>().join(", ")
        )));
    }
    let plan = plan(&scenario, spec)?;
    let shard = match args.shard.as_deref() {
        Some(text) => Some(shard(text)?),
        None => shards::from_env(|name| std::env::var(name).ok())
            .map_err(Failure::Input)?
            .map(|s| {
                eprintln!("shard {}/{} (from {})", s.k, s.n, s.from);
                (s.k, s.n)
            }),
    };
    let (k, n) = shard.unwrap_or((1, 1));
    let inputs = inputs_of(&file, &scenario);
    for out in [&args.csv, &args.png, &args.worst].into_iter().flatten() {
        check_output(out, &inputs)?;
    }
    if args.worst.is_some() && steerlab::recording::is_recording(&file) {
        return Err(Failure::Input(format!(
            "--worst: {} is a recording, and its missiles fly the recording's tracks, which \
             no scenario file can hold; open the recording in the window and click the \
             worst cell of the Sweep panel instead",
            file.display()
        )));
    }
    let cells = plan.shard(k, n);
    let start = Instant::now();
    let stats = with_progress(&plan, cells.clone())?;
    let seconds = start.elapsed().as_secs_f64();
    let engagements = cells.len() * plan.spec.runs as usize * plan.algorithms.len();
    let updates: u64 = stats.iter().map(|s| s.updates).sum();
    eprintln!(
        "{engagements} engagements ({} cells x {} runs x {} algorithms) in {seconds:.2} s: {:.0} engagements/s, {:.3e} missile updates/s on {} threads",
        cells.len(),
        plan.spec.runs,
        plan.algorithms.len(),
        engagements as f64 / seconds,
        updates as f64 / seconds,
        rayon::current_num_threads()
    );
    out!("{}", summary(&plan, &stats));
    let mut csv = Vec::new();
    sweep::write_csv(&plan, &stats, diff, &mut csv)
        .map_err(|e| Failure::Internal(e.to_string()))?;
    let csv = String::from_utf8(csv).map_err(|e| Failure::Internal(e.to_string()))?;
    if let Some(out) = &args.csv {
        // A shard's CSV says which plan and which cells it holds, for the merge.
        let first = shard.map(|(k, n)| shards::shard_line(&plan, diff, k, n));
        files::write_output(out, &inputs, |w| {
            w.write_all(first.unwrap_or_default().as_bytes())?;
            w.write_all(csv.as_bytes())
        })
        .map_err(|e| Failure::Input(e.to_string()))?;
    }
    write_png(&args, &plan, &csv, diff, &inputs)?;
    if let Some(out) = &args.worst {
        let worst = sweep::worst(&stats)
            .ok_or_else(|| Failure::Input("--worst: no missile flew".into()))?;
        let scenario = plan
            .engagement(worst.cell, worst.worst_run, worst.algorithm)
            .map_err(Failure::Internal)?;
        let from = file.parent().filter(|_| file.exists());
        steerlab::scenario::save(&scenario, out, from, &inputs)
            .map_err(|e| Failure::Input(e.to_string()))?;
        outln!(
            "worst run saved to {} (open it with `steerlab {}`)",
            out.display(),
            out.display()
        );
    }
    Ok(())
}

/// The sweep's plan, its problems named by the flag they come from.
fn plan(scenario: &steerlab::scenario::Scenario, spec: SweepSpec) -> Result<Plan, Failure> {
    Plan::new(scenario, spec).map_err(|problems| {
        let lines: Vec<String> = problems
            .iter()
            .map(|(f, why)| format!("{}: {why}", flag_of(f)))
            .collect();
        Failure::Input(lines.join("\nerror: "))
    })
}

/// The heatmaps of the sweep's CSV, to --png if asked.
fn write_png(
    args: &SweepArgs,
    plan: &Plan,
    csv: &str,
    diff: Option<(Algorithm, Algorithm)>,
    inputs: &[PathBuf],
) -> Result<(), Failure> {
    if let Some(out) = &args.png {
        let png = sweep::png(plan, csv, plan.spec.metric, diff).map_err(Failure::Input)?;
        files::write_output(out, inputs, |w| w.write_all(&png))
            .map_err(|e| Failure::Input(e.to_string()))?;
    }
    Ok(())
}

/// `--merge`: the shards' CSVs into the whole sweep's CSV and, given the scenario and
/// the shards' flags, its heatmaps.
fn merge(args: &SweepArgs) -> Result<(), Failure> {
    if args.csv.is_none() && args.png.is_none() {
        return Err(Failure::Input(
            "--merge: expected --csv OUT.csv or --png OUT.png to write the merged sweep to".into(),
        ));
    }
    if args.worst.is_some() || args.shard.is_some() {
        return Err(Failure::Input(
            "--merge: --worst and --shard are for running a sweep, not for merging one".into(),
        ));
    }
    let mut inputs = args.merge.clone();
    let mut parts = Vec::new();
    for path in &args.merge {
        let text = files::read_text(path).map_err(|e| Failure::Input(e.to_string()))?;
        parts.push((path.display().to_string(), text));
    }
    let (csv, plan_id) = shards::merge(&parts).map_err(Failure::Input)?;
    let drawn = match (&args.png, &args.file) {
        (None, _) => None,
        (Some(_), None) => {
            return Err(Failure::Input(
                "--png: the heatmaps need the sweep's plan: give the scenario file and the \
                 flags the shards were run with (docs/sweeps.md)"
                    .into(),
            ))
        }
        (Some(_), Some(file)) => {
            let scenario = load(file)?;
            let spec = spec(args, scenario.sweep.clone())?;
            let diff = diff_of(args)?;
            let plan = plan(&scenario, spec)?;
            if shards::plan_id(&plan, diff) != plan_id {
                return Err(Failure::Input(format!(
                    "--png: the shards are of plan {plan_id:016x}, but {} with these flags is \
                     plan {:016x}: give the scenario and the flags the shards were run with",
                    file.display(),
                    shards::plan_id(&plan, diff)
                )));
            }
            inputs.extend(inputs_of(file, &scenario));
            Some((plan, diff))
        }
    };
    for out in [&args.csv, &args.png].into_iter().flatten() {
        check_output(out, &inputs)?;
    }
    if let Some(out) = &args.csv {
        files::write_output(out, &inputs, |w| w.write_all(csv.as_bytes()))
            .map_err(|e| Failure::Input(e.to_string()))?;
    }
    if let Some((plan, diff)) = drawn {
        write_png(args, &plan, &csv, diff, &inputs)?;
    }
    outln!(
        "merged {} shards of plan {plan_id:016x}: {} rows",
        parts.len(),
        csv.lines().count().saturating_sub(1)
    );
    Ok(())
}

/// The difference `--diff A B` maps, if given.
fn diff_of(args: &SweepArgs) -> Result<Option<(Algorithm, Algorithm)>, Failure> {
    match args.diff.as_slice() {
        [a, b] => Ok(Some((
            a.parse::<Algorithm>().map_err(input("--diff"))?,
            b.parse().map_err(input("--diff"))?,
        ))),
        _ => Ok(None),
    }
}

/// Runs the cells with a progress bar on stderr when it is a terminal.
fn with_progress(plan: &Plan, cells: std::ops::Range<usize>) -> Result<Vec<CellStats>, Failure> {
    let progress = Progress::default();
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(cells.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let result = std::thread::scope(|scope| {
        let worker = scope.spawn(|| plan.run(cells, &progress));
        while !worker.is_finished() {
            bar.set_position(progress.done.load(Ordering::Relaxed) as u64);
            std::thread::sleep(Duration::from_millis(100));
        }
        worker.join()
    });
    bar.finish_and_clear();
    match result {
        Ok(Ok(Some(stats))) => Ok(stats),
        Ok(Ok(None)) => Err(Failure::Internal("the sweep was cancelled".into())),
        Ok(Err(why)) => Err(Failure::Input(why)),
        Err(_) => Err(Failure::Internal("a sweep thread panicked".into())),
    }
}

/// Per algorithm: hits over missiles, cells with any hit, and the worst run.
fn summary(plan: &Plan, stats: &[CellStats]) -> String {
    let mut out = format!(
        "{:<14} {:>10} {:>10} {:>16}  worst run\n",
        "algorithm", "missiles", "hit rate", "cells with hits"
    );
    for algorithm in &plan.algorithms {
        let mine: Vec<&CellStats> = stats.iter().filter(|s| s.algorithm == *algorithm).collect();
        let missiles: u64 = mine.iter().map(|s| u64::from(s.missiles)).sum();
        let hits: u64 = mine.iter().map(|s| u64::from(s.hits)).sum();
        let rate = if missiles > 0 {
            format!("{:.1}%", 100.0 * hits as f64 / missiles as f64)
        } else {
            "-".into()
        };
        let cells = mine.iter().filter(|s| s.hits > 0).count();
        let worst = sweep::worst(mine.iter().copied()).map_or("-".to_string(), |w| {
            let (x, y) = plan.values(w.cell);
            let y = y.map_or(String::new(), |y| format!(", y {y}"));
            format!(
                "cell {} (x {x}{y}), run {}, seed {}: missed by {:.1}",
                w.cell, w.worst_run, w.worst_seed, w.closest_worst
            )
        });
        out.push_str(&format!(
            "{:<14} {missiles:>10} {rate:>10} {:>16}  {worst}\n",
            algorithm.id(),
            format!("{cells}/{}", mine.len())
        ));
    }
    out
}

/// `steerlab bench --sweep [--algorithm ID]`: the batch path on one thread and on all,
/// smoothed-envelope's engagement flown by smoothed homing over its ga, or by `algorithm`
/// over the target's start (a law's own numbers differ from law to law).
pub fn bench(algorithm: Option<Algorithm>) -> Result<(), Failure> {
    let scenario = load(Path::new("smoothed-envelope"))?;
    let mut spec = scenario
        .sweep
        .clone()
        .ok_or_else(|| Failure::Internal("no sweep".into()))?;
    let axis = |text: &str| AxisSpec::parse(text).map_err(Failure::Internal);
    let smoothed: Algorithm = "smoothed".parse().map_err(Failure::Internal)?;
    let algorithm = algorithm.unwrap_or(smoothed);
    spec.x = match algorithm == smoothed {
        true => axis("algorithms.smoothed.ga=0.5..0.99:64")?,
        false => axis("targets[0].motion.pos.x=900..2100:64")?,
    };
    spec.y = Some(axis("targets[0].motion.vel.y=0..400:64")?);
    spec.runs = 16;
    spec.algorithms = vec![algorithm];
    outln!("{}, 64 x 64 cells x 16 runs", algorithm.id());
    let jittered = spec.clone();
    let classes = SweepSpec {
        metric: Metric::FailureClass,
        ..spec.clone()
    };
    spec.jitter.clear();
    let plan_in = |scenario: &steerlab::scenario::Scenario, spec| {
        Plan::new(scenario, spec).map_err(|problems| {
            let lines: Vec<String> = problems
                .iter()
                .map(|(f, why)| format!("{f}: {why}"))
                .collect();
            Failure::Internal(lines.join("; "))
        })
    };
    // The same sweep with a seeker on the missile: late, held and noisy (all round, it
    // flies on the lockstep path too).
    let mut seeking = scenario.clone();
    seeking.launchers[0].missile.seeker = Some(SeekerSpec {
        latency: 6,
        rate: 20.0,
        bearing_noise: 2.0,
        range_noise: 10.0,
        ..SeekerSpec::default()
    });
    let seeker = plan_in(&seeking, spec.clone())?;
    let plan_of = |spec| plan_in(&scenario, spec);
    let (plan, jittered, classes) = (plan_of(spec)?, plan_of(jittered)?, plan_of(classes)?);
    outln!(
        "{:<8} {:>12} {:>10} {:>16} {:>20}",
        "threads",
        "engagements",
        "seconds",
        "engagements/s",
        "missile updates/s"
    );
    let all = rayon::current_num_threads();
    let mut seconds = Vec::new();
    let plans = [
        (1, &plan, ""),
        (all, &plan, ""),
        (all, &jittered, "  (the shipped jitter)"),
        (all, &classes, "  (the shipped jitter, failure-class)"),
        (all, &seeker, "  (a seeker, late and noisy)"),
    ];
    for (threads, plan, what) in plans {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Failure::Internal(e.to_string()))?;
        let start = Instant::now();
        let stats = pool
            .install(|| plan.run(0..plan.cells(), &Progress::default()))
            .map_err(Failure::Internal)?
            .ok_or_else(|| Failure::Internal("cancelled".into()))?;
        let took = start.elapsed().as_secs_f64();
        let updates: u64 = stats.iter().map(|s| s.updates).sum();
        let engagements = plan.engagements() as f64;
        outln!(
            "{threads:<8} {engagements:>12} {took:>10.2} {:>16.0} {:>20.0}{what}",
            engagements / took,
            updates as f64 / took
        );
        seconds.push(took);
    }
    outln!("speed-up on {all} threads: {:.2}x", seconds[0] / seconds[1]);
    outln!(
        "the shipped jitter costs {:.2}x the same sweep without it",
        seconds[2] / seconds[1]
    );
    outln!(
        "the failure-class map (every missile diagnosed) costs {:.2}x the hit-rate map",
        seconds[3] / seconds[2]
    );
    outln!(
        "the seeker costs {:.2}x the same sweep without it",
        seconds[4] / seconds[1]
    );
    Ok(())
}
