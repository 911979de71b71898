//! The targets' tick: rain spawning, motions advancing (fly programs toward their
//! hero), and removing the targets lost (destroyed, grounded, past a death line).

use super::World;
use crate::sim::event::{EventKind, TargetLoss};
use crate::sim::ids::TargetId;
use crate::sim::missile::Missile;
use crate::sim::motion::fly_program::screen_centre;
use crate::sim::motion::{Moving, Surroundings};
use crate::sim::target::Target;
use glam::Vec2;

impl World {
    /// Advances every target; returns those that crossed a death line or reached the ground.
    pub(super) fn move_targets(&mut self, tick: u64, dt: f32) -> Vec<(TargetId, TargetLoss)> {
        // Where each target's followed target is (a fly program without one steers for
        // the centre of the visible screen), and the nearest missile after it.
        let surroundings: Vec<Surroundings> = self
            .targets
            .iter()
            .map(|t| Surroundings {
                hero: t
                    .state
                    .followed()
                    .and_then(|h| self.target(h))
                    .map_or(screen_centre(), |h| h.pos),
                threat: self.nearest_threat(t),
            })
            .collect();
        let mut lost = Vec::new();
        for (target, around) in self.targets.iter_mut().zip(surroundings) {
            if !target.advance(tick, dt, &around) {
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

    /// The nearest missile in flight after `target`, as it is at the start of the tick
    /// (the first by id among equals), for the motions that evade.
    fn nearest_threat(&self, target: &Target) -> Option<Moving> {
        if !target.motion.evades() {
            return None;
        }
        self.missiles
            .iter()
            .filter(|m| m.target == target.id)
            .min_by(|a, b| {
                let gap = |m: &Missile| m.body.pos.distance_squared(target.pos);
                gap(a).total_cmp(&gap(b))
            })
            .map(|m| Moving {
                pos: m.body.pos,
                vel: m.body.vel,
            })
    }

    pub(super) fn remove_targets(&mut self, lost: Vec<(TargetId, TargetLoss)>) {
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
