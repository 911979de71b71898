//! Trails: the recent positions of every missile and target, aged out after a while,
//! recorded from a world tick by tick by whoever draws them (the window, the GIF
//! export); the world itself keeps no history.

use crate::guidance::Algorithm;
use crate::sim::World;
use glam::Vec2;
use std::collections::{HashMap, VecDeque};

/// Whose trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Owner {
    Missile(u32),
    Target(u32),
}

/// One trail: positions with the tick they were recorded on, oldest first.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    pub points: VecDeque<(u64, Vec2)>,
    /// The missile's algorithm (none for targets), for its colour.
    pub algorithm: Option<Algorithm>,
}

/// All trails of one world.
#[derive(Clone, Debug, Default)]
pub struct Trails {
    pub trails: HashMap<Owner, Trail>,
}

impl Trails {
    /// Records the world's current positions and drops points older than `keep` ticks.
    pub fn record(&mut self, world: &World, keep: u64) {
        let tick = world.tick();
        let missiles = world
            .missiles()
            .iter()
            .map(|m| (Owner::Missile(m.id.0), m.body.pos, Some(m.algorithm())));
        let targets = world
            .targets()
            .iter()
            .map(|t| (Owner::Target(t.id.0), t.pos, None));
        for (owner, pos, algorithm) in missiles.chain(targets) {
            let trail = self.trails.entry(owner).or_default();
            trail.algorithm = algorithm;
            trail.points.push_back((tick, pos));
        }
        let oldest = tick.saturating_sub(keep);
        self.trails.retain(|_, trail| {
            while trail.points.front().is_some_and(|(t, _)| *t < oldest) {
                trail.points.pop_front();
            }
            !trail.points.is_empty()
        });
    }

    /// Forgets everything recorded after `tick` (a branch rewrites the future).
    pub fn truncate_after(&mut self, tick: u64) {
        self.trails.retain(|_, trail| {
            while trail.points.back().is_some_and(|(t, _)| *t > tick) {
                trail.points.pop_back();
            }
            !trail.points.is_empty()
        });
    }

    /// Total points kept.
    pub fn len(&self) -> usize {
        self.trails.values().map(|t| t.points.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.trails.is_empty()
    }
}
