//! The kinematic state every missile has, what its seeker sees of its target, and angle
//! arithmetic: what the guidance laws and the simulation both need.

use super::lanes::{Real, V2};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::f32::consts::{PI, TAU};

/// The kinematic state every missile has, whatever steers it. Velocity is in units per
/// second; heading in radians, measured from +x towards +y (y points down the screen).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Body {
    pub pos: Vec2,
    pub vel: Vec2,
    pub heading: f32,
}

impl Body {
    /// Whether every number in the body is finite.
    pub fn is_finite(&self) -> bool {
        self.pos.is_finite() && self.vel.is_finite() && self.heading.is_finite()
    }
}

/// What a missile's seeker sees of its target at the start of a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seen {
    pub target_pos: Vec2,
    /// Target velocity in units per second (estimated for dragged targets).
    pub target_vel: Vec2,
    /// The tick length in seconds.
    pub dt: f32,
}

/// Wraps an angle into `(-pi, pi]`.
pub fn wrap_angle(angle: f32) -> f32 {
    match wrap_angle_of(angle) {
        (wrapped, true) => wrapped,
        (_, false) => from_turn((angle + PI).rem_euclid(TAU)),
    }
}

/// [`wrap_angle`] of one angle or four, and where that is its answer: where `angle + pi`
/// lies within `(-2 pi, 4 pi)` (elsewhere ask [`wrap_angle`]). There `(angle +
/// pi).rem_euclid(2 pi)` is the sum itself, one subtraction (exact: 2 pi <= x < 4 pi) or
/// the addition `rem_euclid` makes of a negative remainder, without the remainder's
/// division: the same bits, several times as fast for the differences of two angles
/// (the laws' and the diagnosis's most common case).
#[inline]
pub fn wrap_angle_of<N: Real>(angle: N) -> (N, N::Mask) {
    let (zero, tau) = (N::splat(0.0), N::splat(TAU));
    let x = angle + N::splat(PI);
    let within = x.ge(zero) & tau.gt(x);
    let above = x.ge(tau) & N::splat(2.0 * TAU).gt(x);
    let below = zero.gt(x) & x.gt(-tau);
    let turn = N::select(within, x, N::select(above, x - tau, x + tau));
    (from_turn(turn), within | above | below)
}

/// The angle in `(-pi, pi]` of `turn` in `[0, 2 pi)` (the angle plus pi).
#[inline]
fn from_turn<N: Real>(turn: N) -> N {
    let wrapped = turn - N::splat(PI);
    N::select(N::splat(-PI).ge(wrapped), wrapped + N::splat(TAU), wrapped)
}

/// The direction of `v` in radians, `atan2(v.y, v.x)`, by the Cephes single-precision
/// arctangent (range reduction at tan(pi/8) and tan(3pi/8), then a degree-9 odd
/// polynomial): within 3e-7 rad of the exact angle (an ulp near pi), several times as fast as the C
/// library's, and the same bits on every platform (plain f32 arithmetic, no libm). Used
/// for the headings the laws set, turn rates and a script's `angle()`; the built-in
/// laws' own steering arithmetic keeps the C library's, as their articles have it.
pub fn direction(v: Vec2) -> f32 {
    direction_of(V2::from(v))
}

/// [`direction`] of one vector or of four at once (the same bits in each lane): every
/// lane works out all three ranges of the arctangent and keeps its own, so there is no
/// branch to guess wrong.
#[inline]
pub fn direction_of<N: Real>(v: V2<N>) -> N {
    use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};
    let (x, y) = (v.x, v.y);
    let (zero, one) = (N::splat(0.0), N::splat(1.0));
    // The arctangent of t = y / x (Cephes `atanf`), by |t|'s range.
    let t = y / x;
    let negative = zero.gt(t);
    let a = N::select(negative, -t, t);
    let (high, middle) = (a.gt(N::splat(2.414_213_6)), a.gt(N::splat(0.414_213_57)));
    let reduced = N::select(
        high,
        N::splat(-1.0) / a,
        N::select(middle, (a - one) / (a + one), a),
    );
    let offset = N::select(
        high,
        N::splat(FRAC_PI_2),
        N::select(middle, N::splat(FRAC_PI_4), zero),
    );
    let z = reduced * reduced;
    let poly = (((N::splat(8.053_744_5e-2) * z - N::splat(1.387_768_6e-1)) * z
        + N::splat(1.997_771_1e-1))
        * z
        - N::splat(3.333_295e-1))
        * z
        * reduced
        + reduced;
    let atan = N::select(negative, N::splat(-1.0), one) * (offset + poly);
    // The quadrant, and the vertical axis (and the origin) as atan2 has them.
    let base = N::select(
        x.gt(zero),
        zero,
        N::select(zero.gt(y), N::splat(-PI), N::splat(PI)),
    );
    let vertical = N::select(
        y.gt(zero),
        N::splat(FRAC_PI_2),
        N::select(zero.gt(y), N::splat(-FRAC_PI_2), zero),
    );
    N::select(x.eq(zero), vertical, base + atan)
}

#[cfg(test)]
mod tests {
    use super::{direction, direction_of, wrap_angle, wrap_angle_of};
    use glam::Vec2;
    use std::f32::consts::{PI, TAU};

    /// The definition: `(angle + pi).rem_euclid(tau) - pi`, then -pi moved to pi.
    fn wrapped_by_remainder(angle: f32) -> f32 {
        let wrapped = (angle + PI).rem_euclid(TAU) - PI;
        if wrapped <= -PI {
            wrapped + TAU
        } else {
            wrapped
        }
    }

    /// The arctangent as Cephes writes it, branch by branch (what `direction` computed
    /// before its lanes shared it).
    fn direction_by_branches(v: Vec2) -> f32 {
        use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};
        let (x, y) = (v.x, v.y);
        if x == 0.0 {
            return if y > 0.0 {
                FRAC_PI_2
            } else if y < 0.0 {
                -FRAC_PI_2
            } else {
                0.0
            };
        }
        let base = if x > 0.0 {
            0.0
        } else if y < 0.0 {
            -PI
        } else {
            PI
        };
        let t = y / x;
        let (sign, a) = if t < 0.0 { (-1.0, -t) } else { (1.0, t) };
        let (offset, a) = if a > 2.414_213_6 {
            (FRAC_PI_2, -1.0 / a)
        } else if a > 0.414_213_57 {
            (FRAC_PI_4, (a - 1.0) / (a + 1.0))
        } else {
            (0.0, a)
        };
        let z = a * a;
        let poly = (((8.053_744_5e-2 * z - 1.387_768_6e-1) * z + 1.997_771_1e-1) * z
            - 3.333_295e-1)
            * z
            * a
            + a;
        base + sign * (offset + poly)
    }

    #[test]
    fn direction_one_or_four_at_a_time_has_the_bits_of_the_branches() {
        use crate::core::lanes::V2;
        let odd = [
            0.0,
            -0.0,
            1e-40,
            -1e-40,
            1e-20,
            0.414_213_57,
            2.414_213_6,
            1.0,
            -1.0,
            1e30,
        ];
        let mut vectors: Vec<Vec2> = Vec::new();
        for x in odd.iter().flat_map(|v| [*v, -*v]) {
            for y in odd.iter().flat_map(|v| [*v, -*v]) {
                vectors.push(Vec2::new(x, y));
            }
        }
        for i in 0..100_000 {
            let a = i as f32 * 6.283e-5 - PI;
            let r = 1e-3 + (i % 97) as f32 * 13.7;
            vectors.push(Vec2::new(a.cos() * r, a.sin() * r));
            // Both sides of the range reduction's edges.
            let edge = [0.414_213_57f32, 2.414_213_6][i % 2];
            let t = f32::from_bits(edge.to_bits() + (i as u32 % 64) - 32);
            vectors.push(Vec2::new(r, t * r));
        }
        vectors.extend([Vec2::new(f32::NAN, 1.0), Vec2::new(f32::INFINITY, 1.0)]);
        for v in &vectors {
            let (one, want) = (direction(*v), direction_by_branches(*v));
            assert!(
                one.to_bits() == want.to_bits() || one.is_nan() && want.is_nan(),
                "{v}"
            );
        }
        for four in vectors.chunks_exact(4) {
            let lanes = direction_of(V2::gather([four[0], four[1], four[2], four[3]]));
            for (i, v) in four.iter().enumerate() {
                let (lane, want) = (lanes.as_array()[i], direction(*v));
                assert!(
                    lane.to_bits() == want.to_bits() || lane.is_nan() && want.is_nan(),
                    "{v}"
                );
            }
        }
    }

    #[test]
    fn four_angles_wrap_as_one_does_where_they_say_so() {
        use crate::core::lanes::{bits, F4};
        // Either side of each edge of the common case (angle + pi at -2 pi, 0, 2 pi and
        // 4 pi), inside it and out.
        let (a, b) = (-3.0 * PI, 3.0 * PI);
        let angles = [
            0.5,
            -2.9,
            a.next_up(),
            a,
            -PI,
            (-PI).next_up(),
            PI.next_down(),
            PI,
            4.0,
            b.next_down(),
            b,
            1e30,
            f32::NAN,
            f32::INFINITY,
            -0.0,
            -1.0,
        ];
        let mut usual = 0;
        for four in angles.chunks(4) {
            let four: [f32; 4] = four.try_into().unwrap();
            let (wrapped, common) = wrap_angle_of(F4::from(four));
            for (i, angle) in four.into_iter().enumerate() {
                let sum = angle + PI;
                let said = bits(common) & (1 << i) != 0;
                assert_eq!(said, sum > -TAU && sum < 2.0 * TAU, "{angle:e}");
                if said {
                    let got = wrapped.as_array()[i];
                    assert_eq!(
                        got.to_bits(),
                        wrapped_by_remainder(angle).to_bits(),
                        "{angle:e}"
                    );
                    usual += 1;
                }
            }
        }
        assert_eq!(usual, 12);
    }

    #[test]
    fn wrap_angle_gives_the_remainder_s_bits_for_every_angle() {
        // Every float near the shortcut's edges, a sweep over several turns either way,
        // and the odd ones.
        let mut angles: Vec<f32> = vec![0.0, -0.0, PI, -PI, TAU, -TAU, 1e30, -1e30, f32::MAX];
        for edge in [-PI, PI, 3.0 * PI, -3.0 * PI, 5.0 * PI] {
            let mut a = edge;
            let mut b = edge;
            for _ in 0..2000 {
                a = a.next_up();
                b = b.next_down();
                angles.extend([a, b]);
            }
        }
        angles.extend((0..400_000).map(|i| -20.0 + i as f32 * 1e-4));
        for a in angles {
            assert_eq!(
                wrap_angle(a).to_bits(),
                wrapped_by_remainder(a).to_bits(),
                "angle {a:e}"
            );
        }
        assert!(wrap_angle(f32::NAN).is_nan());
        assert!(wrap_angle(f32::INFINITY).is_nan());
        // Into (-pi, pi]: -pi is pi.
        assert_eq!(wrap_angle(-PI), PI);
        assert!((wrap_angle(3.0 * PI / 2.0) + PI / 2.0).abs() < 1e-6);
    }

    #[test]
    fn direction_is_within_3e_7_of_the_f64_angle_all_around() {
        let mut worst = 0.0f64;
        for i in 0..200_000 {
            let a = -std::f64::consts::PI + i as f64 * std::f64::consts::TAU / 200_000.0;
            for r in [1e-6f64, 0.3, 1.0, 7.0, 1e5] {
                let v = Vec2::new((a.cos() * r) as f32, (a.sin() * r) as f32);
                let exact = f64::from(v.y).atan2(f64::from(v.x));
                worst = worst.max((f64::from(direction(v)) - exact).abs());
            }
        }
        assert!(worst < 3e-7, "worst error {worst}");
        // The axes and the origin, as atan2 has them.
        assert_eq!(direction(Vec2::new(1.0, 0.0)), 0.0);
        assert_eq!(direction(Vec2::new(0.0, 2.0)), std::f32::consts::FRAC_PI_2);
        assert_eq!(
            direction(Vec2::new(0.0, -2.0)),
            -std::f32::consts::FRAC_PI_2
        );
        assert_eq!(direction(Vec2::new(-3.0, 0.0)), std::f32::consts::PI);
        assert_eq!(direction(Vec2::ZERO), 0.0);
        // +0, not -0, straight along +x: a heading's bits go into the state hash.
        assert_eq!(direction(Vec2::new(1.0, 0.0)).to_bits(), 0.0f32.to_bits());
    }
}
