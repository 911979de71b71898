use super::*;

#[test]
fn dominant_axis_gets_max_speed_and_the_other_multiply_then_divide() {
    // dx = 100, dy = 30, m = 10: (10, 30*10/100 = 3).
    assert_eq!(
        desired_velocity(I64Vec2::new(100, 30), 10, false),
        I64Vec2::new(10, 3)
    );
    // dy dominant and negative: (-45*10/-90 -> -45*10/90 = -5, -10).
    assert_eq!(
        desired_velocity(I64Vec2::new(-45, -90), 10, false),
        I64Vec2::new(-5, -10)
    );
    // Truncation toward zero, as in C: 7*10/100 = 0.7 -> 0; -7*10/100 -> 0.
    assert_eq!(
        desired_velocity(I64Vec2::new(100, -7), 10, false),
        I64Vec2::new(10, 0)
    );
}

#[test]
fn divide_first_collapses_the_ratio_to_zero_or_one() {
    let offset = I64Vec2::new(100, 30);
    assert_eq!(desired_velocity(offset, 10, true), I64Vec2::new(10, 0));
    assert_ne!(
        desired_velocity(offset, 10, true),
        desired_velocity(offset, 10, false)
    );
    // Exact diagonal: both orders agree (ratio 1).
    assert_eq!(
        desired_velocity(I64Vec2::new(50, 50), 10, true),
        I64Vec2::new(10, 10)
    );
}

#[test]
fn diagonal_flight_is_up_to_sqrt2_faster() {
    let diagonal = desired_velocity(I64Vec2::new(500, 500), 10, false)
        .as_vec2()
        .length();
    let straight = desired_velocity(I64Vec2::new(500, 0), 10, false)
        .as_vec2()
        .length();
    assert!((diagonal / straight - 2f32.sqrt()).abs() < 1e-6);
}

#[test]
fn velocity_moves_by_at_most_step_toward_desired_with_lead() {
    // Target at (100, 0) moving 60 units/s at 30 Hz = 2 units/tick, lead 1: aim (102, 0).
    let params = HeatSeekerParams {
        max_speed: 10,
        step: 1,
        lead: 1,
        divide_first: false,
    };
    let mut hs = HeatSeeker {
        vel: IVec2::new(0, 5),
        ..Default::default()
    };
    let mut body = hs.body(1.0 / 30.0, 0.0);
    let seen = Seen {
        target_pos: Vec2::new(100.0, 0.0),
        target_vel: Vec2::new(60.0, 0.0),
        dt: 1.0 / 30.0,
    };
    hs.steer(&params, &mut body, &seen);
    assert_eq!(hs.aim, IVec2::new(102, 0));
    assert_eq!(hs.desired, IVec2::new(10, 0));
    assert_eq!(hs.vel, IVec2::new(1, 4));
    assert_eq!(hs.pos, IVec2::new(1, 4));
    assert_eq!(body.pos, Vec2::new(1.0, 4.0));
    assert!((body.vel - Vec2::new(30.0, 120.0)).length() < 1e-3);
}

#[test]
fn overshoots_then_comes_back_when_the_target_zips_past() {
    // Missile flying east at full speed; the target passes it heading west, fast.
    let params = HeatSeekerParams {
        max_speed: 10,
        step: 1,
        lead: 1,
        divide_first: false,
    };
    let mut hs = HeatSeeker {
        pos: IVec2::ZERO,
        vel: IVec2::new(10, 0),
        ..Default::default()
    };
    let dt = 1.0 / 30.0;
    let mut body = hs.body(dt, 0.0);
    let mut target = Vec2::new(60.0, 5.0);
    let target_vel = Vec2::new(-20.0 / dt, 0.0);
    let mut passed_at: Option<f32> = None;
    let mut max_x = f32::MIN;
    let mut came_back = false;
    for _ in 0..120 {
        let seen = Seen {
            target_pos: target,
            target_vel,
            dt,
        };
        hs.steer(&params, &mut body, &seen);
        target += target_vel * dt;
        if target.x < body.pos.x {
            passed_at.get_or_insert(body.pos.x);
            max_x = max_x.max(body.pos.x);
            came_back |= hs.vel.x < 0;
        }
    }
    // After the target went by it kept skidding east for ten ticks (v from 10 down
    // to 0 at one unit per tick), then turned back west: inertia, not a hard turn.
    let overshoot = max_x - passed_at.expect("the target passed");
    assert!(overshoot > 25.0, "overshoot only {overshoot}");
    assert!(came_back, "never turned back");
    assert!(
        hs.vel.x <= -5,
        "should be chasing west by now: {:?}",
        hs.vel
    );
}

#[test]
fn a_body_moved_by_something_else_is_flown_on_from_where_it_is() {
    // Its state says (0, 0) moving (10, 0) a tick; an airframe has put the body at
    // (3.4, 7.6) moving 60 units/s straight down (2 a tick at 30 ticks/s). With the
    // target far below and step 1, the law flies on from the grid point (3, 8) at
    // (0, 2) a tick: desired (0, 12), so the velocity becomes (0, 3) and the body
    // (3, 11). Without the airframe's move it would have gone on from (0, 0).
    let params = HeatSeekerParams::default();
    let dt = 1.0 / 30.0;
    let mut hs = HeatSeeker {
        vel: IVec2::new(10, 0),
        ..Default::default()
    };
    let mut body = Body {
        pos: Vec2::new(3.4, 7.6),
        vel: Vec2::new(0.0, 60.0),
        heading: 0.0,
    };
    let seen = Seen {
        target_pos: Vec2::new(3.0, 500.0),
        target_vel: Vec2::ZERO,
        dt,
    };
    hs.steer(&params, &mut body, &seen);
    assert_eq!(hs.vel, IVec2::new(0, 3));
    assert_eq!(body.pos, Vec2::new(3.0, 11.0));
    // Left alone, its own body is taken as it is.
    let before = hs.clone();
    hs.steer(&params, &mut body, &seen);
    assert_eq!(hs.pos, before.pos + hs.vel);
}

#[test]
fn a_launch_puts_it_on_the_grid_with_its_velocity_in_units_a_tick() {
    // From (10.4, 20.6) at (60, -30) units/s, 30 ticks/s: (10, 21) moving (2, -1) a
    // tick, shown as (60, -30) units/s heading along it.
    let dt = 1.0 / 30.0;
    let launch = Launch::toward(
        Vec2::new(10.4, 20.6),
        Vec2::new(60.0, -30.0),
        Vec2::new(500.0, 0.0),
        Vec2::ZERO,
        dt,
    );
    let (hs, body) = HeatSeeker::launch(&HeatSeekerParams::default(), &launch).unwrap();
    assert_eq!((hs.pos, hs.vel), (IVec2::new(10, 21), IVec2::new(2, -1)));
    assert_eq!(body.pos, Vec2::new(10.0, 21.0));
    assert!((body.vel - Vec2::new(60.0, -30.0)).length() < 1e-3);
    assert!((body.heading - (-1.0f32).atan2(2.0)).abs() < 1e-5);
}

#[test]
fn it_leads_by_lead_ticks_of_the_target_from_where_it_is() {
    // At (10, 20), still; the target at (110, 5) moves 2 units a tick; lead 3: aim
    // (116, 5), offset (106, -15), desired (10, -150 / 106 = -1); one step of 1.
    let params = HeatSeekerParams {
        max_speed: 10,
        step: 1,
        lead: 3,
        divide_first: false,
    };
    let dt = 1.0 / 30.0;
    let mut hs = HeatSeeker {
        pos: IVec2::new(10, 20),
        ..Default::default()
    };
    let mut body = hs.body(dt, 0.0);
    let seen = Seen {
        target_pos: Vec2::new(110.0, 5.0),
        target_vel: Vec2::new(60.0, 0.0),
        dt,
    };
    hs.steer(&params, &mut body, &seen);
    assert_eq!(hs.aim, IVec2::new(116, 5));
    assert_eq!(hs.desired, IVec2::new(10, -1));
    assert_eq!((hs.vel, hs.pos), (IVec2::new(1, -1), IVec2::new(11, 19)));
}

#[test]
fn it_draws_its_aim_and_four_ticks_of_its_desired_velocity() {
    let hs = HeatSeeker {
        pos: IVec2::new(10, 20),
        desired: IVec2::new(3, -2),
        aim: IVec2::new(50, 60),
        ..Default::default()
    };
    let body = hs.body(0.1, 0.0);
    let seen = Seen {
        target_pos: Vec2::ZERO,
        target_vel: Vec2::ZERO,
        dt: 0.1,
    };
    let mut out = Vec::new();
    hs.debug_shapes(&HeatSeekerParams::default(), &body, &seen, &mut out);
    assert_eq!(
        out,
        [
            DebugShape::new(Role::AimPoint, Shape::Point(Vec2::new(50.0, 60.0))),
            DebugShape::new(
                Role::DesiredVelocity,
                Shape::Arrow {
                    from: Vec2::new(10.0, 20.0),
                    vector: Vec2::new(12.0, -8.0),
                },
            ),
        ]
    );
}

#[test]
fn at_rest_it_keeps_its_heading_and_moving_it_heads_along_its_velocity() {
    let still = HeatSeeker::default();
    assert_eq!(still.body(0.1, 1.25).heading, 1.25);
    let moving = HeatSeeker {
        vel: IVec2::new(2, 2),
        ..Default::default()
    };
    let heading = moving.body(0.1, 1.25).heading;
    assert!(
        (heading - std::f32::consts::FRAC_PI_4).abs() < 1e-6,
        "{heading}"
    );
}

#[test]
fn the_tail_comes_from_the_table_below_64_and_from_the_velocity_at_64_and_over() {
    // Inside the table: the angle's cosine and sine, exactly as the table holds
    // them (its last row and column too); each quadrant mirrors the first.
    let from_table = |vx: i32, vy: i32| {
        let angle = (vy.abs() as f32).patan2(vx.abs() as f32);
        let q = -Vec2::new(angle.pcos(), angle.psin()) * DRAWN_LENGTH;
        Vec2::new(
            if vx < 0 { -q.x } else { q.x },
            if vy < 0 { -q.y } else { q.y },
        )
    };
    for (vx, vy) in [(3, 4), (63, 0), (0, 63), (63, 63), (-5, 0), (0, -5), (0, 7)] {
        assert_eq!(
            tail_offset(IVec2::new(vx, vy)),
            from_table(vx, vy),
            "({vx}, {vy})"
        );
    }
    // From 64 on either axis: straight back along the velocity.
    for (vx, vy) in [(64, 3), (3, 64), (-64, -64), (100, -7)] {
        let v = Vec2::new(vx as f32, vy as f32);
        assert_eq!(
            tail_offset(IVec2::new(vx, vy)),
            -v.normalize() * DRAWN_LENGTH,
            "({vx}, {vy})"
        );
    }
}

#[test]
fn tail_table_is_mirrored_and_ten_long() {
    let ne = tail_offset(IVec2::new(3, 4));
    assert!((ne - Vec2::new(-6.0, -8.0)).length() < 1e-4);
    assert!((tail_offset(IVec2::new(-3, 4)) - Vec2::new(6.0, -8.0)).length() < 1e-4);
    assert!((tail_offset(IVec2::new(-3, -4)) - Vec2::new(6.0, 8.0)).length() < 1e-4);
    assert!((tail_offset(IVec2::new(300, 0)).length() - DRAWN_LENGTH).abs() < 1e-4);
}
