//! The `steerlab` command line through the real binary: `run`, `compare`, `check`,
//! `bench` and `--help`, their output formats and exit codes (0 ok, 2 bad input).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use steerlab::guidance::Algorithm;
use steerlab::headless;
use steerlab::scenario::{self, presets, Scenario};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn steerlab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_steerlab"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary with `args` from the repository root.
fn run(args: &[&str]) -> Output {
    steerlab()
        .args(args)
        .current_dir(root())
        .output()
        .expect("steerlab runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts an exit code, showing the output when it differs.
fn assert_code(out: &Output, code: i32, what: &str) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: exit status {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        out.status,
        stdout(out),
        stderr(out)
    );
}

/// A fresh empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The column headings of the results table.
const HEADINGS: [&str; 8] = [
    "id",
    "algorithm",
    "outcome",
    "hit (s)",
    "miss",
    "path",
    "peak turn",
    "vs best",
];

/// One row of the printed results table.
#[derive(Debug, PartialEq)]
struct Row {
    id: u32,
    algorithm: Algorithm,
    outcome: String,
    time_to_hit: Option<f32>,
    miss: f32,
    path: f32,
    peak_turn: f32,
    vs_best: Option<f32>,
}

fn optional(text: &str) -> Option<f32> {
    if text == "-" {
        None
    } else {
        Some(
            text.parse()
                .unwrap_or_else(|_| panic!("not a number or `-`: {text}")),
        )
    }
}

/// Parses a results table: checks the heading line and returns the rows.
fn table(text: &str) -> Vec<Row> {
    let mut lines = text.lines();
    let header = lines.next().expect("a heading line");
    let mut rest = header;
    for heading in HEADINGS {
        let at = rest
            .find(heading)
            .unwrap_or_else(|| panic!("heading `{heading}` missing or out of order in `{header}`"));
        rest = &rest[at + heading.len()..];
    }
    lines
        .map(|line| {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            assert!(tokens.len() >= 8, "short row `{line}`");
            let n = tokens.len();
            let outcome = tokens[2..n - 5].join(" ");
            assert!(
                outcome == "hit" || outcome == "flying" || outcome.starts_with("miss: "),
                "unknown outcome `{outcome}` in `{line}`"
            );
            Row {
                id: tokens[0]
                    .parse()
                    .unwrap_or_else(|_| panic!("bad id in `{line}`")),
                algorithm: Algorithm::from_id(tokens[1])
                    .unwrap_or_else(|| panic!("bad algorithm in `{line}`")),
                outcome,
                time_to_hit: optional(tokens[n - 5]),
                miss: tokens[n - 4].parse().unwrap(),
                path: tokens[n - 3].parse().unwrap(),
                peak_turn: tokens[n - 2].parse().unwrap(),
                vs_best: optional(tokens[n - 1]),
            }
        })
        .collect()
}

fn shipped(name: &str) -> Scenario {
    scenario::parse(presets::shipped(name).unwrap(), name).unwrap()
}

/// What the library says `run` should print: `(id, algorithm, outcome)` per missile.
fn expected_rows(scenario: &Scenario, seconds: Option<f64>) -> Vec<(u32, Algorithm, String)> {
    let world = headless::run(scenario, seconds, None).unwrap();
    headless::rows(&world)
        .iter()
        .map(|r| (r.id, r.algorithm, r.outcome.describe()))
        .collect()
}

fn summary(rows: &[Row]) -> Vec<(u32, Algorithm, String)> {
    rows.iter()
        .map(|r| (r.id, r.algorithm, r.outcome.clone()))
        .collect()
}

// ---------------------------------------------------------------------------------------
// run
// ---------------------------------------------------------------------------------------

#[test]
fn run_prints_one_row_per_missile_for_every_shipped_scenario() {
    for (name, _) in presets::SHIPPED {
        let file = format!("scenarios/{name}.ron");
        let out = run(&["run", &file]);
        assert_code(&out, 0, &file);
        let rows = table(&stdout(&out));
        let expected = expected_rows(&shipped(name), None);
        assert!(!expected.is_empty(), "{name} launches no missile");
        assert_eq!(summary(&rows), expected, "{file}");
        // Ids are the missiles', each once, in order.
        let ids: Vec<u32> = rows.iter().map(|r| r.id).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(ids, sorted, "{file}: ids repeated or out of order");
        for row in &rows {
            assert!(
                row.miss >= 0.0 && row.path >= 0.0 && row.peak_turn >= 0.0,
                "{file}: {row:?}"
            );
            assert_eq!(
                row.time_to_hit.is_some(),
                row.outcome == "hit",
                "{file}: {row:?}"
            );
            if let Some(ratio) = row.vs_best {
                assert!(ratio > 0.0, "{file}: {row:?}");
            }
        }
    }
}

#[test]
fn run_accepts_a_shipped_scenario_by_name_as_well_as_by_file() {
    let by_file = run(&["run", "scenarios/accelerating.ron"]);
    let by_name = run(&["run", "accelerating"]);
    assert_code(&by_name, 0, "run accelerating");
    assert_eq!(stdout(&by_file), stdout(&by_name));
}

#[test]
fn run_default_uses_the_embedded_scenario_from_any_directory() {
    let dir = temp_dir("embedded-default");
    assert!(!dir.join("default").exists());
    let out = steerlab()
        .args(["run", "default", "--seconds", "5"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_code(&out, 0, "run default in an empty directory");
    let rows = table(&stdout(&out));
    assert_eq!(
        summary(&rows),
        expected_rows(&presets::default_scenario(), Some(5.0))
    );
    // Every algorithm of the default launcher fired.
    let algorithms: BTreeSet<Algorithm> = rows.iter().map(|r| r.algorithm).collect();
    assert_eq!(algorithms, Algorithm::ALL.into_iter().collect());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_with_an_algorithm_fires_only_that_algorithm() {
    for algorithm in [Algorithm::ProNav, Algorithm::Quartic, Algorithm::HeatSeeker] {
        let out = run(&[
            "run",
            "default",
            "--algorithm",
            algorithm.id(),
            "--seconds",
            "13",
        ]);
        assert_code(&out, 0, algorithm.id());
        let rows = table(&stdout(&out));
        assert!(!rows.is_empty(), "{algorithm}: no missiles");
        assert!(
            rows.iter().all(|r| r.algorithm == algorithm),
            "{algorithm}: {rows:?}"
        );
        let expected = expected_rows(
            &presets::default_scenario().restricted_to(algorithm),
            Some(13.0),
        );
        assert_eq!(summary(&rows), expected, "{algorithm}");
        // Volleys at 0, 6 and 12 s: three missiles.
        assert_eq!(rows.len(), 3, "{algorithm}");
    }
}

#[test]
fn run_with_seconds_stops_there() {
    let short = table(&stdout(&run(&["run", "default", "--seconds", "1"])));
    let long = table(&stdout(&run(&["run", "default", "--seconds", "7"])));
    // One volley in the first second, two by 7 s (every 6 s).
    assert_eq!(short.len(), Algorithm::ALL.len());
    assert_eq!(long.len(), 2 * Algorithm::ALL.len());
}

#[test]
fn run_with_csv_writes_a_trace_of_every_entity_at_every_tick() {
    let dir = temp_dir("csv");
    let csv = dir.join("trace.csv");
    let csv_arg = csv.to_string_lossy().into_owned();
    let out = run(&["run", "default", "--seconds", "2", "--csv", &csv_arg]);
    assert_code(&out, 0, "run --csv");
    // The table is still printed.
    assert_eq!(table(&stdout(&out)).len(), Algorithm::ALL.len());
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("tick,time,id,kind,algorithm,x,y,vx,vy,heading")
    );
    let (mut targets, mut missiles, mut last_tick) = (0, 0, 0u64);
    let mut ticks = BTreeSet::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 10, "`{line}`");
        let tick: u64 = fields[0].parse().unwrap();
        let time: f64 = fields[1].parse().unwrap();
        assert!(tick >= last_tick, "ticks go backwards at `{line}`");
        last_tick = tick;
        ticks.insert(tick);
        assert!(
            (time - tick as f64 / 60.0).abs() < 1e-6,
            "time {time} at tick {tick}"
        );
        let _id: u32 = fields[2].parse().unwrap();
        for number in &fields[5..] {
            let value: f32 = number
                .parse()
                .unwrap_or_else(|_| panic!("`{number}` in `{line}`"));
            assert!(value.is_finite(), "`{line}`");
        }
        match fields[3] {
            "target" => {
                targets += 1;
                assert_eq!(fields[4], "", "a target row names an algorithm: `{line}`");
            }
            "missile" => {
                missiles += 1;
                assert!(Algorithm::from_id(fields[4]).is_some(), "`{line}`");
            }
            other => panic!("unknown kind `{other}` in `{line}`"),
        }
    }
    // Two seconds at 60 Hz: ticks 0 to 120, the one target on every tick.
    assert_eq!(ticks, (0..=120).collect());
    assert_eq!(targets, 121);
    assert!(
        missiles >= Algorithm::ALL.len() * 100,
        "only {missiles} missile rows"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_refuses_a_broken_file_with_its_position() {
    let out = run(&["run", "tests/broken/unknown-target-ref.ron"]);
    assert_code(&out, 2, "run a broken file");
    assert!(
        stderr(&out).contains(
            "tests/broken/unknown-target-ref.ron:6:31: launchers[0].target: unknown target `ghost`"
        ),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
}

// ---------------------------------------------------------------------------------------
// compare
// ---------------------------------------------------------------------------------------

/// Hits first by time to hit, then misses by miss distance.
fn assert_best_first(rows: &[Row], what: &str) {
    for pair in rows.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let ordered = match (a.time_to_hit, b.time_to_hit) {
            (Some(ta), Some(tb)) => ta <= tb,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => a.miss <= b.miss,
        };
        assert!(ordered, "{what}: not best first:\n{a:?}\n{b:?}");
    }
}

#[test]
fn compare_prints_every_compared_algorithm_best_first() {
    for (name, _) in presets::SHIPPED {
        let out = run(&["compare", name]);
        assert_code(&out, 0, name);
        let rows = table(&stdout(&out));
        let scenario = shipped(name);
        let compared: BTreeSet<Algorithm> = scenario.compared().into_iter().collect();
        let printed: BTreeSet<Algorithm> = rows.iter().map(|r| r.algorithm).collect();
        assert_eq!(printed, compared, "{name}");
        assert_best_first(&rows, name);
        let expected = headless::compare(&scenario, None).unwrap();
        assert_eq!(rows.len(), expected.len(), "{name}");
    }
}

#[test]
fn compare_uses_the_compare_list_when_there_is_one() {
    // lunar-blast fires only smoothed missiles but compares smoothed and pro-nav.
    let out = run(&["compare", "scenarios/lunar-blast.ron", "--seconds", "5"]);
    assert_code(&out, 0, "compare lunar-blast");
    let rows = table(&stdout(&out));
    let printed: BTreeSet<Algorithm> = rows.iter().map(|r| r.algorithm).collect();
    assert_eq!(
        printed,
        [Algorithm::Smoothed, Algorithm::ProNav]
            .into_iter()
            .collect()
    );
    assert_best_first(&rows, "lunar-blast");
}

#[test]
fn compare_of_the_default_ranks_all_eight_algorithms() {
    let out = run(&["compare", "default", "--seconds", "5"]);
    assert_code(&out, 0, "compare default");
    let rows = table(&stdout(&out));
    assert_eq!(rows.len(), Algorithm::ALL.len());
    let printed: BTreeSet<Algorithm> = rows.iter().map(|r| r.algorithm).collect();
    assert_eq!(printed, Algorithm::ALL.into_iter().collect());
    assert_best_first(&rows, "default");
    assert!(
        rows[0].time_to_hit.is_some(),
        "the best of eight did not hit: {rows:?}"
    );
}

// ---------------------------------------------------------------------------------------
// check
// ---------------------------------------------------------------------------------------

#[test]
fn check_accepts_every_shipped_file() {
    let mut args = vec!["check".to_string()];
    for (name, _) in presets::SHIPPED {
        args.push(format!("scenarios/{name}.ron"));
    }
    let out = steerlab().args(&args).current_dir(root()).output().unwrap();
    assert_code(&out, 0, "check scenarios");
    for file in &args[1..] {
        assert!(
            stdout(&out).lines().any(|l| l == format!("{file}: ok")),
            "{file} not reported ok:\n{}",
            stdout(&out)
        );
    }
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

/// Whether a line reads `file:line:col: ...` for this file.
fn is_located(line: &str, file: &str) -> bool {
    let Some(rest) = line.strip_prefix(&format!("{file}:")) else {
        return false;
    };
    let mut parts = rest.splitn(3, ':');
    let (Some(l), Some(c), Some(message)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    l.parse::<usize>().is_ok_and(|l| l > 0)
        && c.parse::<usize>().is_ok_and(|c| c > 0)
        && message.starts_with(' ')
}

#[test]
fn check_reports_every_bad_file_and_exits_2() {
    let bad = [
        "tests/broken/nan-radius.ron",
        "tests/broken/syntax-unclosed-paren.ron",
        "tests/broken/version-future.ron",
    ];
    let good = "scenarios/default.ron";
    let out = run(&["check", bad[0], good, bad[1], bad[2]]);
    assert_code(&out, 2, "check with bad files");
    let err = stderr(&out);
    for file in bad {
        assert!(
            err.lines().any(|l| is_located(l, file)),
            "no file:line:col: line for {file}:\n{err}"
        );
    }
    assert!(err.contains("tests/broken/nan-radius.ron:5:64: targets[0].motion.radius: expected a finite number, found NaN"), "{err}");
    assert!(
        err.contains("tests/broken/syntax-unclosed-paren.ron:6:5: targets[0]:"),
        "{err}"
    );
    assert!(
        err.contains(
            "tests/broken/version-future.ron:3:14: version: expected version 1 or older, found 2"
        ),
        "{err}"
    );
    // The good file is still checked and reported.
    assert!(
        stdout(&out).contains(&format!("{good}: ok")),
        "{}",
        stdout(&out)
    );
    assert!(!err.contains(good), "{err}");
}

#[test]
fn check_reports_every_broken_file_in_tests_broken() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("tests/broken"))
        .unwrap()
        .map(|e| format!("tests/broken/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| f.ends_with(".ron"))
        .collect();
    files.sort();
    let mut args = vec!["check".to_string()];
    args.extend(files.iter().cloned());
    let out = steerlab().args(&args).current_dir(root()).output().unwrap();
    assert_code(&out, 2, "check tests/broken/*");
    let err = stderr(&out);
    for file in &files {
        assert!(
            err.lines().any(|l| is_located(l, file)),
            "{file} not reported:\n{err}"
        );
    }
    assert!(
        err.contains(&format!(
            "{} of {} files have errors",
            files.len(),
            files.len()
        )),
        "{err}"
    );
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
}

#[test]
fn check_of_a_missing_file_exits_2() {
    let out = run(&["check", "no/such/file.ron"]);
    assert_code(&out, 2, "check a missing file");
    assert!(
        stderr(&out).contains("no/such/file.ron:1:1: cannot read"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_needs_at_least_one_file() {
    let out = run(&["check"]);
    assert_code(&out, 2, "check with no files");
}

// ---------------------------------------------------------------------------------------
// bench
// ---------------------------------------------------------------------------------------

/// Parses bench output: `(algorithm, missiles, ticks, updates per second)` per line.
fn bench_lines(text: &str) -> Vec<(Algorithm, usize, u64, f64)> {
    let mut lines = text.lines();
    let header = lines.next().expect("a heading line");
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["algorithm", "missiles", "ticks", "updates/s"]
    );
    lines
        .map(|line| {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(tokens.len(), 4, "`{line}`");
            (
                Algorithm::from_id(tokens[0]).unwrap_or_else(|| panic!("`{line}`")),
                tokens[1].parse().unwrap(),
                tokens[2].parse().unwrap(),
                tokens[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn bench_prints_a_line_per_algorithm() {
    let out = run(&["bench", "--missiles", "1000", "--ticks", "3"]);
    assert_code(&out, 0, "bench");
    let lines = bench_lines(&stdout(&out));
    let algorithms: Vec<Algorithm> = lines.iter().map(|l| l.0).collect();
    assert_eq!(algorithms, Algorithm::ALL);
    for (algorithm, missiles, ticks, rate) in lines {
        assert_eq!((missiles, ticks), (1000, 3), "{algorithm}");
        assert!(rate.is_finite() && rate > 0.0, "{algorithm}: {rate}");
    }
}

#[test]
fn bench_with_an_algorithm_measures_only_it() {
    let out = run(&[
        "bench",
        "--missiles",
        "100",
        "--ticks",
        "2",
        "--algorithm",
        "intercept",
    ]);
    assert_code(&out, 0, "bench --algorithm");
    let lines = bench_lines(&stdout(&out));
    assert_eq!(lines.len(), 1);
    assert_eq!(
        (lines[0].0, lines[0].1, lines[0].2),
        (Algorithm::Intercept, 100, 2)
    );
}

// ---------------------------------------------------------------------------------------
// Help and bad input
// ---------------------------------------------------------------------------------------

#[test]
fn help_works_for_the_program_and_every_subcommand() {
    let out = run(&["--help"]);
    assert_code(&out, 0, "--help");
    let text = stdout(&out);
    assert!(text.contains("Usage: steerlab"), "{text}");
    // Every subcommand listed (and the four headless ones at least).
    let listed: Vec<String> = text
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    for needed in ["run", "compare", "check", "bench"] {
        assert!(
            listed.iter().any(|c| c == needed),
            "{needed} not in --help:\n{text}"
        );
    }
    for command in &listed {
        for flag in ["--help", "-h"] {
            let out = run(&[command, flag]);
            assert_code(&out, 0, &format!("{command} {flag}"));
            assert!(
                stdout(&out).contains(&format!("Usage: steerlab {command}")),
                "{command} {flag}:\n{}",
                stdout(&out)
            );
        }
        let out = run(&["help", command]);
        assert_code(&out, 0, &format!("help {command}"));
    }
    // The options promised in the help of each headless subcommand.
    for (command, options) in [
        ("run", &["--seconds", "--algorithm", "--csv"][..]),
        ("compare", &["--seconds"][..]),
        ("bench", &["--missiles", "--ticks", "--algorithm"][..]),
    ] {
        let text = stdout(&run(&[command, "--help"]));
        for option in options {
            assert!(
                text.contains(option),
                "{command} --help lacks {option}:\n{text}"
            );
        }
    }
}

#[test]
fn a_nonexistent_file_exits_2_with_a_message() {
    for command in ["run", "compare"] {
        let out = run(&[command, "does-not-exist.ron"]);
        assert_code(&out, 2, command);
        let err = stderr(&out);
        assert!(
            err.contains("does-not-exist.ron") && err.contains("cannot read"),
            "{command}: {err}"
        );
        assert!(stdout(&out).is_empty(), "{command}: {}", stdout(&out));
    }
}

#[test]
fn an_unknown_algorithm_id_exits_2() {
    for args in [
        &["run", "default", "--algorithm", "laser"][..],
        &[
            "bench",
            "--missiles",
            "10",
            "--ticks",
            "1",
            "--algorithm",
            "laser",
        ][..],
    ] {
        let out = run(args);
        assert_code(&out, 2, &args.join(" "));
        let err = stderr(&out);
        assert!(err.contains("laser"), "{err}");
        assert!(
            err.contains("pro-nav"),
            "the valid ids are not listed: {err}"
        );
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn bad_option_values_exit_2() {
    for args in [
        &["run", "default", "--seconds", "soon"][..],
        &["bench", "--missiles", "-5"][..],
        &["run"][..],
        &["frobnicate"][..],
    ] {
        let out = run(args);
        assert_code(&out, 2, &args.join(" "));
        assert!(!stderr(&out).is_empty(), "{}: no message", args.join(" "));
    }
}

#[test]
fn an_unwritable_csv_path_exits_2() {
    let dir = temp_dir("csv-unwritable");
    // A directory cannot be opened as the CSV file.
    let out = run(&[
        "run",
        "default",
        "--seconds",
        "1",
        "--csv",
        &dir.to_string_lossy(),
    ]);
    assert_code(&out, 2, "run --csv DIR");
    assert!(
        stderr(&out).contains(&*dir.to_string_lossy()),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_history_records_a_run_and_times_jumps() {
    let out = Command::new(env!("CARGO_BIN_EXE_steerlab"))
        .args(["bench", "--history", "--missiles", "64", "--seconds", "5"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("recorded 300 ticks"), "{text}");
    assert!(
        text.contains("jump to a recorded tick (50 probes): median"),
        "{text}"
    );
}
