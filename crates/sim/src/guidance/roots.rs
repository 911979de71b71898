//! Real roots of polynomials by derivative isolation: the roots of `p'` split the line
//! into intervals where `p` is monotonic, so every sign change brackets exactly one
//! root, which a safeguarded Newton-bisection then polishes. No coarse scan: roots a
//! hair apart are still found, in order.

use crate::core::Portable;

/// Evaluates `sum coeffs[i] * x^i` and its derivative (Horner).
fn eval(coeffs: &[f64], x: f64) -> (f64, f64) {
    let mut value = 0.0;
    let mut slope = 0.0;
    for &c in coeffs.iter().rev() {
        slope = slope * x + value;
        value = value * x + c;
    }
    (value, slope)
}

/// Most coefficients handled (degree 4: the quartic). Fixed-size arrays keep the
/// solver free of allocations: it runs once per missile per tick.
pub const MAX_COEFFS: usize = 5;

/// A short list of roots (at most `MAX_COEFFS - 1`), ascending.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Roots {
    values: [f64; MAX_COEFFS - 1],
    len: usize,
}

impl Roots {
    fn push(&mut self, root: f64) {
        if self.len < self.values.len() {
            self.values[self.len] = root;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for Roots {
    type Target = [f64];
    fn deref(&self) -> &[f64] {
        &self.values[..self.len]
    }
}

/// The derivative's coefficients (and how many).
fn derivative(coeffs: &[f64]) -> ([f64; MAX_COEFFS], usize) {
    let mut out = [0.0; MAX_COEFFS];
    for (i, &c) in coeffs.iter().enumerate().skip(1) {
        out[i - 1] = c * i as f64;
    }
    (out, coeffs.len().saturating_sub(1))
}

/// Drops leading (highest-degree) coefficients that are zero.
fn trimmed(coeffs: &[f64]) -> &[f64] {
    let mut n = coeffs.len();
    while n > 0 && coeffs[n - 1] == 0.0 {
        n -= 1;
    }
    &coeffs[..n]
}

/// A bound on the absolute value of every root (Fujiwara's: twice the largest
/// `|a_(n-k) / a_n|^(1/k)`, the constant term halved). Much tighter than Cauchy's when
/// the coefficients span many magnitudes, so the root search starts close.
pub fn root_bound(coeffs: &[f64]) -> f64 {
    let coeffs = trimmed(coeffs);
    let Some((&lead, rest)) = coeffs.split_last() else {
        return 0.0;
    };
    let n = rest.len();
    let largest = rest
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let k = n - i;
            let c = if i == 0 { c / 2.0 } else { c };
            (c / lead).abs().ppowf(1.0 / k as f64)
        })
        .fold(0.0, f64::max);
    // Nudged up so a root sitting exactly on the bound is inside the search interval.
    2.0 * largest * (1.0 + 4.0 * f64::EPSILON)
}

/// The single root of a monotonic polynomial in `[lo, hi]`, given `p(lo)` and `p(hi)`
/// of opposite signs (or one of them zero).
fn polish(coeffs: &[f64], mut lo: f64, mut hi: f64, f_lo: f64) -> f64 {
    let rising = f_lo < 0.0;
    let mut x = 0.5 * (lo + hi);
    for _ in 0..200 {
        let (value, slope) = eval(coeffs, x);
        if value == 0.0 {
            return x;
        }
        if (value < 0.0) == rising {
            lo = x;
        } else {
            hi = x;
        }
        let newton = x - value / slope;
        let next = if newton.is_finite() && newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        // Done when the step is down to a few ulps (Newton can hop between two
        // neighbouring floats forever) or the bracket has closed.
        let tolerance = 4.0 * f64::EPSILON * x.abs().max(f64::MIN_POSITIVE);
        if (next - x).abs() <= tolerance || hi - lo <= f64::EPSILON * hi.abs().max(lo.abs()) {
            return next;
        }
        x = next;
    }
    x
}

/// The real roots of `sum coeffs[i] * x^i` (at most degree 4) in `[lo, hi]`, ascending.
/// Double roots (where the polynomial touches zero without crossing) are found when the
/// value at the touching point is zero to rounding.
pub fn real_roots_in(coeffs: &[f64], lo: f64, hi: f64) -> Roots {
    let coeffs = trimmed(coeffs);
    let mut roots = Roots::default();
    assert!(coeffs.len() <= MAX_COEFFS, "degree above 4");
    if coeffs.len() < 2 || lo.is_nan() || hi.is_nan() || lo > hi {
        return roots;
    }
    if coeffs.len() == 2 {
        let root = -coeffs[0] / coeffs[1];
        if (lo..=hi).contains(&root) {
            roots.push(root);
        }
        return roots;
    }
    let (slope, n) = derivative(coeffs);
    let critical = real_roots_in(&slope[..n], lo, hi);
    let mut breaks = [0.0; MAX_COEFFS + 1];
    breaks[0] = lo;
    breaks[1..=critical.len()].copy_from_slice(&critical);
    breaks[critical.len() + 1] = hi;
    let breaks = &breaks[..critical.len() + 2];
    // "Zero to rounding" at `x`: a tiny fraction of the largest term of the sum at `x`
    // itself. (Scaled at the interval's far edge, a wide interval made every extremum
    // near zero count as a touching root.)
    let touch = |x: f64| {
        coeffs
            .iter()
            .enumerate()
            .map(|(i, c)| (c * x.ppowi(i as i32)).abs())
            .fold(0.0, f64::max)
            * 1e-12
    };
    for pair in breaks.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (fa, _) = eval(coeffs, a);
        let (fb, _) = eval(coeffs, b);
        let root = if fa == 0.0 {
            Some(a)
        } else if (fa < 0.0) != (fb < 0.0) && fb != 0.0 {
            Some(polish(coeffs, a, b, fa))
        } else if fb.abs() <= touch(b) {
            Some(b)
        } else {
            None
        };
        if let Some(r) = root {
            if roots.last().is_none_or(|&last| r > last) {
                roots.push(r);
            }
        }
    }
    roots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_all_roots_of_a_quartic_in_order() {
        // (x-1)(x-2)(x-3)(x+4) = x^4 - 2x^3 - 13x^2 + 38x - 24
        let roots = real_roots_in(&[-24.0, 38.0, -13.0, -2.0, 1.0], -10.0, 10.0);
        let expected = [-4.0, 1.0, 2.0, 3.0];
        assert_eq!(roots.len(), 4, "{roots:?}");
        for (r, e) in roots.iter().zip(expected) {
            assert!((r - e).abs() < 1e-9, "{roots:?}");
        }
    }

    #[test]
    fn separates_roots_a_millionth_apart() {
        // (x - 1)(x - 1.000001)(x^2 + 1)
        let (a, b) = (1.0, 1.000001);
        let coeffs = [a * b, -(a + b), 1.0 + a * b, -(a + b), 1.0];
        let roots = real_roots_in(&coeffs, 0.0, 5.0);
        assert_eq!(roots.len(), 2, "{roots:?}");
        assert!((roots[0] - a).abs() < 1e-9 && (roots[1] - b).abs() < 1e-9);
    }

    #[test]
    fn bound_contains_every_root() {
        let coeffs = [-24.0, 38.0, -13.0, -2.0, 1.0];
        assert!(root_bound(&coeffs) >= 4.0);
        // x^4 - 16: roots of modulus 2; Fujiwara gives 2 * (16/2)^(1/4) = 3.36.
        let b = root_bound(&[-16.0, 0.0, 0.0, 0.0, 1.0]);
        assert!((2.0..4.0).contains(&b), "{b}");
        // (x - 1000)(x + 1)(x^2 + 1): far root still inside.
        let coeffs = [-1000.0, -999.0, -1000.0, -999.0, 1.0];
        assert!(root_bound(&coeffs) >= 1000.0);
        assert_eq!(real_roots_in(&coeffs, 0.0, root_bound(&coeffs)).len(), 1);
    }

    #[test]
    fn leading_zero_coefficients_do_not_change_the_bound_or_the_roots() {
        // x^2 - 4 written as a quartic: Fujiwara's bound of x^2 - 4 is
        // 2 * |(-4 / 2) / 1|^(1/2) = 2 sqrt 2 (times 1 + 4 eps), roots -2 and 2.
        let padded = [-4.0, 0.0, 1.0, 0.0, 0.0];
        let b = root_bound(&padded);
        assert!((b - 2.0 * 2f64.sqrt()).abs() < 1e-12, "{b}");
        let roots = real_roots_in(&padded, -b, b);
        assert_eq!(roots.len(), 2, "{roots:?}");
        assert!((roots[0] + 2.0).abs() < 1e-12 && (roots[1] - 2.0).abs() < 1e-12);
    }

    #[test]
    fn a_root_exactly_on_the_bound_is_inside_it() {
        // x - 2: Fujiwara's bound is exactly 2 (the constant halved, doubled); nudged up.
        let b = root_bound(&[-2.0, 1.0]);
        assert!(b > 2.0 && b < 2.0 + 1e-12, "{b}");
        assert_eq!(real_roots_in(&[-2.0, 1.0], -b, b)[..], [2.0]);
    }

    #[test]
    fn an_interval_of_one_point_holds_the_root_on_it() {
        assert_eq!(real_roots_in(&[-2.0, 1.0], 2.0, 2.0)[..], [2.0]);
        assert!(real_roots_in(&[-2.0, 1.0], 3.0, 2.0).is_empty());
    }

    #[test]
    fn a_tiny_root_is_found_to_full_relative_precision() {
        // (x - 1e-8)(x + 1) = x^2 + (1 - 1e-8) x - 1e-8: the small root to 1e-12 of
        // itself, not to a tolerance that is large beside it.
        let r = 1e-8;
        let roots = real_roots_in(&[-r, 1.0 - r, 1.0], 0.0, 1.0);
        assert_eq!(roots.len(), 1, "{roots:?}");
        assert!(((roots[0] - r) / r).abs() < 1e-12, "{roots:?}");
    }
}
