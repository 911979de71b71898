//! A game's recording (CSV) opens as a scenario: the tracks replay exactly (a run
//! exported with `run --csv` and opened again gives the same rows), hits are found from
//! the tracks, reference laws fly from a recorded missile's state at a chosen tick, and
//! broken recordings say `file:line: column: message` and exit 2.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use steerlab::guidance::Algorithm;
use steerlab::headless;
use steerlab::recording::{self, Kind};
use steerlab::scenario::presets::default_scenario;
use steerlab::sim::{Outcome, Source};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The default scenario's first 4 seconds as `run --csv` writes them.
fn exported() -> String {
    let mut csv = Vec::new();
    headless::run(&default_scenario(), Some(4.0), Some(&mut csv)).unwrap();
    String::from_utf8(csv).unwrap()
}

/// Rows without the algorithm column (a replayed missile's law is `rec-...`) and the
/// event column (a replayed missile's flight ends as its track does, not for the
/// original's reason).
fn rows_without_algorithm(csv: &str) -> BTreeSet<String> {
    csv.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{},{},{},{}", f[0], f[2], f[3], f[5..10].join(","))
        })
        .collect()
}

#[test]
fn an_exported_run_opened_as_a_recording_replays_every_row_exactly() {
    let original = exported();
    let rec = recording::parse(&original, "run.csv").unwrap();
    assert_eq!((rec.tick_rate, rec.tick0), (60, 0));
    assert_eq!(
        rec.tracks
            .iter()
            .filter(|t| t.kind == Kind::Missile)
            .count(),
        8
    );
    let scenario = recording::to_scenario(&rec, "run.csv").unwrap();
    let mut replayed = Vec::new();
    headless::run(&scenario, Some(4.0), Some(&mut replayed)).unwrap();
    let replayed = String::from_utf8(replayed).unwrap();
    let (a, b) = (
        rows_without_algorithm(&original),
        rows_without_algorithm(&replayed),
    );
    let lost: Vec<&String> = a.difference(&b).collect();
    assert!(
        lost.is_empty(),
        "{} rows differ, first: {:?}",
        lost.len(),
        lost.first()
    );
    // The only extra rows: each missile that ended before 4 s coasts one tick past its
    // last row (the tick it hit on has no row).
    assert!(b.len() - a.len() <= 8, "{} extra rows", b.len() - a.len());
}

#[test]
fn hits_are_found_from_the_tracks_at_the_times_the_game_had_them() {
    let original = headless::run(&default_scenario(), Some(4.0), None).unwrap();
    let rec = recording::parse(&exported(), "run.csv").unwrap();
    let world = headless::run(
        &recording::to_scenario(&rec, "run.csv").unwrap(),
        Some(4.0),
        None,
    )
    .unwrap();
    let replayed = world.all_missiles();
    for m in original.all_missiles() {
        let r = replayed.iter().find(|r| r.id == m.id).unwrap();
        // The same path, give or take a tick of flight at either end: the launch (an
        // export's first row is after the first move) and the tick a replay coasts past
        // its last row. No missile here flies more than 350 units/s, 5.8 per tick.
        let extra = r.metrics.path_length - m.metrics.path_length;
        assert!(extra.abs() <= 2.0 * 5.84, "{}: {extra}", m.id);
        if let Outcome::Hit { .. } = m.metrics.outcome {
            assert!(
                matches!(r.metrics.outcome, Outcome::Hit { .. }),
                "{}: {:?}",
                m.id,
                r.metrics.outcome
            );
            assert_eq!(r.metrics.time_to_hit, m.metrics.time_to_hit, "{}", m.id);
        }
    }
}

#[test]
fn references_fly_from_the_recorded_missiles_state_at_the_chosen_tick() {
    let csv = exported();
    // Missile 3's row at tick 60, read from the text itself.
    let row: Vec<f32> = csv
        .lines()
        .find(|l| {
            l.starts_with("60,") && l.split(',').nth(2) == Some("3") && l.contains(",missile,")
        })
        .unwrap()
        .split(',')
        .skip(5)
        .take(5)
        .map(|v| v.parse().unwrap())
        .collect();
    let rec = recording::parse(&csv, "run.csv").unwrap();
    let mut scenario = recording::to_scenario(&rec, "run.csv").unwrap();
    let index = recording::fly_references(
        &mut scenario,
        "missile 3",
        60,
        &[Algorithm::ProNav, Algorithm::Quartic],
    )
    .unwrap();
    let spec = &scenario.launchers[index];
    assert_eq!((spec.pos.x, spec.pos.y), (row[0], row[1]));
    assert_eq!(
        (spec.launch_velocity.x, spec.launch_velocity.y),
        (row[2], row[3])
    );
    let world = headless::run(&scenario, Some(4.0), None).unwrap();
    let refs: Vec<_> = world
        .all_missiles()
        .into_iter()
        .filter(|m| m.source == Source::Launcher(index))
        .collect();
    assert_eq!(refs.len(), 2);
    for m in refs {
        assert_eq!(m.launched_tick, 60);
        assert!(
            matches!(m.metrics.outcome, Outcome::Hit { .. }),
            "{}: {:?}",
            m.algorithm(),
            m.metrics.outcome
        );
    }
    // Not at a tick the missile was not recorded.
    let e = recording::fly_references(&mut scenario, "missile 3", 1000, &[Algorithm::ProNav])
        .unwrap_err();
    // Its track starts on its launch row, tick 0.
    assert!(e.contains("recorded from tick 0 to"), "{e}");
}

/// Every broken recording with the start of its error (after `file:`).
const BROKEN: &[(&str, &str)] = &[
    (
        "missing-heading.csv",
        "1: expected the columns tick,time,id,kind,x,y,vx,vy,heading, missing: heading",
    ),
    ("not-a-number.csv", "3: y: expected a number, found \"abc\""),
    (
        "ticks-decrease.csv",
        "4: tick: ticks must not decrease: tick 0 follows tick 1",
    ),
    (
        "gap.csv",
        "6: tick: missile 0 jumps from tick 0 to tick 2: a gap in its track",
    ),
    (
        "two-rows-one-tick.csv",
        "5: tick: target 0 has two rows for tick 1 (lines 4 and 5)",
    ),
    (
        "no-target.csv",
        "1: kind: expected at least one target, found none",
    ),
    (
        "no-missile.csv",
        "1: kind: expected at least one missile, found none",
    ),
    (
        "one-tick.csv",
        "3: tick: expected at least two ticks, found one",
    ),
    (
        "unknown-kind.csv",
        "3: kind: expected target or missile, found \"decoy\"",
    ),
    (
        "irregular-time.csv",
        "4: time: expected 0.016666666666666666 for tick 1",
    ),
    ("nan.csv", "3: x: expected a finite number, found NaN"),
    (
        "heading-too-large.csv",
        "3: heading: expected radians within ±1000000, found 1e300",
    ),
    (
        "tick-too-long.csv",
        "4: time: expected a fixed tick of 1/1 to 1/1000 s",
    ),
    (
        "header-only.csv",
        "1: expected rows after the header, found none",
    ),
    (
        "negative-tick.csv",
        "2: tick: expected a whole number of 0 or more, found \"-1\"",
    ),
];

fn broken_dir() -> PathBuf {
    root().join("tests/broken-recordings")
}

#[test]
fn every_broken_recording_says_where_and_what() {
    let mut on_disk: Vec<String> = std::fs::read_dir(broken_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = BROKEN.iter().map(|(f, _)| f.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "tests/broken-recordings and BROKEN differ");
    for (file, expected) in BROKEN {
        let path = broken_dir().join(file);
        let e = recording::load(&path).unwrap_err().to_string();
        let prefix = format!("{}:", path.display());
        assert!(e.starts_with(&prefix), "{file}: {e}");
        assert!(e[prefix.len()..].starts_with(expected), "{file}: {e}");
    }
}

fn steerlab(args: &[&str], dir: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_steerlab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn the_command_line_runs_a_recording_and_flies_references_from_a_tick() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.csv"), exported()).unwrap();
    let out = steerlab(&["run", "game.csv"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("rec-pro-nav"), "{stdout}");
    let out = steerlab(
        &[
            "run",
            "game.csv",
            "--from-tick",
            "60",
            "--missile",
            "3",
            "--algorithm",
            "pro-nav",
        ],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    // The 8 recorded missiles, then the reference as M8.
    let last = stdout.lines().rfind(|l| l.starts_with('M')).unwrap();
    assert!(
        last.starts_with("M8") && last.contains(" pro-nav ") && last.contains("hit"),
        "{stdout}"
    );

    let out = steerlab(&["run", "game.csv", "--from-tick", "9999"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no recorded missile at tick 9999"));
    let out = steerlab(&["run", "default", "--from-tick", "5"], dir.path());
    assert_eq!(out.status.code(), Some(2));

    let broken = broken_dir().join("gap.csv");
    for command in ["run", "check"] {
        let out = steerlab(&[command, broken.to_str().unwrap()], dir.path());
        assert_eq!(out.status.code(), Some(2), "{command}");
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.contains("gap.csv:6: tick:"), "{command}: {all}");
    }
}

#[cfg(feature = "app")]
mod window {
    use super::*;
    use steerlab::app::Session;

    #[test]
    fn a_broken_recording_never_replaces_what_is_open_and_a_good_one_cannot_be_saved_over() {
        let dir = tempfile::tempdir().unwrap();
        let mut session = Session::new(default_scenario(), None);
        assert!(
            !session.replays(),
            "the default scenario's laws are its own"
        );
        let before = session.doc.scenario.clone();
        let e = session.open(&broken_dir().join("gap.csv")).unwrap_err();
        assert!(e.to_string().contains("gap.csv:6: tick:"), "{e}");
        assert_eq!(session.doc.scenario, before);

        let csv = dir.path().join("game.csv");
        let text = exported();
        std::fs::write(&csv, &text).unwrap();
        session.open(&csv).unwrap();
        assert_eq!(session.doc.scenario.launchers.len(), 8);
        let e = session.save_as(&csv).unwrap_err();
        assert!(e.to_string().contains("read-only"), "{e}");
        // Nor as a scenario file beside it, nor as a link: its laws are its file's.
        let ron = dir.path().join("game.ron");
        let e = session.save_as(&ron).unwrap_err();
        assert!(
            e.to_string().contains("cannot be saved as a scenario"),
            "{e}"
        );
        assert!(!ron.exists());
        assert_eq!(
            session.link().unwrap_err(),
            "a recording opens read-only: it cannot be put in a link"
        );
        assert_eq!(
            std::fs::read_to_string(&csv).unwrap(),
            text,
            "the recording is untouched"
        );

        // Fly the references from missile 3 at tick 60: the run is back at tick 60, paused,
        // and undo takes them back.
        session.fly_references("missile 3", 60, &[Algorithm::ProNav]);
        assert_eq!(session.tick(), 60);
        assert!(!session.runs.playing);
        assert_eq!(session.doc.scenario.launchers.len(), 9);
        session.runs.playing = true;
        for _ in 0..2 {
            session.advance(1.0 / 60.0);
        }
        let world = &session.runs.lanes[0].world;
        assert!(world
            .missiles()
            .iter()
            .any(|m| m.algorithm() == Algorithm::ProNav));
        session.undo();
        assert_eq!(session.doc.scenario.launchers.len(), 8);
    }
}

/// A recording of one target and one missile over `ticks` ticks from tick `from`, time
/// `t0`, `rate` ticks per second, with `cell` replacing the missile's x on its first row.
fn small(from: u64, t0: f64, step: f64, ticks: u64, x: &str) -> String {
    let mut text = String::from("tick,time,id,kind,algorithm,x,y,vx,vy,heading\n");
    for k in 0..ticks {
        let time = t0 + k as f64 * step;
        let tick = from + k;
        text += &format!("{tick},{time},0,target,,-300,-40,0,0,0\n");
        let mx = if k == 0 { x.to_string() } else { "100".into() };
        text += &format!("{tick},{time},4,missile,mine,{mx},700,10,0,0\n");
    }
    text
}

#[test]
fn a_recording_may_start_at_any_tick_and_time() {
    // 50 ticks per second from tick 600 at 12 s.
    let rec = recording::parse(&small(600, 12.0, 0.02, 5, "100"), "r.csv").unwrap();
    assert_eq!((rec.tick_rate, rec.tick0), (50, 600));
    let missile = rec.tracks.iter().find(|t| t.kind == Kind::Missile).unwrap();
    assert_eq!(
        (missile.id, missile.first, missile.samples.len()),
        (4, 0, 5)
    );
    assert_eq!(missile.algorithm, "mine");
}

#[test]
fn the_tick_length_must_be_a_whole_number_of_ticks_per_second_from_1_to_1000() {
    let rate =
        |step: f64| recording::parse(&small(0, 0.0, step, 4, "100"), "r.csv").map(|r| r.tick_rate);
    assert_eq!(
        rate(1.0 / 60.05).unwrap(),
        60,
        "0.05 from a whole rate is jitter, not a rate"
    );
    assert_eq!(rate(1.0).unwrap(), 1);
    assert_eq!(rate(0.001).unwrap(), 1000);
    for step in [1.0 / 2000.0, 2.0, -0.1, 0.0] {
        let e = rate(step).unwrap_err().to_string();
        assert!(e.contains("time: expected a fixed tick"), "{step}: {e}");
    }
    // 60.5 per second, taken for 61: four ticks stay within half a millisecond of it
    // (3 x (1/60.5 - 1/61) = 4.1e-4 s), a fifth does not (5.4e-4 s).
    let ticks = |n: u64| recording::parse(&small(0, 0.0, 1.0 / 60.5, n, "100"), "r.csv");
    assert_eq!(ticks(4).unwrap().tick_rate, 61);
    let e = ticks(5).unwrap_err().to_string();
    assert!(e.contains("time: expected a fixed tick"), "{e}");
}

#[test]
fn times_may_jitter_within_one_percent_of_a_tick_or_an_f32_clocks_digits() {
    let with_time = |second: &str| {
        let text = small(0, 0.0, 0.1, 3, "100");
        let lines: Vec<String> = text
            .lines()
            .map(|l| {
                if l.starts_with("1,") {
                    l.replacen("0.1", second, 1)
                } else {
                    l.to_string()
                }
            })
            .collect();
        recording::parse(&lines.join("\n"), "r.csv")
    };
    assert!(with_time("0.1009").is_ok(), "0.9% of a tick late");
    let e = with_time("0.102").unwrap_err().to_string();
    assert!(e.contains("r.csv:4: time: expected 0.1 for tick 1"), "{e}");
    // A float clock 8 hours in: written as an f32, it is off by up to 0.001 s (6% of a
    // tick), which the 1e-7 relative allowance covers; ten seconds of it measure the rate.
    let late = small(1_800_000, 30000.0, 1.0 / 60.0, 600, "100")
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            match f[1].parse::<f64>() {
                Ok(t) => format!("{},{},{}", f[0], t as f32, f[2..].join(",")),
                Err(_) => l.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(recording::parse(&late, "r.csv").unwrap().tick_rate, 60);
}

#[test]
fn times_rounded_to_milliseconds_are_on_the_clock_within_a_quarter_of_a_tick() {
    // One target over `ticks` ticks of `step` s, each time written by `write`.
    let clock = |step: f64, ticks: u64, write: &dyn Fn(f64) -> String| {
        let mut text = String::from("tick,time,id,kind,x,y,vx,vy,heading\n");
        for k in 0..ticks {
            let time = write(k as f64 * step);
            text += &format!("{k},{time},0,target,0,0,0,0,0\n{k},{time},1,missile,0,0,0,0,0\n");
        }
        recording::parse(&text, "ms.csv")
    };
    // 60 Hz written to the millisecond: up to a third of a millisecond off, 2% of a tick.
    let ms = |t: f64| format!("{t:.3}");
    assert_eq!(clock(1.0 / 60.0, 120, &ms).unwrap().tick_rate, 60);
    // 0.6 ms off at 60 Hz is more than half a millisecond (and 1% of a tick).
    let off = |t: f64| format!("{}", if t > 0.5 && t < 0.52 { t + 0.0006 } else { t });
    let e = clock(1.0 / 60.0, 120, &off).unwrap_err().to_string();
    assert!(e.contains("more than 0.000500 s off"), "{e}");
    // At 1000 Hz a quarter of a tick is the most: 0.3 ms off is refused, 0.2 ms is not.
    let by = |d: f64| move |t: f64| format!("{}", if (t - 0.05).abs() < 1e-9 { t + d } else { t });
    let e = clock(0.001, 100, &by(0.0003)).unwrap_err().to_string();
    assert!(e.contains("more than 0.000250 s off"), "{e}");
    assert!(clock(0.001, 100, &by(0.0002)).is_ok());
}

#[test]
fn a_miss_the_last_row_names_ends_the_replayed_flight_there_for_that_reason() {
    // A target and a missile far from it over 4 ticks at 10 per second, the missile's
    // last row saying `event`.
    let ending = |event: &str| {
        let mut text = String::from("tick,time,id,kind,x,y,vx,vy,heading,event\n");
        for k in 0..4 {
            let time = k as f64 * 0.1;
            let last = if k == 3 { event } else { "" };
            text += &format!("{k},{time},0,target,-300,-40,0,0,0,\n");
            text += &format!("{k},{time},1,missile,{},500,10,0,0,{last}\n", 100 + k);
        }
        let rec = recording::parse(&text, "e.csv").unwrap();
        let mut world = recording::to_scenario(&rec, "e.csv")
            .unwrap()
            .build()
            .unwrap();
        let mut flying = Vec::new();
        for _ in 0..8 {
            world.step();
            flying.push(world.missiles().len());
        }
        let ended = &world.finished()[0];
        (flying, ended.metrics.outcome, ended.body.pos.x)
    };
    use steerlab::sim::MissReason;
    // Shown from tick 1 on its samples 1 to 3 (x 101 to 103), it ends in the next step
    // where it was, for the reason its game gave.
    for (word, reason) in [
        ("left-world", MissReason::LeftWorld),
        ("detonated", MissReason::Detonated),
        ("fuel-out", MissReason::FuelOut),
    ] {
        assert_eq!(
            ending(word),
            (vec![1, 1, 1, 0, 0, 0, 0, 0], Outcome::Missed(reason), 103.0),
            "{word}"
        );
    }
    // A word that names no miss (`hit`, a game's own) stops it there until its
    // lifetime (4 samples and a tick and a half) ends it; without a word it coasts a
    // tick first.
    for word in ["hit", "exploded"] {
        let (flying, outcome, x) = ending(word);
        assert_eq!(flying, [1, 1, 1, 1, 1, 0, 0, 0], "{word}");
        assert_eq!(
            (outcome, x),
            (Outcome::Missed(MissReason::LifetimeOut), 103.0)
        );
    }
    let (_, _, x) = ending("");
    assert_eq!(x, 104.0, "coasted a tick on 10 units/s");
}

#[test]
fn positions_and_speeds_are_bounded_like_a_scenarios() {
    let at = |x: &str| recording::parse(&small(0, 0.0, 0.1, 2, x), "r.csv");
    assert!(at("10000000").is_ok(), "the limit itself is allowed");
    assert!(at("-10000000").is_ok());
    let e = at("10000001").unwrap_err().to_string();
    assert!(
        e.contains("r.csv:3: x: expected a coordinate within ±10000000, found 10000001"),
        "{e}"
    );
    let fast = small(0, 0.0, 0.1, 2, "100").replace(",10,0,0\n", ",1000001,0,0\n");
    let e = recording::parse(&fast, "r.csv").unwrap_err().to_string();
    assert!(
        e.contains("r.csv:3: vx: expected a speed up to 1000000, found 1000001"),
        "{e}"
    );
    let limit = small(0, 0.0, 0.1, 2, "100").replace(",10,0,0\n", ",-1000000,0,0\n");
    assert!(recording::parse(&limit, "r.csv").is_ok());
}

#[test]
fn the_world_of_a_recording_holds_every_track_in_the_games_coordinates() {
    // Tracks from (-300, -40) to (100, 700) at 50 ticks per second.
    let rec = recording::parse(&small(0, 0.0, 0.02, 3, "100"), "game.csv").unwrap();
    let s = recording::to_scenario(&rec, "game.csv").unwrap();
    assert_eq!(s.name, "recording game.csv");
    assert!(s.description.contains("recording"));
    // Width and height reach the largest coordinates (at least 100); the margin reaches
    // the smallest (-300) plus a quarter of the largest extent (700).
    assert_eq!((s.world.width, s.world.height), (100.0, 700.0));
    assert_eq!(s.world.tick_rate, 50.0);
    assert_eq!(s.world.margin, 300.0 + 0.25 * 700.0);
    // The target replays its track where the game had it.
    let world = s.build().unwrap();
    assert_eq!(world.targets()[0].pos, glam::Vec2::new(-300.0, -40.0));
    // The missile's 3 samples (ticks 0 to 2), shown from tick 1 (launched on the first
    // tick, it shows from its second), a tick of coasting: it flies until tick 3, then
    // its lifetime (4.5 ticks) ends it.
    let mut world = world;
    let mut flying = Vec::new();
    for _ in 0..10 {
        world.step();
        flying.push(world.missiles().len());
    }
    assert_eq!(flying, [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    let ended = &world.finished()[0];
    assert_eq!(
        ended.metrics.outcome,
        Outcome::Missed(steerlab::sim::MissReason::LifetimeOut)
    );
}

#[test]
fn a_recorded_missiles_law_is_named_after_its_algorithm_column() {
    use recording::replay::law_id;
    assert_eq!(law_id("my-missile", 3, false), "rec-my-missile");
    assert_eq!(law_id("Homing Missile!", 3, false), "rec-Homing-Missile-");
    assert_eq!(law_id("homing", 3, true), "rec-homing-3");
    assert_eq!(law_id("", 0, false), "rec-missile");
}

#[test]
fn a_clock_that_drifts_is_reported_at_the_first_row_that_is_off() {
    // 60.03 ticks per second: near 60, but by tick 61 the rows are more than half a
    // millisecond off (61 x (1/60 - 1/60.03) = 5.08e-4 s; at tick 60, 4.997e-4 s), on
    // line 2 + 2 x 61 (the target's row comes first).
    let e = recording::parse(&small(0, 0.0, 1.0 / 60.03, 100, "100"), "r.csv")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("r.csv:124: time: expected 1.0166666666666666 for tick 61"),
        "{e}"
    );
}

#[test]
fn missiles_sharing_an_algorithm_name_take_their_ids_and_each_its_own_colour() {
    let mut text = String::from("tick,time,id,kind,algorithm,x,y,vx,vy,heading\n");
    for tick in 0..3 {
        let time = tick as f64 * 0.1;
        text += &format!("{tick},{time},0,target,,500,500,0,0,0\n");
        for (id, name) in [(0, "homing"), (1, "homing"), (2, "pn")] {
            text += &format!("{tick},{time},{id},missile,{name},{},0,10,0,0\n", 10 * id);
        }
    }
    let rec = recording::parse(&text, "r.csv").unwrap();
    let s = recording::to_scenario(&rec, "r.csv").unwrap();
    let laws: Vec<Algorithm> = s.launchers.iter().map(|l| l.algorithms[0]).collect();
    let ids: Vec<&str> = laws.iter().map(|a| a.id()).collect();
    assert_eq!(ids, ["rec-homing-0", "rec-homing-1", "rec-pn"]);
    let colors: Vec<[u8; 3]> = laws.iter().map(|a| a.color()).collect();
    use steerlab::guidance::runtime::palette;
    assert_eq!(colors, [palette(0), palette(1), palette(2)]);
    assert!(s.launchers.iter().all(|l| l.target == "target 0"));
}

#[test]
fn a_recorded_missile_is_after_the_target_nearest_where_its_track_ends() {
    // Target 0 is beside the missile's last sample (tick 2) and leaps away on tick 3;
    // target 1 stays 90 units away. At the missile's last tick, target 0 is nearest.
    let mut text = String::from("tick,time,id,kind,algorithm,x,y,vx,vy,heading\n");
    for tick in 0..6 {
        let time = tick as f64 * 0.1;
        let far = if tick < 3 { 0 } else { 5000 };
        text += &format!("{tick},{time},0,target,,{far},0,0,0,0\n");
        text += &format!("{tick},{time},1,target,,100,0,0,0,0\n");
        if tick < 3 {
            text += &format!("{tick},{time},0,missile,m,{},0,10,0,0\n", tick * 5);
        }
    }
    let rec = recording::parse(&text, "r.csv").unwrap();
    let s = recording::to_scenario(&rec, "r.csv").unwrap();
    assert_eq!(s.launchers[0].target, "target 0");
}

#[test]
fn a_missile_recorded_from_a_later_tick_appears_on_that_tick_at_its_first_sample() {
    let mut text = String::from("tick,time,id,kind,algorithm,x,y,vx,vy,heading\n");
    for tick in 0..8 {
        let time = tick as f64 * 0.02;
        text += &format!("{tick},{time},0,target,,500,500,0,0,0\n");
        if tick >= 4 {
            text += &format!("{tick},{time},0,missile,m,{},7,50,0,0\n", tick * 10);
        }
    }
    let rec = recording::parse(&text, "r.csv").unwrap();
    let mut world = recording::to_scenario(&rec, "r.csv")
        .unwrap()
        .build()
        .unwrap();
    let mut seen = Vec::new();
    while world.tick() < 7 {
        world.step();
        seen.push((world.tick(), world.missiles().first().map(|m| m.body.pos.x)));
    }
    assert_eq!(
        seen,
        [
            (1, None),
            (2, None),
            (3, None),
            (4, Some(40.0)),
            (5, Some(50.0)),
            (6, Some(60.0)),
            (7, Some(70.0))
        ]
    );
}
