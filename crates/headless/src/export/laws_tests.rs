//! The exported files of the real laws: what they hold, their tests, their vectors,
//! and the laws and languages refused.

use super::emit::ParamValue;
use super::step;
use super::tests::source;
use super::*;
use crate::guidance::{Algorithm, Tuning, Value};
use crate::scenario::Scenario;

/// A scenario tuned with `tuning`.
fn tuned(tuning: &Tuning) -> Scenario {
    Scenario {
        algorithms: tuning.clone(),
        ..Scenario::default()
    }
}

#[test]
fn whole_parameters_are_exported_as_numbers_with_their_range() {
    let heat = Algorithm::from_id("heat-seeker").unwrap();
    let params = params(heat, &Tuning::default());
    let max_speed = params.iter().find(|p| p.name == "max_speed").unwrap();
    assert_eq!(max_speed.value, ParamValue::Number(12.0, 1.0, 200.0));
    let code = code(heat, &tuned(&Tuning::default()), Lang::Rust, None).unwrap();
    assert!(code.contains("pub const MAX_SPEED: f32 = 12.0;"), "{code}");
    assert!(code.contains("Valid: 1 to 200 units/tick."), "{code}");
}

#[test]
fn every_exportable_law_exports_to_every_language_the_same_way_twice() {
    let tuning = Tuning::default();
    assert_eq!(
        exportable(),
        [
            "smoothed",
            "turn-rate",
            "newton",
            "quartic",
            "naive-accel",
            "intercept",
            "heat-seeker",
            "pro-nav",
            "ballistic"
        ]
    );
    for id in exportable() {
        let algorithm = Algorithm::from_id(id).unwrap();
        for lang in Lang::ALL {
            let code = code(
                algorithm,
                &tuned(&tuning),
                lang,
                Some("https://example.org/#s"),
            )
            .unwrap();
            assert_eq!(
                code,
                super::code(
                    algorithm,
                    &tuned(&tuning),
                    lang,
                    Some("https://example.org/#s")
                )
                .unwrap()
            );
            assert!(code.contains(&version_line()), "{id} {lang:?}");
            assert!(code.contains("The tuning in steerlab: https://example.org/#s"));
            assert!(code.contains(algorithm.info().summary), "{id} {lang:?}");
        }
    }
}

#[test]
fn the_tuned_values_are_the_ones_baked_in() {
    let algorithm = Algorithm::from_id("smoothed").unwrap();
    let mut tuning = Tuning::default();
    let law = tuning.law_mut(algorithm).unwrap();
    assert!(law.set("ga", Value::Number(0.75)));
    assert!(law.set("speed", Value::Number(6.5)));
    let code = code(algorithm, &tuned(&tuning), Lang::Rust, None).unwrap();
    assert!(code.contains("pub const GA: f32 = 0.75;"), "{code}");
    assert!(code.contains("pub const SPEED: f32 = 6.5;"), "{code}");
    assert!(code.contains("Tuned with constant speed off"), "{code}");
    let law = tuning.law_mut(algorithm).unwrap();
    assert!(law.set("constant_speed", Value::Flag(true)));
    let code = super::code(algorithm, &tuned(&tuning), Lang::Rust, None).unwrap();
    assert!(code.contains("Tuned with constant speed on"), "{code}");
    assert!(
        code.contains("Renormalised: turns keep full speed."),
        "{code}"
    );
}

#[test]
fn every_built_in_law_has_a_step_file_and_exports() {
    for algorithm in Algorithm::ALL {
        assert_eq!(refusal(algorithm), None, "{}", algorithm.id());
        let step = step_file(algorithm).unwrap();
        assert!(!step.step.is_empty(), "{}", algorithm.id());
    }
    assert_eq!(exportable().len(), Algorithm::ALL.len());
}

#[test]
fn vectors_hold_each_step_of_the_simulation_s_own_law() {
    // One smoothed missile at the origin, a parked target 100 units east; ga 0.5, speed
    // 2: first step s = 0.5*(1,0) + 0.5*(1,0) = (1,0), p = (2,0), v = (2,0)*60.
    let scenario = crate::scenario::parse(
        r#"(version: 1,
            algorithms: (smoothed: (ga: 0.5, speed: 2.0)),
            targets: [(name: "t", radius: 10, motion: Static(pos: (100, 0)))],
            launchers: [(pos: (0, 0), target: "t", algorithms: ["smoothed"], every: 100)])"#,
        "vectors test",
    )
    .unwrap();
    let algorithm = Algorithm::from_id("smoothed").unwrap();
    let text = vectors(&scenario, algorithm, 0.2).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "call,tick,missile,target_x,target_y,target_vx,target_vy,dt,pos_x,pos_y,vel_x,vel_y,heading,dir_x,dir_y,signal,after_pos_x,after_pos_y,after_vel_x,after_vel_y,after_heading,after_dir_x,after_dir_y"
    );
    let (steps, launches): (Vec<&str>, Vec<&str>) = lines.partition(|l| l.starts_with("step,"));
    let numbers =
        |l: &str| -> Vec<f64> { l.split(',').skip(1).map(|c| c.parse().unwrap()).collect() };
    let rows: Vec<Vec<f64>> = steps.into_iter().map(numbers).collect();
    assert!(!rows.is_empty());
    let first = &rows[0];
    // tick, missile, target (100, 0) still, dt 1/60.
    assert_eq!(&first[2..6], &[100.0, 0.0, 0.0, 0.0]);
    assert!((first[6] - 1.0 / 60.0).abs() < 1e-7);
    // After: position advanced by 2 along +x, velocity 120, direction (1, 0).
    let after = &first[15..];
    assert!((after[0] - (first[7] + 2.0)).abs() < 1e-4, "{first:?}");
    assert!((after[2] - 120.0).abs() < 1e-2, "{first:?}");
    assert_eq!(&after[5..7], &[1.0, 0.0]);
    // Each row starts where the one before ended (no airframe here).
    for pair in rows.windows(2) {
        assert_eq!(pair[1][7..14], pair[0][15..22]);
    }
    // Every eighth row is followed by a launch from there: at (x, 0) facing the target
    // at (100, 0) along its velocity, s = (1, 0), still.
    assert_eq!(launches.len(), rows.len() / super::vectors::LAUNCH_EVERY);
    for launch in launches {
        let launch = numbers(launch);
        assert_eq!(launch[14], 1.0, "fired");
        assert_eq!(launch[15], launch[7], "from where the missile was");
        assert_eq!(&launch[17..19], &[0.0, 0.0]);
        assert_eq!(&launch[20..22], &[1.0, 0.0]);
    }
}

#[test]
fn the_files_are_named_and_versioned_as_documented() {
    assert_eq!(
        version_line(),
        format!(
            "Exported by steerlab {} (steerlab export): the same tuning gives the same file.",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert!(version_line().starts_with("Exported by steerlab 0."));
    assert_eq!(vectors_file_name("pro-nav"), "pro_nav_vectors.csv");
    let file = step::parse("fn step { }").unwrap();
    let mut s = source(&file, &[]);
    s.id = "turn-rate";
    assert_eq!(s.class(), "TurnRateMissile");
}

#[test]
fn the_test_names_the_class_the_files_and_carries_godot_s_vectors() {
    let algorithm = Algorithm::from_id("smoothed").unwrap();
    let tuning = Tuning::default();
    for lang in Lang::ALL {
        let test = test_code(
            algorithm,
            &tuned(&tuning),
            lang,
            "law.x",
            "v.csv",
            "call,tick\n",
        )
        .unwrap();
        assert!(test.contains("SmoothedMissile"), "{lang:?}: {test}");
        assert!(test.contains(&version_line()), "{lang:?}");
        match lang {
            Lang::GdScript => {
                assert!(test.contains("preload(\"law.x\")"), "{test}");
                assert!(
                    test.contains("const VECTORS = \"\"\"call,tick\"\"\""),
                    "{test}"
                );
            }
            Lang::CSharp => assert!(test.contains("\"v.csv\""), "{test}"),
            Lang::Cpp => assert!(test.contains("#include \"law.x\"") && test.contains("\"v.csv\"")),
            Lang::Rust => {
                assert!(
                    test.contains("#[path = \"law.x\"]")
                        && test.contains("include_str!(\"v.csv\")")
                )
            }
            Lang::TypeScript => {
                assert!(test.contains("from \"./law.x\"") && test.contains("\"v.csv\""))
            }
        }
    }
}

#[test]
fn scratch_state_is_set_but_not_compared_and_single_precision_ports_everywhere() {
    let file =
        step::parse("state kept = 0;\nstate wander = 0 scratch;\nprecision single;\nfn step { }\n")
            .unwrap();
    assert!(!file.state[0].scratch && file.state[1].scratch);
    assert!(file.single);
    let test = super::replay::test(Lang::Rust, &source(&file, &[]), "law.rs", "v.csv", "");
    assert!(test.contains("m.wander = col(\"wander\");"), "{test}");
    assert!(!test.contains("check(\"wander\""), "{test}");
    assert!(test.contains("check(\"kept\""), "{test}");
    let newton = Algorithm::from_id("newton").unwrap();
    for lang in Lang::ALL {
        assert!(code(newton, &tuned(&Tuning::default()), lang, None).is_ok());
    }
}

#[test]
fn a_gdscript_comment_longer_than_gdlint_takes_has_gdlint_s_leave_before_it() {
    // "# The tuning in steerlab: " is 26 characters: a link of 74 makes a line of 100,
    // gdlint's longest; one of 75 needs the leave on the line before (a link carrying a
    // whole scenario runs to a thousand characters).
    let algorithm = Algorithm::from_id("smoothed").unwrap();
    let scenario = tuned(&Tuning::default());
    let leave = "# gdlint: ignore=max-line-length";
    for (length, needed) in [(74, false), (75, true), (1200, true)] {
        let link = format!("https://e.org/#s={}", "a".repeat(length - 17));
        let gd = code(algorithm, &scenario, Lang::GdScript, Some(&link)).unwrap();
        let lines: Vec<&str> = gd.lines().collect();
        let at = (lines.iter())
            .position(|l| *l == format!("# The tuning in steerlab: {link}"))
            .unwrap();
        assert_eq!(lines[at - 1] == leave, needed, "{length}");
        assert_eq!(gd.matches(leave).count(), usize::from(needed), "{length}");
        // The other languages' compilers take any comment: none.
        for lang in [Lang::CSharp, Lang::Cpp, Lang::Rust, Lang::TypeScript] {
            let other = code(algorithm, &scenario, lang, Some(&link)).unwrap();
            assert!(!other.contains("gdlint"), "{lang:?}");
        }
    }
}
