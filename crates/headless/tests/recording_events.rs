//! A recording's optional `event` column (what `run --csv` writes): a missile's `launch`
//! row launches it on that tick, an end row (`hit`, `fuel-out`, ...) stops it there,
//! and rows of refused launches (`launcher`, `turret`) are skipped. Without the column,
//! or with it empty, a game's recording works as before: its missile is launched the
//! tick before its first row and coasts one tick past its last, where a game that
//! removed it on the hitting tick would have had its hit.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use steerlab::headless;
use steerlab::recording;
use steerlab::sim::{Outcome, TargetId};

/// A missile flying +x at 600 units/s (10 a tick at 60 Hz) from x = 100 at a parked
/// target at x = 200 (radius 12 + 2): rows for ticks 1 to `last`, with `event` added to
/// each row as a last column when given (`(first, middle, last)`).
fn recording(last: u64, events: Option<(&str, &str, &str)>) -> String {
    let mut csv = String::from("tick,time,id,kind,algorithm,x,y,vx,vy,heading");
    csv.push_str(if events.is_some() { ",event\n" } else { "\n" });
    for tick in 0..=last {
        let time = tick as f64 / 60.0;
        let tail = |e: &str| events.map_or(String::new(), |_| format!(",{e}"));
        csv.push_str(&format!(
            "{tick},{time},0,target,,200,300,0,0,0{}\n",
            tail("")
        ));
        if tick >= 1 {
            let x = 100.0 + 10.0 * (tick - 1) as f64;
            let e = match events {
                Some((first, _, _)) if tick == 1 => first,
                Some((_, _, end)) if tick == last => end,
                Some((_, middle, _)) => middle,
                None => "",
            };
            csv.push_str(&format!(
                "{tick},{time},0,missile,m,{x},300,600,0,0{}\n",
                tail(e)
            ));
        }
    }
    csv
}

/// The replayed missile after a run of the recording's length and then some: its
/// outcome, its launch tick and where it is.
fn replay(csv: &str) -> (Outcome, u64, f32) {
    let rec = recording::parse(csv, "r.csv").unwrap();
    let scenario = recording::to_scenario(&rec, "r.csv").unwrap();
    let world = headless::run(&scenario, Some(0.5), None).unwrap();
    let m = &world.all_missiles()[0];
    (m.metrics.outcome, m.launched_tick, m.body.pos.x)
}

#[test]
fn a_games_recording_coasts_one_tick_past_its_last_row_where_the_hit_is_found() {
    // Last row at tick 9: x = 180, 20 from the target's centre (not yet touching); the
    // coast to 190 touches (10 <= 14).
    for csv in [recording(9, None), recording(9, Some(("", "", "")))] {
        let (outcome, launched, _) = replay(&csv);
        assert_eq!(
            outcome,
            Outcome::Hit {
                target: TargetId(0)
            },
            "{csv}"
        );
        assert_eq!(launched, 0, "launched the tick before its first row");
    }
}

#[test]
fn an_end_row_stops_the_missile_there_and_a_launch_row_launches_it_on_its_tick() {
    // Its flight ended on its last row (x = 180, no hit): no coast, so no hit.
    let (outcome, launched, x) = replay(&recording(9, Some(("launch", "", "lifetime-out"))));
    assert_ne!(
        outcome,
        Outcome::Hit {
            target: TargetId(0)
        }
    );
    assert_eq!(launched, 1, "launched on its launch row's tick");
    assert_eq!(x, 180.0, "it stays where its last row has it");
    // Ended without a launch row: launched the tick before, still no coast.
    let (outcome, launched, x) = replay(&recording(9, Some(("", "", "hit"))));
    assert_ne!(
        outcome,
        Outcome::Hit {
            target: TargetId(0)
        }
    );
    assert_eq!((launched, x), (0, 180.0));
}

#[test]
fn rows_of_refused_launches_are_skipped() {
    let mut csv = recording(9, Some(("launch", "", "")));
    csv.push_str("9,0.15,0,launcher,intercept,100,600,0,0,0,no-solution\n");
    csv.push_str("9,0.15,2,turret,intercept,100,600,0,0,0,no-solution\n");
    let rec = recording::parse(&csv, "r.csv").unwrap();
    assert_eq!(rec.tracks.len(), 2, "a target and a missile");
    let bad = csv.replace(",launcher,", ",launchr,");
    let e = recording::parse(&bad, "r.csv").unwrap_err().to_string();
    assert!(
        e.contains("kind: expected target or missile, found \"launchr\""),
        "{e}"
    );
}

#[test]
fn a_missile_of_one_row_coasts_unless_that_row_ends_it() {
    // One row at tick 5 (x = 100, 600 units/s): launched on tick 4 onto it, then a
    // coast of one tick to x = 110, then it stays; with `hit` on its row, it stays at 100.
    let one = |event: &str| {
        let mut csv = String::from("tick,time,id,kind,algorithm,x,y,vx,vy,heading,event\n");
        for tick in 0..=9u32 {
            let time = f64::from(tick) / 60.0;
            csv.push_str(&format!("{tick},{time},0,target,,900,300,0,0,0,\n"));
            if tick == 5 {
                csv.push_str(&format!(
                    "{tick},{time},0,missile,m,100,300,600,0,0,{event}\n"
                ));
            }
        }
        csv
    };
    let (_, launched, x) = replay(&one(""));
    assert_eq!((launched, x), (4, 110.0));
    let (_, launched, x) = replay(&one("hit"));
    assert_eq!((launched, x), (4, 100.0));
}

#[test]
fn a_heading_of_a_million_radians_is_the_largest_taken() {
    let csv = |heading: &str| {
        format!(
            "tick,time,id,kind,algorithm,x,y,vx,vy,heading\n0,0,0,target,,1,2,0,0,0\n\
             0,0,0,missile,m,4,5,0,0,{heading}\n1,0.0166667,0,target,,1,2,0,0,0\n\
             1,0.0166667,0,missile,m,4,5,0,0,0\n"
        )
    };
    assert!(recording::parse(&csv("1000000"), "r.csv").is_ok());
    assert!(recording::parse(&csv("-1000000"), "r.csv").is_ok());
    let e = recording::parse(&csv("1000000.5"), "r.csv")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("r.csv:3: heading: expected radians within ±1000000"),
        "{e}"
    );
}
