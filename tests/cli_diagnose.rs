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
            "bad.ron:3:27: diagnosis.orbit_turns: expected a value in 0.1..=100, found 0"
        ),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
