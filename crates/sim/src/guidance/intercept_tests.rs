//! Tests of the constant-speed intercept (`intercept.rs`).

use super::*;

#[test]
fn coefficients_and_roots_by_hand() {
    // Turret at origin, s = 5; target at (10, 0) moving (0, 3):
    // a = 9 - 25 = -16, b = 0, c = 100, disc = 6400, roots -2.5 and 2.5.
    let sol = solve(
        Vec2::ZERO,
        5.0,
        Vec2::new(10.0, 0.0),
        Vec2::new(0.0, 3.0),
        RootRule::Earliest,
    );
    assert_eq!(sol.disc, 6400.0);
    assert_eq!(sol.roots, [Some(-2.5), Some(2.5)]);
    assert_eq!(sol.time, Some(2.5));
    assert_eq!(sol.aim, Some(Vec2::new(10.0, 7.5)));
    // The aim point is exactly s*t from the turret.
    assert!((sol.aim.unwrap().length() - 12.5).abs() < 1e-5);
}

#[test]
fn only_the_offset_from_the_shooter_counts() {
    // The hand-worked case above moved by (100, 50): the same roots, the aim point
    // moved with it.
    let sol = solve(
        Vec2::new(100.0, 50.0),
        5.0,
        Vec2::new(110.0, 50.0),
        Vec2::new(0.0, 3.0),
        RootRule::Earliest,
    );
    assert_eq!(sol.roots, [Some(-2.5), Some(2.5)]);
    assert_eq!(sol.aim, Some(Vec2::new(110.0, 57.5)));
}

#[test]
fn speeds_equal_to_a_billionth_use_the_linear_case_and_no_closer_ones() {
    // s = 10 against a target from (-300, -400) coming at about (6, 8): |V|^2 - s^2
    // is 1.29e-7 for the first velocity (within 1e-9 of s^2 + |V|^2 = 200: linear, one
    // root, c / -b = 25 s) and -1.06e-6 for the second (two roots: the same 25 s and
    // a far one, about -9e9 s). Both velocities are f32 values found by search.
    let target = Vec2::new(-300.0, -400.0);
    let linear = solve(
        Vec2::ZERO,
        10.0,
        target,
        Vec2::new(5.990_487, 8.007_126),
        RootRule::Earliest,
    );
    assert!((linear.time.unwrap() - 25.0).abs() < 0.01, "{linear:?}");
    assert_eq!(linear.roots[1], None, "{linear:?}");
    let quadratic = solve(
        Vec2::ZERO,
        10.0,
        target,
        Vec2::new(5.990_463, 8.007_144),
        RootRule::Earliest,
    );
    assert!(
        (quadratic.time.unwrap() - 25.0).abs() < 0.01,
        "{quadratic:?}"
    );
    let roots: Vec<f32> = quadratic.roots.iter().flatten().copied().collect();
    assert!(roots.len() == 2 && roots[0] < -1e9, "{quadratic:?}");
    // Equal speeds across the line of sight (b = 0): no root at all.
    let across = solve(
        Vec2::ZERO,
        10.0,
        Vec2::new(100.0, 0.0),
        Vec2::new(0.0, 10.0),
        RootRule::Earliest,
    );
    assert_eq!((across.roots, across.time), ([None, None], None));
}

#[test]
fn a_grazing_target_has_one_double_root() {
    // s = 3 against a target at (3, -4) moving (0, 5): a = 16, b = -40, c = 25,
    // b^2 - 4ac = 0, t = 40 / 32 = 1.25 twice; it meets at (3, 2.25), 3.75 away.
    let sol = solve(
        Vec2::ZERO,
        3.0,
        Vec2::new(3.0, -4.0),
        Vec2::new(0.0, 5.0),
        RootRule::Earliest,
    );
    assert_eq!(sol.disc, 0.0);
    assert_eq!(sol.roots, [Some(1.25), Some(1.25)]);
    assert_eq!(sol.time, Some(1.25));
    assert_eq!(sol.aim, Some(Vec2::new(3.0, 2.25)));
}

#[test]
fn an_intercept_beyond_the_float_range_is_no_answer() {
    // At 3e38 units/s against a target at (3e38, 0) moving (1e38, 2e38): the meeting
    // time is 2.43 s, but the meeting point is past the largest f32.
    let sol = solve(
        Vec2::ZERO,
        3.0e38,
        Vec2::new(3.0e38, 0.0),
        Vec2::new(1.0e38, 2.0e38),
        RootRule::Earliest,
    );
    assert!(
        sol.roots.iter().flatten().any(|t| (t - 2.43).abs() < 0.01),
        "{sol:?}"
    );
    assert_eq!((sol.time, sol.aim), (None, None));
}

#[test]
fn a_launch_flies_from_the_launcher_at_the_aim_point() {
    // From (100, 50) at a still target at (400, 50), speed 300: east at 300, 300 to go.
    let params = InterceptParams::default();
    let launch = Launch::toward(
        Vec2::new(100.0, 50.0),
        Vec2::ZERO,
        Vec2::new(400.0, 50.0),
        Vec2::ZERO,
        0.1,
    );
    let (missile, body) = Intercept::launch(&params, &launch).unwrap();
    assert_eq!(missile.aim, Vec2::new(400.0, 50.0));
    assert_eq!(body.vel, Vec2::new(300.0, 0.0));
    assert_eq!(missile.travel_left, 300.0);
}

#[test]
fn it_detonates_part_way_through_the_tick_it_reaches_the_aim_point() {
    // From (100, 50) at a still target at (385, 50), speed 300, 0.1 s ticks: 30 a
    // tick, 285 to go; after 9 ticks 15 are left, reached half way through the 10th.
    let params = InterceptParams::default();
    let launch = Launch::toward(
        Vec2::new(100.0, 50.0),
        Vec2::ZERO,
        Vec2::new(385.0, 50.0),
        Vec2::ZERO,
        0.1,
    );
    let (mut missile, mut body) = Intercept::launch(&params, &launch).unwrap();
    assert!((missile.optimal_time(&params, &body, &launch.seen).unwrap() - 0.95).abs() < 1e-5);
    for tick in 1..=9 {
        assert_eq!(
            missile.steer(&params, &mut body, &launch.seen),
            None,
            "tick {tick}"
        );
    }
    assert!((missile.travel_left - 15.0).abs() < 1e-3);
    let Some(Signal::Detonate { radius, fraction }) =
        missile.steer(&params, &mut body, &launch.seen)
    else {
        panic!("no detonation");
    };
    assert_eq!(radius, params.blast_radius);
    assert!((fraction - 0.5).abs() < 1e-3, "{fraction}");
    assert_eq!(body.pos, Vec2::new(385.0, 50.0));
    // Slowed to 100 units/s by something else with 10 to go: it moves 10 (a tick at
    // its speed now), not on to the aim point.
    let mut slowed = Intercept {
        travel_left: 10.0,
        ..missile.clone()
    };
    let mut body = Body {
        pos: Vec2::new(100.0, 50.0),
        vel: Vec2::new(100.0, 0.0),
        heading: 0.0,
    };
    let signal = slowed.steer(&params, &mut body, &launch.seen);
    assert!(matches!(signal, Some(Signal::Detonate { fraction, .. }) if fraction == 1.0));
    assert!(
        body.pos.distance(Vec2::new(110.0, 50.0)) < 1e-4,
        "{}",
        body.pos
    );
}

#[test]
fn lead_pursuit_aims_from_where_the_missile_is_now() {
    // At (100, 50) with lead pursuit, the target seen still at (400, 450): 500 away
    // along (0.6, 0.8); one tick of 30 leaves 470.
    let params = InterceptParams {
        lead_pursuit: true,
        ..Default::default()
    };
    let launch = Launch::toward(
        Vec2::new(100.0, 50.0),
        Vec2::ZERO,
        Vec2::new(400.0, 50.0),
        Vec2::ZERO,
        0.1,
    );
    let (mut missile, mut body) = Intercept::launch(&params, &launch).unwrap();
    let moved = Seen {
        target_pos: Vec2::new(400.0, 450.0),
        target_vel: Vec2::ZERO,
        dt: 0.1,
    };
    missile.steer(&params, &mut body, &moved);
    assert!(
        (body.vel - Vec2::new(180.0, 240.0)).length() < 1e-3,
        "{}",
        body.vel
    );
    assert!(
        (missile.travel_left - 470.0).abs() < 1e-3,
        "{}",
        missile.travel_left
    );
}

#[test]
fn it_shows_the_quadratic_and_draws_the_other_meeting_point() {
    // Target faster than the missile, coming across: two meetings ahead. Flying to
    // the earlier, the later one is drawn as the alternative.
    let (target, vel) = (Vec2::new(-300.0, 100.0), Vec2::new(200.0, 0.0));
    let params = InterceptParams {
        speed: 150.0,
        ..Default::default()
    };
    let launch = Launch::toward(Vec2::ZERO, Vec2::ZERO, target, vel, 0.1);
    let (missile, body) = Intercept::launch(&params, &launch).unwrap();
    let [Some(t1), Some(t2)] = missile.solution.roots else {
        panic!("{:?}", missile.solution);
    };
    let mut out = Vec::new();
    missile.readouts(&params, 0.1, &mut out);
    assert_eq!(
        out[..3],
        [
            Readout::number("discriminant", missile.solution.disc, ""),
            Readout::number("root t1", t1, "s"),
            Readout::number("root t2", t2, "s"),
        ]
    );
    let crate::core::ReadoutValue::Vector(aim) = out[3].value else {
        panic!("{out:?}");
    };
    assert_eq!(out[3].label, "aim point");
    assert!(aim.distance(target + vel * t1) < 1e-2, "{aim}");
    let crate::core::ReadoutValue::Number(left) = out[4].value else {
        panic!("{out:?}");
    };
    assert_eq!((out[4].label, out.len()), ("travel left", 5));
    assert!((left - 150.0 * t1).abs() < 1e-2, "{left}");
    // A missing root says so.
    let lone = Intercept {
        solution: InterceptSolution {
            roots: [Some(t1), None],
            ..missile.solution
        },
        ..missile.clone()
    };
    let mut out = Vec::new();
    lone.readouts(&params, 0.1, &mut out);
    assert_eq!(out[2], Readout::text("root t2", "none".into()));
    let mut shapes = Vec::new();
    missile.debug_shapes(&params, &body, &launch.seen, &mut shapes);
    assert_eq!(
        shapes[0],
        DebugShape::new(Role::InterceptPoint, Shape::Point(missile.aim))
    );
    assert_eq!(
        shapes[1],
        DebugShape::new(
            Role::BlastRadius,
            Shape::Circle {
                center: missile.aim,
                radius: params.blast_radius
            }
        )
    );
    let others: Vec<_> = shapes
        .iter()
        .filter(|s| s.role == Role::AlternateIntercept)
        .collect();
    let [other] = others[..] else {
        panic!("{shapes:?}");
    };
    let Shape::Point(at) = other.shape else {
        panic!("{other:?}");
    };
    assert!(at.distance(target + vel * t2) < 1e-2, "{at}");
    // One root only: none.
    let one = Intercept {
        solution: InterceptSolution {
            roots: [Some(-1.0), Some(t1)],
            ..missile.solution
        },
        ..missile
    };
    let mut shapes = Vec::new();
    one.debug_shapes(&params, &body, &launch.seen, &mut shapes);
    assert!(
        shapes.iter().all(|s| s.role != Role::AlternateIntercept),
        "{shapes:?}"
    );
}

#[test]
fn the_last_move_reaches_a_point_within_rounding_and_stops_short_of_one_beyond() {
    let most = 10.0;
    let reach = |point: Vec2| Vec2::from(reach_at_most(Vec2::ZERO.into(), point.into(), most));
    assert_eq!(reach(Vec2::new(10.0005, 0.0)), Vec2::new(10.0005, 0.0));
    assert_eq!(reach(Vec2::new(10.5, 0.0)), Vec2::new(10.0, 0.0));
    // Off the axis and from elsewhere: `most` along the way (glam's clamp_length_max).
    let start = Vec2::new(3.0, -1.0);
    let point = start + Vec2::new(30.0, 40.0);
    let got = Vec2::from(reach_at_most(start.into(), point.into(), most));
    assert_eq!(got, start + Vec2::new(30.0, 40.0).clamp_length_max(most));
    assert!(
        (got - (start + Vec2::new(6.0, 8.0))).length() < 1e-5,
        "{got}"
    );
}

#[test]
fn no_solution_when_the_target_outruns_the_missile_away_from_the_turret() {
    let sol = solve(
        Vec2::ZERO,
        100.0,
        Vec2::new(200.0, 0.0),
        Vec2::new(150.0, 0.0),
        RootRule::Earliest,
    );
    assert_eq!(sol.time, None);
    assert_eq!(sol.aim, None);
    // Both roots are negative (it could only have been hit in the past).
    assert!(sol.roots.iter().flatten().all(|&t| t < 0.0), "{sol:?}");
}

#[test]
fn equal_speeds_use_the_linear_case() {
    // s = |V| = 10, target at (100, 0) coming straight at the turret: b t + c = 0 -> t = 5.
    let sol = solve(
        Vec2::ZERO,
        10.0,
        Vec2::new(100.0, 0.0),
        Vec2::new(-10.0, 0.0),
        RootRule::Earliest,
    );
    assert_eq!(sol.time, Some(5.0));
    assert_eq!(sol.roots, [Some(5.0), None]);
    // Equal speeds, target running away: never.
    let away = solve(
        Vec2::ZERO,
        10.0,
        Vec2::new(100.0, 0.0),
        Vec2::new(10.0, 0.0),
        RootRule::Earliest,
    );
    assert_eq!(away.time, None);
    // Crossing at equal speed: t = -c/b with b = 2 V.(A-T).
    let cross = solve(
        Vec2::ZERO,
        10.0,
        Vec2::new(100.0, 50.0),
        Vec2::new(-8.0, -6.0),
        RootRule::Earliest,
    );
    let (c, b) = (12500.0f32, 2.0 * (-800.0 - 300.0));
    assert!((cross.time.unwrap() - (-c / b)).abs() < 1e-3);
}

#[test]
fn picks_the_earlier_root_where_the_article_max_picks_the_later() {
    // Target faster than the missile, coming across: both roots positive.
    let (target, vel) = (Vec2::new(-300.0, 100.0), Vec2::new(200.0, 0.0));
    let early = solve(Vec2::ZERO, 150.0, target, vel, RootRule::Earliest);
    let late = solve(Vec2::ZERO, 150.0, target, vel, RootRule::ArticleMax);
    let [Some(t1), Some(t2)] = early.roots else {
        panic!("{early:?}")
    };
    assert!(0.0 < t1 && t1 < t2);
    assert_eq!(early.time, Some(t1));
    assert_eq!(late.time, Some(t2));
    // Both are real intercepts: the aim point is s*t from the turret.
    for (t, sol) in [(t1, early), (t2, late)] {
        assert!((sol.aim.unwrap().length() - 150.0 * t).abs() < 1e-2);
    }
}

#[test]
fn missile_flies_straight_and_detonates_at_the_aim_point() {
    let params = InterceptParams {
        speed: 100.0,
        ..Default::default()
    };
    let target = Vec2::new(100.0, 0.0);
    let launch = Launch::toward(Vec2::ZERO, Vec2::ZERO, target, Vec2::new(0.0, 20.0), 0.1);
    let (mut missile, mut body) = Intercept::launch(&params, &launch).unwrap();
    let aim = missile.aim;
    let mut ticks = 0;
    while missile.steer(&params, &mut body, &launch.seen).is_none() {
        ticks += 1;
        assert!(ticks < 1000);
        // Straight line: always on the segment from the origin to the aim point.
        assert!(body.pos.perp_dot(aim).abs() < 1e-2);
    }
    assert_eq!(body.pos, aim);
    let expected = (aim.length() / 10.0).ceil() as i32 - 1;
    assert_eq!(ticks, expected);
}

#[test]
fn lead_pursuit_solves_again_from_the_missile_every_tick_and_plain_does_not() {
    // Launched at a still target at (500,0): aim (500,0), velocity (100,0). Next
    // tick the target is seen, still, at (300,400). Lead pursuit aims there from the
    // missile: direction (0.6,0.8), step 100 * 0.1 = 10 -> (6,8), 500 - 10 left.
    // Plain intercept keeps its launch aim: (10,0), 490 left.
    let launch = Launch::toward(
        Vec2::ZERO,
        Vec2::ZERO,
        Vec2::new(500.0, 0.0),
        Vec2::ZERO,
        0.1,
    );
    let moved = Seen {
        target_pos: Vec2::new(300.0, 400.0),
        target_vel: Vec2::ZERO,
        dt: 0.1,
    };
    for (lead, pos, vel, aim) in [
        (
            true,
            Vec2::new(6.0, 8.0),
            Vec2::new(60.0, 80.0),
            Vec2::new(300.0, 400.0),
        ),
        (
            false,
            Vec2::new(10.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(500.0, 0.0),
        ),
    ] {
        let params = InterceptParams {
            speed: 100.0,
            lead_pursuit: lead,
            ..Default::default()
        };
        let (mut missile, mut body) = Intercept::launch(&params, &launch).unwrap();
        assert_eq!(missile.steer(&params, &mut body, &moved), None);
        assert!(
            (body.pos - pos).length() < 1e-4,
            "lead {lead}: {}",
            body.pos
        );
        assert!(
            (body.vel - vel).length() < 1e-3,
            "lead {lead}: {}",
            body.vel
        );
        assert!(
            (missile.aim - aim).length() < 1e-3,
            "lead {lead}: {}",
            missile.aim
        );
        assert!((missile.travel_left - 490.0).abs() < 1e-3, "lead {lead}");
        let heading = vel.y.patan2(vel.x);
        assert!((body.heading - heading).abs() < 1e-6, "lead {lead}");
    }
}

#[test]
fn a_missile_makes_for_its_point_only_as_far_as_it_can_go_in_a_tick() {
    // 5 units a tick: a point 4.9 away is reached, one 5.0004 away too (rounding on
    // its plan); one 20 away is approached by 5 along the way, (3, 4).
    let start = Vec2::ZERO;
    let reach =
        |point: Vec2, most: f32| Vec2::from(reach_at_most(start.into(), point.into(), most));
    assert_eq!(reach(Vec2::new(4.9, 0.0), 5.0), Vec2::new(4.9, 0.0));
    assert_eq!(reach(Vec2::new(5.0004, 0.0), 5.0), Vec2::new(5.0004, 0.0));
    let short = reach(Vec2::new(12.0, 16.0), 5.0);
    assert!((short - Vec2::new(3.0, 4.0)).length() < 1e-5, "{short}");
    // Standing still, it stays; a slow one (1.5 a tick) stops 1.5 along the way.
    assert_eq!(reach(Vec2::new(12.0, 16.0), 0.0), start);
    assert_eq!(reach(Vec2::new(1.6, 0.0), 1.5), Vec2::new(1.5, 0.0));
}
