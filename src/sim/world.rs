//! The world: owns the fixed tick, the targets, launchers, turrets, rain and missiles,
//! and steps them deterministically. Each tick: apply queued inputs, spawn rain, fire
//! launchers and turrets, move targets, steer and move missiles (seeing their targets
//! as they were at the start of the tick), test hits swept over the tick, end missiles,
//! remove lost targets.

use super::debug::DebugShape;
use super::event::{Event, EventKind, MissReason, Source, TargetLoss};
use super::fly_program::screen_centre;
use super::hash::hash_of;
use super::hit::closest_approach;
use super::launcher::{Launcher, LauncherSpec, MissileSpec, Turret, TurretSpec};
use super::metrics::{Metrics, Outcome};
use super::missile::{Missile, MissileId};
use super::rain::{Rain, RainSpec};
use super::rng::Rng;
use super::target::{Motion, MotionState, Target, TargetId, TargetSpec};
use super::{Body, Seen};
use crate::guidance::{Algorithm, Guidance, Launch, ParamValue, Signal, Tuning};
use glam::Vec2;
use serde::{Deserialize, Serialize};

fn default_width() -> f32 {
    800.0
}
fn default_height() -> f32 {
    600.0
}
fn default_tick_rate() -> f32 {
    60.0
}
fn default_margin() -> f32 {
    400.0
}

/// The world's size and clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorldConfig {
    /// Width of the world rectangle (x from 0, units).
    #[serde(default = "default_width")]
    pub width: f32,
    /// Height of the world rectangle (y from 0, down the screen).
    #[serde(default = "default_height")]
    pub height: f32,
    /// Ticks per second; the tick is `1 / tick_rate` seconds.
    #[serde(default = "default_tick_rate")]
    pub tick_rate: f32,
    /// Seed of the world's random generator.
    #[serde(default)]
    pub seed: u64,
    /// A missile this far outside the rectangle has left the world.
    #[serde(default = "default_margin")]
    pub margin: f32,
}

impl Default for WorldConfig {
    fn default() -> Self {
        Self {
            width: default_width(),
            height: default_height(),
            tick_rate: default_tick_rate(),
            seed: 0,
            margin: default_margin(),
        }
    }
}

impl WorldConfig {
    /// The tick length in seconds.
    pub fn dt(&self) -> f32 {
        1.0 / self.tick_rate
    }
}

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
    /// Change a parameter of an algorithm.
    SetParam {
        algorithm: Algorithm,
        name: String,
        value: ParamValue,
    },
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
    launchers: Vec<Launcher>,
    turrets: Vec<Turret>,
    rain: Option<Rain>,
    next_target: u32,
    next_missile: u32,
    pending: Vec<Input>,
    #[serde(skip)]
    events: Vec<Event>,
}

/// Finds a target by id (targets are kept sorted by id).
fn find(targets: &[Target], id: TargetId) -> Option<&Target> {
    targets
        .binary_search_by_key(&id, |t| t.id)
        .ok()
        .map(|i| &targets[i])
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
            launchers: Vec::new(),
            turrets: Vec::new(),
            rain: None,
            next_target: 0,
            next_missile: 0,
            pending: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Adds a target; fails on an invalid fly program.
    pub fn add_target(&mut self, spec: &TargetSpec) -> Result<TargetId, String> {
        if let Motion::FlyProgram(fly) = &spec.motion {
            fly.validate()
                .map_err(|e| format!("fly program command #{}: {}", e.index, e.message))?;
        }
        let id = TargetId(self.next_target);
        self.next_target += 1;
        self.targets.push(Target::new(id, spec, self.tick));
        self.link_heroes();
        Ok(id)
    }

    /// Resolves fly-program hero names to target ids.
    fn link_heroes(&mut self) {
        let names: Vec<(String, TargetId)> = self
            .targets
            .iter()
            .map(|t| (t.name.clone(), t.id))
            .collect();
        for target in &mut self.targets {
            if let (Motion::FlyProgram(spec), MotionState::Fly(fly)) =
                (&target.motion, &mut target.state)
            {
                if let Some(hero) = &spec.hero {
                    fly.hero = names.iter().find(|(n, _)| n == hero).map(|(_, id)| *id);
                }
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
        self.launchers.push(Launcher::new(spec, target, self.dt()));
        Ok(self.launchers.len() - 1)
    }

    pub fn add_turret(&mut self, spec: TurretSpec) -> usize {
        self.turrets.push(Turret::new(spec, self.dt()));
        self.turrets.len() - 1
    }

    pub fn set_rain(&mut self, spec: RainSpec) {
        self.rain = Some(Rain::new(spec));
    }

    /// Queues an input for the start of the next tick. Inputs that could never apply
    /// (a non-finite position, an unknown parameter) are refused here.
    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        match &input {
            Input::MoveTarget { pos, .. } if !pos.is_finite() => {
                return Err("position is not finite".into())
            }
            Input::Launch { launcher } if *launcher >= self.launchers.len() => {
                return Err(format!("no launcher #{launcher}"))
            }
            Input::SetParam {
                algorithm,
                name,
                value,
            } => {
                self.tuning.clone().set(*algorithm, name, *value)?;
            }
            _ => {}
        }
        self.pending.push(input);
        Ok(())
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
    /// Missiles that have hit or missed, in the order they ended.
    pub fn finished(&self) -> &[Missile] {
        &self.finished
    }
    /// Every missile ever launched, in flight or ended, by id.
    pub fn all_missiles(&self) -> Vec<&Missile> {
        let mut all: Vec<&Missile> = self.missiles.iter().chain(&self.finished).collect();
        all.sort_by_key(|m| m.id);
        all
    }
    pub fn missile(&self, id: MissileId) -> Option<&Missile> {
        self.missiles
            .iter()
            .chain(&self.finished)
            .find(|m| m.id == id)
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

    /// What a missile's seeker sees of its target now.
    pub fn seen_by(&self, missile: &Missile) -> Option<Seen> {
        let target = self.target(missile.target)?;
        Some(Seen {
            target_pos: target.pos,
            target_vel: target.vel,
            dt: self.dt(),
        })
    }

    /// A missile's debug shapes (empty once its target is gone).
    pub fn debug_shapes(&self, missile: &Missile) -> Vec<DebugShape> {
        let mut out = Vec::new();
        if let Some(seen) = self.seen_by(missile) {
            missile
                .guidance
                .debug_shapes(&self.tuning, &missile.body, &seen, &mut out);
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
        self.events.clear();
        let tick = self.tick;
        let dt = self.dt();
        for input in std::mem::take(&mut self.pending) {
            self.apply_now(input);
        }
        self.spawn_rain(tick, dt);
        for i in 0..self.launchers.len() {
            if self.launchers[i].due(tick, dt) {
                self.fire_volley(i);
            }
        }
        self.poll_turrets(tick, dt);
        let mut lost = self.move_targets(tick, dt);
        self.move_missiles(tick, dt, &mut lost);
        self.remove_targets(lost);
        self.tick += 1;
        &self.events
    }

    fn emit(&mut self, kind: EventKind) {
        self.events.push(Event {
            tick: self.tick,
            kind,
        });
    }

    fn apply_now(&mut self, input: Input) {
        match input {
            Input::MoveTarget { target, pos } => {
                if let Ok(i) = self.targets.binary_search_by_key(&target, |t| t.id) {
                    self.targets[i].drive_to(pos);
                }
            }
            Input::Launch { launcher } => self.fire_volley(launcher),
            Input::AddTarget(spec) => {
                if let Ok(target) = self.add_target(&spec) {
                    self.emit(EventKind::TargetSpawned { target });
                }
            }
            Input::SetParam {
                algorithm,
                name,
                value,
            } => {
                // Checked when queued; a failure here leaves the tuning unchanged.
                let _ = self.tuning.set(algorithm, &name, value);
            }
        }
    }

    fn spawn_rain(&mut self, tick: u64, dt: f32) {
        let ground = self.ground();
        let Some(rain) = self.rain.as_mut() else {
            return;
        };
        let time = tick as f32 * dt;
        for spec in rain.spawn(time, dt, self.config.width, ground, &mut self.rng) {
            let id = TargetId(self.next_target);
            self.next_target += 1;
            let mut target = Target::new(id, &spec, tick);
            target.ground = Some(ground);
            self.targets.push(target);
            self.emit(EventKind::TargetSpawned { target: id });
        }
    }

    /// Fires one volley of launcher `index`: `salvo` missiles of each algorithm.
    fn fire_volley(&mut self, index: usize) {
        let Some(launcher) = self.launchers.get_mut(index) else {
            return;
        };
        launcher.volleys += 1;
        let launcher = launcher.clone();
        let Some(target) = self.target(launcher.target).cloned() else {
            return;
        };
        let dt = self.dt();
        let base = Launch::toward(
            launcher.spec.pos,
            launcher.spec.launch_velocity,
            target.pos,
            target.vel,
            dt,
        );
        for &algorithm in launcher.algorithms() {
            for offset in launcher.salvo_offsets() {
                let turn = Vec2::from_angle(offset);
                let launch = Launch {
                    dir: turn.rotate(base.dir),
                    vel: turn.rotate(base.vel),
                    ..base
                };
                self.launch(
                    algorithm,
                    &launch,
                    Source::Launcher(index),
                    target.id,
                    &launcher.spec.missile,
                );
            }
        }
    }

    /// Starts one missile, or reports that its algorithm has no solution.
    fn launch(
        &mut self,
        algorithm: Algorithm,
        launch: &Launch,
        source: Source,
        target: TargetId,
        spec: &MissileSpec,
    ) {
        let Some((guidance, body)) = Guidance::launch(algorithm, &self.tuning, launch) else {
            self.emit(EventKind::NoSolution {
                algorithm,
                source,
                target,
            });
            return;
        };
        let id = MissileId(self.next_missile);
        self.next_missile += 1;
        let optimal_time = guidance.optimal_time(&self.tuning, &body, &launch.seen);
        self.missiles.push(Missile {
            id,
            source,
            target,
            body,
            guidance,
            launched_tick: self.tick,
            lifetime: spec.lifetime,
            fuel: spec.fuel,
            radius: spec.radius,
            metrics: Metrics::new(optimal_time),
        });
        self.emit(EventKind::Launched {
            missile: id,
            algorithm,
            source,
            target,
        });
    }

    fn poll_turrets(&mut self, tick: u64, dt: f32) {
        let ground = self.ground();
        for index in 0..self.turrets.len() {
            if !self.turrets[index].due(tick, dt) {
                continue;
            }
            let turret = &self.turrets[index];
            let engaged: Vec<TargetId> = if turret.spec.skip_engaged {
                self.missiles
                    .iter()
                    .filter(|m| m.source == Source::Turret(index))
                    .map(|m| m.target)
                    .collect()
            } else {
                Vec::new()
            };
            let candidates = self.targets.iter().filter(|t| !engaged.contains(&t.id));
            let picked = turret.pick(candidates, ground);
            self.turrets[index].locked = picked;
            let Some(target) = picked.and_then(|id| self.target(id)).cloned() else {
                continue;
            };
            let turret = &self.turrets[index];
            let launch = Launch::toward(turret.spec.pos, Vec2::ZERO, target.pos, target.vel, dt);
            let spec = turret.spec.missile.clone();
            self.launch(
                Algorithm::Intercept,
                &launch,
                Source::Turret(index),
                target.id,
                &spec,
            );
        }
    }

    /// Advances every target; returns those that crossed a death line or reached the ground.
    fn move_targets(&mut self, tick: u64, dt: f32) -> Vec<(TargetId, TargetLoss)> {
        let heroes: Vec<Vec2> = self
            .targets
            .iter()
            .map(|t| match &t.state {
                MotionState::Fly(fly) => fly
                    .hero
                    .and_then(|h| self.target(h))
                    .map_or(screen_centre(), |h| h.pos),
                _ => Vec2::ZERO,
            })
            .collect();
        let mut lost = Vec::new();
        for (target, hero) in self.targets.iter_mut().zip(heroes) {
            if !target.advance(tick, dt, hero) {
                lost.push((target.id, TargetLoss::DeathLine));
            } else if !target.pos.is_finite() || !target.vel.is_finite() {
                // Cannot come from the motions; a guard so a NaN never reaches the screen.
                target.pos = target.prev_pos;
                target.vel = Vec2::ZERO;
            } else if target.ground.is_some_and(|g| target.pos.y >= g) {
                lost.push((target.id, TargetLoss::ReachedGround));
            }
        }
        lost
    }

    fn move_missiles(&mut self, tick: u64, dt: f32, lost: &mut Vec<(TargetId, TargetLoss)>) {
        let World {
            config,
            tuning,
            targets,
            missiles,
            events,
            ..
        } = self;
        let mut hits: Vec<TargetId> = Vec::new();
        let mut ended = 0usize;
        let (lo, hi) = (
            Vec2::splat(-config.margin),
            Vec2::new(config.width, config.height) + config.margin,
        );
        let mut emit = |kind| events.push(Event { tick, kind });
        for missile in missiles.iter_mut() {
            let algorithm = missile.guidance.algorithm();
            let end = |missile: &mut Missile, outcome: Outcome| {
                missile.metrics.outcome = outcome;
                outcome
            };
            let Some(target) = find(targets, missile.target) else {
                end(missile, Outcome::Missed(MissReason::TargetLost));
                emit(missed(missile, MissReason::TargetLost));
                ended += 1;
                continue;
            };
            let seen = Seen {
                target_pos: target.prev_pos,
                target_vel: target.prev_vel,
                dt,
            };
            let before: Body = missile.body;
            let signal = missile.guidance.steer(tuning, &mut missile.body, &seen);
            if !missile.body.is_finite() {
                missile.body = before;
                end(missile, Outcome::Missed(MissReason::NonFinite));
                emit(missed(missile, MissReason::NonFinite));
                ended += 1;
                continue;
            }
            let metrics = &mut missile.metrics;
            metrics.record_move(
                before.pos,
                missile.body.pos,
                before.vel,
                missile.body.vel,
                dt,
            );
            let (distance, frac) =
                closest_approach(before.pos, missile.body.pos, target.prev_pos, target.pos);
            metrics.record_distance(distance, tick);
            let flown = (tick - missile.launched_tick) as f32 * dt;
            // The intercept (D) is not contact-fused: it ends only by detonating at its
            // aim point, so its blast can catch every target there.
            let contact_fused = !matches!(missile.guidance, Guidance::Intercept(_));
            if contact_fused && distance <= target.radius + missile.radius {
                let time = flown + frac * dt;
                let pos = before.pos.lerp(missile.body.pos, frac);
                metrics.time_to_hit = Some(time);
                end(missile, Outcome::Hit { target: target.id });
                hits.push(target.id);
                emit(EventKind::Hit {
                    missile: missile.id,
                    algorithm,
                    target: target.id,
                    pos,
                    time,
                });
                ended += 1;
                continue;
            }
            match signal {
                Some(Signal::SolverFailed) => emit(EventKind::SolverFailed {
                    missile: missile.id,
                    algorithm,
                }),
                Some(Signal::Detonate) => {
                    let pos = missile.body.pos;
                    let radius = tuning.intercept.blast_radius;
                    emit(EventKind::Detonated {
                        missile: missile.id,
                        pos,
                        radius,
                    });
                    // It reached its aim point part-way through the tick: the blast catches
                    // targets where they were at that moment (swept, like contact hits).
                    let frac = match &missile.guidance {
                        Guidance::Intercept(g) if g.speed * dt > 0.0 => {
                            (before.pos.distance(pos) / (g.speed * dt)).min(1.0)
                        }
                        _ => 1.0,
                    };
                    let gap = |t: &Target| t.prev_pos.lerp(t.pos, frac).distance(pos);
                    let caught: Vec<&Target> = targets
                        .iter()
                        .filter(|t| gap(t) <= radius + t.radius)
                        .collect();
                    ended += 1;
                    // Its own target first, else the nearest caught.
                    let credited = caught
                        .iter()
                        .find(|t| t.id == missile.target)
                        .or_else(|| caught.iter().min_by(|a, b| gap(a).total_cmp(&gap(b))));
                    match credited {
                        Some(t) => {
                            let time = flown + frac * dt;
                            missile.metrics.time_to_hit = Some(time);
                            end(missile, Outcome::Hit { target: t.id });
                            for t in &caught {
                                hits.push(t.id);
                                emit(EventKind::Hit {
                                    missile: missile.id,
                                    algorithm,
                                    target: t.id,
                                    pos,
                                    time,
                                });
                            }
                        }
                        None => {
                            end(missile, Outcome::Missed(MissReason::Detonated));
                            emit(missed(missile, MissReason::Detonated));
                        }
                    }
                    continue;
                }
                None => {}
            }
            let reason = if missile
                .fuel
                .is_some_and(|fuel| missile.metrics.path_length >= fuel)
            {
                Some(MissReason::FuelOut)
            } else if flown + dt >= missile.lifetime {
                Some(MissReason::LifetimeOut)
            } else if missile.body.pos.cmplt(lo).any() || missile.body.pos.cmpgt(hi).any() {
                Some(MissReason::LeftWorld)
            } else {
                None
            };
            if let Some(reason) = reason {
                end(missile, Outcome::Missed(reason));
                emit(missed(missile, reason));
                ended += 1;
            }
        }
        for id in hits {
            if let Ok(i) = targets.binary_search_by_key(&id, |t| t.id) {
                targets[i].hits += 1;
                if targets[i].destructible && !lost.iter().any(|(t, _)| *t == id) {
                    lost.push((id, TargetLoss::Destroyed));
                }
            }
        }
        if ended > 0 {
            self.finished.extend(
                self.missiles
                    .extract_if(.., |m| m.metrics.outcome != Outcome::Flying),
            );
        }
    }

    fn remove_targets(&mut self, lost: Vec<(TargetId, TargetLoss)>) {
        if lost.is_empty() {
            return;
        }
        self.targets
            .retain(|t| !lost.iter().any(|(id, _)| *id == t.id));
        for (target, reason) in lost {
            self.emit(EventKind::TargetLost { target, reason });
        }
    }
}

fn missed(missile: &Missile, reason: MissReason) -> EventKind {
    EventKind::Missed {
        missile: missile.id,
        algorithm: missile.guidance.algorithm(),
        reason,
        closest: missile.metrics.miss_distance,
    }
}
