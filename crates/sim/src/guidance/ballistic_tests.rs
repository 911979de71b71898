//! The ballistic solution, worked by hand.

use super::*;
use crate::core::Portable;
use crate::core::ReadoutValue;

#[test]
fn without_gravity_it_is_the_quadratic_with_one_arc() {
    // A still target 100 away at speed 50: 2 s, straight at it.
    let [low, high] = arcs(
        Vec2::ZERO,
        50.0,
        Vec2::new(100.0, 0.0),
        Vec2::ZERO,
        Vec2::ZERO,
    );
    let low = low.unwrap();
    assert!((low.time - 2.0).abs() < 1e-5);
    assert!((low.vel - Vec2::new(50.0, 0.0)).length() < 1e-4);
    assert_eq!(high, Some(low));
}

#[test]
fn on_flat_ground_the_two_arcs_are_the_textbook_angles() {
    // Range 400 at muzzle speed 250 under g = 100 (y down): sin 2a = 400 g / s^2 = 0.64,
    // a = 19.896 or 70.104 degrees; flight time 2 s sin(a) / g = 1.7025 or 4.7014 s.
    let g = Vec2::new(0.0, 100.0);
    let [low, high] = arcs(Vec2::ZERO, 250.0, Vec2::new(400.0, 0.0), Vec2::ZERO, g);
    let (low, high) = (low.unwrap(), high.unwrap());
    let elevation = |a: &ArcSolution| (-a.vel.y).patan2(a.vel.x).to_degrees();
    assert!(
        (elevation(&low) - 19.896).abs() < 1e-3,
        "{}",
        elevation(&low)
    );
    assert!(
        (elevation(&high) - 70.104).abs() < 1e-3,
        "{}",
        elevation(&high)
    );
    assert!((low.time - 1.7025).abs() < 1e-3 && (high.time - 4.7014).abs() < 1e-3);
    for arc in [low, high] {
        assert!(
            (arc.vel.length() - 250.0).abs() < 1e-2,
            "muzzle speed {}",
            arc.vel.length()
        );
        assert!(
            arc.at(Vec2::ZERO, g, arc.time)
                .distance(Vec2::new(400.0, 0.0))
                < 1e-2
        );
    }
}

#[test]
fn beyond_the_greatest_range_there_is_no_arc() {
    // The greatest range at 250 under 100 is 250^2 / 100 = 625.
    let g = Vec2::new(0.0, 100.0);
    assert_eq!(
        arcs(Vec2::ZERO, 250.0, Vec2::new(630.0, 0.0), Vec2::ZERO, g),
        [None, None]
    );
    assert!(arcs(Vec2::ZERO, 250.0, Vec2::new(620.0, 0.0), Vec2::ZERO, g)[0].is_some());
}

#[test]
fn the_choice_picks_the_arc_and_no_arc_refuses_to_fire() {
    let g = Vec2::new(0.0, 100.0);
    let launch = |arc| {
        let params = BallisticParams {
            speed: 250.0,
            arc,
            ..BallisticParams::default()
        };
        let mut launch = Launch::toward(
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(400.0, 0.0),
            Vec2::ZERO,
            0.1,
        );
        launch.gravity = g;
        Ballistic::launch(&params, &launch)
    };
    let (low, body) = launch(Arc::Low).unwrap();
    assert_eq!(low.chosen, 0);
    assert!((low.time_left - 1.7025).abs() < 1e-3);
    // Half a tick's gravity taken off the launch velocity: 0.5 * 100 * 0.1 = 5 up.
    let arc = low.arcs[0].unwrap();
    assert!((body.vel - (arc.vel - Vec2::new(0.0, 5.0))).length() < 1e-4);
    let (high, _) = launch(Arc::High).unwrap();
    assert!((high.time_left - 4.7014).abs() < 1e-3);
    let mut far = Launch::toward(
        Vec2::ZERO,
        Vec2::ZERO,
        Vec2::new(700.0, 0.0),
        Vec2::ZERO,
        0.1,
    );
    far.gravity = g;
    assert!(
        Ballistic::launch(&BallisticParams::default(), &far).is_some(),
        "400: range 1600"
    );
    let slow = BallisticParams {
        speed: 250.0,
        ..BallisticParams::default()
    };
    assert!(Ballistic::launch(&slow, &far).is_none());
}

/// The flat-ground case above (range 400 at 250 under g = 100, y down), launched on the
/// low arc with a tick of 0.1 s.
fn low_shell() -> (Ballistic, Body, BallisticParams, Vec2) {
    let g = Vec2::new(0.0, 100.0);
    let params = BallisticParams {
        speed: 250.0,
        ..BallisticParams::default()
    };
    let mut launch = Launch::toward(
        Vec2::ZERO,
        Vec2::ZERO,
        Vec2::new(400.0, 0.0),
        Vec2::ZERO,
        0.1,
    );
    launch.gravity = g;
    let (shell, body) = Ballistic::launch(&params, &launch).unwrap();
    (shell, body, params, g)
}

fn seen(dt: f32) -> Seen {
    Seen {
        target_pos: Vec2::new(400.0, 0.0),
        target_vel: Vec2::ZERO,
        dt,
    }
}

#[test]
fn the_shell_sits_on_the_arc_every_tick_and_detonates_on_the_aim_point() {
    // The world's tick, written out: the law moves the body, then gravity is added to
    // its velocity and a tick's worth of that to its position (airframe::fly).
    let (mut shell, mut body, params, g) = low_shell();
    let dt = 0.1;
    // The low arc leaves at 19.896 degrees above the horizon (y down) at 250.
    let a = 19.896_f32.to_radians();
    let v0 = Vec2::new(250.0 * a.cos(), -250.0 * a.sin());
    for n in 1..=17 {
        assert_eq!(shell.steer(&params, &mut body, &seen(dt)), None, "tick {n}");
        assert!((body.heading - body.vel.y.atan2(body.vel.x)).abs() < 1e-5);
        body.vel += g * dt;
        body.pos += g * dt * dt;
        let t = n as f32 * dt;
        let on_arc = v0 * t + 0.5 * g * t * t;
        assert!(
            body.pos.distance(on_arc) < 0.05,
            "tick {n}: {} against {on_arc}",
            body.pos
        );
        assert!(
            (shell.time_left - (1.70156 - t)).abs() < 1e-4,
            "tick {n}: {}",
            shell.time_left
        );
    }
    // 0.00156 s of flight are left: it detonates 1.56% into the next tick, where the arc
    // meets the target (the world's gravity still to come).
    let signal = shell.steer(&params, &mut body, &seen(dt));
    let Some(Signal::Detonate { radius, fraction }) = signal else {
        panic!("no detonation: {signal:?}");
    };
    assert_eq!(radius, params.blast_radius);
    assert!((fraction - 0.0156).abs() < 1e-3, "{fraction}");
    assert_eq!(shell.time_left, 0.0);
    let landed = body.pos + g * dt * dt;
    assert!(landed.distance(Vec2::new(400.0, 0.0)) < 0.05, "{landed}");
}

#[test]
fn the_last_step_moves_at_most_a_tick_of_flight_toward_the_aim_point() {
    let (mut shell, _, params, _) = low_shell();
    shell.time_left = 0.05;
    // 400 units short of the aim point, flying 10 units/s: one unit of it this tick.
    let mut body = Body {
        pos: Vec2::ZERO,
        vel: Vec2::new(10.0, 0.0),
        heading: 0.0,
    };
    shell.steer(&params, &mut body, &seen(0.1));
    assert!(
        (body.pos - Vec2::new(1.0, 0.0)).length() < 1e-2,
        "{}",
        body.pos
    );
}

#[test]
fn a_tick_of_no_length_detonates_at_once_at_its_start() {
    let (mut shell, mut body, params, _) = low_shell();
    shell.time_left = 0.0;
    let signal = shell.steer(&params, &mut body, &seen(0.0));
    assert_eq!(
        signal,
        Some(Signal::Detonate {
            radius: params.blast_radius,
            fraction: 1.0
        })
    );
}

#[test]
fn its_readouts_and_best_time_are_the_two_arcs_and_the_flown_one() {
    let (shell, body, params, _) = low_shell();
    assert!((shell.optimal_time(&params, &body, &seen(0.1)).unwrap() - 1.7025).abs() < 1e-3);
    let mut out = Vec::new();
    shell.readouts(&params, 0.1, &mut out);
    let number = |label: &str| match out.iter().find(|r| r.label == label).map(|r| &r.value) {
        Some(ReadoutValue::Number(v)) => *v,
        other => panic!("{label}: {other:?}"),
    };
    assert!((number("low arc time") - 1.7025).abs() < 1e-3);
    assert!((number("high arc time") - 4.7014).abs() < 1e-3);
    assert!((number("time left") - 1.7025).abs() < 1e-3);
    let Some(ReadoutValue::Angle(angle)) = out
        .iter()
        .find(|r| r.label == "launch angle")
        .map(|r| &r.value)
    else {
        panic!("no launch angle");
    };
    assert!(
        (angle.to_degrees() + 19.896).abs() < 1e-2,
        "{}",
        angle.to_degrees()
    );
    // An arc that does not exist says so.
    let one = Ballistic {
        arcs: [shell.arcs[0], None],
        ..shell
    };
    let mut out = Vec::new();
    one.readouts(&params, 0.1, &mut out);
    assert!(out.contains(&Readout::text("high arc time", "none".into())));
}

#[test]
fn it_draws_both_arcs_their_ends_and_the_blast_around_the_aim_point() {
    let (shell, body, params, g) = low_shell();
    let mut out = Vec::new();
    shell.debug_shapes(&params, &body, &seen(0.1), &mut out);
    let lines = |role| -> Vec<(Vec2, Vec2)> {
        out.iter()
            .filter(|s| s.role == role)
            .map(|s| match s.shape {
                Shape::Line(a, b) => (a, b),
                ref other => panic!("{other:?}"),
            })
            .collect()
    };
    let (flown, other) = (lines(Role::Arc), lines(Role::AlternateArc));
    assert_eq!((flown.len(), other.len()), (32, 32));
    // Segment 16 starts half way through the flight: t = 1.70156 / 2 s on the low arc
    // (sin a = 0.340312, T = 2 s sin a / g).
    let a = 19.896_f32.to_radians();
    let v0 = Vec2::new(250.0 * a.cos(), -250.0 * a.sin());
    let t = 1.70156 / 2.0;
    assert!(
        flown[16].0.distance(v0 * t + 0.5 * g * t * t) < 0.05,
        "{:?}",
        flown[16]
    );
    assert_eq!(flown[0].0, Vec2::ZERO);
    for pair in flown.windows(2) {
        assert_eq!(pair[0].1, pair[1].0, "the segments join");
    }
    assert!(flown[31].1.distance(Vec2::new(400.0, 0.0)) < 0.05);
    assert!(other[31].1.distance(Vec2::new(400.0, 0.0)) < 0.05);
    // The high arc climbs far higher: 250 sin(70.104) over 2 g... its top is 275 up.
    let top = other.iter().map(|l| -l.0.y).fold(0.0, f32::max);
    assert!((top - 275.9).abs() < 3.0, "{top}");
    let point = |role| {
        out.iter()
            .filter(|s| s.role == role)
            .map(|s| s.shape.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(point(Role::InterceptPoint).len(), 1);
    assert_eq!(point(Role::AlternateIntercept).len(), 1);
    let [Shape::Circle { center, radius }] = point(Role::BlastRadius)[..] else {
        panic!("{:?}", point(Role::BlastRadius));
    };
    assert!(center.distance(Vec2::new(400.0, 0.0)) < 0.05);
    assert_eq!(radius, params.blast_radius);
    // Flying the high arc, the roles swap.
    let high = Ballistic {
        chosen: 1,
        ..shell.clone()
    };
    let mut swapped = Vec::new();
    high.debug_shapes(&params, &body, &seen(0.1), &mut swapped);
    let first_arc = swapped.iter().find(|s| s.role == Role::Arc).unwrap();
    assert_eq!(first_arc.shape, other_first(&out));
    // One arc (no gravity: both roots are one): drawn once, as the flown one.
    let [low, high] = arcs(
        Vec2::ZERO,
        50.0,
        Vec2::new(100.0, 0.0),
        Vec2::ZERO,
        Vec2::ZERO,
    );
    let single = Ballistic {
        arcs: [low, high],
        chosen: 0,
        ..Ballistic::default()
    };
    let mut once = Vec::new();
    single.debug_shapes(&params, &body, &seen(0.1), &mut once);
    assert_eq!(once.iter().filter(|s| s.role == Role::Arc).count(), 32);
    assert!(once
        .iter()
        .all(|s| s.role != Role::AlternateArc && s.role != Role::AlternateIntercept));
}

fn other_first(shapes: &[DebugShape]) -> Shape {
    shapes
        .iter()
        .find(|s| s.role == Role::AlternateArc)
        .unwrap()
        .shape
        .clone()
}

#[test]
fn a_moving_target_from_a_raised_launcher_is_met_where_it_will_be() {
    // Fired from (100, -50) at 300 under g = (0, 100) at a target at (500, 0) moving
    // (20, -30): wherever the arc says it meets the target, the target is there then,
    // and the shell leaves at the muzzle speed.
    let (from, target, target_vel, g) = (
        Vec2::new(100.0, -50.0),
        Vec2::new(500.0, 0.0),
        Vec2::new(20.0, -30.0),
        Vec2::new(0.0, 100.0),
    );
    let [low, high] = arcs(from, 300.0, target, target_vel, g);
    for arc in [low.unwrap(), high.unwrap()] {
        let meet = target + target_vel * arc.time;
        assert!(
            arc.at(from, g, arc.time).distance(meet) < 0.05,
            "{} against {meet}",
            arc.at(from, g, arc.time)
        );
        assert!(
            (arc.vel.length() - 300.0).abs() < 0.05,
            "{}",
            arc.vel.length()
        );
    }
    assert!(low.unwrap().time < high.unwrap().time);
}

#[test]
fn a_shell_that_would_fly_longer_than_a_float_holds_has_no_arc() {
    // 3e38 units at half a unit a second: 6e38 s, past the largest f32.
    assert_eq!(
        arcs(
            Vec2::ZERO,
            0.5,
            Vec2::new(3.0e38, 0.0),
            Vec2::ZERO,
            Vec2::ZERO
        ),
        [None, None]
    );
}

#[test]
fn straight_up_it_falls_back_on_its_launcher() {
    // A target on the launch point, at 50 under g = 100: up and down in 1 s (the root
    // at t = 0 is no flight).
    let g = Vec2::new(0.0, 100.0);
    let [low, _] = arcs(Vec2::ZERO, 50.0, Vec2::ZERO, Vec2::ZERO, g);
    let low = low.expect("an arc");
    assert!((low.time - 1.0).abs() < 1e-4, "{}", low.time);
    assert!(
        (low.vel - Vec2::new(0.0, -50.0)).length() < 1e-3,
        "{}",
        low.vel
    );
}
