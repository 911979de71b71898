//! `steerlab check`, `bench`, `--help` and exit codes through the real binary.

mod cli_common;
use cli_common::*;

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
fn a_file_that_cannot_be_read_is_named_without_a_place_in_it() {
    // A scenario, a script and a recording: the whole file, not its line 1.
    for file in ["no/such/file.ron", "no/such/law.rhai", "no/such/game.csv"] {
        let out = run(&["check", file]);
        assert_code(&out, 2, "check a missing file");
        let said = format!("{file}: cannot read: no such file or folder");
        assert!(stderr(&out).lines().any(|l| l == said), "{}", stderr(&out));
    }
}

#[test]
fn check_of_a_missing_file_exits_2() {
    let out = run(&["check", "no/such/file.ron"]);
    assert_code(&out, 2, "check a missing file");
    assert!(
        stderr(&out).contains("no/such/file.ron: cannot read"),
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
fn bench_flies_more_missiles_than_a_scenarios_default_cap() {
    // The default cap is 10,000 in flight; the benchmark asks for its own count (the
    // default of `--missiles` is 100,000).
    let out = run(&[
        "bench",
        "--missiles",
        "12000",
        "--ticks",
        "1",
        "--algorithm",
        "smoothed",
    ]);
    assert_code(&out, 0, "bench 12000");
    let lines = bench_lines(&stdout(&out));
    assert_eq!(lines.len(), 1);
    assert_eq!((lines[0].1, lines[0].2), (12000, 1));
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

#[test]
fn bench_crowd_times_the_crowd_of_boids_asked_for() {
    let out = run(&["bench", "--crowd", "300", "--ticks", "4"]);
    assert_code(&out, 0, "bench --crowd");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].contains("ticks/s") && lines[0].contains("agent updates/s"));
    let cells: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(cells[..3], ["boids", "300", "4"], "{text}");
    let (per_tick, per_agent): (f64, f64) = (cells[3].parse().unwrap(), cells[4].parse().unwrap());
    assert!(per_tick > 0.0 && per_tick.is_finite(), "{text}");
    // Agent updates are the ticks times the agents (both printed rounded).
    assert!(
        (per_agent - per_tick * 300.0).abs() <= 0.05 * 300.0 + 0.5,
        "{text}"
    );
    for bad in [
        vec!["bench", "--crowd", "0"],
        vec!["bench", "--crowd", "200001"],
        vec!["bench", "--crowd", "10", "--algorithm", "smoothed"],
        vec!["bench", "--crowd", "10", "--sweep"],
    ] {
        let out = run(&bad);
        assert_code(&out, 2, &bad.join(" "));
        assert!(stderr(&out).contains("--crowd"), "{}", stderr(&out));
    }
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

#[test]
fn a_reader_that_stops_early_is_not_a_failure_and_the_files_are_still_written() {
    // `steerlab sweep ... --worst F | head -1`: its output's reader is gone before the
    // first line; the sweep goes on, writes F and exits 0 without a word.
    let dir = tempfile::tempdir().unwrap();
    let worst = dir.path().join("worst.ron");
    let mut child = steerlab()
        .args(["sweep", "smoothed-envelope", "--runs", "2", "--worst"])
        .arg(&worst)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(worst.exists(), "the worst run was saved");
}

#[test]
fn output_that_cannot_be_printed_is_said_on_the_standard_error() {
    // A full device: not a closed reader, so it is said.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = steerlab()
        .args(["compare", "default"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("steerlab: cannot print: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
