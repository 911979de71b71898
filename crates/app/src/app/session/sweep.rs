//! The window's sweep: the form (axes, runs, metric) the Sweep window edits, the job
//! running on background threads (progress, cancel) while the sandbox stays live, and
//! the last finished result, whose cells open their engagements in the sandbox.

use super::slice::{now, BUDGET};
use crate::guidance::Algorithm;
use crate::headless::sweep::{CellStats, Plan, Progress};
use crate::scenario::fields::{Fields, LAUNCH_BEARING, LAUNCH_RANGE};
use crate::scenario::sweep::{AxisSpec, SweepSpec};
use crate::scenario::Scenario;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// The seconds each engagement runs when the scenario's sweep does not say: enough for
/// one volley of the shipped scenarios, short enough for a quick first map.
const DEFAULT_SECONDS: f32 = 10.0;

/// A finished sweep.
#[derive(Debug)]
pub struct SweepResult {
    /// Counts the results of the session (a new one never passes for an old one).
    pub id: u64,
    pub plan: Arc<Plan>,
    pub stats: Vec<CellStats>,
    pub seconds: f64,
}

/// What a finished job gives: the statistics, none when cancelled, or why it failed.
#[cfg(not(target_arch = "wasm32"))]
type Outcome = Result<Option<Vec<CellStats>>, String>;

/// A running sweep.
struct Job {
    plan: Arc<Plan>,
    progress: Arc<Progress>,
    /// When it started (seconds, the window's clock).
    started: f64,
    runner: Runner,
}

/// Where a sweep runs.
enum Runner {
    /// On background threads (rayon), the window never waiting for them.
    #[cfg(not(target_arch = "wasm32"))]
    Threads(std::thread::JoinHandle<Outcome>),
    /// The browser has no threads: cells in order, a slice of each frame
    /// ([`super::slice::BUDGET`]), in the window's thread. The results are the same: each cell is
    /// computed alone, in run order, wherever it runs.
    Steps { next: usize, stats: Vec<CellStats> },
}

/// The Sweep window's state.
#[derive(Default)]
pub struct Sweeps {
    pub open: bool,
    /// What the next Run sweeps.
    pub spec: Option<SweepSpec>,
    /// Whether the form has a y axis.
    pub two_axes: bool,
    job: Option<Job>,
    pub result: Option<SweepResult>,
    /// Why the last Run did not start or finish (each problem on a line).
    pub error: Option<String>,
    /// Said after a cancel or a finish.
    pub status: Option<String>,
    /// The numeric fields of the scenario they were indexed from (the axes' menus).
    fields: Option<(Scenario, Arc<Fields>)>,
    /// Results finished so far.
    finished: u64,
}

impl Sweeps {
    /// Takes a scenario's saved sweep as the form, or, without one, launch bearing
    /// against launch range (both exist whenever there is a launcher).
    pub fn adopt(&mut self, scenario: &Scenario) {
        self.spec = scenario.sweep.clone().or_else(|| {
            let fields = Fields::of(scenario);
            let range = fields.value(LAUNCH_RANGE)?;
            let mut spec = SweepSpec::new(AxisSpec {
                path: LAUNCH_BEARING.into(),
                lo: -180.0,
                hi: 165.0,
                count: 24,
                log: false,
            });
            spec.y = Some(AxisSpec {
                path: LAUNCH_RANGE.into(),
                lo: (range / 4.0).round().max(1.0),
                hi: (range * 2.0).round().max(2.0),
                count: 12,
                log: false,
            });
            spec.seconds = Some(DEFAULT_SECONDS);
            Some(spec)
        });
        self.two_axes = self.spec.as_ref().is_some_and(|s| s.y.is_some());
        self.result = None;
        self.error = None;
        self.status = None;
    }

    /// The numeric fields of `scenario`, indexed again only when it changed.
    pub fn fields(&mut self, scenario: &Scenario) -> Arc<Fields> {
        match &self.fields {
            Some((indexed, fields)) if indexed == scenario => fields.clone(),
            _ => {
                let fields = Arc::new(Fields::of(scenario));
                self.fields = Some((scenario.clone(), fields.clone()));
                fields
            }
        }
    }

    /// Starts sweeping `scenario` with the form (a running sweep is cancelled first),
    /// on threads where there are threads.
    pub fn start(&mut self, scenario: &Scenario) {
        self.start_with(scenario, cfg!(target_arch = "wasm32"));
    }

    /// [`Sweeps::start`], stepped in the window's thread or not.
    pub(crate) fn start_with(&mut self, scenario: &Scenario, stepped: bool) {
        self.cancel();
        let Some(mut spec) = self.spec.clone() else {
            self.error = Some("this scenario has no launcher to sweep".into());
            return;
        };
        if !self.two_axes {
            spec.y = None;
        }
        let plan = match Plan::new(scenario, spec) {
            Ok(plan) => Arc::new(plan),
            Err(problems) => {
                let lines: Vec<String> = problems
                    .iter()
                    .map(|(f, why)| format!("{f}: {why}"))
                    .collect();
                self.error = Some(lines.join("\n"));
                return;
            }
        };
        let progress = Arc::new(Progress::default());
        let runner = if stepped {
            Runner::Steps {
                next: 0,
                stats: Vec::new(),
            }
        } else {
            threads(plan.clone(), progress.clone())
        };
        self.job = Some(Job {
            plan,
            progress,
            started: now(),
            runner,
        });
        self.error = None;
        self.status = None;
    }

    /// Whether a sweep is running.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Cells done and cells in all, while running.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let job = self.job.as_ref()?;
        Some((job.progress.done.load(Ordering::Relaxed), job.plan.cells()))
    }

    /// Stops a running sweep at once for the window: its threads are told to stop (at
    /// their next run) and left to end on their own, never waited for here.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.progress.cancel.store(true, Ordering::Relaxed);
            // A thread is left to end on its own; steps simply stop.
            drop(job.runner);
            self.status = Some("cancelled".into());
        }
    }

    /// Advances a stepped sweep by a slice of the frame, and takes the result of a
    /// finished sweep (each frame).
    pub fn poll(&mut self) {
        let Some(job) = self.job.as_mut() else { return };
        let outcome = match &mut job.runner {
            #[cfg(not(target_arch = "wasm32"))]
            Runner::Threads(handle) if !handle.is_finished() => return,
            #[cfg(not(target_arch = "wasm32"))]
            Runner::Threads(_) => None,
            Runner::Steps { next, stats } => {
                let until = now() + BUDGET;
                let mut failed = None;
                while *next < job.plan.cells() && now() < until {
                    match job.plan.run_cell(*next) {
                        Ok(cell) => stats.extend(cell),
                        Err(why) => {
                            failed = Some(why);
                            break;
                        }
                    }
                    *next += 1;
                    job.progress.done.store(*next, Ordering::Relaxed);
                }
                match failed {
                    Some(why) => Some(Err(why)),
                    None if *next < job.plan.cells() => return,
                    None => Some(Ok(Some(std::mem::take(stats)))),
                }
            }
        };
        let Some(job) = self.job.take() else { return };
        let seconds = now() - job.started;
        let outcome = match (outcome, job.runner) {
            (Some(outcome), _) => outcome,
            #[cfg(not(target_arch = "wasm32"))]
            (None, Runner::Threads(handle)) => handle
                .join()
                .unwrap_or_else(|_| Err("the sweep stopped on an internal error".into())),
            (None, Runner::Steps { .. }) => return,
        };
        match outcome {
            Ok(Some(stats)) => {
                let engagements = job.plan.engagements();
                // A clock that did not move (a browser's virtual time) gives no rate.
                let rate = if seconds > 0.0 {
                    format!(" ({:.0} a second)", engagements as f64 / seconds)
                } else {
                    String::new()
                };
                self.status = Some(format!("{engagements} engagements in {seconds:.2} s{rate}"));
                self.finished += 1;
                self.result = Some(SweepResult {
                    id: self.finished,
                    plan: job.plan,
                    stats,
                    seconds,
                });
            }
            Ok(None) => self.status = Some("cancelled".into()),
            Err(why) => self.error = Some(why),
        }
    }

    /// The engagement a click on a cell opens for `algorithm`, as a scenario: on a class
    /// map the first run of the cell's class, else its worst run.
    pub fn engagement(
        &self,
        cell: usize,
        algorithm: Algorithm,
    ) -> Option<Result<Scenario, String>> {
        let result = self.result.as_ref()?;
        let stats = result.plan.find(&result.stats, cell, algorithm)?;
        let run = stats.shown_run(result.plan.spec.metric);
        Some(result.plan.engagement(cell, run, algorithm))
    }
}

/// A sweep on background threads.
#[cfg(not(target_arch = "wasm32"))]
fn threads(plan: Arc<Plan>, progress: Arc<Progress>) -> Runner {
    Runner::Threads(std::thread::spawn(move || {
        plan.run(0..plan.cells(), &progress)
    }))
}

/// The browser has no threads: it steps.
#[cfg(target_arch = "wasm32")]
fn threads(_: Arc<Plan>, _: Arc<Progress>) -> Runner {
    Runner::Steps {
        next: 0,
        stats: Vec::new(),
    }
}
