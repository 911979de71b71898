//! Everything steerlab writes goes one way (`steerlab::files::write_output`): regular
//! files only (a device, a FIFO or a directory is refused by name, at once, nothing
//! opened: no hang, no device replaced), atomic, through a symlink to its target, with
//! a new file's mode as any new file's, and never over one of the run's inputs (the
//! scenario, its scripts, a recording). Each writer of the command line is tried
//! against each kind of target; and what steerlab writes for itself reopens to the
//! same run.

#![cfg(unix)]

mod cli_common;
use cli_common::*;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::time::{Duration, Instant};

/// A scenario with a script, copied into `dir`: the scripted laws against the built-ins.
fn scripted_in(dir: &Path) -> PathBuf {
    let from = root().join("scenarios/scripts");
    for name in [
        "own-missile.ron",
        "smoothed.rhai",
        "seek-arrival.rhai",
        "apn-g-limit.rhai",
    ] {
        std::fs::copy(from.join(name), dir.join(name)).unwrap();
    }
    dir.join("own-missile.ron")
}

/// A short recording of the default scenario, written by `run --csv` into `dir`.
fn recording_in(dir: &Path) -> PathBuf {
    let path = dir.join("game.csv");
    let out = run(&[
        "run",
        "default",
        "--seconds",
        "1",
        "--csv",
        &path.to_string_lossy(),
    ]);
    assert_code(&out, 0, "run --csv");
    path
}

/// Every writer of the command line, reading `input`, writing `OUT`.
fn writers(input: &str) -> Vec<Vec<String>> {
    let sweep = |flag: &'static str| {
        vec![
            "sweep",
            input,
            "--x",
            "targets[0].radius=5..10:2",
            "--runs",
            "1",
            "--seconds",
            "1",
            flag,
            "OUT",
        ]
    };
    [
        vec!["run", input, "--seconds", "0.2", "--csv", "OUT"],
        sweep("--csv"),
        sweep("--png"),
        sweep("--worst"),
        vec![
            "gif",
            input,
            "--seconds",
            "0.2",
            "--fps",
            "5",
            "--size",
            "64x64",
            "--out",
            "OUT",
        ],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(str::to_string).collect())
    .collect()
}

/// Runs `args` with `OUT` replaced by `out`, failing the test if it takes over 60 s
/// (a FIFO opened for writing waits for a reader forever).
fn run_to(args: &[String], out: &Path) -> Output {
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            if a == "OUT" {
                out.to_string_lossy().into_owned()
            } else {
                a.clone()
            }
        })
        .collect();
    let mut child = steerlab()
        .args(&args)
        .current_dir(root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

#[test]
fn no_writer_writes_to_a_device_a_fifo_or_a_directory() {
    let dir = temp_dir("outputs-irregular");
    let input = scripted_in(&dir);
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    for args in writers(&input.to_string_lossy()) {
        for (target, kind) in [
            (PathBuf::from("/dev/null"), "a device"),
            (fifo.clone(), "a FIFO (named pipe)"),
            (dir.clone(), "a directory"),
        ] {
            let out = run_to(&args, &target);
            assert_code(&out, 2, &format!("{args:?} to {}", target.display()));
            let err = stderr(&out);
            let said = format!(
                "{}: cannot write {kind}: only regular files are written",
                target.display()
            );
            assert!(err.contains(&said), "{args:?}: {err}");
        }
        assert!(std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_writer_writes_over_an_input() {
    let dir = temp_dir("outputs-inputs");
    let input = scripted_in(&dir);
    let script = dir.join("smoothed.rhai");
    let recording = recording_in(&dir);
    let link = dir.join("link-to-script.rhai");
    std::os::unix::fs::symlink(&script, &link).unwrap();
    let mut cases: Vec<(Vec<String>, PathBuf)> = Vec::new();
    for args in writers(&input.to_string_lossy()) {
        for target in [&input, &script, &link] {
            cases.push((args.clone(), target.clone()));
        }
    }
    for args in writers(&recording.to_string_lossy()) {
        cases.push((args, recording.clone()));
    }
    for (args, target) in cases {
        let before = std::fs::read(&target).unwrap();
        let out = run_to(&args, &target);
        assert_code(&out, 2, &format!("{args:?} over {}", target.display()));
        let err = stderr(&out);
        assert!(
            err.contains("cannot write: it is the input"),
            "{args:?}: {err}"
        );
        assert_eq!(
            std::fs::read(&target).unwrap(),
            before,
            "{} was changed",
            target.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_writer_writes_through_a_symlink_with_a_new_files_mode() {
    let dir = temp_dir("outputs-symlink");
    let input = scripted_in(&dir);
    // What any new file gets here (0666 less the umask).
    let plain = dir.join("plain");
    std::fs::File::create(&plain).unwrap();
    let new_mode = std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
    for (k, args) in writers(&input.to_string_lossy()).into_iter().enumerate() {
        // A new file, and a symlink to one that exists with mode 0600.
        let fresh = dir.join(format!("fresh-{k}"));
        let out = run_to(&args, &fresh);
        assert_code(&out, 0, &format!("{args:?}"));
        let mode = std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, new_mode, "{args:?}: mode {mode:o}");
        let target = dir.join(format!("target-{k}"));
        std::fs::write(&target, "old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.join(format!("link-{k}"));
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let out = run_to(&args, &link);
        assert_code(&out, 0, &format!("{args:?} through a link"));
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_ne!(
            std::fs::read(&target).unwrap(),
            b"old",
            "{args:?}: the target was not written"
        );
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{args:?}: an existing file keeps its mode");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_worst_run_saved_into_another_folder_reopens_to_the_same_run() {
    // The scripted scenario swept, its worst run saved one folder away: its scripts
    // are found from there, it passes check, and running it misses by what the sweep
    // said.
    let dir = temp_dir("outputs-worst");
    let input = scripted_in(&dir);
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let worst = elsewhere.join("worst.ron");
    let out = run(&[
        "sweep",
        &input.to_string_lossy(),
        "--x",
        "targets[0].motion.angular_speed=0.5..1.5:3",
        "--runs",
        "2",
        "--seconds",
        "12",
        "--algorithm",
        "seek-arrival",
        "--worst",
        &worst.to_string_lossy(),
    ]);
    assert_code(&out, 0, "sweep --worst");
    let summary = stdout(&out);
    let missed: f32 = summary
        .split("missed by ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| {
            n.trim_end_matches(|c: char| !c.is_ascii_digit())
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no worst run in {summary}"));
    let text = std::fs::read_to_string(&worst).unwrap();
    assert!(text.contains("path: \"../smoothed.rhai\""), "{text}");
    let check = run(&["check", &worst.to_string_lossy()]);
    assert_code(&check, 0, "check worst.ron");
    let again = run(&[
        "run",
        &worst.to_string_lossy(),
        "--seconds",
        "12",
        "--algorithm",
        "seek-arrival",
    ]);
    assert_code(&again, 0, "run worst.ron");
    // The closest column (fifth from the right, before path, peak turn, vs predicted and
    // why); the script's law is not known here.
    let worst_row = stdout(&again)
        .lines()
        .skip(1)
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            t[t.len() - 5].parse::<f32>().unwrap()
        })
        .fold(f32::NEG_INFINITY, f32::max);
    assert!(
        (worst_row - missed).abs() < 0.051,
        "{worst_row} against {missed}:\n{summary}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_recording_is_never_written_as_a_scenario_or_a_link() {
    let dir = temp_dir("outputs-recording");
    let recording = recording_in(&dir);
    let rec = recording.to_string_lossy().into_owned();
    let worst = dir.join("worst.ron");
    let out = run(&[
        "sweep",
        &rec,
        "--x",
        "targets[0].radius=5..10:2",
        "--runs",
        "1",
        "--worst",
        &worst.to_string_lossy(),
    ]);
    assert_code(&out, 2, "sweep a recording --worst");
    assert!(
        stderr(&out).contains("--worst: ") && stderr(&out).contains("is a recording"),
        "{}",
        stderr(&out)
    );
    assert!(!worst.exists());
    let out = run(&["link", &rec]);
    assert_code(&out, 2, "link a recording");
    assert!(stderr(&out).contains("is a recording"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_scenario_with_scripts_reopens_to_the_same_run_from_any_folder() {
    let dir = temp_dir("outputs-save");
    let input = scripted_in(&dir);
    let original = steerlab::scenario::load(&input).unwrap();
    let hash = |s: &Scenario| {
        let mut world = s.build().unwrap();
        for _ in 0..300 {
            world.step();
        }
        world.state_hash()
    };
    for folder in ["sub/deeper", ".", "sibling"] {
        let to = dir.join(folder);
        std::fs::create_dir_all(&to).unwrap();
        let path = to.join("saved.ron");
        steerlab::scenario::save(&original, &path, Some(&dir), &[]).unwrap();
        let reopened = steerlab::scenario::load(&path).unwrap_or_else(|e| panic!("{folder}: {e}"));
        assert_eq!(hash(&reopened), hash(&original), "{folder}");
        assert_code(&run(&["check", &path.to_string_lossy()]), 0, folder);
    }
    // Saved over one of its own scripts: refused, the script kept.
    let script = dir.join("smoothed.rhai");
    let before = std::fs::read(&script).unwrap();
    let e = steerlab::scenario::save(&original, &script, Some(&dir), &[]).unwrap_err();
    assert!(
        e.to_string().contains("cannot write: it is the input"),
        "{e}"
    );
    assert_eq!(std::fs::read(&script).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}
