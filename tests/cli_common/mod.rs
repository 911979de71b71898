//! Helpers shared by the command-line tests (`tests/cli_*.rs`), which run the real binary.
#![allow(dead_code, unused_imports)]

pub use std::collections::BTreeSet;
pub use std::path::{Path, PathBuf};
pub use std::process::{Command, Output};
pub use steerlab::guidance::Algorithm;
pub use steerlab::headless;
pub use steerlab::scenario::{self, presets, Scenario};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

pub fn steerlab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_steerlab"))
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary with `args` from the repository root.
pub fn run(args: &[&str]) -> Output {
    steerlab()
        .args(args)
        .current_dir(root())
        .output()
        .expect("steerlab runs")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts an exit code, showing the output when it differs.
pub fn assert_code(out: &Output, code: i32, what: &str) {
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
pub fn temp_dir(name: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The column headings of the results table.
pub const HEADINGS: [&str; 9] = [
    "missile",
    "algorithm",
    "outcome",
    "hit (s)",
    "closest",
    "path",
    "peak turn",
    "vs predicted",
    "why",
];

/// One row of the printed results table.
#[derive(Debug, PartialEq)]
pub struct Row {
    /// The compared run the row comes from (`quartic` in `quartic/M0`).
    pub lane: Option<String>,
    /// The missile's number (none: a launch refused for want of a solution).
    pub id: Option<u32>,
    /// The missile cell without the lane: `M3`, `launcher 0 at 6.00 s`.
    pub who: String,
    pub algorithm: Algorithm,
    pub outcome: String,
    pub time_to_hit: Option<f32>,
    pub miss: f32,
    pub path: f32,
    pub peak_turn: f32,
    pub vs_best: Option<f32>,
    /// A miss's primary failure class (`-`: none).
    pub why: String,
}

pub fn optional(text: &str) -> Option<f32> {
    if text == "-" {
        None
    } else {
        Some(
            text.parse()
                .unwrap_or_else(|_| panic!("not a number or `-`: {text}")),
        )
    }
}

/// Parses a results table: checks the heading line and returns the rows (the lines after
/// them, one per crowd, are not rows).
pub fn table(text: &str) -> Vec<Row> {
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
        .take_while(|line| !line.starts_with("crowd "))
        .map(|line| {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            assert!(tokens.len() >= 9, "short row `{line}`");
            let n = tokens.len();
            let (lane, missile) = match tokens[0].split_once('/') {
                Some((lane, missile)) => (Some(lane.to_string()), missile),
                None => (None, tokens[0]),
            };
            // A refused launch is `launcher 0 at 6.00 s`: five words.
            let (id, who, rest) = match missile.strip_prefix('M') {
                Some(n) => (
                    Some(
                        n.parse()
                            .unwrap_or_else(|_| panic!("bad missile in `{line}`")),
                    ),
                    missile.to_string(),
                    &tokens[1..],
                ),
                None => {
                    assert!(
                        ["launcher", "turret"].contains(&missile)
                            && tokens[2] == "at"
                            && tokens[4] == "s",
                        "bad missile `{missile}` in `{line}`"
                    );
                    (
                        None,
                        format!("{missile} {} at {} s", tokens[1], tokens[3]),
                        &tokens[5..],
                    )
                }
            };
            let outcome = rest[1..rest.len() - 6].join(" ");
            assert!(
                outcome == "hit" || outcome == "flying" || outcome.starts_with("miss: "),
                "unknown outcome `{outcome}` in `{line}`"
            );
            Row {
                lane,
                id,
                who,
                algorithm: Algorithm::from_id(rest[0])
                    .unwrap_or_else(|| panic!("bad algorithm in `{line}`")),
                outcome,
                time_to_hit: optional(tokens[n - 6]),
                miss: tokens[n - 5].parse().unwrap(),
                path: tokens[n - 4].parse().unwrap(),
                peak_turn: tokens[n - 3].parse().unwrap(),
                vs_best: optional(tokens[n - 2]),
                why: tokens[n - 1].to_string(),
            }
        })
        .collect()
}

pub fn shipped(name: &str) -> Scenario {
    scenario::parse(presets::shipped(name).unwrap(), name).unwrap()
}

/// What the library says `run` should print: `(id, algorithm, outcome)` per missile.
pub fn expected_rows(
    scenario: &Scenario,
    seconds: Option<f64>,
) -> Vec<(String, Algorithm, String)> {
    let world = headless::run(scenario, seconds, None).unwrap();
    headless::rows(&world)
        .iter()
        .map(|r| (r.who.clone(), r.algorithm, r.outcome.describe()))
        .collect()
}

pub fn summary(rows: &[Row]) -> Vec<(String, Algorithm, String)> {
    rows.iter()
        .map(|r| (r.who.clone(), r.algorithm, r.outcome.clone()))
        .collect()
}
