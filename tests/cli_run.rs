//! `steerlab run` and `steerlab compare` through the real binary.

mod cli_common;
use cli_common::*;

// ---------------------------------------------------------------------------------------
// run
// ---------------------------------------------------------------------------------------

#[test]
fn run_ends_with_a_line_per_crowd_its_agents_time_and_speeds() {
    let out = run(&["run", "boids", "--seconds", "2"]);
    assert_code(&out, 0, "run boids");
    let text = stdout(&out);
    let line = text.lines().last().unwrap();
    assert!(
        line.starts_with("crowd flock: 2000 agents at 2.00 s, mean speed "),
        "{line}"
    );
    assert!(line.ends_with(" units/s (at most 80)"), "{line}");
    // The mean speed: above nought (they moved off from rest), below the most.
    let speed: f32 = line
        .split("mean speed ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(speed > 0.0 && speed <= 80.0, "{speed}");
    // A scenario without crowds has no such line.
    let out = run(&["run", "default", "--seconds", "1"]);
    assert!(!stdout(&out).contains("crowd"));
}

#[test]
fn run_prints_one_row_per_missile_for_every_shipped_scenario() {
    for (name, _) in presets::SHIPPED {
        let file = format!("scenarios/{name}.ron");
        // A crowd alone launches nothing, and keeps a run going for 60 s: a second of it
        // (its own test is above).
        if shipped(name).launchers.is_empty() && shipped(name).turrets.is_empty() {
            let out = run(&["run", &file, "--seconds", "1"]);
            assert_code(&out, 0, &file);
            let rows = table(&stdout(&out));
            assert!(
                rows.is_empty() && !shipped(name).crowds.is_empty(),
                "{name}"
            );
            continue;
        }
        let out = run(&["run", &file]);
        assert_code(&out, 0, &file);
        let rows = table(&stdout(&out));
        let expected = expected_rows(&shipped(name), None);
        assert!(!expected.is_empty(), "{name} launches no missile");
        assert_eq!(summary(&rows), expected, "{file}");
        // Ids are the missiles', each once, in order (a refused launch has none).
        let ids: Vec<u32> = rows.iter().filter_map(|r| r.id).collect();
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
            // Every miss says why, in a class's own id; a hit or a flight never does.
            let classes: Vec<&str> = steerlab::sim::diagnosis::Class::ALL
                .iter()
                .map(|c| c.id())
                .collect();
            if row.outcome.starts_with("miss: ") {
                assert!(classes.contains(&row.why.as_str()), "{file}: {row:?}");
            } else {
                assert_eq!(row.why, "-", "{file}: {row:?}");
            }
        }
    }
}

#[test]
fn run_prints_the_hand_worked_hit_times_of_faster_target() {
    // Worked by hand in tests/shipped.rs from the file: missiles of speed 150 from
    // launcher 0 take the earliest root, t = 3.6717 s; launcher 1's the later one,
    // t = 6.4433 s. Flying straight, their paths are 150 t (550.8 and 966.5), they never
    // turn, and each takes exactly the predicted time. The launchers fire in turn.
    let out = run(&["run", "faster-target"]);
    assert_code(&out, 0, "run faster-target");
    let rows = table(&stdout(&out));
    assert_eq!(rows.len(), 8);
    for (k, row) in rows.iter().enumerate() {
        let t = if k % 2 == 0 { 3.672 } else { 6.443 };
        assert_eq!(row.id, Some(k as u32));
        assert_eq!(row.algorithm, Algorithm::Intercept);
        assert_eq!(row.outcome, "hit", "{row:?}");
        assert_eq!(row.time_to_hit, Some(t), "{row:?}");
        assert!((row.path - 150.0 * t).abs() < 0.2, "{row:?}");
        assert_eq!(row.peak_turn, 0.0, "{row:?}");
        assert_eq!(row.vs_best, Some(1.0), "{row:?}");
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
    assert_eq!(algorithms, fired_by_default().into_iter().collect());
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
    assert_eq!(short.len(), fired_by_default().len());
    assert_eq!(long.len(), 2 * fired_by_default().len());
}

#[test]
fn run_with_csv_writes_a_trace_of_every_entity_at_every_tick() {
    let dir = temp_dir("csv");
    let csv = dir.join("trace.csv");
    let csv_arg = csv.to_string_lossy().into_owned();
    let out = run(&["run", "default", "--seconds", "2", "--csv", &csv_arg]);
    assert_code(&out, 0, "run --csv");
    // The table is still printed.
    assert_eq!(table(&stdout(&out)).len(), fired_by_default().len());
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("tick,time,id,kind,algorithm,x,y,vx,vy,heading,event,why")
    );
    let (mut targets, mut missiles, mut last_tick) = (0, 0, 0u64);
    let mut ticks = BTreeSet::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 12, "`{line}`");
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
        for number in &fields[5..10] {
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
                // Launched, flying, or how it ended (none ends within 2 s here).
                assert!(["launch", ""].contains(&fields[10]), "`{line}`");
            }
            other => panic!("unknown kind `{other}` in `{line}`"),
        }
    }
    // Two seconds at 60 Hz: ticks 0 to 120, the one target on every tick.
    assert_eq!(ticks, (0..=120).collect());
    assert_eq!(targets, 121);
    assert!(
        missiles >= fired_by_default().len() * 100,
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
fn compare_of_the_default_ranks_every_algorithm_its_launcher_fires() {
    let out = run(&["compare", "default", "--seconds", "5"]);
    assert_code(&out, 0, "compare default");
    let rows = table(&stdout(&out));
    assert_eq!(rows.len(), fired_by_default().len());
    let printed: BTreeSet<Algorithm> = rows.iter().map(|r| r.algorithm).collect();
    assert_eq!(printed, fired_by_default().into_iter().collect());
    assert_best_first(&rows, "default");
    assert!(
        rows[0].time_to_hit.is_some(),
        "the best of eight did not hit: {rows:?}"
    );
    // Every row names its run: `quartic/M0`, not eight rows of `M0`.
    for r in &rows {
        assert_eq!(r.lane.as_deref(), Some(r.algorithm.id()), "{r:?}");
    }
    let labels: BTreeSet<(Option<String>, String)> = rows
        .iter()
        .map(|r| (r.lane.clone(), r.who.clone()))
        .collect();
    assert_eq!(labels.len(), rows.len());
    // A plain run has no lane.
    let single = table(&stdout(&run(&["run", "default", "--seconds", "1"])));
    assert!(single.iter().all(|r| r.lane.is_none()));
}

/// The laws the default scenario's launcher fires: the articles' seven and
/// pro-nav (not `ballistic`, which needs gravity to differ from the intercept).
fn fired_by_default() -> Vec<Algorithm> {
    presets::default_scenario().launchers[0].algorithms.clone()
}
