//! The quartic's meeting time (`quartic.rs`): the smallest positive root of `p(T)`, by
//! Newton steps that the quartic's shape proves land on it, for one missile (`f64`) or
//! four ([`crate::core::lanes::D4`]), handing what they cannot settle to the general
//! root isolation (`roots.rs`).

use super::super::roots::{real_roots_in, root_bound};
use crate::core::lanes::Real64;
use glam::DVec2;

/// `p(T) = a T^4 - b T^2 - c T - e` with `a = k^2/4 > 0`, `b = |vr|^2`, `c = 2 d.vr`
/// and `e = |d|^2 > 0`, that is `p(T) = (k T^2 / 2)^2 - |d + vr T|^2`.
///
/// Its shape makes the smallest positive root cheap to find and to prove smallest:
/// `p'' = 12 a T^2 - 2 b` is negative before `ti = sqrt(b / 6a)` and positive after, so
/// `p` is concave on `[0, ti]` and convex on `[ti, inf)`; and `p(0) = -e < 0`.
/// - In the concave stretch, Newton's method started left of the first root never
///   passes it (the tangent lies above `p`, so it reaches zero no later than `p` does):
///   it climbs to the first root, or shows that `p` stays below zero there.
/// - In the convex stretch, once `p < 0` at its start, `p` has exactly one root there,
///   and Newton's method started right of it descends to it without passing it.
///
/// Whatever the fast path cannot settle it hands to the general root isolation.
#[derive(Clone, Copy, Debug)]
pub(super) struct MeetingQuartic<N = f64> {
    pub(super) a: N,
    pub(super) b: N,
    pub(super) c: N,
    pub(super) e: N,
}

/// The outcome of the search in the concave stretch `[0, ti]` (for the tests: the
/// search itself is [`MeetingQuartic::concave_lanes`]).
#[cfg(test)]
pub(super) enum Concave {
    /// The first positive root.
    Root(f64),
    /// `p` stays clearly below zero: no root, nor a touch the general solver would take
    /// for one.
    Below,
    /// Too close to call (a near-double root): ask the general solver.
    Unsure,
}

/// Newton steps before the fast path gives up (it takes a handful unless a double root
/// is near, where the general solver is the one to ask).
const STEPS: usize = 32;

impl MeetingQuartic<f64> {
    pub(super) fn new(d: DVec2, vr: DVec2, k: f64) -> Self {
        Self {
            a: 0.25 * k * k,
            b: vr.length_squared(),
            c: 2.0 * d.dot(vr),
            e: d.length_squared(),
        }
    }

    /// The smallest positive root: the fast path, else the general solver.
    pub(super) fn first_root(&self) -> Option<f64> {
        self.first_root_fast().or_else(|| self.first_root_robust())
    }

    /// The smallest positive root by isolating every real root (derivative intervals).
    pub(super) fn first_root_robust(&self) -> Option<f64> {
        let coeffs = [-self.e, -self.c, -self.b, 0.0, self.a];
        real_roots_in(&coeffs, 0.0, root_bound(&coeffs))
            .iter()
            .copied()
            .find(|&t| t > 0.0)
    }

    /// The smallest positive root, or `None` when the fast path cannot prove it.
    pub(super) fn first_root_fast(&self) -> Option<f64> {
        let (root, found) = self.first_root_lanes();
        found.then_some(root)
    }

    /// [`Self::concave_lanes`]'s verdict for one missile.
    #[cfg(test)]
    pub(super) fn concave_root(&self, ti: f64) -> Concave {
        match self.concave_lanes(ti, true) {
            (root, true, _) => Concave::Root(root),
            (_, false, true) => Concave::Below,
            (_, false, false) => Concave::Unsure,
        }
    }
}

/// The fast path, for one missile (`f64`) or four ([`crate::core::lanes::D4`]), each
/// lane with the bits of one missile's: a lane's search goes on while it has not
/// settled, and stops (its numbers kept) where one missile's would.
impl<N: Real64> MeetingQuartic<N> {
    /// `p(t)` and `p'(t)`.
    fn eval(&self, t: N) -> (N, N) {
        let t2 = t * t;
        let p = (self.a * t2 - self.b) * t2 - self.c * t - self.e;
        (
            p,
            (N::splat(4.0) * self.a * t2 - N::splat(2.0) * self.b) * t - self.c,
        )
    }

    /// The sum of the terms' sizes at `t`: the scale of `p`'s rounding there.
    pub(super) fn size(&self, t: N) -> N {
        let t2 = t * t;
        self.e + self.c.abs() * t + self.b * t2 + self.a * t2 * t2
    }

    /// A bound on the rounding error of `eval(t).0` (a few roundings of terms of at most
    /// `size(t)`), generous.
    pub(super) fn rounding(&self, t: N) -> N {
        N::splat(32.0 * f64::EPSILON) * self.size(t)
    }

    /// The smallest positive root where the fast path proves it (the mask), for each
    /// lane.
    ///
    /// `p'' = 12 a T^2 - 2 b` changes sign at `ti = sqrt(b / 6a)`. With `c >= 0`,
    /// `p'(0) = -c <= 0` and `p'` falls through the concave stretch: `p` falls from
    /// `-e` there, so no root before `ti`; else the concave stretch is searched first.
    /// Where `p < 0` on `[0, ti]`, the one root of the convex stretch is the first.
    pub(super) fn first_root_lanes(&self) -> (N, N::Mask) {
        let ti = (self.b / (N::splat(6.0) * self.a)).sqrt();
        let (root, found, below) = self.concave_lanes(ti, N::splat(0.0).gt(self.c));
        let (convex, convex_found) = self.convex_lanes(ti, below);
        (N::select(found, root, convex), found | convex_found)
    }

    /// The concave stretch searched where `search` holds ([`ConcaveSearch`]): `(root,
    /// found, below)` as [`ConcaveSearch::verdict`] has them.
    fn concave_lanes(&self, ti: N, search: N::Mask) -> (N, N::Mask, N::Mask) {
        let mut concave = ConcaveSearch::new(self, ti, search);
        for _ in 0..STEPS {
            if !N::any(concave.going) {
                break;
            }
            concave.step(self);
        }
        concave.verdict(self)
    }

    /// The convex stretch `[lo, inf)` searched where `search` holds ([`ConvexSearch`]):
    /// `(root, found)`.
    fn convex_lanes(&self, lo: N, search: N::Mask) -> (N, N::Mask) {
        let mut convex = ConvexSearch::new(self, search);
        for _ in 0..STEPS {
            if !N::any(convex.going) {
                break;
            }
            convex.step(self, lo);
        }
        (convex.root, convex.found)
    }
}

/// Newton from 0 (where p < 0 < p' = -c) up through the concave stretch `[0, ti]`,
/// in the lanes where it is searched.
///
/// Each iterate `x` has `p(x) < 0 < p'(x)`. The tangent at `x` lies above `p` on the
/// stretch and is negative up to its zero `next`: no root before `next`, so converging
/// means reaching the first root. Otherwise the climb stops when `next` leaves the
/// stretch or `p` turns down (`p'(next) <= 0`), and two tangents bound `p` on the whole
/// stretch: the last rising one (`p` is below it, and rises, up to its point) and one
/// falling at the stretch's end (`p` falls after its point). The height where they
/// cross bounds `p`'s maximum. The general solver counts a maximum within 1e-12 of the
/// terms' size as a touching root; below -1e-10 of the size, it finds none either.
struct ConcaveSearch<N: Real64> {
    ti: N,
    /// `p(ti)` and `p'(ti)`.
    at_ti: (N, N),
    /// The iterate, `p` and `p'` there.
    now: (N, N, N),
    /// The last rising tangent's point, `p` and `p'`.
    rising: (N, N, N),
    /// Where the climb stopped short of a root (where `ended`).
    end: (N, N, N),
    ended: N::Mask,
    root: N,
    found: N::Mask,
    /// Searched, and not settled yet.
    going: N::Mask,
    search: N::Mask,
}

/// `new` where `mask` holds, else `old`, for a point with its `p` and `p'`.
fn keep<N: Real64>(mask: N::Mask, new: (N, N, N), old: (N, N, N)) -> (N, N, N) {
    let pick = |new, old| N::select(mask, new, old);
    (pick(new.0, old.0), pick(new.1, old.1), pick(new.2, old.2))
}

impl<N: Real64> ConcaveSearch<N> {
    fn new(q: &MeetingQuartic<N>, ti: N, search: N::Mask) -> Self {
        let zero = N::splat(0.0);
        let now = (zero, -q.e, -q.c);
        Self {
            ti,
            at_ti: q.eval(ti),
            now,
            rising: now,
            end: (zero, zero, zero),
            ended: N::none(),
            root: zero,
            found: N::none(),
            going: search,
            search,
        }
    }

    /// One Newton step where it goes on.
    fn step(&mut self, q: &MeetingQuartic<N>) {
        let zero = N::splat(0.0);
        let (x, v, s) = self.now;
        let turned = self.going & zero.ge(s);
        self.end = keep(turned, self.now, self.end);
        self.ended = self.ended | turned;
        let mut going = self.going & !turned;
        let next = x - v / s;
        // Converged, or past the root by rounding only (p(x) < 0 in exact arithmetic):
        // the root, if p is within its rounding of zero; else unsure.
        let settled =
            going & ((N::splat(4.0 * f64::EPSILON) * x).ge((next - x).abs()) | v.ge(zero));
        if N::any(settled) {
            let near = settled & q.rounding(x).ge(v);
            self.root = N::select(near, next, self.root);
            self.found = self.found | near;
            going = going & !settled;
        }
        self.rising = keep(going, self.now, self.rising);
        let left = going & next.ge(self.ti);
        self.end = keep(left, (self.ti, self.at_ti.0, self.at_ti.1), self.end);
        self.ended = self.ended | left;
        going = going & !left;
        let (v, s) = q.eval(next);
        self.now = keep(going, (next, v, s), self.now);
        self.going = going;
    }

    /// `(root, found, below)`: the first root where found; `p` clearly below zero on the
    /// whole stretch where below (also where it was not searched); too close to call (a
    /// near-double root, or out of steps: ask the general solver) where neither.
    fn verdict(&self, q: &MeetingQuartic<N>) -> (N, N::Mask, N::Mask) {
        let zero = N::splat(0.0);
        let ((xe, ve, se), (x, v, s)) = (self.end, self.rising);
        let max = N::select(
            se.ge(zero),
            // p rises on the whole stretch: its maximum is at the end.
            ve,
            // The rising tangent's height where the falling one crosses it.
            v + s * (ve - v - se * (xe - x)) / (s - se),
        );
        let below = self.ended & (N::splat(-1e-10) * q.size(self.ti)).gt(max);
        (self.root, self.found, below | !self.search)
    }
}

/// The root in the convex stretch `[lo, inf)`, given `p(lo) < 0` (so it has exactly
/// one), in the lanes where it is searched. By Newton from above it. Every positive
/// root is at most `hi`, since at a root `(k/2) T^2 = |d + vr T| <= |d| + |vr| T`;
/// p > 0 there is checked (a value at or below zero ends the search, taken for the root
/// only if it is rounding). On a convex stretch the tangent lies below `p`, so the
/// iterates descend to the root without passing it.
struct ConvexSearch<N: Real64> {
    x: N,
    root: N,
    found: N::Mask,
    going: N::Mask,
}

impl<N: Real64> ConvexSearch<N> {
    fn new(q: &MeetingQuartic<N>, search: N::Mask) -> Self {
        let (ra, rb) = (q.a.sqrt(), q.b.sqrt());
        // The positive root of ra T^2 - rb T - |d|, nudged up past rounding.
        let hi = (rb + (q.b + N::splat(4.0) * (q.a * q.e).sqrt()).sqrt()) / (N::splat(2.0) * ra);
        Self {
            x: hi * N::splat(1.0 + 1e-9),
            root: N::splat(0.0),
            found: N::none(),
            going: search,
        }
    }

    /// One Newton step where it goes on, from above the root `lo` bounds from below.
    fn step(&mut self, q: &MeetingQuartic<N>, lo: N) {
        let zero = N::splat(0.0);
        let x = self.x;
        let (v, s) = q.eval(x);
        let next = x - v / s;
        let going = self.going & s.gt(zero) & next.gt(lo);
        // Converged, or past the root by rounding only (p(x) > 0 in exact arithmetic):
        // the root, if p is within its rounding of zero; else none.
        let settled =
            going & ((N::splat(4.0 * f64::EPSILON) * x).ge((next - x).abs()) | zero.ge(v));
        if N::any(settled) {
            let near = settled & v.ge(-q.rounding(x));
            self.root = N::select(near, next, self.root);
            self.found = self.found | near;
        }
        self.going = going & !settled;
        self.x = N::select(self.going, next, x);
    }
}
