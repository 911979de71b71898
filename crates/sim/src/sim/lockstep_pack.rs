//! The lockstep path's packs ([`super::fly`]): four engagements' running numbers, one
//! register per number, and one tick of a pack as [`crate::sim::World::step`] flies each of its
//! missiles (the law's step, a seeker's look, the swept hit test, the turn measure, the
//! ends of a flight).

use super::diagnosed::{spare, Block, SPARE};
use super::track::Track;
use super::{Engagement, GroupLaw, MissReason};
use crate::core::lanes::{bits, mask_of, LaneTick, Moved, Real, F4, LANES, LANE_NUMBERS, V2};
use crate::core::{Body, Seen};
use crate::sim::airframe::{self, AirframeSpec, AirframeState, Limits, StateOver};
use crate::sim::flight::{coast, Ends};
use crate::sim::hit::{closest_approach_of, touches};
use crate::sim::metrics::{closer, Outcome, Turn};
use crate::sim::seeker::Seeker;
use glam::Vec2;

/// Four lanes' state, one register per number; `slots[i]` is the engagement flown in
/// lane `i` (a free slot repeats another's numbers and is ignored).
pub(super) struct Pack {
    pub(super) slots: [Option<usize>; LANES],
    pub(super) pos: V2<F4>,
    pub(super) vel: V2<F4>,
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
    /// The lanes whose engagement has an airframe (a mask).
    airframes: u32,
    /// Their airframes' limits and state, from the pack's first tick with an airframe
    /// (the engagements' airframes are written at [`Pack::store`]).
    frames: Option<Frames>,
}

/// The airframes of a pack's lanes ([`frame`]): their limits, and what each did last
/// (a lane without one holds the default airframe's numbers, never flown or stored).
struct Frames {
    limits: Limits<F4>,
    state: StateOver<F4>,
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
            airframes: (0..LANES)
                .filter(|&i| slots[i].is_some_and(|l| engagements[l].airframe.is_some()))
                .fold(0, |mask, i| mask | 1 << i),
            frames: None,
        }
    }

    /// Writes slot `i`'s running numbers back into its engagement.
    pub(super) fn store(&self, i: usize, engagement: &mut Engagement) {
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
        let frame = engagement.airframe.as_deref_mut();
        if let (Some(frames), Some(frame)) = (&self.frames, frame) {
            frame.state = frames.state.lane(i);
        }
    }
}

/// What `seeker` shows its law of a target truly at `truth` (position and velocity at the
/// start of tick `t`) from a missile at `pos`: as a world's missile's seeker looks
/// ([`Seeker::look`]; all round, it reads no heading); none while it is blind.
#[inline]
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
#[inline]
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
        let set = |x: &mut F4, value: f32| set_lane(x, i, value);
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
        set(&mut moved.needs_heading, 0.0);
        if let Some(kept) = &kept {
            for (number, old) in pack.numbers.iter_mut().zip(kept) {
                set(number, old.as_array()[i]);
            }
        }
    }
}

/// After a law's step (the lanes `moved` there) and gravity's (the lanes at `flown`),
/// each lane with an airframe flies what its airframe makes of the step, `age` seconds
/// after launch, with `gravity` in ticks of `dt`: the world's own rule
/// ([`airframe::limit_over`], as [`airframe::fly`] flies it, but for the heading) on the
/// four lanes at once; returns how many gave up. A lane at a standstill gives up: which
/// way the airframe pushes it depends on its heading, which the lanes do not carry.
#[inline(never)]
fn frame(
    pack: &mut Pack,
    (pos, vel): (V2<F4>, V2<F4>),
    flown: (&mut V2<F4>, &mut V2<F4>),
    engagements: &mut [Engagement],
    (age, gravity, dt): (F4, Vec2, f32),
) -> usize {
    let (along, moving) = pack.vel.try_normalize();
    let stopped = pack.airframes & !bits(moving);
    let mut gave_up = 0;
    for i in (0..LANES).filter(|i| stopped & (1 << i) != 0) {
        gave_up += give_up(pack, i, engagements);
    }
    let flying = pack.airframes & occupied(&pack.slots);
    if flying == 0 {
        return gave_up;
    }
    let frames = (pack.frames).get_or_insert_with(|| Frames::of(&pack.slots, engagements, dt));
    let dt4 = F4::splat(dt);
    let (change, state) = airframe::limit_over(
        &frames.limits,
        frames.state.lateral,
        (pack.vel, along),
        vel,
        (age, dt4),
    );
    frames.state = state;
    // As `airframe::move_by`: no change at all leaves the law's move as it is.
    let correction = change + V2::new(F4::splat(gravity.x * dt), F4::splat(gravity.y * dt));
    let none = correction.x.simd_eq(F4::ZERO) & correction.y.simd_eq(F4::ZERO);
    let flies = mask_of(flying);
    let (moves, kept) = (flies & !none, flies & none);
    (*flown.0, *flown.1) = (
        V2::select(
            moves,
            pos + correction.scale(dt4),
            V2::select(kept, pos, *flown.0),
        ),
        V2::select(moves, vel + correction, V2::select(kept, vel, *flown.1)),
    );
    if pack.trail.is_some() {
        for i in (0..LANES).filter(|i| flying & (1 << i) != 0) {
            let engagement = pack.slots[i].map(|l| &mut engagements[l]);
            if let Some(trail) = engagement.and_then(|e| e.trail.as_mut()) {
                trail.lateral.push(frames.state.lane(i));
            }
        }
    }
    gave_up
}

/// The lanes (bits 0 to 3) flying an engagement.
fn occupied(slots: &[Option<usize>; LANES]) -> u32 {
    (0..LANES)
        .filter(|&i| slots[i].is_some())
        .fold(0, |lanes, i| lanes | 1 << i)
}

impl Frames {
    /// The airframes of the engagements in `slots`, lane by lane, for ticks of `dt`.
    fn of(slots: &[Option<usize>; LANES], engagements: &mut [Engagement], dt: f32) -> Self {
        let mut limits = [Limits::of(&AirframeSpec::default(), 0.0); LANES];
        let mut states = [AirframeState::default(); LANES];
        for i in 0..LANES {
            if let Some(frame) = slots[i].and_then(|l| engagements[l].airframe.as_deref_mut()) {
                (limits[i], states[i]) = (frame.limits(dt), frame.state);
            }
        }
        Frames {
            limits: Limits::lanes(&limits),
            state: StateOver::lanes(&states),
        }
    }
}

/// Lane `i` gives up its engagement, which has no result here (its run is flown again in
/// a world); returns how many it gave up (none in an empty lane).
fn give_up(pack: &mut Pack, i: usize, engagements: &mut [Engagement]) -> usize {
    let Some(l) = pack.slots[i].take() else {
        return 0;
    };
    engagements[l].gave_up = true;
    1
}

/// `x` with lane `i` set to `value`.
fn set_lane(x: &mut F4, i: usize, value: f32) {
    let mut lanes = x.to_array();
    lanes[i] = value;
    *x = F4::from(lanes);
}

/// Packs the engagements `live` four to a pack at the start of tick `t`; a pack with a
/// sampled engagement gets a trail among `trails`, and each of its sampled engagements a
/// piece of it.
pub(super) fn pack(
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

/// One tick `t` of length `dt` of a pack, as [`crate::sim::World::step`] flies each of its missiles
/// (`start` is the tick the engagements were handed off), its law's step, whether the law
/// hits what it touches and, with `GRAVITY`, gravity's change of velocity in a tick
/// (with `SEEKERS`, some of its engagements may have a seeker); returns how many of its
/// engagements ended. The common tick is all four lanes at once; an engagement with
/// something to settle (a turn that may be its sharpest, a hit, a detonation, an end, a
/// non-finite state) settles it through the same scalar code a world's missile does.
// (`#[inline]` here and on `look` and `see`: compiled into the tick loop in `lockstep.rs`
// as when they shared its file; called across the two files, a sweep took 2% to 5% more
// instructions.)
#[inline]
pub(super) fn fly_pack<const GRAVITY: bool, const SEEKERS: bool>(
    pack: &mut Pack,
    (step, contact, correction, gravity): GroupLaw,
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
        moved_on: GRAVITY || SEEKERS || pack.airframes != 0,
    };
    // (The law's numbers are stepped where they lie: nothing below reads the old ones,
    // but a blind lane keeps its own.)
    let kept = (blind != 0).then_some(pack.numbers);
    let mut moved = step(&mut pack.numbers, &tick);
    if seeing != 0 {
        see(pack, &mut moved, kept, engagements, blind, dt);
    }
    // A lane its law could not move without the heading gives up (something else
    // brought it to a standstill: the law's own step keeps it moving).
    let stopped = bits(moved.needs_heading);
    if stopped != 0 {
        for i in (0..LANES).filter(|i| stopped & (1 << i) != 0) {
            ended += give_up(pack, i, engagements);
        }
        if pack.slots.iter().all(Option::is_none) {
            return ended;
        }
    }
    let (mut pos, mut vel) = (moved.pos, moved.vel);
    if GRAVITY {
        // As a world adds gravity after the law's move (`airframe::fly`).
        let splat = |v: Vec2| V2::new(F4::splat(v.x), F4::splat(v.y));
        vel = vel + splat(correction);
        pos = pos + splat(correction * dt);
    }
    if pack.airframes != 0 {
        let age = pack.age * dt4;
        let moved = (moved.pos, moved.vel);
        ended += frame(
            pack,
            moved,
            (&mut pos, &mut vel),
            engagements,
            (age, gravity, dt),
        );
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
