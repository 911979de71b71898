//! `steerlab bench`: missile updates per second for every algorithm, a script's law
//! against the built-in smoothed law, jumps through a long run's recorded history, and a
//! crowd of boids.

use super::input::Failure;
use std::path::Path;
use steerlab::guidance::Algorithm;
use steerlab::headless;
use steerlab::scenario::presets;

pub fn bench(missiles: u64, ticks: u64, algorithm: Option<Algorithm>) -> Result<(), Failure> {
    let algorithms = algorithm.map_or(Algorithm::ALL.to_vec(), |a| vec![a]);
    outln!(
        "{:<12} {:>10} {:>6} {:>18}",
        "algorithm",
        "missiles",
        "ticks",
        "updates/s"
    );
    for algorithm in algorithms {
        let r = headless::bench(algorithm, missiles as usize, ticks).map_err(Failure::Internal)?;
        outln!(
            "{:<12} {:>10} {:>6} {:>18.0}",
            algorithm.id(),
            missiles,
            ticks,
            r.updates_per_second()
        );
    }
    Ok(())
}

/// Times the benchmark crowd: ticks and agent updates per second on one thread.
pub fn bench_crowd(agents: u64, ticks: u64) -> Result<(), Failure> {
    let r = headless::bench_crowd(agents as usize, ticks);
    outln!(
        "{:<8} {:>10} {:>6} {:>12} {:>18}",
        "crowd",
        "agents",
        "ticks",
        "ticks/s",
        "agent updates/s"
    );
    outln!(
        "{:<8} {:>10} {:>6} {:>12.1} {:>18.0}",
        "boids",
        agents,
        ticks,
        r.ticks_per_second(),
        r.ticks_per_second() * agents as f64
    );
    Ok(())
}

/// Times a script's law against the built-in smoothed law on the same engagement.
pub fn bench_script(missiles: u64, ticks: u64, path: &Path) -> Result<(), Failure> {
    // `script-` keeps it apart from the built-ins' ids (smoothed.rhai is `script-smoothed`).
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    let stem = steerlab::core::text::id_part(&stem, 32);
    let id = format!("script-{stem}");
    let law = steerlab::script::ScriptLaw::load(&id, path, &path.display().to_string(), None)
        .map_err(|e| Failure::Input(e.to_string()))?;
    let law = std::sync::Arc::new(law);
    let mut tuning = steerlab::guidance::Tuning::default();
    let scripted = tuning.register(law).map_err(Failure::Input)?;
    outln!(
        "{:<16} {:>10} {:>6} {:>18} {:>14}",
        "algorithm",
        "missiles",
        "ticks",
        "updates/s",
        "us per update"
    );
    for algorithm in [steerlab::guidance::SCRIPT_BASELINE, scripted] {
        let mut scenario = presets::bench(algorithm, missiles as usize);
        scenario.algorithms = tuning.clone();
        // A script that fails (an error, a runaway loop, past the tick's budget) is the
        // script's, said with its place.
        let r = headless::bench_scenario(&scenario, algorithm, missiles as usize, ticks)
            .map_err(Failure::Input)?;
        outln!(
            "{:<16} {:>10} {:>6} {:>18.0} {:>14.2}",
            algorithm.id(),
            missiles,
            ticks,
            r.updates_per_second(),
            1e6 / r.updates_per_second()
        );
    }
    Ok(())
}

pub fn bench_history(missiles: u64, seconds: f64, budget_mb: u64) -> Result<(), Failure> {
    const MAX_HISTORY_MISSILES: u64 = 100_000;
    if missiles > MAX_HISTORY_MISSILES {
        return Err(Failure::Input(format!(
            "--missiles with --history: expected 1 to {MAX_HISTORY_MISSILES}, found {missiles}"
        )));
    }
    let budget = budget_mb as usize * 1_048_576;
    let r = headless::bench_history(missiles as usize, seconds, budget, 50)
        .map_err(Failure::Internal)?;
    let mut jumps = r.jumps.clone();
    jumps.sort_by(f64::total_cmp);
    let ms = |s: f64| s * 1000.0;
    outln!(
        "recorded {} ticks ({seconds} s) of ~{missiles} missiles in {:.1} s; history {:.1} MB, reaches ticks {}..={}",
        r.ticks,
        r.run_seconds,
        r.bytes as f64 / 1_048_576.0,
        r.earliest,
        r.latest
    );
    outln!(
        "jump to a recorded tick ({} probes): median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
        jumps.len(),
        ms(jumps[jumps.len() / 2]),
        ms(jumps[jumps.len() * 9 / 10]),
        ms(jumps[jumps.len() - 1])
    );
    Ok(())
}
