//! Numbers one or four at a time. The sweep's batch path flies four engagements in
//! lockstep with SIMD ([`F4`], `wide::f32x4`) through the same arithmetic one missile
//! flies with: each rule both need (a law's step, the swept hit test, the turn measure)
//! is written once, generic over [`Real`], and runs on `f32` for one missile and on
//! [`F4`] for four.
//!
//! Every operation here is IEEE-exact per lane (add, subtract, multiply, divide, square
//! root; no fused multiply-add) and a select only picks one of two values already
//! computed, so a lane gets the same bits as the scalar code, on every target (on
//! wasm32 without SIMD, `wide` falls back to plain `f32` arithmetic).

use std::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Not, Sub};

/// Four `f32` lanes.
pub type F4 = wide::f32x4;

/// The lanes of a four-lane mask that hold, as bits 0 to 3.
pub fn bits(mask: F4) -> u32 {
    mask.to_bitmask()
}

/// The four-lane mask holding in the lanes of bits 0 to 3 ([`bits`] undone).
pub fn mask_of(lanes: u32) -> F4 {
    let lane = |i: usize| -(((lanes >> i) & 1) as i32);
    wide::bytemuck::cast(wide::i32x4::from(std::array::from_fn(lane)))
}

/// How many engagements an [`F4`] flies at once.
pub const LANES: usize = 4;

/// How many numbers a law's four-lane step carries per missile (its state and the
/// parameters it reads).
pub const LANE_NUMBERS: usize = 6;

/// What a law's four-lane step sees of a tick: each missile where it is and how it moves,
/// and its target as seen at the start of the tick.
#[derive(Clone, Copy, Debug)]
pub struct LaneTick {
    pub pos: V2<F4>,
    pub vel: V2<F4>,
    pub target_pos: V2<F4>,
    pub target_vel: V2<F4>,
    pub dt: F4,
    /// Whether something but the law may have moved a missile since its last step
    /// (gravity, an airframe, a seeker's blind coast): a law whose numbers stand for
    /// where its own step left the body checks it then (the heat-seeker's integers).
    pub moved_on: bool,
}

/// A law's step over four missiles at once, the sweep's fast path ([`crate::sim::lockstep`]):
/// from each missile's numbers (updated in place) and the tick, where each missile moved;
/// the same bits as the law's one-missile step.
pub type LaneStep = fn(&mut [F4; LANE_NUMBERS], &LaneTick) -> Moved;

/// The heading a law's own step leaves four missiles with, from the numbers its
/// four-lane step left and their headings before (the same bits, lane by lane): a world's
/// four lanes set it four missiles at once ([`crate::guidance::Law::LANE_HEADING`]).
pub type LaneHeading = fn(&[F4; LANE_NUMBERS], F4) -> F4;

/// Where a four-lane step left its missiles: their positions and velocities, which of
/// them detonate this tick (a law that is not contact-fused), when and how widely, whose
/// solver failed, and which it could not move without the heading the lanes do not
/// carry.
#[derive(Clone, Copy, Debug)]
pub struct Moved {
    pub pos: V2<F4>,
    pub vel: V2<F4>,
    /// The share of the tick at which a lane detonates; NaN where it does not.
    pub detonates_at: F4,
    /// The blast's radius where it detonates.
    pub blast: F4,
    /// A mask: the lanes whose law said [`crate::guidance::Signal::SolverFailed`].
    pub solver_failed: F4,
    /// A mask: the lanes whose law's own step would have read the missile's heading (a
    /// missile at a standstill, which it turns by its heading): their move is not the
    /// law's, and the lane cannot fly on.
    pub needs_heading: F4,
}

impl From<(V2<F4>, V2<F4>)> for Moved {
    /// Moved to `pos` at `vel`, detonating nowhere, no solver failing, no heading needed.
    fn from((pos, vel): (V2<F4>, V2<F4>)) -> Self {
        Self {
            pos,
            vel,
            detonates_at: F4::splat(f32::NAN),
            blast: F4::ZERO,
            solver_failed: F4::ZERO,
            needs_heading: F4::ZERO,
        }
    }
}

impl Moved {
    /// Moved to `pos` at `vel`, the lanes of the mask `detonates` detonating `fraction`
    /// of the way through the tick, `blast` wide.
    pub fn detonating(
        (pos, vel): (V2<F4>, V2<F4>),
        detonates: F4,
        fraction: F4,
        blast: F4,
    ) -> Self {
        Self {
            detonates_at: F4::select(detonates, fraction, F4::splat(f32::NAN)),
            blast: F4::select(detonates, blast, F4::ZERO),
            ..Self::from((pos, vel))
        }
    }
}

/// A number type the shared rules run on: `f32`, or four of them.
pub trait Real:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// A comparison's answer: `bool`, or one per lane.
    type Mask: Copy
        + BitAnd<Output = Self::Mask>
        + BitOr<Output = Self::Mask>
        + Not<Output = Self::Mask>;
    fn splat(value: f32) -> Self;
    fn sqrt(self) -> Self;
    /// `self > other`, false where either is NaN.
    fn gt(self, other: Self) -> Self::Mask;
    /// `self >= other`, false where either is NaN.
    fn ge(self, other: Self) -> Self::Mask;
    /// `self == other` (-0 equals 0; false where either is NaN).
    fn eq(self, other: Self) -> Self::Mask;
    /// `yes` where `mask` holds, else `no`.
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self;
    fn finite(self) -> Self::Mask;
    /// Whether `mask` holds anywhere.
    fn any(mask: Self::Mask) -> bool;
    /// A mask that holds everywhere.
    fn all() -> Self::Mask;
    fn abs(self) -> Self;
    /// `(sin, cos)` with [`crate::core::Portable::psin_cos`]'s bits (not `sin_cos`:
    /// `wide`'s own, an approximation, would shadow it on [`F4`]).
    fn portable_sin_cos(self) -> (Self, Self);

    /// `self.clamp(lo, hi)` as `f32::clamp` has it (NaN stays NaN), for `lo <= hi`.
    fn clamp_to(self, lo: Self, hi: Self) -> Self {
        let low = Self::select(lo.gt(self), lo, self);
        Self::select(low.gt(hi), hi, low)
    }

    /// `self.clamp(0.0, 1.0)` as `f32::clamp` has it (NaN stays NaN).
    fn clamp01(self) -> Self {
        self.clamp_to(Self::splat(0.0), Self::splat(1.0))
    }

    /// The smaller of two numbers as `f32::min` has it: the other where one is NaN; of
    /// two equal ones (0 and -0 too), `other` (one rule for one missile and four, where
    /// `f32::min` leaves the sign of a zero to the target).
    fn min_of(self, other: Self) -> Self {
        Self::select(other.gt(self) | !other.eq(other), self, other)
    }

    /// The larger, as [`Real::min_of`] has the smaller.
    fn max_of(self, other: Self) -> Self {
        Self::select(self.gt(other) | !other.eq(other), self, other)
    }
}

impl Real for f32 {
    type Mask = bool;
    fn splat(value: f32) -> Self {
        value
    }
    fn sqrt(self) -> Self {
        // Square roots are exactly rounded everywhere (IEEE 754), in hardware or libm.
        f32::sqrt(self)
    }
    fn gt(self, other: Self) -> bool {
        self > other
    }
    fn ge(self, other: Self) -> bool {
        self >= other
    }
    fn eq(self, other: Self) -> bool {
        self == other
    }
    fn select(mask: bool, yes: Self, no: Self) -> Self {
        if mask {
            yes
        } else {
            no
        }
    }
    fn finite(self) -> bool {
        self.is_finite()
    }
    fn any(mask: bool) -> bool {
        mask
    }
    fn all() -> bool {
        true
    }
    fn abs(self) -> Self {
        f32::abs(self)
    }
    fn portable_sin_cos(self) -> (Self, Self) {
        super::math::Portable::psin_cos(self)
    }
}

impl Real for F4 {
    type Mask = F4;
    fn splat(value: f32) -> Self {
        F4::splat(value)
    }
    fn sqrt(self) -> Self {
        F4::sqrt(self)
    }
    fn gt(self, other: Self) -> F4 {
        F4::simd_gt(self, other)
    }
    fn ge(self, other: Self) -> F4 {
        F4::simd_ge(self, other)
    }
    fn eq(self, other: Self) -> F4 {
        F4::simd_eq(self, other)
    }
    fn select(mask: F4, yes: Self, no: Self) -> Self {
        mask.bitselect(yes, no)
    }
    fn finite(self) -> F4 {
        self.is_finite()
    }
    fn any(mask: F4) -> bool {
        bits(mask) != 0
    }
    fn all() -> F4 {
        F4::ZERO.simd_eq(F4::ZERO)
    }
    fn abs(self) -> Self {
        F4::abs(self)
    }
    fn portable_sin_cos(self) -> (Self, Self) {
        super::sin_cos::sin_cos(self)
    }
}

/// Four `f64` lanes (an `f64` solver's four missiles: the quartic's).
pub type D4 = wide::f64x4;

/// An `f64` number type a solver runs on: `f64` for one missile, [`D4`] for four (the
/// same IEEE-exact operations per lane as [`Real`]).
pub trait Real64:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// A comparison's answer: `bool`, or one per lane.
    type Mask: Copy
        + BitAnd<Output = Self::Mask>
        + BitOr<Output = Self::Mask>
        + Not<Output = Self::Mask>;
    fn splat(value: f64) -> Self;
    fn sqrt(self) -> Self;
    fn abs(self) -> Self;
    /// `self > other`, false where either is NaN.
    fn gt(self, other: Self) -> Self::Mask;
    /// `self >= other`, false where either is NaN.
    fn ge(self, other: Self) -> Self::Mask;
    /// `yes` where `mask` holds, else `no`.
    fn select(mask: Self::Mask, yes: Self, no: Self) -> Self;
    /// Whether `mask` holds anywhere.
    fn any(mask: Self::Mask) -> bool;
    /// A mask that holds nowhere.
    fn none() -> Self::Mask;
}

impl Real64 for f64 {
    type Mask = bool;
    fn splat(value: f64) -> Self {
        value
    }
    fn sqrt(self) -> Self {
        f64::sqrt(self)
    }
    fn abs(self) -> Self {
        f64::abs(self)
    }
    fn gt(self, other: Self) -> bool {
        self > other
    }
    fn ge(self, other: Self) -> bool {
        self >= other
    }
    fn select(mask: bool, yes: Self, no: Self) -> Self {
        if mask {
            yes
        } else {
            no
        }
    }
    fn any(mask: bool) -> bool {
        mask
    }
    fn none() -> bool {
        false
    }
}

impl Real64 for D4 {
    type Mask = D4;
    fn splat(value: f64) -> Self {
        D4::splat(value)
    }
    fn sqrt(self) -> Self {
        D4::sqrt(self)
    }
    fn abs(self) -> Self {
        D4::abs(self)
    }
    fn gt(self, other: Self) -> D4 {
        D4::simd_gt(self, other)
    }
    fn ge(self, other: Self) -> D4 {
        D4::simd_ge(self, other)
    }
    fn select(mask: D4, yes: Self, no: Self) -> Self {
        mask.bitselect(yes, no)
    }
    fn any(mask: D4) -> bool {
        mask.to_bitmask() != 0
    }
    fn none() -> D4 {
        D4::ZERO
    }
}

/// A 2-vector of [`Real`]s, with glam's `Vec2` arithmetic in glam's order (`dot` is
/// `x * x' + y * y'`, a vector over a number divides each component).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct V2<N> {
    pub x: N,
    pub y: N,
}

impl<N: Real> V2<N> {
    pub fn new(x: N, y: N) -> Self {
        Self { x, y }
    }
    pub fn dot(self, other: Self) -> N {
        self.x * other.x + self.y * other.y
    }
    pub fn length_squared(self) -> N {
        self.dot(self)
    }
    pub fn length(self) -> N {
        self.length_squared().sqrt()
    }
    pub fn scale(self, by: N) -> Self {
        Self::new(self.x * by, self.y * by)
    }
    pub fn over(self, by: N) -> Self {
        Self::new(self.x / by, self.y / by)
    }
    pub fn select(mask: N::Mask, yes: Self, no: Self) -> Self {
        Self::new(N::select(mask, yes.x, no.x), N::select(mask, yes.y, no.y))
    }
    /// Turned a quarter to the left: `(-y, x)`.
    pub fn perp(self) -> Self {
        Self::new(-self.y, self.x)
    }
    /// `x * y' - y * x'`.
    pub fn perp_dot(self, other: Self) -> N {
        self.x * other.y - self.y * other.x
    }
    /// glam's `try_normalize`: the vector times its length's reciprocal, and where that
    /// reciprocal is finite and positive (elsewhere the answer is not a direction).
    pub fn try_normalize(self) -> (Self, N::Mask) {
        let rcp = N::splat(1.0) / self.length();
        (self.scale(rcp), rcp.finite() & rcp.gt(N::splat(0.0)))
    }
    /// glam's `normalize_or`: [`V2::try_normalize`], or `fallback` where it has none.
    pub fn normalize_or(self, fallback: Self) -> Self {
        let (unit, ok) = self.try_normalize();
        Self::select(ok, unit, fallback)
    }
}

impl<N: Real> Add for V2<N> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self::new(self.x + other.x, self.y + other.y)
    }
}

impl<N: Real> Sub for V2<N> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self::new(self.x - other.x, self.y - other.y)
    }
}

impl From<glam::Vec2> for V2<f32> {
    fn from(v: glam::Vec2) -> Self {
        Self::new(v.x, v.y)
    }
}

impl From<V2<f32>> for glam::Vec2 {
    fn from(v: V2<f32>) -> Self {
        glam::Vec2::new(v.x, v.y)
    }
}

impl V2<F4> {
    /// Lane `i` as a `Vec2`.
    pub fn lane(&self, i: usize) -> glam::Vec2 {
        glam::Vec2::new(self.x.as_array()[i], self.y.as_array()[i])
    }

    /// Four `Vec2`s, one per lane.
    pub fn gather(v: [glam::Vec2; LANES]) -> Self {
        Self::new(
            F4::from([v[0].x, v[1].x, v[2].x, v[3].x]),
            F4::from([v[0].y, v[1].y, v[2].y, v[3].y]),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// Awkward values: signed zeros, subnormals, huge, tiny, NaN and the infinities.
    const ODD: [f32; 12] = [
        0.0,
        -0.0,
        1e-40,
        -3.5e-39,
        1.0,
        -2.5,
        3.0e38,
        -1.7e-20,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.1,
    ];

    #[test]
    fn each_lane_computes_the_bits_glam_computes_for_one_vector() {
        for (i, &a) in ODD.iter().enumerate() {
            let b = ODD[(i * 5 + 3) % ODD.len()];
            let c = ODD[(i * 7 + 1) % ODD.len()];
            let d = ODD[(i * 3 + 2) % ODD.len()];
            let (u, v) = (Vec2::new(a, b), Vec2::new(c, d));
            let (u4, v4) = (V2::gather([u, v, v, u]), V2::gather([v, u, u, v]));
            let bits = |x: f32| x.to_bits();
            let lane = |x: F4, i: usize| x.as_array()[i];
            assert_eq!(bits(lane(u4.dot(v4), 0)), bits(u.dot(v)));
            assert_eq!(bits(lane(u4.length(), 1)), bits(v.length()));
            assert_eq!(bits((u4 - v4).lane(0).x), bits((u - v).x));
            assert_eq!(bits((u4 + v4).lane(3).y), bits((v + u).y));
            assert_eq!(bits(u4.scale(v4.x).lane(0).y), bits((u * v.x).y));
            assert_eq!(bits(u4.over(v4.y).lane(0).x), bits((u / v.y).x));
            assert_eq!(bits(V2::from(u).length()), bits(u.length()));
            let clamped = Real::clamp01(u4.x);
            assert_eq!(bits(lane(clamped, 0)), bits(a.clamp(0.0, 1.0)));
            assert_eq!(bits(Real::clamp01(a)), bits(a.clamp(0.0, 1.0)));
            assert_eq!(bits(Real::clamp_to(a, -2.0, 0.5)), bits(a.clamp(-2.0, 0.5)));
            let (lo, hi) = (F4::splat(-2.0), F4::splat(0.5));
            assert_eq!(
                bits(lane(u4.x.clamp_to(lo, hi), 3)),
                bits(a.clamp(-2.0, 0.5))
            );
            assert_eq!(bits(u4.perp().lane(1).x), bits(v.perp().x));
            assert_eq!(bits(u4.perp().lane(0).y), bits(u.perp().y));
            assert_eq!(bits(lane(u4.perp_dot(v4), 0)), bits(u.perp_dot(v)));
            let fallback = V2::gather([Vec2::new(7.0, -7.0); LANES]);
            let normal = |w: Vec2| w.try_normalize().unwrap_or(Vec2::new(7.0, -7.0));
            for (i, w) in [u, v, v, u].into_iter().enumerate() {
                let got = u4.normalize_or(fallback).lane(i);
                assert_eq!(
                    (bits(got.x), bits(got.y)),
                    (bits(normal(w).x), bits(normal(w).y))
                );
                let (unit, ok) = V2::from(w).try_normalize();
                assert_eq!(ok, w.try_normalize().is_some(), "{w}");
                if ok {
                    assert_eq!(bits(unit.x), bits(normal(w).x));
                }
            }
        }
    }

    #[test]
    fn select_picks_per_lane_and_comparisons_are_false_on_nan() {
        let a = F4::from([1.0, 5.0, f32::NAN, -1.0]);
        let b = F4::splat(2.0);
        let picked = F4::select(a.gt(b), F4::splat(10.0), F4::splat(20.0));
        assert_eq!(picked.to_array(), [20.0, 10.0, 20.0, 20.0]);
        let finite = F4::select(
            F4::from([1.0, f32::INFINITY, f32::NAN, -0.0]).finite(),
            F4::ONE,
            F4::ZERO,
        );
        assert_eq!(finite.to_array(), [1.0, 0.0, 0.0, 1.0]);
        assert!(!f32::NAN.gt(1.0) && 2.0f32.gt(1.0));
        assert!(!f32::NAN.ge(1.0) && 1.0f32.ge(1.0) && !0.5f32.ge(1.0));
        let ge = F4::select(
            F4::from([1.0, 0.5, f32::NAN, 2.0]).ge(F4::ONE),
            F4::ONE,
            F4::ZERO,
        );
        assert_eq!(ge.to_array(), [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(f32::select(true, 1.0, 2.0), 1.0);
        assert_eq!(f32::select(false, 1.0, 2.0), 2.0);
    }

    #[test]
    fn min_of_and_max_of_are_f32_s_min_and_max_with_ties_to_the_other() {
        // Pairs and their (min, max), worked out by hand: the other where one is NaN, of
        // two equal ones the second (the sign of a tied zero shows it).
        let nan = f32::NAN;
        let cases: [(f32, f32, f32, f32); 7] = [
            (1.0, 2.0, 1.0, 2.0),
            (2.0, 1.0, 1.0, 2.0),
            (-3.0, -4.0, -4.0, -3.0),
            (nan, 5.0, 5.0, 5.0),
            (5.0, nan, 5.0, 5.0),
            (0.0, -0.0, -0.0, -0.0),
            (-0.0, 0.0, 0.0, 0.0),
        ];
        for (a, b, min, max) in cases {
            assert_eq!(a.min_of(b).to_bits(), min.to_bits(), "min {a} {b}");
            assert_eq!(a.max_of(b).to_bits(), max.to_bits(), "max {a} {b}");
        }
        // Four at a time: the first four cases, then the last four.
        for first in [0, 3] {
            let lanes = |k: usize| {
                F4::from(std::array::from_fn(|i| {
                    let (a, b, min, max) = cases[first + i];
                    [a, b, min, max][k]
                }))
            };
            let bits = |x: F4| x.to_array().map(f32::to_bits);
            assert_eq!(bits(lanes(0).min_of(lanes(1))), bits(lanes(2)));
            assert_eq!(bits(lanes(0).max_of(lanes(1))), bits(lanes(3)));
        }
        assert!(f32::NAN.min_of(f32::NAN).is_nan());
    }

    #[test]
    fn mask_of_holds_in_the_lanes_of_its_bits() {
        for lanes in 0..16 {
            assert_eq!(bits(mask_of(lanes)), lanes);
            let picked = F4::select(mask_of(lanes), F4::ONE, F4::ZERO).to_array();
            let expected: [f32; LANES] = std::array::from_fn(|i| ((lanes >> i) & 1) as f32);
            assert_eq!(picked, expected, "{lanes:04b}");
        }
    }
}
