//! The seeker's rules, worked by hand.

use super::*;
use crate::core::Portable;

const DT: f32 = 0.1;

fn truth(x: f32) -> Seen {
    Seen {
        target_pos: Vec2::new(x, 0.0),
        target_vel: Vec2::new(10.0, 0.0),
        dt: DT,
    }
}

/// A missile at (-100, 0) looking along +x.
fn body() -> Body {
    Body {
        pos: Vec2::new(-100.0, 0.0),
        vel: Vec2::new(100.0, 0.0),
        heading: 0.0,
    }
}

fn seeker(edit: impl FnOnce(&mut SeekerSpec)) -> Seeker {
    let mut spec = SeekerSpec::default();
    edit(&mut spec);
    Seeker::new(spec, 7, 0)
}

#[test]
fn a_default_seeker_shows_the_target_as_it_is() {
    let mut s = seeker(|_| {});
    for tick in 0..5 {
        let (seen, change) = s.look(&truth(tick as f32), &body(), tick);
        assert_eq!(seen, Some(truth(tick as f32)));
        assert_eq!(change, None);
    }
}

#[test]
fn with_latency_k_the_law_sees_the_target_of_k_ticks_ago() {
    // Truth at tick t is x = t; latency 3: x = t - 3, and the launch's x = 0 until then.
    let mut s = seeker(|s| s.latency = 3);
    let seen: Vec<f32> = (0..8)
        .map(|t| s.look(&truth(t as f32), &body(), t).0.unwrap().target_pos.x)
        .collect();
    assert_eq!(seen, [0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn between_updates_the_view_is_held() {
    // 2.5 updates a second at 10 ticks a second: every 4 ticks.
    let mut s = seeker(|s| s.rate = 2.5);
    assert_eq!(s.spec.period(DT), 4);
    let seen: Vec<f32> = (0..9)
        .map(|t| s.look(&truth(t as f32), &body(), t).0.unwrap().target_pos.x)
        .collect();
    assert_eq!(seen, [0.0, 0.0, 0.0, 0.0, 4.0, 4.0, 4.0, 4.0, 8.0]);
    assert_eq!(
        seeker(|s| s.rate = 1000.0).spec.period(DT),
        1,
        "at least a tick"
    );
}

#[test]
fn the_lock_is_lost_outside_the_field_of_view_and_regained_inside() {
    // A 90 degree cone looking along +x from (-100, 0): (0, 0) is dead ahead, (-100, 50)
    // is 90 degrees off, (0, 90) is 42 degrees off (inside), (0, 110) 47.7 (outside).
    let mut s = seeker(|s| s.fov = 90.0);
    let at = |p: Vec2| Seen {
        target_pos: p,
        ..truth(0.0)
    };
    assert_eq!(
        s.look(&at(Vec2::new(0.0, 90.0)), &body(), 0),
        (Some(at(Vec2::new(0.0, 90.0))), None)
    );
    let (seen, change) = s.look(&at(Vec2::new(0.0, 110.0)), &body(), 1);
    assert_eq!(seen, None);
    assert_eq!(change, Some(LockChange::Lost(LockLoss::OutsideFieldOfView)));
    assert_eq!(
        s.look(&at(Vec2::new(-100.0, 50.0)), &body(), 2),
        (None, None)
    );
    let mut lines = Vec::new();
    s.readouts(&mut lines);
    let lost = Readout::text("seeker", "lost: the target left the field of view".into());
    assert_eq!(lines[0], lost);
    let (seen, change) = s.look(&at(Vec2::ZERO), &body(), 3);
    assert_eq!(seen.map(|s| s.target_pos), Some(Vec2::ZERO));
    assert_eq!(change, Some(LockChange::Regained));
    lines.clear();
    s.readouts(&mut lines);
    assert_eq!(lines[0], Readout::text("seeker", "locked".into()));
    assert_eq!(
        lines[1],
        Readout::vector("target as seen", Vec2::ZERO, "units")
    );
}

#[test]
fn a_target_exactly_on_the_edge_of_the_field_of_view_is_in_view() {
    // A 90 degree cone along +x: the offset (1, y) whose angle off the axis is exactly
    // half the cone (45 degrees, as the seeker measures angles) is seen; the next one
    // out is not.
    let spec = SeekerSpec {
        fov: 90.0,
        ..SeekerSpec::default()
    };
    let half = 45f32.to_radians();
    let off_axis = |y: f32| Vec2::X.angle_between(Vec2::new(1.0, y)).abs();
    let mut y = 0.99f32;
    while off_axis(y) != half {
        assert!(y < 1.01, "no offset exactly on the edge");
        y = f32::from_bits(y.to_bits() + 1);
    }
    assert_eq!(spec.blind_to(Vec2::new(1.0, y), 0.0), None, "on the edge");
    while off_axis(y) == half {
        y = f32::from_bits(y.to_bits() + 1);
    }
    assert_eq!(
        spec.blind_to(Vec2::new(1.0, y), 0.0),
        Some(LockLoss::OutsideFieldOfView),
        "just outside"
    );
}

#[test]
fn the_lock_is_lost_beyond_the_lock_range() {
    let mut s = seeker(|s| s.lock_range = 150.0);
    assert!(s.look(&truth(50.0), &body(), 0).0.is_some(), "150 away");
    let (seen, change) = s.look(&truth(51.0), &body(), 1);
    assert_eq!(
        (seen, change),
        (None, Some(LockChange::Lost(LockLoss::OutOfRange)))
    );
}

#[test]
fn noise_has_the_asked_spread_and_follows_the_seed() {
    // 4000 measurements of a target 100 ahead: bearing sd 2 degrees, range sd 5.
    let spread = |seed: u64| {
        let mut s = Seeker::new(
            SeekerSpec {
                bearing_noise: 2.0,
                range_noise: 5.0,
                ..SeekerSpec::default()
            },
            seed,
            3,
        );
        (0..4000)
            .map(|t| {
                let seen = s.look(&truth(0.0), &body(), t).0.unwrap();
                let offset = seen.target_pos - body().pos;
                (
                    offset.y.patan2(offset.x).to_degrees(),
                    offset.length() - 100.0,
                )
            })
            .collect::<Vec<_>>()
    };
    let a = spread(1);
    let sd = |xs: &[f32]| {
        let mean = xs.iter().sum::<f32>() / xs.len() as f32;
        (xs.iter().map(|x| (x - mean).ppowi(2)).sum::<f32>() / xs.len() as f32).sqrt()
    };
    let bearings: Vec<f32> = a.iter().map(|p| p.0).collect();
    let ranges: Vec<f32> = a.iter().map(|p| p.1).collect();
    assert!(
        (sd(&bearings) - 2.0).abs() < 0.1,
        "bearing sd {}",
        sd(&bearings)
    );
    assert!((sd(&ranges) - 5.0).abs() < 0.25, "range sd {}", sd(&ranges));
    assert_eq!(spread(1), a, "the same seed, the same noise");
    assert_ne!(spread(2), a, "another seed, other noise");
}

#[test]
fn the_overlay_draws_the_cone_to_the_lock_range_and_where_the_target_is_seen() {
    let shapes = |edit: fn(&mut SeekerSpec)| {
        let mut s = seeker(edit);
        s.look(&truth(20.0), &body(), 0);
        let mut out = Vec::new();
        s.debug_shapes(&body(), &mut out);
        out
    };
    let seen = DebugShape::new(Role::SeenTarget, Shape::Point(Vec2::new(20.0, 0.0)));
    // Seeing all around with no lock range: only where the target is seen.
    assert_eq!(shapes(|_| {}), std::slice::from_ref(&seen));
    let wedge = |half_angle: f32, length: f32| {
        let cone = Shape::Wedge {
            apex: body().pos,
            direction: 0.0,
            half_angle,
            length,
        };
        DebugShape::new(Role::SeekerCone, cone)
    };
    // A 60 degree cone out to 500; without a lock range it is drawn 200 long.
    let cone = shapes(|s| {
        s.fov = 60.0;
        s.lock_range = 500.0;
    });
    assert_eq!(cone, [wedge(30f32.to_radians(), 500.0), seen.clone()]);
    assert_eq!(
        shapes(|s| s.fov = 90.0),
        [wedge(45f32.to_radians(), 200.0), seen.clone()]
    );
    // All around out to a lock range: a circle.
    let circle = Shape::Circle {
        center: body().pos,
        radius: 300.0,
    };
    let ring = DebugShape::new(Role::SeekerCone, circle);
    assert_eq!(shapes(|s| s.lock_range = 300.0), [ring, seen]);
}

#[test]
fn the_turn_remembered_is_the_angle_between_the_velocities_over_the_tick() {
    let mut s = seeker(|_| {});
    // A quarter turn left (from +x towards +y) in 0.1 s: 15.708 rad/s.
    s.remember_turn(Vec2::new(100.0, 0.0), Vec2::new(0.0, 50.0), DT);
    assert!(
        (s.turn_rate - std::f32::consts::FRAC_PI_2 / DT).abs() < 1e-3,
        "{}",
        s.turn_rate
    );
    s.remember_turn(Vec2::new(100.0, 0.0), Vec2::new(100.0, -100.0), DT);
    assert!(
        (s.turn_rate + std::f32::consts::FRAC_PI_4 / DT).abs() < 1e-3,
        "{}",
        s.turn_rate
    );
    // From or to a standstill: no turn.
    s.remember_turn(Vec2::ZERO, Vec2::new(0.0, 50.0), DT);
    assert_eq!(s.turn_rate, 0.0);
    s.remember_turn(Vec2::new(0.0, 50.0), Vec2::ZERO, DT);
    assert_eq!(s.turn_rate, 0.0);
}

#[test]
fn a_seeker_that_took_no_flare_saves_no_flare_and_reads_back_the_same() {
    let s = seeker(|_| {});
    assert!(!s.decoyed());
    assert_eq!(s.decoy_closest, f32::INFINITY);
    let text = ron::to_string(&s).unwrap();
    assert!(!text.contains("decoy"), "{text}");
    let back: Seeker = ron::from_str(&text).unwrap();
    assert_eq!(back, s);
    assert_eq!(back.decoy_closest, f32::INFINITY);
    // One that took a flare keeps it and how close it came.
    let mut d = seeker(|spec| spec.decoy_chance = 1.0);
    assert!(d.decoyed_by(crate::sim::TargetId(3), Vec2::new(50.0, 0.0), 0.0));
    d.decoy_closest = 12.5;
    assert!(d.decoyed());
    let back: Seeker = ron::from_str(&ron::to_string(&d).unwrap()).unwrap();
    assert_eq!(
        (back.decoy, back.decoy_closest),
        (Some(crate::sim::TargetId(3)), 12.5)
    );
}
