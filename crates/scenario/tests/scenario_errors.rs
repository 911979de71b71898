//! Broken scenario files: every error names the file, line, column and field, says what
//! was expected and what was found, never panics and never half-loads.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/scenario_common/mod.rs"]
mod scenario_common;
use scenario_common::*;

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
    e("syntax-unclosed-paren.ron", 6, 5, "targets[0]", "expected `)` to close the `(` of `targets[0]` (opened at 5:9)", "found `]`"),
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
    e("smoothed-ga-too-big.ron", 5, 24, "algorithms.smoothed.ga", "expected a value from 0 to 1", "found 1.5"),
    e("smoothed-speed-negative.ron", 5, 27, "algorithms.smoothed.speed", "expected a value from 0 to 100", "found -1"),
    e("intercept-speed-negative.ron", 5, 28, "algorithms.intercept.speed", "expected a value from 1 to 5000", "found -5"),
    e("rain-min-speed-negative.ron", 5, 20, "rain.min_speed", "expected a value from 0 to 1000000", "found -10"),
    e("rain-max-below-min.ron", 6, 20, "rain.max_speed", "expected at least min_speed (80)", "found 40"),
    e("rain-max-radius-below-min.ron", 8, 21, "rain.max_radius", "expected at least min_radius (12)", "found 11.5"),
    e("motion-point-out-of-range.ron", 5, 42, "targets[0].motion.pos[0]", "expected a value from -10000000 to 10000000", "found 20000000"),
    e("view-unknown-overlay.ron", 4, 33, "view.overlays[1]", "expected one of: trails, velocity,", "unknown overlay `trials`"),
    e("view-zoom-too-big.ron", 4, 18, "view.zoom", "expected pixels per unit from 0.0001 to 10000", "found 20000"),
    e("embed-unknown-parameter.ron", 4, 38, "embed.sliders[1]", "its parameters: ga, speed", "no parameter `gain`"),
    e("embed-unknown-algorithm.ron", 4, 23, "embed.sliders[0]", "expected one of smoothed, turn-rate", "no algorithm `rocket`"),
    e("nan-radius.ron", 5, 64, "targets[0].motion.radius", "expected a finite number", "found NaN"),
    e("inf-pos.ron", 5, 42, "targets[0].motion.pos[0]", "expected a finite number", "found inf"),
    e("huge-number.ron", 4, 20, "world.width", "at most about 3.4e38", "found 1e39, which overflows"),
    e("unknown-target-ref.ron", 6, 31, "launchers[0].target", "expected one of: t", "unknown target `ghost`"),
    e("unknown-hero.ron", 5, 70, "targets[0].motion.hero", "expected one of: enemy", "unknown target `player`"),
    e("fly-command-300.ron", 5, 63, "targets[0].motion.program[2]", "expected a command from 0 to 299", "found 300"),
    e(
        "fly-command-column-15.ron",
        5,
        63,
        "targets[0].motion.program[2]",
        "expected a grid point with a column from 0 to 14",
        "found 15 (row 0, column 15)",
    ),
    e(
        "fly-jump-past-end.ron",
        5,
        63,
        "targets[0].motion.program[2]",
        "expected a jump to a command index from 0 to 2",
        "found 265, a jump to index 5",
    ),
    e("duplicate-target-names.ron", 6, 16, "targets[1].name", "name `t`", "already used by targets[0]"),
    e("name-too-long.ron", 4, 11, "name", "expected at most 200 characters", "found 250"),
    e("target-name-too-long.ron", 4, 22, "targets[0].name", "expected at most 100 characters", "found 101"),
    e(
        "launcher-param-unknown-choice.ron",
        6,
        95,
        "launchers[0].params.intercept.root_rule",
        "expected one of: earliest, article-max",
        "found \"latest\"",
    ),
    e(
        "launcher-param-unknown-law.ron",
        6,
        90,
        "launchers[0].params.intercpt.speed",
        "expected a law, one of: smoothed,",
        "found \"intercpt\"",
    ),
    e("salvo-too-big.ron", 6, 69, "launchers[0].salvo", "expected an integer from 1 to 10000", "found 5000000"),
    e("volley-too-big.ron", 6, 90, "launchers[0].salvo", "expected at most 10000 missiles per volley", "found 12000 (salvo x algorithms)"),
    e("tick-rate-too-high.ron", 4, 24, "world.tick_rate", "expected a value from 1 to 1000", "found 100000"),
    e("path-no-points.ron", 5, 42, "targets[0].motion.points", "expected at least one point", "found none"),
    e("obstacle-not-convex.ron", 5, 25, "obstacles[0].points", "expected a convex polygon", "the corners turn both ways"),
    e("obstacle-wall-no-length.ron", 5, 32, "obstacles[0].to", "expected an end different from `from`", "a wall of no length"),
    e("obstacle-unknown-kind.ron", 5, 9, "obstacles[0]", "expected one of: Circle, Polygon, Wall", "unknown name `Blob`"),
    e("obstacle-too-many-corners.ron", 5, 25, "obstacles[0].points", "expected at most 64 points", "found 65"),
    e("crowd-too-many-agents.ron", 4, 13, "crowds", "expected at most 50000 agents in all crowds", "found 60000"),
    e("crowd-neighbours-too-many.ron", 4, 68, "crowds[0].neighbours", "expected an integer from 0 to 16", "found 20"),
    e("crowd-goal-unknown-target.ron", 5, 77, "crowds[0].goal.target", "expected one of: hare", "unknown target `fox`"),
    e("crowd-goal-path-too-long.ron", 4, 81, "crowds[0].goal.points", "expected at most 256 points", "found 257"),
    e("crowd-goal-path-one-point.ron", 4, 81, "crowds[0].goal.points", "expected at least 2 points (a path to follow)", "found 1"),
    e(
        "crowd-goal-unknown-kind.ron",
        4,
        62,
        "crowds[0].goal",
        "expected one of: Seek, Flee, Arrive, Pursue, Evade, Interpose, OffsetPursue, FollowPath, Flow, FollowLeader",
        "unknown name `Wander`",
    ),
    e(
        "crowd-too-much-work.ron",
        5,
        13,
        "crowds",
        "expected at most 3000 agents in all crowds at a tick rate of 1000 (agents x tick_rate <= 3000000)",
        "found 10000",
    ),
    e("version-future.ron", 3, 14, "version", "expected version 1 or older", "found 2: this file is from a newer steerlab"),
    e("version-zero.ron", 3, 14, "version", "expected version 1", "found 0"),
    e("empty.ron", 1, 1, "", "expected a scenario `(version: 1, ...)`", "found an empty file"),
    e("list-not-struct.ron", 2, 1, "", "expected a scenario `(version: 1, ...)`", "found a list `[`"),
    e(
        "heat-seeker-max-speed-zero.ron",
        5,
        34,
        "algorithms.heat_seeker.max_speed",
        "expected an integer from 1 to 200",
        "found 0",
    ),
    e(
        "newton-iterations-too-many.ron",
        5,
        49,
        "algorithms.newton.iterations",
        "expected an integer from 1 to 64",
        "found 1000",
    ),
    e("tick-rate-zero.ron", 4, 36, "world.tick_rate", "expected a value from 1 to 1000", "found 0"),
    e("lifetime-zero.ron", 6, 82, "launchers[0].missile.lifetime", "expected a value from 0.001 to 1000000", "found 0"),
    e("airframe-lag-negative.ron", 6, 103, "launchers[0].missile.airframe.lag", "expected a value from 0 to 10", "found -0.5"),
    e("gravity-not-finite.ron", 4, 26, "world.gravity[1]", "expected a value from -100000 to 100000", "found 1000000000000000000000000000000"),
    e("spread-too-wide.ron", 6, 80, "launchers[0].spread", "expected a value from 0 to 360", "found 400"),
    e(
        "rain-keyframes-out-of-order.ron",
        7,
        38,
        "rain.rate[2][0]",
        "expected keyframe times in order, at or after the previous 30",
        "found 10",
    ),
    e("eof-scenario.ron", 2, 31, "", "the file ends before the scenario's `(` (opened at 2:1)", "was closed"),
    e(
        "eof-launchers.ron",
        7,
        1,
        "launchers",
        "the file ends before the `[` of `launchers` (opened at 5:16) was closed",
        "1 bracket around it is open too",
    ),
    e("eof-string.ron", 5, 24, "", "the file ends inside this string", "closing `\"` is missing"),
    e("eof-comment.ron", 4, 5, "", "the file ends inside this comment", "closing `*/` is missing"),
    e("mismatched-bracket.ron", 5, 1, "targets", "expected `]` to close the `[` of `targets` (opened at 4:14)", "found `)`"),
    e("stray-closer.ron", 5, 2, "", "every bracket before it is already closed", "found `)`"),
    e("nested-too-deep.ron", 4, 138, "", "the brackets nest too deeply here", "(more than 128 levels)"),
    e("field-with-dash.ron", 4, 18, "algorithms", "field names are written with `_`, not `-`: expected `pro_nav`", "found `pro-nav`"),
    e("hex-number.ron", 4, 20, "world.width", "expected a number", "found `0x10`"),
    e("f32-max-out-of-range.ron", 4, 20, "world.width", "expected a value from 1 to 10000000", "found 340282350000000000000000000000000000000"),
    e("long-identifier.ron", 4, 5, "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz... (5000 characters)", "expected one of: version", "unknown field `zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz... (5000 characters)`"),
    e("point-not-a-pair.ron", 4, 47, "targets[0].motion.pos", "expected a point `(x, y)`", "found the number 5"),
    e("target-not-a-struct.ron", 4, 15, "targets[0]", "expected a target `(name: ..., motion: ...)`", "found the number 5"),
    e(
        "circle-too-fast.ron",
        4,
        86,
        "targets[0].motion.angular_speed",
        "expected a top speed of at most 1000000",
        "found 10000000000 (radius x angular_speed)",
    ),
    e(
        "weave-too-fast.ron",
        4,
        95,
        "targets[0].motion.frequency",
        "expected a top speed of at most 1000000",
        "found 62831858000 (|vel| + amplitude x 2 pi x frequency)",
    ),
    e(
        "fly-shift-beyond-death-lines.ron",
        4,
        73,
        "targets[0].motion.shift",
        "expected a shift that keeps the first point within the death lines (x from -128 to 768)",
        "found 2000, which starts the object at x = 2192",
    ),
    e("compare-duplicate.ron", 4, 37, "compare[2]", "`smoothed` is already listed", "at compare[0]"),
    e(
        "launch-rate-too-high.ron",
        8,
        170,
        "launchers[2].every",
        "expected the launchers to fire at most 20000 missiles per second in all",
        "found 24000",
    ),
    e(
        "turret-work-too-high.ron",
        4,
        14,
        "turrets",
        "expected at most 10000000 target checks per second (turret polls per second x 10000 targets)",
        "found 10200000",
    ),
    e("max-missiles-too-many.ron", 4, 27, "world.max_missiles", "expected an integer from 1 to 100000", "found 200000"),
    e(
        "max-missiles-at-tick-rate.ron",
        4,
        44,
        "world.max_missiles",
        "expected at most 6000 missiles at a tick rate of 1000",
        "found 20000",
    ),
    e("byte-order-mark.ron", 4, 20, "world.width", "expected a value from 1 to 10000000", "found -5"),
    e("invalid-utf8.ron", 4, 15, "", "the file is not valid UTF-8 text", "byte 0xe9 here"),
    e("zero-width-space.ron", 4, 5, "", "expected a field name or a closing `)`", "found `\\u{200b}`"),
    e("nul-character.ron", 4, 21, "world", "expected `,`", "found `\\u{0}`"),
];

/// Checks one broken file against its expectation; returns a description of every
/// mismatch (empty when it matches).
fn check_broken(expect: &Expect) -> Vec<String> {
    // Loaded as a user's file is (bad UTF-8 and byte-order marks are the file's business).
    let label = format!("tests/broken/{}", expect.file);
    let bytes = match std::fs::read(root().join(&label)) {
        Ok(bytes) => bytes,
        Err(e) => return vec![format!("{label}: cannot read: {e}")],
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    // The file as the user names it, from the repository (the crate's tests run in the
    // crate's folder): errors name it so.
    let path = root().join(&label);
    let label = path.display().to_string();
    let loaded = std::panic::catch_unwind(|| scenario::load(&path))
        .unwrap_or_else(|_| panic!("{label}: load panicked"));
    let errors = match loaded {
        Ok(_) => return vec![format!("{label}: parsed, but it is broken")],
        Err(errors) => errors,
    };
    let mut problems = Vec::new();
    let Some(first) = errors.errors.first() else {
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
    for pair in errors.errors.windows(2) {
        if (pair[0].line, pair[0].col) > (pair[1].line, pair[1].col) {
            problems.push(format!("{label}: errors out of order: {errors}"));
        }
    }
    for error in &errors.errors {
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
    assert!(on_disk.len() >= 60, "only {} broken files", on_disk.len());
}

#[test]
fn every_broken_file_says_what_is_wrong_in_a_comment_at_the_top() {
    for file in ron_files(&broken_dir()) {
        let bytes = std::fs::read(&file).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim_start_matches('\u{feff}');
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
fn values_on_the_edge_of_a_rule_are_accepted() {
    // Each rule refuses only past its edge: rain radii may be equal, a static target may
    // stand exactly at the coordinate limit, and launchers may fire exactly 20,000
    // missiles a second (2 x 8 laws x 625 every 0.5 s).
    let laws = r#"["smoothed", "turn-rate", "newton", "quartic", "naive-accel", "intercept", "heat-seeker", "pro-nav"]"#;
    let text = format!(
        r#"(version: 1,
            targets: [(name: "t", motion: Static(pos: (10000000, -10000000)))],
            launchers: [
                (pos: (0, 0), target: "t", algorithms: {laws}, salvo: 625, every: 0.5),
                (pos: (9, 0), target: "t", algorithms: {laws}, salvo: 625, every: 0.5),
            ],
            rain: (min_speed: 40, max_speed: 40, min_radius: 12, max_radius: 12))"#
    );
    if let Err(e) = steerlab::scenario::parse(&text, "edges") {
        panic!("{e}");
    }
}

#[test]
fn a_future_version_is_the_only_error_reported() {
    let text = std::fs::read_to_string(broken_dir().join("version-future.ron")).unwrap();
    // The file also has a field this version does not know: a newer format may add it.
    assert!(text.contains("gravity"));
    let errors = scenario::parse(&text, "future.ron").unwrap_err();
    assert_eq!(errors.errors.len(), 1, "{errors}");
    assert_eq!(errors.errors[0].path, "version");
}

#[test]
fn a_list_longer_than_any_a_scenario_holds_is_refused_before_it_is_read() {
    // 216,000 is the longest list a scenario may hold (a recorded track's samples).
    let points = "(1, 1), ".repeat(216_001);
    let text = format!(
        "(\n    version: 1,\n    targets: [(name: \"t\", motion: Path(points: [{points}], speed: 1))],\n)"
    );
    let errors = scenario::parse(&text, "long.ron").unwrap_err();
    assert_eq!(errors.errors.len(), 1, "{errors}");
    let error = &errors.errors[0];
    assert_eq!((error.line, error.col), (3, 48));
    assert_eq!(error.path, "targets[0].motion.points");
    assert_eq!(
        error.message,
        "expected at most 216000 entries in a list (the longest a scenario holds), found 216001"
    );
}

#[test]
fn a_file_with_several_problems_reports_them_all_in_order() {
    let text = "(\n    version: 1,\n    world: (tick_rate: 0),\n    algorithms: (smoothed: (ga: 2)),\n    targets: [(name: \"t\", motion: Static(pos: (NaN, 0)))],\n)\n";
    let errors = scenario::parse(text, "many.ron").unwrap_err();
    let found: Vec<(usize, usize, &str)> = errors
        .errors
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
        ("(version: 1, name: \"abc)\n", 1, 20, "name", "its closing `\"` is missing"),
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
                let first = &errors.errors[0];
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
        assert!(!errors.errors.is_empty());
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
    // A missing file is an error too, with the file named and no place in it.
    let missing = dir.join("missing.ron");
    let errors = scenario::load(&missing).unwrap_err();
    assert_eq!(errors.errors[0].file, missing.display().to_string());
    assert_eq!(
        errors.to_string(),
        format!("{}: cannot read: no such file or folder", missing.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}
