//! `steerlab sweep`: the CSV is byte-identical on 1 or 2 threads, the shards' CSVs
//! concatenated are the whole sweep's, the PNG is written, the worst run is saved as a
//! scenario that replays it, and each bad argument is refused (exit 2) naming its flag.

mod cli_common;
use cli_common::*;

const FLEEING: &str = "tests/fixtures/sweep-fleeing.ron";

fn sweep(dir: &Path, name: &str, extra: &[&str], threads: &str) -> (Output, String) {
    let csv = dir.join(format!("{name}.csv"));
    let mut args = vec!["sweep", FLEEING, "--csv", csv.to_str().unwrap()];
    args.extend(extra);
    let out = steerlab()
        .args(&args)
        .current_dir(root())
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    assert_code(&out, 0, name);
    (out, std::fs::read_to_string(csv).unwrap())
}

#[test]
fn the_csv_is_byte_identical_on_one_or_two_threads() {
    let dir = temp_dir("sweep-threads");
    let jitter = ["--runs", "3", "--jitter", "targets[0].motion.pos.y=25"];
    let (out1, one) = sweep(&dir, "one", &jitter, "1");
    let (out2, two) = sweep(&dir, "two", &jitter, "2");
    assert_eq!(one, two);
    assert!(stderr(&out1).contains("on 1 threads"), "{}", stderr(&out1));
    assert!(stderr(&out2).contains("on 2 threads"), "{}", stderr(&out2));
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 1 + 81);
    assert!(lines[0].starts_with("cell,algorithms.intercept.speed,targets[0].motion.vel.x,algorithm,runs,missiles,hits,hit-rate,"), "{}", lines[0]);
    // Cell 1: missile 125 against a target at 100 (faster: hits in 200 / 25 = 8 s).
    assert!(
        lines[2].starts_with("1,125,100,intercept,3,3,3,1,"),
        "{}",
        lines[2]
    );
}

#[test]
fn the_shards_concatenated_are_the_whole_sweep() {
    let dir = temp_dir("sweep-shards");
    let (_, whole) = sweep(&dir, "whole", &[], "2");
    let mut joined = String::new();
    for k in 1..=4 {
        let (_, part) = sweep(
            &dir,
            &format!("part{k}"),
            &["--shard", &format!("{k}/4")],
            "2",
        );
        let skip = if k == 1 { 0 } else { 1 };
        for line in part.lines().skip(skip) {
            joined.push_str(line);
            joined.push('\n');
        }
    }
    assert_eq!(joined, whole);
}

#[test]
fn the_png_has_a_panel_per_algorithm_and_the_worst_run_replays() {
    let dir = temp_dir("sweep-png");
    let png = dir.join("map.png");
    let worst = dir.join("worst.ron");
    let (out, csv) = sweep(
        &dir,
        "png",
        &[
            "--png",
            png.to_str().unwrap(),
            "--worst",
            worst.to_str().unwrap(),
            "--metric",
            "closest",
        ],
        "2",
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    // One algorithm: one 520 x 440 panel, the colour bar and the title.
    assert_eq!((width, height), (520 + 150, 440 + 44));
    // The worst run: the slowest missile against the fastest target, refused at 200.
    let saved = scenario::load(&worst).unwrap();
    assert!(
        saved.name.contains("algorithms.intercept.speed = 100"),
        "{}",
        saved.name
    );
    assert!(
        saved.name.contains("targets[0].motion.vel.x = 100"),
        "{}",
        saved.name
    );
    let row = csv.lines().nth(1).unwrap();
    assert!(row.ends_with(&format!(",0,{}", saved.world.seed)), "{row}");
    assert!(stdout(&out).contains("missed by 200.0"), "{}", stdout(&out));
}

#[test]
fn bad_arguments_are_refused_naming_their_flag() {
    for (args, expected) in [
        (
            vec!["--x", "nope=1..2:3"],
            "error: --x: `nope` is not a numeric field of this scenario; valid names: ",
        ),
        (
            vec!["--x", "algorithms.intercept.speed=0..100:3"],
            "error: --x: algorithms.intercept.speed: expected a value in 1..=5000, found 0",
        ),
        (
            vec!["--x", "launch.range=1..2"],
            "error: --x: expected PATH=LO..HI:N",
        ),
        (
            vec!["--y", "launch.range=1..2:0"],
            "error: --y: expected 1 to 1024 values, found 0",
        ),
        (
            vec!["--metric", "accuracy"],
            "error: --metric: unknown metric `accuracy`, expected one of: hit-rate, ",
        ),
        (
            vec!["--shard", "5/4"],
            "error: --shard: expected K/N with 1 <= K <= N, found `5/4`",
        ),
        (
            vec!["--runs", "0"],
            "error: invalid value '0' for '--runs <RUNS>': expected a whole number from 1 to 10000, found `0`",
        ),
        (
            vec!["--seed", "-1"],
            "error: invalid value '-1' for '--seed <SEED>': expected a whole number from 0 to 18446744073709551615, found `-1`",
        ),
        (
            vec!["--shard", "-1/3"],
            "error: --shard: expected K/N with 1 <= K <= N, found `-1/3`",
        ),
        (
            vec!["--jitter", "targets[0].radius"],
            "error: --jitter: expected PATH=SIGMA",
        ),
        (
            vec!["--algorithm", "warp"],
            "error: --algorithm: unknown algorithm",
        ),
    ] {
        let mut all = vec!["sweep", FLEEING];
        all.extend(&args);
        let out = run(&all);
        assert_code(&out, 2, &format!("{args:?}"));
        assert!(
            stderr(&out).starts_with(expected),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let out = run(&["sweep", "default"]);
    assert_code(&out, 2, "no axis");
    assert!(
        stderr(&out).contains("--x: expected an axis"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_diff_adds_a_row_per_cell_with_a_minus_b_and_maps_it() {
    let dir = temp_dir("sweep-diff");
    let csv = dir.join("diff.csv");
    let png = dir.join("diff.png");
    let out = run(&[
        "sweep",
        "launch-envelope",
        "--x",
        "launch.bearing=-180..0:3",
        "--y",
        "launch.range=100..1500:2",
        "--diff",
        "quartic",
        "newton",
        "--metric",
        "closest",
        "--csv",
        csv.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert_code(&out, 0, "diff");
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    // Per cell: quartic, newton, then quartic-newton.
    assert_eq!(rows.len(), 6 * 3);
    // Columns: cell, x, y, algorithm, runs, missiles, hits, hit-rate (7), time to hit
    // mean, p50, p90, then closest (11).
    let closest = 11;
    for cell in rows.chunks(3) {
        assert_eq!(
            [cell[0][3], cell[1][3], cell[2][3]],
            ["quartic", "newton", "quartic-newton"]
        );
        let of = |row: &[&str], col: usize| row[col].parse::<f32>().ok();
        for col in [7, closest] {
            let (a, b, d) = (of(&cell[0], col), of(&cell[1], col), of(&cell[2], col));
            match (a, b) {
                (Some(a), Some(b)) => assert!(
                    (d.unwrap() - (a - b)).abs() <= 1e-3 * (1.0 + a.abs()),
                    "{cell:?}"
                ),
                _ => assert_eq!(d, None),
            }
        }
    }
    // One panel: the difference.
    let bytes = std::fs::read(&png).unwrap();
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(width, 520 + 150);
}
