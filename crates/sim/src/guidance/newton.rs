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

/// Inputs of `T_x(alpha)`, `T_y(alpha)`, for one missile (`f32`) or four
/// ([`crate::core::lanes::F4`]).
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
            run.step(self, most, epsilon);
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

    /// One Newton step where it goes on.
    fn step(&mut self, problem: &Problem<N>, most: N, epsilon: N) {
        let live = self.live;
        // (Where it has stopped, the angle is not looked at: 0's sine, not its own.)
        let sin_cos = N::select(live, self.phi, N::splat(0.0)).portable_sin_cos();
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
    /// The latest solve: its four pairs' runs, for the inspector and the debug view.
    /// Boxed: it is over a hundred bytes, and a missile of any law is as large as the
    /// largest law's state (a tick reads and writes every missile: `Guidance`).
    pub solve: Box<NewtonSolve>,
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
            *self.solve = NewtonSolve::run(d, vr, params, &mut self.roots);
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
#[path = "newton_tests.rs"]
mod tests;
