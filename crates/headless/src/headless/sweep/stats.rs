//! What a sweep keeps of a cell: per algorithm, over all its runs and missiles, the hit
//! rate, time to hit (mean, median, 90th percentile), closest approach (mean, worst),
//! path length, peak turn rate and the ratio to the exact optimum, which run was the
//! worst, and (a diagnosed sweep) how many missiles each primary failure class explains.

use crate::guidance::Algorithm;
use crate::scenario::sweep::Metric;
use crate::sim::diagnosis::Class;
use crate::sim::{Metrics, Outcome};

/// One missile's flight, as the batch path keeps it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MissileResult {
    pub hit: bool,
    pub time_to_hit: Option<f32>,
    pub closest: f32,
    pub path_length: f32,
    pub peak_turn_rate: f32,
    pub optimum_ratio: Option<f32>,
    /// A miss's primary failure class, in a diagnosed sweep.
    pub why: Option<Class>,
}

impl MissileResult {
    /// What a missile's metrics say of its flight.
    pub fn of(metrics: &Metrics) -> MissileResult {
        MissileResult {
            hit: matches!(metrics.outcome, Outcome::Hit { .. }),
            time_to_hit: metrics.time_to_hit,
            closest: metrics.miss_distance,
            path_length: metrics.path_length,
            peak_turn_rate: metrics.peak_turn_rate,
            optimum_ratio: metrics.optimum_ratio(),
            why: None,
        }
    }
}

/// A diagnosed cell's missiles by primary failure class ([`Class::ALL`]'s order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Classes {
    /// The missiles each class is the primary one of.
    pub counts: [u32; Class::ALL.len()],
    /// The first run with a missile of each class (the run a click on the map opens).
    pub first_run: [Option<u32>; Class::ALL.len()],
}

impl Classes {
    /// The class most misses have (the first in [`Class::ALL`]'s order on a tie); none
    /// when nothing missed.
    pub fn most(&self) -> Option<Class> {
        let (i, n) = (self.counts.iter().enumerate())
            .rev()
            .max_by_key(|(_, n)| **n)?;
        (*n > 0).then_some(Class::ALL[i])
    }
}

/// One cell's numbers for one algorithm. Means are over every missile of every run
/// (the time to hit and the optimum ratio over the hits that have one); `None` where
/// there is nothing to average.
#[derive(Clone, Debug, PartialEq)]
pub struct CellStats {
    pub cell: usize,
    pub algorithm: Algorithm,
    pub runs: u32,
    pub missiles: u32,
    pub hits: u32,
    pub time_to_hit: Option<f64>,
    pub time_to_hit_p50: Option<f64>,
    pub time_to_hit_p90: Option<f64>,
    pub closest: Option<f64>,
    /// The largest closest approach of any missile (0 with no missiles).
    pub closest_worst: f64,
    pub path_length: Option<f64>,
    pub peak_turn_rate: Option<f64>,
    pub optimum_ratio: Option<f64>,
    /// The run whose worst missile missed by the most (the first such), and its seed.
    pub worst_run: u32,
    pub worst_seed: u64,
    /// Missile updates flown (for the rate a sweep reports; not a metric).
    pub updates: u64,
    /// Its missiles by failure class (kept by a sweep whose metric is the failure class,
    /// which alone diagnoses its missiles).
    pub classes: Option<Classes>,
}

impl CellStats {
    /// Gathers the runs of a cell (`runs[r]` are run r's missiles); `seed(r)` is run
    /// r's seed.
    pub fn of(
        cell: usize,
        algorithm: Algorithm,
        runs: &[Vec<MissileResult>],
        seed: impl Fn(u32) -> u64,
    ) -> CellStats {
        let all: Vec<&MissileResult> = runs.iter().flatten().collect();
        let mean = |values: &[f64]| {
            (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
        };
        let of = |f: fn(&MissileResult) -> f32| -> Vec<f64> {
            all.iter().map(|m| f64::from(f(m))).collect()
        };
        let mut times: Vec<f64> = all
            .iter()
            .filter(|m| m.hit)
            .filter_map(|m| m.time_to_hit.map(f64::from))
            .collect();
        times.sort_by(f64::total_cmp);
        let ratios: Vec<f64> = all
            .iter()
            .filter_map(|m| m.optimum_ratio.map(f64::from))
            .collect();
        let worst_of = |run: &Vec<MissileResult>| {
            run.iter()
                .map(|m| f64::from(m.closest))
                .fold(f64::NEG_INFINITY, f64::max)
        };
        let mut worst_run = 0;
        for (r, run) in runs.iter().enumerate() {
            if worst_of(run) > worst_of(&runs[worst_run]) {
                worst_run = r;
            }
        }
        let worst_run = worst_run as u32;
        let mut classes = Classes::default();
        for (r, run) in runs.iter().enumerate() {
            for class in run.iter().filter_map(|m| m.why) {
                classes.counts[class as usize] += 1;
                classes.first_run[class as usize].get_or_insert(r as u32);
            }
        }
        CellStats {
            cell,
            algorithm,
            runs: runs.len() as u32,
            missiles: all.len() as u32,
            hits: all.iter().filter(|m| m.hit).count() as u32,
            time_to_hit: mean(&times),
            time_to_hit_p50: percentile(&times, 50),
            time_to_hit_p90: percentile(&times, 90),
            closest: mean(&of(|m| m.closest)),
            closest_worst: of(|m| m.closest).into_iter().fold(0.0, f64::max),
            path_length: mean(&of(|m| m.path_length)),
            peak_turn_rate: mean(&of(|m| m.peak_turn_rate)),
            optimum_ratio: mean(&ratios),
            worst_run,
            worst_seed: seed(worst_run),
            updates: 0,
            classes: Some(classes),
        }
    }

    /// Share of missiles that hit (`None` when none flew).
    pub fn hit_rate(&self) -> Option<f64> {
        (self.missiles > 0).then(|| f64::from(self.hits) / f64::from(self.missiles))
    }

    /// The value of `metric` (`None` where it has none: no hits for a time, say).
    pub fn get(&self, metric: Metric) -> Option<f64> {
        match metric {
            Metric::HitRate => self.hit_rate(),
            Metric::TimeToHit => self.time_to_hit,
            Metric::TimeToHitP50 => self.time_to_hit_p50,
            Metric::TimeToHitP90 => self.time_to_hit_p90,
            Metric::Closest => self.closest,
            Metric::ClosestWorst => (self.missiles > 0).then_some(self.closest_worst),
            Metric::PathLength => self.path_length,
            Metric::PeakTurnRate => self.peak_turn_rate,
            Metric::OptimumRatio => self.optimum_ratio,
            Metric::FailureClass => {
                let classes = self.classes.as_ref().filter(|_| self.missiles > 0)?;
                Some(classes.most().map_or(NO_MISS, |c| c as usize as f64))
            }
        }
    }

    /// The run a click on its cell opens: on a class map, the first run of the class
    /// the cell shows; else the worst run.
    pub fn shown_run(&self, metric: Metric) -> u32 {
        let class = self.classes.as_ref().filter(|_| metric.is_categorical());
        class
            .and_then(|c| c.first_run[c.most()? as usize])
            .unwrap_or(self.worst_run)
    }

    /// The share of the missiles whose primary failure class is `class` (a diagnosed
    /// cell with missiles).
    pub fn share(&self, class: Class) -> Option<f64> {
        let classes = self.classes.as_ref().filter(|_| self.missiles > 0)?;
        Some(f64::from(classes.counts[class as usize]) / f64::from(self.missiles))
    }
}

/// The failure-class metric of a cell where nothing missed (a class is its index in
/// [`Class::ALL`]).
pub const NO_MISS: f64 = -1.0;

/// The nearest-rank percentile of sorted values: the smallest value with at least `p`%
/// of the values at or below it.
pub fn percentile(sorted: &[f64], p: u32) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (u64::from(p) * sorted.len() as u64).div_ceil(100).max(1);
    Some(sorted[rank as usize - 1])
}
