//! Ballistic shells under gravity, fired by a turret: on a grid of cases each arc meets
//! its linearly moving target within the blast radius at the time an independent numeric
//! search finds, and where the search finds no meeting the turret reports no solution;
//! the shell's ticks sit on the continuous arc.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;
use steerlab::guidance::ballistic::Arc;

const GRAVITY: Vec2 = Vec2::new(0.0, 120.0);
const TURRET: Vec2 = Vec2::new(100.0, 600.0);
const SPEED: f32 = 400.0;

/// The meeting times of a shell at `SPEED` from `TURRET` and a target at `pos` moving
/// `vel`, found by scanning `|D + V t - g t^2 / 2| - s t` for sign changes over 30 s in
/// 0.1 ms steps, in f64 (each crossing refined by bisection).
fn meetings(pos: Vec2, vel: Vec2) -> Vec<f64> {
    let (d, v, g, s) = (
        (pos - TURRET).as_dvec2(),
        vel.as_dvec2(),
        GRAVITY.as_dvec2(),
        f64::from(SPEED),
    );
    let gap = |t: f64| (d + v * t - 0.5 * g * t * t).length() - s * t;
    let mut found = Vec::new();
    let step = 1e-4;
    let mut t = step;
    while t < 30.0 {
        if gap(t).signum() != gap(t + step).signum() {
            let (mut lo, mut hi) = (t, t + step);
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if gap(lo).signum() == gap(mid).signum() {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            found.push(0.5 * (lo + hi));
        }
        t += step;
    }
    found
}

/// A world with one turret firing one ballistic shell on `arc` at a target.
fn engagement(pos: Vec2, vel: Vec2, arc: Arc) -> World {
    let mut s = Scenario {
        world: WorldConfig {
            width: 2000.0,
            height: 2000.0,
            gravity: GRAVITY,
            margin: 2000.0,
            ..WorldConfig::default()
        },
        targets: vec![target("t", moving(pos.x, pos.y, vel.x, vel.y))],
        turrets: vec![TurretSpec {
            algorithm: Algorithm::from_id("ballistic").unwrap(),
            missile: MissileSpec {
                lifetime: 40.0,
                ..MissileSpec::default()
            },
            ..turret(TURRET)
        }],
        ..Scenario::default()
    };
    s.algorithms.ballistic.speed = SPEED;
    s.algorithms.ballistic.arc = arc;
    build(s)
}

#[test]
fn both_arcs_meet_the_target_where_a_numeric_search_does_and_none_is_refused() {
    let mut checked = [0, 0, 0];
    for x in [300.0, 600.0, 900.0, 1300.0] {
        for y in [200.0, 450.0, 600.0] {
            for vel in [Vec2::ZERO, Vec2::new(-60.0, 20.0), Vec2::new(80.0, -30.0)] {
                let pos = Vec2::new(x, y);
                let times = meetings(pos, vel);
                for (k, arc) in [Arc::Low, Arc::High].into_iter().enumerate() {
                    let mut world = engagement(pos, vel, arc);
                    let events = run_until(&mut world, 3000, |e| {
                        matches!(
                            e,
                            EventKind::Hit { .. }
                                | EventKind::Missed { .. }
                                | EventKind::NoSolution { .. }
                        )
                    });
                    let case = format!("target {pos} moving {vel}, {arc:?} arc; search: {times:?}");
                    let Some(expected) = (if k == 0 { times.first() } else { times.last() }) else {
                        assert!(
                            events
                                .iter()
                                .any(|e| matches!(e.kind, EventKind::NoSolution { .. })),
                            "{case}: {events:?}"
                        );
                        checked[2] += 1;
                        continue;
                    };
                    let [(_, _, at, time)] = hits(&events)[..] else {
                        panic!("{case}: {events:?}");
                    };
                    assert!(
                        (f64::from(time) - expected).abs() < 2e-3,
                        "{case}: hit at {time}"
                    );
                    // The blast's centre is where the target was then: the point on the
                    // arc at the solved time, to f32 rounding (a tick's gravity, g dt^2
                    // = 0.033 here, would show).
                    let there = pos + vel * time;
                    assert!(at.distance(there) < 0.01, "{case}: {at} vs {there}");
                    checked[k] += 1;
                }
            }
        }
    }
    // Both arcs flown in most cases, refusals where the target is out of reach.
    assert!(
        checked[0] >= 20 && checked[1] >= 20 && checked[2] >= 4,
        "{checked:?}"
    );
}

#[test]
fn the_shells_ticks_sit_on_the_continuous_arc() {
    let pos = Vec2::new(700.0, 400.0);
    let mut world = engagement(pos, Vec2::new(-40.0, 0.0), Arc::High);
    let dt = world.dt();
    world.step();
    let shell = world.missiles()[0].clone();
    let steerlab::guidance::Guidance::Ballistic(state) = &shell.guidance else {
        panic!("not a shell");
    };
    let arc = state.arcs[1].unwrap();
    let mut n = 1;
    while let Some(m) = world.missiles().first() {
        let expected = TURRET + arc.vel * (n as f32 * dt) + 0.5 * GRAVITY * (n as f32 * dt).powi(2);
        assert!(
            m.body.pos.distance(expected) < 0.05,
            "tick {n}: {} vs {expected}",
            m.body.pos
        );
        world.step();
        n += 1;
    }
    assert!(
        (n as f32 * dt - arc.time).abs() < 2.0 * dt,
        "{n} ticks for {} s",
        arc.time
    );
}
