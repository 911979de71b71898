//! The sweep's fast lane: many engagements flown at once, four to a SIMD register.
//!
//! A sweep flies the same small engagement thousands of times with different numbers.
//! Once a world is down to one missile whose flight nothing else in it can change (no
//! launches to come, no turrets or rain, no gravity unless its law's step flies under
//! it, no airframe, a seeker only if it sees all round and no flare can take it, a
//! target that neither follows another nor throws flares, and no other target if its
//! law detonates), what is left of its run is that missile against that target (a
//! target that evades it is told where it is, as a world tells it; a seeker shows its
//! law what a world's would, late, held and noisy, and while it is blind the missile
//! coasts, under a law whose step takes up a body something else moved).
//! [`Handoff::take`] lifts the two out of the world; [`fly`] flies many such pairs in
//! lockstep, four per [`F4`], with the rules the world uses written once for both
//! ([`crate::core::lanes`]): the law's step, the swept hit test, the turn measure, the
//! target's tick, the ends of a flight. A lane computes the bits [`World::step`]
//! computes; `crates/scenario/tests/lockstep.rs` flies both and compares.
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
//! gravity only smoothed, naive-accel, the quartic, Newton, the intercept and the shells
//! are taken ([`crate::guidance::Law::LANE_GRAVITY`]): turn-rate steers by its heading,
//! which gravity turns; the heat-seeker takes up a body something else moved; pro-nav
//! falls back on its heading (the same goes for a seeker that may go blind: its missile
//! coasts). A seeker runs lane by lane, through the world's own [`Seeker::look`]. A lane
//! whose solver fails says so ([`crate::core::lanes::Moved::solver_failed`]), and a
//! diagnosed engagement writes the time down as a world's event would. Scripts fly in
//! their worlds, on the ordinary path.

use super::diagnosis::Finding;
use super::flight::coast;
use super::flight::Ends;
use super::hit::{closest_approach_of, touches};
use super::ids::TargetId;
use super::metrics::{closer, Metrics, Outcome, Turn};
use super::motion::fly_program::screen_centre;
use super::motion::{Moving, Surroundings};
use super::seeker::Seeker;
use super::target::Target;
use super::{MissReason, World};
use crate::core::lanes::{bits, LaneStep, LaneTick, Moved, Real, F4, LANES, LANE_NUMBERS, V2};
use crate::core::{Body, Seen};
use crate::guidance::Algorithm;
use glam::Vec2;

#[path = "lockstep_diagnosed.rs"]
mod diagnosed;
use diagnosed::{give_back, landed, spare, Block, Trail, MOST_DIAGNOSED, SPARE};
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
                && (s.spec.lock_range == 0.0 || moved_on)
                && s.decoy.is_none()
                && (world.targets().iter()).all(|t| t.flares.is_none() && !t.decoy)
        });
        let plain = missile.airframe.is_none() && seeing && (contact || world.targets().len() == 1);
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

/// Four lanes' state, one register per number; `slots[i]` is the engagement flown in
/// lane `i` (a free slot repeats another's numbers and is ignored).
struct Pack {
    slots: [Option<usize>; LANES],
    pos: V2<F4>,
    vel: V2<F4>,
    numbers: [F4; LANE_NUMBERS],
    ends: Ends<F4>,
    reach: F4,
    /// Ticks since launch.
    age: F4,
    path: F4,
    closest: F4,
    /// The tick of the closest approach, as an offset from `since` (NaN: not since).
    closest_at: F4,
    since: u64,
    /// The peak turn rate so far and its cosine ([`Turn::measured`]).
    peak_rate: F4,
    peak_cos: F4,
    /// Sampled (some engagement in it is): its trail among the group's.
    trail: Option<usize>,
}

impl Pack {
    /// The engagements `slots` packed at the start of tick `t`.
    fn of(engagements: &[Engagement], slots: [Option<usize>; LANES], t: u64) -> Pack {
        let first = slots.iter().flatten().next().copied().unwrap_or(0);
        let engagement = |i: usize| &engagements[slots[i].unwrap_or(first)];
        let each =
            |f: &dyn Fn(&Engagement) -> f32| F4::from(std::array::from_fn(|i| f(engagement(i))));
        let vecs = |f: &dyn Fn(&Engagement) -> V2<f32>| {
            V2::gather(std::array::from_fn(|i| f(engagement(i)).into()))
        };
        Pack {
            slots,
            pos: vecs(&|l| l.pos.into()),
            vel: vecs(&|l| l.vel.into()),
            numbers: std::array::from_fn(|k| each(&|l| l.numbers[k])),
            ends: Ends {
                fuel: each(&|l| l.ends.fuel),
                lifetime: each(&|l| l.ends.lifetime),
                lo: vecs(&|l| l.ends.lo),
                hi: vecs(&|l| l.ends.hi),
            },
            reach: each(&|l| l.reach),
            age: each(&|l| (t - l.launched_tick) as f32),
            path: each(&|l| l.metrics.path_length),
            closest: each(&|l| l.metrics.miss_distance),
            closest_at: F4::splat(f32::NAN),
            since: t,
            peak_rate: each(&|l| l.metrics.peak_turn_rate),
            peak_cos: each(&|l| l.metrics.peak_cos()),
            trail: None,
        }
    }

    /// Writes slot `i`'s running numbers back into its engagement.
    fn store(&self, i: usize, engagement: &mut Engagement) {
        let at = |x: F4| x.as_array()[i];
        (engagement.pos, engagement.vel) = (self.pos.lane(i), self.vel.lane(i));
        engagement.numbers = std::array::from_fn(|k| at(self.numbers[k]));
        engagement.metrics.path_length = at(self.path);
        engagement.metrics.miss_distance = at(self.closest);
        engagement.metrics.peak_turn_rate = at(self.peak_rate);
        engagement.metrics.set_peak_cos(at(self.peak_cos));
        if !at(self.closest_at).is_nan() {
            engagement.metrics.closest_tick = self.since + at(self.closest_at) as u64;
        }
    }
}

/// Flies every handoff to its end; returns what each measured, in the order given.
/// Handoffs of one law taken at the same tick, with the same tick length, end and gravity, fly
/// together.
pub fn fly(handoffs: Vec<Handoff>) -> Vec<Landed> {
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
                landed[i] = Some(one);
            }
        }
        start += len;
    }
    landed.into_iter().flatten().collect()
}

/// Flies handoffs of one law taken at the same tick, with the same tick length, end and
/// gravity.
fn fly_group(handoffs: Vec<Handoff>) -> Vec<Landed> {
    let Some((tick, dt, end, law)) = handoffs.first().map(|h| {
        // The world's move for gravity: a tick's change of velocity (ignored when zero).
        let correction = Vec2::ZERO + h.gravity * h.dt;
        (h.tick, h.dt, h.end, (h.step, h.contact, correction))
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
        .map(|e| landed(e, &tracks, &trails, tick, dt))
        .collect();
    SPARE.with_borrow_mut(|s| {
        give_back(&mut s.blocks, trails);
        give_back(&mut s.targets, tracks.into_iter().map(|t| t.trail));
    });
    landed
}

/// A group in flight: its packs, engagements, tracks and (sampled) packs' trails.
type Flying<'a> = (
    &'a mut Vec<Pack>,
    &'a mut [Engagement],
    &'a mut [Track],
    &'a mut Vec<Vec<Block>>,
);

/// Flies a group's packs (`state`: its packs, engagements, tracks and trails) from tick
/// `tick` until tick `end` or until none is flying: its law (step, whether it hits what
/// it touches, gravity's change of velocity in a tick), `span` (`tick`, `end` and the
/// tick's length) and whether a target evades and whether the group is sampled; with
/// `GRAVITY`, under gravity; with `SEEKERS`, some engagements have a seeker.
fn fly_ticks<const GRAVITY: bool, const SEEKERS: bool>(
    (packs, engagements, tracks, trails): Flying,
    law: (LaneStep, bool, Vec2),
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

/// What `seeker` shows its law of a target truly at `truth` (position and velocity at the
/// start of tick `t`) from a missile at `pos`: as a world's missile's seeker looks
/// ([`Seeker::look`]; all round, it reads no heading); none while it is blind.
fn look(
    seeker: &mut Seeker,
    truth: (Vec2, Vec2),
    pos: Vec2,
    t: u64,
    dt: f32,
) -> Option<(Vec2, Vec2)> {
    let truth = Seen {
        target_pos: truth.0,
        target_vel: truth.1,
        dt,
    };
    let body = Body {
        pos,
        vel: Vec2::ZERO,
        heading: f32::NAN,
    };
    let (seen, _) = seeker.look(&truth, &body, t);
    seen.map(|s| (s.target_pos, s.target_vel))
}

/// After a law's step, the lanes with a seeker: a lane whose seeker was blind (`blind`, a
/// mask) did not ask its law (its numbers are `kept` from before the step, it signals
/// nothing) and coasts at the turn rate its law last flew; every other remembers its
/// turn, as a world's missile does.
fn see(
    pack: &mut Pack,
    moved: &mut Moved,
    kept: Option<[F4; LANE_NUMBERS]>,
    engagements: &mut [Engagement],
    blind: u32,
    dt: f32,
) {
    for i in 0..LANES {
        let Some(seeker) = pack.slots[i].and_then(|l| engagements[l].seeker.as_deref_mut()) else {
            continue;
        };
        let before = pack.vel.lane(i);
        if blind & (1 << i) == 0 {
            seeker.remember_turn(before, moved.vel.lane(i), dt);
            continue;
        }
        let mut body = Body {
            pos: pack.pos.lane(i),
            vel: before,
            heading: 0.0,
        };
        coast(&mut body, seeker.turn_rate, dt);
        let set = |x: &mut F4, value: f32| {
            let mut lanes = x.to_array();
            lanes[i] = value;
            *x = F4::from(lanes);
        };
        let lanes = [
            &mut moved.pos.x,
            &mut moved.pos.y,
            &mut moved.vel.x,
            &mut moved.vel.y,
        ];
        for (x, value) in lanes
            .into_iter()
            .zip([body.pos.x, body.pos.y, body.vel.x, body.vel.y])
        {
            set(x, value);
        }
        set(&mut moved.detonates_at, f32::NAN);
        set(&mut moved.solver_failed, 0.0);
        if let Some(kept) = &kept {
            for (number, old) in pack.numbers.iter_mut().zip(kept) {
                set(number, old.as_array()[i]);
            }
        }
    }
}

/// Packs the engagements `live` four to a pack at the start of tick `t`; a pack with a
/// sampled engagement gets a trail among `trails`, and each of its sampled engagements a
/// piece of it.
fn pack(
    engagements: &mut [Engagement],
    live: Vec<usize>,
    t: u64,
    trails: &mut Vec<Vec<Block>>,
) -> Vec<Pack> {
    live.chunks(LANES)
        .map(|chunk| {
            let slots = std::array::from_fn(|i| chunk.get(i).copied());
            let mut pack = Pack::of(engagements, slots, t);
            for (lane, &l) in chunk.iter().enumerate() {
                if let Some(trail) = &mut engagements[l].trail {
                    let k = *pack.trail.get_or_insert_with(|| {
                        trails.push(SPARE.with_borrow_mut(|s| spare(&mut s.blocks)));
                        trails.len() - 1
                    });
                    trail.pieces.push((k, lane, t));
                }
            }
            pack
        })
        .collect()
}

/// One tick `t` of length `dt` of a pack, as [`World::step`] flies each of its missiles
/// (`start` is the tick the engagements were handed off), its law's step, whether the law
/// hits what it touches and, with `GRAVITY`, gravity's change of velocity in a tick
/// (with `SEEKERS`, some of its engagements may have a seeker); returns how many of its
/// engagements ended. The common tick is all four lanes at once; an engagement with
/// something to settle (a turn that may be its sharpest, a hit, a detonation, an end, a
/// non-finite state) settles it through the same scalar code a world's missile does.
fn fly_pack<const GRAVITY: bool, const SEEKERS: bool>(
    pack: &mut Pack,
    (step, contact, correction): (LaneStep, bool, Vec2),
    engagements: &mut [Engagement],
    tracks: &[Track],
    trails: &mut [Vec<Block>],
    (t, dt, lost_before): (u64, f32, bool),
    start: u64,
) -> usize {
    let mut ended = 0;
    // A target lost last tick is gone: its missile misses, as a world's does.
    for i in (0..LANES).filter(|_| lost_before) {
        if let Some(engagement) = pack.slots[i].map(|l| &mut engagements[l]) {
            if tracks[engagement.track].gone {
                pack.store(i, engagement);
                engagement.metrics.outcome = Outcome::Missed(MissReason::TargetLost);
                engagement.updates = t - start;
                pack.slots[i] = None;
                ended += 1;
            }
        }
    }
    if pack.slots.iter().all(Option::is_none) {
        return ended;
    }
    // Where each lane's target was at the tick's start and its velocity then, and where
    // it is now (zero in an empty lane), each lane's target looked up once: a row a lane,
    // turned into four lanes in registers. Put together a number at a time, the velocity
    // was stored a number at a time for the law's step to read four at a time, and the
    // read waited for the stores to land (pro-nav's sweep ran a quarter faster without
    // that wait).
    // A lane with a seeker (`seeing`, a mask) shows its law what its seeker shows (`seen`:
    // the target as it is for the others), or, blind (`blind`), coasts; the hit test is
    // against the target as it is.
    let (mut rows, mut now) = ([F4::ZERO; LANES], [Vec2::ZERO; LANES]);
    let (mut seen, mut seeing, mut blind) = (rows, 0, 0);
    for (i, slot) in pack.slots.iter().enumerate() {
        if let Some(l) = *slot {
            let engagement = &mut engagements[l];
            let target = &tracks[engagement.track].target;
            let truth = (target.prev_pos, target.prev_vel);
            rows[i] = F4::from([truth.0.x, truth.0.y, truth.1.x, truth.1.y]);
            (seen[i], now[i]) = (rows[i], target.pos);
            if let Some(seeker) = (engagement.seeker.as_deref_mut()).filter(|_| SEEKERS) {
                seeing |= 1 << i;
                let (pos, vel) =
                    look(seeker, truth, pack.pos.lane(i), t, dt).unwrap_or_else(|| {
                        blind |= 1 << i;
                        truth
                    });
                seen[i] = F4::from([pos.x, pos.y, vel.x, vel.y]);
                if let Some(trail) = (engagement.trail.as_mut()).filter(|_| blind & (1 << i) != 0) {
                    trail.blind.push(t);
                }
            }
        }
    }
    let [was_x, was_y, vel_x, vel_y] = F4::transpose(rows);
    let (was, now) = (V2::new(was_x, was_y), V2::gather(now));
    let (target_pos, target_vel) = match seeing {
        0 => (was, V2::new(vel_x, vel_y)),
        _ => {
            let [x, y, vx, vy] = F4::transpose(seen);
            (V2::new(x, y), V2::new(vx, vy))
        }
    };
    let dt4 = F4::splat(dt);
    let tick = LaneTick {
        pos: pack.pos,
        vel: pack.vel,
        target_pos,
        target_vel,
        dt: dt4,
    };
    // (The law's numbers are stepped where they lie: nothing below reads the old ones,
    // but a blind lane keeps its own.)
    let kept = (blind != 0).then_some(pack.numbers);
    let mut moved = step(&mut pack.numbers, &tick);
    if seeing != 0 {
        see(pack, &mut moved, kept, engagements, blind, dt);
    }
    let (mut pos, mut vel) = (moved.pos, moved.vel);
    if GRAVITY {
        // As a world adds gravity after the law's move (`airframe::fly`).
        let splat = |v: Vec2| V2::new(F4::splat(v.x), F4::splat(v.y));
        vel = vel + splat(correction);
        pos = pos + splat(correction * dt);
    }
    let finite = pos.x.finite() & pos.y.finite() & vel.x.finite() & vel.y.finite();
    let (pos, path) = pack.ends.burn(pack.path, pack.pos, pos);
    let path = F4::select(finite, path, pack.path);
    let turn = Turn::of(pack.vel, vel);
    let (distance, frac) = closest_approach_of(pack.pos, pos, was, now);
    let closer = closer(distance, pack.closest);
    let seconds = pack.age * dt4;
    let [fuel, lifetime, outside] = pack.ends.checks(path, seconds, dt4, pos);
    let hit = match contact {
        true => touches(distance, pack.reach),
        false => F4::ZERO,
    };
    let detonates = moved.detonates_at.eq(moved.detonates_at);
    // A world writes down a failed solve unless the move ended the flight first (not
    // finite, or a hit); a diagnosed engagement keeps its time since launch.
    let failed = bits(moved.solver_failed & finite & !hit);
    if failed != 0 {
        for i in (0..LANES).filter(|i| failed & (1 << i) != 0) {
            let Some(engagement) = pack.slots[i].map(|l| &mut engagements[l]) else {
                continue;
            };
            let since = (t + 1 - engagement.launched_tick) as f32 * dt;
            if let Some(trail) = &mut engagement.trail {
                trail.solver_failed.push(since);
            }
        }
    }
    // A turn that may be the sharpest yet is measured (a world measures a move's turn
    // before it looks for a hit; a move that is not finite is not kept).
    let peaks = turn.may_peak(pack.peak_cos) & finite;
    if bits(peaks) != 0 {
        let (rate, cos) = turn.measured(dt4, (pack.peak_rate, pack.peak_cos));
        pack.peak_rate = F4::select(peaks, rate, pack.peak_rate);
        pack.peak_cos = F4::select(peaks, cos, pack.peak_cos);
    }
    let settle = !finite | hit | detonates | fuel | lifetime | outside;
    pack.closest = F4::select(closer, distance, pack.closest);
    let offset = F4::splat((t - pack.since) as f32);
    pack.closest_at = F4::select(closer, offset, pack.closest_at);
    let (before, old_vel) = (pack.pos, pack.vel);
    if let Some(k) = pack.trail {
        // Where the move left each missile, or where it was if the move was not finite
        // (the world keeps the last good state).
        let keep = |new: F4, old: F4| F4::select(finite, new, old);
        let (p, v) = (&pos, &vel);
        let (b, o) = (&before, &old_vel);
        trails[k].push([
            keep(p.x, b.x),
            keep(p.y, b.y),
            keep(v.x, o.x),
            keep(v.y, o.y),
        ]);
    }
    (pack.pos, pack.vel, pack.path) = (pos, vel, path);
    pack.age += F4::ONE;
    let settle = bits(settle);
    if settle == 0 {
        return ended;
    }
    let at = |x: F4, i: usize| x.as_array()[i];
    for i in (0..LANES).filter(|i| settle & (1 << i) != 0) {
        let Some(engagement) = pack.slots[i].map(|l| &mut engagements[l]) else {
            continue;
        };
        pack.store(i, engagement);
        let seconds = at(seconds, i);
        let metrics = &mut engagement.metrics;
        let outcome = if bits(finite) & (1 << i) == 0 {
            // The world keeps the last good state and ends the flight.
            metrics.record_distance(before.lane(i).distance(was.lane(i)), t);
            Some(Outcome::Missed(MissReason::NonFinite))
        } else {
            let detonation = at(moved.detonates_at, i);
            if contact && touches(at(distance, i), engagement.reach) {
                metrics.record_hit(engagement.target, seconds + at(frac, i) * dt);
                Some(metrics.outcome)
            } else if !detonation.is_nan() {
                // As a world's blast: the target where it was at that moment.
                let target = &tracks[engagement.track].target;
                let there = target.prev_pos.lerp(target.pos, detonation);
                if there.distance(pos.lane(i)) <= at(moved.blast, i) + target.radius {
                    metrics.record_hit(engagement.target, seconds + detonation * dt);
                    Some(metrics.outcome)
                } else {
                    Some(Outcome::Missed(MissReason::Detonated))
                }
            } else {
                let path = metrics.path_length;
                let reason = engagement.ends.reason(path, seconds, dt, pos.lane(i));
                reason.map(Outcome::Missed)
            }
        };
        if let Some(outcome) = outcome {
            engagement.metrics.outcome = outcome;
            engagement.updates = t - start;
            pack.slots[i] = None;
            ended += 1;
        }
    }
    ended
}
