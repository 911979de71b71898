//! `steerlab diagnose` through the real binary: why each missile missed, the thresholds
//! a scenario file sets, and their errors.

mod cli_common;
use cli_common::*;

/// A turn-rate missile that cannot turn tight enough around a parked target, with
/// `diagnosis` (RON, or empty) in its file.
fn orbiting(diagnosis: &str) -> String {
    format!(
        r#"(version: 1,
 world: (width: 2000, height: 1200),{diagnosis}
 algorithms: (turn_rate: (radial_speed: 300, angular_speed: 2)),
 targets: [(name: "t", radius: 10, motion: Static(pos: (300, 520)))],
 launchers: [(pos: (300, 600), target: "t", algorithms: ["turn-rate"],
              launch_velocity: (300, 0), missile: (lifetime: 10))])
"#
    )
}

#[test]
fn diagnose_names_each_miss_with_its_evidence_and_sums_up_each_law() {
    let dir = temp_dir("diagnose-orbit");
    let file = dir.join("orbit.ron");
    std::fs::write(&file, orbiting("")).unwrap();
    let out = run(&["diagnose", file.to_str().unwrap()]);
    assert_code(&out, 0, "diagnose");
    // 10 s at 2 rad/s around a circle of 150 with the target 70 from its centre: the
    // line of sight turns about 20/(2 pi) = 3.2 times (3.3 with the first second's
    // wider swing), the range between 80 and 220.
    assert_eq!(
        stdout(&out),
        "M0 turn-rate miss: lifetime out: orbit
    orbit: orbit from 0.02 s to 10.00 s: 3.3 turns at about 155 units
    out-of-energy: its lifetime ran out at 10.00 s

turn-rate: 1 missile, 0 hits, 1 miss: orbit 1
"
    );
    // Asking for five turns before an orbit: no orbit, and each loop is then a pass
    // that turns back (an orbit's own overshoots are the orbit, not any more).
    std::fs::write(&file, orbiting("\n diagnosis: (orbit_turns: 5),")).unwrap();
    let out = run(&["diagnose", file.to_str().unwrap()]);
    assert_code(&out, 0, "diagnose with thresholds");
    assert!(
        stdout(&out).starts_with(
            "M0 turn-rate miss: lifetime out: overshoot\n    overshoot: passed 80 units from the target at 3.15 s"
        ),
        "{}",
        stdout(&out)
    );
    // The run table says the same.
    let out = run(&["run", file.to_str().unwrap()]);
    let rows = table(&stdout(&out));
    assert_eq!(rows[0].why, "overshoot");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_threshold_out_of_range_is_named_with_its_place() {
    let dir = temp_dir("diagnose-bad");
    let file = dir.join("bad.ron");
    std::fs::write(&file, orbiting("\n diagnosis: (orbit_turns: 0),")).unwrap();
    let out = run(&["diagnose", file.to_str().unwrap()]);
    assert_code(&out, 2, "diagnose a bad file");
    assert!(
        stderr(&out).contains(
            "bad.ron:3:27: diagnosis.orbit_turns: expected a value from 0.1 to 100, found 0"
        ),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_csv_trace_names_a_miss_s_class_on_the_row_it_ended_and_its_recording_says_the_same() {
    let dir = temp_dir("diagnose-trace");
    let file = dir.join("orbit.ron");
    let trace = dir.join("orbit.csv");
    std::fs::write(&file, orbiting("")).unwrap();
    let out = run(&[
        "run",
        file.to_str().unwrap(),
        "--csv",
        trace.to_str().unwrap(),
    ]);
    assert_code(&out, 0, "run --csv");
    let text = std::fs::read_to_string(&trace).unwrap();
    let classed: Vec<&str> = text.lines().skip(1).filter(|l| !l.ends_with(',')).collect();
    // One row has a class: the missile's last, lifetime out at 10 s (tick 600).
    assert_eq!(classed.len(), 1, "{classed:?}");
    let fields: Vec<&str> = classed[0].split(',').collect();
    assert_eq!(
        (fields[0], fields[3], fields[10], fields[11]),
        ("600", "missile", "lifetime-out", "orbit")
    );
    // The recording of that run, diagnosed: its missile flew the same path, so it
    // orbits the same (a recording ends its missiles at its last row, lifetime out).
    let out = run(&["diagnose", trace.to_str().unwrap()]);
    assert_code(&out, 0, "diagnose a recording");
    // (The replay ends a few ticks after the run did: the end time differs.)
    let said = stdout(&out);
    assert!(
        said.starts_with(
            "M0 rec-turn-rate miss: lifetime out: orbit\n    orbit: orbit from 0.02 s"
        ) && said.contains("3.3 turns at about 155 units"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `steerlab sweep FILE` over the orbit's turn rate, 2 and 8 rad/s, with `more`.
fn sweep_turn_rate(file: &std::path::Path, more: &[&str]) -> std::process::Output {
    let mut args = vec![
        "sweep",
        file.to_str().unwrap(),
        "--x",
        "algorithms.turn_rate.angular_speed=2..8:2",
    ];
    args.extend_from_slice(more);
    run(&args)
}

#[test]
fn a_failure_class_sweep_maps_each_cell_s_class_with_every_class_s_share() {
    let dir = temp_dir("diagnose-sweep");
    let file = dir.join("orbit.ron");
    let csv = dir.join("classes.csv");
    let png = dir.join("classes.png");
    std::fs::write(&file, orbiting("")).unwrap();
    let out = sweep_turn_rate(
        &file,
        &[
            "--metric",
            "failure-class",
            "--csv",
            csv.to_str().unwrap(),
            "--png",
            png.to_str().unwrap(),
        ],
    );
    assert_code(&out, 0, "sweep --metric failure-class");
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // The class, then each of the 16 classes' shares.
    assert_eq!(header.len(), at("failure-class") + 17, "{header:?}");
    let row = |k: usize| -> Vec<&str> { lines[k].split(',').collect() };
    // At 2 rad/s it orbits (its one missile: a share of 1); at 8 it hits.
    assert_eq!(row(1)[at("failure-class")], "orbit");
    assert_eq!(row(1)[at("share-orbit")], "1");
    assert_eq!(row(1)[at("share-out-of-energy")], "0");
    assert_eq!(row(2)[at("failure-class")], "none");
    assert_eq!(row(2)[at("share-orbit")], "0");
    assert_eq!(lines.len(), 3);
    assert!(std::fs::metadata(&png).unwrap().len() > 1000);
    // A hit-rate sweep of the same has no class columns.
    let out = sweep_turn_rate(&file, &["--csv", csv.to_str().unwrap()]);
    assert_code(&out, 0, "sweep");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        !text.contains("failure-class") && !text.contains("share-"),
        "{text}"
    );
    // Classes have no difference.
    let out = sweep_turn_rate(
        &file,
        &[
            "--metric",
            "failure-class",
            "--diff",
            "turn-rate",
            "turn-rate",
        ],
    );
    assert_code(&out, 2, "sweep --diff of classes");
    assert!(
        stderr(&out).contains("--diff: a map of failure classes has no difference"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
