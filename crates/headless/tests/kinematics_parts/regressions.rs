//! The wrong results the independent check found, one test each, its numbers worked by
//! hand (most also run through the checker above them).

use super::*;

/// One missile of `law` from (100, 600) with `missile`, at a target moving `vel` from
/// (600, 200), in a world of margin 2000.
fn single(law: &str, missile: MissileSpec, target_vel: Vec2) -> Scenario {
    let mut l = launcher(
        Vec2::new(100.0, 600.0),
        "t",
        &[Algorithm::from_id(law).unwrap()],
    );
    l.missile = missile;
    Scenario {
        world: WorldConfig {
            width: 1200.0,
            height: 800.0,
            margin: 2000.0,
            ..WorldConfig::default()
        },
        targets: vec![target(
            "t",
            moving(600.0, 200.0, target_vel.x, target_vel.y),
        )],
        launchers: vec![l],
        ..Scenario::default()
    }
}

#[test]
fn a_missile_that_loses_its_lock_never_flies_faster_than_its_law() {
    // Smoothed at 6 units a tick (360 units/s at 60 Hz) with a 20 degree seeker, after a
    // target crossing at 300 units/s: the target leaves the cone and the missile flies
    // blind. Its speed stays at most 360 units/s (it was 4,707 after 1.5 s), so in its
    // 5 s it flies at most 1800 units and stays inside the world's margin.
    let mut s = single(
        "smoothed",
        MissileSpec {
            lifetime: 5.0,
            seeker: Some(SeekerSpec {
                fov: 20.0,
                ..SeekerSpec::default()
            }),
            ..MissileSpec::default()
        },
        Vec2::new(300.0, 0.0),
    );
    s.algorithms.smoothed.speed = 6.0;
    // A slow turner (time constant 0.8 s): the crosser leaves its 20 degree cone.
    s.algorithms.smoothed.ga = 0.98;
    let mut world = s.build().unwrap();
    let mut blind = 0;
    for _ in 0..300 {
        world.step();
        for m in world.missiles() {
            assert!(
                m.body.vel.length() <= 360.0 * (1.0 + 1e-5),
                "{}",
                m.body.vel.length()
            );
            blind += usize::from(m.seeker.as_ref().unwrap().lost.is_some());
        }
    }
    assert!(blind > 60, "blind for only {blind} ticks");
    let m = &world.all_missiles()[0];
    assert_eq!(m.metrics.outcome, Outcome::Missed(MissReason::LifetimeOut));
    assert!(
        m.metrics.path_length <= 1800.0 * (1.0 + 1e-5),
        "{}",
        m.metrics.path_length
    );
    // Pro-nav at 350 units/s, the same way: never above 350 (it reached 927).
    let mut s = single(
        "pro-nav",
        s.launchers[0].missile.clone(),
        Vec2::new(300.0, 0.0),
    );
    s.algorithms.pro_nav.speed = 350.0;
    let rows = run_and_check(&s, 5.0).unwrap();
    assert!(
        rows[0].path_length <= 350.0 * 5.0 * (1.0 + 1e-5),
        "{rows:?}"
    );
}

#[test]
fn fuel_takes_a_missile_exactly_its_fuel_and_no_further() {
    // Pro-nav at 350 units/s straight at a parked target 1000 units away, with fuel 600:
    // 350 / 60 = 5.8333 units a tick, so 102 ticks fly 595.0 and the 103rd only the
    // 5.0 left (it flew all 5.83 before: a path of 600.8). It ends fuel out at 600.
    let mut s = single(
        "pro-nav",
        MissileSpec {
            fuel: Some(600.0),
            ..MissileSpec::default()
        },
        Vec2::ZERO,
    );
    s.targets[0].motion = at(1100.0, 600.0);
    s.launchers[0].launch_velocity = Vec2::new(350.0, 0.0);
    s.algorithms.pro_nav.speed = 350.0;
    let rows = run_and_check(&s, 5.0).unwrap();
    assert_eq!(rows[0].outcome, Outcome::Missed(MissReason::FuelOut));
    assert_eq!(rows[0].path_length, 600.0);
    let world = headless::run(&s, Some(5.0), None).unwrap();
    let m = &world.all_missiles()[0];
    // Ended on the tick it ran dry, at x = 100 + 600.
    assert!((m.body.pos.x - 700.0).abs() < 1e-3, "{}", m.body.pos);
    assert_eq!(world.finished()[0].metrics.closest_tick, 102);
}

#[test]
fn a_decoyed_missile_that_touches_its_target_hits_it_and_its_closest_approach_is_to_it() {
    // The shipped flares scenario for 20 s: its seeker missiles (launcher 0) take flares.
    // Chasing one, M2 passes 11.87 from the jet's centre, within its 10 + 2 (it ended
    // "decoyed" at 2.75 from the flare): a hit. M0, M4 and M6 never come within 12 of
    // the jet: decoyed, with their closest approach to the jet (16.14, not the 4.92 to
    // the flare), which the trace checker recomputes from the jet's rows.
    let s = steerlab::scenario::parse(
        steerlab::scenario::presets::shipped("flares").unwrap(),
        "flares",
    )
    .unwrap();
    let rows = run_and_check(&s, 20.0).unwrap();
    let world = headless::run(&s, Some(20.0), None).unwrap();
    let (mut hit, mut fooled) = (0, 0);
    for m in world
        .all_missiles()
        .into_iter()
        .filter(|m| m.source == Source::Launcher(0))
    {
        let seeker = m.seeker.as_ref().unwrap();
        let row = rows.iter().find(|r| r.who == m.id.to_string()).unwrap();
        if seeker.decoy.is_none() {
            continue;
        }
        match row.outcome {
            Outcome::Hit { target } => {
                assert_eq!(target, TargetId(0));
                assert!(row.miss_distance <= 12.0, "{row:?}");
                hit += 1;
            }
            Outcome::Missed(MissReason::Decoyed) => {
                assert!(row.miss_distance > 12.0, "{row:?}");
                // The flare's own closest approach is kept apart.
                assert!(seeker.decoy_closest < row.miss_distance, "{row:?}");
                fooled += 1;
            }
            other => panic!("{}: {other:?}", m.id),
        }
    }
    assert!(hit >= 1 && fooled >= 3, "{hit} hits, {fooled} fooled");
    let m2 = rows.iter().find(|r| r.who == "M2").unwrap();
    assert!(
        matches!(m2.outcome, Outcome::Hit { .. }) && (m2.miss_distance - 11.87).abs() < 0.01,
        "{m2:?}"
    );
    let m0 = rows.iter().find(|r| r.who == "M0").unwrap();
    assert_eq!(m0.outcome, Outcome::Missed(MissReason::Decoyed));
    assert!((m0.miss_distance - 16.14).abs() < 0.01, "{m0:?}");
}

#[test]
fn a_refused_launch_is_a_row_of_the_table_the_compare_and_the_trace() {
    // The intercept at 50 units/s can never catch a target crossing at 300: no
    // solution, not fired, at the distance the law saw: |(600, 200) - (100, 600)| =
    // sqrt(500^2 + 400^2) = 640.31.
    let mut s = single("intercept", MissileSpec::default(), Vec2::new(300.0, 0.0));
    s.algorithms.intercept.speed = 50.0;
    let rows = run_and_check(&s, 1.0).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].who, "launcher 0 at 0.00 s");
    assert_eq!(rows[0].outcome, Outcome::Missed(MissReason::NoSolution));
    assert!((rows[0].miss_distance - 640.312_4).abs() < 1e-3);
    let table = headless::table(&rows);
    assert!(
        table
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("launcher 0 at 0.00 s     intercept    miss: no solution, not fired"),
        "{table}"
    );
    let compared = headless::compare(&s, Some(1.0)).unwrap();
    assert_eq!(compared.len(), 1);
    assert_eq!(compared[0].lane.as_deref(), Some("intercept"));
    let mut csv = Vec::new();
    headless::run(&s, Some(1.0), Some(&mut csv)).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert!(
        csv.lines()
            .any(|l| l == "0,0,0,launcher,intercept,100,600,0,0,0,no-solution,"),
        "{csv}"
    );
    // Diagnosed, the refused launch's row names its class.
    let mut csv = Vec::new();
    let mut sampler = headless::diagnose::Sampler::new(s.diagnosis.clone());
    headless::run_diagnosed(
        s.build().unwrap(),
        Some(1.0),
        Some(&mut csv),
        Some(&mut sampler),
    )
    .unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert!(
        csv.lines()
            .any(|l| l == "0,0,0,launcher,intercept,100,600,0,0,0,no-solution,no-solution"),
        "{csv}"
    );
}

#[test]
fn the_trace_has_each_flights_launch_and_last_tick_and_says_how_it_ended() {
    // Pro-nav at 320 units/s straight at a parked target 500 units away (radius 10 +
    // 2): it closes 5.333 units a tick, so after 91 ticks it is 14.67 away and after 92
    // 9.33: it touches in tick 91, closest at its end. Its last row is tick 92, `hit`,
    // and the rows alone give the printed closest approach (9.33) and time to hit (the
    // moment of that closest approach, 92 / 60 = 1.5333 s).
    let mut s = single("pro-nav", MissileSpec::default(), Vec2::ZERO);
    s.targets[0].motion = at(600.0, 600.0);
    s.launchers[0].launch_velocity = Vec2::new(320.0, 0.0);
    s.algorithms.pro_nav.speed = 320.0;
    let rows = run_and_check(&s, 3.0).unwrap();
    assert_eq!(
        rows[0].outcome,
        Outcome::Hit {
            target: TargetId(0)
        }
    );
    assert!(
        (rows[0].time_to_hit.unwrap() - 92.0 / 60.0).abs() < 1e-4,
        "{rows:?}"
    );
    assert!(
        (rows[0].miss_distance - (500.0 - 92.0 * 320.0 / 60.0)).abs() < 1e-3,
        "{rows:?}"
    );
    let mut csv = Vec::new();
    headless::run(&s, Some(3.0), Some(&mut csv)).unwrap();
    let trace = read_trace(&String::from_utf8(csv).unwrap());
    let missile: Vec<&Trace> = trace.iter().filter(|r| r.kind == "missile").collect();
    assert_eq!((missile[0].tick, missile[0].event.as_str()), (0, "launch"));
    assert_eq!(missile[0].pos, (100.0, 600.0));
    let last = missile.last().unwrap();
    assert_eq!((last.tick, last.event.as_str()), (92, "hit"));
    assert_eq!(missile.len(), 93);
}

#[test]
fn a_target_destroyed_by_a_hit_has_its_last_row_in_the_trace() {
    // The hit above, on a destructible target: removed at the end of tick 91, its last
    // row is tick 92, `destroyed`.
    let mut s = single("pro-nav", MissileSpec::default(), Vec2::ZERO);
    s.targets[0].motion = at(600.0, 600.0);
    s.targets[0].destructible = true;
    s.launchers[0].launch_velocity = Vec2::new(320.0, 0.0);
    s.algorithms.pro_nav.speed = 320.0;
    let mut csv = Vec::new();
    headless::run(&s, Some(3.0), Some(&mut csv)).unwrap();
    let trace = read_trace(&String::from_utf8(csv).unwrap());
    let target: Vec<&Trace> = trace.iter().filter(|r| r.kind == "target").collect();
    let last = target.last().unwrap();
    assert_eq!((last.tick, last.event.as_str()), (92, "destroyed"));
    assert_eq!(target.len(), 93);
}

#[test]
fn a_world_keeps_the_latest_refused_launches_and_counts_the_rest() {
    // 10000 intercepts a volley, every half second, none with a solution: 120000 by
    // 6 s. A world keeps at most 100000 records (then the oldest half goes), and
    // counts every one.
    let mut s = single("intercept", MissileSpec::default(), Vec2::new(300.0, 0.0));
    s.algorithms.intercept.speed = 50.0;
    s.launchers[0].salvo = 10_000;
    s.launchers[0].every = Some(0.5);
    let mut world = s.build().unwrap();
    for _ in 0..(6 * 60 + 1) {
        world.step();
    }
    let total = world.refusals_dropped() + world.refusals().len() as u64;
    assert_eq!(total, 130_000, "13 volleys, at 0 s, 0.5 s, ..., 6 s");
    // At the 100001st the oldest 50001 went (50000 kept); 29999 came after.
    assert_eq!(world.refusals_dropped(), 50_001);
    assert_eq!(world.refusals().len(), 79_999);
    assert!(world.refusals().len() <= steerlab::sim::world::MAX_FINISHED);
    // The latest are kept: the last volley's.
    assert_eq!(world.refusals().last().unwrap().tick, 360);
    // The table names each refusal's time: the last volley's at 6.00 s.
    let rows = headless::rows(&world);
    assert!(rows.iter().any(|r| r.who == "launcher 0 at 6.00 s"));
}

#[test]
fn a_heat_seeker_decoyed_in_the_tick_it_touches_its_target_agrees_with_its_trace() {
    // A case the random check above found (2026-11-27): the heat-seeker with a seeker
    // and a target throwing flares. In its last tick (417) the jet threw a flare where
    // it was, the seeker took it, and the missile's move (12 units) passed 1.1 from the
    // jet: within the flare's 4 + 2 before the jet's 3 + 2, so it reached the flare
    // first, "decoyed". The flare has no row before that tick: the check takes it as
    // standing where it was thrown (it first moves on the next tick).
    let e = Engagement {
        law: 6,
        tick_rate: 60.0,
        target_start: (971.8103, 131.6501),
        target_vel: (-33.9356, 8.755924),
        circling: None,
        target_radius: 3.0,
        launch_vel: (0.0, -145.3626),
        lifetime: 5.7701445,
        fuel: None,
        gravity: 0.0,
        airframe: None,
        seeker: Some((112.33056, 0.0, 0, 1.5170963, 0.6465174)),
        flares: true,
        seed: 4606632920507135471,
    };
    run_and_check(&e.scenario(), 7.0).unwrap();
}
