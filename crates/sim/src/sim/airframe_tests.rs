//! The airframe's rules, worked by hand.

use super::*;
use crate::core::Portable;

const DT: f32 = 0.1;

fn body(pos: Vec2, vel: Vec2) -> Body {
    Body {
        pos,
        vel,
        heading: vel.y.patan2(vel.x),
    }
}

fn airframe(edit: impl FnOnce(&mut AirframeSpec)) -> Airframe {
    let mut spec = AirframeSpec::default();
    edit(&mut spec);
    Airframe::new(spec)
}

fn close(a: Vec2, b: Vec2) -> bool {
    (a - b).length() < 1e-3
}

#[test]
fn no_airframe_and_no_gravity_fly_the_laws_move_bit_for_bit() {
    let before = body(Vec2::new(1.0, 2.0), Vec2::new(100.0, 0.0));
    let law = Body {
        pos: Vec2::new(11.0, 2.5),
        vel: Vec2::new(97.0, 30.0),
        heading: 0.3,
    };
    assert_eq!(fly(None, &before, &law, 0.5, Vec2::ZERO, DT), law);
}

#[test]
fn gravity_alone_adds_g_dt_to_the_velocity_and_g_dt_squared_to_the_position() {
    // g = (0, 50), dt = 0.1: velocity (100, 0) + (0, 5); position (10, 0) + (0, 0.5).
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let law = body(Vec2::new(10.0, 0.0), Vec2::new(100.0, 0.0));
    let flown = fly(None, &before, &law, 0.0, Vec2::new(0.0, 50.0), DT);
    assert!(close(flown.vel, Vec2::new(100.0, 5.0)));
    assert!(close(flown.pos, Vec2::new(10.0, 0.5)));
    assert!(
        (flown.heading - 0.05f32.patan()).abs() < 1e-5,
        "the nose follows the velocity"
    );
}

#[test]
fn a_fixed_limit_clips_the_lateral_command_and_keeps_the_along_track_one() {
    // The law turns (100, 0) into (110, 10) in 0.1 s: 100 units/s^2 ahead, 100 to the
    // side. A 40 limit flies (110, 4), 0.6 short of the law's y in position.
    let mut a = airframe(|s| s.max_accel = 40.0);
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let law = body(Vec2::new(11.0, 1.0), Vec2::new(110.0, 10.0));
    let flown = fly(Some(&mut a), &before, &law, 0.0, Vec2::ZERO, DT);
    assert!(close(flown.vel, Vec2::new(110.0, 4.0)), "{}", flown.vel);
    assert!(close(flown.pos, Vec2::new(11.0, 0.4)), "{}", flown.pos);
    assert!(close(a.state.commanded, Vec2::new(100.0, 100.0)));
    assert!(close(a.state.achieved, Vec2::new(100.0, 40.0)));
    assert_eq!(a.state.lateral, 40.0);
    assert_eq!(a.state.limit, 40.0);
}

#[test]
fn with_lift_the_limit_grows_with_speed_squared_up_to_the_cap() {
    let spec = AirframeSpec {
        lift: 0.001,
        max_accel: 50.0,
        ..AirframeSpec::default()
    };
    assert_eq!(spec.lateral_limit(0.0), 0.0);
    assert!((spec.lateral_limit(100.0) - 10.0).abs() < 1e-4);
    assert!((spec.lateral_limit(200.0) - 40.0).abs() < 1e-4);
    assert_eq!(
        spec.lateral_limit(300.0),
        50.0,
        "0.001 * 300^2 = 90, capped"
    );
}

#[test]
fn the_actuator_lag_is_first_order() {
    // tau = dt = 0.1 and a steady 100 command: 100 (1 - e^-1) = 63.212, then
    // 63.212 + (100 - 63.212)(1 - e^-1) = 86.466.
    let mut a = airframe(|s| {
        s.lag = 0.1;
        s.max_accel = 1000.0;
    });
    let mut before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let mut seen = Vec::new();
    for _ in 0..2 {
        let dir = before.vel.normalize();
        let law = Body {
            pos: before.pos + before.vel * DT,
            vel: before.vel + dir.perp() * 100.0 * DT,
            heading: before.heading,
        };
        before = fly(Some(&mut a), &before, &law, 0.0, Vec2::ZERO, DT);
        seen.push(a.state.lateral);
    }
    assert!((seen[0] - 63.212).abs() < 1e-2, "{seen:?}");
    assert!((seen[1] - 86.466).abs() < 1e-2, "{seen:?}");
}

#[test]
fn the_lags_share_follows_an_edited_lag_and_a_new_tick_length() {
    // A steady 100 command from rest in the actuator: the lateral acceleration after one
    // tick is 100 (1 - e^(-dt/lag)). Lag 0.1, dt 0.1: 63.212; the lag edited to 0.2:
    // 39.347; then dt 0.2 at that lag: 63.212 again (each worked out from a fresh
    // actuator, so the share is the only thing carried over).
    let mut a = airframe(|s| {
        s.lag = 0.1;
        s.max_accel = 1000.0;
    });
    let first_tick = |a: &mut Airframe, dt: f32| {
        a.state.lateral = 0.0;
        let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
        let law = Body {
            pos: before.vel * dt,
            vel: before.vel + Vec2::new(0.0, 100.0 * dt),
            heading: 0.0,
        };
        fly(Some(a), &before, &law, 0.0, Vec2::ZERO, dt);
        a.state.lateral
    };
    let steps = [(0.1, 0.1, 63.212), (0.2, 0.1, 39.347), (0.2, 0.2, 63.212)];
    for (lag, dt, expected) in steps {
        a.spec.lag = lag;
        let lateral = first_tick(&mut a, dt);
        assert!(
            (lateral - expected).abs() < 1e-2,
            "lag {lag}, dt {dt}: {lateral}"
        );
    }
    // A cache: an airframe that has flown equals a fresh one in the same state.
    let mut fresh = airframe(|s| {
        s.lag = 0.2;
        s.max_accel = 1000.0;
    });
    fresh.state = a.state;
    assert_eq!(fresh, a);
}

#[test]
fn the_thrust_profile_boosts_sustains_then_coasts_with_drag() {
    let spec = AirframeSpec {
        thrust: true,
        boost_accel: 100.0,
        boost_time: 1.0,
        sustain_accel: 20.0,
        sustain_time: 2.0,
        drag: 0.001,
        ..AirframeSpec::default()
    };
    assert_eq!(spec.phase(0.0), Phase::Boost);
    assert_eq!(spec.phase(0.99), Phase::Boost);
    assert_eq!(spec.phase(1.0), Phase::Sustain);
    assert_eq!(spec.phase(2.99), Phase::Sustain);
    assert_eq!(spec.phase(3.0), Phase::Coast);
    assert_eq!(spec.thrust_at(0.5), 100.0);
    assert_eq!(spec.thrust_at(2.0), 20.0);
    assert_eq!(spec.thrust_at(4.0), 0.0);
    // At 100 units/s drag takes 0.001 * 100^2 = 10 units/s^2: in the boost the speed
    // grows by (100 - 10) * 0.1 = 9, coasting it drops by 1, whatever the law wants.
    let mut a = Airframe::new(spec);
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let law = body(Vec2::new(30.0, 0.0), Vec2::new(300.0, 0.0));
    let boosted = fly(Some(&mut a), &before, &law, 0.5, Vec2::ZERO, DT);
    assert!(close(boosted.vel, Vec2::new(109.0, 0.0)), "{}", boosted.vel);
    assert!(close(boosted.pos, Vec2::new(10.9, 0.0)), "{}", boosted.pos);
    let coasted = fly(Some(&mut a), &before, &law, 3.5, Vec2::ZERO, DT);
    assert!(close(coasted.vel, Vec2::new(99.0, 0.0)), "{}", coasted.vel);
}

#[test]
fn drag_never_flies_the_missile_backwards() {
    let mut a = airframe(|s| {
        s.thrust = true;
        s.drag = 1.0;
    });
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let flown = fly(Some(&mut a), &before, &before, 10.0, Vec2::ZERO, DT);
    assert!(flown.vel.x.abs() < 1e-3, "{}", flown.vel);
}

#[test]
fn a_thrust_profile_leaves_the_rail_at_the_launchers_speed() {
    let a = airframe(|s| s.thrust = true);
    let law = body(Vec2::ZERO, Vec2::new(0.0, 300.0));
    assert!(close(a.launch(law, 20.0).vel, Vec2::new(0.0, 20.0)));
    let without = airframe(|_| {});
    assert_eq!(without.launch(law, 20.0), law);
}

#[test]
fn the_speed_cap_scales_the_velocity_down() {
    let mut a = airframe(|s| s.max_speed = 150.0);
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let law = body(Vec2::new(20.0, 0.0), Vec2::new(200.0, 0.0));
    let flown = fly(Some(&mut a), &before, &law, 0.0, Vec2::ZERO, DT);
    assert!(close(flown.vel, Vec2::new(150.0, 0.0)), "{}", flown.vel);
    assert!(close(flown.pos, Vec2::new(15.0, 0.0)), "{}", flown.pos);
}

#[test]
fn limits_that_never_bind_fly_the_laws_move_bit_for_bit() {
    let mut a = airframe(|s| {
        s.max_accel = 1.0e6;
        s.max_speed = 1.0e6;
    });
    let before = body(Vec2::new(3.0, 4.0), Vec2::new(100.0, 20.0));
    let law = Body {
        pos: Vec2::new(13.1, 6.2),
        vel: Vec2::new(101.0, 22.0),
        heading: 7.0,
    };
    assert_eq!(fly(Some(&mut a), &before, &law, 0.0, Vec2::ZERO, DT), law);
    assert!(close(a.state.commanded, a.state.achieved));
}

#[test]
fn the_overlay_draws_the_command_and_the_achievement_from_the_missile() {
    let mut a = airframe(|s| s.max_accel = 40.0);
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let law = body(Vec2::new(11.0, 1.0), Vec2::new(110.0, 10.0));
    let flown = fly(Some(&mut a), &before, &law, 0.0, Vec2::ZERO, DT);
    let mut shapes = Vec::new();
    a.debug_shapes(&flown, &mut shapes);
    let arrow = |role: Role| {
        shapes
            .iter()
            .find(|s| s.role == role)
            .map(|s| match s.shape {
                Shape::Arrow { from, vector } => (from, vector),
                _ => panic!("not an arrow"),
            })
    };
    // 0.05 s of each: commanded (100, 100), achieved (100, 40).
    let (from, commanded) = arrow(Role::Acceleration).unwrap();
    assert_eq!(from, flown.pos);
    assert!(close(commanded, Vec2::new(5.0, 5.0)), "{commanded}");
    let (_, achieved) = arrow(Role::AchievedAcceleration).unwrap();
    assert!(close(achieved, Vec2::new(5.0, 2.0)), "{achieved}");
    let mut lines = Vec::new();
    a.readouts(&mut lines);
    let labels: Vec<&str> = lines.iter().map(|r| r.label).collect();
    assert_eq!(
        labels,
        ["commanded accel", "achieved accel", "lateral limit"]
    );
    assert_eq!(lines[2].value, crate::core::ReadoutValue::Number(40.0));
}

#[test]
fn a_lagging_actuator_turns_the_missile_but_never_speeds_it_past_the_laws_speed() {
    // Flying (100, 0) with 100 units/s^2 to the left still in the actuator (lag 1 s);
    // the law now flies straight on at 100. The actuator decays to
    // 100 e^(-0.1) = 90.48: the velocity would be (100, 9.048), 100.41 long; the
    // missile keeps the law's 100, turned by atan(0.09048) = 0.0902 rad.
    let mut a = airframe(|s| s.lag = 1.0);
    a.state.lateral = 100.0;
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let law = body(Vec2::new(10.0, 0.0), Vec2::new(100.0, 0.0));
    let flown = fly(Some(&mut a), &before, &law, 0.0, Vec2::ZERO, DT);
    assert!((flown.vel.length() - 100.0).abs() < 1e-3, "{}", flown.vel);
    let turn = flown.vel.y.patan2(flown.vel.x);
    assert!((turn - 0.09048f32.patan()).abs() < 1e-4, "{turn}");
}

#[test]
fn with_thrust_a_turn_keeps_the_speed_the_motor_and_drag_give() {
    // Thrust on, no motor, no drag, 100 units/s; the law asks 300 units/s^2 sideways
    // (within the 1500 limit): the missile turns and stays at 100 units/s (it was
    // 104.4 = |(100, 30)|, and more on every tick of the turn).
    let mut a = airframe(|s| s.thrust = true);
    let before = body(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let law = body(Vec2::new(10.0, 3.0), Vec2::new(100.0, 30.0));
    let flown = fly(Some(&mut a), &before, &law, 5.0, Vec2::ZERO, DT);
    assert!((flown.vel.length() - 100.0).abs() < 1e-3, "{}", flown.vel);
    assert!(flown.vel.y > 0.0, "it turned: {}", flown.vel);
    // From rest with no motor it cannot move at all, whatever the law asks.
    let rest = body(Vec2::ZERO, Vec2::ZERO);
    let flown = fly(Some(&mut a), &rest, &law, 5.0, Vec2::ZERO, DT);
    assert_eq!(flown.vel, Vec2::ZERO);
}

#[test]
fn a_sample_takes_the_command_across_the_velocity_and_the_limit() {
    let state = AirframeState {
        commanded: Vec2::new(3.0, 4.0),
        achieved: Vec2::new(-7.0, 9.0),
        lateral: 2.0,
        limit: 150.0,
    };
    // Flying along +x at any speed: the command's 4 units/s^2 along +y, across it, count
    // as -4 (the sign of `(v.y, -v.x)`, the velocity turned a quarter turn clockwise).
    assert_eq!(state.sampled(Vec2::new(10.0, 0.0)), (-4.0, 150.0));
    assert_eq!(state.sampled(Vec2::new(0.5, 0.0)), (-4.0, 150.0));
    // Along +y, the 3 units/s^2 along +x: +3; along -y, -3.
    assert_eq!(state.sampled(Vec2::new(0.0, 7.0)), (3.0, 150.0));
    assert_eq!(state.sampled(Vec2::new(0.0, -7.0)), (-3.0, 150.0));
    // At a standstill nothing is across it.
    assert_eq!(state.sampled(Vec2::ZERO), (0.0, 150.0));
}

#[test]
fn four_lanes_of_airframes_give_each_airframes_own_bits() {
    // Four airframes of different kinds in four lanes (a lagging lift airframe that
    // saturates, a thrust profile with drag in its sustain, a fixed
    // limit that does not bind, a lag with a speed cap that binds), each lane against
    // the one-missile rule, bit for bit.
    use crate::core::lanes::{F4, V2};
    let specs = [
        AirframeSpec {
            lift: 0.002,
            lag: 0.3,
            max_accel: 400.0,
            ..AirframeSpec::default()
        },
        AirframeSpec {
            thrust: true,
            boost_accel: 300.0,
            boost_time: 0.5,
            sustain_accel: 80.0,
            sustain_time: 2.0,
            drag: 0.0004,
            max_speed: 310.0,
            ..AirframeSpec::default()
        },
        AirframeSpec::default(),
        AirframeSpec {
            lag: 0.05,
            max_speed: 120.0,
            ..AirframeSpec::default()
        },
    ];
    let before = [(120.0, -30.0), (250.0, 40.0), (0.5, 80.0), (-90.0, 60.0)];
    let law = [(100.0, 60.0), (240.0, 55.0), (3.0, 79.5), (-95.0, 130.0)];
    let ages = [0.2, 1.3, 4.0, 0.0];
    let lateral = [35.0, -12.0, 0.0, 250.0];
    let mut scalar = Vec::new();
    let mut frames = specs.clone().map(Airframe::new);
    for (i, frame) in frames.iter_mut().enumerate() {
        frame.state.lateral = lateral[i];
        let before = body(Vec2::ZERO, Vec2::from(before[i]));
        let law = body(Vec2::ONE, Vec2::from(law[i]));
        scalar.push(limit(frame, &before, &law, ages[i], DT));
    }
    let mut fresh = specs.map(Airframe::new);
    let limits = Limits::lanes(&std::array::from_fn(|i| fresh[i].limits(DT)));
    let vec = |v: [(f32, f32); 4]| V2::gather(v.map(Vec2::from));
    let (along, _) = vec(before).try_normalize();
    let (change, state) = limit_over(
        &limits,
        F4::from(lateral),
        (vec(before), along),
        vec(law),
        (F4::from(ages), F4::splat(DT)),
    );
    let bits = |v: Vec2| (v.x.to_bits(), v.y.to_bits());
    for i in 0..4 {
        assert_eq!(bits(change.lane(i)), bits(scalar[i]), "lane {i}'s change");
        let (lane, one) = (state.lane(i), frames[i].state);
        assert_eq!(bits(lane.commanded), bits(one.commanded), "lane {i}");
        assert_eq!(bits(lane.achieved), bits(one.achieved), "lane {i}");
        assert_eq!(lane.lateral.to_bits(), one.lateral.to_bits(), "lane {i}");
        assert_eq!(lane.limit.to_bits(), one.limit.to_bits(), "lane {i}");
    }
    // Each lane's airframe did bind as said (so the rule's every branch is in play).
    assert!(scalar[0] != Vec2::ZERO && scalar[1] != Vec2::ZERO && scalar[3] != Vec2::ZERO);
    assert_eq!(scalar[2], Vec2::ZERO, "the fixed limit does not bind");
    assert_eq!(
        frames[0].state.lateral.abs(),
        frames[0].state.limit,
        "saturated"
    );
    let capped = (Vec2::from(law[3]) + scalar[3]).length();
    assert!((capped - 120.0).abs() < 1e-3, "capped: {capped}");
    assert_eq!(frames[1].spec.phase(ages[1]), Phase::Sustain);
}
