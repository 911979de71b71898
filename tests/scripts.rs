//! Laws written as Rhai scripts: the shipped port of `smoothed` flies bit-identical to the
//! built-in; a script's errors point at its file, line and column; a script that fails
//! at run time (an error, a division by zero, a loop that never ends, a NaN) ends only
//! its own missile; scripted runs are deterministic; parameters round-trip through a save;
//! a script sees the other missiles in flight and spreads a salvo with separation.

use std::path::{Path, PathBuf};
use steerlab::guidance::runtime::StateValue;
use steerlab::guidance::Algorithm;
use steerlab::headless;
use steerlab::scenario::{self, Scenario};
use steerlab::script::ScriptLaw;
use steerlab::sim::{EventKind, MissReason, Outcome, World};

/// The first missile the law `id` flew.
fn first_of<'w>(world: &'w World, id: &str) -> &'w steerlab::sim::Missile {
    let law = Algorithm::from_id(id).unwrap();
    world
        .all_missiles()
        .into_iter()
        .find(|m| m.algorithm() == law)
        .unwrap_or_else(|| panic!("no missile of `{id}`"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn shipped() -> Scenario {
    scenario::load(&root().join("scenarios/scripts/own-missile.ron"))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Writes a scenario and its script into a fresh folder and loads it.
fn with_script(dir: &Path, id: &str, script: &str) -> Result<Scenario, scenario::ScenarioErrors> {
    std::fs::write(dir.join("law.rhai"), script).unwrap();
    let text = format!(
        r#"(
    version: 1,
    scripts: [(id: "{id}", path: "law.rhai")],
    targets: [
        (name: "t", motion: Constant(pos: (600, 300), vel: (-20, 10))),
    ],
    launchers: [
        (pos: (100, 500), target: "t", algorithms: ["{id}", "pro-nav"], launch_velocity: (0, -50)),
    ],
)"#
    );
    let path = dir.join("s.ron");
    std::fs::write(&path, text).unwrap();
    scenario::load(&path)
}

fn run(s: &Scenario, seconds: f64) -> World {
    headless::run(s, Some(seconds), None).unwrap()
}

#[test]
fn the_smoothed_port_flies_bit_identical_to_the_built_in() {
    let s = shipped();
    let port = Algorithm::from_id("smoothed-script").unwrap();
    // Same parameters in both (the file sets the script's to the built-in's).
    assert_eq!(
        s.algorithms.get(port, "ga"),
        s.algorithms.get(Algorithm::Smoothed, "ga")
    );
    let mut csv = Vec::new();
    headless::run(&s, Some(9.0), Some(&mut csv)).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    // Rows per tick: the built-in and the port, their columns x..heading equal as text
    // (every digit of every f32), the algorithm column aside.
    let columns = |algorithm: &str| -> Vec<String> {
        csv.lines()
            .filter(|l| l.split(',').nth(4) == Some(algorithm))
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                format!("{},{}", f[0], f[5..].join(","))
            })
            .collect()
    };
    let (builtin, script) = (columns("smoothed"), columns("smoothed-script"));
    assert!(builtin.len() > 200, "{} rows", builtin.len());
    assert_eq!(builtin, script);
}

#[test]
fn shipped_scripts_fly_against_the_circler_and_show_their_readouts() {
    let s = shipped();
    let mut world = s.build().unwrap();
    for _ in 0..120 {
        world.step();
    }
    let apn = Algorithm::from_id("apn").unwrap();
    let m = world
        .missiles()
        .iter()
        .find(|m| m.algorithm() == apn)
        .unwrap();
    let readouts = m.guidance.readouts(world.tuning_for(m.source), world.dt());
    let labels: Vec<&str> = readouts.iter().map(|r| r.label).collect();
    assert_eq!(
        labels,
        [
            "LOS rate",
            "closing speed",
            "target accel across LOS",
            "commanded accel",
            "at the g-limit"
        ]
    );
    assert!(!world.debug_shapes(m).is_empty());
    // The file lowers apn's g-limit from 900 to 350.
    assert_eq!(
        s.algorithms.get(apn, "max_accel"),
        Some(steerlab::guidance::Value::Number(350.0))
    );
    let world = run(&s, 8.0);
    for id in ["smoothed-script", "apn"] {
        let m = first_of(&world, id);
        assert!(
            matches!(m.metrics.outcome, Outcome::Hit { .. }),
            "{id}: {:?}",
            m.metrics.outcome
        );
    }
}

#[test]
fn scripted_runs_are_deterministic() {
    let s = shipped();
    let a = run(&s, 6.0).state_hash();
    let b = run(&s, 6.0).state_hash();
    assert_eq!(a, b);
    // And on another thread.
    let s2 = s.clone();
    let c = std::thread::spawn(move || run(&s2, 6.0).state_hash())
        .join()
        .unwrap();
    assert_eq!(a, c);
}

#[test]
fn a_syntax_error_names_the_script_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let script = "param(\"k\", 1.0, 0.0, 2.0, \"\", \"gain\");\n\nfn steer(m, t, p, dt) {\n    let v = m.vel +;\n    v\n}\n";
    let e = with_script(dir.path(), "broken", script).unwrap_err();
    let first = &e.errors[0];
    assert!(first.file.ends_with("law.rhai"), "{first}");
    assert_eq!((first.line, first.col), (4, 20), "{first}");
    assert_eq!(first.path, "scripts[0]");
}

#[test]
fn a_script_without_steer_or_with_bad_parameters_is_refused_where_it_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let e = with_script(dir.path(), "nosteer", "fn fly(m) { m }").unwrap_err();
    assert!(
        e.errors[0]
            .message
            .contains("fn steer(missile, target, params, dt)"),
        "{e}"
    );
    let e = with_script(
        dir.path(),
        "badparam",
        "\nparam(\"k\", 5.0, 0.0, 2.0, \"\", \"gain\");\nfn steer(m, t, p, dt) { m.vel }",
    )
    .unwrap_err();
    assert_eq!((e.errors[0].line, e.errors[0].col), (2, 1), "{e}");
    assert!(e.errors[0].message.contains("the default"), "{e}");
}

#[test]
fn a_state_of_the_most_values_and_the_longest_string_is_kept() {
    // `ticks` and 63 more: 64 values, the most a state keeps; one of them 256 characters,
    // the longest string it keeps (one more of either fails, above).
    let how = "for i in 0..63 { this[`k${i}`] = i; } \
               let s = \"\"; for i in 0..256 { s += \"y\"; } this.k0 = s;";
    let (world, events, algorithm) = failing(how);
    let failed = events
        .iter()
        .filter(|e| matches!(&e.kind, EventKind::LawFailed { .. }))
        .count();
    assert_eq!(failed, 0, "{events:?}");
    assert!(
        world.missiles().iter().any(|m| m.algorithm() == algorithm),
        "its missile still flies"
    );
}

/// Flies a script that fails on its fifth tick in `how`; returns the world after 1 s
/// and its events.
fn failing(how: &str) -> (World, Vec<steerlab::sim::Event>, Algorithm) {
    let dir = tempfile::tempdir().unwrap();
    let id = format!("fails-{}", how.len());
    let script = format!(
        "fn launch(m, t, p, dt) {{ this.ticks = 0; m.dir * 200.0 }}\n\
         fn steer(m, t, p, dt) {{\n    this.ticks += 1;\n    if this.ticks == 5 {{\n        {how}\n    }}\n    m.vel\n}}\n"
    );
    let s = with_script(dir.path(), &id, &script).unwrap_or_else(|e| panic!("{e}"));
    let algorithm = Algorithm::from_id(&id).unwrap();
    let mut world = s.build().unwrap();
    let mut events = Vec::new();
    for _ in 0..60 {
        events.extend(world.step().iter().cloned());
    }
    (world, events, algorithm)
}

#[test]
fn a_failing_script_ends_only_its_missile_with_the_place_and_why() {
    for (how, line, expected) in [
        ("throw \"gave up\";", 5, "gave up"),
        ("let x = 1 / 0;", 5, "Division by zero"),
        // Rhai gives no position for running out of operations: the place is `fn steer`.
        ("loop { }", 2, "operations"),
        ("return vec2(0.0, 0.0) / 0.0;", 2, "non-finite"),
        ("return \"fast\";", 2, "return the new velocity"),
        ("this.bad = [1, 2];", 2, "state `bad`"),
        (
            "let s = \"\"; for i in 0..300 { s += \"y\"; } this.long = s;",
            2,
            "at most 256 characters",
        ),
        (
            "for i in 0..100 { this[`k${i}`] = i; }",
            2,
            "at most 64 values",
        ),
    ] {
        let (world, events, algorithm) = failing(how);
        let failed: Vec<_> = events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::LawFailed {
                    missile: Some(_),
                    algorithm: a,
                    error,
                } if *a == algorithm => Some((e.tick, error.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(failed.len(), 1, "{how}: {failed:?}");
        let (tick, error) = &failed[0];
        assert_eq!(*tick, 4, "{how}: fails on its fifth tick (tick 4)");
        assert!(
            error.place.contains(&format!("law.rhai:{line}:")),
            "{how}: {error}"
        );
        assert!(error.message.contains(expected), "{how}: {error}");
        assert!(
            !error.message.contains("(line "),
            "the place is said once: {error}"
        );
        if how.starts_with("loop") {
            // `fn steer` starts line 2, column 1.
            assert!(error.place.ends_with("law.rhai:2:1"), "{error}");
        }
        let all = world.all_missiles();
        let script = all.iter().find(|m| m.algorithm() == algorithm).unwrap();
        assert_eq!(
            script.metrics.outcome,
            Outcome::Missed(MissReason::LawFailed),
            "{how}"
        );
        let other = all
            .iter()
            .find(|m| m.algorithm() == Algorithm::ProNav)
            .unwrap();
        assert!(
            matches!(other.metrics.outcome, Outcome::Flying | Outcome::Hit { .. }),
            "{how}: pro-nav {:?}",
            other.metrics.outcome
        );
    }
}

#[test]
fn script_parameters_are_sliders_and_are_saved_in_the_scripts_entry() {
    let dir = tempfile::tempdir().unwrap();
    let script = "param(\"gain\", 2.0, 0.0, 10.0, \"\", \"Gain.\");\n\
                  param(\"mode\", \"fast\", [\"slow\", \"fast\"], \"Mode.\");\n\
                  param(\"steps\", 3, 1, 9, \"\", \"Steps.\");\n\
                  param(\"on\", true, \"Switch.\");\n\
                  fn steer(m, t, p, dt) { m.vel }\n";
    let mut s = with_script(dir.path(), "saved", script).unwrap();
    let algorithm = Algorithm::from_id("saved").unwrap();
    let names: Vec<&str> = algorithm.params().iter().map(|s| s.name).collect();
    assert_eq!(names, ["gain", "mode", "steps", "on"]);
    use steerlab::guidance::Value;
    s.algorithms
        .set(algorithm, "gain", Value::Number(4.5))
        .unwrap();
    s.algorithms
        .set(algorithm, "mode", Value::Choice(0))
        .unwrap();
    let text = scenario::to_text(&s);
    assert!(
        text.contains(r#"params: {"gain": 4.5, "mode": "slow"}"#),
        "{text}"
    );
    assert!(!text.contains("runtime"), "{text}");
    let path = dir.path().join("s.ron");
    std::fs::write(&path, &text).unwrap();
    let again = scenario::load(&path).unwrap();
    assert_eq!(
        again.algorithms.get(algorithm, "gain"),
        Some(Value::Number(4.5))
    );
    assert_eq!(
        again.algorithms.get(algorithm, "mode"),
        Some(Value::Choice(0))
    );
    assert_eq!(
        again.algorithms.get(algorithm, "steps"),
        Some(Value::Whole(3))
    );
}

#[test]
fn a_script_has_no_file_access_and_cannot_import() {
    let dir = tempfile::tempdir().unwrap();
    let e = with_script(
        dir.path(),
        "importer",
        "import \"secrets\" as s;\nfn steer(m, t, p, dt) { m.vel }",
    )
    .unwrap_err();
    assert!(e.errors[0].message.to_lowercase().contains("module"), "{e}");
}

#[test]
fn compile_reports_errors_like_check() {
    let e = ScriptLaw::compile("x", "x.rhai", "fn steer(a, b, c, d) { (", None).unwrap_err();
    assert_eq!(e.to_string().split(':').next(), Some("x.rhai"));
    assert_eq!(e.line, 1);
}

fn steerlab(args: &[&str], dir: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_steerlab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn the_command_line_names_a_failing_script_and_check_refuses_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    with_script(
        dir.path(),
        "divider",
        "fn steer(m, t, p, dt) {\n  let x = 1 / 0;\n  m.vel\n}\n",
    )
    .unwrap();
    let out = steerlab(&["run", "s.ron", "--seconds", "1"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("law failed at tick 0: M0 (divider): law.rhai:2:13: Division by zero"),
        "{stdout}"
    );
    // The failed missile's closest approach is where it stopped, not infinity:
    // from (100, 500) to (600, 300) is sqrt(500^2 + 200^2) = 538.52.
    assert!(stdout.contains("538.52"), "{stdout}");
    // --algorithm takes the script's id.
    let out = steerlab(
        &["run", "s.ron", "--algorithm", "divider", "--seconds", "1"],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("divider") && !stdout.contains("pro-nav"),
        "{stdout}"
    );

    std::fs::write(
        dir.path().join("law.rhai"),
        "fn steer(m, t, p, dt) {\n  m.vel +\n}\n",
    )
    .unwrap();
    let out = steerlab(&["check", "s.ron"], dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(
        format!("{stdout}{stderr}").contains("law.rhai:3:1:"),
        "{stdout}{stderr}"
    );
}

/// The first `rhai` block of docs/scripting.md after `heading` (from the top if empty).
fn docs_script(heading: &str) -> String {
    let docs = std::fs::read_to_string(root().join("docs/scripting.md")).unwrap();
    let section = &docs[docs.find(heading).unwrap()..];
    let start = section.find("```rhai\n").unwrap() + "```rhai\n".len();
    section[start..start + section[start..].find("```").unwrap()].to_string()
}

/// Flies `script` as law `id` for 6 s against a drifting target and asserts it hits.
fn flies_and_hits(script: &str, id: &str) {
    let dir = tempfile::tempdir().unwrap();
    let s = with_script(dir.path(), id, script).unwrap_or_else(|e| panic!("{e}"));
    let world = run(&s, 6.0);
    let m = first_of(&world, id);
    assert!(
        matches!(m.metrics.outcome, Outcome::Hit { .. }),
        "{id}: {:?}",
        m.metrics.outcome
    );
}

#[test]
fn the_docs_blend_of_steering_helpers_flies_and_hits() {
    let script = docs_script("### Composing Reynolds' behaviours");
    assert!(script.contains("pursuit(") && script.contains("steer_step("));
    flies_and_hits(&script, "blend");
}

#[test]
fn the_first_script_in_the_docs_flies_and_hits() {
    flies_and_hits(&docs_script(""), "docs-first");
}

#[test]
fn scripts_without_a_colour_take_the_palette_by_place_and_a_given_one_is_kept() {
    use steerlab::guidance::runtime::palette;
    use steerlab::scenario::scripts::ScriptSpec;
    let spec = |color| ScriptSpec {
        id: "x".into(),
        path: "x.rhai".into(),
        color,
        params: Default::default(),
    };
    assert_eq!(spec(None).color_at(0), palette(0));
    assert_eq!(spec(None).color_at(1), palette(1));
    assert_ne!(palette(0), palette(1));
    assert_eq!(spec(Some((1, 2, 3))).color_at(5), [1, 2, 3]);
    // In a loaded scenario (loading registers its scripts, known while it is open):
    // the first and second.
    let _open = shipped();
    let first = Algorithm::from_id("smoothed-script").unwrap();
    let second = Algorithm::from_id("seek-arrival").unwrap();
    assert_eq!((first.color(), second.color()), (palette(0), palette(1)));
}

#[test]
fn a_scenario_names_at_most_32_scripts() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("law.rhai"),
        "fn steer(m, t, p, dt) { m.vel }",
    )
    .unwrap();
    let with = |n: usize| {
        let scripts: Vec<String> = (0..n)
            .map(|i| format!("(id: \"many-{i}\", path: \"law.rhai\")"))
            .collect();
        let text = format!(
            "(version: 1, scripts: [{}], targets: [(name: \"t\", motion: Static(pos: (1, 1)))])",
            scripts.join(", ")
        );
        let path = dir.path().join("s.ron");
        std::fs::write(&path, text).unwrap();
        scenario::load(&path)
    };
    assert!(with(32).is_ok());
    let e = with(33).unwrap_err();
    assert!(
        e.to_string()
            .contains("scripts: expected at most 32 scripts, found 33"),
        "{e}"
    );
}

#[test]
fn a_script_that_is_not_utf8_text_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("law.rhai");
    std::fs::write(&path, b"// fine\nfn steer(m, t, p, dt) { m.vel } // \xff\n").unwrap();
    let e = ScriptLaw::load("bytes", &path, "law.rhai", None).unwrap_err();
    assert_eq!((e.line, e.col), (2, 36), "{e}");
    assert!(e.message.contains("not valid UTF-8 text: byte 0xff"), "{e}");
}

#[test]
fn steer_and_launch_take_four_arguments() {
    let e = ScriptLaw::compile("three", "x.rhai", "fn steer(m, t, p) { m.vel }", None).unwrap_err();
    assert!(e.message.contains("with 4 parameters, found 3"), "{e}");
    let e = ScriptLaw::compile(
        "launch-two",
        "x.rhai",
        "fn launch(m, t) { m.vel }\nfn steer(m, t, p, dt) { m.vel }",
        None,
    )
    .unwrap_err();
    assert!(
        e.message
            .contains("`fn launch(missile, target, params, dt)` with 4 parameters, found 2"),
        "{e}"
    );
}

#[test]
fn a_script_law_without_a_colour_takes_one_from_the_palette_and_shows_its_id_and_file() {
    use steerlab::guidance::runtime::palette;
    use steerlab::guidance::RuntimeLaw;
    let colors: std::collections::BTreeSet<[u8; 3]> = (0..24)
        .map(|i| {
            let law = ScriptLaw::compile(
                &format!("c{i}"),
                "c.rhai",
                "fn steer(m, t, p, dt) { m.vel }",
                None,
            )
            .unwrap();
            let color = law.info().color;
            assert!((0..8).any(|k| palette(k) == color), "{color:?}");
            color
        })
        .collect();
    assert!(colors.len() > 3, "{colors:?}");
    let law = ScriptLaw::compile(
        "shown",
        "dir/shown.rhai",
        "fn steer(m, t, p, dt) { m.vel }",
        None,
    )
    .unwrap();
    let debug = format!("{law:?}");
    assert!(
        debug.contains("shown") && debug.contains("dir/shown.rhai"),
        "{debug}"
    );
}

fn compiles(id: &str, source: &str) -> Result<ScriptLaw, String> {
    ScriptLaw::compile(id, "x.rhai", source, None).map_err(|e| e.to_string())
}

const STEER: &str = "fn steer(m, t, p, dt) { m.vel }";

#[test]
fn ids_are_letters_digits_dashes_and_underscores_up_to_40() {
    for good in ["a-b_C9", &"x".repeat(40)] {
        assert!(compiles(good, STEER).is_ok(), "{good}");
    }
    for bad in ["", "has space", "ümlaut", &"x".repeat(41), "dot.ted"] {
        let e = compiles(bad, STEER).unwrap_err();
        assert!(
            e.contains("expected an id of letters, digits"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn parameter_declarations_are_checked_where_they_are_written() {
    let declare = |decl: &str| compiles("decl", &format!("{decl}\n{STEER}"));
    for good in [
        r#"param("_ok", 1.0, 0.0, 2.0, "", "");"#,
        r#"param("ok_2", 1, 0, 2, "", "");"#,
        &format!(
            r#"param("c", "n0", [{}], "");"#,
            (0..32)
                .map(|i| format!("\"n{i}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ] {
        assert!(declare(good).is_ok(), "{good}: {:?}", declare(good).err());
    }
    for (bad, expected) in [
        (
            r#"param("1abc", 1.0, 0.0, 2.0, "", "");"#,
            "x.rhai:1:1: expected a parameter name",
        ),
        (
            r#"param("a-b", 1.0, 0.0, 2.0, "", "");"#,
            "expected a parameter name",
        ),
        (
            &format!(r#"param("{}", 1.0, 0.0, 2.0, "", "");"#, "p".repeat(41)),
            "expected a parameter name",
        ),
        (
            r#"param("k", 2.0, 2.0, 2.0, "", "");"#,
            "expected finite min < max, found 2 and 2",
        ),
        (
            r#"param("k", 2.0, 3.0, 1.0, "", "");"#,
            "expected finite min < max, found 3 and 1",
        ),
        (
            r#"param("k", 2, 2, 2, "", "");"#,
            "expected min < max, found 2 and 2",
        ),
        (
            r#"param("c", "a", [], "");"#,
            "expected 1 to 32 choices, found 0",
        ),
        (
            &format!(
                r#"param("c", "n0", [{}], "");"#,
                (0..33)
                    .map(|i| format!("\"n{i}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "expected 1 to 32 choices, found 33",
        ),
        (
            r#"param("c", "z", ["a", "b"], "");"#,
            "expected the default to be one of: a, b, found \"z\"",
        ),
    ] {
        let e = declare(bad).unwrap_err();
        assert!(e.contains(expected), "{bad}: {e}");
    }
}

#[test]
fn a_scripts_fingerprint_tells_its_versions_apart() {
    use steerlab::guidance::RuntimeLaw;
    let a = compiles("fp", STEER).unwrap().fingerprint();
    assert_eq!(a, compiles("fp", STEER).unwrap().fingerprint());
    for other in [
        "fn steer(m, t, p, dt) { m.pos }",
        "fn steer(m, t, p, dt) { m.vel } ",
        "fn steer(a, t, p, dt) { a.vel }",
    ] {
        assert_ne!(a, compiles("fp", other).unwrap().fingerprint(), "{other}");
    }
}

/// A scenario of one launcher firing `salvo` of the script `law.rhai` (written) and of
/// pro-nav, fanned over 40 degrees, at a target 800 away.
fn salvo_of(dir: &Path, script: &str, salvo: u32) -> Scenario {
    salvo_of_laws(dir, script, salvo, r#""flock", "pro-nav""#)
}

/// As [`salvo_of`], `salvo` of each of `laws` (written as in a file's list).
fn salvo_of_laws(dir: &Path, script: &str, salvo: u32, laws: &str) -> Scenario {
    std::fs::write(dir.join("law.rhai"), script).unwrap();
    let text = format!(
        r#"(
    version: 1,
    scripts: [(id: "flock", path: "law.rhai")],
    targets: [(name: "t", motion: Static(pos: (900, 300)))],
    launchers: [
        (pos: (100, 300), target: "t", algorithms: [{laws}], salvo: {salvo},
         spread: 40, launch_velocity: (200, 0)),
    ],
)"#
    );
    let path = dir.join("s.ron");
    std::fs::write(&path, text).unwrap();
    scenario::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// A number or a vector a script kept in `this`.
fn kept(m: &steerlab::sim::Missile, key: &str) -> Option<StateValue> {
    match &m.guidance {
        steerlab::guidance::Guidance::Runtime(g) => g.state.values.get(key).cloned(),
        _ => None,
    }
}

#[test]
fn a_script_sees_the_other_missiles_in_flight_as_they_were_at_the_start_of_the_tick() {
    let dir = tempfile::tempdir().unwrap();
    let script = "fn steer(m, t, p, dt) {\n    this.n = m.neighbours.len();\n    this.first = m.neighbours[0].pos;\n    this.first_vel = m.neighbours[0].vel;\n    m.vel\n}\n";
    let s = salvo_of(dir.path(), script, 1);
    let mut world = s.build().unwrap();
    // Launched on tick 0; on the next the script's missile sees the pro-nav one.
    world.step();
    let pro_nav = |w: &World| {
        let m = w
            .missiles()
            .iter()
            .find(|m| m.algorithm().id() == "pro-nav");
        m.unwrap().body
    };
    let before = pro_nav(&world);
    world.step();
    let mine = first_of(&world, "flock");
    assert_eq!(kept(mine, "n"), Some(StateValue::Number(1.0)));
    let v = |p: glam::Vec2| Some(StateValue::Vector([p.x as f64, p.y as f64]));
    assert_eq!(kept(mine, "first"), v(before.pos));
    assert_eq!(kept(mine, "first_vel"), v(before.vel));
    // ...and not itself, and the pro-nav missile moved on since.
    assert_ne!(pro_nav(&world).pos, before.pos);
}

#[test]
fn a_script_sees_the_nearest_sixteen_nearest_first_and_separation_spreads_a_salvo() {
    let dir = tempfile::tempdir().unwrap();
    // Seek the target, and keep `spacing` from the others of the salvo.
    let script = |spacing: f32| {
        format!(
            "fn steer(m, t, p, dt) {{\n    let d = [];\n    for n in m.neighbours {{ d.push(n.pos.distance(m.pos)); }}\n    this.n = d.len();\n    this.sorted = true;\n    for i in 1..d.len() {{ if d[i] < d[i - 1] {{ this.sorted = false; }} }}\n    let force = seek(m.pos, m.vel, t.pos, 200.0) + separation(m.pos, m.vel, m.neighbours, 200.0, {spacing:.1});\n    steer_step(m.vel, force, 400.0, 200.0, dt)\n}}\n"
        )
    };
    // Twelve of each law: 23 others, the nearest 16 seen, nearest first.
    let crowded = salvo_of(dir.path(), &script(0.0), 12);
    let mut world = crowded.build().unwrap();
    for _ in 0..3 {
        world.step();
    }
    for m in world
        .missiles()
        .iter()
        .filter(|m| m.algorithm().id() == "flock")
    {
        assert_eq!(kept(m, "n"), Some(StateValue::Number(16.0)));
        assert_eq!(kept(m, "sorted"), Some(StateValue::Bool(true)));
    }
    // Seventeen of the script alone: each sees exactly the sixteen others.
    let seventeen = salvo_of_laws(dir.path(), &script(0.0), 17, r#""flock""#);
    let mut world = seventeen.build().unwrap();
    for _ in 0..3 {
        world.step();
    }
    assert_eq!(world.missiles().len(), 17);
    for m in world.missiles() {
        assert_eq!(kept(m, "n"), Some(StateValue::Number(16.0)));
    }
    // Six of the script (and six of pro-nav): after a second, the mean distance from
    // each of the script's missiles to its nearest other is larger with separation.
    let spread = |spacing: f32| {
        let s = salvo_of(dir.path(), &script(spacing), 6);
        let world = run(&s, 1.0);
        let all = world.missiles();
        let mine: Vec<_> = all
            .iter()
            .filter(|m| m.algorithm().id() == "flock")
            .collect();
        assert_eq!(mine.len(), 6, "all still flying");
        let nearest = |m: &steerlab::sim::Missile| {
            (all.iter().filter(|o| o.id != m.id))
                .map(|o| o.body.pos.distance(m.body.pos))
                .fold(f32::INFINITY, f32::min)
        };
        mine.iter().map(|m| nearest(m)).sum::<f32>() / 6.0
    };
    // (Measured: 16.6 without, 72.8 with a spacing of 60.)
    let (close, apart) = (spread(0.0), spread(60.0));
    assert!(apart > close * 1.5, "{close} -> {apart}");
}

#[test]
fn a_script_steered_without_the_others_sees_no_neighbours() {
    use steerlab::core::{Body, Seen};
    use steerlab::guidance::{RuntimeLaw, RuntimeState};
    let source = "fn steer(m, t, p, dt) {\n    this.n = m.neighbours.len();\n    m.vel + vec2(1.0, 0.0)\n}\n";
    let law = ScriptLaw::compile("alone", "alone.rhai", source, None).unwrap();
    let mut state = RuntimeState::default();
    let mut body = Body {
        pos: glam::Vec2::ZERO,
        vel: glam::Vec2::new(10.0, 0.0),
        heading: 0.0,
    };
    let seen = Seen {
        target_pos: glam::Vec2::new(100.0, 0.0),
        target_vel: glam::Vec2::ZERO,
        dt: 0.5,
    };
    let signal = law.steer(&law.defaults(), &mut state, &mut body, &seen);
    assert!(matches!(signal, Ok(None)));
    // It flew its answer: (11, 0) for half a second.
    assert_eq!(body.vel, glam::Vec2::new(11.0, 0.0));
    assert_eq!(body.pos, glam::Vec2::new(5.5, 0.0));
    assert_eq!(state.values.get("n"), Some(&StateValue::Number(0.0)));
}
