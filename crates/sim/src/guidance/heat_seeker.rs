//! E. Inertial heat-seeker with lead (wordwarvi): integer position and velocity in
//! units per tick. The desired velocity puts the maximum speed on the dominant axis and
//! scales the other by similar triangles, multiplying before dividing; the velocity
//! then moves at most `step` per tick towards it, which gives the missile inertia.

use super::law::{Launch, Law, Look, Signal};
use crate::core::field::{flag, tunable, whole};
use crate::core::lanes::{LaneStep, LaneTick, Moved, D4, F4, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::{I64Vec2, IVec2, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use wide::bytemuck::cast;
use wide::i32x4 as I4;

tunable! {
    /// Parameters of the integer heat-seeker.
    pub struct HeatSeekerParams {
        max_speed: i32 = 12 => whole(1, 200)
            .label("max speed")
            .unit("units/tick")
            .help("Maximum speed m on the dominant axis."),
        step: i32 = 1 => whole(1, 100)
            .unit("units/tick^2")
            .help("Largest change of each velocity component per tick."),
        lead: i32 = 1 => whole(0, 100)
            .unit("ticks")
            .help("Lead factor L: aim at the target's position plus L times its per-tick velocity."),
        divide_first: bool = false => flag()
            .label("divide first (the bug)")
            .help("The order the article warns against: (dy / dx) * m, which collapses to 0 or 1."),
    }
}

/// The article's desired velocity towards an offset `(dx, dy)`: the dominant axis gets
/// `sign * m`, the other `(d_other * m) / |d_dominant|` (or, with `divide_first`, the
/// broken `(d_other / |d_dominant|) * m`). Integer division truncates toward zero, as in C.
pub fn desired_velocity(offset: I64Vec2, max_speed: i64, divide_first: bool) -> I64Vec2 {
    let scale = |minor: i64, major: i64| {
        if divide_first {
            (minor / major.abs()) * max_speed
        } else {
            (minor * max_speed) / major.abs()
        }
    };
    if offset == I64Vec2::ZERO {
        I64Vec2::ZERO
    } else if offset.x.abs() >= offset.y.abs() {
        I64Vec2::new(offset.x.signum() * max_speed, scale(offset.y, offset.x))
    } else {
        I64Vec2::new(scale(offset.x, offset.y), offset.y.signum() * max_speed)
    }
}

/// Per-missile integer state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeatSeeker {
    pub pos: IVec2,
    /// Velocity in units per tick.
    pub vel: IVec2,
    /// The desired velocity of the last tick.
    pub desired: IVec2,
    /// The point aimed at on the last tick (target plus lead).
    pub aim: IVec2,
}

fn to_int(v: Vec2) -> IVec2 {
    IVec2::new(round_to_i32(v.x), round_to_i32(v.y))
}

/// `x.round() as i32` (halves away from zero; `as` saturates and maps NaN to 0, so huge
/// or broken inputs cannot overflow), without the library call `round` is on baseline
/// x86-64 (a sweep rounds four numbers a tick): below 2^23 in size, the truncation and
/// a step away from zero when what it dropped (exact: less than one) is half or more;
/// above, `x` is a whole number already. The same for every `f32` (an ignored test
/// checks all 2^32; a sample always).
fn round_to_i32(x: f32) -> i32 {
    if x.abs() < 8_388_608.0 {
        let t = x as i32;
        let dropped = x - t as f32;
        t + i32::from(dropped >= 0.5) - i32::from(dropped <= -0.5)
    } else {
        x as i32
    }
}

impl Law for HeatSeeker {
    const ID: &'static str = "heat-seeker";
    const SUMMARY: &'static str = "E: integer heat-seeker with inertia and lead (wordwarvi)";
    const COLOR: [u8; 3] = [255, 128, 40];
    type Params = HeatSeekerParams;

    fn launch(_params: &HeatSeekerParams, launch: &Launch) -> Option<(Self, Body)> {
        let state = Self {
            pos: to_int(launch.pos),
            vel: to_int(launch.vel * launch.seen.dt),
            ..Self::default()
        };
        let body = state.body(launch.seen.dt, launch.dir.y.patan2(launch.dir.x));
        Some((state, body))
    }

    fn steer(&mut self, params: &HeatSeekerParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        // Moved by something else since its last tick (its airframe, gravity, a blind
        // tick of its seeker): it flies on from where it is, not from where it left off.
        if *body != self.body(seen.dt, body.heading) {
            self.pos = to_int(body.pos);
            self.vel = to_int(body.vel * seen.dt);
        }
        self.advance(params, seen);
        *body = self.body(seen.dt, body.heading);
        None
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);

    /// Its step takes up a body something else moved as `steer` does ([`take_up`]).
    const LANE_GRAVITY: bool = true;

    /// With the step and the lead under 128 and the max speed under 2^13: the integers
    /// `[x, y, vx, vy]` (their bits in `f32`s), the max speed, and the step, lead and
    /// divide-first packed in one number (`step + 128 lead + 16384 divide_first`, exact
    /// in an f32).
    fn lane(&self, params: &HeatSeekerParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let small = |n: i32| (0..128).contains(&n);
        // (A max speed under 2^13 keeps every product of the four-lane tick exact.)
        let speed = (1..8192).contains(&params.max_speed);
        let packed = params.step + 128 * params.lead + 16384 * i32::from(params.divide_first);
        let bits = |n: i32| f32::from_bits(n as u32);
        let (pos, vel) = (self.pos, self.vel);
        (small(params.step) && small(params.lead) && speed).then_some([
            bits(pos.x),
            bits(pos.y),
            bits(vel.x),
            bits(vel.y),
            params.max_speed as f32,
            packed as f32,
        ])
    }

    fn readouts(&self, _params: &HeatSeekerParams, _dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::vector(
            "desired velocity",
            self.desired.as_vec2(),
            "units/tick",
        ));
        out.push(Readout::vector(
            "actual velocity",
            self.vel.as_vec2(),
            "units/tick",
        ));
        out.push(Readout::vector(
            "aim (target + lead)",
            self.aim.as_vec2(),
            "",
        ));
    }

    fn debug_shapes(
        &self,
        _params: &HeatSeekerParams,
        _body: &Body,
        _seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        let pos = self.pos.as_vec2();
        out.push(DebugShape::new(
            Role::AimPoint,
            Shape::Point(self.aim.as_vec2()),
        ));
        out.push(DebugShape::new(
            Role::DesiredVelocity,
            Shape::Arrow {
                from: pos,
                vector: self.desired.as_vec2() * 4.0,
            },
        ));
    }

    /// The article's drawing: a 10-unit line back from the nose along the velocity.
    fn look(&self) -> Look {
        Look::Tail(tail_offset(self.vel))
    }
}

impl HeatSeeker {
    /// The article's tick in integers: the aim (the target plus its lead), the desired
    /// velocity towards it, the velocity moved at most `step` towards that, the position
    /// on by the velocity.
    fn advance(&mut self, params: &HeatSeekerParams, seen: &Seen) {
        let target = to_int(seen.target_pos).as_i64vec2();
        let target_step = to_int(seen.target_vel * seen.dt).as_i64vec2();
        let aim = target + target_step * i64::from(params.lead);
        let offset = aim - self.pos.as_i64vec2();
        let desired = desired_velocity(offset, i64::from(params.max_speed), params.divide_first);
        let step = i64::from(params.step);
        let vel = self.vel.as_i64vec2();
        let change = (desired - vel).clamp(I64Vec2::splat(-step), I64Vec2::splat(step));
        let clamp = |v: I64Vec2| {
            v.clamp(
                I64Vec2::splat(i32::MIN.into()),
                I64Vec2::splat(i32::MAX.into()),
            )
            .as_ivec2()
        };
        self.vel = clamp(vel + change);
        self.pos = clamp(self.pos.as_i64vec2() + self.vel.as_i64vec2());
        self.desired = clamp(desired);
        self.aim = clamp(aim);
    }

    fn body(&self, dt: f32, heading: f32) -> Body {
        let heading = if self.vel == IVec2::ZERO {
            heading
        } else {
            (self.vel.y as f32).patan2(self.vel.x as f32)
        };
        Body {
            pos: self.pos.as_vec2(),
            vel: self.vel.as_vec2() / dt,
            heading,
        }
    }
}

/// Four missiles' ticks: numbers as [`HeatSeeker::lane`] gives them, [`HeatSeeker::advance`]
/// on four lanes at once: in `f32`s where every number fits them ([`step_narrow`]), else
/// with its integers held in `f64`s ([`step_wide`]). Every number in the tick is
/// a whole number under 2^53 in size (positions and velocities are `i32`s, the target's
/// rounded too, the lead under 128, the max speed under 2^13), which an `f64` holds,
/// adds, subtracts and multiplies exactly (the largest, an offset of under 2^39 times
/// the max speed, is under 2^52); and a quotient `a / b` of two of them lies at least
/// `1 / |b|`, so at least `1 / |a|` of itself, from any whole number it is not, more than
/// an `f64`'s rounding (2^-53), so it truncates to the integer division's quotient.
/// Where something but the law may have moved its lanes ([`LaneTick::moved_on`]), a lane
/// whose body was moved takes up its integers from where it is first, as `steer` does
/// ([`take_up`]); the fast path has no use for a heading otherwise (three arctangents a
/// tick saved).
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let needs_heading = match tick.moved_on {
        true => take_up(n, tick),
        false => F4::ZERO,
    };
    let moved = match step_narrow(n, tick) {
        Some(moved) => moved,
        None => step_wide(n, tick),
    };
    Moved {
        needs_heading,
        ..moved
    }
}

/// The sizes (2^24 for a position, 2^21 for a velocity in units a tick) under which a
/// body gives its integers back: an `f32` holds such a position exactly, and such a
/// velocity divided by the tick and multiplied by it again (two roundings, each within
/// 2^-24 of the value) is within a quarter of itself.
const EXACT: f32 = 16_777_216.0;
const EXACT_VEL: f32 = 2_097_152.0;

/// `steer`'s check on four lanes: where a lane's body is not the one its integers give
/// (something else moved it since its last tick: its airframe, gravity, a blind tick of
/// its seeker), its integers are taken from where it is, as `steer` takes them. Returns
/// the lanes (a mask) whose integers their body may not give back: `steer` compares the
/// heading too, which a world's airframe may turn by a hair without moving the body (a
/// correction too small to change the velocity's bits), and then takes up a body that
/// gives other integers only past [`EXACT`] or [`EXACT_VEL`]; the lanes carry no heading.
fn take_up(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> F4 {
    let float = |x: F4| cast::<F4, I4>(x).round_float();
    let (pos, vel) = ([float(n[0]), float(n[1])], [float(n[2]), float(n[3])]);
    let body = V2::new(vel[0] / tick.dt, vel[1] / tick.dt);
    let same = pos[0].simd_eq(tick.pos.x)
        & pos[1].simd_eq(tick.pos.y)
        & body.x.simd_eq(tick.vel.x)
        & body.y.simd_eq(tick.vel.y);
    if same.to_bitmask() != 0b1111 {
        let step = tick.vel.scale(tick.dt);
        let taken = [tick.pos.x, tick.pos.y, step.x, step.y].map(|x| cast(round_lanes(x)));
        for (k, taken) in taken.into_iter().enumerate() {
            n[k] = F4::select(same, n[k], taken);
        }
    }
    let within = |v: F4, size: f32| F4::splat(size).simd_gt(v.abs());
    let [px, py, vx, vy] = [0, 1, 2, 3].map(|k| float(n[k]));
    !(within(px, EXACT) & within(py, EXACT) & within(vx, EXACT_VEL) & within(vy, EXACT_VEL))
}

/// The largest size of a position, a velocity or the target's rounded position that
/// [`step_narrow`] takes (2^22), and of the target's rounded step (2^14).
const NARROW: f32 = 4_194_304.0;
const NARROW_STEP: f32 = 16_384.0;

/// [`step_lanes`] in `f32`s, where every number in the tick is a whole number under 2^24
/// in size: an `f32` holds, adds, subtracts and multiplies those exactly, and a quotient
/// `a / b` of two of them lies at least `1 / |b|` from any whole number it is not, more
/// than an `f32`'s rounding of it (under `2^-24 |a / b|`, with `|a| < 2^24`), so it
/// truncates to the integer division's quotient. So where the positions, velocities and
/// the target's rounded position are under [`NARROW`] (offsets under 2^24, the velocity
/// and position moved on under 2^23), the target's rounded step under [`NARROW_STEP`]
/// (times a lead under 128) and every lane's minor offset times its max speed under
/// 2^24: a sweep's arena, where the four lanes take one register a number instead of two.
/// `None` (nothing changed) where a lane's numbers are larger.
fn step_narrow(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Option<Moved> {
    let int = |x: F4| cast::<F4, I4>(x).round_float();
    let (pos, vel) = ([int(n[0]), int(n[1])], [int(n[2]), int(n[3])]);
    let round = |x: F4| round_lanes(x).round_float();
    let target_vel = tick.target_vel.scale(tick.dt);
    let target = [round(tick.target_pos.x), round(tick.target_pos.y)];
    let target_step = [round(target_vel.x), round(target_vel.y)];
    let under = |v: F4, size: f32| F4::splat(size).simd_gt(v.abs());
    let steps = under(target_step[0], NARROW_STEP) & under(target_step[1], NARROW_STEP);
    let fits = [pos, vel, target].into_iter().flatten();
    if fits
        .fold(steps, |all, v| all & under(v, NARROW))
        .to_bitmask()
        != 0b1111
    {
        return None;
    }
    let max_speed = n[4].trunc_int().round_float();
    let [step, lead, divide_first] = packed_parts(n[5]);
    let (step, lead) = (step.round_float(), lead.round_float());
    let divide_first: F4 = cast(divide_first);
    let offset = [0, 1].map(|k| target[k] + target_step[k] * lead - pos[k]);
    let axes = minor_major(offset);
    if under(axes.1 * max_speed, NARROW * 4.0).to_bitmask() != 0b1111 {
        return None;
    }
    let desired = desired_lanes(offset, axes, max_speed, divide_first);
    // The velocity at most `step` towards it, then the position on by it (both well
    // within the i32s).
    let moved = |k: usize| {
        let vel = vel[k] + (desired[k] - vel[k]).max(-step).min(step);
        (pos[k] + vel, vel)
    };
    let ((px, vx), (py, vy)) = (moved(0), moved(1));
    let whole = |v: F4| cast::<I4, F4>(v.fast_trunc_int());
    (n[0], n[1], n[2], n[3]) = (whole(px), whole(py), whole(vx), whole(vy));
    let vel = V2::new(vx / tick.dt, vy / tick.dt);
    Some((V2::new(px, py), vel).into())
}

/// [`step_lanes`] with its integers held in `f64`s (any `i32`s).
fn step_wide(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let int = |x: F4| D4::from_i32x4(cast::<F4, I4>(x));
    let (pos, vel) = ([int(n[0]), int(n[1])], [int(n[2]), int(n[3])]);
    let max_speed = D4::from_i32x4(n[4].trunc_int());
    let [step, lead, divide_first] = packed_parts(n[5]).map(D4::from_i32x4);
    let divide_first = divide_first.simd_lt(D4::ZERO);
    let round = |x: F4| D4::from_i32x4(round_lanes(x));
    let target_vel = tick.target_vel.scale(tick.dt);
    let aim = |target: F4, target_vel: F4| round(target) + round(target_vel) * lead;
    let aim = [
        aim(tick.target_pos.x, target_vel.x),
        aim(tick.target_pos.y, target_vel.y),
    ];
    let offset = [aim[0] - pos[0], aim[1] - pos[1]];
    let desired = desired_lanes(offset, minor_major(offset), max_speed, divide_first);
    // The velocity at most `step` towards it, then the position on by it, each kept
    // within the `i32`s.
    let (lowest, highest) = (
        D4::splat(f64::from(i32::MIN)),
        D4::splat(f64::from(i32::MAX)),
    );
    let within = |v: D4, lo: D4, hi: D4| v.max(lo).min(hi);
    let moved = |v: D4, d: D4, p: D4| {
        let vel = within(v + within(d - v, -step, step), lowest, highest);
        (within(p + vel, lowest, highest), vel)
    };
    let ((px, vx), (py, vy)) = (
        moved(vel[0], desired[0], pos[0]),
        moved(vel[1], desired[1], pos[1]),
    );
    let [px, py, vx, vy] = [px, py, vx, vy].map(as_i32);
    (n[0], n[1], n[2], n[3]) = (cast(px), cast(py), cast(vx), cast(vy));
    let pos = V2::new(px.round_float(), py.round_float());
    let vel = V2::new(vx.round_float() / tick.dt, vy.round_float() / tick.dt);
    (pos, vel).into()
}

/// A lane's packed number `step + 128 lead + 16384 divide_first` ([`HeatSeeker::lane`],
/// each part under 128) in its parts: the step, the lead and a mask (all bits set) where
/// it divides first.
fn packed_parts(packed: F4) -> [I4; 3] {
    let packed = packed.trunc_int();
    let part = |shift: i32| (packed >> shift) & I4::splat(127);
    let form: I4 = packed >> 14;
    [part(0), part(7), form.simd_gt(I4::ZERO)]
}

/// The desired velocity of [`desired_velocity`] on four lanes, from each lane's offset
/// `[x, y]` to its aim and its axes ([`minor_major`]; whole numbers, the minor one times
/// the max speed held exactly):
/// the max speed on the dominant axis, the other axis scaled against it by the offsets'
/// ratio, divided first or multiplied first as each lane asks (each form's division only
/// where a lane asks for it: a sweep's lanes mostly agree), none without an offset. For
/// the `f32` lanes and the `f64` ones.
#[inline]
fn desired_lanes<N: Whole>(
    [x, y]: [N; 2],
    (along_x, minor, major): (N, N, N),
    max_speed: N,
    divide_first: N,
) -> [N; 2] {
    // The minor axis scaled against the major: one division a lane, not one an axis.
    let first = || (minor / major.size()).truncated() * max_speed;
    let last = || ((minor * max_speed) / major.size()).truncated();
    let scaled = match (divide_first.every(), divide_first.some()) {
        (true, _) => first(),
        (_, false) => last(),
        _ => divide_first.pick(first(), last()),
    };
    let (zero, one) = (N::splat(0.0), N::splat(1.0));
    let sign = |v: N| v.above(zero).pick(one, zero) - zero.above(v).pick(one, zero);
    let signed = |v: N| sign(v) * max_speed;
    let none = x.same(zero) & y.same(zero);
    [
        none.pick(zero, along_x.pick(signed(x), scaled)),
        none.pick(zero, along_x.pick(scaled, signed(y))),
    ]
}

/// Where the offset's x is its major axis (where the two are the same size too), and
/// its minor axis and its major one, lane by lane.
#[inline]
fn minor_major<N: Whole>([x, y]: [N; 2]) -> (N, N, N) {
    let along_x = x.size().at_least(y.size());
    (along_x, along_x.pick(y, x), along_x.pick(x, y))
}

/// Four lanes of whole numbers in `f32`s or `f64`s, for [`desired_lanes`]: a comparison
/// gives a mask of the same lanes (all bits set where it holds).
trait Whole:
    Copy
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::BitAnd<Output = Self>
{
    fn splat(value: f64) -> Self;
    fn size(self) -> Self;
    /// `self > other`, `self >= other` and `self == other`, as masks.
    fn above(self, other: Self) -> Self;
    fn at_least(self, other: Self) -> Self;
    fn same(self, other: Self) -> Self;
    /// `yes` where this mask holds, else `no`.
    fn pick(self, yes: Self, no: Self) -> Self;
    /// Whether this mask holds in every lane, or in any.
    fn every(self) -> bool;
    fn some(self) -> bool;
    /// Truncated towards zero (for sizes under 2^24 in `f32`s, 2^52 in `f64`s).
    fn truncated(self) -> Self;
}

/// `Whole` for `F4` and `D4` by their own methods (the same names on both).
macro_rules! whole_lanes {
    ($lanes:ty, $float:ty, $truncated:expr) => {
        impl Whole for $lanes {
            #[inline]
            fn splat(value: f64) -> Self {
                <$lanes>::splat(value as $float)
            }
            #[inline]
            fn size(self) -> Self {
                self.abs()
            }
            #[inline]
            fn above(self, other: Self) -> Self {
                self.simd_gt(other)
            }
            #[inline]
            fn at_least(self, other: Self) -> Self {
                self.simd_ge(other)
            }
            #[inline]
            fn same(self, other: Self) -> Self {
                self.simd_eq(other)
            }
            #[inline]
            fn pick(self, yes: Self, no: Self) -> Self {
                self.bitselect(yes, no)
            }
            #[inline]
            fn every(self) -> bool {
                self.all()
            }
            #[inline]
            fn some(self) -> bool {
                self.any()
            }
            #[inline]
            fn truncated(self) -> Self {
                $truncated(self)
            }
        }
    };
}
whole_lanes!(F4, f32, |v: F4| v.fast_trunc_int().round_float());
whole_lanes!(D4, f64, trunc);

/// [`round_to_i32`] of four numbers: truncated (as `as i32`, saturating, NaN to 0), then
/// below 2^23 in size a step away from zero where what that dropped is half or more.
fn round_lanes(x: F4) -> I4 {
    let truncated = x.trunc_int();
    let dropped = x - truncated.round_float();
    // A mask is -1 where it holds.
    let up: I4 = cast(dropped.simd_ge(F4::splat(0.5)));
    let down: I4 = cast(dropped.simd_le(F4::splat(-0.5)));
    let small: I4 = cast(x.abs().simd_lt(F4::splat(8_388_608.0)));
    small.bitselect(truncated - up + down, truncated)
}

/// A whole number in an `f64` within the `i32`s, as an `i32`: added to 1.5 * 2^52 (exact)
/// its low 32 bits are the number's, in two's complement.
fn as_i32(v: D4) -> I4 {
    let biased: [u64; 4] = cast(v + D4::splat(6_755_399_441_055_744.0));
    I4::from(biased.map(|bits| bits as i32))
}

/// `v` truncated towards zero, for `|v| < 2^52`: its magnitude rounded to a whole number
/// by adding and taking away 2^52 (exact), one less if that rounded up.
fn trunc(v: D4) -> D4 {
    let big = D4::splat(4_503_599_627_370_496.0);
    let magnitude = v.abs();
    let near = (magnitude + big) - big;
    let floor = near.simd_gt(magnitude).bitselect(near - D4::ONE, near);
    D4::ZERO.simd_gt(v).bitselect(-floor, floor)
}

/// The missile is drawn as a line of this length from its nose back along its velocity.
pub const DRAWN_LENGTH: f32 = 10.0;
/// Velocities up to this size per axis come from the precomputed quadrant table.
const TABLE_SIZE: usize = 64;

/// The tail offset of the drawn missile for an integer velocity, from a table computed
/// once for the positive quadrant and mirrored for the other three (the article's trick).
pub fn tail_offset(vel: IVec2) -> Vec2 {
    static TABLE: OnceLock<Vec<Vec2>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(TABLE_SIZE * TABLE_SIZE);
        for vx in 0..TABLE_SIZE {
            for vy in 0..TABLE_SIZE {
                let angle = (vy as f32).patan2(vx as f32);
                table.push(-Vec2::new(angle.pcos(), angle.psin()) * DRAWN_LENGTH);
            }
        }
        table
    });
    let (ax, ay) = (vel.x.unsigned_abs() as usize, vel.y.unsigned_abs() as usize);
    let quadrant = if ax < TABLE_SIZE && ay < TABLE_SIZE {
        table[ax * TABLE_SIZE + ay]
    } else {
        -vel.as_vec2().normalize_or_zero().abs() * DRAWN_LENGTH
    };
    // Each axis mirrored where the velocity is negative on it (one rule for both).
    let mirrored = |v: i32, q: f32| if v < 0 { -q } else { q };
    Vec2::new(mirrored(vel.x, quadrant.x), mirrored(vel.y, quadrant.y))
}

#[cfg(test)]
mod round_tests {
    use super::round_to_i32;

    fn same_as_round(every: usize) {
        for bits in (0..=u32::MAX).step_by(every) {
            let x = f32::from_bits(bits);
            assert_eq!(round_to_i32(x), x.round() as i32, "{x:e} ({bits:#x})");
        }
    }

    /// Halves either side of zero, just under a half, either side of 2^23 and the
    /// `i32`s' ends, beyond them, the infinities, NaN, -0 and the smallest normal.
    pub(super) const EDGES: [f32; 19] = [
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        0.499_999_97,
        -0.499_999_97,
        8_388_607.5,
        -8_388_607.5,
        8_388_608.0,
        2.147_483_5e9,
        -2.147_483_6e9,
        1e10,
        -1e10,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -0.0,
        f32::MIN_POSITIVE,
    ];

    #[test]
    fn rounding_is_round_then_as_on_a_sample_and_at_the_edges() {
        same_as_round(4099);
        for x in EDGES {
            assert_eq!(round_to_i32(x), x.round() as i32, "{x:e}");
        }
        assert_eq!(round_to_i32(2.5), 3);
        assert_eq!(round_to_i32(-2.5), -3);
        assert_eq!(round_to_i32(0.499_999_97), 0);
    }

    /// `cargo test --release -p steerlab-sim every_f32_rounds -- --ignored`.
    #[test]
    #[ignore = "all 2^32 numbers: run after changing round_to_i32, in release"]
    fn every_f32_rounds_as_round_then_as() {
        same_as_round(1);
    }
}

#[cfg(test)]
#[path = "heat_seeker_tests.rs"]
mod tests;
