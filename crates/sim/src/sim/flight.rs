//! One tick of a missile's flight: steer against the target as it was at the start of
//! the tick, turn the law's move round terrain if told to (before the terminal phase),
//! fly what the airframe makes of it (with gravity), refuse
//! non-finite states, stop it where it touches terrain, test the hit swept over the part
//! of the tick it flew, detonate with a blast, and end flights that touched
//! terrain, ran out of fuel or lifetime or left the world.

use super::airframe;
use super::config::WorldConfig;
use super::event::{Event, EventKind, MissReason};
use super::hit::{closest_approach, touches};
use super::ids::{MissileId, TargetId};
use super::launcher::{tuning_for, Launcher};
use super::metrics::Outcome;
use super::missile::Missile;
use super::obstacles::Terrain;
use super::seeker::LockChange;
use super::target::find;
use super::target::Target;
use crate::core::lanes::{Real, V2};
use crate::core::Portable;
use crate::core::{Body, Seen};
use crate::guidance::runtime::MOST_OTHERS;
use crate::guidance::{Signal, Tuning};
use crate::steering::Mover;
use glam::Vec2;

/// What every missile's tick needs from the world.
pub(super) struct Flight<'a> {
    tuning: &'a Tuning,
    launchers: &'a [Launcher],
    targets: &'a [Target],
    /// The terrain obstacles' shapes: touching one ends a flight.
    terrain: &'a Terrain,
    tick: u64,
    dt: f32,
    gravity: Vec2,
    /// The world rectangle grown by its margin: beyond it a missile has left the world.
    lo: Vec2,
    hi: Vec2,
    /// Every missile in flight as it was at the start of the tick, when one flies a
    /// runtime law (which may look at the others): none otherwise.
    others: &'a [(MissileId, Mover)],
}

impl<'a> Flight<'a> {
    pub fn new(
        config: &WorldConfig,
        tuning: &'a Tuning,
        launchers: &'a [Launcher],
        targets: &'a [Target],
        terrain: &'a Terrain,
        tick: u64,
        dt: f32,
    ) -> Self {
        let (lo, hi) = config.edges();
        Self {
            tuning,
            launchers,
            targets,
            terrain,
            tick,
            dt,
            gravity: config.gravity,
            lo,
            hi,
            others: &[],
        }
    }

    /// The same flight, its runtime laws seeing `others` (every missile in flight, as
    /// it was at the start of the tick).
    pub fn among(self, others: &'a [(MissileId, Mover)]) -> Self {
        Self { others, ..self }
    }

    /// The missiles in flight but `me`, the nearest [`MOST_OTHERS`] to `pos`, nearest
    /// first (equally near: in the world's order).
    fn others_near(&self, me: MissileId, pos: Vec2) -> Vec<Mover> {
        let mut near: Vec<(f32, usize)> = (self.others.iter().enumerate())
            .filter(|(_, (id, _))| *id != me)
            .map(|(k, (_, m))| (m.pos.distance_squared(pos), k))
            .collect();
        // Nearest first, then in the world's order: a total order, so the nearest few
        // are the same set however they are picked out.
        let order = |a: &(f32, usize), b: &(f32, usize)| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1));
        if near.len() > MOST_OTHERS {
            near.select_nth_unstable_by(MOST_OTHERS, order);
            near.truncate(MOST_OTHERS);
        }
        near.sort_by(order);
        near.iter().map(|(_, k)| self.others[*k].1).collect()
    }

    fn emit(&self, events: &mut Vec<Event>, kind: EventKind) {
        events.push(Event {
            tick: self.tick,
            kind,
        });
    }

    /// Ends a flight without a hit.
    fn miss(&self, missile: &mut Missile, reason: MissReason, events: &mut Vec<Event>) {
        missile.metrics.outcome = Outcome::Missed(reason);
        let kind = EventKind::Missed {
            missile: missile.id,
            algorithm: missile.algorithm(),
            reason,
            closest: missile.metrics.miss_distance,
        };
        self.emit(events, kind);
    }

    /// Ends a flight with a hit on `target` (credited) at `time` after launch; `caught`
    /// are every target hit (more than one for a blast).
    fn hit(
        &self,
        missile: &mut Missile,
        caught: &[TargetId],
        pos: Vec2,
        time: f32,
        events: &mut Vec<Event>,
    ) {
        missile.metrics.record_hit(caught[0], time);
        for &target in caught {
            let kind = EventKind::Hit {
                missile: missile.id,
                algorithm: missile.algorithm(),
                target,
                pos,
                time,
            };
            self.emit(events, kind);
        }
    }

    /// Flies one missile through the tick. Targets it hits are added to `hits`.
    pub fn fly(&self, missile: &mut Missile, events: &mut Vec<Event>, hits: &mut Vec<TargetId>) {
        let Some(target) = find(self.targets, missile.target) else {
            return self.miss(missile, MissReason::TargetLost, events);
        };
        // The flare its seeker took for the target: once it has burnt out, the missile
        // has been decoyed.
        let flare = match missile.seeker.as_ref().and_then(|s| s.decoy) {
            Some(id) => match find(self.targets, id) {
                Some(flare) => Some(flare),
                None => return self.miss(missile, MissReason::Decoyed, events),
            },
            None => None,
        };
        let dt = self.dt;
        let chased = flare.unwrap_or(target);
        let truth = Seen {
            target_pos: chased.prev_pos,
            target_vel: chased.prev_vel,
            dt,
        };
        let before: Body = missile.body;
        let tuning = tuning_for(self.tuning, self.launchers, missile.source);
        let others = if self.others.is_empty() {
            Vec::new()
        } else {
            self.others_near(missile.id, before.pos)
        };
        let signal = if missile.seeker.is_some() {
            self.steer_through_seeker(missile, tuning, &truth, &others, events)
        } else {
            (missile.guidance).steer_among(tuning, &mut missile.body, &truth, &others)
        };
        if let Some(Signal::Failed(error)) = signal {
            // The law broke (a script's error): only this missile ends, where it was.
            missile.body = before;
            let distance = before.pos.distance(target.prev_pos);
            missile.metrics.record_distance(distance, self.tick);
            let kind = EventKind::LawFailed {
                missile: Some(missile.id),
                algorithm: missile.algorithm(),
                error,
            };
            self.emit(events, kind);
            return self.miss(missile, MissReason::LawFailed, events);
        }
        if let Some(Signal::Ended(reason)) = signal {
            // Its recording said how it ended: it ends where it was.
            missile.body = before;
            missile
                .metrics
                .record_distance(before.pos.distance(target.prev_pos), self.tick);
            return self.miss(missile, reason, events);
        }
        // Round the terrain before its terminal phase, if it is told to.
        if let Some(avoid) = &missile.avoid {
            let chasing = (chased.prev_pos, missile.radius);
            avoid.steer_round(
                &before,
                &mut missile.body,
                self.terrain.shapes(),
                chasing,
                dt,
            );
        }
        let flown = (self.tick - missile.launched_tick) as f32 * dt;
        if missile.airframe.is_some() || self.gravity != Vec2::ZERO {
            missile.body = airframe::fly(
                missile.airframe.as_deref_mut(),
                &before,
                &missile.body,
                flown,
                self.gravity,
                dt,
            );
        }
        if !missile.body.is_finite() {
            // Never let a NaN reach the screen: keep the last good state and end the flight.
            missile.body = before;
            let distance = before.pos.distance(target.prev_pos);
            missile.metrics.record_distance(distance, self.tick);
            return self.miss(missile, MissReason::NonFinite, events);
        }
        let ends = Ends::new(missile.fuel, missile.lifetime, (self.lo, self.hi));
        // The last of the fuel takes it only part of the way.
        let (pos, mut path) = ends.burn(
            missile.metrics.path_length,
            before.pos.into(),
            missile.body.pos.into(),
        );
        missile.body.pos = pos.into();
        // Terrain stops it where it first touches: the rest of the move is not flown.
        let crashed = (self.terrain).first_contact(before.pos, missile.body.pos, missile.radius);
        if let Some(at) = crashed {
            let stop = before.pos.lerp(missile.body.pos, at);
            path = missile.metrics.path_length + stop.distance(before.pos);
            missile.body.pos = stop;
        }
        let after = missile.body;
        missile.metrics.record_move(path, before.vel, after.vel, dt);
        // The closest approach to something over the missile's move, which ends at the
        // tick's end or where terrain stopped it (the share `span` of the tick, when the
        // thing is that far along its own move): the gap and its share of the move.
        let span = crashed.unwrap_or(1.0);
        let approach = |t: &Target| {
            let end = if span < 1.0 {
                t.prev_pos.lerp(t.pos, span)
            } else {
                t.pos
            };
            closest_approach(before.pos, after.pos, t.prev_pos, end)
        };
        let (distance, along) = approach(target);
        // ...and its share of the tick.
        let frac = along * span;
        missile.metrics.record_distance(distance, self.tick);
        // Reaching the flare it chases: when in the tick, if at all.
        let decoyed_at = flare.and_then(|flare| {
            let (gap, along) = approach(flare);
            let seeker = missile.seeker.as_deref_mut()?;
            seeker.decoy_closest = seeker.decoy_closest.min(gap);
            touches(gap, flare.radius + missile.radius).then_some(along * span)
        });
        // A law that is not contact-fused (D's intercept) ends only by detonating.
        if missile.guidance.contact_fused() {
            let caught = touches(distance, target.radius + missile.radius);
            match decoyed_at {
                Some(at) if !caught || at < frac => {
                    return self.miss(missile, MissReason::Decoyed, events)
                }
                _ if caught => {
                    hits.push(target.id);
                    let pos = before.pos.lerp(after.pos, along);
                    return self.hit(missile, &[target.id], pos, flown + frac * dt, events);
                }
                _ => {}
            }
        }
        if crashed.is_some() {
            return self.miss(missile, MissReason::Terrain, events);
        }
        match signal {
            Some(Signal::SolverFailed) => {
                let kind = EventKind::SolverFailed {
                    missile: missile.id,
                    algorithm: missile.algorithm(),
                };
                self.emit(events, kind);
            }
            Some(Signal::Detonate { radius, fraction }) => {
                return self.detonate(missile, radius, fraction, flown, events, hits)
            }
            Some(Signal::Failed(_) | Signal::Ended(_)) | None => {}
        }
        if let Some(reason) = ends.reason(path, flown, dt, after.pos) {
            self.miss(missile, reason, events);
        }
    }

    /// Steers a missile with a seeker: its law sees what the seeker shows, or, while the
    /// lock is lost, is not asked and the missile holds the turn rate its law last flew.
    fn steer_through_seeker(
        &self,
        missile: &mut Missile,
        tuning: &Tuning,
        truth: &Seen,
        others: &[Mover],
        events: &mut Vec<Event>,
    ) -> Option<Signal> {
        let before = missile.body;
        let seeker = missile.seeker.as_deref_mut()?;
        let (view, change) = seeker.look(truth, &before, self.tick);
        if let Some(change) = change {
            let lost = match change {
                LockChange::Lost(why) => Some(why),
                LockChange::Regained => None,
            };
            let kind = EventKind::SeekerLock {
                missile: missile.id,
                lost,
            };
            self.emit(events, kind);
        }
        let Some(seen) = view else {
            coast(&mut missile.body, seeker.turn_rate, truth.dt);
            return None;
        };
        let signal = (missile.guidance).steer_among(tuning, &mut missile.body, &seen, others);
        seeker.remember_turn(before.vel, missile.body.vel, truth.dt);
        signal
    }

    /// The missile reached its aim point part-way through the tick: the blast catches
    /// every target within the blast radius where it was at that moment (swept, like
    /// contact hits), credited to its own target first, else the nearest. Flares are
    /// not caught: a missile that chased one and caught nothing was decoyed.
    fn detonate(
        &self,
        missile: &mut Missile,
        radius: f32,
        frac: f32,
        flown: f32,
        events: &mut Vec<Event>,
        hits: &mut Vec<TargetId>,
    ) {
        let pos = missile.body.pos;
        self.emit(
            events,
            EventKind::Detonated {
                missile: missile.id,
                pos,
                radius,
            },
        );
        let gap = |t: &Target| t.prev_pos.lerp(t.pos, frac).distance(pos);
        let mut caught: Vec<&Target> = self
            .targets
            .iter()
            .filter(|t| !t.decoy && gap(t) <= radius + t.radius)
            .collect();
        if caught.is_empty() {
            let reason = if missile.seeker.as_ref().is_some_and(|s| s.decoyed()) {
                MissReason::Decoyed
            } else {
                MissReason::Detonated
            };
            return self.miss(missile, reason, events);
        }
        caught.sort_by(|a, b| {
            (a.id != missile.target)
                .cmp(&(b.id != missile.target))
                .then(gap(a).total_cmp(&gap(b)))
        });
        let ids: Vec<TargetId> = caught.iter().map(|t| t.id).collect();
        hits.extend(&ids);
        self.hit(missile, &ids, pos, flown + frac * self.dt, events);
    }
}

/// What ends a flight that did not hit, checked in this order: its fuel (NaN: it has
/// none), its lifetime, the world's edges (grown by the margin); for one missile
/// (`f32`) or four at once ([`crate::core::lanes::F4`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ends<N = f32> {
    pub fuel: N,
    pub lifetime: N,
    pub lo: V2<N>,
    pub hi: V2<N>,
}

impl<N: Real> Ends<N> {
    /// Whether a missile that has flown `path_length` units and `flown` seconds and is
    /// now at `pos` runs out of fuel, out of time, or has left the world after a tick of
    /// `dt`.
    pub fn checks(&self, path_length: N, flown: N, dt: N, pos: V2<N>) -> [N::Mask; 3] {
        let outside =
            self.lo.x.gt(pos.x) | self.lo.y.gt(pos.y) | pos.x.gt(self.hi.x) | pos.y.gt(self.hi.y);
        [
            path_length.ge(self.fuel),
            (flown + dt).ge(self.lifetime),
            outside,
        ]
    }
}

impl<N: Real> Ends<N> {
    /// A move from `from` to `to` by a missile that has flown `path` units: where it ends
    /// and its path length then. The last of its fuel takes it only that far along the
    /// move (its path is then exactly its fuel), so it never flies more than its fuel.
    pub fn burn(&self, path: N, from: V2<N>, to: V2<N>) -> (V2<N>, N) {
        let step = (to - from).length();
        let total = path + step;
        let short = total.gt(self.fuel);
        if !N::any(short) {
            // (Nearly every move: the division below only matters for the last one.)
            return (to, total);
        }
        let part = (to - from).scale((self.fuel - path) / step);
        (
            V2::select(short, from + part, to),
            N::select(short, self.fuel, total),
        )
    }
}

impl Ends<f32> {
    pub fn new(fuel: Option<f32>, lifetime: f32, (lo, hi): (Vec2, Vec2)) -> Self {
        Self {
            fuel: fuel.unwrap_or(f32::NAN),
            lifetime,
            lo: lo.into(),
            hi: hi.into(),
        }
    }

    /// Why the flight ends after this tick ([`Ends::checks`]), if it does.
    pub fn reason(&self, path_length: f32, flown: f32, dt: f32, pos: Vec2) -> Option<MissReason> {
        match self.checks(path_length, flown, dt, pos.into()) {
            [true, _, _] => Some(MissReason::FuelOut),
            [_, true, _] => Some(MissReason::LifetimeOut),
            [_, _, true] => Some(MissReason::LeftWorld),
            _ => None,
        }
    }
}

/// Flies a missile whose seeker has lost its lock: its velocity turns at `turn_rate`
/// (rad/s) at the speed it has, nose along the velocity. Nothing speeds it up: a law's
/// speed (or its airframe's cap) holds without the law.
pub(crate) fn coast(body: &mut Body, turn_rate: f32, dt: f32) {
    let (sin, cos) = (turn_rate * dt).psin_cos();
    body.vel = Vec2::new(cos, sin).rotate(body.vel);
    body.pos += body.vel * dt;
    if body.vel != Vec2::ZERO {
        body.heading = crate::core::direction(body.vel);
    }
}

#[path = "flight_lanes.rs"]
mod lanes;

#[cfg(test)]
#[path = "flight_tests.rs"]
mod tests;
