//! The world: owns the fixed tick, the targets, launchers, turrets, rain, missiles,
//! obstacles and crowds, and steps them deterministically. Each tick: apply queued
//! inputs, spawn rain, fire launchers and turrets, move targets, steer and move missiles
//! (seeing their targets as they were at the start of the tick), test hits and terrain
//! swept over the tick, end missiles, remove lost targets, step the crowds.

mod firing;
mod flying;
mod inputs;
mod obstacles;
mod targets;

use crate::core::DebugShape;
use crate::core::Seen;
use crate::guidance::{Algorithm, Tuning, Value};
use crate::sim::config::WorldConfig;
use crate::sim::crowd::Crowd;
use crate::sim::event::{Event, EventKind, Refusal, TargetLoss};
use crate::sim::hash::hash_of;
use crate::sim::ids::TargetId;
use crate::sim::ids::{MissileId, Source};
use crate::sim::launcher::{tuning_for, Launcher, LauncherSpec, Turret, TurretSpec};
use crate::sim::missile::Missile;
use crate::sim::obstacles::{ObstacleSpec, Terrain};
use crate::sim::rain::{Rain, RainSpec};
use crate::sim::rng::Rng;
use crate::sim::seeker::Seeker;
use crate::sim::target::{find, Target, TargetSpec};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Something done to the world from outside, applied at the start of the next tick.
/// Every change a user makes goes through here, so a run can be recorded and replayed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Input {
    /// Drag a target to a position (it becomes driven).
    MoveTarget { target: TargetId, pos: Vec2 },
    /// Fire a volley from a launcher (by index).
    Launch { launcher: usize },
    /// Place a new target.
    AddTarget(TargetSpec),
    /// Take a target away (an undone placement).
    RemoveTarget { target: TargetId },
    /// Change a parameter of an algorithm.
    SetParam {
        algorithm: Algorithm,
        name: String,
        value: Value,
    },
    /// Place a new obstacle (after those there are).
    AddObstacle(ObstacleSpec),
    /// Move an obstacle (by its place in the world's list) by `by`.
    MoveObstacle { obstacle: usize, by: Vec2 },
}

/// The simulation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct World {
    pub config: WorldConfig,
    pub tuning: Tuning,
    tick: u64,
    rng: Rng,
    targets: Vec<Target>,
    missiles: Vec<Missile>,
    finished: Vec<Missile>,
    /// Ended missiles dropped from the front of `finished` to bound its memory.
    #[serde(default, skip_serializing_if = "is_zero")]
    finished_dropped: u64,
    launchers: Vec<Launcher>,
    turrets: Vec<Turret>,
    rain: Option<Rain>,
    /// The obstacles, as the scenario gave them (none in most worlds: then nothing is
    /// written for them, and the state hashes are those of worlds without the field).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    obstacles: Vec<ObstacleSpec>,
    /// The terrain among them as shapes, kept with `obstacles` by [`World::add_obstacle`].
    #[serde(skip)]
    terrain: Terrain,
    /// Every obstacle's shape, kept with `obstacles`, for the crowds and the targets that
    /// steer round them.
    #[serde(skip)]
    shapes: std::sync::Arc<Vec<crate::steering::Obstacle>>,
    /// Crowds of vehicles flocking round the obstacles (none in most worlds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    crowds: Vec<Crowd>,
    next_target: u32,
    next_missile: u32,
    pending: Vec<Input>,
    #[serde(skip)]
    events: Vec<Event>,
    /// The first law failures of the run (a script's errors), for reports after it.
    #[serde(skip)]
    failures: Vec<Event>,
    /// Launches refused this tick because the missile cap was reached.
    #[serde(skip)]
    refused: u32,
    /// Launches refused for want of a solution, oldest first (at most [`MAX_FINISHED`]:
    /// the latest). A record for the results, not state: a run goes on the same without.
    #[serde(skip)]
    refusals: Vec<Refusal>,
    /// Refusals dropped from the front of `refusals` to bound its memory.
    #[serde(skip)]
    refusals_dropped: u64,
    /// The targets the last tick removed at its end (destroyed, grounded, past a death
    /// line, burnt out), as they were then: their last state, for a trace.
    #[serde(skip)]
    departed: Vec<(Target, TargetLoss)>,
    /// How many missiles the last tick ended (the last of `finished`).
    #[serde(skip)]
    ended_last: usize,
    /// What each target saw around it this tick (a buffer reused from tick to tick).
    #[serde(skip)]
    surroundings: Vec<crate::sim::motion::Surroundings>,
}

/// Most ended missiles a world keeps (their rows and metrics); beyond it the oldest half
/// is dropped, so a long run's memory stays bounded.
pub const MAX_FINISHED: usize = 100_000;

/// Most law failures a world remembers for its report (each also ends its missile).
pub const MAX_FAILURES_KEPT: usize = 100;

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl World {
    /// An empty world.
    pub fn new(config: WorldConfig, tuning: Tuning) -> Self {
        let rng = Rng::new(config.seed);
        Self {
            config,
            tuning,
            tick: 0,
            rng,
            targets: Vec::new(),
            missiles: Vec::new(),
            finished: Vec::new(),
            finished_dropped: 0,
            launchers: Vec::new(),
            turrets: Vec::new(),
            rain: None,
            obstacles: Vec::new(),
            terrain: Terrain::default(),
            shapes: std::sync::Arc::default(),
            crowds: Vec::new(),
            next_target: 0,
            next_missile: 0,
            pending: Vec::new(),
            events: Vec::new(),
            failures: Vec::new(),
            refused: 0,
            refusals: Vec::new(),
            refusals_dropped: 0,
            departed: Vec::new(),
            ended_last: 0,
            surroundings: Vec::new(),
        }
    }

    /// Adds a target; fails on a motion that breaks its own rules (a fly program with
    /// a bad command, say).
    pub fn add_target(&mut self, spec: &TargetSpec) -> Result<TargetId, String> {
        if let Some((field, message)) = spec.motion.unusable().into_iter().next() {
            return Err(format!("motion.{field}: {message}"));
        }
        let id = TargetId(self.next_target);
        self.next_target += 1;
        self.targets.push(Target::new(id, spec, self.tick));
        self.link_heroes();
        Ok(id)
    }

    /// Resolves the names of the targets that motions follow (a fly program's hero).
    fn link_heroes(&mut self) {
        if self.targets.iter().all(|t| t.motion.follows().is_none()) {
            return;
        }
        let names: Vec<(String, TargetId)> = self
            .targets
            .iter()
            .map(|t| (t.name.clone(), t.id))
            .collect();
        for target in &mut self.targets {
            if let Some(hero) = target.motion.follows() {
                let id = names.iter().find(|(n, _)| n == hero).map(|(_, id)| *id);
                target.state.follow(id);
            }
        }
    }

    /// Adds a launcher; fails if its target name is unknown.
    pub fn add_launcher(&mut self, spec: LauncherSpec) -> Result<usize, String> {
        let target = self
            .targets
            .iter()
            .find(|t| t.name == spec.target)
            .map(|t| t.id)
            .ok_or_else(|| format!("unknown target `{}`", spec.target))?;
        let mut launcher = Launcher::new(spec, target, self.dt());
        launcher.retune(&self.tuning)?;
        self.launchers.push(launcher);
        Ok(self.launchers.len() - 1)
    }

    pub fn add_turret(&mut self, spec: TurretSpec) -> usize {
        self.turrets.push(Turret::new(spec, self.dt()));
        self.turrets.len() - 1
    }

    pub fn set_rain(&mut self, spec: RainSpec) {
        self.rain = Some(Rain::new(spec));
    }

    /// Takes away the target called `name`: a placement still queued is withdrawn (it
    /// never appears), a target in the world is removed at the start of the next tick.
    pub fn remove_target_named(&mut self, name: &str) {
        let queued = self
            .pending
            .iter()
            .position(|i| matches!(i, Input::AddTarget(spec) if spec.name == name));
        if let Some(index) = queued {
            self.pending.remove(index);
        } else if let Some(target) = self.targets.iter().find(|t| t.name == name) {
            self.pending.push(Input::RemoveTarget { target: target.id });
        }
    }

    pub fn tick(&self) -> u64 {
        self.tick
    }
    /// Simulated seconds.
    pub fn time(&self) -> f64 {
        self.tick as f64 * f64::from(self.dt())
    }
    pub fn dt(&self) -> f32 {
        self.config.dt()
    }
    pub fn targets(&self) -> &[Target] {
        &self.targets
    }
    pub fn target(&self, id: TargetId) -> Option<&Target> {
        find(&self.targets, id)
    }
    /// Missiles in flight.
    pub fn missiles(&self) -> &[Missile] {
        &self.missiles
    }
    /// Missiles that have hit or missed, in the order they ended (at most
    /// [`MAX_FINISHED`] of them: the latest).
    pub fn finished(&self) -> &[Missile] {
        &self.finished
    }

    /// How many ended missiles were dropped from the front of [`World::finished`].
    pub fn finished_dropped(&self) -> u64 {
        self.finished_dropped
    }

    /// Launches refused for want of a solution, oldest first (at most [`MAX_FINISHED`]:
    /// the latest; [`World::refusals_dropped`] counts the others).
    pub fn refusals(&self) -> &[Refusal] {
        &self.refusals
    }

    /// How many refusals were dropped from the front of [`World::refusals`].
    pub fn refusals_dropped(&self) -> u64 {
        self.refusals_dropped
    }

    /// The targets the last tick removed at its end, with why, as they were then.
    pub fn departed(&self) -> &[(Target, TargetLoss)] {
        &self.departed
    }

    /// The missiles the last tick ended, by id, as they ended.
    pub fn ended(&self) -> &[Missile] {
        &self.finished[self.finished.len().saturating_sub(self.ended_last)..]
    }

    /// How many missiles have ended in all, kept or dropped.
    pub fn finished_total(&self) -> u64 {
        self.finished_dropped + self.finished.len() as u64
    }
    /// Every missile ever launched, in flight or ended, by id.
    pub fn all_missiles(&self) -> Vec<&Missile> {
        let mut all: Vec<&Missile> = self.missiles.iter().chain(&self.finished).collect();
        all.sort_by_key(|m| m.id);
        all
    }
    /// A missile in flight or ended, by id. Those in flight are in id order (each launch
    /// takes the next id): a binary search finds one. The ended, in the order they ended,
    /// are looked through newest first.
    pub fn missile(&self, id: MissileId) -> Option<&Missile> {
        match self.missiles.binary_search_by_key(&id, |m| m.id) {
            Ok(i) => Some(&self.missiles[i]),
            Err(_) => self.finished.iter().rev().find(|m| m.id == id),
        }
    }
    pub fn launchers(&self) -> &[Launcher] {
        &self.launchers
    }
    pub fn turrets(&self) -> &[Turret] {
        &self.turrets
    }
    pub fn rain(&self) -> Option<&Rain> {
        self.rain.as_ref()
    }
    /// Inputs queued for the start of the next tick.
    pub fn pending(&self) -> &[Input] {
        &self.pending
    }

    /// A copy without the finished missiles (which only ever grow: a history keeps one
    /// shared list of them instead of one per snapshot).
    pub(super) fn clone_without_finished(&self) -> World {
        World {
            config: self.config.clone(),
            tuning: self.tuning.clone(),
            tick: self.tick,
            rng: self.rng.clone(),
            targets: self.targets.clone(),
            missiles: self.missiles.clone(),
            finished: Vec::new(),
            finished_dropped: self.finished_dropped,
            launchers: self.launchers.clone(),
            turrets: self.turrets.clone(),
            rain: self.rain.clone(),
            obstacles: self.obstacles.clone(),
            terrain: self.terrain.clone(),
            shapes: self.shapes.clone(),
            crowds: self.crowds.clone(),
            next_target: self.next_target,
            next_missile: self.next_missile,
            pending: self.pending.clone(),
            events: self.events.clone(),
            failures: self.failures.clone(),
            refused: 0,
            refusals: self.refusals.clone(),
            refusals_dropped: self.refusals_dropped,
            departed: Vec::new(),
            ended_last: 0,
            surroundings: Vec::new(),
        }
    }

    /// Puts back the finished missiles of a copy made by [`World::clone_without_finished`].
    pub(super) fn restore_finished(&mut self, finished: Vec<Missile>) {
        self.finished = finished;
    }

    /// A rough count of the bytes this world holds (for history budgets).
    pub fn approx_bytes(&self) -> usize {
        use std::mem::size_of;
        size_of::<World>()
            + (self.missiles.capacity() + self.finished.capacity()) * size_of::<Missile>()
            + self.targets.capacity() * size_of::<Target>()
            + self.launchers.capacity() * size_of::<Launcher>()
            + self.turrets.capacity() * size_of::<Turret>()
            + self.pending.capacity() * size_of::<Input>()
            + self
                .missiles
                .iter()
                .filter_map(|m| m.seeker.as_deref())
                .map(Seeker::approx_bytes)
                .sum::<usize>()
            + self.crowds.iter().map(Crowd::approx_bytes).sum::<usize>()
    }

    /// Events of the last tick.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The ground height (asteroids are lost there).
    pub fn ground(&self) -> f32 {
        self.rain
            .as_ref()
            .and_then(|r| r.spec.ground)
            .unwrap_or(self.config.height)
    }

    /// What a missile's law is shown of what it chases now: its seeker's last view, or
    /// the target (or the flare its seeker took for it) as it is.
    pub fn seen_by(&self, missile: &Missile) -> Option<Seen> {
        let target = self.target(missile.chasing())?;
        let (target_pos, target_vel) = missile
            .seeker
            .as_ref()
            .and_then(|s| s.held)
            .unwrap_or((target.pos, target.vel));
        Some(Seen {
            target_pos,
            target_vel,
            dt: self.dt(),
        })
    }

    /// The parameters missiles from `source` fly with: their launcher's overrides, if it
    /// has any, else the world's.
    pub fn tuning_for(&self, source: Source) -> &Tuning {
        tuning_for(&self.tuning, &self.launchers, source)
    }

    /// Re-derives the launchers' parameters after the world's changed (their overrides
    /// still win). The overrides were checked when each launcher was added.
    pub fn retune_launchers(&mut self) {
        for launcher in &mut self.launchers {
            let _ = launcher.retune(&self.tuning);
        }
    }

    /// A missile's debug shapes (empty once its target is gone).
    pub fn debug_shapes(&self, missile: &Missile) -> Vec<DebugShape> {
        let mut out = Vec::new();
        if let Some(seen) = self.seen_by(missile) {
            let tuning = self.tuning_for(missile.source);
            missile
                .guidance
                .debug_shapes(tuning, &missile.body, &seen, &mut out);
        }
        if let Some(airframe) = &missile.airframe {
            airframe.debug_shapes(&missile.body, &mut out);
        }
        if let Some(seeker) = &missile.seeker {
            seeker.debug_shapes(&missile.body, &mut out);
        }
        if let Some(avoid) = &missile.avoid {
            avoid.debug_shapes(&missile.body, &mut out);
        }
        out
    }

    /// A hash of the whole state; equal worlds give equal hashes, any difference in any
    /// bit of any number changes it.
    pub fn state_hash(&self) -> u64 {
        hash_of(self)
    }

    /// Advances one tick and returns its events.
    pub fn step(&mut self) -> &[Event] {
        crate::guidance::runtime::begin_tick();
        self.events.clear();
        self.departed.clear();
        self.ended_last = 0;
        let tick = self.tick;
        let dt = self.dt();
        let inputs = std::mem::take(&mut self.pending);
        if !inputs.is_empty() {
            for input in inputs {
                self.apply_now(input);
            }
            self.crowds_see_targets();
        }
        self.spawn_rain(tick, dt);
        for i in 0..self.launchers.len() {
            if self.launchers[i].due(tick, dt) {
                self.fire_volley(i);
            }
        }
        self.poll_turrets(tick, dt);
        if self.refused > 0 {
            let refused = std::mem::take(&mut self.refused);
            let cap = self.config.missile_cap() as u32;
            self.emit(EventKind::MissileCapReached { refused, cap });
        }
        let mut lost = self.move_targets(tick, dt);
        self.move_missiles(tick, dt, &mut lost);
        self.remove_targets(lost);
        for crowd in &mut self.crowds {
            crowd.step(dt);
        }
        // What the next tick's crowds (and an explanation of it) see.
        self.crowds_see_targets();
        let room = MAX_FAILURES_KEPT.saturating_sub(self.failures.len());
        let failed = self
            .events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::LawFailed { .. }));
        self.failures.extend(failed.take(room).cloned());
        self.tick += 1;
        &self.events
    }

    /// The first [`MAX_FAILURES_KEPT`] law failures of the run (a script's errors).
    pub fn law_failures(&self) -> &[Event] {
        &self.failures
    }

    fn emit(&mut self, kind: EventKind) {
        self.events.push(Event {
            tick: self.tick,
            kind,
        });
    }

    fn spawn_rain(&mut self, tick: u64, dt: f32) {
        let ground = self.ground();
        let room = self.config.target_cap().saturating_sub(self.targets.len());
        let Some(rain) = self.rain.as_mut() else {
            return;
        };
        let time = tick as f32 * dt;
        for spec in rain
            .spawn(time, dt, self.config.width, ground, &mut self.rng)
            .into_iter()
            .take(room)
        {
            let id = TargetId(self.next_target);
            self.next_target += 1;
            let mut target = Target::new(id, &spec, tick);
            target.ground = Some(ground);
            self.targets.push(target);
            self.emit(EventKind::TargetSpawned { target: id });
        }
    }
}

/// Keeps a record that only grows within [`MAX_FINISHED`] entries: beyond it, the oldest
/// half goes (counted in `dropped`).
fn bound<T>(kept: &mut Vec<T>, dropped: &mut u64) {
    if kept.len() > MAX_FINISHED {
        let cut = kept.len() - MAX_FINISHED / 2;
        kept.drain(..cut);
        *dropped += cut as u64;
    }
}
