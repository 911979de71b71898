//! Sweeps (`headless::sweep`): a sweep with a known answer, the same numbers on any
//! number of threads, shards that add up to the whole, a replayed run that gives the
//! sweep's numbers, seeds and jitter, and each bad sweep refused with its own error.
//! The plan id a shard names and the heatmaps are in `sweep_parts/outputs.rs`; the
//! jitter's draws in `sweep_parts/jitter.rs`.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use steerlab::guidance::Algorithm;
use steerlab::headless::{self, sweep::Plan, sweep::Progress};
use steerlab::scenario::sweep::{AxisSpec, Metric, SweepSpec};
use steerlab::scenario::{self, Scenario};

/// Intercept (D) from 200 units behind a target flying straight away along +x.
const FLEEING: &str = include_str!("../../../tests/fixtures/sweep-fleeing.ron");

fn fleeing() -> Scenario {
    scenario::parse(FLEEING, "fleeing.ron").unwrap()
}

fn plan_of(s: &Scenario) -> Plan {
    Plan::new(s, s.sweep.clone().unwrap()).unwrap()
}

fn run_all(plan: &Plan) -> Vec<steerlab::headless::sweep::CellStats> {
    plan.run(0..plan.cells(), &Progress::default())
        .unwrap()
        .unwrap()
}

fn csv_of(plan: &Plan, stats: &[steerlab::headless::sweep::CellStats]) -> String {
    let mut out = Vec::new();
    steerlab::headless::sweep::write_csv(plan, stats, None, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn intercept_hits_exactly_where_the_missile_is_faster_than_the_fleeing_target() {
    let plan = plan_of(&fleeing());
    let speeds: Vec<f64> = (0..9).map(|i| 100.0 + 25.0 * f64::from(i)).collect();
    assert_eq!(plan.xs, speeds);
    assert_eq!(plan.ys, speeds);
    let stats = run_all(&plan);
    assert_eq!(stats.len(), 81);
    for s in &stats {
        let (missile, target) = plan.values(s.cell);
        let target = target.unwrap();
        // Closing speed s - v: the quadratic has a positive root only when it is above
        // 0. On the diagonal (equal speeds) a = |V|^2 - s^2 = 0 and the linear root
        // -c/b is negative for a target flying away: no solution, nothing is fired,
        // and the refused launch counts as a miss at the launch distance, 200.
        assert_eq!(s.missiles, 1, "cell {} ({missile}, {target})", s.cell);
        if missile > target {
            assert_eq!(s.hits, 1, "missile {missile} > target {target} must hit");
            // Meeting time: the 200-unit gap closes at s - v.
            let expected = 200.0 / (missile - target);
            let t = s.time_to_hit.unwrap();
            assert!(
                (t - expected).abs() < 1.0 / 60.0 + 1e-3,
                "{t} vs {expected}"
            );
        } else {
            assert_eq!(s.hits, 0, "missile {missile} <= target {target} cannot hit");
            assert_eq!(s.closest_worst, 200.0);
        }
    }
}

#[test]
fn the_numbers_do_not_depend_on_the_number_of_threads() {
    let mut s = fleeing();
    let sweep = s.sweep.as_mut().unwrap();
    sweep.runs = 3;
    sweep.jitter.insert("targets[0].motion.pos.y".into(), 40.0);
    sweep.x.count = 5;
    let plan = plan_of(&s);
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        csv_of(&plan, &pool.install(|| run_all(&plan)))
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(4));
    assert_eq!(one.lines().count(), 1 + 45);
}

#[test]
fn the_shards_together_are_the_whole_sweep() {
    let plan = plan_of(&fleeing());
    let whole = run_all(&plan);
    for n in [1, 2, 3, 7, 81, 100] {
        let mut joined = Vec::new();
        for k in 1..=n {
            let cells = plan.shard(k, n);
            joined.extend(plan.run(cells, &Progress::default()).unwrap().unwrap());
        }
        assert_eq!(joined, whole, "{n} shards");
    }
    assert_eq!(plan.shard(2, 3), 27..54);
    // Any K/N the command line takes: no overflow, and the last shard ends at the end.
    assert_eq!(plan.shard(usize::MAX, usize::MAX), 80..81);
    assert_eq!(plan.shard(1, usize::MAX), 0..0);
}

#[test]
fn a_replayed_run_gives_the_sweep_s_numbers() {
    let mut s = fleeing();
    let sweep = s.sweep.as_mut().unwrap();
    sweep.runs = 4;
    sweep.jitter.insert("targets[0].motion.vel.x".into(), 30.0);
    replays_agree(&s);
}

#[test]
fn a_replayed_run_of_a_sweep_without_jitter_gives_its_numbers() {
    // Without jitter a cell's runs differ in their seeds alone: a jinking target's.
    let text = FLEEING.replace(
        r#"motion: Constant(pos: (1000, 1000), vel: (100, 0))"#,
        r#"motion: Jink(pos: (1000, 1000), vel: (100, 0), max_accel: 400, period: 0.3, seed: 3)"#,
    );
    let mut s = scenario::parse(&text, "jink.ron").unwrap();
    s.sweep.as_mut().unwrap().runs = 4;
    replays_agree(&s);
}

/// Each of four cells of `s`'s sweep, run by run as the window opens and `steerlab run`
/// flies it: the hits and the worst run are the sweep's.
fn replays_agree(s: &Scenario) {
    let plan = plan_of(s);
    let mut worst_runs = std::collections::BTreeSet::new();
    for cell in [0, 17, 40, 80] {
        let stats = &plan
            .run(cell..cell + 1, &Progress::default())
            .unwrap()
            .unwrap()[0];
        let mut hits = 0;
        let mut worst: (f32, u32) = (f32::NEG_INFINITY, 0);
        for run in 0..4 {
            // The engagement as the window opens it, run as `steerlab run` does.
            let replay = plan.engagement(cell, run, Algorithm::Intercept).unwrap();
            assert_eq!(replay.world.seed, plan.seed(cell, run));
            let world = headless::run(&replay, Some(30.0), None).unwrap();
            let rows = headless::rows(&world);
            let flown = plan.fly(cell, run, Algorithm::Intercept).unwrap();
            // Refused launches too: a row each, at the distance the law saw.
            assert_eq!(rows.len(), flown.len(), "cell {cell} run {run}");
            for (row, m) in rows.iter().zip(&flown) {
                assert_eq!(row.miss_distance.to_bits(), m.closest.to_bits());
                assert_eq!(row.time_to_hit, m.time_to_hit);
            }
            hits += flown.iter().filter(|m| m.hit).count() as u32;
            let closest = flown
                .iter()
                .map(|m| m.closest)
                .fold(f32::NEG_INFINITY, f32::max);
            if closest > worst.0 {
                worst = (closest, run);
            }
        }
        assert_eq!(stats.hits, hits, "cell {cell}");
        assert_eq!(stats.worst_run, worst.1, "cell {cell}");
        assert_eq!(stats.worst_seed, plan.seed(cell, worst.1));
        worst_runs.insert(worst.1);
    }
    // The runs differ: not always the first is the worst.
    assert!(worst_runs.len() > 1, "{worst_runs:?}");
}

#[test]
fn each_run_has_its_own_seed_and_the_same_seed_gives_the_same_sweep() {
    let plan = plan_of(&fleeing());
    let mut seeds: Vec<u64> = (0..81)
        .flat_map(|c| (0..8).map(move |r| (c, r)))
        .map(|(c, r)| plan.seed(c, r))
        .collect();
    seeds.sort();
    seeds.dedup();
    assert_eq!(
        seeds.len(),
        81 * 8,
        "seeds are distinct across cells and runs"
    );
    let mut other = fleeing();
    other.sweep.as_mut().unwrap().seed = 1;
    assert_ne!(plan_of(&other).seed(0, 0), plan.seed(0, 0));
    assert_eq!(plan_of(&fleeing()).seed(5, 3), plan.seed(5, 3));
}

fn problems_of(spec: SweepSpec) -> Vec<(String, String)> {
    Plan::new(&fleeing(), spec).err().unwrap_or_default()
}

fn axis(text: &str) -> AxisSpec {
    AxisSpec::parse(text).unwrap()
}

#[test]
fn bad_sweeps_are_refused_each_with_its_own_error() {
    let one = |spec: SweepSpec| {
        let p = problems_of(spec);
        assert_eq!(p.len(), 1, "{p:?}");
        p[0].clone()
    };
    let (field, why) = one(SweepSpec::new(axis("targets[0].motion.speedo=1..2:3")));
    assert_eq!(field, "x.path");
    assert!(
        why.contains("`targets[0].motion.speedo` is not a numeric field"),
        "{why}"
    );
    assert!(
        why.contains("valid names: algorithms.ballistic.blast_radius"),
        "{why}"
    );
    assert!(
        why.contains("targets[0].motion.vel.x") && why.contains("launch.range"),
        "{why}"
    );
    // A field that is not a number (a name) is not in the list either.
    let (_, why) = one(SweepSpec::new(axis("targets[0].name=1..2:3")));
    assert!(why.contains("is not a numeric field"), "{why}");
    let (field, why) = one(SweepSpec::new(axis("algorithms.smoothed.ga=0.5..1.5:3")));
    assert_eq!(field, "x.hi");
    assert!(
        why.contains("algorithms.smoothed.ga: expected a value from 0 to 1, found 1.5"),
        "{why}"
    );
    let (field, why) = one(SweepSpec::new(axis("algorithms.smoothed.ga=0.5..0.9:0")));
    assert_eq!(
        (field.as_str(), why.as_str()),
        ("x.count", "expected 1 to 1024 values, found 0")
    );
    let (field, why) = one(SweepSpec::new(axis("launch.range=0..100:3:log")));
    assert_eq!(
        (field.as_str(), why.as_str()),
        ("x.lo", "a log axis needs values above 0, found 0")
    );
    let mut spec = SweepSpec::new(axis("launch.range=10..100:3"));
    spec.y = Some(axis("launch.range=1..2:2"));
    assert_eq!(one(spec).1, "the y axis sweeps the same field as x");
    let mut spec = SweepSpec::new(axis("launch.range=10..100:3"));
    spec.runs = 0;
    assert_eq!(one(spec).0, "runs");
    let mut spec = SweepSpec::new(axis("launch.range=10..100:3"));
    spec.jitter.insert("nope".into(), 1.0);
    assert_eq!(one(spec).0, "jitter.nope");
    let mut spec = SweepSpec::new(axis("launch.range=10..100:3"));
    spec.jitter.insert("targets[0].radius".into(), -1.0);
    assert!(one(spec).1.contains("standard deviation"));
    let mut spec = SweepSpec::new(axis("launch.range=10..100:1024"));
    spec.y = Some(axis("launch.bearing=0..90:1024"));
    assert!(
        problems_of(spec.clone()).is_empty(),
        "a million cells of one law"
    );
    spec.algorithms = vec![Algorithm::Intercept, Algorithm::Smoothed, Algorithm::ProNav];
    assert_eq!(
        one(spec),
        ("x.count".to_string(), "expected at most 2097152 cells x algorithms (each keeps its statistics), found 1048576 x 3".to_string())
    );
    let (field, why) = one(SweepSpec::new(axis("launchers[0].salvo=0.3..10:3:log")));
    assert_eq!(field, "x.lo");
    assert_eq!(
        why,
        "a log axis needs values above 0 (whole numbers: at least 1), found 0.3"
    );
    // Two unknown axes: each its own error, not also "the same field".
    let mut spec = SweepSpec::new(axis("nope=1..2:3"));
    spec.y = Some(axis("nada=1..2:3"));
    let found = problems_of(spec);
    assert_eq!(
        found.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(),
        ["x.path", "y.path"]
    );
    let mut spec = SweepSpec::new(axis("launch.range=10..100:3"));
    spec.algorithms = vec![Algorithm::Intercept, Algorithm::Intercept];
    assert_eq!(
        one(spec),
        (
            "algorithms[1]".to_string(),
            "`intercept` is already listed at algorithms[0]".to_string()
        )
    );
    assert!(AxisSpec::parse("launch.range=10-100:3").is_err());
    assert!(AxisSpec::parse("launch.range=10..100").is_err());
    assert!(AxisSpec::parse("launch.range=10..100:3:lin").is_err());
}

#[test]
fn a_saved_sweep_with_a_bad_axis_is_a_located_file_error() {
    let text = FLEEING.replace("targets[0].motion.vel.x", "targets[0].motion.velocity");
    let errors = scenario::parse(&text, "fleeing.ron").unwrap_err();
    let e = &errors.errors[0];
    assert_eq!(e.path, "sweep.y.path");
    assert_eq!((e.line, e.col), (12, 19), "{e}");
    assert!(e.message.contains("is not a numeric field"), "{e}");
}

#[test]
fn axes_space_their_values_evenly_or_geometrically_with_exact_ends() {
    assert_eq!(axis("a=0..1:5").values(false), [0.0, 0.25, 0.5, 0.75, 1.0]);
    assert_eq!(
        axis("a=10..10000:4:log")
            .values(false)
            .iter()
            .map(|v| v.round())
            .collect::<Vec<_>>(),
        [10.0, 100.0, 1000.0, 10000.0]
    );
    // 0.3 + (0.9 - 0.3) is not 0.9 in f64: the ends are set, not computed.
    assert_eq!(axis("a=0.3..0.9:3").values(false)[2], 0.9);
    assert_eq!(axis("a=1..2:4").values(true), [1.0, 1.0, 2.0, 2.0]);
    assert_eq!(axis("a=7..9:1").values(false), [7.0]);
}

#[test]
fn the_percentiles_are_nearest_rank() {
    use steerlab::headless::sweep::percentile as p;
    let v: Vec<f64> = (1..=10).map(f64::from).collect();
    assert_eq!(p(&v, 50), Some(5.0));
    assert_eq!(p(&v, 90), Some(9.0));
    assert_eq!(p(&v, 91), Some(10.0));
    assert_eq!(p(&[3.0], 90), Some(3.0));
    assert_eq!(p(&[], 50), None);
    let _ = Metric::every();
}

fn shipped_sweep(
    name: &str,
    x: &str,
    y: &str,
) -> (Plan, Vec<steerlab::headless::sweep::CellStats>) {
    let s = scenario::parse(scenario::presets::shipped(name).unwrap(), name).unwrap();
    let mut spec = s.sweep.clone().unwrap();
    spec.x = axis(x);
    spec.y = Some(axis(y));
    spec.runs = 2;
    let plan = Plan::new(&s, spec).unwrap();
    let stats = run_all(&plan);
    (plan, stats)
}

#[test]
fn smoothed_envelope_smoothed_homing_stops_catching_the_crosser_as_it_speeds_up() {
    let (plan, stats) = shipped_sweep(
        "smoothed-envelope",
        "algorithms.smoothed.ga=0.5..0.9:3",
        "targets[0].motion.vel.y=0..400:3",
    );
    let smoothed = |cell: usize| {
        stats
            .iter()
            .find(|s| s.cell == cell && s.algorithm.id() == "smoothed")
            .unwrap()
    };
    for ix in 0..3 {
        // A target at rest is caught; one at 400 units/s outruns the 300 units/s missile.
        assert_eq!(smoothed(ix).hit_rate(), Some(1.0), "{:?}", plan.values(ix));
        assert_eq!(
            smoothed(6 + ix).hit_rate(),
            Some(0.0),
            "{:?}",
            plan.values(6 + ix)
        );
    }
    assert_eq!(
        plan.algorithms.iter().map(|a| a.id()).collect::<Vec<_>>(),
        ["smoothed", "pro-nav"]
    );
}

#[test]
fn launch_envelope_every_law_hits_somewhere_and_misses_somewhere() {
    let (plan, stats) = shipped_sweep(
        "launch-envelope",
        "launch.bearing=-180..135:8",
        "launch.range=100..1500:3",
    );
    assert_eq!(plan.algorithms.len(), 8);
    for algorithm in &plan.algorithms {
        let mine: Vec<_> = stats.iter().filter(|s| s.algorithm == *algorithm).collect();
        let hits: u32 = mine.iter().map(|s| s.hits).sum();
        let missiles: u32 = mine.iter().map(|s| s.missiles).sum();
        assert!(
            hits > 0 && hits < missiles,
            "{algorithm}: {hits} of {missiles}"
        );
    }
}

#[test]
fn cells_are_found_by_position_and_updates_counted_per_tick() {
    let mut s = fleeing();
    s.sweep.as_mut().unwrap().runs = 2;
    let plan = plan_of(&s);
    assert_eq!(plan.engagements(), 81 * 2);
    let stats = run_all(&plan);
    for cell in 0..81 {
        let found = plan.find(&stats, cell, Algorithm::Intercept).unwrap();
        assert_eq!(found.cell, cell);
        assert_eq!(found.algorithm, Algorithm::Intercept);
    }
    assert!(plan.find(&stats, 81, Algorithm::Intercept).is_none());
    assert!(plan.find(&stats, 3, Algorithm::Smoothed).is_none());
    // In a shard's results too (they start at its first cell).
    let shard = plan.run(40..50, &Progress::default()).unwrap().unwrap();
    assert_eq!(
        plan.find(&shard, 45, Algorithm::Intercept).unwrap().cell,
        45
    );
    assert!(plan.find(&shard, 39, Algorithm::Intercept).is_none());
    // Cell 1: missile 125 against 100 flies 200 / 25 = 8 s, 480 ticks, in each run.
    let one = plan.find(&stats, 1, Algorithm::Intercept).unwrap();
    assert!(
        (2 * 479..=2 * 481).contains(&one.updates),
        "{}",
        one.updates
    );
    // Cell 0: nothing fired, nothing flown.
    assert_eq!(
        plan.find(&stats, 0, Algorithm::Intercept).unwrap().updates,
        0
    );
}

#[test]
fn every_run_gives_each_jinking_target_its_own_seed() {
    let text = FLEEING.replace(
        r#"targets: [(name: "t", radius: 10, motion: Constant(pos: (1000, 1000), vel: (100, 0)))],"#,
        r#"targets: [
            (name: "t", radius: 10, motion: Jink(pos: (1000, 1000), vel: (100, 0), max_accel: 50, period: 0.5, seed: 3)),
            (name: "u", radius: 10, motion: Jink(pos: (1000, 1500), vel: (100, 0), max_accel: 50, period: 0.5, seed: 3)),
        ],"#,
    );
    let s = scenario::parse(&text, "jink.ron").unwrap();
    let plan = plan_of(&s);
    let seed_of = |e: &Scenario, i: usize| {
        let steerlab::sim::Motion::Jink(j) = &e.targets[i].motion else {
            panic!("a jink")
        };
        j.seed
    };
    let mut seen = std::collections::BTreeSet::new();
    for run in 0..20 {
        let e = plan.engagement(5, run, Algorithm::Intercept).unwrap();
        let again = plan.engagement(5, run, Algorithm::Intercept).unwrap();
        assert_eq!(
            seed_of(&e, 0),
            seed_of(&again, 0),
            "the same run, the same seed"
        );
        assert!(seed_of(&e, 0) < 1_000_000);
        seen.insert(seed_of(&e, 0));
        seen.insert(seed_of(&e, 1));
    }
    assert_eq!(seen.len(), 40, "distinct across runs and targets");
}

#[path = "sweep_parts/outputs.rs"]
mod outputs;

#[path = "sweep_parts/jitter.rs"]
mod jitter;

#[test]
fn a_cells_engagement_is_named_by_its_axis_values_as_the_map_shows_them() {
    use steerlab::headless::sweep::axis_value;
    // To 6 decimals, no trailing zeros: an axis's float steps are not shown raw.
    assert_eq!(axis_value(1000.0000000000001), "1000");
    assert_eq!(axis_value(-15.0), "-15");
    assert_eq!(axis_value(0.25), "0.25");
    assert_eq!(axis_value(1.0 / 3.0), "0.333333");
    let s = scenario::parse(
        steerlab::scenario::presets::shipped("launch-envelope").unwrap(),
        "launch-envelope",
    )
    .unwrap();
    let plan = plan_of(&s);
    let algorithm = plan.algorithms[0];
    let mut noisy = 0;
    for cell in 0..plan.cells() {
        let (x, y) = plan.values(cell);
        let y = y.unwrap();
        noisy += usize::from(format!("{x}{y}") != axis_value(x) + axis_value(y).as_str());
        let name = plan.engagement(cell, 0, algorithm).unwrap().name;
        let want = format!(
            "{} = {}, {} = {} |",
            plan.x_path,
            axis_value(x),
            plan.y_path.as_deref().unwrap(),
            axis_value(y)
        );
        assert!(name.contains(&want), "{name} / {want}");
    }
    assert!(noisy > 0, "some axis value is not short as an f64");
}

#[test]
fn a_run_whose_missile_stops_under_its_airframe_gives_the_world_s_numbers() {
    // Intercept and smoothed homing with a thrust profile: a boost, then drag. Where the
    // drag is strong the missile stops dead within a tick once the boost is over, which
    // the lockstep path cannot fly on (an airframe turns a still missile by its
    // heading): those runs are flown again in a world. Every cell's numbers must be a
    // world's, each run of each law flown alone (`Plan::fly`), with jitter and without.
    let text = FLEEING
        .replace(
            r#"algorithms: ["intercept"]"#,
            r#"algorithms: ["intercept", "smoothed"]"#,
        )
        .replace(
            "missile: (lifetime: 100)",
            "missile: (lifetime: 100, airframe: (max_accel: 500, thrust: true, boost_accel: 100000, boost_time: 0.05))",
        )
        .replace(
            r#"y: (path: "targets[0].motion.vel.x", lo: 100, hi: 300, count: 9)"#,
            r#"y: (path: "launchers[0].missile.airframe.drag", lo: 0, hi: 0.1, count: 3)"#,
        );
    let mut s = scenario::parse(&text, "stopping.ron").unwrap();
    let sweep = s.sweep.as_mut().unwrap();
    (sweep.runs, sweep.x.count, sweep.x.lo) = (2, 3, 150.0);
    // (A cell's statistics but for the updates counted and the classes not kept.)
    let numbers = |s: &headless::sweep::CellStats| {
        let (updates, classes) = (0, None);
        let s = headless::sweep::CellStats {
            updates,
            classes,
            ..s.clone()
        };
        format!("{s:?}")
    };
    for jitter in [None, Some(20.0)] {
        let sweep = s.sweep.as_mut().unwrap();
        sweep.jitter.clear();
        if let Some(sd) = jitter {
            sweep.jitter.insert("targets[0].motion.pos.y".into(), sd);
        }
        let plan = plan_of(&s);
        let stats = run_all(&plan);
        assert_eq!(stats.len(), 18);
        let mut stopped = 0;
        for stat in &stats {
            let (cell, algorithm) = (stat.cell, stat.algorithm);
            let runs: Vec<_> = (0..2)
                .map(|run| plan.fly(cell, run, algorithm).unwrap())
                .collect();
            let world =
                headless::sweep::CellStats::of(cell, algorithm, &runs, |r| plan.seed(cell, r));
            let why = format!("cell {cell}, {algorithm:?}, jitter {jitter:?}");
            assert_eq!(numbers(stat), numbers(&world), "{why}");
            // A missile that stopped dead after its boost flew less than 100 units.
            stopped += usize::from(stat.path_length.unwrap() < 100.0);
        }
        // Both drags but zero stop every missile of both laws (six cells each), after
        // the handoff.
        assert_eq!(stopped, 12, "{jitter:?}");
    }
}
