//! A saved sweep (`sweep:` in a scenario): one or two axes over the scenario's numeric
//! fields ([`super::fields`]), runs per cell, the base seed, Gaussian jitter, the
//! algorithms and the metric to map. `steerlab sweep FILE` runs it; the command line
//! may override any part. Its rules are in [`super::validate_sweep`].

use crate::core::field::choice;
use crate::core::Portable;
use crate::guidance::Algorithm;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Most values on one axis.
pub const MAX_COUNT: u32 = 1024;
/// Most runs per cell.
pub const MAX_RUNS: u32 = 10_000;

/// One axis: `count` values from `lo` to `hi` (both included), evenly spaced, or
/// geometrically with `log`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AxisSpec {
    /// The field, by the path its error messages use (`targets[0].motion.speed`).
    pub path: String,
    pub lo: f64,
    pub hi: f64,
    pub count: u32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub log: bool,
}

impl AxisSpec {
    /// Reads `PATH=LO..HI:N`, with `:log` after `N` for geometric spacing.
    pub fn parse(text: &str) -> Result<AxisSpec, String> {
        let bad = || format!("expected PATH=LO..HI:N (or PATH=LO..HI:N:log), found `{text}`");
        let (path, rest) = text.split_once('=').ok_or_else(bad)?;
        let (range, count) = rest.split_once(':').ok_or_else(bad)?;
        let (count, log) = match count.split_once(':') {
            Some((count, "log")) => (count, true),
            Some(_) => return Err(bad()),
            None => (count, false),
        };
        let (lo, hi) = range.split_once("..").ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<f64>().map_err(|_| bad());
        Ok(AxisSpec {
            path: path.trim().to_string(),
            lo: number(lo)?,
            hi: number(hi)?,
            count: count.trim().parse().map_err(|_| bad())?,
            log,
        })
    }

    /// The axis' values, `lo` first (rounded where the field takes whole numbers).
    pub fn values(&self, whole: bool) -> Vec<f64> {
        let n = self.count.max(1) as usize;
        (0..n)
            .map(|i| {
                let t = if n == 1 {
                    0.0
                } else {
                    i as f64 / (n - 1) as f64
                };
                let v = if self.log {
                    (self.lo.pln() + t * (self.hi.pln() - self.lo.pln())).pexp()
                } else {
                    self.lo + t * (self.hi - self.lo)
                };
                // The ends are exactly as asked, whatever the rounding of the steps.
                let v = if i == 0 {
                    self.lo
                } else if i == n - 1 {
                    self.hi
                } else {
                    v
                };
                if whole {
                    v.round()
                } else {
                    v
                }
            })
            .collect()
    }
}

choice! {
    /// What a sweep's heatmap shows of each cell.
    pub enum Metric {
        /// Share of missiles that hit.
        HitRate = "hit-rate",
        /// Mean time from launch to hit, of the hits (s).
        TimeToHit = "time-to-hit",
        /// Median time to hit (s).
        TimeToHitP50 = "time-to-hit-p50",
        /// 90th percentile of the time to hit (s).
        TimeToHitP90 = "time-to-hit-p90",
        /// Mean closest approach to the target.
        Closest = "closest",
        /// Largest closest approach of any missile (the worst miss).
        ClosestWorst = "closest-worst",
        /// Mean distance flown.
        PathLength = "path-length",
        /// Mean of each missile's peak turn rate (rad/s).
        PeakTurnRate = "peak-turn-rate",
        /// Mean time to hit over the exact optimum at launch (intercept, quartic).
        OptimumRatio = "optimum-ratio",
        /// The primary failure class most of a cell's misses have (docs/diagnosis.md):
        /// a map of classes. A sweep with this metric diagnoses every missile, and its
        /// CSV gains each class's share of the missiles per cell.
        FailureClass = "failure-class",
    }
}

impl Metric {
    /// Every number the CSV holds for every sweep, in the order of its columns (all but
    /// the failure class, which only a diagnosed sweep has).
    pub fn every() -> &'static [Metric] {
        &Self::ALL[..Self::ALL.len() - 1]
    }

    /// Every metric a map may show, in the order of [`Metric::NAMES`].
    pub fn all() -> &'static [Metric] {
        Self::ALL
    }

    /// Whether its map shows classes (a colour each), not numbers on a scale.
    pub fn is_categorical(self) -> bool {
        self == Metric::FailureClass
    }
}

// `choice!` derives its own traits; the default is set here.
#[allow(clippy::derivable_impls)]
impl Default for Metric {
    fn default() -> Self {
        Metric::HitRate
    }
}

/// A sweep as a scenario saves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepSpec {
    pub x: AxisSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<AxisSpec>,
    /// Runs per cell, each with its own seed.
    #[serde(
        default = "default_runs::value",
        skip_serializing_if = "default_runs::is"
    )]
    pub runs: u32,
    /// The base seed every run's seed derives from.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub seed: u64,
    /// Gaussian jitter per run: field path to standard deviation.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub jitter: BTreeMap<String, f64>,
    /// The algorithms mapped (empty: the scenario's compared ones).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub algorithms: Vec<Algorithm>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub metric: Metric,
    /// Seconds each engagement runs at most (none: until nothing more happens, at
    /// most 60).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f32>,
}

crate::core::field_default!(default_runs: u32 = 1);

impl SweepSpec {
    /// A sweep of one axis with one run per cell.
    pub fn new(x: AxisSpec) -> Self {
        SweepSpec {
            x,
            y: None,
            runs: 1,
            seed: 0,
            jitter: BTreeMap::new(),
            algorithms: Vec::new(),
            metric: Metric::HitRate,
            seconds: None,
        }
    }

    /// The axes, x first.
    pub fn axes(&self) -> impl Iterator<Item = &AxisSpec> {
        std::iter::once(&self.x).chain(&self.y)
    }
}
