//! Class maps (the failure-class metric): each cell's class is what the window's
//! diagnosis says of the run a click on it opens, every miss of the map is counted once
//! by its primary class, the numbers do not depend on threads, and the CSV's class
//! columns come only with the class map.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use steerlab::headless::sweep::{
    cell_colour, class_of, class_value, legend_classes, CellStats, Classes, MissileResult, Plan,
    Progress, NO_MISS,
};
use steerlab::headless::{self, diagnose};
use steerlab::scenario::sweep::{AxisSpec, Metric};
use steerlab::scenario::{self, Scenario};
use steerlab::sim::diagnosis::Class;
use steerlab::sim::Outcome;

fn shipped(name: &str) -> Scenario {
    scenario::parse(scenario::presets::shipped(name).unwrap(), name).unwrap()
}

/// The shipped smoothed-envelope sweep, smaller (6 x 5 cells, 2 runs), as a class map.
fn envelope() -> Plan {
    let s = shipped("smoothed-envelope");
    let mut spec = s.sweep.clone().unwrap();
    spec.x = AxisSpec::parse("algorithms.smoothed.ga=0.5..0.99:6").unwrap();
    spec.y = Some(AxisSpec::parse("targets[0].motion.vel.y=0..400:5").unwrap());
    spec.runs = 2;
    spec.metric = Metric::FailureClass;
    Plan::new(&s, spec).unwrap()
}

fn run_all(plan: &Plan) -> Vec<CellStats> {
    plan.run(0..plan.cells(), &Progress::default())
        .unwrap()
        .unwrap()
}

fn csv_of(plan: &Plan, stats: &[CellStats]) -> String {
    let mut out = Vec::new();
    headless::sweep::write_csv(plan, stats, None, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_cell_s_class_is_what_the_diagnosis_says_of_the_run_a_click_opens() {
    let plan = envelope();
    assert!(plan.diagnoses());
    let stats = run_all(&plan);
    let mut seen = Vec::new();
    for s in &stats {
        let classes = s.classes.as_ref().expect("a diagnosed cell");
        let run = s.shown_run(Metric::FailureClass);
        let engagement = plan.engagement(s.cell, run, s.algorithm).unwrap();
        let (world, sampler) =
            headless::run_and_diagnose(&engagement, plan.spec.seconds.map(f64::from)).unwrap();
        let rows = diagnose::rows(&world, &sampler);
        match classes.most() {
            // The run opened has a missile of the cell's class.
            Some(class) => {
                assert!(
                    rows.iter().any(|r| r.why == Some(class)),
                    "cell {} {}: {class:?} not in run {run}: {rows:?}",
                    s.cell,
                    s.algorithm
                );
                seen.push(class);
            }
            // Nothing missed: the worst run opens, and it hit.
            None => {
                assert_eq!(run, s.worst_run);
                assert!(rows
                    .iter()
                    .all(|r| matches!(r.outcome, Outcome::Hit { .. })));
            }
        }
        // Every missile of the cell hit or missed within the 10 s (its lifetime), and
        // each miss counts once, by its primary class.
        assert_eq!(
            classes.counts.iter().sum::<u32>() + s.hits,
            s.missiles,
            "cell {}",
            s.cell
        );
    }
    // Smoothed homing tail-chases and is out-run as the crosser speeds up; pro-nav
    // flies out of the world chasing it (the map in docs/diagnosis.md).
    for class in [Class::TailChase, Class::OutRun, Class::LeftWorld] {
        assert!(seen.contains(&class), "{class:?} not in {seen:?}");
    }
}

#[test]
fn a_class_map_does_not_depend_on_the_number_of_threads_or_on_shards() {
    let plan = envelope();
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| run_all(&plan))
    };
    let one = on(1);
    assert_eq!(csv_of(&plan, &one), csv_of(&plan, &on(2)));
    let mut joined = Vec::new();
    for k in 1..=3 {
        joined.extend(
            plan.run(plan.shard(k, 3), &Progress::default())
                .unwrap()
                .unwrap(),
        );
    }
    assert_eq!(joined, one);
}

#[test]
fn only_a_class_map_diagnoses_and_writes_the_class_columns() {
    let mut plan = envelope();
    let classes = csv_of(&plan, &run_all(&plan));
    let header = classes.lines().next().unwrap();
    assert!(header.ends_with(
        ",worst_run,worst_seed,failure-class,share-orbit,share-overshoot,share-tail-chase,\
         share-saturation,share-out-run,share-late-swerve,share-lost-lock,share-decoyed,\
         share-out-of-energy,share-left-world,share-no-solution,share-script-error,\
         share-target-gone,share-blast-missed,share-non-finite,share-hit-terrain"
    ));
    plan.spec.metric = Metric::HitRate;
    assert!(!plan.diagnoses());
    let stats = run_all(&plan);
    assert!(stats.iter().all(|s| s.classes.is_none()));
    let plain = csv_of(&plan, &stats);
    assert!(plain
        .lines()
        .next()
        .unwrap()
        .ends_with(",worst_run,worst_seed"));
    // The numbers both share are the same: the diagnosis changes no flight.
    for (a, b) in classes.lines().zip(plain.lines()).skip(1) {
        assert!(a.starts_with(b), "{a}\n{b}");
    }
    assert!(!Metric::every().contains(&Metric::FailureClass));
    assert_eq!(Metric::all().last(), Some(&Metric::FailureClass));
}

fn missile(why: Option<Class>) -> MissileResult {
    MissileResult {
        hit: why.is_none(),
        time_to_hit: why.is_none().then_some(2.0),
        closest: 5.0,
        path_length: 100.0,
        peak_turn_rate: 1.0,
        optimum_ratio: None,
        why,
    }
}

#[test]
fn a_cell_shows_the_class_most_of_its_misses_have_and_opens_its_first_run() {
    let runs = vec![
        vec![missile(None), missile(Some(Class::Overshoot))],
        vec![missile(Some(Class::Orbit)), missile(Some(Class::Orbit))],
        vec![missile(Some(Class::Overshoot)), missile(None)],
    ];
    let s = CellStats::of(4, steerlab::guidance::Algorithm::ALL[0], &runs, |r| {
        u64::from(r) * 7
    });
    let classes = s.classes.clone().unwrap();
    // Two orbits and two overshoots: a tie goes to the first class in order, orbit.
    assert_eq!(classes.counts[Class::Orbit as usize], 2);
    assert_eq!(classes.counts[Class::Overshoot as usize], 2);
    assert_eq!(classes.most(), Some(Class::Orbit));
    assert_eq!(classes.first_run[Class::Orbit as usize], Some(1));
    assert_eq!(classes.first_run[Class::Overshoot as usize], Some(0));
    assert_eq!(s.shown_run(Metric::FailureClass), 1);
    assert_eq!(
        s.get(Metric::FailureClass),
        Some(Class::Orbit as usize as f64)
    );
    assert_eq!(s.share(Class::Orbit), Some(2.0 / 6.0));
    assert_eq!(s.share(Class::LateSwerve), Some(0.0));
    // Another metric opens the worst run (all missed by 5: the first).
    assert_eq!(s.shown_run(Metric::HitRate), s.worst_run);
    // One more overshoot: overshoot now.
    let mut more = runs.clone();
    more.push(vec![missile(Some(Class::Overshoot))]);
    let s = CellStats::of(4, steerlab::guidance::Algorithm::ALL[0], &more, |_| 0);
    assert_eq!(s.classes.as_ref().unwrap().most(), Some(Class::Overshoot));
    assert_eq!(s.shown_run(Metric::FailureClass), 0);
    // All hit: no class, its value the no-miss mark.
    let hits = vec![vec![missile(None)]];
    let s = CellStats::of(0, steerlab::guidance::Algorithm::ALL[0], &hits, |_| 0);
    assert_eq!(s.classes.as_ref().unwrap().most(), None);
    assert_eq!(s.get(Metric::FailureClass), Some(NO_MISS));
    // No missiles: no value at all.
    let none = CellStats::of(0, steerlab::guidance::Algorithm::ALL[0], &[], |_| 0);
    assert_eq!(none.get(Metric::FailureClass), None);
    assert_eq!(none.share(Class::Orbit), None);
    // Not diagnosed: no value either.
    let plain = CellStats {
        classes: None,
        ..CellStats::of(0, steerlab::guidance::Algorithm::ALL[0], &hits, |_| 0)
    };
    assert_eq!(plain.get(Metric::FailureClass), None);
    assert_eq!(Classes::default().most(), None);
}

#[test]
fn a_class_map_s_values_colours_and_csv_names_go_together() {
    for (i, class) in Class::ALL.iter().enumerate() {
        let v = class_value(class.id()).unwrap();
        assert_eq!(v, i as f64);
        assert_eq!(class_of(v), Some(*class));
        assert_eq!(
            cell_colour(Metric::FailureClass, v, 0.0, 1.0),
            diagnose::class_rgb(*class)
        );
    }
    assert_eq!(class_value("none"), Some(NO_MISS));
    assert_eq!(class_of(NO_MISS), None);
    assert_eq!(
        cell_colour(Metric::FailureClass, NO_MISS, 0.0, 1.0),
        steerlab::palette::NO_MISS
    );
    assert_eq!(class_value("circling"), None);
    assert_eq!(class_of(Class::ALL.len() as f64), None);
    // Any other metric: the viridis scale's ends.
    assert_eq!(cell_colour(Metric::HitRate, 0.0, 0.0, 1.0), [68, 1, 84]);
}

#[test]
fn the_png_of_a_class_map_paints_each_cell_in_its_class_s_colour_with_a_legend() {
    let plan = envelope();
    let stats = run_all(&plan);
    let csv = csv_of(&plan, &stats);
    let png = headless::sweep::png(&plan, &csv, Metric::FailureClass, None).unwrap();
    let image = image::load_from_memory(&png).unwrap().to_rgb8();
    let count = |rgb: [u8; 3]| image.pixels().filter(|p| p.0 == rgb).count();
    let shown: Vec<[u8; 3]> = stats
        .iter()
        .filter_map(|s| s.get(Metric::FailureClass))
        .map(|v| cell_colour(Metric::FailureClass, v, 0.0, 1.0))
        .collect();
    // Each colour a cell has covers at least a cell (520 / 6 by 400 / 5 points, less
    // the axes) and its swatch in the legend.
    for rgb in &shown {
        assert!(count(*rgb) > 2000, "{rgb:?}: {} pixels", count(*rgb));
    }
    // A class no cell has is nowhere, not even in the legend.
    assert!(!shown.contains(&diagnose::class_rgb(Class::Decoyed)));
    assert_eq!(count(diagnose::class_rgb(Class::Decoyed)), 0);
    // The legend: a swatch 18 x 16 a class, 24 apart, "no miss" first, in the colour
    // bar's column (150 wide at the right, under the 44 of the title; its margins 54
    // above and 6 left, then 28 under the legend's title).
    let legend = legend_classes(stats.iter().filter_map(|s| s.get(Metric::FailureClass)));
    assert_eq!(legend[0], NO_MISS);
    for (k, v) in legend.iter().enumerate() {
        let (x, y) = (
            image.width() - 150 + 6 + 9,
            44 + 54 + 28 + 24 * k as u32 + 8,
        );
        assert_eq!(
            image.get_pixel(x, y).0,
            cell_colour(Metric::FailureClass, *v, 0.0, 1.0),
            "swatch {k}"
        );
        // The 8 points between two swatches are the background.
        assert_eq!(
            image.get_pixel(x, y + 12).0,
            [255, 255, 255],
            "under swatch {k}"
        );
    }
}

#[test]
fn a_cell_without_missiles_has_no_class_in_the_csv() {
    let plan = envelope();
    let empty = CellStats::of(0, plan.algorithms[0], &[vec![]], |_| 0);
    let csv = csv_of(&plan, &[empty]);
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == "failure-class").unwrap();
    assert_eq!(row[at], "");
    assert_eq!(row[at + 1], "");
}

#[test]
fn a_legend_lists_each_class_shown_once_no_miss_first() {
    let values = [3.0, NO_MISS, 0.0, 3.0, 10.0, NO_MISS];
    assert_eq!(
        legend_classes(values.into_iter()),
        [NO_MISS, 0.0, 3.0, 10.0]
    );
}

#[test]
fn a_diff_row_has_each_number_s_difference_and_no_class() {
    let plan = envelope();
    let (a, b) = (plan.algorithms[0], plan.algorithms[1]);
    // A: one hit of two (a miss by orbit); B: both hit.
    let runs_a = vec![vec![missile(None), missile(Some(Class::Orbit))]];
    let runs_b = vec![vec![missile(None), missile(None)]];
    let stats = [
        CellStats::of(0, a, &runs_a, |_| 0),
        CellStats::of(0, b, &runs_b, |_| 0),
    ];
    let mut out = Vec::new();
    headless::sweep::write_csv(&plan, &stats, Some((a, b)), &mut out).unwrap();
    let csv = String::from_utf8(out).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let diff: Vec<&str> = csv.lines().nth(3).unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    assert_eq!(diff[at("algorithm")], format!("{a}-{b}"));
    // Hit rate 0.5 - 1; time to hit 2 - 2; a class has no difference.
    assert_eq!(diff[at("hit-rate")], "-0.5");
    assert_eq!(diff[at("time-to-hit")], "0");
    assert_eq!(diff[at("optimum-ratio")], "");
    assert_eq!(diff[at("failure-class")], "");
    assert_eq!(diff[at("share-orbit")], "");
}
