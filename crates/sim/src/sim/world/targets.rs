//! The targets' tick: motions advancing (fly programs toward their hero, evasive ones
//! away from the nearest missile), flares thrown (and the seekers they fool), and
//! removing the targets lost (destroyed, grounded, past a death line, burnt out).

use super::World;
use crate::sim::config::ticks;
use crate::sim::event::{Event, EventKind, TargetLoss};
use crate::sim::flares::{FLARE_DRAG, FLARE_RADIUS};
use crate::sim::ids::TargetId;
use crate::sim::missile::Missile;
use crate::sim::motion::fly_program::screen_centre;
use crate::sim::motion::{Flare, Motion, Moving, Surroundings};
use crate::sim::target::{Target, TargetSpec};
use glam::Vec2;

impl World {
    /// Advances every target; returns those that crossed a death line or reached the ground.
    pub(super) fn move_targets(&mut self, tick: u64, dt: f32) -> Vec<(TargetId, TargetLoss)> {
        // Where each target's followed target is (a fly program without one steers for
        // the centre of the visible screen), and the nearest missile after it.
        // Taken before any target moves this tick, into a buffer kept between ticks (a
        // sweep steps small worlds millions of times: no allocation per tick).
        let mut surroundings = std::mem::take(&mut self.surroundings);
        surroundings.clear();
        surroundings.extend(self.targets.iter().map(|t| {
            Surroundings {
                hero: t
                    .state
                    .followed()
                    .and_then(|h| self.target(h))
                    .map_or(screen_centre(), |h| h.pos),
                threat: self.nearest_threat(t),
                obstacles: t.motion.steers().then(|| self.shapes.clone()),
            }
        }));
        let mut lost = Vec::new();
        let mut throwing = Vec::new();
        for (target, around) in self.targets.iter_mut().zip(&surroundings) {
            let threat = around.threat.map(|m| m.pos.distance(target.pos));
            if let Some(flares) = &mut target.flares {
                if flares.release(tick, threat, dt) {
                    throwing.push(target.id);
                }
            }
            if let Some(loss) = target.tick(tick, dt, around) {
                lost.push((target.id, loss));
            }
        }
        self.surroundings = surroundings;
        for parent in throwing {
            self.throw_flare(parent, tick, dt);
        }
        lost
    }

    /// A flare from `parent` where it is now, thrown sideways (alternating sides) at its
    /// eject speed on top of half its velocity; the missiles after `parent` whose seekers
    /// see it may take it for their target.
    fn throw_flare(&mut self, parent: TargetId, tick: u64, dt: f32) {
        if self.targets.len() >= self.config.target_cap() {
            return;
        }
        let Some(from) = self.target(parent) else {
            return;
        };
        let Some(flares) = &from.flares else {
            return;
        };
        let side = if flares.released % 2 == 0 { 1.0 } else { -1.0 };
        let across = from.vel.perp().try_normalize().unwrap_or(Vec2::Y) * side;
        let spec = TargetSpec {
            name: format!("{} flare {}", from.name, flares.released),
            radius: FLARE_RADIUS,
            destructible: false,
            motion: Motion::Flare(Flare {
                pos: from.pos,
                vel: from.vel * 0.5 + across * flares.spec.eject_speed,
                drag: FLARE_DRAG,
            }),
            flares: None,
        };
        let burns = ticks(flares.spec.lifetime, dt, 1);
        let id = TargetId(self.next_target);
        self.next_target += 1;
        // It first moves on the next tick.
        let mut flare = Target::new(id, &spec, tick + 1);
        flare.decoy = true;
        flare.expires = Some(tick + burns);
        let at = flare.pos;
        self.targets.push(flare);
        self.emit(EventKind::FlareReleased {
            target: parent,
            flare: id,
        });
        for m in self.missiles.iter_mut().filter(|m| m.chasing() == parent) {
            let Some(seeker) = &mut m.seeker else {
                continue;
            };
            if seeker.decoyed_by(id, at - m.body.pos, m.body.heading) {
                let missile = m.id;
                self.events.push(Event {
                    tick,
                    kind: EventKind::Decoyed { missile, flare: id },
                });
            }
        }
    }

    /// The nearest missile in flight after `target` (chasing it, not a flare it threw),
    /// as it is at the start of the tick (the first by id among equals), for the motions
    /// that evade and the flares.
    fn nearest_threat(&self, target: &Target) -> Option<Moving> {
        if !target.motion.evades() && target.flares.is_none() {
            return None;
        }
        self.missiles
            .iter()
            .filter(|m| m.chasing() == target.id)
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
        let departed = self
            .targets
            .extract_if(.., |t| lost.iter().any(|(id, _)| *id == t.id));
        for target in departed {
            let reason = lost.iter().find(|(id, _)| *id == target.id).map(|l| l.1);
            if let Some(reason) = reason {
                self.departed.push((target, reason));
            }
        }
        for (target, reason) in lost {
            self.emit(EventKind::TargetLost { target, reason });
        }
    }
}
