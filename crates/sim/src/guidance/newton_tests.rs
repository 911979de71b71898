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
