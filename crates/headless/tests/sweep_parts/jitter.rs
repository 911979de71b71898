//! The jitter's draws: around the cell's value within the field's range, drawn again
//! when they break a rule tying fields together or place a launcher past the world's
//! limit, and the launch geometry placed about the jittered target.

use super::*;

#[test]
fn jitter_draws_around_the_cell_value_within_the_field_s_range() {
    let mut s = fleeing();
    let sweep = s.sweep.as_mut().unwrap();
    sweep.runs = 400;
    // ga is in 0..=1: draws around 0.95 with sigma 0.2 are truncated at 1.
    s.algorithms
        .set(
            Algorithm::Smoothed,
            "ga",
            steerlab::core::Value::Number(0.95),
        )
        .unwrap();
    sweep.jitter.insert("algorithms.smoothed.ga".into(), 0.2);
    sweep.jitter.insert("targets[0].motion.pos.y".into(), 10.0);
    let plan = plan_of(&s);
    let mut ys = Vec::new();
    for run in 0..400 {
        let e = plan.engagement(3, run, Algorithm::Intercept).unwrap();
        let ga = e.algorithms.get(Algorithm::Smoothed, "ga").unwrap();
        let steerlab::core::Value::Number(ga) = ga else {
            panic!()
        };
        assert!((0.0..=1.0).contains(&ga), "{ga}");
        let steerlab::sim::Motion::Constant(c) = &e.targets[0].motion else {
            panic!()
        };
        ys.push(f64::from(c.pos.y));
        // The cell's own values are kept (cell 3: the fourth missile speed).
        assert_eq!(
            e.algorithms.get(Algorithm::Intercept, "speed"),
            Some(steerlab::core::Value::Number(175.0))
        );
    }
    let mean = ys.iter().sum::<f64>() / 400.0;
    let sd = (ys.iter().map(|y| (y - mean).powi(2)).sum::<f64>() / 399.0).sqrt();
    // 400 draws: the mean within 4 standard errors (2), the sd within 15%.
    assert!((mean - 1000.0).abs() < 2.0, "mean {mean}");
    assert!((sd - 10.0).abs() < 1.5, "sd {sd}");
}

/// The run's target radius and start, and its launcher's start.
fn drawn(plan: &Plan, cell: usize, run: u32) -> (f32, glam::Vec2, glam::Vec2) {
    let e = plan.engagement(cell, run, Algorithm::Intercept).unwrap();
    let steerlab::sim::Motion::Constant(c) = &e.targets[0].motion else {
        panic!()
    };
    (e.targets[0].radius, c.pos, e.launchers[0].pos)
}

#[test]
fn a_field_no_draw_fits_keeps_its_value_and_the_other_draws_stay() {
    let mut s = fleeing();
    let sweep = s.sweep.as_mut().unwrap();
    sweep.runs = 20;
    // Draws of a radius with a sigma of 1e30 are never a valid radius: after the
    // 64 draws it keeps the file's 10, while the start (drawn before it, in path
    // order) keeps its own draw.
    sweep.jitter.insert("targets[0].radius".into(), 1e30);
    sweep.jitter.insert("targets[0].motion.pos.y".into(), 10.0);
    let plan = plan_of(&s);
    let ys: Vec<f32> = (0..20)
        .map(|run| {
            let (radius, start, _) = drawn(&plan, 4, run);
            assert_eq!(radius, 10.0, "run {run}");
            assert_eq!(start.x, 1000.0);
            start.y
        })
        .collect();
    assert!(ys.iter().all(|y| (y - 1000.0).abs() < 60.0), "{ys:?}");
    assert!(ys.iter().filter(|y| **y != 1000.0).count() >= 19, "{ys:?}");
}

#[test]
fn a_draw_its_field_takes_is_drawn_again_when_it_breaks_a_rule_tying_fields_together() {
    // 100,000 missiles at most: a tick rate above 60 asks more than 6,000,000 missile
    // updates a second, which the world refuses though the tick rate's own range
    // (1..=1000) takes it. Draws around 60 above it are drawn again.
    let mut s = fleeing();
    s.world.max_missiles = Some(100_000);
    let sweep = s.sweep.as_mut().unwrap();
    sweep.runs = 40;
    sweep.jitter.insert("world.tick_rate".into(), 3.0);
    let plan = plan_of(&s);
    let rates: Vec<f32> = (0..40)
        .map(|run| {
            plan.engagement(2, run, Algorithm::Intercept)
                .unwrap()
                .world
                .tick_rate
        })
        .collect();
    assert!(rates.iter().all(|r| (50.0..=60.0).contains(r)), "{rates:?}");
    assert!(
        rates.iter().filter(|r| **r < 60.0).count() >= 35,
        "{rates:?}"
    );
}

#[test]
fn a_cell_that_breaks_a_rule_keeps_its_jittered_values_as_they_are() {
    // Each axis alone is valid at its ends, but their last cell asks 100,000 missiles
    // at 70 ticks a second, more than the world allows: no draw can make that cell
    // valid, so its runs keep the file's start, while the first cell's runs keep their
    // draws.
    let mut s = fleeing();
    s.world.max_missiles = Some(75_000);
    let sweep = s.sweep.as_mut().unwrap();
    sweep.x = axis("world.tick_rate=50..70:3");
    sweep.y = Some(axis("world.max_missiles=50000..100000:3"));
    sweep.runs = 10;
    sweep.jitter.insert("targets[0].motion.pos.y".into(), 10.0);
    let plan = plan_of(&s);
    for run in 0..10 {
        assert_ne!(drawn(&plan, 0, run).1.y, 1000.0, "run {run}");
        assert_eq!(drawn(&plan, 8, run).1.y, 1000.0, "run {run}");
    }
}

#[test]
fn a_draw_that_places_the_launcher_past_the_world_s_limit_is_drawn_again() {
    // The launcher stands `launch.range` from the target's jittered start, away from it
    // along -x: at a range of 3,000 from -9,997,000 it is at -10,000,000, the farthest a
    // coordinate may be. A target drawn further left would put it past that: the
    // whole scenario (the launcher moved too) is checked, and that draw is drawn again.
    let text = FLEEING
        .replace("pos: (1000, 1000)", "pos: (-9997000, 1000)")
        .replace("pos: (800, 1000)", "pos: (-9999000, 1000)");
    let mut s = scenario::parse(&text, "far.ron").unwrap();
    let sweep = s.sweep.as_mut().unwrap();
    sweep.x = axis("launch.range=100..3000:3");
    sweep.y = None;
    sweep.runs = 20;
    sweep.jitter.insert("targets[0].motion.pos.x".into(), 10.0);
    let plan = plan_of(&s);
    let xs = |cell: usize| -> Vec<(f32, f32)> {
        (0..20)
            .map(|run| drawn(&plan, cell, run))
            .map(|(_, start, launcher)| (start.x, launcher.x))
            .collect()
    };
    let near = xs(0);
    assert!(near.iter().any(|(x, _)| *x < -9_997_000.0), "{near:?}");
    let far = xs(2);
    assert!(
        far.iter().all(|(x, l)| *x >= -9_997_000.0 && *l >= -1.0e7),
        "{far:?}"
    );
    assert!(
        far.iter().filter(|(x, _)| *x > -9_997_000.0).count() >= 15,
        "{far:?}"
    );
}

#[test]
fn a_launch_range_axis_places_the_launcher_around_the_jittered_target() {
    let mut s = fleeing();
    let sweep = s.sweep.as_mut().unwrap();
    sweep.x = axis("launch.range=100..300:3");
    sweep.y = None;
    sweep.runs = 10;
    sweep.jitter.insert("targets[0].motion.pos.y".into(), 10.0);
    sweep.jitter.insert("targets[0].radius".into(), 1e30);
    let plan = plan_of(&s);
    for (cell, range) in [(0, 100.0), (2, 300.0)] {
        for run in 0..10 {
            let (radius, start, launcher) = drawn(&plan, cell, run);
            assert_eq!(radius, 10.0);
            assert_ne!(start.y, 1000.0, "cell {cell}, run {run}: jittered");
            // The launcher stands `range` from the target's jittered start, on the
            // line to where the file puts it (its bearing is kept): placed after the
            // jitter, not before.
            let file = glam::Vec2::new(800.0, 1000.0);
            let expected = start + (file - start).normalize() * range;
            assert!(
                launcher.distance(expected) < 1e-3,
                "cell {cell}, run {run}: {launcher} vs {expected}"
            );
        }
    }
}
