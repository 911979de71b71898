//! Telemetry against the track: range, heading error, turn rate, line-of-sight rate and
//! closing speed agree with what the positions and velocities the world flew give by
//! plain geometry and finite differences, worked out here apart from the telemetry code.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;
use steerlab::sim::airframe::AirframeSpec;
use steerlab::sim::history::History;
use steerlab::sim::telemetry::telemetry;

/// The angle of `v`, radians.
fn angle(v: Vec2) -> f32 {
    v.y.atan2(v.x)
}

/// `a` wrapped to (-pi, pi].
fn wrap(a: f32) -> f32 {
    let turned = a.rem_euclid(std::f32::consts::TAU);
    if turned > std::f32::consts::PI {
        turned - std::f32::consts::TAU
    } else {
        turned
    }
}

/// A turn-rate missile launched straight down, its target to the east flying north,
/// through `airframe`.
fn turn_rate_shot(airframe: Option<AirframeSpec>) -> World {
    let mut spec = launcher(Vec2::new(100.0, 900.0), "east", &[Algorithm::TurnRate]);
    spec.launch_velocity = Vec2::new(0.0, 1.0);
    spec.missile.airframe = airframe;
    build(Scenario {
        world: WorldConfig {
            width: 2000.0,
            height: 2000.0,
            ..WorldConfig::default()
        },
        targets: vec![target("east", moving(900.0, 900.0, 0.0, -60.0))],
        launchers: vec![spec],
        ..Scenario::default()
    })
}

#[test]
fn telemetry_agrees_with_finite_differences_of_the_track() {
    // The line of sight turns, and the missile turns at its full rate, then holds.
    // A sample's velocities are those of the move that ended at its tick.
    let mut world = turn_rate_shot(None);
    let dt = world.dt();
    let mut history = History::new(&world, 30, usize::MAX);
    // (missile position, missile velocity, target position) after each tick.
    let mut track = Vec::new();
    for _ in 0..150 {
        history.step(&mut world);
        let m = &world.missiles()[0];
        track.push((m.body.pos, m.body.vel, world.targets()[0].pos));
    }
    let id = world.missiles()[0].id;
    let samples = &telemetry(&history, &[id])[&id];
    assert_eq!(samples.len(), 150);
    let omega = TurnRateParams::default().angular_speed;
    let (mut turning, mut holding) = (0, 0);
    for k in 1..samples.len() {
        let s = &samples[k];
        let (pos, vel, target) = track[k];
        assert_eq!(s.tick, k as u64 + 1);
        let d = target - pos;
        assert!((s.range - d.length()).abs() < 1e-3, "tick {}", s.tick);
        // The heading is the direction of flight; the error is measured from the bearing.
        let error = wrap(angle(vel) - angle(d));
        assert!(
            (s.heading_error - error).abs() < 1e-4,
            "tick {}: {} vs {error}",
            s.tick,
            s.heading_error
        );
        // The turn since the tick before: all or nothing for this law.
        let turn = wrap(angle(vel) - angle(track[k - 1].1)) / dt;
        assert!(
            (s.turn_rate - turn).abs() < 1e-2,
            "tick {}: {} vs {turn}",
            s.tick,
            s.turn_rate
        );
        if (turn.abs() - omega).abs() < 1e-2 {
            turning += 1;
        } else {
            assert!(turn.abs() < 1e-2, "tick {}: turned at {turn}", s.tick);
            holding += 1;
        }
        // Line-of-sight rate and closing speed: the velocities are those of the move
        // that ended at this tick, so compare with the difference over that move. That
        // is off by the curvature of the relative motion over the tick (rel^2 / range
        // for the range, rel^2 / range^2 for the angle, times dt), and no more.
        let rel = (track[k].2 - track[k - 1].2) / dt - vel;
        let curving = dt * rel.length_squared() / d.length();
        let before = track[k - 1].2 - track[k - 1].0;
        let los = wrap(angle(d) - angle(before)) / dt;
        assert!(
            (s.los_rate - los).abs() < curving / d.length() + 1e-3,
            "tick {}: {} vs {los}",
            s.tick,
            s.los_rate
        );
        let closing = (before.length() - d.length()) / dt;
        assert!(
            (s.closing_speed - closing).abs() < curving + 0.05,
            "tick {}: {} vs {closing}",
            s.tick,
            s.closing_speed
        );
        assert!((s.speed - vel.length()).abs() < 1e-3);
    }
    assert!(
        turning > 10 && holding > 10,
        "turning {turning}, holding {holding}"
    );
}

#[test]
fn time_to_go_zero_effort_miss_and_the_lateral_accelerations_match_the_track() {
    // Through an airframe of 100 units/s^2: the law asks for a turn of 3 rad/s at
    // 200 units/s (600 units/s^2), the airframe flies 100 at most.
    let mut world = turn_rate_shot(Some(AirframeSpec {
        max_accel: 100.0,
        ..Default::default()
    }));
    let dt = world.dt();
    let mut history = History::new(&world, 30, usize::MAX);
    let mut track = Vec::new();
    for _ in 0..120 {
        history.step(&mut world);
        let m = &world.missiles()[0];
        let t = &world.targets()[0];
        track.push((m.body.pos, m.body.vel, t.pos, t.vel));
    }
    let id = world.missiles()[0].id;
    let samples = &telemetry(&history, &[id])[&id];
    let mut limited = 0;
    for k in 1..samples.len() {
        let s = &samples[k];
        let (pos, vel, target_pos, target_vel) = track[k];
        // The closest approach of the two straight lines, by scanning time in 1 ms steps.
        let (d, rel) = (target_pos - pos, target_vel - vel);
        let (best_t, best_gap) = (0..20_000)
            .map(|i| i as f32 * 0.001)
            .map(|t| (t, (d + rel * t).length()))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        assert!(
            (s.time_to_go - best_t).abs() < 2e-3,
            "tick {}: {} vs {best_t}",
            s.tick,
            s.time_to_go
        );
        assert!(
            (s.zero_effort_miss - best_gap).abs() < 0.05,
            "tick {}",
            s.tick
        );
        // Achieved: the velocity change across the normal of the velocity before.
        let before = track[k - 1].1;
        let achieved = (vel - before).dot(before.normalize().perp()) / dt;
        assert!(
            (s.achieved_accel - achieved).abs() < 0.05,
            "tick {}",
            s.tick
        );
        assert!(s.achieved_accel.abs() <= 100.0 * 1.001 + 0.05);
        if s.commanded_accel.abs() > 590.0 {
            assert!(s.commanded_accel.abs() < 610.0, "{}", s.commanded_accel);
            assert!(
                (s.achieved_accel.abs() - 100.0).abs() < 0.5,
                "limited to 100"
            );
            assert_eq!(s.achieved_accel.signum(), s.commanded_accel.signum());
            limited += 1;
        }
    }
    assert!(limited > 30, "the limit bound on {limited} ticks");
}
