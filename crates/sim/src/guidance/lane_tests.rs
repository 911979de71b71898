//! Every law's four-lane step against its one-missile step: four missiles launched
//! differently, each tick flown both ways, must move to the same bits, under default
//! and changed parameters (`tests/lockstep.rs` in the scenario crate checks whole
//! flights through worlds).

use super::*;
use crate::core::lanes::{LaneTick, F4, LANES, LANE_NUMBERS, V2};
use glam::Vec2;

/// Where the target is and how it moves at time `t`: round a circle, so that the line
/// of sight turns and the target accelerates.
fn target(t: f32) -> (Vec2, Vec2) {
    let (s, c) = (0.7 * t).sin_cos();
    (
        Vec2::new(600.0 + 250.0 * c, 300.0 + 250.0 * s),
        Vec2::new(-175.0 * s, 175.0 * c),
    )
}

/// Flies four missiles of `algorithm` under `tuning` for 300 ticks both ways, counting
/// their detonations into `detonations` and their solvers' failures into `failures`.
fn both_ways(algorithm: Algorithm, tuning: &Tuning, detonations: &mut usize, failures: &mut usize) {
    let dt = 1.0 / 60.0;
    let launches: [(Vec2, Vec2); LANES] = [
        (Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)),
        (Vec2::new(900.0, 700.0), Vec2::new(0.0, -80.0)),
        (Vec2::new(-200.0, 500.0), Vec2::ZERO),
        (Vec2::new(600.0, 300.0), Vec2::new(-30.0, 60.0)),
    ];
    let (start, start_vel) = target(0.0);
    let mut missiles: Vec<(Guidance, Body)> = (launches.iter())
        .map(|&(pos, vel)| {
            let launch = Launch::toward(pos, vel, start, start_vel, dt);
            Guidance::launch(algorithm, tuning, &launch)
                .unwrap()
                .unwrap()
        })
        .collect();
    let lanes: Vec<_> = (missiles.iter())
        .map(|(g, b)| g.lane(tuning, b).expect("a four-lane step"))
        .collect();
    let step = lanes[0].0;
    let mut numbers: [F4; LANE_NUMBERS] =
        std::array::from_fn(|k| F4::from(std::array::from_fn(|i| lanes[i].1[k])));
    let mut pos = V2::gather(std::array::from_fn(|i| missiles[i].1.pos));
    let mut vel = V2::gather(std::array::from_fn(|i| missiles[i].1.vel));
    for tick in 0..300 {
        let (target_pos, target_vel) = target(tick as f32 * dt);
        let seen = Seen {
            target_pos,
            target_vel,
            dt,
        };
        let lane_tick = LaneTick {
            pos,
            vel,
            target_pos: V2::gather([target_pos; LANES]),
            target_vel: V2::gather([target_vel; LANES]),
            dt: F4::splat(dt),
            moved_on: false,
        };
        let moved = step(&mut numbers, &lane_tick);
        (pos, vel) = (moved.pos, moved.vel);
        for (i, (guidance, body)) in missiles.iter_mut().enumerate() {
            let signal = guidance.steer(tuning, body, &seen);
            let bits = |v: Vec2| [v.x.to_bits(), v.y.to_bits()];
            let what = format!("{} lane {i} tick {tick}", algorithm.id());
            assert_eq!(bits(pos.lane(i)), bits(body.pos), "{what}: {body:?}");
            assert_eq!(bits(vel.lane(i)), bits(body.vel), "{what}: {body:?}");
            let lane = |x: F4| x.as_array()[i];
            let detonated = (!lane(moved.detonates_at).is_nan())
                .then(|| (lane(moved.blast), lane(moved.detonates_at)));
            let wanted = match signal {
                Some(Signal::Detonate { radius, fraction }) => Some((radius, fraction)),
                _ => None,
            };
            assert_eq!(detonated, wanted, "{what}");
            let failed = lane(moved.solver_failed).to_bits() == u32::MAX;
            assert_eq!(failed, signal == Some(Signal::SolverFailed), "{what}");
            *failures += usize::from(failed);
            *detonations += usize::from(wanted.is_some());
        }
    }
}

#[test]
fn every_four_lane_step_moves_each_lane_as_its_one_missile_step_does() {
    let four_lane: Vec<Algorithm> = (Algorithm::ALL.into_iter())
        .filter(|a| a.info().four_lane)
        .collect();
    assert_eq!(four_lane.len(), 9, "{four_lane:?}");
    let mut changed = Tuning::default();
    for (algorithm, name, value) in [
        (Algorithm::Smoothed, "ga", Value::Number(0.6)),
        (Algorithm::NaiveAccel, "acceleration", Value::Number(900.0)),
        (Algorithm::Quartic, "acceleration", Value::Number(60.0)),
        (Algorithm::ProNav, "gain", Value::Number(3.0)),
        (Algorithm::ProNav, "max_accel", Value::Number(400.0)),
        (Algorithm::TurnRate, "mass_rule", Value::Flag(true)),
        (Algorithm::TurnRate, "mass", Value::Number(350.0)),
        (Algorithm::TurnRate, "dead_zone", Value::Number(0.02)),
        (Algorithm::HeatSeeker, "divide_first", Value::Flag(true)),
        (Algorithm::HeatSeeker, "lead", Value::Whole(7)),
        (Algorithm::HeatSeeker, "step", Value::Whole(3)),
        (Algorithm::Intercept, "blast_radius", Value::Number(55.0)),
        (Algorithm::Intercept, "speed", Value::Number(420.0)),
        (Algorithm::Ballistic, "blast_radius", Value::Number(40.0)),
        (Algorithm::Ballistic, "arc", Value::Choice(1)),
        (Algorithm::Newton, "acceleration", Value::Number(90.0)),
        (Algorithm::Newton, "iterations", Value::Whole(3)),
        (Algorithm::Newton, "epsilon", Value::Number(0.05)),
    ] {
        changed.set(algorithm, name, value).unwrap();
    }
    let (mut detonations, mut failures) = (0, 0);
    for algorithm in four_lane {
        both_ways(
            algorithm,
            &Tuning::default(),
            &mut detonations,
            &mut failures,
        );
        both_ways(algorithm, &changed, &mut detonations, &mut failures);
    }
    // Each form of pro-nav.
    for form in 1..3 {
        let mut tuning = changed.clone();
        (tuning.set(Algorithm::ProNav, "form", Value::Choice(form))).unwrap();
        both_ways(Algorithm::ProNav, &tuning, &mut detonations, &mut failures);
    }
    // The intercepts and shells reached their aim points (and flew on past them: a
    // world ends them).
    assert!(detonations >= 16, "{detonations}");
    // Newton with three iterations fails to solve now and then (and says so once per
    // run of failures).
    assert!(failures >= 2, "{failures}");
}

#[test]
fn a_law_refuses_the_fast_path_where_its_four_lane_step_would_differ() {
    let body = Body {
        pos: Vec2::ZERO,
        vel: Vec2::new(0.0, 50.0),
        heading: 1.0,
    };
    let still = Body {
        vel: Vec2::ZERO,
        ..body
    };
    // Pro-nav: augmented (it remembers the target's velocity), too slow for its velocity
    // to keep a direction, or without one now (its heading would be needed).
    let pro_nav = |tuning: &Tuning, body: &Body| {
        (Guidance::ProNav(pro_nav::ProNav::default()).lane(tuning, body)).map(|(_, n)| n)
    };
    let mut tuning = Tuning::default();
    let numbers = pro_nav(&tuning, &body).unwrap();
    // [LOS rate, Vc, N, limit, speed, form]: the defaults N 4, 1500, 300, classic.
    assert_eq!(numbers, [0.0, 0.0, 4.0, 1500.0, 300.0, 0.0]);
    assert_eq!(pro_nav(&tuning, &still), None);
    tuning.pro_nav.speed = 0.999;
    assert_eq!(pro_nav(&tuning, &body), None);
    tuning.pro_nav.speed = 1.0;
    assert!(pro_nav(&tuning, &body).is_some());
    tuning.pro_nav.augmented = true;
    assert_eq!(pro_nav(&tuning, &body), None);
    // The heat-seeker packs its step and lead below 128: 3 + 128 * 5 + 16384 = 17027.
    let seeker = heat_seeker::HeatSeeker {
        pos: glam::IVec2::new(-7, 12),
        vel: glam::IVec2::new(2, -1),
        ..Default::default()
    };
    let mut tuning = Tuning::default();
    (tuning.heat_seeker.step, tuning.heat_seeker.lead) = (3, 5);
    tuning.heat_seeker.divide_first = true;
    let heat = |tuning: &Tuning| {
        (Guidance::HeatSeeker(seeker.clone()).lane(tuning, &body)).map(|(_, n)| n)
    };
    let n = heat(&tuning).unwrap();
    let int = |x: f32| x.to_bits() as i32;
    assert_eq!(
        [int(n[0]), int(n[1]), int(n[2]), int(n[3])],
        [-7, 12, 2, -1]
    );
    assert_eq!([n[4], n[5]], [12.0, 17027.0]);
    tuning.heat_seeker.lead = 127;
    assert!(heat(&tuning).is_some());
    tuning.heat_seeker.lead = 128;
    assert_eq!(heat(&tuning), None);
    (tuning.heat_seeker.lead, tuning.heat_seeker.step) = (0, 128);
    assert_eq!(heat(&tuning), None);
    tuning.heat_seeker.step = -1;
    assert_eq!(heat(&tuning), None);
    // Its max speed below 2^13, which keeps every product of the four-lane tick exact
    // in an f64 (the field allows at most 200).
    (tuning.heat_seeker.step, tuning.heat_seeker.max_speed) = (1, 8191);
    assert!(heat(&tuning).is_some());
    for max_speed in [8192, 0, -3] {
        tuning.heat_seeker.max_speed = max_speed;
        assert_eq!(heat(&tuning), None, "{max_speed}");
    }
    // Newton: [alpha, root x, root y, k, N, epsilon], N negative while its solves fail;
    // solving only when the target turns (it remembers the target's velocity): none.
    let mut solver = newton::Newton::default();
    (solver.alpha, solver.failing) = (0.5, true);
    let mut tuning = Tuning::default();
    let newton = |solver: &newton::Newton, tuning: &Tuning| {
        (Guidance::Newton(solver.clone()).lane(tuning, &body)).map(|(_, n)| n)
    };
    assert_eq!(
        newton(&solver, &tuning),
        Some([0.5, 0.0, 0.0, 200.0, -8.0, 0.001])
    );
    solver.failing = false;
    tuning.newton.iterations = 3;
    assert_eq!(newton(&solver, &tuning).unwrap()[4], 3.0);
    tuning.newton.recompute = newton::Recompute::OnVelocityChange;
    assert_eq!(newton(&solver, &tuning), None);
}

#[test]
fn a_quartic_without_a_meeting_holds_its_last_acceleration_on_the_fast_path_too() {
    // The quartic has no meeting with a target at infinity: it holds the acceleration
    // of its last meeting, so its velocity still changes.
    let tuning = Tuning::default();
    let dt = 1.0 / 60.0;
    let start = Vec2::new(400.0, 100.0);
    let launch = Launch::toward(Vec2::ZERO, Vec2::new(50.0, 0.0), start, Vec2::ZERO, dt);
    let launched = Guidance::launch(Algorithm::Quartic, &tuning, &launch).unwrap();
    let (mut quartic, mut body) = launched.unwrap();
    let (step, numbers) = quartic.lane(&tuning, &body).unwrap();
    let mut numbers = numbers.map(F4::splat);
    for target_pos in [start, Vec2::new(f32::INFINITY, 0.0)] {
        let tick = LaneTick {
            pos: V2::gather([body.pos; LANES]),
            vel: V2::gather([body.vel; LANES]),
            target_pos: V2::gather([target_pos; LANES]),
            target_vel: V2::gather([Vec2::ZERO; LANES]),
            dt: F4::splat(dt),
            moved_on: false,
        };
        let moved = step(&mut numbers, &tick);
        let before = body.vel;
        let seen = Seen {
            target_pos,
            target_vel: Vec2::ZERO,
            dt,
        };
        quartic.steer(&tuning, &mut body, &seen);
        assert_ne!(body.vel, before);
        assert_eq!((moved.pos.lane(2), moved.vel.lane(2)), (body.pos, body.vel));
    }
}

#[test]
fn a_step_run_lane_by_lane_reports_each_lane_s_detonation_and_failed_solve() {
    let tick = LaneTick {
        pos: V2::gather([Vec2::new(1.0, 2.0); LANES]),
        vel: V2::gather([Vec2::new(10.0, 0.0); LANES]),
        target_pos: V2::gather([Vec2::new(50.0, 0.0); LANES]),
        target_vel: V2::gather([Vec2::ZERO; LANES]),
        dt: F4::splat(0.5),
        moved_on: false,
    };
    // Lane i's first number says what its step reports: 1 detonates, 2 fails to solve.
    let mut numbers = [F4::ZERO; LANE_NUMBERS];
    numbers[0] = F4::from([0.0, 1.0, 2.0, 2.0]);
    let moved = super::law::lane_by_lane(&mut numbers, &tick, |n, body, seen| {
        body.pos += body.vel * seen.dt;
        n[5] = seen.target_pos.x;
        match n[0] {
            1.0 => Some(Signal::Detonate {
                radius: 7.0,
                fraction: 0.25,
            }),
            2.0 => Some(Signal::SolverFailed),
            _ => None,
        }
    });
    assert_eq!(moved.pos.lane(3), Vec2::new(6.0, 2.0));
    assert_eq!(numbers[5].to_array(), [50.0; LANES]);
    let [none, detonated, failed, _] = moved.detonates_at.to_array();
    assert!(none.is_nan() && failed.is_nan() && detonated == 0.25);
    assert_eq!(moved.blast.to_array(), [0.0, 7.0, 0.0, 0.0]);
    let failed = moved
        .solver_failed
        .to_array()
        .map(|m| m.to_bits() == u32::MAX);
    assert_eq!(failed, [false, false, true, true]);
}
