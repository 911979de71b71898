//! A world with thousands of missiles flies them on every core (`World::step`): the same
//! bits on any number of threads, each missile as it flies alone, and the events in the
//! missiles' order, as one thread flying them one by one gives them.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;
use steerlab::scenario::presets::bench;

/// 16 launchers round a circling target, 375 missiles each (6,000: past the world's
/// threshold for flying on every core), each launcher a different law in turn, 500
/// units away (most flights end within 120 ticks: hits, detonations, misses).
fn crowd(launchers: usize) -> Scenario {
    let mut s = bench(Algorithm::Smoothed, 6000);
    let centre = Vec2::splat(6000.0);
    for (i, launcher) in s.launchers.iter_mut().enumerate() {
        launcher.pos = centre + (launcher.pos - centre) * 0.1;
        launcher.algorithms = vec![Algorithm::ALL[i % Algorithm::ALL.len()]];
    }
    s.launchers.truncate(launchers);
    s
}

/// Ticks flown: most flights have ended.
const TICKS: usize = 120;

/// Every tick's events and, every 20th tick, the state hash (the whole world written
/// out: slow in a test build), over `ticks`, on a pool of `threads`.
fn fly(s: &Scenario, threads: usize, ticks: usize) -> (World, Vec<(u64, Vec<Event>)>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let mut world = s.build().unwrap();
        let record = (0..ticks)
            .map(|_| {
                let events = world.step().to_vec();
                let hash = world.tick().is_multiple_of(20).then(|| world.state_hash());
                (hash.unwrap_or(0), events)
            })
            .collect();
        (world, record)
    })
}

fn missile_of(e: &Event) -> Option<MissileId> {
    match e.kind {
        EventKind::Hit { missile, .. }
        | EventKind::Missed { missile, .. }
        | EventKind::SolverFailed { missile, .. }
        | EventKind::Detonated { missile, .. } => Some(missile),
        EventKind::LawFailed { missile, .. } => missile,
        _ => None,
    }
}

#[test]
fn thousands_of_missiles_fly_the_same_bits_on_one_thread_and_on_four() {
    let s = crowd(16);
    let (one, a) = fly(&s, 1, TICKS);
    let (four, b) = fly(&s, 4, TICKS);
    assert_eq!(one.all_missiles().len(), 6000);
    for (tick, (a, b)) in a.iter().zip(&b).enumerate() {
        assert_eq!(a, b, "tick {tick}");
    }
    // The engagement ends in many ways: the comparison saw hits and misses.
    let ended = |record: &[(u64, Vec<Event>)], hit: bool| {
        let events = record.iter().flat_map(|(_, e)| e);
        let hits = events.filter(|e| matches!(e.kind, EventKind::Hit { .. }) == hit);
        hits.filter(|e| missile_of(e).is_some()).count()
    };
    assert!(ended(&a, true) > 1000, "{}", ended(&a, true));
    assert!(ended(&a, false) > 100, "{}", ended(&a, false));
    assert_eq!(four.state_hash(), one.state_hash());
}

#[test]
fn a_missile_among_thousands_flies_as_it_does_alone_and_its_events_keep_their_order() {
    // The first launcher's 375 missiles alone (one thread, one by one), and among the
    // other 5,625 (in slices, on every core).
    let (alone, alone_events) = fly(&crowd(1), 4, TICKS);
    let (among, among_events) = fly(&crowd(16), 4, TICKS);
    let first = |w: &World| -> Vec<Missile> {
        let mut all: Vec<Missile> = w.all_missiles().into_iter().cloned().collect();
        all.sort_by_key(|m| m.id);
        all.truncate(375);
        all
    };
    let (a, b) = (first(&alone), first(&among));
    assert_eq!(a.len(), 375);
    for (a, b) in a.iter().zip(&b) {
        assert_eq!(a.id, b.id);
        assert_eq!(hash_of(&a.body), hash_of(&b.body), "{:?}", a.id);
        assert_eq!(format!("{:?}", a.metrics), format!("{:?}", b.metrics));
    }
    for (tick, ((_, alone), (_, among))) in alone_events.iter().zip(&among_events).enumerate() {
        let firsts = |events: &[Event]| -> Vec<Event> {
            let mine = |e: &&Event| missile_of(e).is_some_and(|m| a.iter().any(|x| x.id == m));
            events.iter().filter(mine).cloned().collect()
        };
        assert_eq!(firsts(alone), firsts(among), "tick {tick}");
        // Each tick's flight events come in the missiles' order (by id, as they fly).
        let ids: Vec<MissileId> = among.iter().filter_map(missile_of).collect();
        assert!(ids.windows(2).all(|w| w[0] <= w[1]), "tick {tick}: {ids:?}");
    }
}

#[test]
fn thousands_of_missiles_ending_on_one_tick_all_leave_the_flight() {
    // 5,000 missiles from one launcher, one behind the other, at a parked target 200
    // units away: they hit on the same tick, and none is left in flight after it.
    let mut s = crowd(1);
    s.targets[0].motion = Motion::Static(motion::Static {
        pos: Vec2::splat(6000.0),
    });
    let launcher = &mut s.launchers[0];
    launcher.pos = Vec2::new(6200.0, 6000.0);
    launcher.algorithms = vec![Algorithm::Smoothed];
    (launcher.salvo, launcher.spread) = (5000, 0.0);
    let (world, record) = fly(&s, 2, TICKS);
    let hits: Vec<usize> = (record.iter())
        .map(|(_, events)| {
            events
                .iter()
                .filter(|e| matches!(e.kind, EventKind::Hit { .. }))
                .count()
        })
        .collect();
    let tick = hits.iter().position(|n| *n > 0).expect("they hit");
    assert_eq!(hits[tick], 5000);
    assert!(world.missiles().is_empty());
    assert_eq!(world.all_missiles().len(), 5000);
}

#[test]
fn a_world_is_crowded_from_4096_missiles_in_flight() {
    for (salvo, crowded) in [(4095, false), (4096, true)] {
        let mut s = crowd(1);
        s.launchers[0].salvo = salvo;
        let mut world = s.build().unwrap();
        world.step();
        assert_eq!(world.missiles().len(), salvo as usize);
        assert_eq!(world.is_crowded(), crowded, "{salvo}");
    }
}

#[test]
fn every_missile_is_found_by_its_id_in_flight_or_ended() {
    let (world, _) = fly(&crowd(16), 2, 60);
    let all = world.all_missiles();
    let flying = world.missiles().len();
    assert!(flying > 100 && flying < 6000, "{flying} in flight");
    for m in &all {
        let found = world.missile(m.id).expect("found");
        assert_eq!((found.id, found.launched_tick), (m.id, m.launched_tick));
    }
    assert!(world.missile(MissileId(6000)).is_none());
}
