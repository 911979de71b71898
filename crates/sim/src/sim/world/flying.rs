//! Flying: every missile in flight through one tick (`sim/flight.rs` flies each), on
//! every core once there are many, then the ended ones moved to the finished.

use super::{bound, World};
use crate::core::lanes::LANES;
use crate::core::prefetch::{prefetch, AHEAD};
use crate::guidance::Guidance;
use crate::sim::event::{Event, TargetLoss};
use crate::sim::flight::Flight;
use crate::sim::ids::{MissileId, TargetId};
use crate::sim::metrics::Outcome;
use crate::sim::missile::Missile;
use crate::steering::Mover;
use rayon::prelude::*;

/// From how many missiles in flight a tick flies them on every core, in slices of
/// [`PARALLEL_SLICE`] (fewer are not worth a thread's wake-up; a sweep's worlds, each a
/// few missiles, already run one per core).
const PARALLEL_FROM: usize = 4096;
const PARALLEL_SLICE: usize = 1024;

impl World {
    /// Whether it has missiles enough in flight ([`PARALLEL_FROM`]) to spread a tick's
    /// work over every core: its flight does (without a runtime law), and so does what
    /// a window does beside each tick (trails, diagnosis).
    pub fn is_crowded(&self) -> bool {
        self.missiles.len() >= PARALLEL_FROM
    }

    pub(super) fn move_missiles(
        &mut self,
        tick: u64,
        dt: f32,
        lost: &mut Vec<(TargetId, TargetLoss)>,
    ) {
        // A runtime law may look at the other missiles, as they are now (a script's
        // `missile.neighbours`): only then are they gathered.
        let runtime = &self.tuning.runtime;
        let sees = |m: &Missile| match &m.guidance {
            Guidance::Runtime(g) => runtime.law(g.law).is_some_and(|(l, _)| l.sees_others()),
            _ => false,
        };
        // (Most worlds hold no such law: then no missile is looked at.)
        let any_sees = runtime.sees_others() && self.missiles.iter().any(sees);
        let others: Vec<(MissileId, Mover)> = if any_sees {
            let mover = |m: &Missile| Mover {
                pos: m.body.pos,
                vel: m.body.vel,
                radius: 0.0,
            };
            self.missiles.iter().map(|m| (m.id, mover(m))).collect()
        } else {
            Vec::new()
        };
        let flight = Flight::new(
            &self.config,
            &self.tuning,
            &self.launchers,
            &self.targets,
            &self.terrain,
            tick,
            dt,
        )
        .among(&others);
        let mut hits: Vec<TargetId> = Vec::new();
        let mut ended = false;
        // Each missile's tick reads the world as it was and changes only that missile:
        // many are flown in slices on every core, their events and hits kept in the
        // missiles' order, so a run is the same bits on any number of threads. (Not with
        // a runtime law: a script's tick keeps per-thread budgets.)
        if self.is_crowded() && self.tuning.runtime.is_empty() {
            let slices: Vec<(Vec<Event>, Vec<TargetId>, bool)> = (self.missiles)
                .par_chunks_mut(PARALLEL_SLICE)
                .map(|slice| {
                    let (mut events, mut hits) = (Vec::new(), Vec::new());
                    let ended = fly_all(&flight, slice, &mut events, &mut hits);
                    (events, hits, ended)
                })
                .collect();
            for (events, slice_hits, slice_ended) in slices {
                self.events.extend(events);
                hits.extend(slice_hits);
                ended |= slice_ended;
            }
        } else {
            ended = fly_all(&flight, &mut self.missiles, &mut self.events, &mut hits);
        }
        for id in hits {
            if let Ok(i) = self.targets.binary_search_by_key(&id, |t| t.id) {
                self.targets[i].hits += 1;
                if self.targets[i].destructible && !lost.iter().any(|(t, _)| *t == id) {
                    lost.push((id, TargetLoss::Destroyed));
                }
            }
        }
        if ended {
            let before = self.finished.len();
            self.finished.extend(
                self.missiles
                    .extract_if(.., |m| m.metrics.outcome != Outcome::Flying),
            );
            self.ended_last = self.finished.len() - before;
            bound(&mut self.finished, &mut self.finished_dropped);
        }
    }
}

/// Flies `missiles` in order through the tick; whether any ended. Four at a time where
/// the world and the four allow it ([`Flight::fly_four`]), else one by one. Each
/// missile's lines are asked for [`AHEAD`] missiles before its turn: a million missiles
/// (208 MB) are far from the core, and a tick's work on each is short, so without it the
/// core waits on each missile's first read (1.2-1.3x the updates per second at a
/// million, `cargo bench --bench floor`).
fn fly_all(
    flight: &Flight,
    missiles: &mut [Missile],
    events: &mut Vec<Event>,
    hits: &mut Vec<TargetId>,
) -> bool {
    let mut ended = false;
    let mut k = 0;
    while k < missiles.len() {
        let end = (k + LANES).min(missiles.len());
        prefetch_ahead(missiles, k..end);
        let four = &mut missiles[k..end];
        // (A law that does not fly in lanes is told apart before anything is asked.)
        let lanes = four.first().is_some_and(|m| m.guidance.flies_in_lanes());
        if !(lanes && flight.fly_four(four)) {
            for missile in four.iter_mut() {
                flight.fly(missile, events, hits);
            }
        }
        ended |= four.iter().any(|m| m.metrics.outcome != Outcome::Flying);
        k = end;
    }
    ended
}

/// Asks for the lines of the missiles [`AHEAD`] after those in `range` (speed only).
fn prefetch_ahead(missiles: &[Missile], range: std::ops::Range<usize>) {
    for next in missiles.iter().skip(range.start + AHEAD).take(range.len()) {
        prefetch(next);
    }
}
