//! The runs: the running worlds (one, or one per algorithm in compare mode) and their
//! clock, the drag in progress, and the debugger's timeline (scrubbing the recorded
//! past, branching from it, breakpoints, plots). Every change to a world goes through an
//! [`Input`], given to every lane at the same tick (or to none), so comparisons stay fair.

use super::breakpoints::{Breakpoints, Stop};
use super::plots::Plots;
use super::tracked::Tracked;
use crate::guidance::{Algorithm, RuntimeLaw};
use crate::headless::diagnose::Sampler;
use crate::scenario::Scenario;
use crate::scene::Blast;
use crate::sim::history::{Ghost, History, DEFAULT_BUDGET, DEFAULT_INTERVAL};
use crate::sim::telemetry::telemetry;
use crate::sim::trails::Trails;
use crate::sim::{Input, MissileId, TargetId, World};
use glam::Vec2;
use std::sync::Arc;

/// One running world: the whole scenario, or the scenario restricted to one algorithm.
pub struct Lane {
    /// `None`: every algorithm the scenario fires.
    pub algorithm: Option<Algorithm>,
    /// The live world.
    pub world: Tracked<World>,
    /// Its recorded past.
    pub history: History,
    /// The world rebuilt at the scrubbed tick, while looking at the past.
    pub past: Tracked<Option<World>>,
    /// The old future of the last branch, drawn faintly to compare with.
    pub ghost: Tracked<Option<Ghost>>,
    pub trails: Tracked<Trails>,
    /// Recent detonations and hits, for the flashes.
    pub blasts: Tracked<Vec<Blast>>,
    /// Why each missile missed: its flight sampled tick by tick (docs/diagnosis.md).
    pub diagnosis: Sampler,
}

impl Lane {
    /// The world on screen: the scrubbed past, or the live world.
    pub fn shown(&self) -> &World {
        self.past.as_ref().unwrap_or(&self.world)
    }

    /// The revisions of what a picture of the lane is drawn from (the worlds, trails,
    /// blasts and ghost): while they stay the same, so does the picture.
    pub fn revision(&self) -> [u64; 5] {
        [
            self.world.revision(),
            self.past.revision(),
            self.ghost.revision(),
            self.trails.revision(),
            self.blasts.revision(),
        ]
    }

    /// What the lane flies, in words: its algorithm, or "all".
    pub fn label(&self) -> String {
        self.algorithm
            .map_or_else(|| "all".to_string(), |a| a.id().to_string())
    }
}

/// Fastest and slowest play speeds.
pub const MIN_SPEED: f32 = 0.1;
pub const MAX_SPEED: f32 = 10.0;
/// Most samples a lane's diagnosis holds (about 60 MB): a minute of 1,000 missiles at
/// 60 Hz, or ten minutes of 100. Over it, the oldest ended flights' samples go first
/// ([`Sampler::keeping`]).
pub const DIAGNOSIS_SAMPLES: usize = 1_000_000;

/// Most ticks one frame may run (so a slow frame cannot snowball).
const MAX_TICKS_PER_FRAME: u32 = 200;

/// Longest a frame spends stepping the run, in seconds: past it, the ticks still due are
/// dropped (the run plays slower) and the frame goes on to the window's input and
/// drawing. One tick always runs; a tick of scripts costs at most their budget
/// ([`crate::guidance::runtime::TICK_OPERATIONS`]).
const STEPPING_BUDGET: f64 = 0.04;

/// The worlds, their clock and their recorded past.
pub struct Runs {
    pub lanes: Vec<Lane>,
    /// One lane per compared algorithm (else one lane for the whole scenario).
    pub compare: bool,
    pub playing: bool,
    pub speed: f32,
    accumulator: f64,
    /// A target being dragged: where the mouse is, and where the target was last sent.
    drag: Option<(TargetId, Vec2, Vec2)>,
    /// The tick on screen when looking at the past (none: live).
    pub view_tick: Option<u64>,
    /// Memory budget of each lane's history, bytes.
    pub history_budget: usize,
    pub breakpoints: Breakpoints,
    /// Why the run last paused by itself, and on which missile.
    pub paused_by: Option<String>,
    pub plots: Plots,
    /// A branch just made, at this tick (for the status line).
    pub branched: Option<u64>,
}

impl Default for Runs {
    fn default() -> Self {
        Self {
            lanes: Vec::new(),
            compare: false,
            playing: true,
            speed: 1.0,
            accumulator: 0.0,
            drag: None,
            view_tick: None,
            history_budget: DEFAULT_BUDGET,
            breakpoints: Breakpoints::default(),
            paused_by: None,
            plots: Plots::default(),
            branched: None,
        }
    }
}

impl Runs {
    /// Runs for a build away from the window (a live game's capture): compare mode, the
    /// history budget and the breakpoints as the window's.
    pub fn building(compare: bool, history_budget: usize, breakpoints: Breakpoints) -> Self {
        Self {
            compare,
            history_budget,
            breakpoints,
            ..Self::default()
        }
    }

    /// Rebuilds every lane from the scenario, from tick 0. A scenario that does not
    /// build leaves the lanes as they were.
    pub fn rebuild(&mut self, scenario: &Scenario) -> Result<(), String> {
        let algorithms: Vec<Option<Algorithm>> = if self.compare {
            scenario.compared().into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        let mut lanes = Vec::new();
        for algorithm in algorithms {
            let restricted = match algorithm {
                Some(a) => scenario.restricted_to(a),
                None => scenario.clone(),
            };
            let world = restricted
                .build()
                .map_err(|e| format!("cannot build the scenario: {e}"))?;
            lanes.push(Lane {
                algorithm,
                history: History::new(&world, DEFAULT_INTERVAL, self.history_budget),
                world: Tracked::new(world),
                past: Tracked::new(None),
                ghost: Tracked::new(None),
                trails: Tracked::new(Trails::default()),
                blasts: Tracked::new(Vec::new()),
                diagnosis: Sampler::keeping(scenario.diagnosis.clone(), DIAGNOSIS_SAMPLES),
            });
        }
        self.lanes = lanes;
        self.accumulator = 0.0;
        self.drag = None;
        self.view_tick = None;
        self.paused_by = None;
        self.plots.clear();
        Ok(())
    }

    /// The tick shown (all lanes run in lockstep).
    pub fn tick(&self) -> u64 {
        self.lanes.first().map_or(0, |l| l.shown().tick())
    }

    /// The time shown, in simulated seconds.
    pub fn time(&self) -> f64 {
        self.lanes.first().map_or(0.0, |l| l.shown().time())
    }

    /// The tick length of the running worlds.
    pub fn dt(&self) -> f32 {
        self.lanes.first().map_or(1.0 / 60.0, |l| l.world.dt())
    }

    /// Advances by a frame of `seconds` of wall time at the current speed; returns the
    /// ticks run and the breakpoint that stopped them, if one did. Trails keep `keep`
    /// ticks.
    pub fn advance(&mut self, seconds: f32, keep: u64) -> (u32, Option<Stop>) {
        if !self.playing {
            return (0, None);
        }
        // Playing from a past tick continues from there: a branch.
        self.leave_past();
        self.accumulator += f64::from(seconds.clamp(0.0, 0.25) * self.speed) / f64::from(self.dt());
        let due = (self.accumulator.floor() as u32).min(MAX_TICKS_PER_FRAME);
        self.accumulator -= f64::from(due);
        self.accumulator = self.accumulator.min(2.0);
        // However much a tick costs (a crowd of scripts), the frame goes back to the
        // window after a slice of its time: the run slows down, the window answers.
        let started = super::slice::now();
        for k in 0..due {
            self.send_drag((k + 1) as f32 / due as f32);
            if let Some(stop) = self.step_once(keep) {
                return (k + 1, Some(stop));
            }
            if super::slice::now() - started > STEPPING_BUDGET {
                self.accumulator = 0.0;
                return (k + 1, None);
            }
        }
        (due, None)
    }

    /// Queues the drag position for the next tick, `fraction` of the way from where the
    /// target was last sent to where the mouse is, so a drag spread over several ticks
    /// moves the target smoothly and its estimated velocity stays right.
    fn send_drag(&mut self, fraction: f32) {
        if let Some((target, goal, sent)) = self.drag {
            let pos = sent.lerp(goal, fraction);
            if pos != sent {
                let _ = self.apply(Input::MoveTarget { target, pos });
                self.drag = Some((target, goal, pos));
            }
        }
    }

    /// Single step forward: one tick (in the past, the next recorded tick).
    pub fn single_step(&mut self, keep: u64) -> Option<Stop> {
        self.playing = false;
        if let Some(tick) = self.view_tick {
            self.scrub(tick + 1);
            return None;
        }
        self.send_drag(1.0);
        self.step_once(keep)
    }

    /// One tick in every lane; the breakpoint that paused the run, if one did.
    pub fn step_once(&mut self, keep: u64) -> Option<Stop> {
        // The run moves on: why it last paused is no longer what the screen shows.
        self.paused_by = None;
        let mut stop = None;
        for (index, lane) in self.lanes.iter_mut().enumerate() {
            lane.history.step(&mut lane.world);
            // The diagnosis's samples and the trails' points, each kept apart from the
            // other and read from the world alone: a crowded world's are taken side by
            // side (10,000 missiles' are a millisecond each on the window's thread).
            let (world, diagnosis, trails) = (&lane.world, &mut lane.diagnosis, &mut lane.trails);
            let mut sample = || diagnosis.after_step(world, world.events());
            let mut record = || trails.record(world, keep);
            if world.is_crowded() {
                rayon::join(sample, record);
            } else {
                sample();
                record();
            }
            let found = self.breakpoints.check(&lane.world, index);
            let found = found.or_else(|| self.breakpoints.check_classes(lane, index));
            if stop.is_none() {
                stop = found;
            }
            self.plots.extend(index, &lane.world);
            Blast::record(&mut lane.blasts, &lane.world);
        }
        if let Some((reason, _)) = &stop {
            self.playing = false;
            self.paused_by = Some(reason.clone());
        }
        stop
    }

    /// Sends an input to every lane or, if any lane refuses it, to none, so the lanes
    /// never diverge (from a past tick, this branches first).
    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        self.leave_past();
        for lane in &self.lanes {
            lane.world.check(&input)?;
        }
        for lane in &mut self.lanes {
            lane.world.apply(input.clone())?;
        }
        Ok(())
    }

    /// Drags a target towards a world position (the mouse); the worlds see it move over
    /// the next ticks, in every lane at the same tick.
    pub fn drag_target(&mut self, target: TargetId, pos: Vec2) {
        let sent = match self.drag {
            Some((t, _, sent)) if t == target => sent,
            _ => self
                .lanes
                .first()
                .and_then(|l| l.world.target(target))
                .map_or(pos, |t| t.pos),
        };
        self.drag = Some((target, pos, sent));
    }

    /// Ends a drag.
    pub fn release_target(&mut self) {
        self.drag = None;
    }

    /// The target being dragged and where the mouse holds it.
    pub fn dragging(&self) -> Option<(TargetId, Vec2)> {
        self.drag.map(|(t, goal, _)| (t, goal))
    }

    /// Takes the target called `name` out of every lane (an undone placement).
    pub fn remove_target_named(&mut self, name: &str) {
        self.leave_past();
        for lane in &mut self.lanes {
            lane.world.remove_target_named(name);
        }
    }

    /// The recorded range `(earliest, latest)` common to every lane.
    pub fn recorded(&self) -> (u64, u64) {
        let earliest = self
            .lanes
            .iter()
            .map(|l| l.history.earliest())
            .max()
            .unwrap_or(0);
        let latest = self
            .lanes
            .iter()
            .map(|l| l.history.latest())
            .min()
            .unwrap_or(0);
        (earliest, latest)
    }

    /// Shows a recorded tick (the live tick, or past it, returns to live). Pauses.
    pub fn scrub(&mut self, tick: u64) {
        self.playing = false;
        let (earliest, latest) = self.recorded();
        if tick >= latest {
            self.view_tick = None;
            for lane in &mut self.lanes {
                *lane.past = None;
            }
            return;
        }
        let tick = tick.max(earliest);
        for lane in &mut self.lanes {
            *lane.past = lane.history.world_at(tick);
        }
        self.view_tick = Some(tick);
    }

    /// One tick back in the recorded past.
    pub fn step_back(&mut self) {
        let now = self.view_tick.unwrap_or_else(|| self.recorded().1);
        self.scrub(now.saturating_sub(1));
    }

    /// Whether the view shows the past.
    pub fn in_past(&self) -> bool {
        self.view_tick.is_some()
    }

    /// From a past tick, continue live from there: every lane branches, the old future
    /// is kept as a ghost, trails after the tick are dropped. Live: nothing to do.
    pub fn leave_past(&mut self) {
        let Some(tick) = self.view_tick.take() else {
            return;
        };
        for lane in &mut self.lanes {
            *lane.past = None;
            if let Some((world, ghost)) = lane.history.branch(tick) {
                *lane.world = world;
                *lane.ghost = Some(ghost);
                lane.trails.truncate_after(tick);
                lane.blasts.retain(|b| b.tick <= tick);
                lane.diagnosis.truncate_after(tick);
            }
        }
        self.plots.stale();
        self.branched = Some(tick);
    }

    /// Replaces a law (a reloaded script) in every lane from the tick on screen: from a
    /// past tick the lanes branch first, so the old future stays as the ghost.
    pub fn reload_law(&mut self, law: Arc<dyn RuntimeLaw>) -> Result<(), String> {
        self.leave_past();
        for lane in &mut self.lanes {
            lane.world.tuning.register(law.clone())?;
            lane.world.retune_launchers();
        }
        Ok(())
    }

    /// Forgets the ghosts of earlier branches.
    pub fn clear_ghosts(&mut self) {
        for lane in &mut self.lanes {
            *lane.ghost = None;
        }
    }

    /// Sets each lane's history budget.
    pub fn set_history_budget(&mut self, bytes: usize) {
        self.history_budget = bytes;
        for lane in &mut self.lanes {
            lane.history.set_budget(bytes);
        }
    }

    /// Writes one missile's telemetry as CSV; returns the rows written.
    pub fn export_telemetry(
        &self,
        lane: usize,
        id: MissileId,
        path: &std::path::Path,
        inputs: &[std::path::PathBuf],
    ) -> Result<usize, String> {
        let history = &self.lanes.get(lane).ok_or("no such lane")?.history;
        let samples = telemetry(history, &[id]).remove(&id).unwrap_or_default();
        let mut text = Vec::new();
        crate::sim::telemetry::write_csv(&samples, &mut text).map_err(|e| e.to_string())?;
        crate::files::write_output(path, inputs, |out| out.write_all(&text))
            .map_err(|e| e.to_string())?;
        Ok(samples.len())
    }
}
