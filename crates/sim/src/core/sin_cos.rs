//! The sine and cosine of four `f32`s at once with exactly the bits `libm::sincosf`
//! gives each (the one-missile code's [`super::Portable::psin_cos`]), for a law's
//! four-lane step ([`super::lanes::Real::portable_sin_cos`]).
//!
//! `sincosf` (FreeBSD's, by way of musl and the `libm` crate) works in `f64`: it takes
//! the nearest multiple `q` of pi / 2 off the argument (up to about 9 pi / 4 as `x - q
//! pi/2` with its own constants, beyond that up to about 2^28 pi / 2 by `rem_pio2f`'s
//! "medium" reduction, in two parts), evaluates two short polynomials of the rest, a
//! sine's and a cosine's, and picks them by `q` mod 4, negated as the quadrant asks.
//! Here both reductions and the polynomials run on four lanes (`wide::f64x4`; IEEE
//! arithmetic, no fused multiply-add) in the order `libm` writes them, and each lane
//! keeps the reduction `sincosf` would use for it. The polynomials are exactly odd (the
//! sine's) and even (the cosine's), so `sin(-y)` is `-sin(y)` to the bit and every
//! quadrant up to 9 pi / 4 can take its rest as `x - q pi/2`. A lane that is tiny
//! (below 2^-12, where the answer is `(x, 1)`), huge, infinite or NaN takes `sincosf`
//! itself. The tests compare every 1031st `f32` bit pattern (all 2^32 of them in an
//! ignored test, run once: no difference) with `libm`.

// The coefficients below are `libm`'s literals verbatim (more digits than an f64 holds).
#![allow(clippy::excessive_precision)]

// A leaf beneath `lanes` (which offers it to the laws): `wide`'s own types and masks.
use wide::bytemuck::cast;
use wide::f32x4 as F4;
use wide::i32x4 as I4;

/// Lanes of an [`F4`].
const LANES: usize = 4;
use std::f64::consts::{FRAC_2_PI as INV_PIO2, FRAC_PI_2 as PI_2};
use wide::f64x4;

/// `k_sinf`'s coefficients.
const S1: f64 = -0.166_666_666_416_265_235_595;
const S2: f64 = 0.008_333_329_385_889_463_175_6;
const S3: f64 = -0.000_198_393_348_360_966_317_347;
const S4: f64 = 0.000_002_718_311_493_989_821_906_4;
/// `k_cosf`'s coefficients.
const C0: f64 = -0.499_999_997_251_031_003_12;
const C1: f64 = 0.041_666_623_323_739_063_189_4;
const C2: f64 = -0.001_388_676_377_460_992_946_92;
const C3: f64 = 0.000_024_390_448_796_277_409_065_4;

/// The largest `|x|` bits of each multiple of pi / 2 `sincosf` takes off (about pi/4,
/// 3 pi/4, 5 pi/4, 7 pi/4 and 9 pi/4): `|x|` up to `REACH[q]` takes `q pi/2`.
const REACH: [u32; 5] = [
    0x3f49_0fda,
    0x4016_cbe3,
    0x407b_53d1,
    0x40af_eddf,
    0x40e2_31d5,
];

/// Below this `|x|` (2^-12) `sincosf` answers `(x, 1)`.
const TINY: u32 = 0x3980_0000;

/// Below this `|x|` (about 2^28 pi / 2), beyond 9 pi / 4, `rem_pio2f`'s medium reduction.
const MEDIUM: u32 = 0x4dc9_0fdb;
/// `rem_pio2f`'s constants: its rounding trick and pi / 2 in two parts (and 2 / pi).
const TOINT: f64 = 1.5 / f64::EPSILON;
const PIO2_1: f64 = 1.570_796_310_901_641_845_70e+00;
const PIO2_1T: f64 = 1.589_325_477_352_819_669_16e-08;

/// `(sin x, cos x)` of each lane, the bits of `libm::sincosf`.
pub fn sin_cos(x: F4) -> (F4, F4) {
    let magnitude = x.abs();
    let edge = |bits: u32| F4::splat(f32::from_bits(bits));
    let splat = f64x4::splat;
    let x64 = widen(x);
    // Up to 9 pi / 4: how many multiples of pi / 2 to take off (0 to 4, with the sign
    // of x; the comparisons of magnitudes are those of `sincosf`'s bit patterns).
    let beyond = |reach: u32| magnitude.simd_gt(edge(reach)).bitselect(F4::ONE, F4::ZERO);
    let q = beyond(REACH[0]) + beyond(REACH[1]) + beyond(REACH[2]) + beyond(REACH[3]);
    let q = F4::ZERO.simd_gt(x).bitselect(-q, q);
    let mut rest = x64 - widen(q) * splat(PI_2);
    let mut quadrant = q.trunc_int();
    let far = magnitude.simd_gt(edge(REACH[4]));
    if far.to_bitmask() != 0 {
        // Beyond, `rem_pio2f`'s medium reduction: the nearest multiple by its rounding
        // trick, taken off in two parts.
        let nearest = (x64 * splat(INV_PIO2) + splat(TOINT)) - splat(TOINT);
        let rest_far = (x64 - nearest * splat(PIO2_1)) - nearest * splat(PIO2_1T);
        let far64 = widen(far.bitselect(F4::ONE, F4::ZERO)).simd_eq(splat(1.0));
        rest = far64.bitselect(rest_far, rest);
        // A whole number under 2^28 in size in the lanes that keep it (infinite and NaN
        // lanes, saturated here, take `sincosf`'s own below).
        let nearest = I4::from(nearest.to_array().map(|v| v as i32));
        quadrant = cast::<F4, I4>(far).bitselect(nearest, quadrant);
    }
    let z = rest * rest;
    let w = z * z;
    // k_sinf: ((x + s (S1 + z S2)) + s w r), s = z x, r = S3 + z S4.
    let s = z * rest;
    let r = splat(S3) + z * splat(S4);
    let sine = (rest + s * (splat(S1) + z * splat(S2))) + s * w * r;
    // k_cosf: ((1 + z C0) + w C1) + (w z) r, r = C2 + z C3.
    let r = splat(C2) + z * splat(C3);
    let cosine = ((splat(1.0) + z * splat(C0)) + w * splat(C1)) + (w * z) * r;
    let (sine, cosine) = (narrow(sine), narrow(cosine));
    // The quadrant mod 4 (its two low bits, in two's complement) picks (ks, kc), (kc,
    // -ks), (-ks, -kc) or (-kc, ks): swapped where it is odd, the sine negated at 2 and
    // 3, the cosine at 1 and 2 (where the quadrant plus one has its bit 1 set). Negated
    // after narrowing to f32: the same bits as negated, then narrowed.
    let odd: F4 = cast((quadrant & I4::ONE).simd_eq(I4::ONE));
    let (sin, cos) = (odd.bitselect(cosine, sine), odd.bitselect(sine, cosine));
    let sign = |k: I4| cast::<I4, F4>((k << 30) & I4::splat(i32::MIN));
    let (sin, cos) = (sin ^ sign(quadrant), cos ^ sign(quadrant + I4::ONE));
    // Tiny, huge, infinite or NaN: `sincosf` itself.
    let usual = (magnitude.simd_ge(edge(TINY)) & edge(MEDIUM).simd_gt(magnitude)).to_bitmask();
    if usual == (1 << LANES) - 1 {
        return (sin, cos);
    }
    let (mut sin, mut cos) = (sin.to_array(), cos.to_array());
    let xs = x.to_array();
    for i in (0..LANES).filter(|i| usual & (1 << i) == 0) {
        (sin[i], cos[i]) = libm::sincosf(xs[i]);
    }
    (F4::from(sin), F4::from(cos))
}

/// Four `f32`s as `f64`s (exact): SSE2's conversions, two lanes each, on x86-64.
#[cfg(target_arch = "x86_64")]
fn widen(v: F4) -> f64x4 {
    use safe_arch::{convert_to_m128d_from_lower2_m128 as wider, m128, m128d, move_high_low_m128};
    let v: m128 = cast(v);
    cast::<[m128d; 2], f64x4>([wider(v), wider(move_high_low_m128(v, v))])
}

/// Four `f64`s as the nearest `f32`s (ties to even, as `as f32`): SSE2's conversions on
/// x86-64.
#[cfg(target_arch = "x86_64")]
fn narrow(v: f64x4) -> F4 {
    use safe_arch::{convert_to_m128_from_m128d as narrower, m128d, move_low_high_m128};
    let [low, high]: [m128d; 2] = cast(v);
    cast(move_low_high_m128(narrower(low), narrower(high)))
}

/// [`widen`] elsewhere (the page's WebAssembly): lane by lane.
#[cfg(not(target_arch = "x86_64"))]
fn widen(v: F4) -> f64x4 {
    f64x4::from(v.to_array().map(f64::from))
}

/// [`narrow`] elsewhere: lane by lane.
#[cfg(not(target_arch = "x86_64"))]
fn narrow(v: f64x4) -> F4 {
    F4::from(v.to_array().map(|v| v as f32))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit patterns among `start, start + stride, ...` (four at a time, each lane a
    /// quarter of the range apart) whose four-lane sine or cosine differs from `libm`'s.
    fn differences(start: u64, stride: u64) -> Vec<u32> {
        let quarter = 1u64 << 30;
        let mut differ = Vec::new();
        for bits in (start..quarter).step_by(stride as usize) {
            let lanes: [u32; LANES] = std::array::from_fn(|i| (bits + i as u64 * quarter) as u32);
            let (sin, cos) = sin_cos(F4::from(lanes.map(f32::from_bits)));
            for (i, &b) in lanes.iter().enumerate() {
                let x = f32::from_bits(b);
                let same = sin.as_array()[i].to_bits() == libm::sinf(x).to_bits()
                    && cos.as_array()[i].to_bits() == libm::cosf(x).to_bits();
                if !same {
                    differ.push(b);
                }
            }
        }
        differ
    }

    #[test]
    fn four_lanes_give_libm_s_bits_across_every_range() {
        // Every 1031st bit pattern: every multiple of pi / 2, both signs, the tiny, the
        // large, the infinities and NaNs, many times over.
        assert_eq!(differences(3, 1031), Vec::<u32>::new());
    }

    #[test]
    fn each_multiple_of_a_half_pi_and_its_edges_give_libm_s_bits() {
        let mut xs: Vec<f32> = vec![0.0, -0.0, 1.0e-4, -2.0e-4, 0.5, f32::NAN, f32::INFINITY];
        for edge in REACH.into_iter().chain([TINY, MEDIUM]) {
            for bits in [edge - 1, edge, edge + 1] {
                xs.push(f32::from_bits(bits));
                xs.push(-f32::from_bits(bits));
            }
        }
        for q in -9..=9 {
            xs.push(q as f32 * std::f32::consts::FRAC_PI_2);
        }
        xs.extend([7.5, -100.0, 12_345.6, -3.0e7, 4.0e8, 1.0e30]);
        for four in xs.chunks(LANES) {
            let mut lanes = [1.0f32; LANES];
            lanes[..four.len()].copy_from_slice(four);
            let (sin, cos) = sin_cos(F4::from(lanes));
            for (i, x) in lanes.into_iter().enumerate() {
                assert_eq!(
                    sin.as_array()[i].to_bits(),
                    libm::sinf(x).to_bits(),
                    "sin {x}"
                );
                assert_eq!(
                    cos.as_array()[i].to_bits(),
                    libm::cosf(x).to_bits(),
                    "cos {x}"
                );
            }
        }
    }

    #[test]
    #[ignore = "all 2^32 inputs: 8 minutes in release (cargo test --release -p steerlab-sim every_f32_in_four_lanes -- --ignored)"]
    fn every_f32_in_four_lanes_gives_libm_s_bits() {
        assert_eq!(differences(0, 1), Vec::<u32>::new());
    }
}
