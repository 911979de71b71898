use super::*;

/// The case worked by hand below: N 4, speed 100, limit 1000; the target at (100, 0)
/// moving (0, 10), a tick of 0.01 s.
fn by_hand() -> (ProNavParams, Seen) {
    let params = ProNavParams {
        gain: 4.0,
        speed: 100.0,
        max_accel: 1000.0,
        ..ProNavParams::default()
    };
    let seen = Seen {
        target_pos: Vec2::new(100.0, 0.0),
        target_vel: Vec2::new(0.0, 10.0),
        dt: 0.01,
    };
    (params, seen)
}

#[test]
fn lateral_acceleration_is_n_vc_los_rate_by_hand() {
    // Missile at origin flying +x at 100; target at (100, 0) moving (0, 10):
    // LOS rate = (100*10 - 0*(-100)) / 100^2 = 0.1 rad/s; Vc = 100; a = 4*100*0.1 = 40.
    let (params, seen) = by_hand();
    let mut pn = ProNav::default();
    let mut body = Body {
        vel: Vec2::new(100.0, 0.0),
        ..Default::default()
    };
    pn.steer(&params, &mut body, &seen);
    assert!((pn.los_rate - 0.1).abs() < 1e-6);
    assert!((pn.closing_speed - 100.0).abs() < 1e-4);
    assert!((pn.accel - Vec2::new(0.0, 40.0)).length() < 1e-3);
    assert!((body.vel.length() - 100.0).abs() < 1e-3, "speed is kept");
}

#[test]
fn it_turns_by_its_acceleration_over_the_tick_and_shows_it() {
    // The case above: 40 units/s^2 up for 0.01 s turns (100, 0) to (100, 0.4).
    let (params, seen) = by_hand();
    let mut pn = ProNav::default();
    let mut body = Body {
        vel: Vec2::new(100.0, 0.0),
        ..Default::default()
    };
    pn.steer(&params, &mut body, &seen);
    assert!(
        (body.heading - 0.004f32.atan()).abs() < 1e-6,
        "{}",
        body.heading
    );
    let mut out = Vec::new();
    pn.readouts(&params, 0.01, &mut out);
    assert_eq!(
        out,
        [
            Readout::number("line-of-sight rate", pn.los_rate, "rad/s"),
            Readout::number("closing speed", pn.closing_speed, "units/s"),
            Readout::number("lateral acceleration", pn.accel.length(), "units/s^2"),
        ]
    );
    assert!((pn.accel.length() - 40.0).abs() < 1e-3);
    let mut shapes = Vec::new();
    pn.debug_shapes(&params, &body, &seen, &mut shapes);
    assert_eq!(
        shapes,
        [DebugShape::new(
            Role::Acceleration,
            Shape::Arrow {
                from: body.pos,
                vector: pn.accel * 0.05,
            },
        )]
    );
    let Shape::Arrow { vector, .. } = shapes[0].shape else {
        unreachable!()
    };
    assert!((vector - Vec2::new(0.0, 2.0)).length() < 1e-4, "{vector}");
}

#[test]
fn a_target_on_top_of_the_missile_leaves_the_last_rates_and_flies_on() {
    let params = ProNavParams::default();
    let mut pn = ProNav {
        los_rate: 0.25,
        closing_speed: 80.0,
        ..ProNav::default()
    };
    let mut body = Body {
        pos: Vec2::new(5.0, 5.0),
        vel: Vec2::new(100.0, 0.0),
        heading: 0.0,
    };
    let seen = Seen {
        target_pos: Vec2::new(5.0, 5.0),
        target_vel: Vec2::ZERO,
        dt: 0.1,
    };
    pn.steer(&params, &mut body, &seen);
    assert_eq!((pn.los_rate, pn.closing_speed), (0.25, 80.0));
    assert!(body.is_finite(), "{body:?}");
}

#[test]
fn augmented_sees_no_target_acceleration_on_its_first_tick() {
    // A target moving steadily: nothing to estimate from one sighting; the readout
    // of the estimate appears once it has one.
    let params = ProNavParams {
        augmented: true,
        ..ProNavParams::default()
    };
    let mut pn = ProNav::default();
    let mut body = Body {
        vel: Vec2::new(100.0, 0.0),
        ..Default::default()
    };
    let seen = Seen {
        target_pos: Vec2::new(300.0, 100.0),
        target_vel: Vec2::new(-50.0, 20.0),
        dt: 0.1,
    };
    let mut out = Vec::new();
    pn.readouts(&params, 0.1, &mut out);
    assert_eq!(out.len(), 3);
    pn.steer(&params, &mut body, &seen);
    assert_eq!(pn.target_accel, 0.0);
    let mut out = Vec::new();
    pn.readouts(&params, 0.1, &mut out);
    assert_eq!(
        out[3],
        Readout::number("target accel across LOS (est.)", 0.0, "units/s^2")
    );
}

#[test]
fn acceleration_limit_holds() {
    let params = ProNavParams {
        gain: 5.0,
        speed: 100.0,
        max_accel: 10.0,
        ..ProNavParams::default()
    };
    let mut pn = ProNav::default();
    let mut body = Body {
        vel: Vec2::new(100.0, 0.0),
        ..Default::default()
    };
    let seen = Seen {
        target_pos: Vec2::new(10.0, 0.0),
        target_vel: Vec2::new(0.0, 500.0),
        dt: 0.01,
    };
    pn.steer(&params, &mut body, &seen);
    assert!((pn.accel.length() - 10.0).abs() < 1e-4);
}

/// One tick of pro-nav with `form` from the origin at (100, 0) units/s, gain 4.
fn command(form: ProNavForm, target_pos: Vec2, target_vel: Vec2) -> ProNav {
    let params = ProNavParams {
        speed: 100.0,
        form,
        ..ProNavParams::default()
    };
    let mut pn = ProNav::default();
    let mut body = Body {
        vel: Vec2::new(100.0, 0.0),
        ..Default::default()
    };
    let seen = Seen {
        target_pos,
        target_vel,
        dt: 0.01,
    };
    pn.steer(&params, &mut body, &seen);
    pn
}

#[test]
fn pure_pn_uses_the_missiles_speed_where_classic_uses_the_closing_speed() {
    // Target at (100, 0) moving (-50, 10): relative velocity (-150, 10), LOS rate
    // 100 * 10 / 100^2 = 0.1, Vc = 150. Classic 4 * 150 * 0.1 = 60, pure 4 * 100 * 0.1 = 40,
    // both across the velocity.
    let (pos, vel) = (Vec2::new(100.0, 0.0), Vec2::new(-50.0, 10.0));
    let classic = command(ProNavForm::Classic, pos, vel);
    assert!(
        (classic.accel - Vec2::new(0.0, 60.0)).length() < 1e-3,
        "{}",
        classic.accel
    );
    let pure = command(ProNavForm::Pure, pos, vel);
    assert!(
        (pure.accel - Vec2::new(0.0, 40.0)).length() < 1e-3,
        "{}",
        pure.accel
    );
}

#[test]
fn an_opening_range_commands_nothing_and_says_so_except_in_pure_pn() {
    // The target behind the missile at (-100, 10), still: the missile flies away from
    // it, Vc = -(range . rel_vel) / |range| < 0. Classic and true PN command nothing;
    // pure PN (the missile's speed for Vc) still turns.
    let (pos, vel) = (Vec2::new(-100.0, 10.0), Vec2::ZERO);
    for form in [ProNavForm::Classic, ProNavForm::True, ProNavForm::Pure] {
        let pn = command(form, pos, vel);
        assert!(pn.closing_speed < 0.0, "{}", pn.closing_speed);
        let params = ProNavParams {
            form,
            ..ProNavParams::default()
        };
        let mut out = Vec::new();
        pn.readouts(&params, 0.01, &mut out);
        let said = out.iter().any(|r| r.label == "range opening");
        if form == ProNavForm::Pure {
            assert!(pn.accel.length() > 1.0, "pure turns: {}", pn.accel);
            assert!(!said);
        } else {
            assert_eq!(pn.accel, Vec2::ZERO, "{form:?}");
            assert!(said, "{form:?}: {out:?}");
        }
    }
    // Closing: nothing said.
    let closing = command(ProNavForm::Classic, Vec2::new(100.0, 10.0), Vec2::ZERO);
    let mut out = Vec::new();
    closing.readouts(&ProNavParams::default(), 0.01, &mut out);
    assert!(out.iter().all(|r| r.label != "range opening"));
}

#[test]
fn true_pn_commands_across_the_line_of_sight() {
    // Target at (100, 100) standing still: relative velocity (-100, 0), LOS rate
    // 100 * 100 / 20000 = 0.5, Vc = 100 / sqrt(2) = 70.71; 4 * 70.71 * 0.5 = 141.42
    // along the LOS normal (-1, 1) / sqrt(2): (-100, 100). Classic: (0, 141.42).
    let (pos, vel) = (Vec2::new(100.0, 100.0), Vec2::ZERO);
    let true_pn = command(ProNavForm::True, pos, vel);
    assert!(
        (true_pn.accel - Vec2::new(-100.0, 100.0)).length() < 1e-2,
        "{}",
        true_pn.accel
    );
    let classic = command(ProNavForm::Classic, pos, vel);
    assert!(
        (classic.accel - Vec2::new(0.0, 141.42)).length() < 1e-2,
        "{}",
        classic.accel
    );
}

#[test]
fn augmented_pn_adds_half_n_times_the_targets_acceleration_across_the_line_of_sight() {
    // The target's seen velocity goes from (0, 0) to (0, 10) in 0.1 s: 100 units/s^2
    // across the line of sight (+y). Second tick, target at (100, 0) moving (0, 10):
    // 4 * 100 * 0.1 = 40, plus 4 / 2 * 100 = 200: 240.
    let params = ProNavParams {
        speed: 100.0,
        augmented: true,
        ..ProNavParams::default()
    };
    let mut pn = ProNav::default();
    let at = |vel| Seen {
        target_pos: Vec2::new(100.0, 0.0),
        target_vel: vel,
        dt: 0.1,
    };
    let mut body = Body {
        vel: Vec2::new(100.0, 0.0),
        ..Default::default()
    };
    pn.steer(&params, &mut body.clone(), &at(Vec2::ZERO));
    assert_eq!(
        pn.target_accel, 0.0,
        "nothing to difference on the first tick"
    );
    pn.steer(&params, &mut body, &at(Vec2::new(0.0, 10.0)));
    assert!(
        (pn.target_accel - 100.0).abs() < 1e-3,
        "{}",
        pn.target_accel
    );
    assert!(
        (pn.accel - Vec2::new(0.0, 240.0)).length() < 1e-2,
        "{}",
        pn.accel
    );
}

#[test]
fn a_lane_at_a_standstill_needs_the_heading_and_the_others_fly_as_one_missile_does() {
    // Four missiles at (0, 0) with the target at (100, 0) moving (0, 10): the third
    // stands still, which one missile's step turns by its heading (0 here: along +x).
    let (params, seen) = by_hand();
    let vels = [
        Vec2::new(100.0, 0.0),
        Vec2::new(0.0, 50.0),
        Vec2::ZERO,
        Vec2::new(-3.0, 4.0),
    ];
    let body = |vel| Body {
        vel,
        ..Default::default()
    };
    let numbers: Vec<[f32; LANE_NUMBERS]> = (vels.iter())
        .map(|&v| {
            ProNav::default()
                .lane(&params, &body(v))
                .unwrap_or([0.0, 0.0, 4.0, 1000.0, 100.0, 0.0])
        })
        .collect();
    let mut n: [F4; LANE_NUMBERS] =
        std::array::from_fn(|k| F4::from(std::array::from_fn(|i| numbers[i][k])));
    let splat = |v: Vec2| V2::new(F4::splat(v.x), F4::splat(v.y));
    let tick = LaneTick {
        pos: splat(Vec2::ZERO),
        vel: V2::gather(vels),
        target_pos: splat(seen.target_pos),
        target_vel: splat(seen.target_vel),
        dt: F4::splat(seen.dt),
        moved_on: false,
    };
    let moved = step_lanes(&mut n, &tick);
    let needs: Vec<bool> = (moved.needs_heading.to_array().iter())
        .map(|m| m.to_bits() == u32::MAX)
        .collect();
    assert_eq!(needs, [false, false, true, false]);
    for i in [0, 1, 3] {
        let mut one = body(vels[i]);
        ProNav::default().steer(&params, &mut one, &seen);
        assert_eq!(
            (moved.pos.lane(i), moved.vel.lane(i)),
            (one.pos, one.vel),
            "lane {i}"
        );
    }
}
