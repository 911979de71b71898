//! Four missiles flown at once against each flown alone ([`Flight::fly`]): the same
//! bits, or nothing changed (and each then flies alone).

use super::super::*;
use super::{any_lane, finite};
use crate::core::lanes::{bits, Moved, F4, V2};
use crate::guidance::{Algorithm, Guidance, Launch, Tuning};
use crate::sim::airframe::Airframe;
use crate::sim::hash::hash_of;
use crate::sim::ids::Source;
use crate::sim::motion::{Motion, Static};
use crate::sim::rng::Rng;
use crate::sim::seeker::Seeker;
use crate::sim::target::TargetSpec;
use crate::sim::Metrics;

const DT: f32 = 1.0 / 60.0;
const TICK: u64 = 40;

/// A target `id` at `pos`, having moved from `prev_pos` at `prev_vel`.
fn target(id: u32, pos: Vec2, prev_pos: Vec2, prev_vel: Vec2) -> Target {
    let spec = TargetSpec {
        name: format!("t{id}"),
        radius: 10.0,
        destructible: false,
        motion: Motion::Static(Static { pos }),
        flares: None,
    };
    Target {
        prev_pos,
        prev_vel,
        ..Target::new(TargetId(id), &spec, 0)
    }
}

/// Smoothed homing (the article's A), by its id.
fn smoothed() -> Algorithm {
    Algorithm::from_id("smoothed").unwrap()
}

/// `algorithm`'s state at a launch along `dir` (smoothed homing's `s` is `dir`).
fn launched(algorithm: Algorithm, dir: Vec2) -> Guidance {
    launched_at(algorithm, Vec2::ZERO, dir, Vec2::new(500.0, 300.0))
}

/// `algorithm`'s state at a launch from `from` along `dir` at a target parked at `aim`
/// (the intercept's aim point, and its travel left the distance to it).
fn launched_at(algorithm: Algorithm, from: Vec2, dir: Vec2, aim: Vec2) -> Guidance {
    let seen = Seen {
        target_pos: aim,
        target_vel: Vec2::ZERO,
        dt: DT,
    };
    let launch = Launch {
        pos: from,
        vel: dir,
        dir,
        seen,
        gravity: Vec2::ZERO,
    };
    Guidance::launch(algorithm, &Tuning::default(), &launch)
        .unwrap()
        .unwrap()
        .0
}

/// A smoothed missile chasing target `target`, launched at tick 0.
fn missile(id: u32, target: u32, pos: Vec2, vel: Vec2, dir: Vec2) -> Missile {
    Missile {
        id: MissileId(id),
        source: Source::Launcher(0),
        target: TargetId(target),
        body: Body {
            pos,
            vel,
            heading: 0.5,
        },
        guidance: launched(smoothed(), dir),
        launched_tick: 0,
        lifetime: 30.0,
        fuel: None,
        radius: 2.0,
        metrics: Metrics::new(None),
        airframe: None,
        seeker: None,
        avoid: None,
    }
}

/// The world's four-lane flight over `tuning`'s smoothed law: whether it flew the four,
/// after checking that it left the bits each missile's own flight leaves, or left them
/// as they were.
fn fly_four_checked(tuning: &Tuning, targets: &[Target], four: &[Missile; 4]) -> bool {
    let config = WorldConfig::default();
    let terrain = Terrain::default();
    let flight = Flight::new(&config, tuning, &[], targets, &terrain, TICK, DT);
    let mut lanes = four.clone();
    let flew = flight.fly_four(&mut lanes);
    let mut alone = four.clone();
    let (mut events, mut hits) = (Vec::new(), Vec::new());
    for missile in &mut alone {
        flight.fly(missile, &mut events, &mut hits);
    }
    let hashes = |m: &[Missile; 4]| m.each_ref().map(hash_of);
    if flew {
        assert!(events.is_empty() && hits.is_empty(), "{events:?}");
        assert_eq!(hashes(&lanes), hashes(&alone), "{lanes:#?}\n{alone:#?}");
    } else {
        assert_eq!(hashes(&lanes), hashes(four), "left as they were");
    }
    flew
}

#[test]
fn four_missiles_at_once_leave_the_bits_each_leaves_alone() {
    for law in ["smoothed", "intercept"] {
        four_at_once_as_alone(Algorithm::from_id(law).unwrap());
    }
}

/// [`four_missiles_at_once_leave_the_bits_each_leaves_alone`] for one law.
fn four_at_once_as_alone(law: Algorithm) {
    let mut rng = Rng::new(7);
    let mut tuning = Tuning::default();
    let (mut flew, mut alone) = (0, 0);
    for round in 0..4000 {
        tuning.smoothed.ga = rng.range(0.0, 1.0);
        tuning.smoothed.speed = rng.range(0.0, 30.0);
        let point = |rng: &mut Rng| Vec2::new(rng.range(-50.0, 1100.0), rng.range(-50.0, 800.0));
        let small = |rng: &mut Rng, r: f32| Vec2::new(rng.range(-r, r), rng.range(-r, r));
        let targets: Vec<Target> = (0..3)
            .map(|id| {
                let pos = point(&mut rng);
                let mut t = target(id, pos, pos - small(&mut rng, 5.0), small(&mut rng, 300.0));
                t.radius = rng.range(0.5, 3.0);
                t
            })
            .collect();
        let four: [Missile; 4] = std::array::from_fn(|i| {
            let t = (rng.next_u64() % 3) as u32;
            // Every few rounds a missile right beside its target (a hit) or with its
            // end near: the four then fly alone.
            let pos = match round % 5 {
                0 => targets[t as usize].pos + small(&mut rng, 8.0),
                _ => point(&mut rng),
            };
            let mut m = missile(
                i as u32,
                t,
                pos,
                small(&mut rng, 900.0),
                small(&mut rng, 1.0),
            );
            // Launched at any tick so far; radii small enough that their product is
            // less than their sum.
            m.launched_tick = rng.next_u64() % TICK;
            m.radius = rng.range(0.5, 1.5);
            // The intercept aims at a point up to 15 units away (some reach it this
            // tick and detonate) or anywhere.
            let aim = match round % 3 {
                0 => pos + small(&mut rng, 15.0),
                _ => point(&mut rng),
            };
            m.guidance = launched_at(law, pos, small(&mut rng, 1.0), aim);
            m.metrics.path_length = rng.range(0.0, 500.0);
            m.metrics.miss_distance = rng.range(0.0, 2000.0);
            m.metrics.peak_turn_rate = rng.range(0.0, 3.0);
            m.metrics.set_peak_cos(rng.range(-1.0, 1.0));
            if round % 7 == 0 {
                m.fuel = Some(m.metrics.path_length + rng.range(0.0, 40.0));
                m.lifetime = rng.range(0.6, 0.75);
            }
            m
        });
        match fly_four_checked(&tuning, &targets, &four) {
            true => flew += 1,
            false => alone += 1,
        }
    }
    // Most fours fly at once; those with a hit or an end fly alone.
    assert!(
        flew > 1600 && alone > 400,
        "{law}: {flew} at once, {alone} alone"
    );
}

/// Four missiles well clear of their target at (500, 300), nothing near an end.
fn clear() -> ([Missile; 4], Vec<Target>) {
    let t = Vec2::new(500.0, 300.0);
    let targets = vec![target(0, t, t, Vec2::ZERO)];
    let four = std::array::from_fn(|i| {
        let pos = Vec2::new(100.0 + 50.0 * i as f32, 100.0);
        missile(i as u32, 0, pos, Vec2::new(0.0, 240.0), Vec2::Y)
    });
    (four, targets)
}

#[test]
fn four_clear_missiles_fly_at_once_and_a_zero_direction_keeps_its_heading() {
    let (mut four, targets) = clear();
    let tuning = Tuning::default();
    assert!(fly_four_checked(&tuning, &targets, &four));
    // Launched at tick 30 with half a second to live: at tick 40 a sixth of it is
    // flown, and they fly at once.
    let mut late = four.clone();
    for m in &mut late {
        (m.launched_tick, m.lifetime) = (30, 0.5);
    }
    assert!(fly_four_checked(&tuning, &targets, &late));
    // ga 1 and a zero direction: it stays where it is, nose as it was.
    let mut still = tuning.clone();
    still.smoothed.ga = 1.0;
    four[2].guidance = launched(smoothed(), Vec2::ZERO);
    assert!(fly_four_checked(&still, &targets, &four));
    let config = WorldConfig::default();
    let terrain = Terrain::default();
    let flight = Flight::new(&config, &still, &[], &targets, &terrain, TICK, DT);
    flight.fly_four(&mut four);
    assert_eq!(four[2].body.heading, 0.5);
    assert_ne!(four[1].body.heading, 0.5);
}

#[test]
fn a_four_with_anything_to_settle_or_not_plain_is_left_to_fly_alone() {
    let tuning = Tuning::default();
    // What is changed in one missile (its targets at hand).
    type Change = fn(&mut Missile, &mut Vec<Target>);
    let changes: [(&str, Change); 11] = [
        ("a hit", |m, t| m.body.pos = t[0].pos + Vec2::new(0.0, 3.0)),
        ("its fuel runs out", |m, _| m.fuel = Some(0.5)),
        ("its lifetime ends", |m, _| m.lifetime = 0.1),
        ("it leaves the world", |m, _| {
            // The world's edge (800 + the margin of 400) 1 unit on, 3.2 units a tick.
            m.body.pos = Vec2::new(1199.0, 100.0);
            m.guidance = launched(smoothed(), Vec2::X);
        }),
        ("not finite", |m, _| {
            m.body.pos = Vec2::new(f32::INFINITY, 100.0)
        }),
        ("a seeker", |m, _| {
            m.seeker = Some(Box::new(Seeker::new(Default::default(), 1, 0)))
        }),
        ("an airframe", |m, _| {
            m.airframe = Some(Box::new(Airframe::new(Default::default())))
        }),
        ("told to go round terrain", |m, _| {
            m.avoid = Some(Default::default())
        }),
        ("another law", |m, _| {
            m.guidance = launched(Algorithm::from_id("turn-rate").unwrap(), Vec2::X)
        }),
        ("its target gone", |m, _| m.target = TargetId(9)),
        ("its number not finite", |m, _| {
            m.guidance = launched(smoothed(), Vec2::new(f32::NAN, 0.0))
        }),
    ];
    for (what, change) in changes {
        for lane in 0..4 {
            let (mut four, mut targets) = clear();
            change(&mut four[lane], &mut targets);
            let flew = fly_four_checked(&tuning, &targets, &four);
            assert!(!flew, "{what} in lane {lane}");
        }
    }
    // Smoothed at constant speed has no four-lane step.
    let (four, targets) = clear();
    let mut constant = tuning.clone();
    constant.smoothed.constant_speed = true;
    assert!(!fly_four_checked(&constant, &targets, &four));
    // Fewer than four.
    let config = WorldConfig::default();
    let terrain = Terrain::default();
    let flight = Flight::new(&config, &tuning, &[], &targets, &terrain, TICK, DT);
    assert!(!flight.fly_four(&mut clear().0[..3]));
}

#[test]
fn a_world_with_gravity_terrain_or_a_script_that_looks_flies_its_missiles_alone() {
    let tuning = Tuning::default();
    let (four, targets) = clear();
    // Whether the four clear missiles fly at once in that world.
    let flight = |config: &WorldConfig, terrain: &Terrain| {
        let flight = Flight::new(config, &tuning, &[], &targets, terrain, TICK, DT);
        flight.fly_four(&mut four.clone())
    };
    let (plain, no_terrain) = (WorldConfig::default(), Terrain::default());
    assert!(flight(&plain, &no_terrain));
    let falling = WorldConfig {
        gravity: Vec2::new(0.0, -9.8),
        ..WorldConfig::default()
    };
    assert!(!flight(&falling, &no_terrain));
    let mut rock = Terrain::default();
    rock.push(crate::steering::Obstacle::Circle {
        center: Vec2::new(900.0, 900.0),
        radius: 20.0,
    });
    assert!(!flight(&plain, &rock));
    let others = [(
        MissileId(0),
        crate::steering::Mover {
            pos: Vec2::ZERO,
            vel: Vec2::ZERO,
            radius: 1.0,
        },
    )];
    let among = Flight::new(&plain, &tuning, &[], &targets, &no_terrain, TICK, DT).among(&others);
    assert!(!among.fly_four(&mut four.clone()));
}

#[test]
fn a_lane_is_finite_only_where_its_move_and_every_number_are() {
    let one = |bad: usize, lane: usize| {
        let mut x = [[1.0f32; 4]; 10];
        x[bad][lane] = if bad.is_multiple_of(2) {
            f32::NAN
        } else {
            f32::INFINITY
        };
        let f = |k: usize| F4::from(x[k]);
        let moved = Moved::from((V2::new(f(0), f(1)), V2::new(f(2), f(3))));
        let numbers = std::array::from_fn(|k| f(4 + k));
        bits(finite(&moved, &numbers))
    };
    for bad in 0..10 {
        for lane in 0..4 {
            let others = 0b1111 & !(1 << lane);
            assert_eq!(one(bad, lane), others, "number {bad}, lane {lane}");
        }
    }
}

#[test]
fn any_settling_lane_of_any_kind_sends_the_four_to_fly_alone() {
    assert!(!any_lane([F4::ZERO; 8]));
    for kind in 0..8 {
        for lane in 0..4 {
            let mut settles = [F4::ZERO; 8];
            let only = F4::from(std::array::from_fn(|i| if i == lane { 1.0 } else { 0.0 }));
            settles[kind] = only.eq(F4::ONE);
            assert!(any_lane(settles), "kind {kind}, lane {lane}");
        }
    }
}

#[test]
fn an_intercept_that_reaches_its_aim_point_sends_the_four_to_fly_alone() {
    // Intercepts at 300 units/s (5 a tick) with 200 units to go, flying at once; one
    // of them 3 units from its aim point, which it reaches (and detonates) this tick.
    let intercept = Algorithm::from_id("intercept").unwrap();
    let (mut four, targets) = clear();
    for m in &mut four {
        let aim = m.body.pos + Vec2::new(0.0, 200.0);
        m.guidance = launched_at(intercept, m.body.pos, Vec2::Y, aim);
    }
    let tuning = Tuning::default();
    assert!(fly_four_checked(&tuning, &targets, &four));
    for lane in 0..4 {
        let mut near = four.clone();
        let pos = near[lane].body.pos;
        near[lane].guidance = launched_at(intercept, pos, Vec2::Y, pos + Vec2::new(0.0, 3.0));
        assert!(!fly_four_checked(&tuning, &targets, &near), "lane {lane}");
    }
}
