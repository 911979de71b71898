//! The turret of the missile-command article: when it polls, which target it picks, when
//! it refuses to fire, and what its blast destroys.

use super::*;

#[test]
fn turret_polls_at_first_poll_then_every_ai_poll_time() {
    let mut world = build(Scenario {
        targets: vec![target("rock", at(400.0, 400.0))],
        turrets: vec![TurretSpec {
            first_poll: 0.5,
            ai_poll_time: 0.25,
            ..turret(Vec2::new(400.0, 590.0))
        }],
        ..Scenario::default()
    });
    let events = run(&mut world, 100);
    let ticks: Vec<u64> = launched(&events).iter().map(|l| l.0).collect();
    assert_eq!(ticks, vec![30, 45, 60, 75, 90]);
    assert!(launched(&events)
        .iter()
        .all(|l| l.2 == Algorithm::Intercept && l.3 == Source::Turret(0)));
    assert_eq!(world.turrets()[0].locked, Some(TargetId(0)));
}

#[test]
fn turret_picks_the_closest_target_within_danger_height_else_the_fastest() {
    let pos = Vec2::new(400.0, 590.0);
    // Ground 600, danger height 250: threats are below y = 350.
    let high_fast = target("high-fast", moving(100.0, 100.0, 200.0, 0.0));
    let high_slow = target("high-slow", moving(600.0, 150.0, 20.0, 0.0));
    // The lowest and fastest of the threats, but not the closest.
    let low_far = target("low-far", moving(50.0, 560.0, 100.0, 0.0));
    let low_near = target("low-near", moving(450.0, 400.0, -10.0, 0.0));
    let mut world = build(Scenario {
        targets: vec![high_fast.clone(), high_slow.clone(), low_far, low_near],
        turrets: vec![turret(pos)],
        ..Scenario::default()
    });
    let events = world.step().to_vec();
    let near = target_id(&world, "low-near");
    assert_eq!(world.turrets()[0].locked, Some(near));
    assert_eq!(launched(&events)[0].4, near);

    // No threats: the fastest, whatever its distance.
    let mut world = build(Scenario {
        targets: vec![high_slow, high_fast],
        turrets: vec![turret(pos)],
        ..Scenario::default()
    });
    let events = world.step().to_vec();
    let fast = target_id(&world, "high-fast");
    assert_eq!(world.turrets()[0].locked, Some(fast));
    assert_eq!(launched(&events)[0].4, fast);
}

#[test]
fn turret_refuses_to_fire_when_the_quadratic_has_no_solution() {
    let mut world = build(Scenario {
        targets: vec![target("runaway", moving(400.0, 400.0, 0.0, -400.0))],
        turrets: vec![TurretSpec {
            first_poll: 0.0,
            ai_poll_time: 0.5,
            ..turret(Vec2::new(400.0, 590.0))
        }],
        ..Scenario::default()
    });
    let events = run(&mut world, 61);
    assert!(launched(&events).is_empty(), "{events:#?}");
    let refusals: Vec<_> = events
        .iter()
        .filter(|e| {
            e.kind
                == EventKind::NoSolution {
                    algorithm: Algorithm::Intercept,
                    source: Source::Turret(0),
                    target: TargetId(0),
                }
        })
        .map(|e| e.tick)
        .collect();
    assert_eq!(refusals, vec![0, 30, 60]);
    assert!(world.all_missiles().is_empty());
}

#[test]
fn turret_blast_at_the_aim_point_destroys_every_destructible_target_within_blast_radius() {
    let vel = (40.0, 30.0);
    let mut world = build(Scenario {
        targets: vec![
            destructible("wing", moving(300.0, 400.0, vel.0, vel.1)),
            destructible("leader", moving(320.0, 400.0, vel.0, vel.1)),
            target("armoured", moving(305.0, 385.0, vel.0, vel.1)),
            destructible("straggler", moving(150.0, 420.0, vel.0, vel.1)),
        ],
        turrets: vec![turret(Vec2::new(400.0, 590.0))],
        ..Scenario::default()
    });
    let [wing, leader, armoured, straggler] =
        ["wing", "leader", "armoured", "straggler"].map(|name| target_id(&world, name));
    let events = run_until(&mut world, 300, |k| {
        matches!(k, EventKind::Detonated { .. })
    });
    assert!(world.target(wing).is_none() && world.target(leader).is_none());
    let fired = launched(&events);
    assert_eq!(fired.len(), 1);
    assert_eq!(fired[0].4, leader, "the closest threat");
    let missile = only_missile(&world);
    let aim = intercept_aim(missile);
    let burst = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Detonated { .. }))
        .unwrap();
    assert_eq!(
        burst.kind,
        EventKind::Detonated {
            missile: missile.id,
            pos: aim,
            radius: 30.0
        }
    );
    let mut hit_targets: Vec<TargetId> = hits(&events).iter().map(|h| h.1).collect();
    hit_targets.sort();
    assert_eq!(hit_targets, vec![wing, leader, armoured]);
    assert!(hits(&events).iter().all(|h| h.2 == aim));
    let mut lost = losses(&events);
    lost.sort_by_key(|l| l.0);
    assert_eq!(
        lost,
        vec![
            (wing, TargetLoss::Destroyed),
            (leader, TargetLoss::Destroyed)
        ]
    );
    // The armoured target is hit but stays; the straggler is out of the blast.
    assert_eq!(world.target(armoured).unwrap().hits, 1);
    assert_eq!(world.target(straggler).unwrap().hits, 0);
    assert_eq!(missile.metrics.outcome, Outcome::Hit { target: leader });
    let time = missile.metrics.time_to_hit.unwrap();
    assert!((time - missile.metrics.optimal_time.unwrap()).abs() < 1e-3);
}
