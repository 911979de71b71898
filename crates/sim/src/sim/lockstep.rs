//! The sweep's fast lane: many engagements flown at once, four to a SIMD register.
//!
//! A sweep flies the same small engagement thousands of times with different numbers.
//! Once a world is down to one missile whose flight nothing else in it can change (no
//! launches to come, no turrets or rain, no gravity or airframe unless its law's step
//! takes up a body something else moved, a seeker only if it sees all round and no
//! flare can take it, a target that neither follows another nor throws flares, and no
//! other target if its law detonates), what is left of its run is that missile against
//! that target (a target that evades it is told where it is, as a world tells it; a
//! seeker shows its law what a world's would, late, held and noisy, and while it is
//! blind the missile coasts, under a law whose step takes up a body something else
//! moved; an airframe makes of each lane's move what a world's makes of its missile's,
//! four lanes at once through the world's own rule, [`crate::sim::airframe::limit_over`]).
//! [`Handoff::take`] lifts the two out of the world; [`fly`] flies many such pairs in
//! lockstep, four per [`F4`](crate::core::lanes::F4), with the rules the world uses
//! written once for both ([`crate::core::lanes`]): the law's step, the swept hit test,
//! the turn measure, the target's tick, the ends of a flight. A lane computes the bits
//! [`World::step`] computes; `crates/scenario/tests/lockstep.rs` flies both and compares.
//!
//! A group's engagements fly in packs of four (`lockstep_pack.rs`: a pack's numbers and
//! one tick of it) against tracks of their targets (`lockstep_track.rs`).
//!
//! A diagnosed sweep asks a handoff to be diagnosed ([`Handoff::diagnosed`]): each tick
//! its pack also writes down where its lanes are, and a miss is diagnosed when it lands
//! from the samples a world's sampler would have taken ([`crate::sim::diagnosis`]), so a
//! failure-class map flies on this path too.
//!
//! A law offers its four-lane step through its own file ([`crate::guidance::Law::LANE_STEP`]
//! and [`crate::guidance::Law::lane`]); this module never names a law. Smoothed homing,
//! turn-rate, naive-accel, the quartic, Newton (solving every tick), the heat-seeker,
//! pro-nav (unaugmented), the intercept (without lead pursuit) and ballistic shells have
//! one (the last two detonate, so they are taken only against a lone target). Under
//! gravity every one of them but turn-rate is taken
//! ([`crate::guidance::Law::LANE_GRAVITY`]): turn-rate steers by its heading, which
//! gravity turns and its lanes hold (the same goes for an airframe, and for a seeker that
//! may go blind: its missile coasts). A seeker runs lane by lane, through the world's own
//! [`Seeker::look`]. The lanes carry no heading, which an airframe, pro-nav's step and the
//! heat-seeker's read only to know which way a missile at a standstill points or whether
//! something turned it without moving it: a lane that comes to a standstill under an
//! airframe, or that its law's step could not move without the heading
//! ([`crate::core::lanes::Moved::needs_heading`]), gives up ([`fly`] gives no result for
//! it), and the sweep flies its run again in a world. A lane
//! whose solver fails says so ([`crate::core::lanes::Moved::solver_failed`]), and a
//! diagnosed engagement writes the time down as a world's event would. Scripts fly in
//! their worlds, on the ordinary path.

use super::airframe::Airframe;
use super::diagnosis::Finding;
use super::flight::Ends;
use super::ids::TargetId;
use super::metrics::Metrics;
use super::motion::fly_program::screen_centre;
use super::motion::{Moving, Surroundings};
use super::seeker::Seeker;
use super::target::Target;
use super::{MissReason, World};
use crate::core::lanes::{LaneStep, LANES, LANE_NUMBERS};
use crate::guidance::Algorithm;
use glam::Vec2;

#[path = "lockstep_diagnosed.rs"]
mod diagnosed;
use diagnosed::{give_back, landed, spare, Block, Trail, MOST_DIAGNOSED, SPARE};
#[path = "lockstep_pack.rs"]
mod packs;
use packs::{fly_pack, pack, Pack};
#[path = "lockstep_track.rs"]
mod track;
use track::Track;

/// A world's last missile and its target, lifted out to be flown in lockstep.
#[derive(Clone, Debug)]
pub struct Handoff {
    /// The world's tick when it was taken: the next tick flown is this one.
    tick: u64,
    /// The tick it stops before, flying or not.
    end: u64,
    dt: f32,
    /// The missile's law, and its four-lane step: lanes of one law fly together.
    law: Algorithm,
    step: LaneStep,
    /// Whether its law hits what it touches (else it ends by detonating).
    contact: bool,
    /// The world's gravity, added after the law's move.
    gravity: Vec2,
    /// Boxed: a target is about a kilobyte, and a handoff is moved from the sweep's run
    /// to its group and into its pack.
    target: Box<Target>,
    engagement: Engagement,
}

/// One missile and its target in lockstep (an engagement; the missile flies in one of a
/// [`Pack`]'s four lanes): what its flight needs and what it has measured (the
/// running numbers live in its [`Pack`] while it flies, and come back when it lands or
/// is repacked).
#[derive(Clone, Debug)]
struct Engagement {
    pos: Vec2,
    vel: Vec2,
    /// The law's numbers for its four-lane step (its state and parameters).
    numbers: [f32; LANE_NUMBERS],
    ends: Ends,
    /// The target's radius plus the missile's: a closest approach within it is a hit.
    reach: f32,
    launched_tick: u64,
    target: TargetId,
    metrics: Metrics,
    /// Ticks after which it was still flying.
    updates: u64,
    track: usize,
    /// Its seeker (all round, taking no flare): what its law is shown of the target.
    seeker: Option<Box<Seeker>>,
    /// Its airframe: what it makes of the law's move.
    airframe: Option<Box<Airframe>>,
    /// Come to a standstill under its airframe or its law: the lanes cannot fly it on
    /// (they carry no heading), so it has no result here.
    gave_up: bool,
    /// Diagnosed ([`Handoff::diagnosed`]): what it looked like before the handoff, how
    /// it is to be diagnosed and where its lanes' trails are.
    trail: Option<Trail>,
}

/// What a missile flown in lockstep measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Landed {
    /// Its metrics as [`World::step`] would have left them (`Outcome::Flying` if it was
    /// still flying at the end).
    pub metrics: Metrics,
    /// The ticks after which it was still flying (what a world counts as updates).
    pub updates: u64,
    /// A diagnosed handoff's failure classes, first in time first, as
    /// [`crate::sim::diagnosis::diagnose`] finds them in the samples a world's sampler
    /// would have taken (none for a hit, a missile still flying or a handoff not
    /// diagnosed).
    pub findings: Vec<Finding>,
}

impl Handoff {
    /// The world's one missile and its target, if nothing else in the world can change
    /// the rest of its flight and its law has a four-lane step. It is to fly until the
    /// end of its flight or of tick `end - 1`, whichever comes first.
    pub fn take(world: &World, end: u64) -> Option<Handoff> {
        let [missile] = world.missiles() else {
            return None;
        };
        let (step, numbers) =
            (missile.guidance).lane(world.tuning_for(missile.source), &missile.body)?;
        // Whether its law's step takes up a body something else moved (gravity, a coast).
        let moved_on = missile.algorithm().info().lane_gravity;
        let quiet = world.pending().is_empty()
            && world.turrets().is_empty()
            && world.rain().is_none()
            && world.terrain().is_empty()
            && (world.config.gravity == Vec2::ZERO || moved_on)
            && world.launchers().iter().all(|l| l.next_tick.is_none());
        // (A missile told to go round terrain is plain too: without terrain, which a
        // quiet world has none of, its law's move is flown as it is.)
        // A law that detonates catches whatever is in its blast: the target alone then.
        let contact = missile.guidance.contact_fused();
        // A seeker flies on if what it shows never depends on the heading (which the lanes
        // do not carry) and no flare can take it; one that may lose the lock only under a
        // law whose step takes up a body something else moved (it coasts, blind).
        let seeing = missile.seeker.as_deref().is_none_or(|s| {
            s.spec.all_round()
                && (!s.spec.may_lose_lock() || moved_on)
                && s.decoy.is_none()
                && (world.targets().iter()).all(|t| t.flares.is_none() && !t.decoy)
        });
        // An airframe moves the body after the law's step, as gravity does (a missile at
        // a standstill, which its airframe turns by its heading, would give up at once).
        let framed =
            missile.airframe.is_none() || (moved_on && missile.body.vel.try_normalize().is_some());
        let plain = framed && seeing && (contact || world.targets().len() == 1);
        let target = world.target(missile.target)?;
        // (An evasive target flies on: its track is told where this missile is.)
        let passive = !target.decoy && target.flares.is_none() && target.state.followed().is_none();
        if !(quiet && plain && passive) {
            return None;
        }
        // A pack counts an engagement's ticks in an f32, exact up to 2^24.
        if end.saturating_sub(missile.launched_tick) >= 1 << 24 {
            return None;
        }
        let engagement = Engagement {
            pos: missile.body.pos,
            vel: missile.body.vel,
            numbers,
            ends: Ends::new(missile.fuel, missile.lifetime, world.config.edges()),
            reach: target.radius + missile.radius,
            launched_tick: missile.launched_tick,
            target: target.id,
            metrics: missile.metrics.clone(),
            updates: 0,
            track: 0,
            seeker: missile.seeker.clone(),
            airframe: missile.airframe.clone(),
            gave_up: false,
            trail: None,
        };
        Some(Handoff {
            tick: world.tick(),
            end,
            dt: world.dt(),
            law: missile.algorithm(),
            step,
            contact,
            gravity: world.config.gravity,
            target: Box::new(target.clone()),
            engagement,
        })
    }
}

/// Flies every handoff to its end; returns what each measured, in the order given (none
/// for one whose missile came to a standstill under its airframe or its law: fly its run
/// in a world). Handoffs of one law taken at the same tick, with the same tick length, end
/// and gravity, fly together.
pub fn fly(handoffs: Vec<Handoff>) -> Vec<Option<Landed>> {
    let key = |h: &Handoff| {
        let gravity = (h.gravity.x.to_bits(), h.gravity.y.to_bits());
        (h.tick, h.dt.to_bits(), h.end, h.law, gravity)
    };
    let mut order: Vec<usize> = (0..handoffs.len()).collect();
    order.sort_by_key(|&i| key(&handoffs[i]));
    let keys: Vec<_> = handoffs.iter().map(key).collect();
    let mut handoffs: Vec<Option<Handoff>> = handoffs.into_iter().map(Some).collect();
    let mut landed = vec![None; handoffs.len()];
    let mut start = 0;
    while start < order.len() {
        let key = |i: usize| keys[i];
        let len = order[start..]
            .iter()
            .take_while(|&&i| key(i) == key(order[start]))
            .count();
        // A diagnosed group writes down every tick of every flight while it flies: at
        // most so many fly at once, so that a cell of thousands of runs does not hold
        // all their flights at the same time.
        let diagnosed = |i: &usize| {
            handoffs[*i]
                .as_ref()
                .is_some_and(|h| h.engagement.trail.is_some())
        };
        let at_once = match order[start..start + len].iter().any(diagnosed) {
            true => MOST_DIAGNOSED,
            false => len,
        };
        for group in order[start..start + len].chunks(at_once) {
            let group_landed =
                fly_group(group.iter().filter_map(|&i| handoffs[i].take()).collect());
            for (&i, one) in group.iter().zip(group_landed) {
                landed[i] = one;
            }
        }
        start += len;
    }
    landed
}

/// Flies handoffs of one law taken at the same tick, with the same tick length, end and
/// gravity.
fn fly_group(handoffs: Vec<Handoff>) -> Vec<Option<Landed>> {
    let Some((tick, dt, end, law)) = handoffs.first().map(|h| {
        // The world's move for gravity: a tick's change of velocity (ignored when zero).
        let correction = Vec2::ZERO + h.gravity * h.dt;
        (
            h.tick,
            h.dt,
            h.end,
            (h.step, h.contact, correction, h.gravity),
        )
    }) else {
        return Vec::new();
    };
    let sampling = handoffs.iter().any(|h| h.engagement.trail.is_some());
    let mut tracks: Vec<Track> = Vec::new();
    let mut engagements = Vec::with_capacity(handoffs.len());
    for handoff in handoffs {
        let mut engagement = handoff.engagement;
        engagement.track = match tracks.iter().position(|t| t.shared(&handoff.target)) {
            Some(i) => i,
            None => {
                let trail = match sampling {
                    true => SPARE.with_borrow_mut(|s| spare(&mut s.targets)),
                    false => Vec::new(),
                };
                tracks.push(Track::new(*handoff.target, tick, end, dt, trail));
                tracks.len() - 1
            }
        };
        engagements.push(engagement);
    }
    let evasive = tracks.iter().any(|t| t.evades);
    let seekers = engagements.iter().any(|e| e.seeker.is_some());
    let mut trails = Vec::new();
    let all = (0..engagements.len()).collect();
    let mut packs = pack(&mut engagements, all, tick, &mut trails);
    let state = (
        &mut packs,
        &mut engagements[..],
        &mut tracks[..],
        &mut trails,
    );
    let (span, also) = ((tick, end, dt), (evasive, sampling));
    // Without gravity or seekers the ticks are compiled without their branches (a tenth
    // faster each).
    match (law.2 == Vec2::ZERO, seekers) {
        (true, false) => fly_ticks::<false, false>(state, law, span, also),
        (false, false) => fly_ticks::<true, false>(state, law, span, also),
        (true, true) => fly_ticks::<false, true>(state, law, span, also),
        (false, true) => fly_ticks::<true, true>(state, law, span, also),
    }
    // Those still flying at the end.
    for pack in &packs {
        for (i, slot) in pack.slots.iter().enumerate() {
            if let Some(engagement) = slot.map(|l| &mut engagements[l]) {
                pack.store(i, engagement);
                engagement.updates = end - tick;
            }
        }
    }
    let landed = (engagements.into_iter())
        .map(|e| (!e.gave_up).then(|| landed(e, &tracks, &trails, tick, dt)))
        .collect();
    SPARE.with_borrow_mut(|s| {
        give_back(&mut s.blocks, trails);
        give_back(&mut s.targets, tracks.into_iter().map(|t| t.trail));
    });
    landed
}

/// A group's law: its four-lane step, whether it hits what it touches, gravity's change
/// of velocity in a tick and gravity itself (an airframe's lane adds it as a world does).
type GroupLaw = (LaneStep, bool, Vec2, Vec2);

/// A group in flight: its packs, engagements, tracks and (sampled) packs' trails.
type Flying<'a> = (
    &'a mut Vec<Pack>,
    &'a mut [Engagement],
    &'a mut [Track],
    &'a mut Vec<Vec<Block>>,
);

/// Flies a group's packs (`state`: its packs, engagements, tracks and trails) from tick
/// `tick` until tick `end` or until none is flying: its law ([`GroupLaw`]), `span`
/// (`tick`, `end` and the tick's length) and whether a target evades and whether the
/// group is sampled; with `GRAVITY`, under gravity; with `SEEKERS`, some engagements
/// have a seeker.
fn fly_ticks<const GRAVITY: bool, const SEEKERS: bool>(
    (packs, engagements, tracks, trails): Flying,
    law: GroupLaw,
    (tick, end, dt): (u64, u64, f32),
    (evasive, sampling): (bool, bool),
) {
    let around = Surroundings {
        hero: screen_centre(),
        ..Surroundings::default()
    };
    let mut flying = engagements.len();
    // Whether a target was lost in the tick before (its missiles miss in this one).
    let mut lost = false;
    for t in tick..end {
        if flying == 0 {
            break;
        }
        let lost_before = lost;
        lost = false;
        if evasive {
            threaten(tracks, packs, engagements);
        }
        for track in (tracks.iter_mut()).filter(|t| !t.gone && (!t.evades || t.threat.is_some())) {
            track.lost = track.tick(t, dt, &around);
            lost |= track.lost;
            if sampling && !track.lost {
                track.trail.push([track.target.pos, track.target.vel]);
            }
        }
        for pack in packs.iter_mut() {
            let at = (t, dt, lost_before);
            flying -=
                fly_pack::<GRAVITY, SEEKERS>(pack, law, engagements, tracks, trails, at, tick);
        }
        for track in tracks.iter_mut() {
            track.gone |= track.lost;
        }
        // Engagements end at different ticks: once half the slots are idle, close the gaps.
        let slots = packs.len() * LANES;
        if flying > 0 && flying * 2 <= slots && slots > LANES {
            for pack in packs.iter() {
                for (i, slot) in pack.slots.iter().enumerate() {
                    if let Some(l) = *slot {
                        pack.store(i, &mut engagements[l]);
                    }
                }
            }
            let live = packs.iter().flat_map(|p| p.slots).flatten().collect();
            *packs = pack(engagements, live, t + 1, trails);
        }
    }
}

/// Tells each evasive track where its engagement's missile is at the start of this tick
/// (none once it has landed: the track is then no longer flown, nothing else chasing it).
fn threaten(tracks: &mut [Track], packs: &[Pack], engagements: &[Engagement]) {
    for track in tracks.iter_mut() {
        track.threat = None;
    }
    for pack in packs {
        for (i, slot) in pack.slots.iter().enumerate() {
            if let Some(track) = slot.map(|l| &mut tracks[engagements[l].track]) {
                track.threat = track.evades.then(|| Moving {
                    pos: pack.pos.lane(i),
                    vel: pack.vel.lane(i),
                });
            }
        }
    }
}

#[cfg(test)]
#[path = "lockstep_tests.rs"]
mod tests;
