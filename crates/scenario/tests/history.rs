//! The timeline: scrubbing rebuilds any recorded tick bit for bit, branching with the
//! same settings reproduces the old future, branching with a change differs only after
//! the branch, and the memory budget holds over a long run.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

use glam::Vec2;
use steerlab::guidance::{Algorithm, Value};
use steerlab::scenario::parse;
use steerlab::scenario::presets::{default_scenario, shipped};
use steerlab::sim::history::History;
use steerlab::sim::{Input, World};

/// Drags the default scenario's target around during ticks 100..400 and fires extra
/// volleys, so the history has inputs to replay.
fn inputs_for(world: &World) -> Vec<Input> {
    let tick = world.tick();
    let target = world.targets()[0].id;
    let mut inputs = Vec::new();
    if (100..400).contains(&tick) {
        let t = tick as f32 / 60.0;
        inputs.push(Input::MoveTarget {
            target,
            pos: Vec2::new(700.0 + 150.0 * t.cos(), 350.0 + 100.0 * (2.0 * t).sin()),
        });
    }
    if tick == 250 {
        inputs.push(Input::Launch { launcher: 0 });
    }
    if tick == 300 {
        inputs.push(Input::SetParam {
            algorithm: Algorithm::Smoothed,
            name: "ga".into(),
            value: Value::Number(0.8),
        });
    }
    inputs
}

/// Runs `ticks` ticks through a history; returns it, the world and the live hash after
/// every tick (index = tick).
fn record(ticks: u64, interval: u64) -> (History, World, Vec<u64>) {
    let mut world = default_scenario().build().unwrap();
    let mut history = History::new(&world, interval, usize::MAX);
    let mut hashes = vec![world.state_hash()];
    for _ in 0..ticks {
        for input in inputs_for(&world) {
            world.apply(input).unwrap();
        }
        history.step(&mut world);
        hashes.push(world.state_hash());
    }
    (history, world, hashes)
}

#[test]
fn scrubbing_to_any_tick_rebuilds_exactly_what_was_live() {
    let (history, _, live) = record(600, 50);
    for tick in (0..=600).step_by(7).chain([1, 49, 50, 51, 599, 600]) {
        let world = history.world_at(tick).unwrap();
        assert_eq!(world.tick(), tick);
        assert_eq!(world.state_hash(), live[tick as usize], "tick {tick}");
    }
    assert!(history.world_at(601).is_none());
}

#[test]
fn a_branch_with_unchanged_settings_reproduces_the_old_future_exactly() {
    let (mut history, _, live) = record(600, 50);
    // Branch in the middle of the drag: the recorded drags and launches replay.
    let (mut world, ghost) = history.branch(230).unwrap();
    assert!(!ghost.missiles.is_empty() && !ghost.targets.is_empty());
    assert_eq!(world.state_hash(), live[230]);
    for (tick, expected) in live.iter().enumerate().skip(231) {
        history.step(&mut world);
        assert_eq!(world.state_hash(), *expected, "tick {tick}");
    }
}

#[test]
fn a_branch_with_a_changed_parameter_differs_only_after_the_branch_tick() {
    let (mut history, _, live) = record(600, 50);
    let (mut world, _) = history.branch(200).unwrap();
    for tick in (0..=200).step_by(10) {
        assert_eq!(
            history.world_at(tick).unwrap().state_hash(),
            live[tick as usize],
            "before the branch, tick {tick}"
        );
    }
    world
        .apply(Input::SetParam {
            algorithm: Algorithm::Newton,
            name: "acceleration".into(),
            value: Value::Number(120.0),
        })
        .unwrap();
    let mut first_difference = None;
    for (tick, expected) in live.iter().enumerate().skip(201) {
        history.step(&mut world);
        if first_difference.is_none() && world.state_hash() != *expected {
            first_difference = Some(tick);
        }
    }
    assert_eq!(
        first_difference,
        Some(201),
        "the change shows from the first tick after the branch"
    );
    // And the new future is what is recorded now.
    assert_eq!(
        history.world_at(600).unwrap().state_hash(),
        world.state_hash()
    );
}

#[test]
fn the_memory_budget_holds_over_a_long_run_and_drops_the_oldest_history() {
    let scenario = parse(shipped("missile-command").unwrap(), "missile-command").unwrap();
    let mut world = scenario.build().unwrap();
    let budget = 256 * 1024;
    let mut history = History::new(&world, 60, budget);
    let mut largest_snapshot = 0;
    for _ in 0..20_000 {
        history.step(&mut world);
        largest_snapshot = largest_snapshot.max(world.approx_bytes());
        assert!(
            history.bytes() <= budget + largest_snapshot,
            "{} bytes held",
            history.bytes()
        );
    }
    assert!(history.earliest() > 0, "the oldest history was dropped");
    assert!(history.world_at(history.earliest() - 1).is_none());
    let earliest = history.world_at(history.earliest()).unwrap();
    assert_eq!(earliest.tick(), history.earliest());
    assert!(history
        .events()
        .iter()
        .all(|e| e.tick >= history.earliest()));
}

#[test]
fn a_parameter_changed_at_the_branch_is_not_undone_by_the_old_futures_change() {
    // The recorded run sets ga = 0.8 at tick 300; a branch at 200 that sets ga = 0.6
    // keeps 0.6 past tick 300, while the recorded drags still replay.
    let (mut history, _, _) = record(600, 50);
    let (mut world, _) = history.branch(200).unwrap();
    world
        .apply(Input::SetParam {
            algorithm: Algorithm::Smoothed,
            name: "ga".into(),
            value: Value::Number(0.6),
        })
        .unwrap();
    let target = world.targets()[0].id;
    let mut positions = Vec::new();
    for _ in 201..=400 {
        history.step(&mut world);
        positions.push(world.target(target).unwrap().pos);
    }
    assert_eq!(world.tuning.smoothed.ga, 0.6);
    // Worked out without a history: the same inputs from tick 0, ga = 0.6 set at the
    // branch, and the recorded ga = 0.8 at tick 300 left out.
    let mut expected = default_scenario().build().unwrap();
    let mut expected_positions = Vec::new();
    while expected.tick() < 400 {
        if expected.tick() == 200 {
            expected
                .apply(Input::SetParam {
                    algorithm: Algorithm::Smoothed,
                    name: "ga".into(),
                    value: Value::Number(0.6),
                })
                .unwrap();
        }
        for input in inputs_for(&expected) {
            if !matches!(input, Input::SetParam { .. }) {
                expected.apply(input).unwrap();
            }
        }
        expected.step();
        if expected.tick() > 200 {
            expected_positions.push(expected.targets()[0].pos);
        }
        if expected.tick() == 399 {
            assert_eq!(
                history.world_at(399).unwrap().state_hash(),
                expected.state_hash()
            );
        }
    }
    assert_eq!(world.state_hash(), expected.state_hash());
    // The drags replayed: the target moved during 201..400 as recorded.
    assert_eq!(positions, expected_positions);
    assert!(positions.windows(2).any(|w| w[0] != w[1]));
}

#[test]
fn a_new_budget_takes_effect_at_the_next_snapshot() {
    let (mut history, mut world, _) = record(600, 50);
    assert_eq!(history.earliest(), 0);
    history.set_budget(1);
    assert_eq!(history.budget(), 1);
    for _ in 0..49 {
        history.step(&mut world);
    }
    assert_eq!(
        history.earliest(),
        0,
        "nothing is dropped between snapshots"
    );
    history.step(&mut world);
    // Tick 650 is a snapshot: over budget, everything but the newest goes.
    assert_eq!(history.earliest(), 650);
    assert!(history.world_at(649).is_none());
    history.set_budget(usize::MAX);
    for _ in 0..100 {
        history.step(&mut world);
    }
    assert_eq!(history.earliest(), 650, "a raised budget keeps what comes");
    assert_eq!(history.world_at(700).unwrap().tick(), 700);
}

#[test]
fn the_ghost_is_the_old_future_as_it_was_flown() {
    // The positions every missile and target had at ticks 200..=600 of a plain run with
    // the same inputs, without a history.
    let mut plain = default_scenario().build().unwrap();
    let mut missiles: std::collections::BTreeMap<_, (Algorithm, Vec<Vec2>)> = Default::default();
    let mut targets: std::collections::BTreeMap<_, Vec<Vec2>> = Default::default();
    while plain.tick() <= 600 {
        if plain.tick() >= 200 {
            for m in plain.missiles() {
                missiles
                    .entry(m.id)
                    .or_insert_with(|| (m.algorithm(), Vec::new()))
                    .1
                    .push(m.body.pos);
            }
            for t in plain.targets() {
                targets.entry(t.id).or_default().push(t.pos);
            }
        }
        for input in inputs_for(&plain) {
            plain.apply(input).unwrap();
        }
        plain.step();
    }
    let (mut history, _, _) = record(600, 50);
    let (_, ghost) = history.branch(200).unwrap();
    assert_eq!(ghost.targets.values().next().unwrap().len(), 401);
    assert!(missiles.len() > 8, "the volley at 250 is in the old future");
    assert_eq!(ghost.missiles, missiles);
    assert_eq!(ghost.targets, targets);
}

#[test]
fn the_ghost_reaches_at_most_a_minute_ahead() {
    use steerlab::sim::history::GHOST_TICKS;
    let mut world = default_scenario().build().unwrap();
    let mut history = History::new(&world, 50, usize::MAX);
    for _ in 0..GHOST_TICKS + 100 {
        history.step(&mut world);
    }
    let (_, ghost) = history.branch(50).unwrap();
    // Ticks 50..=50 + GHOST_TICKS: the branch tick and a minute after it.
    assert_eq!(
        ghost.targets.values().next().unwrap().len() as u64,
        GHOST_TICKS + 1
    );
}

#[test]
fn ended_missiles_are_bounded_and_scrubbing_stays_exact_when_the_oldest_are_dropped() {
    use steerlab::sim::world::MAX_FINISHED;
    // 10,000 missiles launched and expired every tick (built in code: a file could not
    // ask for this rate), 300,000 in 30 ticks: the world keeps at most MAX_FINISHED.
    let mut scenario = default_scenario();
    scenario.world.max_missiles = Some(20_000);
    let launcher = &mut scenario.launchers[0];
    launcher.algorithms = vec![Algorithm::Smoothed];
    launcher.salvo = 10_000;
    launcher.every = Some(1.0 / 60.0);
    launcher.missile.lifetime = 1.0 / 60.0;
    let mut world = scenario.build().unwrap();
    let mut history = History::new(&world, 4, usize::MAX);
    // Hashing 100,000 ended missiles is slow in a debug build: a few probes only.
    let probes = [13, 30];
    let mut live = std::collections::BTreeMap::new();
    for _ in 0..30 {
        history.step(&mut world);
        assert!(world.finished().len() <= MAX_FINISHED);
        if probes.contains(&world.tick()) {
            live.insert(world.tick(), world.state_hash());
        }
    }
    assert_eq!(world.finished_total(), 300_000);
    assert!(world.finished_dropped() > 0);
    assert_eq!(
        world.finished_dropped() + world.finished().len() as u64,
        300_000
    );
    // The latest ended missiles are the ones kept.
    let last = world.finished().last().unwrap().id.0;
    assert_eq!(last, 299_999);
    for (tick, hash) in live {
        let rebuilt = history.world_at(tick).unwrap();
        assert_eq!(rebuilt.state_hash(), hash, "tick {tick}");
    }
    // A small budget keeps the history's own copy of ended missiles bounded as well.
    history.set_budget(1);
    history.step(&mut world);
    for _ in 0..4 {
        history.step(&mut world);
    }
    assert!(
        history.bytes() < 40 * MAX_FINISHED * std::mem::size_of::<steerlab::sim::Missile>() / 10
    );
    // A branch now, with the oldest ended missiles forgotten by the history, keeps
    // exactly the ended missiles of its past: the same inputs rebuild the same tick.
    let (from, latest) = (history.earliest(), history.latest());
    assert!(from < latest, "{from} {latest}");
    let expected = world.state_hash();
    let (mut again, _) = history.branch(from).unwrap();
    while again.tick() < latest {
        history.step(&mut again);
    }
    assert_eq!(again.state_hash(), expected);
    assert_eq!(history.world_at(latest).unwrap().state_hash(), expected);
}

#[test]
fn the_history_counts_each_ended_missile_it_keeps_at_its_size() {
    // One snapshot only (at tick 0, before any missile): what the history holds on top
    // of it is exactly the ended missiles, each the size of a Missile.
    let mut world = default_scenario().build().unwrap();
    let mut history = History::new(&world, u64::MAX, usize::MAX);
    let start = history.bytes();
    for _ in 0..600 {
        history.step(&mut world);
    }
    assert!(world.finished_total() >= 8, "the first volley has ended");
    let missile = std::mem::size_of::<steerlab::sim::Missile>();
    assert_eq!(
        history.bytes() - start,
        world.finished_total() as usize * missile
    );
    // And a world counts at least its missiles' own bytes.
    assert!(world.approx_bytes() >= (world.missiles().len() + world.finished().len()) * missile);
}
