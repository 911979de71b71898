//! Structure-aware fuzzing of the scenario loader and a short run: the shipped scenarios
//! with tokens swapped, deleted, duplicated or cut off and numbers replaced by extremes,
//! and random byte strings. Every case must end without a panic or a hang, with either
//! a world that runs or errors whose positions are inside the file.
//!
//! `cargo test` runs a few hundred cases; the long run is
//! `cargo test --test fuzz -- --ignored` (100,000 cases; `FUZZ_CASES` overrides).

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use steerlab::recording;
use steerlab::scenario::{self, presets};

/// A scenario text cut into tokens (whitespace and comments kept as tokens of their own,
/// so joining them gives the text back).
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let mut end = start + c.len_utf8();
        let mut take_while = |f: &dyn Fn(char) -> bool, end: &mut usize| {
            while let Some(&(i, c)) = chars.peek() {
                if !f(c) {
                    break;
                }
                *end = i + c.len_utf8();
                chars.next();
            }
        };
        if c == '"' {
            take_while(&|c| c != '"', &mut end);
            if let Some((i, _)) = chars.next() {
                end = i + 1;
            }
        } else if c == '/' && text[end..].starts_with('/') {
            take_while(&|c| c != '\n', &mut end);
        } else if c.is_whitespace() {
            take_while(&char::is_whitespace, &mut end);
        } else if c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | '+') {
            take_while(
                &|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | '+'),
                &mut end,
            );
        }
        out.push(text[start..end].to_string());
    }
    out
}

const EXTREMES: &[&str] = &[
    "0",
    "-0",
    "-1",
    "1e-45",
    "0.0001",
    "1e7",
    "1e38",
    "-1e38",
    "3.4028235e38",
    "1e39",
    "NaN",
    "inf",
    "-inf",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "999999999999",
    "\"\"",
    "[]",
    "()",
];

/// Type names of the code that must never reach a user's eyes.
const RUST_NAMES: &[&str] = &[
    "Vec2",
    "TargetSpec",
    "LauncherSpec",
    "TurretSpec",
    "MissileSpec",
    "WorldConfig",
    "RainSpec",
    "Tuning",
    "FlyProgramSpec",
    "Params",
    "Option<",
    "struct ",
];

/// One mutation of a token list.
#[derive(Clone, Debug)]
enum Mutation {
    Swap(usize, usize),
    Delete(usize),
    Duplicate(usize),
    Truncate(usize),
    Extreme(usize, usize),
}

fn apply(tokens: &[String], mutations: &[Mutation]) -> String {
    let mut t = tokens.to_vec();
    for m in mutations {
        if t.is_empty() {
            break;
        }
        let n = t.len();
        match *m {
            Mutation::Swap(a, b) => t.swap(a % n, b % n),
            Mutation::Delete(a) => {
                t.remove(a % n);
            }
            Mutation::Duplicate(a) => {
                let copy = t[a % n].clone();
                t.insert(a % n, copy);
            }
            Mutation::Truncate(a) => t.truncate(a % n),
            Mutation::Extreme(a, e) => {
                // Replace the a-th number-like token (or any token) with an extreme.
                let numbers: Vec<usize> = (0..n)
                    .filter(|&i| t[i].starts_with(|c: char| c.is_ascii_digit() || c == '-'))
                    .collect();
                let at = if numbers.is_empty() {
                    a % n
                } else {
                    numbers[a % numbers.len()]
                };
                t[at] = EXTREMES[e % EXTREMES.len()].to_string();
            }
        }
    }
    t.concat()
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let i = 0usize..100_000;
    prop_oneof![
        (i.clone(), i.clone()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        i.clone().prop_map(Mutation::Delete),
        i.clone().prop_map(Mutation::Duplicate),
        i.clone().prop_map(Mutation::Truncate),
        (i.clone(), 0usize..EXTREMES.len()).prop_map(|(a, e)| Mutation::Extreme(a, e)),
        (i.clone(), 0usize..EXTREMES.len()).prop_map(|(a, e)| Mutation::Extreme(a, e)),
    ]
}

/// What one case did.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    ran: u64,
    refused: u64,
}

/// Loads `bytes` as a user's file would be and, if it loads, runs it for a simulated
/// second. Panics (a test failure) on a panic or an error outside the file.
fn exercise(bytes: Vec<u8>, tally: &mut Tally) -> Result<(), TestCaseError> {
    let lossy = String::from_utf8_lossy(&bytes).into_owned();
    let result = std::panic::catch_unwind(|| {
        let text = match steerlab::files::text_of(bytes) {
            Ok(text) => text,
            Err((line, col, _)) => return Err(vec![(line, col)]),
        };
        match scenario::parse(&text, "fuzz.ron") {
            Ok(s) => {
                let mut world = s.build().map_err(|_| vec![(0, 0)])?;
                for _ in 0..(world.config.tick_rate as usize).min(120) {
                    world.step();
                    for m in world.missiles() {
                        assert!(m.body.is_finite(), "a non-finite missile is on screen");
                    }
                }
                Ok(())
            }
            Err(errors) => {
                for e in &errors.errors {
                    for name in RUST_NAMES {
                        assert!(
                            !e.message.contains(name),
                            "a Rust type name in a message: {e}"
                        );
                    }
                }
                Err(errors.errors.iter().map(|e| (e.line, e.col)).collect())
            }
        }
    });
    match result {
        Err(_) => Err(TestCaseError::fail(format!("panicked on:\n{lossy}"))),
        Ok(Ok(())) => {
            tally.ran += 1;
            Ok(())
        }
        Ok(Err(positions)) => {
            tally.refused += 1;
            let lines: Vec<&str> = lossy.split('\n').collect();
            for (line, col) in positions {
                let inside = line >= 1
                    && line <= lines.len()
                    && col >= 1
                    && col <= lines[line - 1].chars().count() + 1;
                prop_assert!(inside, "error at {line}:{col}, outside the file:\n{lossy}");
            }
            Ok(())
        }
    }
}

/// A runner: the same cases every time for `cargo test`, fresh ones for the long run.
fn runner(cases: u32, deterministic: bool) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    if deterministic {
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
    } else {
        TestRunner::new(config)
    }
}

fn fuzz(cases: u32, deterministic: bool) -> Tally {
    let shipped: Vec<Vec<String>> = presets::SHIPPED.iter().map(|(_, t)| tokens(t)).collect();
    for ((_, text), toks) in presets::SHIPPED.iter().zip(&shipped) {
        assert_eq!(
            &toks.concat(),
            text,
            "the tokenizer must give the text back"
        );
    }
    let mut runner = runner(cases, deterministic);
    let tally = std::cell::Cell::new(Tally::default());
    let structured = (0..shipped.len(), prop::collection::vec(mutation(), 1..4));
    runner
        .run(&structured, |(which, mutations)| {
            let mut t = tally.get();
            let r = exercise(apply(&shipped[which], &mutations).into_bytes(), &mut t);
            tally.set(t);
            r
        })
        .unwrap();
    let mut runner = self::runner(cases / 4, deterministic);
    runner
        .run(&prop::collection::vec(any::<u8>(), 0..300), |bytes| {
            let mut t = tally.get();
            let r = exercise(bytes, &mut t);
            tally.set(t);
            r
        })
        .unwrap();
    tally.get()
}

/// One change to a recording: which line, and what happens to it.
#[derive(Clone, Debug)]
enum RowMutation {
    Delete(usize),
    Duplicate(usize),
    /// Replaces cell `cell` of a line with a hostile value.
    Cell(usize, usize, &'static str),
    Truncate(usize),
    Swap(usize, usize),
}

const CELLS: [&str; 12] = [
    "",
    "NaN",
    "inf",
    "-1",
    "1e39",
    "9999999999999999999999",
    "abc",
    "0x10",
    "decoy",
    "1e7",
    "-0",
    "\"quoted,comma\"",
];

fn row_mutation() -> impl Strategy<Value = RowMutation> {
    prop_oneof![
        any::<usize>().prop_map(RowMutation::Delete),
        any::<usize>().prop_map(RowMutation::Duplicate),
        (
            any::<usize>(),
            0..12usize,
            prop::sample::select(CELLS.to_vec())
        )
            .prop_map(|(l, c, v)| RowMutation::Cell(l, c, v)),
        any::<usize>().prop_map(RowMutation::Truncate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| RowMutation::Swap(a, b)),
    ]
}

fn mutate_rows(text: &str, mutations: &[RowMutation]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for m in mutations {
        let n = lines.len().max(1);
        match m {
            RowMutation::Delete(l) if !lines.is_empty() => {
                lines.remove(l % n);
            }
            RowMutation::Duplicate(l) if !lines.is_empty() => {
                let line = lines[l % n].clone();
                lines.insert(l % n, line);
            }
            RowMutation::Cell(l, c, v) if !lines.is_empty() => {
                let mut cells: Vec<String> = lines[l % n].split(',').map(str::to_string).collect();
                let k = c % cells.len();
                cells[k] = v.to_string();
                lines[l % n] = cells.join(",");
            }
            RowMutation::Truncate(l) => lines.truncate(l % n),
            RowMutation::Swap(a, b) if !lines.is_empty() => lines.swap(a % n, b % n),
            _ => {}
        }
    }
    lines.join("\n")
}

/// A recording as a user's file: parsed, and if it parses, opened and run for a second.
fn exercise_recording(text: String, tally: &mut Tally) -> Result<(), TestCaseError> {
    let lines = text.lines().count().max(1) as u64;
    let result = std::panic::catch_unwind(|| match recording::parse(&text, "fuzz.csv") {
        Ok(rec) => {
            let scenario = recording::to_scenario(&rec, "fuzz.csv").map_err(|_| 0u64)?;
            let mut world = scenario.build().map_err(|_| 0u64)?;
            for _ in 0..60 {
                world.step();
                for m in world.missiles() {
                    assert!(m.body.is_finite(), "a non-finite missile is on screen");
                }
            }
            Ok(())
        }
        Err(e) => Err(e.line),
    });
    match result {
        Err(_) => Err(TestCaseError::fail(format!("panicked on:\n{text}"))),
        Ok(Ok(())) => {
            tally.ran += 1;
            Ok(())
        }
        Ok(Err(line)) => {
            tally.refused += 1;
            prop_assert!(
                line <= lines + 1,
                "error at line {line} of {lines}:\n{text}"
            );
            Ok(())
        }
    }
}

fn fuzz_recordings(cases: u32, deterministic: bool) -> Tally {
    let mut csv = Vec::new();
    steerlab::headless::run(&presets::default_scenario(), Some(0.5), Some(&mut csv)).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    let tally = std::cell::Cell::new(Tally::default());
    runner(cases, deterministic)
        .run(&prop::collection::vec(row_mutation(), 1..4), |mutations| {
            let mut t = tally.get();
            let r = exercise_recording(mutate_rows(&csv, &mutations), &mut t);
            tally.set(t);
            r
        })
        .unwrap();
    tally.get()
}

#[test]
fn mutated_recordings_never_panic_and_errors_point_inside() {
    let tally = fuzz_recordings(200, true);
    assert!(tally.ran > 10 && tally.refused > 50, "{tally:?}");
}

#[test]
fn mutated_shipped_scenarios_and_random_bytes_never_panic_and_errors_point_inside() {
    let tally = fuzz(400, true);
    // Both outcomes occur: the mutations are neither all harmless nor all fatal.
    assert!(tally.ran > 20 && tally.refused > 100, "{tally:?}");
}

#[test]
#[ignore = "the long run: cargo test --test fuzz -- --ignored"]
fn long_fuzz_run() {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let start = std::time::Instant::now();
    let tally = fuzz(cases, false);
    println!(
        "{} structured + {} byte cases in {:.1} s: {} loaded and ran, {} refused with errors inside the file, 0 panics",
        cases,
        cases / 4,
        start.elapsed().as_secs_f64(),
        tally.ran,
        tally.refused
    );
    let start = std::time::Instant::now();
    let tally = fuzz_recordings(cases / 4, false);
    println!(
        "{} mutated recordings in {:.1} s: {} opened and ran, {} refused with errors inside the file, 0 panics",
        cases / 4,
        start.elapsed().as_secs_f64(),
        tally.ran,
        tally.refused
    );
}
