//! The results table's rows: a page of them built alone (`rows_in`) is the same rows as
//! the whole table's at those places, in launch order (a tick's missiles by id, then the
//! launches refused on it), and `row_count` counts them all.

use steerlab_headless::headless::{self, diagnose, Row};
use steerlab_headless::sim::World;

/// Intercept (too slow for its fleeing target: every launch refused) and smoothed homing
/// firing together every half second, smoothed alone a quarter second later, and
/// intercept alone a tenth of a second after that: ticks with missiles and refusals
/// both, with missiles only, and with refusals only.
const MIXED: &str = r#"(
    version: 1,
    world: (width: 40000, height: 4000),
    algorithms: (intercept: (speed: 50)),
    targets: [
        (name: "away", radius: 10, motion: Constant(pos: (1000, 1000), vel: (300, 0))),
        (name: "near", radius: 10, motion: Constant(pos: (3000, 3000), vel: (0, 0))),
    ],
    launchers: [
        (name: "a", pos: (800, 1000), target: "away", algorithms: ["intercept"], every: 0.5, salvo: 2, missile: (lifetime: 3)),
        (name: "b", pos: (800, 3000), target: "near", algorithms: ["smoothed"], every: 0.5, salvo: 2, missile: (lifetime: 3)),
        (name: "c", pos: (800, 2000), target: "near", algorithms: ["smoothed"], first_at: 0.25, every: 0.5, missile: (lifetime: 3)),
        (name: "d", pos: (800, 1200), target: "away", algorithms: ["intercept"], first_at: 0.35, every: 0.5, missile: (lifetime: 3)),
    ],
)"#;

fn mixed(seconds: f64) -> (World, diagnose::Sampler) {
    let scenario = steerlab_headless::scenario::parse(MIXED, "mixed").unwrap();
    headless::run_and_diagnose(&scenario, Some(seconds)).unwrap()
}

/// The table as it was defined before pages were built alone: every missile by id, then
/// every refusal, sorted by launch tick keeping that order within a tick.
fn by_definition(world: &World) -> Vec<Row> {
    let mut rows: Vec<Row> = world.all_missiles().into_iter().map(Row::of).collect();
    let dt = world.dt();
    rows.extend(world.refusals().iter().map(|r| Row::refused(r, dt)));
    rows.sort_by_key(|r| r.tick);
    rows
}

#[test]
fn a_page_built_alone_is_the_table_s_rows_at_those_places() {
    let (world, sampler) = mixed(4.0);
    let whole = by_definition(&world);
    // Some ticks hold missiles and refusals both.
    let refused = whole.iter().filter(|r| r.missile.is_none()).count();
    let flown = whole.len() - refused;
    assert!(
        refused >= 8 && flown >= 20,
        "{refused} refused, {flown} flown"
    );
    let shared = whole.iter().filter(|r| r.missile.is_none()).any(|r| {
        whole
            .iter()
            .any(|m| m.missile.is_some() && m.tick == r.tick)
    });
    assert!(shared, "no tick with both a missile and a refusal");
    let alone = (whole.iter().filter(|r| r.missile.is_none())).any(|r| {
        !whole
            .iter()
            .any(|m| m.missile.is_some() && m.tick == r.tick)
    });
    assert!(alone, "no tick with refusals only");
    let flying = (whole.iter().filter(|r| r.missile.is_some())).any(|m| {
        !whole
            .iter()
            .any(|r| r.missile.is_none() && r.tick == m.tick)
    });
    assert!(flying, "no tick with missiles only");
    assert_eq!(headless::row_count(&world), whole.len());
    assert_eq!(headless::rows(&world), whole);
    for start in 0..=whole.len() + 2 {
        for len in [0, 1, 5, 12, whole.len()] {
            let got = headless::rows_in(&world, start..start + len);
            let (from, to) = (start.min(whole.len()), (start + len).min(whole.len()));
            assert_eq!(got, whole[from..to], "rows {start}..{}", start + len);
        }
    }
    // A backwards range is empty, not a panic.
    #[allow(clippy::reversed_empty_ranges)]
    let backwards = headless::rows_in(&world, 7..3);
    assert!(backwards.is_empty());
    // Diagnosed: the same rows, each with its primary class.
    let diagnosed = diagnose::rows(&world, &sampler);
    assert_eq!(diagnosed.len(), whole.len());
    for start in [0, 3, whole.len() - 1] {
        let page = diagnose::rows_in(&world, &sampler, start..start + 12);
        let end = (start + 12).min(whole.len());
        assert_eq!(page, diagnosed[start..end]);
    }
    for (row, plain) in diagnosed.iter().zip(&whole) {
        let why = match row.missile {
            Some(id) => sampler.why(id),
            None => Some(steerlab_headless::sim::diagnosis::Class::NoSolution),
        };
        assert_eq!(
            row,
            &Row {
                why,
                ..plain.clone()
            }
        );
    }
}
