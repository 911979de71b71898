//! The lockstep path's diagnosis ([`Handoff::diagnosed`]): what a diagnosed engagement
//! carries, the blocks its pack writes down each tick, the buffers kept between groups,
//! and the samples rebuilt and diagnosed when a miss lands.

use super::{Engagement, Handoff, Landed, Track};
use crate::core::lanes::F4;
use crate::sim::airframe::AirframeState;
use crate::sim::diagnosis::{diagnose, Ending, Sample, Thresholds};
use crate::sim::metrics::Outcome;
use glam::Vec2;
use std::cell::RefCell;

/// A diagnosed engagement's flight: its samples and solver failures before the handoff,
/// the thresholds, then its lanes: each time it is packed, a piece (the pack's trail, its
/// lane there, and the tick the pack started) whose blocks hold its position and
/// velocity after each tick's move (its target's are its track's). A piece goes on until
/// the next begins or the flight ends.
#[derive(Clone, Debug)]
pub(super) struct Trail {
    before: Vec<Sample>,
    pub(super) solver_failed: Vec<f32>,
    /// The ticks (in order) after whose look its seeker was blind.
    pub(super) blind: Vec<u64>,
    /// With an airframe, what it did in each tick's move from the handoff on.
    pub(super) lateral: Vec<AirframeState>,
    thresholds: Thresholds,
    pub(super) pieces: Vec<(usize, usize, u64)>,
}

/// One tick of a sampled pack: position x and y, velocity x and y, four lanes each.
pub(super) type Block = [F4; 4];

/// The most diagnosed engagements flown at once (their trails are held until they land:
/// 64 flights of a minute at 120 ticks a second hold 7 MiB).
pub(super) const MOST_DIAGNOSED: usize = 64;

/// The most emptied trails of each kind a thread keeps for the next group.
const MOST_SPARE: usize = 2 * MOST_DIAGNOSED;

impl Handoff {
    /// This handoff, diagnosed by `thresholds`: after each tick's move its pack writes
    /// down where its missile is; if it misses, its flight (`before`: its samples so far,
    /// one a tick; `solver_failed`: seconds after launch its solver failed) is diagnosed
    /// into [`Landed::findings`]. Costs two vectors a tick; changes nothing in the flight.
    pub fn diagnosed(
        mut self,
        before: Vec<Sample>,
        solver_failed: Vec<f32>,
        thresholds: Thresholds,
    ) -> Handoff {
        self.engagement.trail = Some(Trail {
            before,
            solver_failed,
            blind: Vec::new(),
            lateral: Vec::new(),
            thresholds,
            pieces: Vec::new(),
        });
        self
    }
}

/// What a diagnosed group writes down, kept between groups on each thread (a sweep
/// flies thousands a second): the packs' trails, the tracks' trails and a landing's
/// samples, each emptied with its room kept.
#[derive(Default)]
pub(super) struct Spare {
    pub(super) blocks: Vec<Vec<Block>>,
    pub(super) targets: Vec<Vec<[Vec2; 2]>>,
    samples: Vec<Sample>,
}

thread_local! {
    pub(super) static SPARE: RefCell<Spare> = RefCell::default();
}

/// An empty trail from `spare` (or a new one with room for the first seconds).
pub(super) fn spare<T>(spare: &mut Vec<Vec<T>>) -> Vec<T> {
    spare.pop().unwrap_or_else(|| Vec::with_capacity(1024))
}

/// Gives `trails` back to `spare`, emptied (up to [`MOST_SPARE`] kept).
pub(super) fn give_back<T>(spare: &mut Vec<Vec<T>>, trails: impl IntoIterator<Item = Vec<T>>) {
    let room = MOST_SPARE.saturating_sub(spare.len());
    spare.extend(trails.into_iter().take(room).map(|mut t| {
        t.clear();
        t
    }));
}

/// An engagement's [`Landed`]: if it was diagnosed and missed, what its flight shows:
/// the samples before the handoff, then one a tick it moved in lockstep (its pieces of
/// the packs' `trails` against its track's), none from its target's loss on (the world
/// has no target to sample it against).
pub(super) fn landed(
    engagement: Engagement,
    tracks: &[Track],
    trails: &[Vec<Block>],
    tick: u64,
    dt: f32,
) -> Landed {
    let outcome = engagement.metrics.outcome;
    let findings = match engagement
        .trail
        .filter(|_| matches!(outcome, Outcome::Missed(_)))
    {
        None => Vec::new(),
        Some(trail) => SPARE.with_borrow_mut(|Spare { samples, .. }| {
            samples.clear();
            samples.extend_from_slice(&trail.before);
            let target = &tracks[engagement.track].trail;
            // The last tick it moved: it ended in the step from `tick + updates`.
            let last = tick + engagement.updates;
            let ends = trail.pieces.iter().skip(1).map(|p| p.2).chain([last + 1]);
            'pieces: for (&(k, lane, from), to) in trail.pieces.iter().zip(ends) {
                for t in from..to {
                    let seen = target.get((t - tick) as usize);
                    let (Some(&[target_pos, target_vel]), Some(block)) =
                        (seen, trails[k].get((t - from) as usize))
                    else {
                        break 'pieces;
                    };
                    let [x, y, vx, vy] = block.map(|n| n.as_array()[lane]);
                    let vel = Vec2::new(vx, vy);
                    // As a world's sampler reads its missile's airframe.
                    let lateral = (trail.lateral.get((t - tick) as usize)).map(|a| a.sampled(vel));
                    samples.push(Sample {
                        time: (t + 1 - engagement.launched_tick) as f32 * dt,
                        pos: Vec2::new(x, y),
                        vel,
                        target_pos,
                        target_vel,
                        lateral,
                        locked: trail.blind.binary_search(&t).is_err(),
                    });
                }
            }
            let ending = Ending {
                outcome,
                solver_failed: trail.solver_failed,
                time: (last + 1 - engagement.launched_tick) as f32 * dt,
            };
            diagnose(samples, &ending, &trail.thresholds)
        }),
    };
    Landed {
        metrics: engagement.metrics,
        updates: engagement.updates,
        findings,
    }
}
