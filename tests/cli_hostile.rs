//! The command line against hostile input: no panic, no hang, no runaway memory, every
//! bad argument refused with its allowed range (exit 2), files that are not regular
//! files refused, outputs that would overwrite an input refused, write errors named.

mod cli_common;
use cli_common::*;

/// Asserts a refusal: exit 2 and a message containing every fragment.
fn assert_refused(args: &[&str], fragments: &[&str]) {
    let out = run(args);
    assert_code(&out, 2, &args.join(" "));
    let err = stderr(&out);
    for fragment in fragments {
        assert!(
            err.contains(fragment),
            "{}: stderr lacks `{fragment}`:\n{err}",
            args.join(" ")
        );
    }
    assert!(
        !err.contains("panicked"),
        "{}: panicked:\n{err}",
        args.join(" ")
    );
}

#[test]
fn every_numeric_argument_out_of_range_exits_2_with_the_range() {
    let cases: &[(&[&str], &str)] = &[
        (&["run", "default", "--seconds", "inf"], "at most 3600"),
        (&["run", "default", "--seconds", "1e12"], "at most 3600"),
        (&["run", "default", "--seconds", "nan"], "at most 3600"),
        (&["run", "default", "--seconds", "-1"], "above 0"),
        (&["run", "default", "--seconds", "-inf"], "above 0"),
        (&["run", "default", "--seconds", "0"], "above 0"),
        (&["compare", "default", "--seconds", "inf"], "at most 3600"),
        (
            &["bench", "--missiles", "1000000000000"],
            "from 1 to 2000000",
        ),
        (
            &["bench", "--missiles", "18446744073709551615"],
            "from 1 to 2000000",
        ),
        (&["bench", "--missiles", "0"], "from 1 to 2000000"),
        (&["bench", "--ticks", "0"], "from 1 to 100000"),
        (&["bench", "--history", "--seconds", "nan"], "at most 3600"),
        (&["bench", "--history", "--missiles", "1e11"], "1e11"),
        (
            &["bench", "--history", "--missiles", "200000"],
            "1 to 100000",
        ),
        (
            &["bench", "--history", "--budget-mb", "17592186044416"],
            "from 1 to 16384",
        ),
        (
            &["bench", "--history", "--budget-mb", "0"],
            "from 1 to 16384",
        ),
        (
            &["shot", "default", "--frames", "0", "--out", "x.png"],
            "from 1 to 100000",
        ),
        (&["default", "--stats", "0"], "from 1 to 100000"),
        // Negative numbers are values too, refused with their range, not taken for flags.
        (
            &["run", "default", "--from-tick", "-5"],
            "'--from-tick <TICK>': expected a whole number from 0 to",
        ),
        (
            &["run", "default", "--from-tick", "3", "--missile", "-1"],
            "'--missile <ID>': expected a whole number from 0 to",
        ),
        (
            &["bench", "--missiles", "-3"],
            "'--missiles <MISSILES>': expected a whole number from 1 to 2000000",
        ),
        (&["bench", "--ticks", "-1"], "from 1 to 100000"),
        (
            &["shot", "default", "--frames", "-1", "--out", "x.png"],
            "'--frames <FRAMES>': expected a whole number from 1 to 100000",
        ),
        (
            &["gif", "default", "--out", "x.gif", "--size", "-64x64"],
            "each side 64 to 2048, found `-64x64`",
        ),
        (
            &["gif", "default", "--out", "x.gif", "--fps", "-2"],
            "'--fps <FPS>': expected a whole number from 1 to 50",
        ),
        (&["default", "--size", "-320x200"], "each side 320 to 8192"),
        (
            &["default", "--msaa", "-4"],
            "expected 1, 2, 4 or 8, found `-4`",
        ),
    ];
    for (args, range) in cases {
        assert_refused(args, &[range]);
    }
}

#[cfg(feature = "app")]
#[test]
fn a_window_that_cannot_open_is_a_message_and_exit_1() {
    let dir = temp_dir("no-display");
    let png = dir.join("x.png");
    for args in [
        vec![
            "shot",
            "default",
            "--frames",
            "2",
            "--out",
            png.to_str().unwrap(),
        ],
        vec!["default", "--stats", "3"],
    ] {
        let out = steerlab()
            .args(&args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .current_dir(root())
            .output()
            .unwrap();
        assert_code(&out, 1, &args.join(" "));
        let err = stderr(&out);
        assert!(
            err.starts_with("error: no display to open a window on (DISPLAY is not set)"),
            "{err}"
        );
        assert!(err.contains("xvfb-run -a steerlab"), "no hint: {err}");
        assert!(
            err.contains("run, compare, sweep, gif"),
            "no way without: {err}"
        );
        assert!(
            !err.contains("internal error") && !err.contains("panicked"),
            "{err}"
        );
    }
    assert!(!png.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn devices_fifos_and_directories_are_refused_without_reading_them() {
    let dir = temp_dir("irregular");
    let fifo = dir.join("pipe.ron");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap().to_string();
    let dir_text = dir.to_str().unwrap().to_string();
    for (args, what) in [
        (vec!["check", "/dev/zero"], "a device"),
        (vec!["run", "/dev/urandom"], "a device"),
        (vec!["check", fifo.as_str()], "a FIFO"),
        (vec!["run", fifo.as_str()], "a FIFO"),
        (vec!["check", dir_text.as_str()], "a directory"),
    ] {
        assert_refused(&args, &[what, "only regular files are read"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_over_64_mib_is_refused_by_size() {
    let dir = temp_dir("too-large");
    let big = dir.join("big.ron");
    // Sparse: no 65 MB actually written.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(65 * 1024 * 1024)
        .unwrap();
    assert_refused(
        &["check", big.to_str().unwrap()],
        &["big.ron", "too large", "64 MiB"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_output_that_is_the_input_is_refused_and_the_input_kept() {
    let dir = temp_dir("output-is-input");
    let scenario = dir.join("copy.ron");
    let text = presets::shipped("default").unwrap();
    std::fs::write(&scenario, text).unwrap();
    let sub = dir.join("sub");
    std::fs::create_dir(&sub).unwrap();
    let mut aliases = vec![
        scenario.to_str().unwrap().to_string(),
        // The same file by another name: through `..`.
        sub.join("..")
            .join("copy.ron")
            .to_str()
            .unwrap()
            .to_string(),
    ];
    #[cfg(unix)]
    {
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&scenario, &link).unwrap();
        aliases.push(link.to_str().unwrap().to_string());
        let hard = dir.join("hard.ron");
        std::fs::hard_link(&scenario, &hard).unwrap();
        aliases.push(hard.to_str().unwrap().to_string());
    }
    for alias in &aliases {
        assert_refused(
            &[
                "run",
                scenario.to_str().unwrap(),
                "--seconds",
                "1",
                "--csv",
                alias,
            ],
            &["is the input", "choose another output file"],
        );
        assert_eq!(std::fs::read_to_string(&scenario).unwrap(), text, "{alias}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn a_write_that_fails_is_one_exit_code_naming_the_file_whatever_the_size() {
    // /proc takes no new files: the temporary beside the output cannot be made.
    for seconds in ["0.1", "30"] {
        let out = run(&[
            "run",
            "default",
            "--seconds",
            seconds,
            "--csv",
            "/proc/steerlab-trace.csv",
        ]);
        assert_code(&out, 2, &format!("--csv under /proc, {seconds} s"));
        let err = stderr(&out);
        assert!(
            err.contains("/proc/steerlab-trace.csv: cannot write"),
            "{err}"
        );
    }
}

#[test]
fn check_takes_shipped_names_like_run() {
    let out = run(&["check", "default", "fly-program"]);
    assert_code(&out, 0, "check default fly-program");
    assert!(stdout(&out).contains("default: ok"), "{}", stdout(&out));
}

#[test]
fn a_file_with_tens_of_thousands_of_errors_reports_a_bounded_number() {
    let dir = temp_dir("many-errors");
    let path = dir.join("errors.ron");
    // 10,000 targets with three bad values each: 30,000 problems.
    let targets: Vec<String> = (0..10_000)
        .map(|i| format!("(name: \"t{i}\", radius: -1, motion: Static(pos: (1e9, 2e9)))"))
        .collect();
    std::fs::write(
        &path,
        format!("(version: 1, targets: [{}])", targets.join(",\n")),
    )
    .unwrap();
    let out = run(&["check", path.to_str().unwrap()]);
    assert_code(&out, 2, "check errors.ron");
    let err = stderr(&out);
    let located = err.lines().filter(|l| l.contains("errors.ron:")).count();
    assert_eq!(located, steerlab::scenario::file::MAX_ERRORS, "{err}");
    assert!(
        err.contains(&format!(
            "and {} more problems",
            30_000 - steerlab::scenario::file::MAX_ERRORS
        )),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
