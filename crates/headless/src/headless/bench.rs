//! `steerlab bench`'s measurements: missile updates per second, a crowd's ticks, and a
//! recorded run's jumps back in time.

use crate::guidance::Algorithm;
use crate::scenario::Scenario;
use std::time::Instant;

/// One benchmark measurement.
#[derive(Clone, Debug)]
pub struct BenchResult {
    pub algorithm: Algorithm,
    pub missiles: usize,
    pub ticks: u64,
    pub seconds: f64,
}

impl BenchResult {
    /// Missile updates per second.
    pub fn updates_per_second(&self) -> f64 {
        self.missiles as f64 * self.ticks as f64 / self.seconds
    }
}

/// What [`bench_crowd`] measured.
#[derive(Clone, Copy, Debug)]
pub struct CrowdBench {
    pub agents: usize,
    pub ticks: u64,
    pub seconds: f64,
}

impl CrowdBench {
    pub fn ticks_per_second(&self) -> f64 {
        self.ticks as f64 / self.seconds
    }
}

/// Times `ticks` ticks of the benchmark crowd of `agents` boids
/// ([`crate::sim::crowd::Crowd::benchmark`]) on this thread, after 30 untimed ones (the
/// flocks form).
pub fn bench_crowd(agents: usize, ticks: u64) -> CrowdBench {
    let mut crowd = crate::sim::crowd::Crowd::benchmark(agents, 1);
    let dt = 1.0 / 60.0;
    for _ in 0..30 {
        crowd.step(dt);
    }
    let start = Instant::now();
    for _ in 0..ticks {
        crowd.step(dt);
    }
    CrowdBench {
        agents,
        ticks,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Measures missile updates per second for one algorithm on the shared benchmark
/// engagement ([`crate::scenario::presets::bench`]).
pub fn bench(algorithm: Algorithm, missiles: usize, ticks: u64) -> Result<BenchResult, String> {
    let scenario = crate::scenario::presets::bench(algorithm, missiles);
    bench_scenario(&scenario, algorithm, missiles, ticks)
}

/// [`bench`] on a given benchmark scenario (one whose parameters carry a script's law).
pub fn bench_scenario(
    scenario: &Scenario,
    algorithm: Algorithm,
    missiles: usize,
    ticks: u64,
) -> Result<BenchResult, String> {
    let mut world = scenario.build()?;
    world.step(); // launch
    let start = Instant::now();
    for _ in 0..ticks {
        world.step();
    }
    let seconds = start.elapsed().as_secs_f64();
    if let Some(failed) = world.law_failures().first() {
        if let crate::sim::EventKind::LawFailed { error, .. } = &failed.kind {
            return Err(format!("{algorithm}: {error}"));
        }
    }
    if world.missiles().len() != missiles {
        return Err(format!(
            "{algorithm}: only {} of {missiles} missiles were still flying",
            world.missiles().len()
        ));
    }
    Ok(BenchResult {
        algorithm,
        missiles,
        ticks,
        seconds,
    })
}

/// What a long recorded run measured: the history's memory and how long jumping to a
/// recorded tick takes.
#[derive(Clone, Debug)]
pub struct HistoryBench {
    pub ticks: u64,
    pub run_seconds: f64,
    pub bytes: usize,
    pub earliest: u64,
    pub latest: u64,
    /// Jump times in seconds, one per probed tick.
    pub jumps: Vec<f64>,
}

/// Runs a swarm of `missiles` (every algorithm) for `seconds` of simulated time with a
/// history of `budget` bytes, then times rebuilding `probes` ticks spread over the run.
pub fn bench_history(
    missiles: usize,
    seconds: f64,
    budget: usize,
    probes: usize,
) -> Result<HistoryBench, String> {
    use crate::sim::history::{History, DEFAULT_INTERVAL};
    let scenario = crate::scenario::presets::swarm(&Algorithm::ALL, missiles);
    let mut world = scenario.build()?;
    let mut history = History::new(&world, DEFAULT_INTERVAL, budget);
    let ticks = (seconds * f64::from(world.config.tick_rate)).round() as u64;
    let start = Instant::now();
    for _ in 0..ticks {
        history.step(&mut world);
    }
    let run_seconds = start.elapsed().as_secs_f64();
    let (earliest, latest) = (history.earliest(), history.latest());
    let mut rng = crate::sim::rng::Rng::new(7);
    let mut jumps = Vec::new();
    for _ in 0..probes {
        let tick = earliest + (rng.unit() as f64 * (latest - earliest) as f64) as u64;
        let start = Instant::now();
        let rebuilt = history
            .world_at(tick)
            .ok_or("a recorded tick could not be rebuilt")?;
        jumps.push(start.elapsed().as_secs_f64());
        if rebuilt.tick() != tick {
            return Err(format!("rebuilt tick {} instead of {tick}", rebuilt.tick()));
        }
    }
    Ok(HistoryBench {
        ticks,
        run_seconds,
        bytes: history.bytes(),
        earliest,
        latest,
        jumps,
    })
}
