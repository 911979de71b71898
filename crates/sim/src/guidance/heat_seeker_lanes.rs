//! The heat-seeker's four-lane step (the sweep's fast path): [`super::HeatSeeker`]'s
//! integer tick on four lanes at once, each lane with the bits of the one-missile step
//! (`heat_seeker_lanes_tests.rs` checks them against the integer rule, at the `i32`s'
//! ends too; `crates/scenario/tests/lockstep.rs` whole flights through worlds).

use crate::core::lanes::{LaneTick, Moved, D4, F4, LANE_NUMBERS, V2};
use wide::bytemuck::cast;
use wide::i32x4 as I4;

/// Four missiles' ticks: numbers as [`super::HeatSeeker::lane`] gives them, [`super::HeatSeeker::advance`]
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
pub(super) fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
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
    let (pos, vel) = ([whole(n[0]), whole(n[1])], [whole(n[2]), whole(n[3])]);
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
    let [px, py, vx, vy] = [0, 1, 2, 3].map(|k| whole(n[k]));
    !(under(px, EXACT) & under(py, EXACT) & under(vx, EXACT_VEL) & under(vy, EXACT_VEL))
}

/// A lane's integer (its bits held in an `f32`) as a number.
fn whole(x: F4) -> F4 {
    cast::<F4, I4>(x).round_float()
}

/// The lanes (a mask) where `v` is under `size` in size.
fn under(v: F4, size: f32) -> F4 {
    F4::splat(size).simd_gt(v.abs())
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
    let (pos, vel) = ([whole(n[0]), whole(n[1])], [whole(n[2]), whole(n[3])]);
    let round = |x: F4| round_lanes(x).round_float();
    let target_vel = tick.target_vel.scale(tick.dt);
    let target = [round(tick.target_pos.x), round(tick.target_pos.y)];
    let target_step = [round(target_vel.x), round(target_vel.y)];
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

/// A lane's packed number `step + 128 lead + 16384 divide_first` ([`super::HeatSeeker::lane`],
/// each part under 128) in its parts: the step, the lead and a mask (all bits set) where
/// it divides first.
fn packed_parts(packed: F4) -> [I4; 3] {
    let packed = packed.trunc_int();
    let part = |shift: i32| (packed >> shift) & I4::splat(127);
    let form: I4 = packed >> 14;
    [part(0), part(7), form.simd_gt(I4::ZERO)]
}

/// The desired velocity of [`super::desired_velocity`] on four lanes, from each lane's offset
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

/// [`super::round_to_i32`] of four numbers: truncated (as `as i32`, saturating, NaN to 0), then
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

#[cfg(test)]
#[path = "heat_seeker_lanes_tests.rs"]
mod tests;
