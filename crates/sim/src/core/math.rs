//! Math that gives the same bits on every target. `f32::sin` and its kin call the
//! platform's C library on the desktop (glibc, the macOS or Windows one) and Rust's
//! port of musl's in the browser; they differ in the last bit for some inputs, and one
//! bit is enough to make a run's state hash differ. Every transcendental function the
//! simulation uses goes through [`Portable`] (the `libm` crate, pure Rust, the same code
//! everywhere); glam is built with its `libm` feature for the same reason.
//! `tests/architecture.rs` keeps the std forms out of the simulation's folders.
//! Square roots, `abs`, `min`, `max`, `rem_euclid` and arithmetic are exact IEEE
//! operations and need nothing.

/// Transcendental functions computed by `libm` (named as std's, prefixed with `p` for
/// portable, since a trait cannot shadow an inherent method).
pub trait Portable: Copy {
    fn psin(self) -> Self;
    fn pcos(self) -> Self;
    fn psin_cos(self) -> (Self, Self);
    fn ptan(self) -> Self;
    fn patan(self) -> Self;
    fn patan2(self, x: Self) -> Self;
    fn pasin(self) -> Self;
    fn pacos(self) -> Self;
    fn pexp(self) -> Self;
    fn pln(self) -> Self;
    fn plog10(self) -> Self;
    fn ppowf(self, n: Self) -> Self;
    /// `self` to an integer power by squaring, as compiler-rt's `__powisf2` does.
    fn ppowi(self, n: i32) -> Self;
}

macro_rules! portable {
    ($t:ty, $sin:ident, $cos:ident, $sin_cos:path, $tan:ident, $atan:ident, $atan2:ident, $asin:ident,
     $acos:ident, $exp:ident, $ln:ident, $log10:ident, $pow:ident) => {
        impl Portable for $t {
            fn psin(self) -> Self {
                libm::$sin(self)
            }
            fn pcos(self) -> Self {
                libm::$cos(self)
            }
            fn psin_cos(self) -> (Self, Self) {
                $sin_cos(self)
            }
            fn ptan(self) -> Self {
                libm::$tan(self)
            }
            fn patan(self) -> Self {
                libm::$atan(self)
            }
            fn patan2(self, x: Self) -> Self {
                libm::$atan2(self, x)
            }
            fn pasin(self) -> Self {
                libm::$asin(self)
            }
            fn pacos(self) -> Self {
                libm::$acos(self)
            }
            fn pexp(self) -> Self {
                libm::$exp(self)
            }
            fn pln(self) -> Self {
                libm::$ln(self)
            }
            fn plog10(self) -> Self {
                libm::$log10(self)
            }
            fn ppowf(self, n: Self) -> Self {
                libm::$pow(self, n)
            }
            fn ppowi(self, n: i32) -> Self {
                let mut base = self;
                let mut e = n.unsigned_abs();
                let mut result: Self = 1.0;
                loop {
                    if e & 1 == 1 {
                        result *= base;
                    }
                    e /= 2;
                    if e == 0 {
                        break;
                    }
                    base *= base;
                }
                if n < 0 {
                    1.0 / result
                } else {
                    result
                }
            }
        }
    };
}

// f32: `sincosf` reduces the argument once for both; it gives exactly `sinf`'s and
// `cosf`'s bits for every one of the 2^32 inputs (checked once, all of them, in 3.5
// minutes: `every_f32_sin_cos_is_sin_and_cos`, ignored by default; a sample of them runs
// always). f64 keeps the two calls: nobody has checked `sincos` against them.
portable!(
    f32,
    sinf,
    cosf,
    libm::sincosf,
    tanf,
    atanf,
    atan2f,
    asinf,
    acosf,
    expf,
    logf,
    log10f,
    powf
);
portable!(
    f64,
    sin,
    cos,
    sin_and_cos,
    tan,
    atan,
    atan2,
    asin,
    acos,
    exp,
    log,
    log10,
    pow
);

fn sin_and_cos(x: f64) -> (f64, f64) {
    (libm::sin(x), libm::cos(x))
}

#[cfg(test)]
mod tests {
    use super::Portable;

    #[test]
    fn portable_functions_agree_with_std_to_within_an_ulp_or_two() {
        // Not bit equality with std (that is the point), but the same functions.
        let close = |a: f32, b: f32| (a - b).abs() <= 2.0 * f32::EPSILON * b.abs().max(1.0);
        for i in -200..200 {
            let x = i as f32 * 0.037;
            assert!(close(x.psin(), x.sin()), "sin {x}");
            assert!(close(x.pcos(), x.cos()), "cos {x}");
            assert_eq!(x.psin_cos(), (x.psin(), x.pcos()));
            assert!(close(x.patan(), x.atan()), "atan {x}");
            assert!(close(x.patan2(0.7), x.atan2(0.7)), "atan2 {x}");
            assert!(close(x.pexp().pln(), x), "exp/ln {x}");
            assert!(close((x * 0.1).ptan(), (x * 0.1).tan()), "tan {x}");
            let y = (x / 8.0).clamp(-1.0, 1.0);
            assert!(
                close(y.pasin(), y.asin()) && close(y.pacos(), y.acos()),
                "{y}"
            );
        }
        assert_eq!(1000f32.plog10(), 3.0);
        assert_eq!(2f32.ppowf(10.0), 1024.0);
        assert_eq!(2f64.pln(), std::f64::consts::LN_2);
        for x in [1.0f64, -2.5, 40.0] {
            assert_eq!(x.psin_cos(), (x.psin(), x.pcos()), "{x}");
            assert!((x.psin() - x.sin()).abs() < 1e-15 && (x.pcos() - x.cos()).abs() < 1e-15);
        }
    }

    /// Bit patterns `start, start + stride, ...` (all of them with stride 1).
    fn sin_cos_differences(start: u64, stride: u64) -> Vec<u32> {
        (start..1u64 << 32)
            .step_by(stride as usize)
            .map(|bits| bits as u32)
            .filter(|&bits| {
                let x = f32::from_bits(bits);
                let (sin, cos) = x.psin_cos();
                sin.to_bits() != libm::sinf(x).to_bits() || cos.to_bits() != libm::cosf(x).to_bits()
            })
            .collect()
    }

    #[test]
    fn sin_cos_gives_sin_s_and_cos_s_bits_across_every_range() {
        // Every 4099th bit pattern: every branch of the reduction (tiny, within pi/4, the
        // multiples of pi/2 up to 9 pi/4, the general reduction, infinities and NaNs, both
        // signs) is crossed many times.
        assert_eq!(sin_cos_differences(7, 4099), Vec::<u32>::new());
        for x in [0.0f32, -0.0, 1e-30, -1e-30, f32::INFINITY, f32::MIN, 3.0e38] {
            assert_eq!(x.psin_cos().0.to_bits(), libm::sinf(x).to_bits(), "{x}");
            assert_eq!(x.psin_cos().1.to_bits(), libm::cosf(x).to_bits(), "{x}");
        }
    }

    #[test]
    #[ignore = "all 2^32 inputs: minutes in release (cargo test --release -p steerlab-sim every_f32 -- --ignored)"]
    fn every_f32_sin_cos_is_sin_and_cos() {
        assert_eq!(sin_cos_differences(0, 1), Vec::<u32>::new());
    }

    #[test]
    fn integer_powers_multiply_by_squaring() {
        assert_eq!(3f32.ppowi(0), 1.0);
        assert_eq!(3f32.ppowi(1), 3.0);
        assert_eq!(3f32.ppowi(5), 243.0);
        assert_eq!(2f64.ppowi(-3), 0.125);
        assert_eq!((-2f64).ppowi(3), -8.0);
        // x^3 as (x*x)*x, the order compiler-rt and LLVM use.
        let x = 1.1f32;
        assert_eq!(x.ppowi(3), x * x * x);
        assert_eq!(x.ppowi(3), x.powi(3));
    }
}
