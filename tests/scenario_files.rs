//! Scenario files through the public API: every deliberately broken file in
//! `tests/broken` is refused with its first error at the exact line, column and field
//! path and a message that says what was expected and what was found; the shipped
//! scenarios and the documented examples parse; saving is atomic; and random valid
//! scenarios survive a text and a disk round trip unchanged.

use glam::Vec2;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use steerlab::guidance::{
    Algorithm, ParamKind, ParamSpec, ParamValue, Tunable, Tuning, TurnRateParams,
};
use steerlab::scenario::{self, presets, Scenario, ScenarioErrors};
use steerlab::sim::fly_program::FlyProgramSpec;
use steerlab::sim::launcher::{LauncherSpec, MissileSpec, TurretSpec};
use steerlab::sim::rain::RainSpec;
use steerlab::sim::{Motion, TargetSpec, WorldConfig};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn broken_dir() -> PathBuf {
    root().join("tests").join("broken")
}

/// The `.ron` files in a directory, sorted by name.
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

/// A fresh empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("scenario_files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in a directory, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Parses without letting a panic escape: a panic is a test failure of its own.
fn parse_no_panic(text: &str, label: &str) -> Result<Scenario, ScenarioErrors> {
    let (owned_text, owned_label) = (text.to_string(), label.to_string());
    std::panic::catch_unwind(move || scenario::parse(&owned_text, &owned_label))
        .unwrap_or_else(|_| panic!("{label}: parse panicked"))
}

// ---------------------------------------------------------------------------------------
// Broken files
// ---------------------------------------------------------------------------------------

/// What a broken file's first error must be.
struct Expect {
    file: &'static str,
    line: usize,
    col: usize,
    path: &'static str,
    /// A fragment of the message saying what was expected.
    expected: &'static str,
    /// A fragment of the message saying what was found.
    found: &'static str,
}

const fn e(
    file: &'static str,
    line: usize,
    col: usize,
    path: &'static str,
    expected: &'static str,
    found: &'static str,
) -> Expect {
    Expect {
        file,
        line,
        col,
        path,
        expected,
        found,
    }
}

/// Every file in `tests/broken`, with its first error.
const BROKEN: &[Expect] = &[
    e("syntax-unclosed-paren.ron", 6, 5, "targets[0]", "expected a field name or a closing `)`", "found `]`"),
    e("type-string-for-number.ron", 4, 20, "world.width", "expected a number", "found the string \"wide\""),
    e("type-number-for-list.ron", 6, 48, "launchers[0].algorithms", "expected a list", "found the number 5"),
    e("unknown-field-top.ron", 5, 5, "gravity", "expected one of: version, name,", "unknown field `gravity`"),
    e("unknown-field-target.ron", 5, 21, "targets[0].colour", "expected one of: name, radius,", "unknown field `colour`"),
    e(
        "unknown-field-smoothed.ron",
        5,
        29,
        "algorithms.smoothed.gain",
        "expected one of: ga, speed, constant_speed",
        "unknown field `gain`",
    ),
    e(
        "unknown-algorithm-id.ron",
        6,
        61,
        "launchers[0].algorithms[1]",
        "expected one of: smoothed, turn-rate, newton, quartic, naive-accel, intercept, heat-seeker, pro-nav",
        "`laser`",
    ),
    e(
        "unknown-motion-variant.ron",
        5,
        29,
        "targets[0].motion",
        "expected one of: Static, Constant, Circle, Weave, Path, FlyProgram, Driven",
        "`Spiral`",
    ),
    e("missing-motion.ron", 5, 9, "targets[0]", "missing field `motion`", "`motion`"),
    e("missing-launcher-target.ron", 6, 9, "launchers[0]", "missing field `target`", "`target`"),
    e("smoothed-ga-too-big.ron", 5, 24, "algorithms.smoothed.ga", "expected a value in 0..=1", "found 1.5"),
    e("smoothed-speed-negative.ron", 5, 27, "algorithms.smoothed.speed", "expected a value in 0..=100", "found -1"),
    e("intercept-speed-negative.ron", 5, 28, "algorithms.intercept.speed", "expected a value in 1..=5000", "found -5"),
    e("rain-min-speed-negative.ron", 5, 20, "rain.min_speed", "expected a value in 0..=1000000", "found -10"),
    e("rain-max-below-min.ron", 6, 20, "rain.max_speed", "expected at least min_speed (80)", "found 40"),
    e("nan-radius.ron", 5, 64, "targets[0].motion.radius", "expected a finite number", "found NaN"),
    e("inf-pos.ron", 5, 42, "targets[0].motion.pos[0]", "expected a finite number", "found inf"),
    e("huge-number.ron", 4, 20, "world.width", "at most about 3.4e38", "found 1e39, which overflows"),
    e("unknown-target-ref.ron", 6, 31, "launchers[0].target", "expected one of: t", "unknown target `ghost`"),
    e("unknown-hero.ron", 5, 70, "targets[0].motion.hero", "expected one of: enemy", "unknown target `player`"),
    e("fly-command-300.ron", 5, 63, "targets[0].motion.program[2]", "expected a command in 0..=299", "found 300"),
    e(
        "fly-command-column-15.ron",
        5,
        63,
        "targets[0].motion.program[2]",
        "expected a grid point with a column in 0..=14",
        "found 15 (row 0, column 15)",
    ),
    e(
        "fly-jump-past-end.ron",
        5,
        63,
        "targets[0].motion.program[2]",
        "expected a jump to a command index in 0..=2",
        "found 265, a jump to index 5",
    ),
    e("duplicate-target-names.ron", 6, 16, "targets[1].name", "name `t`", "already used by targets[0]"),
    e("salvo-too-big.ron", 6, 69, "launchers[0].salvo", "expected at most 1000000 missiles per volley", "found 5000000"),
    e("tick-rate-too-high.ron", 4, 24, "world.tick_rate", "expected a value in 1..=1000", "found 100000"),
    e("path-no-points.ron", 5, 42, "targets[0].motion.points", "expected at least one point", "found none"),
    e("version-future.ron", 3, 14, "version", "expected version 1 or older", "found 2: this file is from a newer steerlab"),
    e("version-zero.ron", 3, 14, "version", "expected version 1", "found 0"),
    e("empty.ron", 1, 1, "", "expected a scenario `(version: 1, ...)`", "found an empty file"),
    e("list-not-struct.ron", 2, 1, "", "expected a scenario `(version: 1, ...)`", "found a list `[`"),
    e(
        "heat-seeker-max-speed-zero.ron",
        5,
        34,
        "algorithms.heat_seeker.max_speed",
        "expected an integer in 1..=200",
        "found 0",
    ),
    e(
        "newton-iterations-too-many.ron",
        5,
        49,
        "algorithms.newton.iterations",
        "expected an integer in 1..=64",
        "found 1000",
    ),
    e("tick-rate-zero.ron", 4, 36, "world.tick_rate", "expected a value in 1..=1000", "found 0"),
    e("lifetime-zero.ron", 6, 82, "launchers[0].missile.lifetime", "expected a value in 0.001..=1000000", "found 0"),
    e("spread-too-wide.ron", 6, 80, "launchers[0].spread", "expected a value in 0..=360", "found 400"),
    e(
        "rain-keyframes-out-of-order.ron",
        7,
        38,
        "rain.rate[2][0]",
        "expected keyframe times in order, at or after the previous 30",
        "found 10",
    ),
];

/// Checks one broken file against its expectation; returns a description of every
/// mismatch (empty when it matches).
fn check_broken(expect: &Expect) -> Vec<String> {
    let path = broken_dir().join(expect.file);
    let label = format!("tests/broken/{}", expect.file);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => return vec![format!("{label}: cannot read: {e}")],
    };
    let errors = match parse_no_panic(&text, &label) {
        Ok(_) => return vec![format!("{label}: parsed, but it is broken")],
        Err(errors) => errors,
    };
    let mut problems = Vec::new();
    let Some(first) = errors.0.first() else {
        return vec![format!("{label}: Err with no errors in it")];
    };
    if (first.line, first.col, first.path.as_str()) != (expect.line, expect.col, expect.path) {
        problems.push(format!(
            "{label}: first error at {}:{} path `{}`, expected {}:{} path `{}` (message: {})",
            first.line, first.col, first.path, expect.line, expect.col, expect.path, first.message
        ));
    }
    for fragment in [expect.expected, expect.found] {
        if !first.message.contains(fragment) {
            problems.push(format!(
                "{label}: message `{}` does not contain `{fragment}`",
                first.message
            ));
        }
    }
    if first.file != label {
        problems.push(format!("{label}: error names file `{}`", first.file));
    }
    // The displayed form is file:line:col: path: message.
    let shown = first.to_string();
    let prefix = if first.path.is_empty() {
        format!("{label}:{}:{}: ", first.line, first.col)
    } else {
        format!("{label}:{}:{}: {}: ", first.line, first.col, first.path)
    };
    if !shown.starts_with(&prefix) || !shown.ends_with(&first.message) {
        problems.push(format!("{label}: displayed as `{shown}`"));
    }
    // Errors are sorted by position, and each one names a real place in the file.
    let lines = text.lines().count().max(1);
    for pair in errors.0.windows(2) {
        if (pair[0].line, pair[0].col) > (pair[1].line, pair[1].col) {
            problems.push(format!("{label}: errors out of order: {errors}"));
        }
    }
    for error in &errors.0 {
        if error.line == 0 || error.col == 0 || error.line > lines + 1 {
            problems.push(format!("{label}: error outside the file: {error}"));
        }
    }
    problems
}

#[test]
fn every_broken_file_reports_its_first_error_exactly() {
    let problems: Vec<String> = BROKEN.iter().flat_map(check_broken).collect();
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_broken_file_is_covered_by_the_table_and_vice_versa() {
    let on_disk: BTreeSet<String> = ron_files(&broken_dir())
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let in_table: BTreeSet<String> = BROKEN.iter().map(|e| e.file.to_string()).collect();
    assert_eq!(
        in_table.len(),
        BROKEN.len(),
        "a file is listed twice in BROKEN"
    );
    let untested: Vec<_> = on_disk.difference(&in_table).collect();
    let missing: Vec<_> = in_table.difference(&on_disk).collect();
    assert!(
        untested.is_empty(),
        "broken files without an expectation in BROKEN: {untested:?}"
    );
    assert!(
        missing.is_empty(),
        "BROKEN lists files that do not exist: {missing:?}"
    );
    assert!(on_disk.len() >= 28, "only {} broken files", on_disk.len());
}

#[test]
fn every_broken_file_says_what_is_wrong_in_a_comment_at_the_top() {
    for file in ron_files(&broken_dir()) {
        let text = std::fs::read_to_string(&file).unwrap();
        if text.is_empty() {
            // The empty file can say nothing; its name does.
            continue;
        }
        let first = text.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("// Broken: "),
            "{}: first line is `{first}`",
            file.display()
        );
    }
}

#[test]
fn a_future_version_is_the_only_error_reported() {
    let text = std::fs::read_to_string(broken_dir().join("version-future.ron")).unwrap();
    // The file also has a field this version does not know: a newer format may add it.
    assert!(text.contains("gravity"));
    let errors = scenario::parse(&text, "future.ron").unwrap_err();
    assert_eq!(errors.0.len(), 1, "{errors}");
    assert_eq!(errors.0[0].path, "version");
}

#[test]
fn a_file_with_several_problems_reports_them_all_in_order() {
    let text = "(\n    version: 1,\n    world: (tick_rate: 0),\n    algorithms: (smoothed: (ga: 2)),\n    targets: [(name: \"t\", motion: Static(pos: (NaN, 0)))],\n)\n";
    let errors = scenario::parse(text, "many.ron").unwrap_err();
    let found: Vec<(usize, usize, &str)> = errors
        .0
        .iter()
        .map(|e| (e.line, e.col, e.path.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (3, 24, "world.tick_rate"),
            (4, 33, "algorithms.smoothed.ga"),
            (5, 48, "targets[0].motion.pos[0]")
        ],
        "{errors}"
    );
    // Displayed one per line.
    assert_eq!(errors.to_string().lines().count(), 3);
}

#[test]
fn more_syntax_and_type_mistakes_point_at_the_offending_token() {
    // (text, line, col, path, message fragment)
    let cases: &[(&str, usize, usize, &str, &str)] = &[
        // A missing comma between fields: at the field after the gap.
        ("(version: 1 name: \"a\")", 1, 13, "", "expected `,`, found `name`"),
        // A second value after the scenario.
        ("(version: 1)\n(version: 1)\n", 2, 1, "", "expected the end of the file after the scenario, found `(`"),
        // A float where an integer goes: at the number, with the field's path.
        (
            "(version: 1, algorithms: (heat_seeker: (max_speed: 1.5)))",
            1,
            52,
            "algorithms.heat_seeker.max_speed",
            "expected an integer, found the number 1.5",
        ),
        // A point with three coordinates: at the extra one.
        (
            "(version: 1, targets: [(name: \"t\", motion: Static(pos: (1, 2, 3)))])",
            1,
            63,
            "targets[0].motion.pos",
            "found the number 3",
        ),
        // A field given twice: at the second.
        ("(version: 1, version: 1)", 1, 14, "", "field `version` given twice"),
        // A negative where only non-negative integers go.
        ("(version: 1, world: (seed: -4))", 1, 28, "world.seed", "found the number -4"),
        // An unclosed string.
        ("(version: 1, name: \"abc)\n", 1, 20, "name", "unclosed string"),
        // A string where an integer goes.
        ("(version: \"1\")", 1, 11, "version", "expected an integer, found the string \"1\""),
        // A fly program with no commands.
        (
            "(version: 1, targets: [(name: \"t\", motion: FlyProgram(program: []))])",
            1,
            64,
            "targets[0].motion.program",
            "expected at least one command, found none",
        ),
        // A launcher with no algorithms.
        (
            "(version: 1, targets: [(name: \"t\", motion: Static(pos: (1, 2)))], launchers: [(pos: (0, 0), target: \"t\", algorithms: [])])",
            1,
            118,
            "launchers[0].algorithms",
            "expected at least one algorithm, found none",
        ),
        // Only a comment.
        ("// nothing here\n", 1, 16, "", "found the end of the file"),
        // A choice parameter with an unknown name.
        (
            "(version: 1, algorithms: (intercept: (root_rule: \"latest\")))",
            1,
            50,
            "algorithms.intercept.root_rule",
            "unknown value `latest`, expected one of: earliest, article-max",
        ),
    ];
    let mut problems = Vec::new();
    for &(text, line, col, path, fragment) in cases {
        match parse_no_panic(text, "case.ron") {
            Ok(_) => problems.push(format!("{text:?}: parsed")),
            Err(errors) => {
                let first = &errors.0[0];
                if (first.line, first.col, first.path.as_str()) != (line, col, path)
                    || !first.message.contains(fragment)
                {
                    problems.push(format!(
                        "{text:?}: got `{first}`, expected {line}:{col} `{path}` with `{fragment}`"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn truncated_files_never_panic_and_never_half_load() {
    // Every prefix of a valid file either is a valid scenario or is refused; none panics.
    let text = presets::shipped("fly-program").unwrap();
    let full = scenario::parse(text, "full").unwrap();
    let cuts: Vec<usize> = text.char_indices().map(|(i, _)| i).step_by(7).collect();
    for cut in cuts {
        let prefix = &text[..cut];
        if let Ok(s) = parse_no_panic(prefix, "prefix") {
            // A prefix that still parses is a complete file in its own right (only
            // trailing comments or whitespace were cut), so it is the whole scenario.
            assert_eq!(
                s, full,
                "a prefix of {cut} bytes loaded as a different scenario"
            );
        }
    }
}

#[test]
fn a_broken_file_never_replaces_a_loaded_scenario() {
    let dir = temp_dir("never-replaces");
    let path = dir.join("scene.ron");
    std::fs::write(&path, presets::shipped("default").unwrap()).unwrap();
    let mut current = scenario::load(&path).expect("the default scenario loads");
    let original = current.clone();
    for file in ron_files(&broken_dir()) {
        let broken = std::fs::read(&file).unwrap();
        // Loading the broken file itself: refused, and the file is untouched.
        let errors = scenario::load(&file)
            .err()
            .unwrap_or_else(|| panic!("{} loaded", file.display()));
        assert!(!errors.0.is_empty());
        assert_eq!(
            std::fs::read(&file).unwrap(),
            broken,
            "{} changed on disk",
            file.display()
        );
        // The same text saved over the scene by someone else: the caller keeps its value.
        std::fs::write(&path, &broken).unwrap();
        if let Ok(loaded) = scenario::load(&path) {
            current = loaded;
        }
        assert_eq!(
            current,
            original,
            "{} replaced the loaded scenario",
            file.display()
        );
        assert_eq!(std::fs::read(&path).unwrap(), broken);
    }
    // A missing file is an error too, with the file named.
    let missing = dir.join("missing.ron");
    let errors = scenario::load(&missing).unwrap_err();
    assert_eq!(errors.0[0].file, missing.display().to_string());
    assert!(errors.0[0].message.contains("cannot read"), "{errors}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Shipped scenarios and the documentation
// ---------------------------------------------------------------------------------------

#[test]
fn every_shipped_scenario_file_parses_and_is_embedded() {
    let files = ron_files(&root().join("scenarios"));
    assert!(!files.is_empty());
    let mut names = BTreeSet::new();
    for file in &files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).unwrap();
        let loaded = scenario::load(file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(loaded.version, scenario::VERSION);
        assert!(!loaded.name.is_empty(), "{name} has no name");
        loaded.build().unwrap_or_else(|e| panic!("{name}: {e}"));
        let embedded =
            presets::shipped(&name).unwrap_or_else(|| panic!("{name} is not in presets::SHIPPED"));
        assert_eq!(
            embedded, text,
            "the embedded {name} differs from scenarios/{name}.ron"
        );
        assert_eq!(presets::shipped(&format!("{name}.ron")), Some(embedded));
        names.insert(name);
    }
    let shipped: BTreeSet<String> = presets::SHIPPED
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    assert_eq!(shipped, names, "presets::SHIPPED and scenarios/ differ");
    assert_eq!(
        presets::SHIPPED.len(),
        names.len(),
        "a name is listed twice in SHIPPED"
    );
    assert_eq!(presets::SHIPPED[0].0, "default");
    assert_eq!(
        presets::default_scenario(),
        scenario::parse(presets::SHIPPED[0].1, "x").unwrap()
    );
}

#[test]
fn shipped_scenarios_survive_a_text_round_trip() {
    for (name, text) in presets::SHIPPED {
        let parsed = scenario::parse(text, name).unwrap();
        let again = scenario::parse(&scenario::to_text(&parsed), name)
            .unwrap_or_else(|e| panic!("{name}: saved text does not parse: {e}"));
        assert_eq!(again, parsed, "{name}");
    }
}

/// The bodies of the ```ron code blocks of a Markdown text.
fn ron_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in markdown.lines().enumerate() {
        let fence = line.trim_start();
        match &mut current {
            None if fence.starts_with("```ron") => current = Some((i + 2, String::new())),
            Some(_) if fence.starts_with("```") => blocks.push(current.take().unwrap()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    assert!(current.is_none(), "an unclosed ```ron block");
    blocks
}

#[test]
fn the_documented_examples_parse() {
    let doc_path = root().join("docs").join("scenario-format.md");
    let doc = std::fs::read_to_string(&doc_path).unwrap();
    let blocks = ron_blocks(&doc);
    assert!(
        !blocks.is_empty(),
        "no ```ron blocks in docs/scenario-format.md"
    );
    let mut kinds = BTreeSet::new();
    for (line, body) in &blocks {
        let label = format!("docs/scenario-format.md (block at line {line})");
        let scenario = scenario::parse(body, &label).unwrap_or_else(|e| panic!("{e}"));
        scenario.build().unwrap_or_else(|e| panic!("{label}: {e}"));
        for target in &scenario.targets {
            kinds.insert(
                format!("{:?}", target.motion)
                    .split([' ', '(', '{'])
                    .next()
                    .unwrap()
                    .to_string(),
            );
        }
        if scenario.rain.is_some() {
            kinds.insert("rain".into());
        }
    }
    // The complete example shows a fly program and rain, as promised.
    for kind in ["FlyProgram", "rain"] {
        assert!(
            kinds.contains(kind),
            "no documented example has {kind}: {kinds:?}"
        );
    }
}

#[test]
fn the_documentation_names_every_field_and_parameter() {
    let doc = std::fs::read_to_string(root().join("docs").join("scenario-format.md")).unwrap();
    let mut missing = Vec::new();
    let mut need = |word: &str| {
        if !doc.contains(&format!("`{word}`")) {
            missing.push(word.to_string());
        }
    };
    for field in [
        "version",
        "name",
        "description",
        "world",
        "algorithms",
        "compare",
        "targets",
        "launchers",
        "turrets",
        "rain",
        "width",
        "height",
        "tick_rate",
        "seed",
        "margin",
        "radius",
        "destructible",
        "motion",
        "Static",
        "Constant",
        "Circle",
        "Weave",
        "Path",
        "FlyProgram",
        "Driven",
        "program",
        "shift",
        "steering",
        "hero",
        "pos",
        "target",
        "launch_velocity",
        "first_at",
        "every",
        "salvo",
        "spread",
        "missile",
        "lifetime",
        "fuel",
        "ai_poll_time",
        "first_poll",
        "danger_height",
        "skip_engaged",
        "min_speed",
        "max_speed",
        "min_radius",
        "max_radius",
        "rate",
        "ground",
    ] {
        need(field);
    }
    for algorithm in Algorithm::ALL {
        need(algorithm.id());
        need(&algorithm.id().replace('-', "_"));
        for spec in algorithm.specs() {
            need(spec.name);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/scenario-format.md does not mention: {missing:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Atomic save
// ---------------------------------------------------------------------------------------

fn sample() -> Scenario {
    scenario::parse(presets::shipped("missile-command").unwrap(), "sample").unwrap()
}

#[test]
fn save_replaces_an_existing_file_with_the_new_text() {
    let dir = temp_dir("save-replaces");
    let path = dir.join("scene.ron");
    std::fs::write(&path, "old contents, not even RON").unwrap();
    let scenario = sample();
    scenario::save(&scenario, &path).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        scenario::to_text(&scenario)
    );
    assert_eq!(scenario::load(&path).unwrap(), scenario);
    // Only the file itself: no temporary left beside it.
    assert_eq!(listing(&dir), ["scene.ron"]);
    // Saving again over it works the same way.
    let mut changed = scenario.clone();
    changed.name = "changed".into();
    scenario::save(&changed, &path).unwrap();
    assert_eq!(scenario::load(&path).unwrap(), changed);
    assert_eq!(listing(&dir), ["scene.ron"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_rename_leaves_what_was_there_and_no_temporary() {
    // The final rename is impossible: the target is a directory (holding an old file).
    let dir = temp_dir("save-rename-fails");
    let target = dir.join("scene.ron");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("inside.ron"), "old").unwrap();
    let err = scenario::save(&sample(), &target);
    assert!(err.is_err(), "saving over a directory succeeded");
    assert!(target.is_dir());
    assert_eq!(
        std::fs::read_to_string(target.join("inside.ron")).unwrap(),
        "old"
    );
    assert_eq!(
        listing(&dir),
        ["scene.ron"],
        "a temporary file was left behind"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_that_fails_before_the_rename_leaves_the_old_file_intact() {
    // The save is cut short after the old file exists and before anything replaces it:
    // the temporary cannot be written (its name is taken by a directory).
    let dir = temp_dir("save-write-fails");
    let path = dir.join("scene.ron");
    let old = presets::shipped("default").unwrap();
    std::fs::write(&path, old).unwrap();
    let blocker = dir.join(format!(".scene.ron.{}.tmp", std::process::id()));
    std::fs::create_dir(&blocker).unwrap();
    std::fs::write(blocker.join("keep"), "x").unwrap();
    let result = scenario::save(&sample(), &path);
    assert!(
        result.is_err(),
        "save succeeded although its temporary could not be written (temporary renamed?)"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        old,
        "the old file changed"
    );
    assert_eq!(scenario::load(&path).unwrap(), presets::default_scenario());
    let mut expected = vec![
        blocker.file_name().unwrap().to_string_lossy().into_owned(),
        "scene.ron".to_string(),
    ];
    expected.sort();
    assert_eq!(listing(&dir), expected, "something else was left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_save_into_a_read_only_directory_fails_and_leaves_the_old_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("save-read-only");
    let path = dir.join("scene.ron");
    let old = presets::shipped("default").unwrap();
    std::fs::write(&path, old).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    // A privileged user (root) ignores the permission: nothing to check then.
    let privileged = std::fs::write(dir.join("probe"), "x").is_ok();
    if !privileged {
        assert!(scenario::save(&sample(), &path).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), old);
        assert_eq!(listing(&dir), ["scene.ron"]);
    }
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Round trip of random valid scenarios
// ---------------------------------------------------------------------------------------

/// A value within a parameter's range, from a fraction `u` in 0..=1.
fn param_value(spec: &ParamSpec, u: f64) -> ParamValue {
    match spec.kind {
        ParamKind::Float { min, max } => {
            ParamValue::Float(((f64::from(min) + u * f64::from(max - min)) as f32).clamp(min, max))
        }
        ParamKind::Int { min, max } => {
            ParamValue::Int((min + (u * (max - min + 1) as f64).floor() as i64).clamp(min, max))
        }
        ParamKind::Bool => ParamValue::Bool(u >= 0.5),
        ParamKind::Choice(names) => {
            ParamValue::Choice(((u * names.len() as f64) as usize).min(names.len() - 1))
        }
    }
}

/// How many parameters all the algorithms have.
fn param_count() -> usize {
    Algorithm::ALL.iter().map(|a| a.specs().len()).sum()
}

fn tuning() -> impl Strategy<Value = Tuning> {
    prop::collection::vec(0.0f64..=1.0, param_count()).prop_map(|fractions| {
        let mut tuning = Tuning::default();
        let mut next = fractions.into_iter();
        for algorithm in Algorithm::ALL {
            for spec in algorithm.specs() {
                let value = param_value(spec, next.next().unwrap());
                tuning
                    .set(algorithm, spec.name, value)
                    .unwrap_or_else(|e| panic!("{algorithm}.{}: {e}", spec.name));
            }
        }
        tuning
    })
}

fn steering() -> impl Strategy<Value = TurnRateParams> {
    prop::collection::vec(0.0f64..=1.0, TurnRateParams::SPECS.len()).prop_map(|fractions| {
        let mut params = TurnRateParams::default();
        for (spec, u) in TurnRateParams::SPECS.iter().zip(fractions) {
            let value = param_value(spec, u);
            assert!(spec.check(value).is_ok());
            assert!(params.set(spec.name, value), "{}", spec.name);
        }
        params
    })
}

fn algorithm() -> impl Strategy<Value = Algorithm> {
    prop::sample::select(Algorithm::ALL.to_vec())
}

fn point(limit: f32) -> impl Strategy<Value = Vec2> {
    (-limit..=limit, -limit..=limit).prop_map(|(x, y)| Vec2::new(x, y))
}

fn world() -> impl Strategy<Value = WorldConfig> {
    (
        1.0f32..5000.0,
        1.0f32..5000.0,
        1.0f32..=1000.0,
        any::<u64>(),
        0.0f32..2000.0,
    )
        .prop_map(|(width, height, tick_rate, seed, margin)| WorldConfig {
            width,
            height,
            tick_rate,
            seed,
            margin,
        })
}

/// A valid fly program: a grid point first, then points and hero, chase and straight
/// commands, maybe ending in a jump back to a command that is not a jump.
fn program() -> impl Strategy<Value = Vec<u16>> {
    let grid = (0u16..12, 0u16..15).prop_map(|(row, col)| 20 * row + col);
    let command = prop_oneof![
        4 => (0u16..12, 0u16..15).prop_map(|(row, col)| 20 * row + col),
        1 => Just(240u16),
        1 => 241u16..=249,
        1 => 250u16..=259,
    ];
    (
        grid,
        prop::collection::vec(command, 0..6),
        any::<bool>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(first, rest, jump, to)| {
            let mut program = vec![first];
            program.extend(rest);
            if jump {
                let to = to.index(program.len()) as u16;
                program.push(260 + to);
            }
            program
        })
}

fn fly_program(names: Vec<String>) -> impl Strategy<Value = Motion> {
    let hero = prop::option::of(prop::sample::select(names));
    (program(), -200.0f32..200.0, steering(), hero).prop_map(|(program, shift, steering, hero)| {
        Motion::FlyProgram(FlyProgramSpec {
            program,
            shift,
            steering,
            hero,
        })
    })
}

fn motion(names: Vec<String>) -> impl Strategy<Value = Motion> {
    prop_oneof![
        point(5000.0).prop_map(|pos| Motion::Static { pos }),
        (point(5000.0), point(1000.0)).prop_map(|(pos, vel)| Motion::Constant { pos, vel }),
        (
            point(5000.0),
            0.0f32..1000.0,
            -10.0f32..10.0,
            -10.0f32..10.0
        )
            .prop_map(|(center, radius, angular_speed, phase)| Motion::Circle {
                center,
                radius,
                angular_speed,
                phase
            }),
        (point(5000.0), point(1000.0), 0.0f32..200.0, 0.0f32..5.0).prop_map(
            |(pos, vel, amplitude, frequency)| Motion::Weave {
                pos,
                vel,
                amplitude,
                frequency
            }
        ),
        (
            prop::collection::vec(point(5000.0), 1..6),
            0.0f32..500.0,
            any::<bool>()
        )
            .prop_map(|(points, speed, looping)| Motion::Path {
                points,
                speed,
                looping
            }),
        fly_program(names),
        (point(5000.0), 0.0f32..=100.0)
            .prop_map(|(pos, smoothing)| Motion::Driven { pos, smoothing }),
    ]
}

fn targets() -> impl Strategy<Value = Vec<TargetSpec>> {
    (1usize..5).prop_flat_map(|n| {
        let names: Vec<String> = (0..n).map(|i| format!("target {i}")).collect();
        let specs: Vec<_> = names
            .iter()
            .map(|name| {
                let name = name.clone();
                (0.001f32..100.0, any::<bool>(), motion(names.clone())).prop_map(
                    move |(radius, destructible, motion)| TargetSpec {
                        name: name.clone(),
                        radius,
                        destructible,
                        motion,
                    },
                )
            })
            .collect();
        specs
    })
}

fn missile() -> impl Strategy<Value = MissileSpec> {
    (
        0.001f32..1000.0,
        prop::option::of(0.001f32..1.0e6),
        0.0f32..100.0,
    )
        .prop_map(|(lifetime, fuel, radius)| MissileSpec {
            lifetime,
            fuel,
            radius,
        })
}

fn launcher(names: Vec<String>) -> impl Strategy<Value = LauncherSpec> {
    (
        "[a-z ]{0,8}",
        point(5000.0),
        prop::sample::select(names),
        prop::collection::vec(algorithm(), 1..4),
        point(1000.0),
        prop::option::of(0.0f32..100.0),
        prop::option::of(0.001f32..100.0),
        1u32..20,
        0.0f32..=360.0,
        missile(),
    )
        .prop_map(
            |(
                name,
                pos,
                target,
                algorithms,
                launch_velocity,
                first_at,
                every,
                salvo,
                spread,
                missile,
            )| {
                LauncherSpec {
                    name,
                    pos,
                    target,
                    algorithms,
                    launch_velocity,
                    first_at,
                    every,
                    salvo,
                    spread,
                    missile,
                }
            },
        )
}

fn turret() -> impl Strategy<Value = TurretSpec> {
    (
        "[a-z]{0,6}",
        point(5000.0),
        0.001f32..10.0,
        0.0f32..10.0,
        0.0f32..1000.0,
        any::<bool>(),
        missile(),
    )
        .prop_map(
            |(name, pos, ai_poll_time, first_poll, danger_height, skip_engaged, missile)| {
                TurretSpec {
                    name,
                    pos,
                    ai_poll_time,
                    first_poll,
                    danger_height,
                    skip_engaged,
                    missile,
                }
            },
        )
}

fn rain() -> impl Strategy<Value = RainSpec> {
    (
        0.0f32..200.0,
        0.0f32..200.0,
        0.001f32..50.0,
        0.0f32..50.0,
        prop::collection::vec((0.0f32..100.0, 0.0f32..=1000.0), 1..5),
        prop::option::of(0.0f32..5000.0),
    )
        .prop_map(
            |(min_speed, extra_speed, min_radius, extra_radius, mut rate, ground)| {
                rate.sort_by(|a, b| a.0.total_cmp(&b.0));
                RainSpec {
                    min_speed,
                    max_speed: min_speed + extra_speed,
                    min_radius,
                    max_radius: min_radius + extra_radius,
                    rate,
                    ground,
                }
            },
        )
}

fn valid_scenario() -> impl Strategy<Value = Scenario> {
    let text = "[ -~]{0,24}|\\PC{0,8}";
    (
        (
            text,
            text,
            world(),
            tuning(),
            prop::collection::vec(algorithm(), 0..3),
        ),
        targets(),
        prop::collection::vec(turret(), 0..3),
        prop::option::of(rain()),
    )
        .prop_flat_map(
            |((name, description, world, algorithms, compare), targets, turrets, rain)| {
                let names: Vec<String> = targets.iter().map(|t| t.name.clone()).collect();
                prop::collection::vec(launcher(names), 0..3).prop_map(move |launchers| Scenario {
                    version: scenario::VERSION,
                    name: name.clone(),
                    description: description.clone(),
                    world: world.clone(),
                    algorithms: algorithms.clone(),
                    compare: compare.clone(),
                    targets: targets.clone(),
                    launchers,
                    turrets: turrets.clone(),
                    rain: rain.clone(),
                })
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_valid_scenarios_survive_text_and_disk_round_trips(scenario in valid_scenario()) {
        let text = scenario::to_text(&scenario);
        let parsed = scenario::parse(&text, "round-trip.ron");
        prop_assert!(parsed.is_ok(), "{}\n--- text ---\n{text}", parsed.unwrap_err());
        prop_assert_eq!(parsed.unwrap(), scenario.clone());

        let dir = temp_dir("round-trip");
        let path = dir.join("scene.ron");
        scenario::save(&scenario, &path).unwrap();
        let loaded = scenario::load(&path);
        prop_assert!(loaded.is_ok(), "{}", loaded.unwrap_err());
        prop_assert_eq!(loaded.unwrap(), scenario.clone());
        prop_assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
