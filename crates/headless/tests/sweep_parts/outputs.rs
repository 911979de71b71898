//! A sweep's outputs beside its numbers: the plan id a shard's CSV names, and the
//! heatmaps drawn from the CSV.

use super::*;
use std::sync::Arc;
use steerlab::core::field::Value;
use steerlab::core::{Body, Seen};
use steerlab::guidance::{Launch, LawError, LawInfo, RuntimeLaw, RuntimeState, Signal};
use steerlab::headless::sweep::shards::{plan_id, shard_line};

/// A script's law, its code known by its fingerprint alone.
#[derive(Debug)]
struct Code(u64);

impl RuntimeLaw for Code {
    fn info(&self) -> LawInfo {
        LawInfo {
            id: "plan-id-test",
            section: "plan-id-test",
            summary: "",
            color: [0, 0, 0],
            params: &[],
            contact_fused: true,
            four_lane: false,
            lane_gravity: false,
        }
    }
    fn defaults(&self) -> Vec<Value> {
        Vec::new()
    }
    fn launch(
        &self,
        _: &[Value],
        _: &Launch,
        _: &mut RuntimeState,
    ) -> Result<Option<Body>, LawError> {
        Ok(None)
    }
    fn steer(
        &self,
        _: &[Value],
        _: &mut RuntimeState,
        _: &mut Body,
        _: &Seen,
    ) -> Result<Option<Signal>, LawError> {
        Ok(None)
    }
    fn fingerprint(&self) -> u64 {
        self.0
    }
}

#[test]
fn the_plan_id_changes_with_the_scenario_the_sweep_the_difference_and_the_code() {
    let s = fleeing();
    let base = plan_of(&s);
    let id = plan_id(&base, None);
    assert_eq!(
        plan_id(&plan_of(&fleeing()), None),
        id,
        "the same plan twice"
    );
    let mut seeded = s.sweep.clone().unwrap();
    seeded.seed += 1;
    assert_ne!(plan_id(&Plan::new(&s, seeded).unwrap(), None), id, "seed");
    let mut jittered = s.sweep.clone().unwrap();
    jittered
        .jitter
        .insert("targets[0].motion.pos.y".into(), 25.0);
    assert_ne!(
        plan_id(&Plan::new(&s, jittered).unwrap(), None),
        id,
        "jitter"
    );
    let mut moved = fleeing();
    moved.targets[0].radius += 1.0;
    assert_ne!(plan_id(&plan_of(&moved), None), id, "scenario");
    let intercept = Algorithm::from_id("intercept").unwrap();
    let smoothed = Algorithm::from_id("smoothed").unwrap();
    assert_ne!(
        plan_id(&base, Some((intercept, smoothed))),
        id,
        "difference"
    );
    // The same script id with other code: another plan.
    let with_code = |print: u64| {
        let mut s = fleeing();
        s.algorithms.register(Arc::new(Code(print))).unwrap();
        plan_id(&plan_of(&s), None)
    };
    assert_eq!(with_code(1), with_code(1));
    assert_ne!(with_code(1), with_code(2), "code");
    // The shard line: 81 cells, shard 2 of 4 holds 20 to 39, one row a cell.
    assert_eq!(
        shard_line(&base, None, 2, 4),
        format!("# steerlab sweep shard 2/4, plan {id:016x}: cells 20..40 of 81, 1 rows a cell\n")
    );
    let diff = Some((intercept, smoothed));
    assert!(shard_line(&base, diff, 1, 1).ends_with(": cells 0..81 of 81, 2 rows a cell\n"));
}

#[test]
fn the_heatmaps_show_the_numbers_the_csv_holds() {
    let plan = plan_of(&fleeing());
    let csv = csv_of(&plan, &run_all(&plan));
    let png = |csv: &str, metric| steerlab::headless::sweep::png(&plan, csv, metric, None);
    let drawn = png(&csv, Metric::HitRate).unwrap();
    assert_eq!(
        png(&csv, Metric::HitRate).unwrap(),
        drawn,
        "the same CSV, the same PNG"
    );
    // Cell 0's hit rate (a miss: 0) made 1: another picture.
    let row0 = csv.lines().nth(1).unwrap();
    assert!(row0.starts_with("0,100,100,intercept,1,1,0,0,"), "{row0}");
    let hit = csv.replacen(row0, &row0.replacen(",1,1,0,0,", ",1,1,0,1,", 1), 1);
    assert_ne!(png(&hit, Metric::HitRate).unwrap(), drawn);
    // Another metric's column changed: the hit-rate map is the same.
    assert_eq!(
        png(&csv.replacen(row0, &format!("{row0}9"), 1), Metric::HitRate).unwrap(),
        drawn
    );
    // The rows of a law the plan does not map are not drawn; a cell it does not have is
    // refused, and so is a CSV without the metric's column.
    let extra = format!("{csv}0,100,100,smoothed,1,1,1,1,,,,,,,,,,\n");
    assert_eq!(png(&extra, Metric::HitRate).unwrap(), drawn);
    let stray = format!("{csv}81,100,100,intercept,1,1,1,1,,,,,,,,,,\n");
    assert!(png(&stray, Metric::HitRate)
        .unwrap_err()
        .contains("line 83"));
    let renamed = csv.replacen("hit-rate", "hit-ratio", 1);
    assert_eq!(
        png(&renamed, Metric::HitRate).unwrap_err(),
        "the sweep's CSV has no column `hit-rate`"
    );
}
