//! The timeline of a run: snapshots of the world every `interval` ticks plus every
//! input between them (target drags, launches, parameter changes), within a memory
//! budget that drops the oldest history first. Any recorded tick is rebuilt exactly by
//! replaying from the snapshot before it (the simulation is deterministic), and a run
//! can branch from a past tick, keeping the old future as a ghost to compare with.

use super::event::Event;
use super::ids::MissileId;
use super::ids::TargetId;
use super::missile::Missile;
use super::world::{Input, World};
use crate::guidance::Algorithm;
use glam::Vec2;
use std::collections::{BTreeMap, VecDeque};

/// Default ticks between snapshots.
pub const DEFAULT_INTERVAL: u64 = 60;
/// Default memory budget in bytes.
pub const DEFAULT_BUDGET: usize = 256 * 1024 * 1024;
/// How far a ghost of the old future reaches, in ticks.
pub const GHOST_TICKS: u64 = 3600;

/// A world without its finished missiles, and which of them it had: the ended
/// missiles numbered `dropped..total` (counting every missile that ever ended).
struct Snapshot {
    world: World,
    dropped: u64,
    total: u64,
    bytes: usize,
}

/// The recorded past of one world.
pub struct History {
    interval: u64,
    budget: usize,
    /// Snapshots by tick, oldest first.
    snapshots: VecDeque<(u64, Snapshot)>,
    /// Inputs applied at the start of each tick.
    inputs: BTreeMap<u64, Vec<Input>>,
    /// Every event still in the recorded range.
    events: Vec<Event>,
    /// The live tick (the latest recorded).
    latest: u64,
    /// Bytes held by the snapshots.
    bytes: usize,
    /// The missiles that ended, in the order they ended, numbered from `finished_base`
    /// (one copy, shared by all snapshots; older ones no snapshot needs are dropped).
    finished: Vec<Missile>,
    finished_base: u64,
    /// After a branch: the old future's inputs, re-applied at their ticks so the new run
    /// faces the same situation (minus parameter changes the new run overrides).
    replaying: BTreeMap<u64, Vec<Input>>,
}

/// The old future of a branched run: where each missile (with its algorithm, for its
/// colour) and each target went.
#[derive(Clone, Debug, Default)]
pub struct Ghost {
    pub missiles: BTreeMap<MissileId, (Algorithm, Vec<Vec2>)>,
    pub targets: BTreeMap<TargetId, Vec<Vec2>>,
}

impl History {
    /// Starts recording from the world as it is.
    pub fn new(world: &World, interval: u64, budget: usize) -> Self {
        let mut history = History {
            interval: interval.max(1),
            budget,
            snapshots: VecDeque::new(),
            inputs: BTreeMap::new(),
            events: Vec::new(),
            latest: world.tick(),
            bytes: 0,
            finished: world.finished().to_vec(),
            finished_base: world.finished_dropped(),
            replaying: BTreeMap::new(),
        };
        history.snapshot(world);
        history
    }

    fn snapshot(&mut self, world: &World) {
        let stripped = world.clone_without_finished();
        let bytes = stripped.approx_bytes();
        self.bytes += bytes;
        self.snapshots.push_back((
            world.tick(),
            Snapshot {
                world: stripped,
                dropped: world.finished_dropped(),
                total: world.finished_total(),
                bytes,
            },
        ));
        // Oldest history goes first; the newest snapshot always stays.
        while self.bytes() > self.budget && self.snapshots.len() > 1 {
            if let Some((_, old)) = self.snapshots.pop_front() {
                self.bytes -= old.bytes;
            }
            self.drop_unneeded_finished();
        }
        self.drop_unneeded_finished();
        let earliest = self.earliest();
        self.inputs = self.inputs.split_off(&earliest);
        self.events.retain(|e| e.tick >= earliest);
    }

    /// Steps the live world one tick, recording its inputs and events (and re-applying
    /// the old future's inputs after a branch).
    pub fn step(&mut self, world: &mut World) {
        debug_assert_eq!(world.tick(), self.latest, "the history follows one world");
        // A parameter the user changes now stays changed: the old future's later
        // changes of the same parameter are not replayed.
        for input in world.pending() {
            if let Input::SetParam {
                algorithm, name, ..
            } = input
            {
                for queued in self.replaying.values_mut() {
                    queued.retain(|q| !matches!(q, Input::SetParam { algorithm: a, name: n, .. } if a == algorithm && n == name));
                }
            }
        }
        if let Some(inputs) = self.replaying.remove(&world.tick()) {
            for input in inputs {
                let _ = world.apply(input);
            }
        }
        if !world.pending().is_empty() {
            self.inputs.insert(world.tick(), world.pending().to_vec());
        }
        self.events.extend_from_slice(world.step());
        // The missiles that ended this tick are the last ones of the world's list.
        let new = world.finished_total() - (self.finished_base + self.finished.len() as u64);
        let kept = world.finished();
        let new = (new as usize).min(kept.len());
        self.finished.extend_from_slice(&kept[kept.len() - new..]);
        self.latest = world.tick();
        if self.latest.is_multiple_of(self.interval) {
            self.snapshot(world);
        }
    }

    /// The earliest tick that can be rebuilt.
    pub fn earliest(&self) -> u64 {
        self.snapshots.front().map_or(self.latest, |(t, _)| *t)
    }

    /// The live tick.
    pub fn latest(&self) -> u64 {
        self.latest
    }

    /// Bytes held: the snapshots and the one list of finished missiles.
    pub fn bytes(&self) -> usize {
        self.bytes + self.finished.len() * std::mem::size_of::<Missile>()
    }

    /// Forgets ended missiles that no snapshot holds any more.
    fn drop_unneeded_finished(&mut self) {
        let needed = self
            .snapshots
            .front()
            .map_or(self.finished_base, |(_, s)| s.dropped);
        let cut = needed.saturating_sub(self.finished_base) as usize;
        if cut > 0 {
            self.finished.drain(..cut.min(self.finished.len()));
            self.finished_base += cut as u64;
        }
    }

    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Changes the budget (dropping history at the next snapshot if it is now over).
    pub fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    /// Every recorded event (within the reach of the history).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Inputs recorded at one tick.
    pub fn inputs_at(&self, tick: u64) -> &[Input] {
        self.inputs.get(&tick).map_or(&[], Vec::as_slice)
    }

    /// Rebuilds the world exactly as it was at `tick` (after `tick` steps), or `None` if
    /// that tick is outside the recorded range.
    pub fn world_at(&self, tick: u64) -> Option<World> {
        if tick < self.earliest() || tick > self.latest {
            return None;
        }
        let (_, snapshot) = self.snapshots.iter().rev().find(|(t, _)| *t <= tick)?;
        let mut world = snapshot.world.clone();
        let from = (snapshot.dropped - self.finished_base) as usize;
        let to = (snapshot.total - self.finished_base) as usize;
        world.restore_finished(self.finished[from..to].to_vec());
        self.replay(&mut world, tick);
        Some(world)
    }

    /// Steps `world` (rebuilt from this history) forward to `tick`, re-applying the
    /// recorded inputs.
    pub fn replay(&self, world: &mut World, tick: u64) {
        while world.tick() < tick {
            for input in self.inputs_at(world.tick()) {
                // Recorded inputs were accepted once; they are accepted again.
                let _ = world.apply(input.clone());
            }
            world.step();
        }
    }

    /// Branches at `tick`: returns the world there to continue live from (the caller
    /// changes a setting, then steps on through [`History::step`]), forgets the recorded
    /// future, and returns that old future (up to [`GHOST_TICKS`]) as a ghost. The old
    /// future's inputs (target drags, launches, placed targets, parameter changes) replay
    /// at their ticks in the new run, except changes to a parameter the new run changes
    /// itself: an unchanged branch reproduces the old future exactly.
    pub fn branch(&mut self, tick: u64) -> Option<(World, Ghost)> {
        let world = self.world_at(tick)?;
        let ghost = self.ghost(&world, tick);
        while self.snapshots.back().is_some_and(|(t, _)| *t > tick) {
            if let Some((_, old)) = self.snapshots.pop_back() {
                self.bytes -= old.bytes;
            }
        }
        self.replaying = self.inputs.split_off(&tick);
        self.finished
            .truncate((world.finished_total() - self.finished_base) as usize);
        self.events.retain(|e| e.tick < tick);
        self.latest = tick;
        Some((world, ghost))
    }

    /// Re-flies the recorded future from `world` at `tick` and collects the paths.
    fn ghost(&self, world: &World, tick: u64) -> Ghost {
        let mut world = world.clone();
        let mut ghost = Ghost::default();
        let end = self.latest.min(tick + GHOST_TICKS);
        let mut record = |world: &World| {
            for m in world.missiles() {
                ghost
                    .missiles
                    .entry(m.id)
                    .or_insert_with(|| (m.algorithm(), Vec::new()))
                    .1
                    .push(m.body.pos);
            }
            for t in world.targets() {
                ghost.targets.entry(t.id).or_default().push(t.pos);
            }
        };
        record(&world);
        while world.tick() < end {
            let next = world.tick() + 1;
            self.replay(&mut world, next);
            record(&world);
        }
        ghost
    }
}
