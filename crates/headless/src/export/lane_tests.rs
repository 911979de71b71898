//! What a lane flies besides its law, in the exported file: the airframe's `fly` after
//! each step and the seeker's timing beside the missile.

use super::emit::{file, Source};
use super::tests::source;
use super::vectors::{columns, fields, SEEN};
use super::*;
use crate::sim::airframe::AirframeSpec;
use crate::sim::seeker::SeekerSpec;

/// A scenario whose one launcher fires `law` every 2 s with `missile` (RON) at a circling
/// target, under `gravity`.
fn scenario(law: &str, missile: &str, gravity: &str) -> crate::scenario::Scenario {
    let text = format!(
        r#"(version: 1, world: (width: 1400, height: 900, gravity: {gravity}),
            targets: [(name: "t", radius: 10, motion: Circle(center: (850, 420), radius: 180, angular_speed: 0.8))],
            launchers: [(pos: (160, 720), target: "t", algorithms: ["{law}"], every: 2,
                         launch_velocity: (60, -90), missile: {missile})])"#
    );
    crate::scenario::parse(&text, "lane").unwrap()
}

const AIRFRAME: &str = "(lifetime: 6, airframe: (max_accel: 600, lift: 0.012, lag: 0.08, \
     thrust: true, boost_accel: 400, boost_time: 1, sustain_accel: 120, sustain_time: 2, \
     drag: 0.0004, max_speed: 420), seeker: (latency: 3))";

/// The values of column `name` in the rows of `vectors` whose call is `call`, with the
/// missile of each row.
fn column(vectors: &str, call: &str, name: &str) -> Vec<(String, f32)> {
    let mut lines = vectors.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = |n: &str| header.iter().position(|h| *h == n).unwrap();
    lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|cells| cells[0] == call)
        .map(|cells| {
            (
                cells[at("missile")].to_string(),
                cells[at(name)].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_lane_is_what_the_first_missile_with_the_tuning_carries() {
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let found = lane(&scenario("pro-nav", AIRFRAME, "(0, 30)"), pro_nav).unwrap();
    let airframe = found.airframe.unwrap();
    assert_eq!(
        (airframe.max_accel, airframe.lag, airframe.max_speed),
        (600.0, 0.08, 420.0)
    );
    assert!(airframe.thrust);
    // Only the seeker's timing: its noise and view are the game's.
    assert_eq!(
        found.seeker,
        Some(SeekerSpec {
            latency: 3,
            ..SeekerSpec::default()
        })
    );
    let plain = lane(&scenario("pro-nav", "(lifetime: 6)", "(0, 0)"), pro_nav).unwrap();
    assert_eq!(plain, Lane::default());
    // A seeker that neither lags nor waits changes nothing the file holds.
    let seeing = "(lifetime: 6, seeker: (fov: 90, bearing_noise: 2))";
    let seeing = lane(&scenario("pro-nav", seeing, "(0, 0)"), pro_nav).unwrap();
    assert_eq!(seeing.seeker, None);
}

#[test]
fn a_lane_with_an_airframe_and_a_late_seeker_exports_both() {
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let flown = scenario("pro-nav", AIRFRAME, "(0, 30)");
    let text = code(pro_nav, &flown, Lang::Rust, None).unwrap();
    for part in [
        "pub fn step(",
        "fn steer(",
        "fn fly(&mut self, before_vel_x: f32, before_vel_y: f32, before_heading: f32, dt: f32)",
        "let signal = self.steer(target_x, target_y, target_vx, target_vy, dt);",
        "self.fly(before_vel_x, before_vel_y, before_heading, dt);",
        "pub const AIRFRAME_MAX_ACCEL: f32 = 600.0;",
        "pub const AIRFRAME_LAG: f32 = 0.08;",
        "pub const GRAVITY_Y: f32 = 30.0;",
        "pub airframe_lateral: f32,",
        "pub struct ProNavSeeker {",
        "pub const LATENCY: usize = 3;",
        "pub const RATE: f32 = 0.0;",
        // Every option the file is cut to, in its header.
        "// Tuned with the airframe's actuator lag on: this code flies that setting only.",
        "// Tuned with the airframe's thrust profile on: this code flies that setting only.",
        "// Tuned with the airframe's speed cap on: this code flies that setting only.",
        "// Tuned with the airframe's lift on: this code flies that setting only.",
        "// Tuned with the world's gravity on: this code flies that setting only.",
        // The adapter looks through the seeker and leaves gravity to `fly`.
        "homing.seeker.look(t.x, t.y, v.x, v.y, dt);",
        "homing.missile.step(homing.seeker.seen_x, homing.seeker.seen_y",
    ] {
        assert!(text.contains(part), "{part}:\n{text}");
    }
    assert!(!text.contains("GRAVITY_X * dt * dt"), "{text}");
    // The law alone: no fly, no seeker.
    let plain = code(
        pro_nav,
        &scenario("pro-nav", "(lifetime: 6)", "(0, 0)"),
        Lang::Rust,
        None,
    )
    .unwrap();
    for part in ["fn fly(", "self.steer(", "Seeker", "AIRFRAME_"] {
        assert!(!plain.contains(part), "{part}:\n{plain}");
    }
}

#[test]
fn every_law_exports_through_every_airframe_setting_in_every_language() {
    let options = [(0.0, 0.0, false, 0.0), (0.01, 0.1, true, 300.0)];
    for algorithm in Algorithm::ALL.into_iter().filter(|a| refusal(*a).is_none()) {
        for (lift, lag, thrust, max_speed) in options {
            for gravity in [glam::Vec2::ZERO, glam::Vec2::new(0.0, 30.0)] {
                let spec = AirframeSpec {
                    lift,
                    lag,
                    thrust,
                    max_speed,
                    ..AirframeSpec::default()
                };
                let lane = Lane {
                    airframe: Some(spec.clone()),
                    seeker: Some(SeekerSpec {
                        latency: 2,
                        rate: 30.0,
                        ..SeekerSpec::default()
                    }),
                };
                let step = lane_step_file(algorithm, &lane).unwrap();
                let mut params = params(algorithm, &crate::guidance::Tuning::default());
                params.extend(world_params(&crate::sim::WorldConfig {
                    gravity,
                    ..Default::default()
                }));
                params.extend(airframe_params(&spec));
                for lang in Lang::ALL {
                    let source = Source {
                        step: &step,
                        params: &params,
                        seeker: lane.seeker.clone(),
                        ..source(&step, &params)
                    };
                    let text = file(lang, &source)
                        .unwrap_or_else(|e| panic!("{algorithm} {lang:?} {spec:?}: {e}"));
                    // What the tuning leaves out is not in the file.
                    assert_eq!(text.contains("AIRFRAME_LIFT"), lift > 0.0, "{text}");
                    assert_eq!(text.contains("AIRFRAME_LAG"), lag > 0.0, "{text}");
                    assert_eq!(text.contains("AIRFRAME_BOOST_ACCEL"), thrust, "{text}");
                    assert_eq!(text.contains("AIRFRAME_MAX_SPEED"), max_speed > 0.0);
                    assert_eq!(
                        text.contains("GRAVITY_Y"),
                        gravity != glam::Vec2::ZERO || algorithm.id() == "ballistic"
                    );
                    assert!(text.contains("LATENCY"), "{text}");
                }
            }
        }
    }
}

#[test]
fn the_vectors_of_an_airframe_lane_chain_from_step_to_step() {
    // Each step row's fields after are what steerlab's world flew: the next row of the
    // same missile starts exactly there (its airframe state too).
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let vectors = vectors(&scenario("pro-nav", AIRFRAME, "(0, 30)"), pro_nav, 3.0).unwrap();
    let mut checked = 0;
    for field in [
        "pos_x",
        "vel_y",
        "heading",
        "airframe_lateral",
        "ticks_flown",
    ] {
        let before = column(&vectors, "step", field);
        let after = column(&vectors, "step", &format!("after_{field}"));
        for i in 1..before.len() {
            if before[i].0 == after[i - 1].0 {
                assert_eq!(before[i].1, after[i - 1].1, "{field} at row {i}");
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
    // The airframe binds: its lateral acceleration is not always the law's.
    let lateral = column(&vectors, "step", "after_airframe_lateral");
    assert!(lateral.iter().any(|(_, l)| l.abs() > 1.0));
    // The clock counts ticks from the launch (the first tick flown at launch).
    let ticks = column(&vectors, "step", "ticks_flown");
    assert_eq!(ticks[0].1, 1.0);
}

#[test]
fn a_look_row_shows_the_truth_from_latency_ticks_before() {
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let flown = scenario("pro-nav", AIRFRAME, "(0, 30)");
    let vectors = vectors(&flown, pro_nav, 3.0).unwrap();
    let step = lane_step_file(pro_nav, &lane(&flown, pro_nav).unwrap()).unwrap();
    assert!(vectors.starts_with(&columns(&step, true).join(",")));
    assert_eq!(
        columns(&step, true).len(),
        columns(&step, false).len() + SEEN.len()
    );
    assert_eq!(fields(&step).len(), 5 + step.state.len());
    for (truth, shown) in [("target_x", "seen_x"), ("target_vy", "seen_vy")] {
        let truths = column(&vectors, "look", truth);
        let seen = column(&vectors, "look", shown);
        let mut per_missile: std::collections::BTreeMap<&str, Vec<(f32, f32)>> = Default::default();
        for ((missile, t), (_, s)) in truths.iter().zip(&seen) {
            per_missile.entry(missile).or_default().push((*t, *s));
        }
        assert!(per_missile.len() >= 2);
        for looks in per_missile.values() {
            for (k, (_, s)) in looks.iter().enumerate() {
                // Three ticks late; until then, the first truth it saw.
                let want = looks[k.saturating_sub(3)].0;
                assert_eq!(*s, want, "look {k}");
            }
        }
    }
}

#[test]
fn a_seeker_updating_seldom_holds_what_it_saw() {
    // 20 updates a second at 60 ticks a second: a new sight every third tick.
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let missile = "(lifetime: 4, seeker: (rate: 20))";
    let vectors = vectors(&scenario("pro-nav", missile, "(0, 0)"), pro_nav, 2.0).unwrap();
    let truths = column(&vectors, "look", "target_x");
    let seen = column(&vectors, "look", "seen_x");
    let first = &truths[0].0;
    let looks: Vec<(f32, f32)> = truths
        .iter()
        .zip(&seen)
        .filter(|((m, _), _)| m == first)
        .map(|((_, t), (_, s))| (*t, *s))
        .collect();
    assert!(looks.len() > 30);
    for (k, (_, s)) in looks.iter().enumerate() {
        assert_eq!(*s, looks[k - k % 3].0, "look {k}");
    }
    // The step rows' target is what the missile's own seeker shows then: held too.
    let targets = column(&vectors, "step", "target_x");
    let mine: Vec<f32> = targets
        .iter()
        .filter(|(m, _)| m == first)
        .map(|(_, t)| *t)
        .collect();
    let changes = mine.windows(2).filter(|w| w[0] != w[1]).count();
    assert!(changes * 3 <= mine.len() + 3, "{changes} of {}", mine.len());
    assert!(changes > 5);
}

#[test]
fn the_lane_is_looked_for_in_the_first_minute_only() {
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let first_at = |seconds: &str| {
        let text = format!(
            r#"(version: 1, targets: [(name: "t", radius: 10, motion: Static(pos: (900, 400)))],
                launchers: [(pos: (100, 400), target: "t", algorithms: ["pro-nav"],
                             first_at: {seconds}, missile: (airframe: (max_accel: 500)))])"#
        );
        let scenario = crate::scenario::parse(&text, "late").unwrap();
        lane(&scenario, pro_nav).unwrap().airframe
    };
    // Fired on tick 3598 (of 60 a second), seen on the next: within the minute's 3600.
    assert!(first_at("59.9667").is_some());
    // Fired on tick 3599: first seen on tick 3600, past the search.
    assert_eq!(first_at("59.9833"), None);
}

#[test]
fn a_launcher_with_its_own_tuning_is_not_the_lane() {
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let text = r#"(version: 1, targets: [(name: "t", radius: 10, motion: Static(pos: (900, 400)))],
        launchers: [
            (pos: (100, 300), target: "t", algorithms: ["pro-nav"], params: {"pro_nav.gain": 3},
             missile: (airframe: (max_accel: 500))),
            (pos: (100, 500), target: "t", algorithms: ["pro-nav"], first_at: 1,
             missile: (airframe: (max_accel: 700))),
        ])"#;
    let scenario = crate::scenario::parse(text, "tuned").unwrap();
    let found = lane(&scenario, pro_nav).unwrap();
    assert_eq!(found.airframe.map(|a| a.max_accel), Some(700.0));
}

fn file_of(step: &step::StepFile) -> Result<String, String> {
    file(Lang::Rust, &source(step, &[]))
}

/// The missiles a vectors file holds rows of, by the y each started at.
fn starts(vectors: &str) -> std::collections::BTreeMap<String, f32> {
    let mut out = std::collections::BTreeMap::new();
    for (missile, y) in column(vectors, "step", "pos_y") {
        out.entry(missile).or_insert(y);
    }
    out
}

#[test]
fn the_vectors_hold_only_missiles_that_fly_the_lane() {
    // Three launchers with the same tuning: the first's airframe and seeker make the
    // lane; the second has another airframe, the third another seeker timing.
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let text = r#"(version: 1, targets: [(name: "t", radius: 10, motion: Static(pos: (1200, 500)))],
        launchers: [
            (pos: (100, 300), target: "t", algorithms: ["pro-nav"], every: 1,
             missile: (lifetime: 3, airframe: (max_accel: 500), seeker: (latency: 2))),
            (pos: (100, 500), target: "t", algorithms: ["pro-nav"], every: 1,
             missile: (lifetime: 3, airframe: (max_accel: 700), seeker: (latency: 2))),
            (pos: (100, 700), target: "t", algorithms: ["pro-nav"], every: 1,
             missile: (lifetime: 3, airframe: (max_accel: 500), seeker: (latency: 5))),
        ])"#;
    let scenario = crate::scenario::parse(text, "lanes").unwrap();
    let vectors = vectors(&scenario, pro_nav, 4.0).unwrap();
    let starts = starts(&vectors);
    assert!(starts.len() >= 3, "{starts:?}");
    for (missile, y) in &starts {
        assert!(
            (y - 300.0).abs() < 40.0,
            "missile {missile} started at y {y}"
        );
    }
    // Every look row is one of theirs too.
    for (missile, _) in column(&vectors, "look", "target_x") {
        assert!(starts.contains_key(&missile), "{missile}");
    }
}

#[test]
fn the_vectors_stop_at_their_row_cap() {
    let pro_nav = Algorithm::from_id("pro-nav").unwrap();
    let rows = |missile: &str| {
        let flown = scenario("pro-nav", missile, "(0, 0)");
        vectors(&flown, pro_nav, 120.0).unwrap().lines().count() - 1
    };
    // A step row, and a launch row after every eighth: once 4,999 rows are written the
    // next step and launch could pass the cap, and 4,999 is never a launch's turn.
    assert_eq!(rows("(lifetime: 6)"), vectors::MAX_ROWS - 1);
    // With a seeker a missile's tick may write three rows (a look first).
    let with_looks = rows("(lifetime: 6, seeker: (latency: 2))");
    assert!(
        (vectors::MAX_ROWS - 2..=vectors::MAX_ROWS).contains(&with_looks),
        "{with_looks}"
    );
}

#[path = "lane_code_tests.rs"]
mod code;
