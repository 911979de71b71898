//! `steerlab sweep`: the CSV is byte-identical on 1 or 2 threads, the shards' CSVs
//! merged are the whole sweep's (shards named by --shard, by a Slurm job array's or a
//! Kubernetes Indexed Job's variables, run by GNU parallel), the PNG is written, the
//! worst run is saved as a scenario that replays it, and each bad argument is refused
//! (exit 2) naming its flag.

mod cli_common;
use cli_common::*;

const FLEEING: &str = "tests/fixtures/sweep-fleeing.ron";

/// The variables a scheduler names a shard by (cleared, unless a test sets them).
const SCHEDULER: [&str; 6] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_STEP",
    "JOB_COMPLETION_INDEX",
    "JOB_COMPLETIONS",
];

/// `steerlab sweep` with `args`, without a scheduler's variables but `vars`.
fn sweep_with(args: &[&str], vars: &[(&str, &str)], threads: &str) -> Output {
    let mut command = steerlab();
    command
        .arg("sweep")
        .args(args)
        .current_dir(root())
        .env("RAYON_NUM_THREADS", threads);
    for name in SCHEDULER {
        command.env_remove(name);
    }
    command.envs(vars.iter().copied()).output().unwrap()
}

fn sweep(dir: &Path, name: &str, extra: &[&str], threads: &str) -> (Output, String) {
    let csv = dir.join(format!("{name}.csv"));
    let mut args = vec![FLEEING, "--csv", csv.to_str().unwrap()];
    args.extend(extra);
    let out = sweep_with(&args, &[], threads);
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

/// The jittered sweep every shard test cuts up.
const JITTERED: [&str; 4] = ["--runs", "2", "--jitter", "targets[0].motion.pos.y=25"];

#[test]
fn the_shards_merged_are_the_whole_sweep_csv_and_png_byte_for_byte() {
    let dir = temp_dir("sweep-shards");
    let whole_png = dir.join("whole.png");
    let mut flags = JITTERED.to_vec();
    flags.extend(["--png", whole_png.to_str().unwrap()]);
    let (_, whole) = sweep(&dir, "whole", &flags, "2");
    let mut parts = Vec::new();
    let mut bodies = String::new();
    for k in 1..=4 {
        let mut flags = JITTERED.to_vec();
        let shard = format!("{k}/4");
        flags.extend(["--shard", &shard]);
        let (_, part) = sweep(&dir, &format!("part{k}"), &flags, "2");
        // Its plan and cells first (81 cells: 20, 20, 20 and 21), then the CSV's rows.
        let first = part.lines().next().unwrap();
        let cells = [(0, 20), (20, 40), (40, 60), (60, 81)][k - 1];
        assert!(
            first.starts_with(&format!("# steerlab sweep shard {k}/4, plan ")),
            "{first}"
        );
        assert!(
            first.ends_with(&format!(
                ": cells {}..{} of 81, 1 rows a cell",
                cells.0, cells.1
            )),
            "{first}"
        );
        bodies.extend(part.lines().skip(2).map(|l| format!("{l}\n")));
        parts.push(dir.join(format!("part{k}.csv")));
    }
    // The shards' rows are the whole sweep's rows.
    assert_eq!(bodies, whole.split_once('\n').unwrap().1);
    // Merged in any order: the whole sweep's CSV, and its heatmaps from the scenario
    // and the flags.
    parts.reverse();
    let (merged, merged_png) = (dir.join("merged.csv"), dir.join("merged.png"));
    let mut args = vec![FLEEING];
    args.extend(JITTERED);
    args.push("--merge");
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    args.extend([
        "--csv",
        merged.to_str().unwrap(),
        "--png",
        merged_png.to_str().unwrap(),
    ]);
    let out = sweep_with(&args, &[], "2");
    assert_code(&out, 0, "merge");
    assert!(
        stdout(&out).contains("merged 4 shards of plan "),
        "{}",
        stdout(&out)
    );
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), whole);
    assert_eq!(
        std::fs::read(&merged_png).unwrap(),
        std::fs::read(&whole_png).unwrap()
    );
}

#[test]
fn a_slurm_array_task_or_a_kubernetes_index_runs_its_shard() {
    let dir = temp_dir("sweep-scheduler");
    let mut flags = JITTERED.to_vec();
    flags.extend(["--shard", "2/4"]);
    let (_, second) = sweep(&dir, "second", &flags, "2");
    for (name, vars) in [
        (
            "slurm",
            // `sbatch --array=1-4`: task 2 of 4.
            vec![
                ("SLURM_ARRAY_TASK_ID", "2"),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
            ],
        ),
        (
            "k8s",
            // An Indexed Job of 4 completions: index 1 (from 0).
            vec![("JOB_COMPLETION_INDEX", "1"), ("JOB_COMPLETIONS", "4")],
        ),
    ] {
        let csv = dir.join(format!("{name}.csv"));
        let mut args = vec![FLEEING, "--csv", csv.to_str().unwrap()];
        args.extend(JITTERED);
        let out = sweep_with(&args, &vars, "2");
        assert_code(&out, 0, name);
        assert!(
            stderr(&out).contains("shard 2/4 (from "),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), second, "{name}");
    }
    // A variable that names no shard is refused, naming it.
    let out = sweep_with(
        &[FLEEING],
        &[("JOB_COMPLETION_INDEX", "4"), ("JOB_COMPLETIONS", "4")],
        "1",
    );
    assert_code(&out, 2, "index past the completions");
    assert!(
        stderr(&out).contains("JOB_COMPLETION_INDEX 4 is not below JOB_COMPLETIONS 4"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_merge_refuses_shards_missing_doubled_or_of_another_plan() {
    let dir = temp_dir("sweep-merge-refused");
    let shard = |name: &str, k: &str, runs: &str| {
        let shard = format!("{k}/3");
        sweep(&dir, name, &["--runs", runs, "--shard", &shard], "2");
        dir.join(format!("{name}.csv"))
            .to_str()
            .unwrap()
            .to_string()
    };
    let (one, two, three) = (
        shard("a", "1", "1"),
        shard("b", "2", "1"),
        shard("c", "3", "1"),
    );
    let other = shard("d", "2", "2");
    let out_csv = dir.join("out.csv");
    let merge = |parts: &[&str]| {
        let mut args = vec!["--merge"];
        args.extend(parts);
        args.extend(["--csv", out_csv.to_str().unwrap()]);
        let out = sweep_with(&args, &[], "1");
        assert_code(&out, 2, "refused merge");
        stderr(&out)
    };
    assert!(merge(&[&one, &three]).contains("error: shards missing: 2/3"));
    assert!(merge(&[&one, &two, &two, &three]).contains("error: shard 2/3 is given twice: "));
    let foreign = merge(&[&one, &other, &three]);
    assert!(
        foreign.contains(&format!("error: {other}: line 1: shard 2/3 of plan ")),
        "{foreign}"
    );
    // A whole sweep's CSV is not a shard; nothing was written.
    let (_, _) = sweep(&dir, "whole", &[], "1");
    let whole = dir.join("whole.csv");
    assert!(
        merge(&[whole.to_str().unwrap()]).contains("line 1: expected `# steerlab sweep shard K/N")
    );
    assert!(!out_csv.exists());
    // The heatmaps need the plan; a merge may not overwrite a shard.
    let out = sweep_with(&["--merge", &one, &two, &three, "--png", "x.png"], &[], "1");
    assert_code(&out, 2, "png without the scenario");
    assert!(
        stderr(&out).contains("--png: the heatmaps need the sweep's plan"),
        "{}",
        stderr(&out)
    );
    let out = sweep_with(&["--merge", &one, &two, &three, "--csv", &one], &[], "1");
    assert_code(&out, 2, "merge over a shard");
}

#[test]
#[ignore = "needs GNU parallel: .ci/run installs it and runs this"]
fn shards_run_by_gnu_parallel_merge_into_the_whole_sweep() {
    let dir = temp_dir("sweep-parallel");
    let (_, whole) = sweep(&dir, "whole", &JITTERED, "2");
    // docs/sweeps.md's line: one process per shard, then the merge.
    let status = std::process::Command::new("parallel")
        .args([
            "--halt",
            "now,fail=1",
            "-j",
            "2",
            env!("CARGO_BIN_EXE_steerlab"),
            "sweep",
            FLEEING,
        ])
        .args(JITTERED)
        .args(["--shard", "{}/3", "--csv"])
        .arg(dir.join("part-{}.csv"))
        .args([":::", "1", "2", "3"])
        .current_dir(root())
        .env("RAYON_NUM_THREADS", "1")
        .status()
        .expect("GNU parallel runs");
    assert!(status.success());
    let merged = dir.join("merged.csv");
    let parts: Vec<String> = (1..=3)
        .map(|k| {
            dir.join(format!("part-{k}.csv"))
                .to_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let mut args = vec!["--merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--csv", merged.to_str().unwrap()]);
    assert_code(&sweep_with(&args, &[], "1"), 0, "merge");
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), whole);
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
            "error: --x: algorithms.intercept.speed: expected a value from 1 to 5000, found 0",
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

#[test]
fn the_help_names_every_metric_a_map_may_show() {
    let out = sweep_with(&["--help"], &[], "1");
    assert!(out.status.success());
    // The help wraps its lines: compare its words.
    let help = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for metric in scenario::sweep::Metric::all() {
        assert!(
            help.contains(metric.name()),
            "{} missing from: {help}",
            metric.name()
        );
    }
}
