//! A diagnosed sweep flies its engagements on the lockstep path (`sim::lockstep`,
//! `Handoff::diagnosed`): each miss must be diagnosed exactly as the window's sampler
//! diagnoses the same engagement flown tick by tick through `World::step` (the same
//! classes, spans and evidence), whatever the target's motion, the law's numbers, the
//! missile's limits and the world's edges, and however the flight ended.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use std::collections::BTreeMap;
use steerlab::headless::diagnose::Sampler;
use steerlab::scenario::Scenario;
use steerlab::sim::diagnosis::{Class, Finding, Thresholds};
use steerlab::sim::lockstep::{self, Handoff};
use steerlab::sim::World;

#[path = "../../scenario/tests/lockstep_engagements/mod.rs"]
mod lockstep_engagements;
use lockstep_engagements::{engagement, engagement_of, framed, MOVED_ON};

/// The tick the engagements stop before (10 s).
fn end_of(world: &World) -> u64 {
    (10.0 * world.config.tick_rate).round() as u64
}

/// The window's way: the world flown to the end, sampled and diagnosed every tick; the
/// missile's findings (none if it was still flying).
fn by_the_world(scenario: &Scenario) -> Vec<Finding> {
    let mut world = scenario.build().unwrap();
    let mut sampler = Sampler::new(scenario.diagnosis.clone());
    let end = end_of(&world);
    while world.tick() < end {
        world.step();
        sampler.after_step(&world, world.events());
        if world.missiles().is_empty() && !world.all_missiles().is_empty() {
            break;
        }
    }
    let missile = world.all_missiles().into_iter().next().unwrap();
    sampler
        .findings
        .get(&missile.id)
        .cloned()
        .unwrap_or_default()
}

/// The sweep's way: launched and sampled in the world, then handed off, diagnosed.
fn handed_off(scenario: &Scenario, thresholds: &Thresholds) -> Handoff {
    diagnosed_handoff(scenario, thresholds).expect("handed off")
}

/// [`handed_off`], none where no missile is fired (an intercept or a shell without a
/// solution) or the world keeps it (at a standstill under an airframe, which turns it by
/// its heading).
fn diagnosed_handoff(scenario: &Scenario, thresholds: &Thresholds) -> Option<Handoff> {
    let mut world = scenario.build().unwrap();
    let mut sampler = Sampler::new(thresholds.clone());
    while world.missiles().is_empty() {
        if world.tick() >= end_of(&world) || !world.all_missiles().is_empty() {
            return None;
        }
        world.step();
        sampler.after_step(&world, world.events());
    }
    let Some(handoff) = Handoff::take(&world, end_of(&world)) else {
        let missile = &world.missiles()[0];
        assert!(missile.airframe.is_some() && missile.body.vel == glam::Vec2::ZERO);
        return None;
    };
    let (before, failed) = sampler.hand_off(world.missiles()[0].id);
    assert_eq!(before.len(), 1, "one tick sampled before the handoff");
    Some(handoff.diagnosed(before, failed, thresholds.clone()))
}

/// Engagement `i` of `law`, every third fired a quarter of a second in (its times since
/// launch are not the world's).
fn varied(law: &str, i: u32) -> Scenario {
    let mut s = engagement_of(law, i, None);
    if i % 3 == 1 {
        s.launchers[0].first_at = Some(0.25);
    }
    s
}

/// Each of `scenarios` that may be handed off diagnosed both ways, in lockstep and by a
/// world: the findings must be equal; the world's.
fn diagnosed_both_ways(scenarios: &[Scenario]) -> Vec<Vec<Finding>> {
    let thresholds = Thresholds::default();
    let (handed, handoffs): (Vec<_>, Vec<_>) = (scenarios.iter().enumerate())
        .filter_map(|(i, s)| Some(((i, s), diagnosed_handoff(s, &thresholds)?)))
        .unzip();
    let landed = lockstep::fly(handoffs);
    let both = handed.into_iter().zip(&landed);
    both.map(|((i, scenario), lane)| {
        let want = by_the_world(scenario);
        let lane = lane.as_ref().expect("flown to its end");
        // Findings compare every field exactly, the evidence's numbers included.
        assert_eq!(lane.findings, want, "engagement {i}");
        want
    })
    .collect()
}

#[test]
fn a_miss_flown_in_lockstep_is_diagnosed_as_the_world_diagnoses_it() {
    let scenarios: Vec<Scenario> = (0..240).map(|i| varied("smoothed", i)).collect();
    let mut primary: BTreeMap<Option<Class>, u32> = BTreeMap::new();
    for want in diagnosed_both_ways(&scenarios) {
        *primary.entry(want.first().map(|f| f.class)).or_default() += 1;
    }
    // The variety is real: hits (no class) and misses of several kinds, kinematic and
    // by how they ended, were compared.
    for class in [
        None,
        Some(Class::TargetGone),
        Some(Class::OutOfEnergy),
        Some(Class::OutRun),
        Some(Class::Overshoot),
    ] {
        assert!(
            primary.contains_key(&class),
            "no {class:?} among {primary:?}"
        );
    }
    assert!(primary.len() >= 6, "{primary:?}");
}

#[test]
fn newton_s_failed_solves_in_lockstep_are_diagnosed_as_the_world_diagnoses_them() {
    // Its solves fail now and then (few iterations, a fine epsilon): each failure's time
    // since launch is written down on the fast path as the world's events have it.
    let scenarios: Vec<Scenario> = (0..120).map(|i| varied("newton", i)).collect();
    let findings = diagnosed_both_ways(&scenarios);
    let failed = (findings.iter())
        .filter(|want| want.iter().any(|f| f.class == Class::NoSolution))
        .count();
    assert!(failed >= 3, "{failed} of 120 with a solver failure");
}

#[test]
fn a_seeker_s_blind_spans_in_lockstep_are_diagnosed_as_the_world_diagnoses_them() {
    // The engagements whose seeker has a lock range (every seventh from the fifth): the
    // ticks it was blind are written down on the fast path as the world samples them.
    let scenarios: Vec<Scenario> = (0..240)
        .filter(|i| i % 7 == 5)
        .map(|i| varied("smoothed", i))
        .collect();
    assert!(scenarios
        .iter()
        .all(|s| s.launchers[0].missile.seeker.is_some()));
    let findings = diagnosed_both_ways(&scenarios);
    let lost = (findings.iter())
        .filter(|want| want.iter().any(|f| f.class == Class::LostLock))
        .count();
    assert!(lost >= 3, "{lost} of {} lost the lock", scenarios.len());
}

#[test]
fn a_handoff_not_diagnosed_lands_without_findings_and_a_hit_has_none() {
    let thresholds = Thresholds::default();
    let (mut plain, mut diagnosed) = (Vec::new(), Vec::new());
    for i in 0..60 {
        let s = engagement(i);
        let mut world = s.build().unwrap();
        world.step();
        // (Not at a standstill under an airframe.)
        if let Some(handoff) = Handoff::take(&world, end_of(&world)) {
            plain.push(handoff);
            diagnosed.push(handed_off(&s, &thresholds));
        }
    }
    assert!(plain.len() >= 55, "{} of 60 handed off", plain.len());
    let flown = |handoffs| lockstep::fly(handoffs).into_iter().map(Option::unwrap);
    let (plain, diagnosed): (Vec<_>, Vec<_>) = (flown(plain).collect(), flown(diagnosed).collect());
    assert!(plain.iter().all(|l| l.findings.is_empty()));
    // Diagnosing changes nothing in the flights.
    for (p, d) in plain.iter().zip(&diagnosed) {
        assert_eq!((&p.metrics, p.updates), (&d.metrics, d.updates));
        // A miss has findings; a hit, or a missile still flying at the end, none.
        let missed = matches!(d.metrics.outcome, steerlab::sim::Outcome::Missed(_));
        assert_eq!(d.findings.is_empty(), !missed, "{:?}", d.metrics.outcome);
    }
}

#[test]
fn an_airframe_s_saturation_in_lockstep_is_diagnosed_as_the_world_diagnoses_it() {
    // The engagements with an airframe: what it was asked for and its limit, each tick,
    // are written down on the fast path as the world samples them.
    let scenarios: Vec<Scenario> = (MOVED_ON.iter())
        .flat_map(|law| (0..240).filter(|&i| framed(i)).map(|i| varied(law, i)))
        .collect();
    assert!(scenarios
        .iter()
        .all(|s| s.launchers[0].missile.airframe.is_some()));
    let findings = diagnosed_both_ways(&scenarios);
    let saturated = (findings.iter())
        .filter(|want| want.iter().any(|f| f.class == Class::Saturation))
        .count();
    assert!(
        saturated >= 10,
        "{saturated} of {} saturated",
        scenarios.len()
    );
}
