//! Sweeps: the engagement envelope. A [`Plan`] lays one or two axes over the
//! scenario's numeric fields ([`crate::scenario::fields`]) and flies every cell `runs`
//! times per algorithm, each run with a seed derived from (base seed, cell, run) and,
//! where asked, Gaussian jitter on fields, so any single run can be replayed exactly
//! ([`Plan::engagement`]). Cells run in parallel (rayon); each cell is computed by one
//! thread in run order, so the results do not depend on the number of threads.
//!
//! The batch path keeps nothing but the missiles' metrics: no history, no telemetry,
//! no debug shapes, no per-tick trace.

mod colour;
mod csv;
// The PNG's text goes through plotters' ab_glyph, which has no wasm build; the browser
// shows the maps in its window only.
#[cfg(not(target_arch = "wasm32"))]
mod png;
pub mod shards;
mod stats;

pub use self::colour::{
    cell_colour, class_of, class_value, colour, colour_range, legend_classes, tick_label,
};
pub use self::csv::write_csv;
#[cfg(not(target_arch = "wasm32"))]
pub use self::png::png;
pub use stats::{percentile, CellStats, Classes, MissileResult, NO_MISS};

use crate::core::Portable;
use crate::guidance::Algorithm;
use crate::headless::diagnose::Sampler;
use crate::scenario::fields::Fields;
use crate::scenario::sweep::{Metric, SweepSpec};
use crate::scenario::validate;
use crate::scenario::validate_sweep::problems_in;
use crate::scenario::Scenario;
use crate::sim::diagnosis::Class;
use crate::sim::lockstep::{self, Handoff};
use crate::sim::motion::{Described, Value};
use crate::sim::rng::Rng;

use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Most draws of a jittered value before a run keeps the field's own value: a draw
/// outside the field's valid range is drawn again (a truncated Gaussian).
const MAX_JITTER_DRAWS: u32 = 64;

/// A sweep ready to run: its checked spec, the values of its axes and its algorithms.
#[derive(Clone, Debug)]
pub struct Plan {
    pub spec: SweepSpec,
    /// The scenario, without its `sweep` section.
    pub scenario: Scenario,
    fields: Fields,
    pub xs: Vec<f64>,
    /// The y axis' values (one `NaN`-free entry per row; empty for a one-axis sweep).
    pub ys: Vec<f64>,
    pub algorithms: Vec<Algorithm>,
    /// The x and y field names as [`Fields`] lists them.
    pub x_path: String,
    pub y_path: Option<String>,
    /// Whether a run's jitter can be set onto its cell's scenario: no axis or jittered
    /// field places the launchers ([`Fields::places_launchers`]).
    jitter_onto: bool,
}

/// What a sweep's progress is shared through: cells done and a cancel flag.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: AtomicUsize,
    pub cancel: AtomicBool,
}

impl Plan {
    /// Checks the sweep against the scenario; `Err` lists each problem as
    /// `(field of the sweep, message)`.
    pub fn new(scenario: &Scenario, spec: SweepSpec) -> Result<Plan, Vec<(String, String)>> {
        let scenario = Scenario {
            sweep: None,
            ..scenario.clone()
        };
        let fields = Fields::of(&scenario);
        let found = problems_in(&fields, &scenario, &spec);
        if !found.is_empty() {
            return Err(found);
        }
        let name = |path: &str| fields.name_of(path).unwrap_or(path).to_string();
        let x_path = name(&spec.x.path);
        let y_path = spec.y.as_ref().map(|y| name(&y.path));
        let xs = spec.x.values(fields.is_whole(&x_path));
        let ys = match (&spec.y, &y_path) {
            (Some(y), Some(path)) => y.values(fields.is_whole(path)),
            _ => Vec::new(),
        };
        let algorithms = if spec.algorithms.is_empty() {
            scenario.compared()
        } else {
            spec.algorithms.clone()
        };
        let jitter_onto = !(spec.jitter.keys().map(String::as_str))
            .chain(
                [Some(x_path.as_str()), y_path.as_deref()]
                    .into_iter()
                    .flatten(),
            )
            .any(|p| fields.places_launchers(p));
        Ok(Plan {
            spec,
            scenario,
            fields,
            xs,
            ys,
            algorithms,
            x_path,
            y_path,
            jitter_onto,
        })
    }

    /// Whether its missiles are diagnosed (the failure-class metric): every tick of
    /// every flight is sampled, on the ordinary path ([`Sampler`]).
    pub fn diagnoses(&self) -> bool {
        self.spec.metric == Metric::FailureClass
    }

    /// Number of cells: x values times y values.
    pub fn cells(&self) -> usize {
        self.xs.len() * self.ys.len().max(1)
    }

    /// The x and y index of a cell (cells run along x first).
    pub fn index(&self, cell: usize) -> (usize, usize) {
        (cell % self.xs.len(), cell / self.xs.len())
    }

    /// The axis values of a cell.
    pub fn values(&self, cell: usize) -> (f64, Option<f64>) {
        let (ix, iy) = self.index(cell);
        (self.xs[ix], self.ys.get(iy).copied())
    }

    /// Every engagement the sweep flies.
    pub fn engagements(&self) -> usize {
        self.cells() * self.spec.runs as usize * self.algorithms.len()
    }

    /// The cells shard `k` of `n` runs (1-based `k`): a contiguous block, so the shards'
    /// rows, in order, are the whole sweep's ([`shards::merge`]).
    pub fn shard(&self, k: usize, n: usize) -> Range<usize> {
        // In u128: `k * cells` must not overflow, whatever K/N the command line gave.
        let at = |k: usize| (k as u128 * self.cells() as u128 / n.max(1) as u128) as usize;
        at(k.saturating_sub(1))..at(k)
    }

    /// The seed of a run: derived from the base seed, the cell and the run alone.
    pub fn seed(&self, cell: usize, run: u32) -> u64 {
        let mut rng = Rng::new(self.spec.seed);
        let a = rng.next_u64() ^ cell as u64;
        let b = Rng::new(a).next_u64() ^ u64::from(run);
        Rng::new(b).next_u64()
    }

    /// The exact scenario of one run of a cell for one algorithm: the cell's values,
    /// the run's seeds and jitter, launchers firing only `algorithm`. Opening it in the
    /// window replays that engagement.
    pub fn engagement(
        &self,
        cell: usize,
        run: u32,
        algorithm: Algorithm,
    ) -> Result<Scenario, String> {
        let mut scenario = self.run_scenario(&self.cell_scenario(cell)?, cell, run)?;
        scenario = scenario.restricted_to(algorithm);
        let (x, y) = self.values(cell);
        let mut name = format!(
            "{} | {} = {}",
            self.scenario.name,
            self.x_path,
            axis_value(x)
        );
        if let (Some(path), Some(y)) = (&self.y_path, y) {
            name.push_str(&format!(", {path} = {}", axis_value(y)));
        }
        scenario.name = format!("{name} | {algorithm}, run {run}");
        Ok(scenario)
    }

    /// The cell's scenario before any run's seed or jitter.
    fn cell_scenario(&self, cell: usize) -> Result<Scenario, String> {
        self.fields.set(&self.axis_settings(cell))
    }

    /// The cell's axis values as field settings, x first.
    fn axis_settings(&self, cell: usize) -> Vec<(&str, f64)> {
        let (x, y) = self.values(cell);
        let mut settings = vec![(self.x_path.as_str(), x)];
        if let (Some(path), Some(y)) = (&self.y_path, y) {
            settings.push((path.as_str(), y));
        }
        settings
    }

    /// Whether any field is jittered (each run then draws its own values).
    fn has_jitter(&self) -> bool {
        !self.spec.jitter.values().all(|s| *s == 0.0)
    }

    /// A run's scenario: the cell's with the run's seeds and jittered fields.
    fn run_scenario(
        &self,
        cell_scenario: &Scenario,
        cell: usize,
        run: u32,
    ) -> Result<Scenario, String> {
        let mut scenario = if !self.has_jitter() {
            cell_scenario.clone()
        } else {
            self.jittered(cell_scenario, cell, self.seed(cell, run))?
        };
        self.seed_run(&mut scenario, cell, run);
        Ok(scenario)
    }

    /// Gives a scenario a run's seeds (all of them: the world's and each target's).
    fn seed_run(&self, scenario: &mut Scenario, cell: usize, run: u32) {
        let seed = self.seed(cell, run);
        scenario.world.seed = seed;
        // Jinking targets draw from their own seeds: each run gets its own jinks.
        for (i, target) in scenario.targets.iter_mut().enumerate() {
            let own = Rng::new(seed ^ (i as u64 + 1)).next_u64() % 1_000_000;
            target.motion.set("seed", Value::Whole(own as i64));
        }
    }

    /// The cell with each jittered field drawn from a Gaussian around its value
    /// (truncated to the values the field takes).
    fn jittered(
        &self,
        cell_scenario: &Scenario,
        cell: usize,
        seed: u64,
    ) -> Result<Scenario, String> {
        let mut rng = Rng::new(seed ^ 0x6A09_E667_F3BC_C908);
        let mut settings = self.axis_settings(cell);
        // The run's scenario so far: the cell's with the values chosen so far. A draw is
        // set onto it (the next draw or the centre overwrites a refused one), unless a
        // setting places the launchers, which happens after every other setting: then
        // it is read again from the file's with every setting.
        let mut kept = cell_scenario.clone();
        // Every field of every cell passes its own check: [`Plan::new`] checked the
        // whole scenario with each axis end set, and a field takes an interval. So does
        // every draw kept so far. When the launchers stay where they are, a draw changes
        // one number: the scenario is valid if that field takes it and the rules tying
        // fields together hold (`validate_rules`), without checking every field again.
        let read = |kept: &mut Scenario, settings: &[(&str, f64)]| match self.jitter_onto {
            true => self.fields.set_onto(kept, &settings[settings.len() - 1..]),
            false => self.fields.set(settings).map(|scenario| *kept = scenario),
        };
        for (path, sigma) in &self.spec.jitter {
            let path = self.fields.name_of(path).unwrap_or(path);
            let centre = settings
                .iter()
                .find(|(p, _)| *p == path)
                .map(|(_, v)| *v)
                .or_else(|| self.fields.value(path))
                .unwrap_or(0.0);
            let mut accepted = None;
            for _ in 0..MAX_JITTER_DRAWS {
                let value = centre + sigma * gaussian(&mut rng);
                settings.push((path, value));
                let fits = read(&mut kept, &settings).is_ok()
                    && match self.jitter_onto {
                        true => {
                            self.fields.fits(&kept, path) == Some(true)
                                && validate::validate_rules(&kept).is_empty()
                        }
                        false => validate::validate(&kept).is_empty(),
                    };
                settings.pop();
                if fits {
                    accepted = Some(value);
                    break;
                }
            }
            settings.push((path, accepted.unwrap_or(centre)));
            if accepted.is_none() {
                read(&mut kept, &settings)?;
            }
        }
        Ok(kept)
    }

    /// Flies one run of a cell for one algorithm: every missile's result. This is the
    /// reference: every tick through [`World::step`], as the window flies it.
    pub fn fly(
        &self,
        cell: usize,
        run: u32,
        algorithm: Algorithm,
    ) -> Result<Vec<MissileResult>, String> {
        let scenario = self.run_scenario(&self.cell_scenario(cell)?, cell, run)?;
        let started = self.start(&scenario.restricted_to(algorithm), false)?;
        Ok(started.results)
    }

    /// The batch path, first part: builds the world and steps it until nothing more can
    /// happen, the sweep's seconds are up, or (with `handing_off`) its last missile can
    /// fly on in lockstep ([`Handoff::take`]). Keeps only the missiles' results and
    /// counts the missile updates flown.
    fn start(&self, scenario: &Scenario, handing_off: bool) -> Result<Started, String> {
        let mut world = scenario.build()?;
        // A diagnosed sweep samples every tick of every flight (in lockstep too).
        let mut sampler = self
            .diagnoses()
            .then(|| Sampler::new(scenario.diagnosis.clone()));
        let seconds = self.spec.seconds.map(f64::from);
        let limit = seconds.unwrap_or(super::DEFAULT_SECONDS);
        let ticks = (limit * f64::from(world.config.tick_rate)).round() as u64;
        let mut updates = 0;
        let mut handoff = None;
        for _ in 0..ticks {
            world.step();
            if let Some(sampler) = &mut sampler {
                sampler.after_step(&world, world.events());
            }
            updates += world.missiles().len() as u64;
            if !super::busy(&world) {
                break;
            }
            if handing_off {
                handoff = Handoff::take(&world, ticks);
                if let (Some(sampler), Some(missile)) = (&mut sampler, world.missiles().first()) {
                    handoff = handoff.map(|h| {
                        let (before, failed) = sampler.hand_off(missile.id);
                        h.diagnosed(before, failed, scenario.diagnosis.clone())
                    });
                }
                if handoff.is_some() {
                    break;
                }
            }
        }
        // Every missile's result, by id. The handed-off missile is the one in flight;
        // its result comes when it lands.
        let all = world.all_missiles();
        let flying = world.missiles().first().map(|m| m.id);
        let slot = (handoff.as_ref()).and_then(|_| all.iter().position(|m| Some(m.id) == flying));
        let mut results: Vec<MissileResult> = (all.iter())
            .map(|m| MissileResult {
                why: sampler.as_ref().and_then(|s| s.why(m.id)),
                ..MissileResult::of(&m.metrics)
            })
            .collect();
        // A launch the law refused (it found no solution) counts as a missile that
        // missed: its closest approach is the distance the law saw at launch.
        results.extend(world.refusals().iter().map(|r| MissileResult {
            hit: false,
            time_to_hit: None,
            closest: r.range,
            path_length: 0.0,
            peak_turn_rate: 0.0,
            optimum_ratio: None,
            why: sampler.as_ref().map(|_| Class::NoSolution),
        }));
        Ok(Started {
            results,
            updates,
            handoff: handoff.filter(|_| slot.is_some()),
            slot,
        })
    }

    /// Every algorithm's statistics for one cell, in the plan's algorithm order.
    pub fn run_cell(&self, cell: usize) -> Result<Vec<CellStats>, String> {
        Ok(self
            .cell_until(cell, &AtomicBool::new(false))?
            .unwrap_or_default())
    }

    /// [`Plan::run_cell`], given up (`None`) as soon as `cancel` is set between runs.
    /// Every run of every algorithm starts on the ordinary path; the missiles that can
    /// are then flown together in lockstep ([`crate::sim::lockstep`]).
    fn cell_until(
        &self,
        cell: usize,
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<CellStats>>, String> {
        let cell_scenario = self.cell_scenario(cell)?;
        let jittered = self.has_jitter();
        let mut restricted: Vec<Scenario> = match jittered {
            true => Vec::new(),
            false => (self.algorithms.iter())
                .map(|a| cell_scenario.restricted_to(*a))
                .collect(),
        };
        let mut started = Vec::new();
        for run in 0..self.spec.runs {
            if cancel.load(Ordering::Relaxed) {
                return Ok(None);
            }
            if jittered {
                let mut scenario = self.run_scenario(&cell_scenario, cell, run)?;
                // A copy for each law but the last, which takes the run's own.
                let Some((last, others)) = self.algorithms.split_last() else {
                    continue;
                };
                for algorithm in others {
                    started.push(self.start(&scenario.restricted_to(*algorithm), true)?);
                }
                scenario.restrict(*last);
                started.push(self.start(&scenario, true)?);
            } else {
                // Restricting and seeding commute: restrict once per cell, not per run,
                // and seed it for each run (every seed is set anew: the same scenario
                // as a fresh copy's).
                for scenario in &mut restricted {
                    self.seed_run(scenario, cell, run);
                    started.push(self.start(scenario, true)?);
                }
            }
        }
        let handoffs = started
            .iter_mut()
            .filter_map(|s| s.handoff.take())
            .collect();
        let mut landed = lockstep::fly(handoffs).into_iter();
        let mut per_algorithm: Vec<Vec<Vec<MissileResult>>> =
            vec![Vec::new(); self.algorithms.len()];
        let mut updates = vec![0; self.algorithms.len()];
        for (k, mut run) in started.into_iter().enumerate() {
            let a = k % self.algorithms.len();
            // The lockstep path gives one result per handoff, in order: none for a
            // missile it could not fly to the end, whose run is flown again in a world.
            let flown = run.slot.and_then(|slot| Some((slot, landed.next()?)));
            match flown {
                Some((_, None)) => {
                    // (The run's scenario as `Plan::fly` builds it: the same seeds and
                    // draws the run started from.)
                    let run_index = (k / self.algorithms.len()) as u32;
                    let scenario = self.run_scenario(&cell_scenario, cell, run_index)?;
                    run = self.start(&scenario.restricted_to(self.algorithms[a]), false)?;
                }
                Some((slot, Some(flown))) => {
                    run.results[slot] = MissileResult {
                        // (Diagnosed on landing, in a diagnosed sweep.)
                        why: flown.findings.first().map(|f| f.class),
                        ..MissileResult::of(&flown.metrics)
                    };
                    run.updates += flown.updates;
                }
                None => {}
            }
            per_algorithm[a].push(run.results);
            updates[a] += run.updates;
        }
        Ok(Some(
            per_algorithm
                .into_iter()
                .zip(&self.algorithms)
                .zip(updates)
                .map(|((runs, algorithm), updates)| {
                    let stats = CellStats::of(cell, *algorithm, &runs, |run| self.seed(cell, run));
                    CellStats {
                        updates,
                        classes: stats.classes.filter(|_| self.diagnoses()),
                        ..stats
                    }
                })
                .collect(),
        ))
    }

    /// Runs `cells` in parallel, counting each finished cell in `progress`; stops early
    /// (with `Ok(None)`) when `progress.cancel` is set. The statistics come in cell
    /// order, then algorithm order.
    pub fn run(
        &self,
        cells: Range<usize>,
        progress: &Progress,
    ) -> Result<Option<Vec<CellStats>>, String> {
        let results: Vec<Option<Result<Vec<CellStats>, String>>> = cells
            .into_par_iter()
            .map(|cell| {
                if progress.cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let stats = self.cell_until(cell, &progress.cancel).transpose()?;
                progress.done.fetch_add(1, Ordering::Relaxed);
                Some(stats)
            })
            .collect();
        let mut out = Vec::new();
        for result in results {
            match result {
                None => return Ok(None),
                Some(stats) => out.extend(stats?),
            }
        }
        Ok(Some(out))
    }

    /// The statistics of `cell` for `algorithm` among `stats` as [`Plan::run`] returns
    /// them (cell order, then the plan's algorithm order), found by position.
    pub fn find<'a>(
        &self,
        stats: &'a [CellStats],
        cell: usize,
        algorithm: Algorithm,
    ) -> Option<&'a CellStats> {
        let a = self.algorithms.iter().position(|x| *x == algorithm)?;
        let first = stats.first()?.cell;
        let s = stats.get(cell.checked_sub(first)? * self.algorithms.len() + a)?;
        (s.cell == cell && s.algorithm == algorithm).then_some(s)
    }
}

/// A run on the batch path after its first part ([`Plan::start`]): the results so far,
/// and the missile handed off to the lockstep path with the place its result goes.
struct Started {
    results: Vec<MissileResult>,
    updates: u64,
    handoff: Option<Handoff>,
    slot: Option<usize>,
}

/// A standard normal draw (Box-Muller, from two uniform draws).
fn gaussian(rng: &mut Rng) -> f64 {
    let u1 = (f64::from(rng.unit()) + 0.5 / 16_777_216.0).min(1.0);
    let u2 = f64::from(rng.unit());
    (-2.0 * u1.pln()).sqrt() * (std::f64::consts::TAU * u2).pcos()
}

/// The worst run of a whole sweep: the cell and statistics whose worst run missed by
/// the most (the first such), if any missile flew.
pub fn worst<'a>(stats: impl IntoIterator<Item = &'a CellStats>) -> Option<&'a CellStats> {
    stats.into_iter().filter(|s| s.missiles > 0).fold(
        None,
        |best: Option<&CellStats>, s| match best {
            Some(b) if b.closest_worst >= s.closest_worst => Some(b),
            _ => Some(s),
        },
    )
}

/// An axis value as the window and a cell's scenario name show it: to 6 decimals at
/// most, without trailing zeros (a step of 100 from 900 shows 1000, not
/// 1000.0000000000001).
pub fn axis_value(v: f64) -> String {
    let text = format!("{v:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}
