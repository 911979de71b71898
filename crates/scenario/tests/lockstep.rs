//! The sweep's lockstep path (`sim::lockstep`) against the world it stands in for: the
//! same engagements flown through `World::step` tick by tick and handed off to fly four
//! to a SIMD register must end with bit-identical metrics and update counts, whatever
//! the target's motion, the law's numbers, the missile's limits and the world's edges;
//! and a world whose missile something else could still touch is never handed off.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

use glam::Vec2;
use steerlab::scenario::Scenario;
use steerlab::sim::airframe::AirframeSpec;
use steerlab::sim::event::EventKind;
use steerlab::sim::lockstep::{self, Handoff, Landed};
use steerlab::sim::motion::{Constant, Motion};
use steerlab::sim::seeker::SeekerSpec;
use steerlab::sim::{Metrics, World};

mod lockstep_engagements;
use lockstep_engagements::{engagement, engagement_of, engagement_with, LAWS, MOVED_ON};

/// Steps a world once (the launch) and hands its missile off, if it may be.
fn launched(scenario: &Scenario) -> (World, Option<Handoff>) {
    let mut world = scenario.build().unwrap();
    world.step();
    let end = (10.0 * world.config.tick_rate).round() as u64;
    let handoff = Handoff::take(&world, end);
    (world, handoff)
}

/// The world's own flight from where it is to `end`: the missile's metrics and the
/// updates counted as the sweep counts them (missiles still flying after each tick).
fn reference(mut world: World, end: u64) -> (Metrics, u64) {
    let mut updates = 0;
    while world.tick() < end && !world.missiles().is_empty() {
        world.step();
        updates += world.missiles().len() as u64;
    }
    let missile = world.all_missiles().into_iter().next().unwrap();
    (missile.metrics.clone(), updates)
}

#[test]
fn smoothed_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("smoothed");
}

#[test]
fn naive_accel_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("naive-accel");
}

#[test]
fn pro_nav_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("pro-nav");
}

#[test]
fn turn_rate_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("turn-rate");
}

#[test]
fn heat_seeker_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("heat-seeker");
}

#[test]
fn quartic_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("quartic");
}

#[test]
fn intercept_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("intercept");
}

#[test]
fn ballistic_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("ballistic");
}

#[test]
fn newton_lanes_end_with_the_bits_the_world_computes() {
    lanes_end_with_the_bits_the_world_computes("newton");
}

#[test]
fn every_law_with_a_four_lane_step_is_checked_here() {
    let mut stepping: Vec<&str> = (steerlab::guidance::Algorithm::ALL.iter())
        .filter(|a| a.info().four_lane)
        .map(|a| a.id())
        .collect();
    let mut checked = LAWS.to_vec();
    checked.sort_unstable();
    stepping.sort_unstable();
    assert_eq!(stepping, checked);
}

/// 240 engagements of `law` flown by worlds and in lockstep.
fn lanes_end_with_the_bits_the_world_computes(law: &str) {
    let mut worlds = Vec::new();
    let mut handoffs = Vec::new();
    let mut unfired = 0;
    for i in 0..240 {
        let (world, handoff) = launched(&engagement_of(law, i, None));
        if world.all_missiles().is_empty() {
            // The intercept and the shell do not fire without a solution.
            unfired += 1;
            continue;
        }
        let missile = &world.missiles()[0];
        if handoff.is_none() && missile.airframe.is_some() && missile.body.vel == Vec2::ZERO {
            // At a standstill under an airframe (it would give up at once).
            continue;
        }
        let handoff = handoff.unwrap_or_else(|| panic!("{law} {i} was not handed off"));
        let end = (10.0 * world.config.tick_rate).round() as u64;
        worlds.push((i, world, end));
        handoffs.push(handoff);
    }
    assert!(unfired <= 40, "{law}: {unfired} of 240 did not fire");
    let framed = (worlds.iter())
        .filter(|(_, world, _)| world.all_missiles()[0].airframe.is_some())
        .count();
    assert_eq!(
        framed > 40,
        MOVED_ON.contains(&law),
        "{law}: {framed} with an airframe"
    );
    let landed = lockstep::fly(handoffs);
    assert_eq!(landed.len(), worlds.len());
    let mut outcomes = std::collections::BTreeMap::new();
    for ((i, world, end), lane) in worlds.into_iter().zip(&landed) {
        if lane.is_none() {
            // Given up: the world's missile does come to a standstill (its airframe turns
            // it by a heading the lanes do not carry).
            assert!(comes_to_a_standstill(world, end), "{law} {i} gave up");
            *outcomes.entry("gave up".to_string()).or_insert(0) += 1;
            continue;
        }
        let metrics = agrees(lane, world, end, &format!("{law} {i}"));
        *outcomes.entry(metrics.outcome.describe()).or_insert(0) += 1;
    }
    // The variety is real: hits and several kinds of miss were compared.
    let kinds = match law {
        // It ends at its aim point, catching the target there or not.
        "intercept" => ["hit", "miss: detonated", "miss: target"],
        "ballistic" => ["hit", "miss: detonated", "miss: left the world"],
        _ => ["hit", "miss: lifetime", "miss: target"],
    };
    for kind in kinds {
        assert!(
            outcomes.keys().any(|k| k.starts_with(kind)),
            "no `{kind}` among {outcomes:?}"
        );
    }
}

#[test]
fn equal_engagements_in_one_pack_stay_equal_and_a_lone_lane_flies_alone() {
    let scenario = engagement(3);
    let one = lockstep::fly(vec![launched(&scenario).1.unwrap()]);
    let many = lockstep::fly((0..9).map(|_| launched(&scenario).1.unwrap()).collect());
    assert!(many.iter().all(|l| *l == one[0]));
}

#[test]
fn a_world_whose_missile_something_else_can_touch_is_not_handed_off() {
    let base = engagement(0);
    let refused = |change: &dyn Fn(&mut Scenario), why: &str| {
        let mut s = base.clone();
        change(&mut s);
        assert!(launched(&s).1.is_none(), "{why}: handed off");
    };
    assert!(launched(&base).1.is_some());
    refused(
        &|s| s.algorithms.smoothed.constant_speed = true,
        "constant speed",
    );
    // Gravity turns the body away from the heading turn-rate steers by.
    let turning = engagement_of("turn-rate", 0, None);
    assert!(launched(&turning).1.is_some());
    let mut falling = turning;
    falling.world.gravity = glam::Vec2::new(0.0, 100.0);
    assert!(launched(&falling).1.is_none(), "turn-rate under gravity");
    // Newton solving only when the target turns remembers the target's velocity.
    let newton = engagement_of("newton", 0, None);
    assert!(launched(&newton).1.is_some());
    let mut remembering = newton;
    remembering.algorithms.newton.recompute =
        steerlab::guidance::newton::Recompute::OnVelocityChange;
    assert!(
        launched(&remembering).1.is_none(),
        "newton on velocity change"
    );
    // A blast catches whatever is in it: an intercept flies on the fast path only
    // against a lone target.
    let lone = engagement_of("intercept", 1, None);
    assert!(launched(&lone).1.is_some());
    let mut crowded = lone;
    let mut other = crowded.targets[0].clone();
    other.name = "another".into();
    crowded.targets.push(other);
    assert!(
        launched(&crowded).1.is_none(),
        "an intercept among two targets"
    );
    let augmented = engagement_of("pro-nav", 0, None);
    assert!(launched(&augmented).1.is_some());
    let mut augmented = augmented;
    augmented.algorithms.pro_nav.augmented = true;
    assert!(launched(&augmented).1.is_none(), "augmented pro-nav");
    // An airframe moves the body after the law's step, as gravity does: it flies on the
    // fast path under smoothed homing, not under turn-rate.
    let framed = |mut s: Scenario| {
        s.launchers[0].missile.airframe = Some(AirframeSpec::default());
        launched(&s).1.is_some()
    };
    assert!(framed(base.clone()), "smoothed with an airframe");
    assert!(
        !framed(engagement_of("turn-rate", 0, None)),
        "turn-rate with an airframe"
    );
    refused(
        &|s| s.launchers[0].algorithms = vec!["smoothed".parse().unwrap(); 2],
        "two missiles",
    );
    // A target throwing flares: they may take the missile's seeker, and its blast.
    refused(
        &|s| {
            s.targets[0].flares = Some(steerlab::sim::flares::FlareSpec {
                count: 8,
                range: 300.0,
                every: 0.4,
                lifetime: 2.0,
                eject_speed: 70.0,
            })
        },
        "flares",
    );
}

#[test]
fn an_evasive_target_flies_away_from_its_own_missile_as_the_world_flies_it() {
    // One evader chased from three launchers, each farther than it looks: handed off
    // equal, then each lane's target is its own, fleeing the missile in that lane once it
    // comes near (one shared would flee one of them).
    let evading = "Evade(pos: (1000, 600), vel: (-150, 0), max_accel: 400, range: 300)";
    let from = [(200.0, 200.0), (200.0, 1000.0), (1800.0, 600.0)];
    let scenarios: Vec<Scenario> = (from.iter())
        .map(|&(x, y)| {
            let mut s = engagement_with(3, Some(evading));
            s.launchers[0].pos = glam::Vec2::new(x, y);
            (s.launchers[0].missile.lifetime, s.launchers[0].missile.fuel) = (6.0, None);
            s
        })
        .collect();
    let (worlds, handoffs): (Vec<World>, Vec<Option<Handoff>>) =
        scenarios.iter().map(launched).unzip();
    assert!(worlds.iter().all(|w| w.targets() == worlds[0].targets()));
    let landed = lockstep::fly(handoffs.into_iter().map(Option::unwrap).collect());
    for (i, (scenario, lane)) in scenarios.iter().zip(&landed).enumerate() {
        let (world, _) = launched(scenario);
        let end = (10.0 * world.config.tick_rate).round() as u64;
        let metrics = agrees(lane, world, end, &format!("evader {i}"));
        // It did evade: against the same start flown straight the flight ends otherwise.
        let mut straight = scenario.clone();
        straight.targets[0].motion = Motion::Constant(Constant {
            pos: glam::Vec2::new(1000.0, 600.0),
            vel: glam::Vec2::new(-150.0, 0.0),
        });
        assert_ne!(both_ways(&straight, "straight"), metrics, "evader {i}");
    }
}

/// Whether the world's missile, flown from where it is to `end`, is ever at a standstill
/// at a tick's start.
fn comes_to_a_standstill(mut world: World, end: u64) -> bool {
    while world.tick() < end {
        let Some(missile) = world.missiles().first() else {
            return false;
        };
        if missile.body.vel.try_normalize().is_none() {
            return true;
        }
        world.step();
    }
    false
}

/// The world's own flight from where it is to `end` against the lane's: every metric,
/// bit for bit, and the update count. Returns the world's metrics.
fn agrees(lane: &Option<Landed>, world: World, end: u64, why: &str) -> Metrics {
    let lane = lane.as_ref().unwrap_or_else(|| panic!("{why}: gave up"));
    let (metrics, updates) = reference(world, end);
    // Metrics compare every field exactly; Debug shows the bits that differ.
    assert_eq!(
        format!("{:?}", lane.metrics),
        format!("{metrics:?}"),
        "{why}"
    );
    assert_eq!(lane.metrics, metrics, "{why}");
    let distance = |m: &Metrics| m.miss_distance.to_bits();
    assert_eq!(distance(&lane.metrics), distance(&metrics), "{why}");
    assert_eq!(lane.updates, updates, "{why}: updates");
    metrics
}

/// Flies `scenario` both ways (the world and, handed off after the launch, the lockstep)
/// and returns the world's metrics once both agree.
fn both_ways(scenario: &Scenario, why: &str) -> Metrics {
    let (world, handoff) = launched(scenario);
    let end = (10.0 * world.config.tick_rate).round() as u64;
    let handoff = handoff.unwrap_or_else(|| panic!("{why}: not handed off"));
    agrees(&lockstep::fly(vec![handoff])[0], world, end, why)
}

#[test]
fn a_lane_ends_when_two_of_its_ends_fall_on_one_tick_or_its_numbers_break() {
    // A missile flying past its target on the world's path, its fuel then cut to the path
    // it had flown when its lifetime ran out: both end it on that tick (fuel first).
    let mut s = engagement_of("smoothed", 4, Some("Static(pos: (1900, 1150))"));
    s.launchers[0].pos = glam::Vec2::new(100.0, 100.0);
    s.launchers[0].missile.lifetime = 1.0;
    let flown = both_ways(&s, "lifetime").path_length;
    s.launchers[0].missile.fuel = Some(flown);
    let ended = both_ways(&s, "fuel and lifetime on one tick");
    assert_eq!(ended.outcome.describe(), "miss: fuel out");
    // A shell whose fuel ends where it detonates, on the way down its arc (its turns
    // shrink tick by tick past the top: none may be its sharpest).
    // (Under strong gravity its turns are sharp enough to tell apart.)
    let mut s = engagement_of("ballistic", 7, Some("Static(pos: (900, 900))"));
    s.algorithms.ballistic.arc = steerlab::guidance::ballistic::Arc::Low;
    (s.algorithms.ballistic.speed, s.world.gravity) = (2000.0, glam::Vec2::new(0.0, 5000.0));
    let launcher = &mut s.launchers[0];
    (launcher.pos, launcher.missile.lifetime) = (glam::Vec2::new(300.0, 900.0), 12.0);
    launcher.missile.fuel = None;
    let detonated = both_ways(&s, "detonation");
    assert_eq!(detonated.outcome.describe(), "hit");
    s.launchers[0].missile.fuel = Some(detonated.path_length);
    let ended = both_ways(&s, "fuel and detonation on one tick");
    assert_eq!(ended.outcome, detonated.outcome);
    // Numbers that break the law's arithmetic once it turns (a turn rate of NaN, its
    // target moving out of its dead zone after the handoff): the world ends the flight
    // where it was, and so does the lane.
    let mut s = engagement_of(
        "turn-rate",
        1,
        Some("Constant(pos: (1500, 600), vel: (0, 300))"),
    );
    let turn_rate = &mut s.algorithms.turn_rate;
    (
        turn_rate.angular_speed,
        turn_rate.dead_zone,
        turn_rate.mass_rule,
    ) = (f32::NAN, 0.2, false);
    let launcher = &mut s.launchers[0];
    (launcher.pos, launcher.launch_velocity) = (glam::Vec2::new(300.0, 600.0), glam::Vec2::ZERO);
    (launcher.missile.lifetime, launcher.missile.fuel) = (12.0, None);
    let broken = both_ways(&s, "not finite");
    assert_eq!(broken.outcome.describe(), "miss: non-finite state");
}

/// `scenario` with a seeker on its missile.
fn with_seeker(mut scenario: Scenario, spec: SeekerSpec) -> Scenario {
    scenario.launchers[0].missile.seeker = Some(spec);
    scenario
}

#[test]
fn a_seeker_s_latency_noise_and_blind_coast_fly_in_lockstep_as_the_world_flies_them() {
    // A crosser chased by smoothed homing: its seeker late, held, noisy on bearing and
    // range, and beyond its lock range for the first stretch (the missile coasts).
    let base = engagement_of(
        "smoothed",
        1,
        Some("Constant(pos: (1500, 300), vel: (-40, 120))"),
    );
    let mut base = base;
    let launcher = &mut base.launchers[0];
    (launcher.pos, launcher.launch_velocity) =
        (glam::Vec2::new(200.0, 900.0), glam::Vec2::new(0.0, -150.0));
    (launcher.missile.lifetime, launcher.missile.fuel) = (9.0, None);
    let plain = both_ways(&base, "no seeker");
    let spec = |f: &dyn Fn(&mut SeekerSpec)| {
        let mut spec = SeekerSpec::default();
        f(&mut spec);
        spec
    };
    let seekers = [
        ("late", spec(&|s| s.latency = 12)),
        ("held", spec(&|s| s.rate = 4.0)),
        ("bearing noise", spec(&|s| s.bearing_noise = 8.0)),
        ("range noise", spec(&|s| s.range_noise = 300.0)),
        ("blind at first", spec(&|s| s.lock_range = 1000.0)),
        // Every number at the end of its range.
        (
            "at its limits",
            spec(&|s| {
                (s.latency, s.rate) = (600, 1000.0);
                (s.bearing_noise, s.range_noise) = (180.0, 100_000.0);
            }),
        ),
        ("blind all the way", spec(&|s| s.lock_range = 1.0)),
    ];
    for (why, seeker) in seekers {
        let scenario = with_seeker(base.clone(), seeker);
        let metrics = both_ways(&scenario, why);
        // Each changes the flight.
        assert_ne!(metrics, plain, "{why}");
    }
    // Blind, the world's missile lost its lock and coasted before it found the target.
    let blind = with_seeker(base.clone(), spec(&|s| s.lock_range = 1000.0));
    let mut world = blind.build().unwrap();
    let mut lost = 0;
    while world.tick() < 300 {
        world.step();
        lost += (world.events().iter())
            .filter(|e| matches!(e.kind, EventKind::SeekerLock { lost: Some(_), .. }))
            .count();
    }
    assert_eq!(lost, 1, "lost its lock once");
}

#[test]
fn a_seeker_that_reads_the_heading_or_a_flare_could_take_is_not_handed_off() {
    let base = engagement_of("smoothed", 0, None);
    let handed = |s: &Scenario| launched(s).1.is_some();
    assert!(handed(&with_seeker(base.clone(), SeekerSpec::default())));
    // A field of view narrower than all round reads the heading the lanes do not carry.
    let narrow = SeekerSpec {
        fov: 359.0,
        ..SeekerSpec::default()
    };
    assert!(
        !handed(&with_seeker(base.clone(), narrow)),
        "a field of view"
    );
    // Another target throwing flares could take it.
    let mut flaring = with_seeker(base.clone(), SeekerSpec::default());
    let mut other = flaring.targets[0].clone();
    other.name = "another".into();
    other.flares = Some(steerlab::sim::flares::FlareSpec {
        count: 8,
        range: 300.0,
        every: 0.4,
        lifetime: 2.0,
        eject_speed: 70.0,
    });
    flaring.targets.push(other);
    assert!(!handed(&flaring), "flares on another target");
    // A lock range may blind it: it coasts, which only a law whose step takes up a body
    // something else moved flies (as under gravity): smoothed, not turn-rate.
    let ranged = SeekerSpec {
        lock_range: 500.0,
        ..SeekerSpec::default()
    };
    assert!(
        handed(&with_seeker(base, ranged.clone())),
        "smoothed, ranged"
    );
    let turning = engagement_of("turn-rate", 0, None);
    assert!(handed(&with_seeker(turning.clone(), SeekerSpec::default())));
    assert!(!handed(&with_seeker(turning, ranged)), "turn-rate, ranged");
}

#[test]
fn an_airframe_s_limits_lag_thrust_and_drag_fly_in_lockstep_as_the_world_flies_them() {
    // A crosser chased by smoothed homing, its turns sharp enough that the limits bind.
    let base = engagement_of(
        "smoothed",
        3,
        Some("Constant(pos: (1500, 300), vel: (-200, 150))"),
    );
    let plain = both_ways(&base, "no airframe");
    let spec = |f: &dyn Fn(&mut AirframeSpec)| {
        let mut spec = AirframeSpec {
            max_accel: 300.0,
            ..AirframeSpec::default()
        };
        f(&mut spec);
        let mut s = base.clone();
        s.launchers[0].missile.airframe = Some(spec);
        s
    };
    type Change = dyn Fn(&mut AirframeSpec);
    let frames: [(&str, &Change); 6] = [
        ("a fixed limit", &|_| {}),
        ("lift", &|a| a.lift = 0.002),
        ("a lagging actuator", &|a| a.lag = 0.3),
        ("a speed cap", &|a| a.max_speed = 200.0),
        ("a thrust profile with drag", &|a| {
            (a.thrust, a.boost_accel, a.boost_time) = (true, 600.0, 0.5);
            (a.sustain_accel, a.sustain_time, a.drag) = (100.0, 2.0, 0.0004);
        }),
        ("all of them", &|a| {
            (a.lift, a.lag, a.max_speed) = (0.002, 0.3, 400.0);
            (a.thrust, a.boost_accel, a.boost_time, a.drag) = (true, 900.0, 1.0, 0.0002);
        }),
    ];
    let mut seen = vec![plain];
    for (why, f) in frames {
        let metrics = both_ways(&spec(f), why);
        // Each changes the flight: the airframe is flown, not left out.
        assert!(!seen.contains(&metrics), "{why}: the same as another");
        seen.push(metrics);
    }
}

#[test]
fn a_heat_seeker_alone_under_an_airframe_or_gravity_takes_up_its_moved_body_as_the_world_does() {
    // Each on its own (no seeker in its group): the heat-seeker's lanes take their
    // integers anew from a body something else moved only where the tick says it may
    // have been (an airframe, gravity), as the world's step does every tick.
    let base = engagement_of(
        "heat-seeker",
        3,
        Some("Constant(pos: (1500, 300), vel: (-200, 150))"),
    );
    let mut base = base;
    (base.launchers[0].missile.seeker, base.world.gravity) = (None, Vec2::ZERO);
    base.launchers[0].missile.airframe = None;
    let plain = both_ways(&base, "no airframe");
    let mut framed = base.clone();
    framed.launchers[0].missile.airframe = Some(AirframeSpec {
        max_accel: 300.0,
        lag: 0.3,
        ..AirframeSpec::default()
    });
    let mut falling = base;
    falling.world.gravity = Vec2::new(0.0, 120.0);
    for (why, scenario) in [("an airframe", framed), ("gravity", falling)] {
        assert_ne!(both_ways(&scenario, why), plain, "{why} changes the flight");
    }
}

#[test]
fn a_lane_that_comes_to_a_standstill_under_its_airframe_gives_up() {
    // A boost for a twentieth of a second, then drag that stops the missile within a
    // tick: a world turns a still missile's airframe by its heading, which the lanes do
    // not carry.
    let mut s = engagement_of("smoothed", 3, None);
    s.launchers[0].missile.airframe = Some(AirframeSpec {
        thrust: true,
        boost_accel: 100_000.0,
        boost_time: 0.05,
        drag: 0.1,
        ..AirframeSpec::default()
    });
    // Off the rail at 900 units/s: drag slows it by 81,000 units/s^2 or more, more than
    // its speed in a tick (54,000 units/s^2 or more at 60 ticks a second) once the boost
    // is over.
    s.launchers[0].launch_velocity = glam::Vec2::new(900.0, 0.0);
    s.world.tick_rate = 60.0;
    let (world, handoff) = launched(&s);
    assert!(
        world.missiles()[0].body.vel.length() > 0.0,
        "moving at the handoff"
    );
    let gave_up = lockstep::fly(vec![handoff.unwrap(), launched(&base_of(&s)).1.unwrap()]);
    assert!(gave_up[0].is_none(), "{:?}", gave_up[0]);
    // Only that lane: the other in its pack flies on to its end.
    assert!(gave_up[1].is_some());
    // The world's missile does stop.
    let end = (10.0 * world.config.tick_rate).round() as u64;
    assert!(comes_to_a_standstill(world, end));
}

/// `s` without its missile's airframe.
fn base_of(s: &Scenario) -> Scenario {
    let mut s = s.clone();
    s.launchers[0].missile.airframe = None;
    s
}
