//! A recorded missile flies as a law named after its `algorithm` column: names that the
//! id would make equal (characters it drops, cuts at 24 characters, an empty column)
//! still give one law per missile, each flying its own track; a recording whose ids
//! would collide anyway is refused, naming both lines. And the laws a recording adds are
//! held by its scenario only: opening many recordings, one after the other, never runs
//! out of room.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use steerlab::guidance::Algorithm;
use steerlab::headless;
use steerlab::recording;

/// A recording of one parked target and one missile per name, each on its own row
/// (`y` apart), flying right at 60 units/s for 10 ticks.
fn recording_of(names: &[&str]) -> String {
    let mut csv = String::from("tick,time,id,kind,algorithm,x,y,vx,vy,heading\n");
    for tick in 0..10u32 {
        let time = f64::from(tick) / 60.0;
        csv.push_str(&format!("{tick},{time},0,target,,900,300,0,0,0\n"));
        for (id, name) in names.iter().enumerate() {
            let x = 100.0 + f64::from(tick);
            let y = 100.0 * (id as f64 + 1.0);
            csv.push_str(&format!(
                "{tick},{time},{id},missile,{name},{x},{y},60,0,0\n"
            ));
        }
    }
    csv
}

#[test]
fn names_the_id_would_make_equal_still_give_one_law_per_missile() {
    let long = "n".repeat(30);
    let longer = format!("{long}x");
    for names in [
        vec!["a b", "a-b"],
        vec!["a.b", "a/b", "a-b"],
        vec!["ré", "r?"],
        vec!["", "missile"],
        vec![long.as_str(), longer.as_str()],
        vec!["same", "same", "same"],
    ] {
        let csv = recording_of(&names);
        let rec = recording::parse(&csv, "names.csv").unwrap();
        let scenario = recording::to_scenario(&rec, "names.csv").unwrap();
        let laws: Vec<Algorithm> = scenario.launchers.iter().map(|l| l.algorithms[0]).collect();
        let distinct: std::collections::BTreeSet<&str> = laws.iter().map(|a| a.id()).collect();
        assert_eq!(distinct.len(), names.len(), "{names:?}: {distinct:?}");
        // Each flies its own track: missile k stays on its row, y = 100 (k + 1).
        let world = headless::run(&scenario, Some(0.15), None).unwrap();
        for (k, m) in world.all_missiles().into_iter().enumerate() {
            assert_eq!(
                m.body.pos.y,
                100.0 * (k as f32 + 1.0),
                "{names:?}: {}",
                m.id
            );
        }
    }
}

#[test]
fn ids_that_collide_even_so_are_refused_naming_both_lines() {
    // Two missiles named `x` become `rec-x-0` and `rec-x-1`; a third named `x-1` is
    // `rec-x-1` too. Missile 2's first row is line 5 (the header is line 1), missile 1's
    // line 4.
    let csv = recording_of(&["x", "x", "x-1"]);
    let rec = recording::parse(&csv, "clash.csv").unwrap();
    let e = recording::to_scenario(&rec, "clash.csv").unwrap_err();
    assert_eq!(
        e,
        "clash.csv:5: algorithm: missile 2 (\"x-1\") and missile 1 (\"x\", line 4) would \
         both fly as the law `rec-x-1`: rename one of them"
    );
}

#[test]
fn recordings_opened_one_after_another_never_run_out_of_laws() {
    // 3 recordings x 600 distinct names = 1800 laws, more than the 1024 one process
    // could once add; each recording's laws go with it.
    for file in 0..3 {
        let names: Vec<String> = (0..600).map(|k| format!("f{file}m{k}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let rec = recording::parse(&recording_of(&names), "many.csv").unwrap();
        let scenario = recording::to_scenario(&rec, "many.csv").unwrap();
        assert_eq!(scenario.launchers.len(), 600);
        // While the scenario is open its laws are known by id.
        assert!(Algorithm::from_id(&format!("rec-f{file}m0")).is_some());
        drop(scenario);
        assert!(
            Algorithm::from_id(&format!("rec-f{file}m0")).is_none(),
            "a closed recording's law is let go"
        );
    }
}
