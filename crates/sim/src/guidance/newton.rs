//! C, faithful: the accelerating missile aimed by Newton's method (the article's "smart
//! missile"). For each of the four sign pairs, Newton iterates on
//! `f(alpha) = T_x(alpha) - T_y(alpha)` with `T_i = (v_i +- sqrt(v_i^2 + 2 a_i d_i)) / a_i`,
//! `a = k (cos alpha, sin alpha)`, from the bearing to the target, at most N times, in
//! f32 like the article. The smallest positive consistent T wins. Its weak points
//! (division by a zero cosine or sine, negative roots that silently keep the previous
//! value, no convergence) are reported, not hidden.

use super::law::{Launch, Law, Signal};
use super::quartic::{accel_shapes, integrate_accel, meeting};
use crate::core::field::{choice, number, tunable, whole};
use crate::core::lanes::{LaneStep, Real, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{wrap_angle, Body, DebugShape, Seen};
use glam::Vec2;
use serde::{Deserialize, Serialize};

choice! {
    /// When the aim is solved again.
    pub enum Recompute {
        /// Every tick, as the article does.
        EveryTick = "every-tick",
        /// Only when the target's velocity changes (the article says this is enough).
        OnVelocityChange = "on-velocity-change",
    }
}

tunable! {
    /// Parameters of the Newton-aimed accelerating missile.
    pub struct NewtonParams {
        acceleration: f32 = 200.0 => number(1.0, 5000.0)
            .label("acceleration k")
            .unit("units/s^2")
            .help("Magnitude k of the constant acceleration."),
        iterations: u32 = 8 => whole(1, 64)
            .label("Newton iterations N")
            .help("Maximum Newton iterations per sign pair (the article uses 8)."),
        epsilon: f32 = 0.001 => number(0.000_001, 1.0)
            .label("Newton epsilon")
            .unit("s")
            .help("Newton stops early once |T_x - T_y| is below this."),
        recompute: Recompute = Recompute::EveryTick => choice(Recompute::NAMES)
            .help("Solve every tick, or only when the target's velocity changes."),
    }
}

/// The four sign pairs, in the article's order: (+,+), (+,-), (-,+), (-,-).
pub const SIGN_PAIRS: [(f32, f32); 4] = [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)];

/// How one sign pair's Newton run ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairStatus {
    /// `|f| < epsilon` at the final angle with a positive meeting time.
    Converged,
    /// Converged to a negative or infinite meeting time: not a usable answer.
    Inconsistent,
    /// `|f|` is small only because a negative square-root argument reused an old root
    /// (the article's silent fallback): not a real solution.
    StaleRoot,
    /// Ran out of iterations.
    #[default]
    NotConverged,
    /// The angle became NaN (a zero cosine or sine divides by zero).
    NaN,
}

/// One sign pair's Newton run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PairResult {
    /// Final angle (radians).
    pub alpha: f32,
    /// Iterations used.
    pub iterations: u32,
    /// `T_x - T_y` at the final angle.
    pub residual: f32,
    /// `T_x` at the final angle.
    pub time: f32,
    pub status: PairStatus,
    /// A negative square-root argument made the article's code reuse an older root.
    pub stale_root: bool,
}

/// The article's solver state: its square roots persist between iterations and calls,
/// which is how a negative argument "silently keeps the previous root".
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Roots {
    x: f32,
    y: f32,
}

/// Inputs of `T_x(alpha)`, `T_y(alpha)`, for one missile (`f32`) or four ([`F4`]).
#[derive(Clone, Copy, Debug)]
struct Problem<N> {
    v: V2<N>,
    d: V2<N>,
    k: N,
    signs: (N, N),
}

impl<N: Real> Problem<N> {
    /// `(f, f', T_x, stale)` at the angle whose sine and cosine are given, updating the
    /// persisted roots like the article (four lanes: only where `live` holds).
    fn eval(&self, (sin, cos): (N, N), roots: &mut V2<N>, live: N::Mask) -> (N, N, N, N::Mask) {
        let (v, d, k) = (self.v, self.d, self.k);
        let (two, zero) = (N::splat(2.0), N::splat(0.0));
        let inside_x = v.x * v.x + two * k * d.x * cos;
        let inside_y = v.y * v.y + two * k * d.y * sin;
        // A root whose argument is not positive keeps its old value: a stale root.
        let (fresh_x, fresh_y) = (inside_x.gt(zero), inside_y.gt(zero));
        roots.x = N::select(fresh_x & live, inside_x.sqrt(), roots.x);
        roots.y = N::select(fresh_y & live, inside_y.sqrt(), roots.y);
        let (sx, sy) = self.signs;
        let (ax, ay) = (k * cos, k * sin);
        let tx = (v.x + sx * roots.x) / ax;
        let ty = (v.y + sy * roots.y) / ay;
        // d T_i / d a_i = s_i d_i / (R_i a_i) - T_i / a_i; d a_x = -k sin, d a_y = k cos.
        let dtx = (sx * d.x / (roots.x * ax) - tx / ax) * (-k * sin);
        let dty = (sy * d.y / (roots.y * ay) - ty / ay) * (k * cos);
        (tx - ty, dtx - dty, tx, !(fresh_x & fresh_y))
    }

    /// The article's `SolveWithNewton` for one sign pair from `start`, at most `most`
    /// iterations (four lanes: each until it stops, as one missile's would).
    fn solve_pair(&self, start: N, most: N, epsilon: N, roots: &mut V2<N>) -> Pair<N> {
        let mut run = Run::new(start, most, *roots);
        while N::any(run.live) {
            run.step(self, run.sine_cosine(), most, epsilon);
        }
        *roots = run.roots;
        run.finish(self, epsilon)
    }
}

/// One sign pair's Newton run under way, for one missile or four.
#[derive(Clone, Copy, Debug)]
struct Run<N: Real> {
    phi: N,
    iterations: N,
    /// Where it goes on.
    live: N::Mask,
    /// A stale root on the way.
    stale_root: N::Mask,
    roots: V2<N>,
}

impl<N: Real> Run<N> {
    fn new(start: N, most: N, roots: V2<N>) -> Self {
        let iterations = N::splat(0.0);
        Self {
            phi: start,
            iterations,
            live: most.gt(iterations),
            stale_root: !N::all(),
            roots,
        }
    }

    /// The sine and cosine of where it is (where it has stopped, of 0: not looked at).
    fn sine_cosine(&self) -> (N, N) {
        N::select(self.live, self.phi, N::splat(0.0)).portable_sin_cos()
    }

    /// One Newton step where it goes on, from `sin_cos` of where it is.
    fn step(&mut self, problem: &Problem<N>, sin_cos: (N, N), most: N, epsilon: N) {
        let live = self.live;
        let (value, gradient, _, stale) = problem.eval(sin_cos, &mut self.roots, live);
        self.stale_root = self.stale_root | (stale & live);
        let next = self.phi - value / gradient;
        self.phi = N::select(live, next, self.phi);
        self.iterations = N::select(live, self.iterations + N::splat(1.0), self.iterations);
        let stops = !next.eq(next) | epsilon.gt(value.abs());
        self.live = live & !stops & most.gt(self.iterations);
    }

    /// How it ended: a last look where it stopped (which leaves the persisted roots as
    /// they were).
    fn finish(&self, problem: &Problem<N>, epsilon: N) -> Pair<N> {
        let phi = self.phi;
        let look = phi.portable_sin_cos();
        let (residual, _, time, stale) = problem.eval(look, &mut self.roots.clone(), N::all());
        let converged = phi.finite()
            & residual.finite()
            & epsilon.gt(residual.abs())
            & !stale
            & time.gt(N::splat(0.0))
            & time.finite();
        Pair {
            phi,
            iterations: self.iterations,
            residual,
            time,
            stale,
            stale_root: self.stale_root | stale,
            converged,
        }
    }
}

/// How one sign pair's run ended, for one missile or four.
#[derive(Clone, Copy, Debug)]
struct Pair<N: Real> {
    /// The final angle, not wrapped.
    phi: N,
    iterations: N,
    residual: N,
    time: N,
    /// The last look found a stale root.
    stale: N::Mask,
    /// A stale root on the way or at the last look.
    stale_root: N::Mask,
    converged: N::Mask,
}

/// Runs the article's `SolveWithNewton` for one sign pair.
fn solve_pair(
    problem: &Problem<f32>,
    start: f32,
    params: &NewtonParams,
    roots: &mut Roots,
) -> PairResult {
    let mut persisted = V2::new(roots.x, roots.y);
    let most = params.iterations as f32;
    let pair = problem.solve_pair(start, most, params.epsilon, &mut persisted);
    (roots.x, roots.y) = (persisted.x, persisted.y);
    let Pair { phi, residual, .. } = pair;
    let status = if !phi.is_finite() || !residual.is_finite() {
        PairStatus::NaN
    } else if residual.abs() < params.epsilon {
        if pair.stale {
            PairStatus::StaleRoot
        } else if pair.converged {
            PairStatus::Converged
        } else {
            PairStatus::Inconsistent
        }
    } else {
        PairStatus::NotConverged
    };
    PairResult {
        alpha: if phi.is_finite() {
            wrap_angle(phi)
        } else {
            phi
        },
        iterations: pair.iterations as u32,
        residual,
        time: pair.time,
        status,
        stale_root: pair.stale_root,
    }
}

/// The result of solving all four pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NewtonSolve {
    pub pairs: [PairResult; 4],
    /// Index of the pair with the smallest positive consistent time, if any.
    pub chosen: Option<usize>,
    /// Offset and relative velocity the solve used (for the exact comparison).
    pub d: Vec2,
    pub vr: Vec2,
}

impl NewtonSolve {
    /// Solves for offset `d = target - missile` and relative velocity `vr`, starting
    /// from fresh square roots.
    pub fn fresh(d: Vec2, vr: Vec2, params: &NewtonParams) -> Self {
        Self::run(d, vr, params, &mut Roots::default())
    }

    /// Solves with the article's persisted square roots.
    fn run(d: Vec2, vr: Vec2, params: &NewtonParams, roots: &mut Roots) -> Self {
        let start = d.y.patan2(d.x);
        let mut pairs = [PairResult::default(); 4];
        for (pair, &signs) in pairs.iter_mut().zip(SIGN_PAIRS.iter()) {
            let problem = Problem {
                v: vr.into(),
                d: d.into(),
                k: params.acceleration,
                signs,
            };
            *pair = solve_pair(&problem, start, params, roots);
        }
        let chosen = pairs
            .iter()
            .enumerate()
            .filter(|(_, p)| p.status == PairStatus::Converged)
            .min_by(|a, b| a.1.time.total_cmp(&b.1.time))
            .map(|(i, _)| i);
        Self {
            pairs,
            chosen,
            d,
            vr,
        }
    }

    /// The chosen angle and time.
    pub fn answer(&self) -> Option<(f32, f32)> {
        self.chosen
            .map(|i| (self.pairs[i].alpha, self.pairs[i].time))
    }

    /// Total iterations over the four pairs.
    pub fn iterations(&self) -> u32 {
        self.pairs.iter().map(|p| p.iterations).sum()
    }

    /// Newton's angle minus the exact quartic angle (wrapped), when both exist.
    pub fn angle_error(&self, k: f32) -> Option<f32> {
        let (alpha, _) = self.answer()?;
        let exact = meeting(self.d, self.vr, k)?;
        Some(wrap_angle(alpha - exact.angle()))
    }
}

/// Per-missile state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Newton {
    /// The acceleration angle being flown.
    pub alpha: f32,
    /// The latest solve.
    pub solve: NewtonSolve,
    /// Whether a solve ran this tick.
    pub solved_this_tick: bool,
    /// Whether the latest solve failed (no consistent pair); the previous angle is kept.
    pub failing: bool,
    /// Target velocity at the latest solve (for on-velocity-change).
    solved_for: Option<Vec2>,
    roots: Roots,
}

impl Law for Newton {
    const ID: &'static str = "newton";
    const SUMMARY: &'static str = "C: accelerating missile aimed by Newton's method (faithful)";
    const COLOR: [u8; 3] = [255, 99, 132];
    type Params = NewtonParams;

    fn launch(_params: &NewtonParams, launch: &Launch) -> Option<(Self, Body)> {
        let to_target = launch.seen.target_pos - launch.pos;
        let state = Self {
            alpha: to_target.y.patan2(to_target.x),
            ..Self::default()
        };
        let body = Body {
            pos: launch.pos,
            vel: launch.vel,
            heading: launch.dir.y.patan2(launch.dir.x),
        };
        Some((state, body))
    }

    fn steer(&mut self, params: &NewtonParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let due = match params.recompute {
            Recompute::EveryTick => true,
            Recompute::OnVelocityChange => self.solved_for != Some(seen.target_vel),
        };
        self.solved_this_tick = due;
        let mut signal = None;
        if due {
            let d = seen.target_pos - body.pos;
            let vr = seen.target_vel - body.vel;
            self.solve = NewtonSolve::run(d, vr, params, &mut self.roots);
            self.solved_for = Some(seen.target_vel);
            match self.solve.answer() {
                Some((alpha, _)) => {
                    self.alpha = alpha;
                    self.failing = false;
                }
                None => {
                    if !self.failing {
                        signal = Some(Signal::SolverFailed);
                    }
                    self.failing = true;
                }
            }
        }
        integrate_accel(
            body,
            Vec2::from_angle(self.alpha) * params.acceleration,
            seen.dt,
        );
        signal
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);
    // Nothing in its numbers stands for the heading or the body its step left.
    const LANE_GRAVITY: bool = true;

    /// While it solves every tick: `[alpha, root x, root y, k, N, epsilon]`, `N` negative
    /// while its solves fail (solving only when the target turns needs the target's last
    /// velocity too: that flies on the ordinary path).
    fn lane(&self, params: &NewtonParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let n = params.iterations as f32;
        (params.recompute == Recompute::EveryTick).then_some([
            self.alpha,
            self.roots.x,
            self.roots.y,
            params.acceleration,
            if self.failing { -n } else { n },
            params.epsilon,
        ])
    }

    fn readouts(&self, params: &NewtonParams, _dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::angle("alpha", self.alpha));
        out.push(Readout::flag("solved this tick", self.solved_this_tick));
        out.push(Readout::flag("failing (kept previous angle)", self.failing));
        out.push(Readout::number(
            "iterations (all pairs)",
            self.solve.iterations() as f32,
            "",
        ));
        for (pair, (sx, sy)) in self.solve.pairs.iter().zip(SIGN_PAIRS) {
            let sign = |s: f32| if s > 0.0 { '+' } else { '-' };
            out.push(Readout::text(
                "pair",
                format!(
                    "({},{}) {:?} it={} alpha={:.4} res={:.2e} T={:.3}{}",
                    sign(sx),
                    sign(sy),
                    pair.status,
                    pair.iterations,
                    pair.alpha,
                    pair.residual,
                    pair.time,
                    if pair.stale_root { " stale-root" } else { "" }
                ),
            ));
        }
        match self.solve.angle_error(params.acceleration) {
            Some(err) => out.push(Readout::angle("angle error vs quartic", err)),
            None => out.push(Readout::text("angle error vs quartic", "n/a".into())),
        }
    }

    fn debug_shapes(
        &self,
        params: &NewtonParams,
        body: &Body,
        seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        let time = self.solve.answer().map_or(0.0, |(_, t)| t);
        let accel = Vec2::from_angle(self.alpha) * params.acceleration;
        accel_shapes(body, accel, seen.target_pos + seen.target_vel * time, out);
    }
}

#[path = "newton_lanes.rs"]
mod lanes;
use lanes::step_lanes;

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(d: Vec2, vr: Vec2, k: f32, iterations: u32) -> NewtonSolve {
        let params = NewtonParams {
            acceleration: k,
            iterations,
            ..Default::default()
        };
        NewtonSolve::run(d, vr, &params, &mut Roots::default())
    }

    #[test]
    fn one_newton_step_matches_the_formula_by_hand() {
        // v = 0, d = (100, 100), k = 100, pair (+,+), alpha0 = 0.5:
        // T_x = sqrt(2 k d_x cos a) / (k cos a) = sqrt(200 / (100 cos a)), likewise T_y.
        let problem = Problem {
            v: V2::new(0.0, 0.0),
            d: V2::new(100.0, 100.0),
            k: 100.0,
            signs: (1.0, 1.0),
        };
        let a: f32 = 0.5;
        let (f, g, tx, _) = problem.eval(a.psin_cos(), &mut V2::new(0.0, 0.0), true);
        let tx_hand = (2.0 / a.pcos()).sqrt();
        let ty_hand = (2.0 / a.psin()).sqrt();
        assert!((tx - tx_hand).abs() < 1e-5);
        assert!((f - (tx_hand - ty_hand)).abs() < 1e-5);
        // dT_x/da = T_x tan(a) / 2 and dT_y/da = -T_y cot(a) / 2 for v = 0.
        let g_hand = tx_hand * a.ptan() / 2.0 + ty_hand / a.ptan() / 2.0;
        assert!((g - g_hand).abs() < 1e-4, "{g} vs {g_hand}");
        // Newton converges to 45 degrees, where T = sqrt(2 * 100 * sqrt2 / 100).
        let s = solve(Vec2::new(100.0, 100.0), Vec2::ZERO, 100.0, 8);
        let (alpha, time) = s.answer().unwrap();
        assert!((alpha - std::f32::consts::FRAC_PI_4).abs() < 1e-4);
        assert!((time - (2.0f32 * 2.0f32.sqrt()).sqrt()).abs() < 1e-3);
    }

    #[test]
    fn runs_exactly_n_newton_steps_when_it_has_not_converged() {
        // Pair (+,+), d = (300,200), v = (-30,50), k = 100, from the bearing. Worked
        // in f64 apart from the code: T_i(a) = (v_i + sqrt(v_i^2 + 2 k d_i c_i)) / (k c_i)
        // with c = (cos a, sin a), f = T_x - T_y, f' by a central difference.
        let (d, v, k) = ((300.0f64, 200.0f64), (-30.0f64, 50.0f64), 100.0f64);
        let t = |vi: f64, di: f64, c: f64| (vi + (vi * vi + 2.0 * k * di * c).sqrt()) / (k * c);
        let f = |a: f64| t(v.0, d.0, a.pcos()) - t(v.1, d.1, a.psin());
        let step = |a: f64| a - f(a) / ((f(a + 1e-6) - f(a - 1e-6)) / 2e-6);
        let a0 = d.1.patan2(d.0);
        let (a1, a2) = (step(a0), step(step(a0)));
        assert!(
            (a1 - a0).abs() > 1e-2 && (a2 - a1).abs() > 1e-4,
            "{a0} {a1} {a2}"
        );
        for (n, expected) in [(1, a1), (2, a2)] {
            let s = solve(Vec2::new(300.0, 200.0), Vec2::new(-30.0, 50.0), 100.0, n);
            let pair = s.pairs[0];
            assert_eq!(pair.iterations, n);
            assert!(
                (f64::from(pair.alpha) - expected).abs() < 2e-5,
                "{n}: {} vs {expected}",
                pair.alpha
            );
        }
        // Given room, it stops at the first step whose |f| is under epsilon, well before 64.
        let s = solve(Vec2::new(300.0, 200.0), Vec2::new(-30.0, 50.0), 100.0, 64);
        assert!((3..=6).contains(&s.pairs[0].iterations), "{:?}", s.pairs[0]);
        assert_eq!(s.pairs[0].status, PairStatus::Converged);
    }

    #[test]
    fn matches_the_quartic_at_eight_iterations_on_ordinary_cases() {
        // Tolerance: 1e-3 rad on the angle and 1e-3 relative on the time.
        let cases = [
            (Vec2::new(300.0, 200.0), Vec2::new(-30.0, 50.0), 100.0),
            (Vec2::new(-250.0, 400.0), Vec2::new(20.0, -10.0), 150.0),
            (Vec2::new(500.0, -300.0), Vec2::new(0.0, 80.0), 200.0),
            (Vec2::new(-120.0, -340.0), Vec2::new(35.0, 15.0), 120.0),
            (Vec2::new(600.0, 150.0), Vec2::new(-60.0, -40.0), 300.0),
        ];
        for (d, vr, k) in cases {
            let s = solve(d, vr, k, 8);
            let (alpha, time) = s
                .answer()
                .unwrap_or_else(|| panic!("no answer for {d} {vr}: {s:?}"));
            let exact = meeting(d, vr, k).unwrap();
            assert!(
                wrap_angle(alpha - exact.angle()).abs() < 1e-3,
                "{d} {vr}: {alpha} vs {}",
                exact.angle()
            );
            assert!(
                ((time - exact.time) / exact.time).abs() < 1e-3,
                "{time} vs {}",
                exact.time
            );
            assert!(s.angle_error(k).unwrap().abs() < 1e-3);
        }
    }

    #[test]
    fn axis_aligned_cases_fail_and_say_so() {
        // Target straight along +x: the start angle has sin = 0, so T_y divides by zero.
        let s = solve(Vec2::new(200.0, 0.0), Vec2::ZERO, 100.0, 8);
        assert!(s.answer().is_none(), "{s:?}");
        assert!(s.pairs.iter().all(|p| p.status != PairStatus::Converged));
        // The missile reports the failure once and keeps flying its previous angle.
        let params = NewtonParams {
            acceleration: 100.0,
            ..Default::default()
        };
        let launch = Launch::toward(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(200.0, 0.0),
            Vec2::ZERO,
            1.0 / 60.0,
        );
        let (mut newton, mut body) = Newton::launch(&params, &launch).unwrap();
        let signal = newton.steer(&params, &mut body, &launch.seen);
        assert_eq!(signal, Some(Signal::SolverFailed));
        assert!(newton.failing);
        assert!(body.is_finite());
        assert_eq!(
            newton.steer(&params, &mut body, &launch.seen),
            None,
            "reported once, not every tick"
        );
    }

    #[test]
    fn a_root_at_zero_is_the_article_s_stale_fallback_too() {
        // A target straight along an axis: one square root's argument is exactly 0
        // (`v_i^2 + 2 k d_i cos = 0` with d_i = 0, v = 0), which the article's `> 0`
        // does not take: every pair reports the stale root.
        for d in [Vec2::new(200.0, 0.0), Vec2::new(0.0, 200.0)] {
            let s = solve(d, Vec2::ZERO, 100.0, 8);
            assert!(s.pairs.iter().all(|p| p.stale_root), "{d}: {s:?}");
        }
    }

    #[test]
    fn an_argument_of_exactly_zero_keeps_the_previous_root() {
        // The article takes a square root only of an argument above zero: with d_x = 0
        // and v_x = 0 the x argument is 0 at every angle, and the x root of the last
        // evaluation (5) is reused; likewise for y.
        for (d, kept) in [(Vec2::new(0.0, 200.0), 0), (Vec2::new(200.0, 0.0), 1)] {
            let problem = Problem {
                v: V2::new(0.0, 0.0),
                d: d.into(),
                k: 100.0,
                signs: (1.0, 1.0),
            };
            let mut roots = V2::new(5.0, 5.0);
            let (_, _, _, stale) = problem.eval(1f32.psin_cos(), &mut roots, true);
            assert!(stale, "{d}");
            assert_eq!([roots.x, roots.y][kept], 5.0, "{d}: {roots:?}");
        }
    }

    #[test]
    fn a_stale_root_on_the_way_is_reported_even_when_the_last_step_is_clean() {
        // Found by search: pair (+,+) for d = (438, -146), v = (24, -93), k = 300 takes a
        // negative square-root argument on its third step and a clean one at its end.
        let s = solve(Vec2::new(438.0, -146.0), Vec2::new(24.0, -93.0), 300.0, 8);
        let pair = s.pairs[0];
        let (_, _, _, stale_at_end) = Problem {
            v: V2::new(24.0, -93.0),
            d: V2::new(438.0, -146.0),
            k: 300.0,
            signs: SIGN_PAIRS[0],
        }
        .eval(pair.alpha.psin_cos(), &mut V2::new(0.0, 0.0), true);
        assert!(!stale_at_end, "{pair:?}");
        assert!(pair.stale_root, "{pair:?}");
    }

    #[test]
    fn it_counts_every_pair_s_iterations_and_compares_with_the_quartic() {
        // One iteration each: 4 in all.
        let s = solve(Vec2::new(300.0, 200.0), Vec2::new(-30.0, 50.0), 100.0, 1);
        assert_eq!(s.iterations(), 4);
        // A coarse epsilon stops Newton early, off the exact angle by a visible amount.
        let params = NewtonParams {
            acceleration: 100.0,
            epsilon: 0.5,
            ..Default::default()
        };
        let (d, vr) = (Vec2::new(300.0, 200.0), Vec2::new(-30.0, 50.0));
        let coarse = NewtonSolve::fresh(d, vr, &params);
        let (alpha, _) = coarse.answer().expect("an answer");
        let exact = meeting(d, vr, 100.0).unwrap().angle();
        let error = coarse.angle_error(100.0).unwrap();
        assert!((error - wrap_angle(alpha - exact)).abs() < 1e-6);
        assert!(error.abs() > 1e-5, "{error}");
        // `fresh` starts from no remembered roots: the same as a run from defaults.
        assert_eq!(
            coarse,
            NewtonSolve::run(d, vr, &params, &mut Roots::default())
        );
        assert_ne!(coarse, NewtonSolve::default());
    }

    #[test]
    fn it_solves_from_where_it_is_flies_its_angle_and_shows_each_pair() {
        // Launched from (100, 50) at a target at (400, 350): it starts along the bearing,
        // 45 degrees.
        let params = NewtonParams {
            acceleration: 100.0,
            ..Default::default()
        };
        let launch = Launch::toward(
            Vec2::new(100.0, 50.0),
            Vec2::ZERO,
            Vec2::new(400.0, 350.0),
            Vec2::ZERO,
            0.1,
        );
        let (mut newton, _) = Newton::launch(&params, &launch).unwrap();
        assert!((newton.alpha - std::f32::consts::FRAC_PI_4).abs() < 1e-6);
        // Flying (10, -5) at (100, 50) against a target at (400, 250) moving (-30, 55):
        // it solves for d = (300, 200) and vr = (-40, 60), then accelerates at k along
        // its answer for one tick.
        let mut body = Body {
            pos: Vec2::new(100.0, 50.0),
            vel: Vec2::new(10.0, -5.0),
            heading: 0.0,
        };
        let seen = Seen {
            target_pos: Vec2::new(400.0, 250.0),
            target_vel: Vec2::new(-30.0, 55.0),
            dt: 0.1,
        };
        newton.steer(&params, &mut body, &seen);
        assert_eq!(
            (newton.solve.d, newton.solve.vr),
            (Vec2::new(300.0, 200.0), Vec2::new(-40.0, 60.0))
        );
        let (alpha, time) = newton.solve.answer().expect("an answer");
        let pushed = Vec2::new(10.0, -5.0) + Vec2::from_angle(alpha) * 100.0 * 0.1;
        assert!(
            (body.vel - pushed).length() < 1e-4,
            "{} against {pushed}",
            body.vel
        );
        let mut out = Vec::new();
        newton.readouts(&params, 0.1, &mut out);
        assert_eq!(out[0], Readout::angle("alpha", alpha));
        assert_eq!(out[1], Readout::flag("solved this tick", true));
        assert_eq!(
            out[2],
            Readout::flag("failing (kept previous angle)", false)
        );
        assert_eq!(
            out[3],
            Readout::number(
                "iterations (all pairs)",
                newton.solve.iterations() as f32,
                ""
            )
        );
        for (line, signs) in out[4..8].iter().zip(["(+,+)", "(+,-)", "(-,+)", "(-,-)"]) {
            let crate::core::ReadoutValue::Text(text) = &line.value else {
                panic!("{line:?}");
            };
            assert!(text.starts_with(signs), "{text}");
        }
        assert_eq!(out[8].label, "angle error vs quartic");
        // Its arrow along alpha, its point where the target will be at the meeting.
        let mut shapes = Vec::new();
        newton.debug_shapes(&params, &body, &seen, &mut shapes);
        let [arrow, point] = &shapes[..] else {
            panic!("{shapes:?}");
        };
        let crate::core::Shape::Arrow { from, vector } = arrow.shape else {
            panic!("{arrow:?}");
        };
        assert_eq!(
            (arrow.role, from),
            (crate::core::Role::Acceleration, body.pos)
        );
        assert!(
            (vector - Vec2::from_angle(alpha) * 40.0).length() < 1e-4,
            "{vector}"
        );
        assert_eq!(
            *point,
            DebugShape::new(
                crate::core::Role::InterceptPoint,
                crate::core::Shape::Point(seen.target_pos + seen.target_vel * time),
            )
        );
    }

    #[test]
    fn on_velocity_change_solves_only_when_the_target_velocity_changes() {
        let params = NewtonParams {
            recompute: Recompute::OnVelocityChange,
            ..Default::default()
        };
        let mut seen = Seen {
            target_pos: Vec2::new(300.0, 200.0),
            target_vel: Vec2::new(10.0, 0.0),
            dt: 0.1,
        };
        let launch = Launch::toward(
            Vec2::ZERO,
            Vec2::ZERO,
            seen.target_pos,
            seen.target_vel,
            0.1,
        );
        let (mut newton, mut body) = Newton::launch(&params, &launch).unwrap();
        newton.steer(&params, &mut body, &seen);
        assert!(newton.solved_this_tick);
        newton.steer(&params, &mut body, &seen);
        assert!(!newton.solved_this_tick);
        seen.target_vel = Vec2::new(0.0, 10.0);
        newton.steer(&params, &mut body, &seen);
        assert!(newton.solved_this_tick);
    }
}
