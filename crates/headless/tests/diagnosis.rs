//! The failure classes on real runs: scenarios built to fail one way each, named so and
//! not any other way, beside a sibling changed in one number that hits and has none; and
//! over random engagements, every miss has a class, every hit none, the same every time.

use proptest::prelude::*;
use steerlab_headless::headless::{self, diagnose};
use steerlab_headless::sim::diagnosis::Class;
use steerlab_headless::sim::Outcome;

/// The first missile of `text`'s run: its outcome and its classes.
fn first(text: &str) -> (Outcome, Vec<Class>) {
    let scenario = steerlab_headless::scenario::parse(text, "diagnosis").unwrap();
    let (world, sampler) = headless::run_and_diagnose(&scenario, Some(12.0)).unwrap();
    let rows = diagnose::rows(&world, &sampler);
    let row = rows.first().expect("a missile");
    let classes = row
        .missile
        .and_then(|id| sampler.findings.get(&id))
        .map(|f| f.iter().map(|f| f.class).collect())
        .unwrap_or_default();
    (row.outcome, classes)
}

/// One launcher firing `law` (tuned `params`) once with `missile` at a target moving by
/// `motion`.
fn engagement(law: &str, params: &str, motion: &str, launch: &str, missile: &str) -> String {
    format!(
        r#"(version: 1, world: (width: 3000, height: 3000), algorithms: ({params}),
            targets: [(name: "t", radius: 10, motion: {motion})],
            launchers: [(pos: (300, 600), target: "t", algorithms: ["{law}"],
                         launch_velocity: {launch}, missile: {missile})])"#
    )
}

fn hit(found: &(Outcome, Vec<Class>)) -> bool {
    matches!(found.0, Outcome::Hit { .. }) && found.1.is_empty()
}

#[test]
fn a_turn_rate_missile_that_cannot_turn_tight_enough_orbits() {
    let turning = |rate: &str| {
        first(&engagement(
            "turn-rate",
            &format!("turn_rate: (radial_speed: 300, angular_speed: {rate})"),
            "Static(pos: (300, 520))",
            "(300, 0)",
            "(lifetime: 10)",
        ))
    };
    let found = turning("2");
    assert_eq!(found.1, [Class::Orbit, Class::OutOfEnergy], "{found:?}");
    assert!(hit(&turning("8")), "{:?}", turning("8"));
}

#[test]
fn naive_accel_swings_through_the_circler_and_overshoots() {
    let swinging = |acceleration: &str| {
        first(&engagement(
            "naive-accel",
            &format!("naive_accel: (acceleration: {acceleration})"),
            "Circle(center: (1100, 600), radius: 180, angular_speed: 0.6)",
            "(0, -60)",
            "(lifetime: 12)",
        ))
    };
    let found = swinging("300");
    assert_eq!(found.1.first(), Some(&Class::Overshoot), "{found:?}");
    assert!(!found.1.contains(&Class::Orbit), "{found:?}");
    assert!(hit(&swinging("1200")), "{:?}", swinging("1200"));
}

#[test]
fn smoothed_homing_that_barely_turns_circles_the_circler() {
    // At ga 0.99 the smoothed direction turns too slowly to close: the missile comes no
    // nearer than about 150 units and loops around the circling target. It never passes
    // close and turns back, so this is an orbit, not an overshoot.
    let smoothed = |ga: &str| {
        first(&engagement(
            "smoothed",
            &format!("smoothed: (ga: {ga}, speed: 5)"),
            "Circle(center: (1100, 600), radius: 180, angular_speed: 0.6)",
            "(0, -60)",
            "(lifetime: 12)",
        ))
    };
    let found = smoothed("0.99");
    assert_eq!(found.1, [Class::Orbit, Class::OutOfEnergy], "{found:?}");
    assert!(hit(&smoothed("0.92")), "{:?}", smoothed("0.92"));
}

#[test]
fn pure_pursuit_of_a_fast_crosser_is_a_tail_chase() {
    let chasing = |speed: &str| {
        first(&engagement(
            "turn-rate",
            "turn_rate: (radial_speed: 300, angular_speed: 6)",
            &format!("Constant(pos: (900, 400), vel: (0, {speed}))"),
            "(300, 0)",
            "(lifetime: 8)",
        ))
    };
    // 280 of the missile's 300: it ends up behind, pointing at the target, closing slowly.
    let found = chasing("280");
    assert_eq!(found.1, [Class::TailChase, Class::OutOfEnergy], "{found:?}");
    assert!(hit(&chasing("250")), "{:?}", chasing("250"));
}

#[test]
fn pro_nav_through_a_weak_airframe_saturates() {
    let limited = |max_accel: &str| {
        first(&engagement(
            "pro-nav",
            "pro_nav: (speed: 320)",
            "Circle(center: (1100, 600), radius: 180, angular_speed: 1.2)",
            "(60, 0)",
            &format!("(lifetime: 8, airframe: (max_accel: {max_accel}))"),
        ))
    };
    let found = limited("150");
    assert_eq!(found.1.first(), Some(&Class::Saturation), "{found:?}");
    assert!(hit(&limited("1500")), "{:?}", limited("1500"));
}

#[test]
fn the_results_table_says_why() {
    let text = engagement(
        "turn-rate",
        "turn_rate: (radial_speed: 300, angular_speed: 2)",
        "Static(pos: (300, 520))",
        "(300, 0)",
        "(lifetime: 10)",
    );
    let scenario = steerlab_headless::scenario::parse(&text, "why").unwrap();
    let (world, sampler) = headless::run_and_diagnose(&scenario, Some(12.0)).unwrap();
    let table = headless::table(&diagnose::rows(&world, &sampler));
    let header = table.lines().next().unwrap();
    assert!(header.ends_with("  why"), "{table}");
    assert!(
        table.lines().nth(1).unwrap().ends_with("  orbit"),
        "{table}"
    );
    // Times after the launch: the first sample is the first tick's move; the lifetime of
    // 10 s ends it (the wider world here changes nothing of the flight).
    assert_eq!(
        diagnose::report(&world, &sampler),
        "M0 turn-rate miss: lifetime out: orbit
    orbit: orbit from 0.02 s to 10.00 s: 3.3 turns at about 155 units
    out-of-energy: its lifetime ran out at 10.00 s

turn-rate: 1 missile, 0 hits, 1 miss: orbit 1
"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_miss_has_a_class_and_every_hit_none_the_same_every_time(
        law in prop::sample::select(vec!["smoothed", "turn-rate", "naive-accel", "pro-nav", "intercept", "newton", "quartic"]),
        x in 500.0f32..1700.0,
        y in 200.0f32..1000.0,
        vx in -250.0f32..250.0,
        vy in -250.0f32..250.0,
        limit in prop::option::of(50.0f32..2000.0),
    ) {
        let airframe = limit.map_or(String::new(), |l| format!(", airframe: (max_accel: {l})"));
        let text = engagement(
            law,
            "",
            &format!("Constant(pos: ({x}, {y}), vel: ({vx}, {vy}))"),
            "(0, -60)",
            &format!("(lifetime: 6{airframe})"),
        );
        let scenario = steerlab_headless::scenario::parse(&text, "random").unwrap();
        let (world, sampler) = headless::run_and_diagnose(&scenario, Some(7.0)).unwrap();
        let rows = diagnose::rows(&world, &sampler);
        for row in &rows {
            let Some(id) = row.missile else {
                // A launch refused for want of a solution.
                prop_assert_eq!(row.why, Some(Class::NoSolution));
                continue;
            };
            let classes = sampler.findings.get(&id).cloned().unwrap_or_default();
            match row.outcome {
                Outcome::Hit { .. } => prop_assert!(classes.is_empty() && row.why.is_none()),
                Outcome::Missed(_) => {
                    prop_assert!(!classes.is_empty(), "{:?}", row);
                    prop_assert_eq!(row.why, Some(classes[0].class));
                }
                Outcome::Flying => prop_assert!(classes.is_empty() && row.why.is_none()),
            }
        }
        let (again, sampler_again) = headless::run_and_diagnose(&scenario, Some(7.0)).unwrap();
        prop_assert_eq!(diagnose::report(&world, &sampler), diagnose::report(&again, &sampler_again));
    }
}

/// A shipped scenario run for `seconds` (or until nothing more happens), diagnosed.
fn shipped_diagnosed(
    name: &str,
    seconds: Option<f64>,
) -> (steerlab_headless::sim::World, diagnose::Sampler) {
    let text = steerlab_headless::scenario::presets::shipped(name).unwrap();
    let scenario = steerlab_headless::scenario::parse(text, name).unwrap();
    headless::run_and_diagnose(&scenario, seconds).unwrap()
}

#[test]
fn the_summary_counts_each_law_s_hits_and_the_misses_by_their_why() {
    let (world, sampler) = shipped_diagnosed("default", None);
    let rows = diagnose::rows(&world, &sampler);
    let report = diagnose::report(&world, &sampler);
    let naive: Vec<_> = rows
        .iter()
        .filter(|r| r.algorithm.id() == "naive-accel")
        .collect();
    let hits = naive
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Hit { .. }))
        .count();
    // By class, in the classes' own order.
    let mut whys = std::collections::BTreeMap::new();
    for r in &naive {
        if let Some(why) = r.why {
            *whys.entry(why).or_insert(0) += 1;
        }
    }
    let listed: Vec<String> = whys
        .iter()
        .map(|(c, n)| format!("{} {n}", c.id()))
        .collect();
    // A missile still flying at the end is neither.
    let misses = naive
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Missed(_)))
        .count();
    let line = format!(
        "naive-accel: {} missiles, {hits} hit{}, {misses} misses: {}",
        naive.len(),
        if hits == 1 { "" } else { "s" },
        listed.join(", ")
    );
    assert!(
        misses > 1 && report.contains(&format!("\n{line}\n")),
        "{line}\n{report}"
    );
    // The laws that hit every time list no misses.
    assert!(
        report.contains("\nsmoothed: 10 missiles, 10 hits\n"),
        "{report}"
    );
}

#[test]
fn a_solver_failure_is_timed_from_its_missile_s_launch() {
    // Newton from rest straight along +x: sin(alpha) = 0, its solver fails on its first
    // tick (fired at 1 s, the tick of 1 s to 1.0167 s), and half a second is too short.
    let text = r#"(version: 1, targets: [(name: "east", radius: 10, motion: Static(pos: (500, 300)))],
        launchers: [(name: "pad", pos: (100, 300), target: "east", algorithms: ["newton"],
                     first_at: 1, missile: (lifetime: 0.5))])"#;
    let scenario = steerlab_headless::scenario::parse(text, "newton").unwrap();
    let (world, sampler) = headless::run_and_diagnose(&scenario, None).unwrap();
    assert_eq!(
        diagnose::report(&world, &sampler),
        "M0 newton miss: lifetime out: no-solution
    no-solution: the solver failed 1 time from 0.02 s
    out-of-energy: its lifetime ran out at 0.50 s

newton: 1 missile, 0 hits, 1 miss: no-solution 1
"
    );
}

#[test]
fn a_flight_s_times_count_from_its_own_launch() {
    // The orbit of `the_results_table_says_why`, fired 2 s into the run.
    let text = r#"(version: 1, world: (width: 3000, height: 3000),
        algorithms: (turn_rate: (radial_speed: 300, angular_speed: 2)),
        targets: [(name: "t", radius: 10, motion: Static(pos: (300, 520)))],
        launchers: [(pos: (300, 600), target: "t", algorithms: ["turn-rate"], first_at: 2,
                     launch_velocity: (300, 0), missile: (lifetime: 10))])"#;
    let scenario = steerlab_headless::scenario::parse(text, "late").unwrap();
    let (world, sampler) = headless::run_and_diagnose(&scenario, Some(14.0)).unwrap();
    let report = diagnose::report(&world, &sampler);
    assert!(
        report
            .contains("\n    orbit: orbit from 0.02 s to 10.00 s: 3.3 turns at about 155 units\n"),
        "{report}"
    );
}

#[test]
fn the_summary_tells_a_law_s_flavours_apart() {
    // apn-vs-pn: two launchers fly pro-nav, one with augmented PN.
    let (world, sampler) = shipped_diagnosed("apn-vs-pn", Some(10.0));
    let report = diagnose::report(&world, &sampler);
    let rows = diagnose::rows(&world, &sampler);
    // Launcher 0 is "pn", launcher 1 "apn": count each one's missiles from the rows.
    let fired = |launcher: usize| {
        (rows.iter())
            .filter(|r| r.source == steerlab_headless::sim::Source::Launcher(launcher))
            .count()
    };
    let (plain, augmented) = (fired(0), fired(1));
    assert!(plain > 0 && augmented > 0, "{plain} {augmented}");
    let summary: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.is_empty())
        .skip(1)
        .collect();
    assert_eq!(summary.len(), 2, "{report}");
    assert!(
        summary[0].starts_with(&format!("pro-nav: {plain} missiles, ")),
        "{summary:?}"
    );
    assert!(
        summary[1].starts_with(&format!("pro-nav (augmented): {augmented} missiles, ")),
        "{summary:?}"
    );
    // Each missile's own line names its flavour too.
    let line = |r: &steerlab_headless::headless::Row| {
        report
            .lines()
            .find(|l| l.starts_with(&format!("{} ", r.who)))
            .unwrap()
            .to_string()
    };
    let first_apn = rows
        .iter()
        .find(|r| r.source == steerlab_headless::sim::Source::Launcher(1))
        .unwrap();
    assert!(
        line(first_apn).starts_with(&format!("{} pro-nav (augmented) ", first_apn.who)),
        "{}",
        line(first_apn)
    );
}
