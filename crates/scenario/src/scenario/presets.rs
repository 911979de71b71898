//! The shipped scenarios (embedded in the binary, so they work from any directory)
//! and the benchmark engagement made in code, shared by `cargo bench` and
//! `steerlab bench` so both measure the same thing.

use super::model::Scenario;
use crate::guidance::Algorithm;
use crate::sim::launcher::{LauncherSpec, MissileSpec};
use crate::sim::motion;
use crate::sim::{Motion, TargetSpec, WorldConfig};
use glam::Vec2;

/// The shipped scenarios by name (file stem in `scenarios/`) with their text.
pub const SHIPPED: &[(&str, &str)] = &[
    ("default", include_str!("../../../../scenarios/default.ron")),
    (
        "lunar-blast",
        include_str!("../../../../scenarios/lunar-blast.ron"),
    ),
    (
        "fly-program",
        include_str!("../../../../scenarios/fly-program.ron"),
    ),
    (
        "accelerating",
        include_str!("../../../../scenarios/accelerating.ron"),
    ),
    (
        "missile-command",
        include_str!("../../../../scenarios/missile-command.ron"),
    ),
    (
        "heat-seeker",
        include_str!("../../../../scenarios/heat-seeker.ron"),
    ),
    (
        "dead-zone-jitter",
        include_str!("../../../../scenarios/dead-zone-jitter.ron"),
    ),
    (
        "faster-target",
        include_str!("../../../../scenarios/faster-target.ron"),
    ),
    (
        "apn-vs-pn",
        include_str!("../../../../scenarios/apn-vs-pn.ron"),
    ),
    ("evasive", include_str!("../../../../scenarios/evasive.ron")),
    (
        "artillery",
        include_str!("../../../../scenarios/artillery.ron"),
    ),
    ("flares", include_str!("../../../../scenarios/flares.ron")),
    ("terrain", include_str!("../../../../scenarios/terrain.ron")),
    ("boids", include_str!("../../../../scenarios/boids.ron")),
    ("hide", include_str!("../../../../scenarios/hide.ron")),
    (
        "capture-the-flag",
        include_str!("../../../../scenarios/capture-the-flag.ron"),
    ),
    ("arrive", include_str!("../../../../scenarios/arrive.ron")),
    (
        "around-a-building",
        include_str!("../../../../scenarios/around-a-building.ron"),
    ),
    (
        "pedestrians",
        include_str!("../../../../scenarios/pedestrians.ron"),
    ),
    (
        "interpose",
        include_str!("../../../../scenarios/interpose.ron"),
    ),
    (
        "flow-field",
        include_str!("../../../../scenarios/flow-field.ron"),
    ),
    ("doorway", include_str!("../../../../scenarios/doorway.ron")),
    ("escort", include_str!("../../../../scenarios/escort.ron")),
    ("wander", include_str!("../../../../scenarios/wander.ron")),
    (
        "low-speed-turn",
        include_str!("../../../../scenarios/low-speed-turn.ron"),
    ),
    (
        "obstacle-avoidance",
        include_str!("../../../../scenarios/obstacle-avoidance.ron"),
    ),
    (
        "smoothed-envelope",
        include_str!("../../../../scenarios/smoothed-envelope.ron"),
    ),
    (
        "launch-envelope",
        include_str!("../../../../scenarios/launch-envelope.ron"),
    ),
];

/// The text of a shipped scenario by name (with or without `.ron`).
pub fn shipped(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".ron").unwrap_or(name);
    SHIPPED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// The scenario the window opens with.
pub fn default_scenario() -> Scenario {
    // Checked by the tests: the embedded default always parses.
    super::parse(SHIPPED[0].1, "<default>").expect("the embedded default scenario is valid")
}

/// Launchers on the benchmark ring.
const RING: usize = 16;

/// `missiles` missiles of `algorithm`, all launched on tick 0 from sixteen launchers on
/// a ring 5,000 units from a circling target, each with a sideways start velocity. Far
/// enough that no missile arrives within the first few hundred ticks, so every tick
/// measured updates all of them.
pub fn bench(algorithm: Algorithm, missiles: usize) -> Scenario {
    let centre = Vec2::splat(6000.0);
    let target = TargetSpec {
        name: "target".into(),
        radius: 10.0,
        destructible: false,
        motion: Motion::Circle(motion::Circle {
            center: centre,
            radius: 300.0,
            angular_speed: 0.5,
            phase: 0.0,
        }),
        flares: None,
    };
    let launchers = (0..RING)
        .filter_map(|i| {
            let salvo = missiles / RING + usize::from(i < missiles % RING);
            let dir = Vec2::from_angle(i as f32 / RING as f32 * std::f32::consts::TAU);
            (salvo > 0).then(|| LauncherSpec {
                name: format!("ring {i}"),
                pos: centre + dir * 5000.0,
                target: "target".into(),
                algorithms: vec![algorithm],
                launch_velocity: dir.perp() * 50.0,
                first_at: Some(0.0),
                every: None,
                salvo: salvo as u32,
                spread: 60.0,
                missile: MissileSpec {
                    lifetime: 1000.0,
                    fuel: None,
                    radius: 2.0,
                    ..MissileSpec::default()
                },
                params: Default::default(),
            })
        })
        .collect();
    Scenario {
        name: format!("bench {algorithm} x{missiles}"),
        world: WorldConfig {
            width: 12_000.0,
            height: 12_000.0,
            margin: 100_000.0,
            // Room for every missile asked for, beyond the default cap of 10,000.
            max_missiles: Some(missiles.try_into().unwrap_or(u32::MAX)),
            ..WorldConfig::default()
        },
        compare: vec![algorithm],
        targets: vec![target],
        launchers,
        ..Scenario::default()
    }
}

/// A steady swarm for long runs: the [`bench`] ring firing a fresh salvo of about
/// `missiles` (split over the algorithms given) every 10 seconds, each living 10
/// seconds, so about `missiles` are always in flight.
pub fn swarm(algorithms: &[Algorithm], missiles: usize) -> Scenario {
    let mut scenario = bench(algorithms[0], missiles / algorithms.len().max(1));
    for launcher in &mut scenario.launchers {
        launcher.algorithms = algorithms.to_vec();
        launcher.every = Some(10.0);
        launcher.missile.lifetime = 10.0;
    }
    scenario.name = format!("swarm of {missiles}");
    scenario.compare = algorithms.to_vec();
    scenario
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_launches_exactly_the_requested_missiles_and_none_arrive_early() {
        for algorithm in Algorithm::ALL {
            let mut world = bench(algorithm, 100).build().unwrap();
            world.step();
            assert_eq!(world.missiles().len(), 100, "{algorithm}");
            for _ in 0..200 {
                world.step();
            }
            assert_eq!(
                world.missiles().len(),
                100,
                "{algorithm}: a missile ended early"
            );
        }
    }

    #[test]
    fn the_bench_is_named_compares_its_law_and_holds_its_ring_in_the_world() {
        let algorithm = Algorithm::ALL[0];
        let s = bench(algorithm, 100);
        assert_eq!(s.name, format!("bench {algorithm} x100"));
        assert_eq!(s.compare, [algorithm]);
        // The ring (5,000 around (6,000, 6,000)) lies inside the 12,000-unit world, so
        // the window's fit shows all of it; the wide margin lets orbiting missiles fly on.
        assert_eq!((s.world.width, s.world.height), (12_000.0, 12_000.0));
        assert!(s.world.margin >= 10_000.0);
        for l in &s.launchers {
            assert!(l.pos.cmpge(Vec2::ZERO).all() && l.pos.cmple(Vec2::splat(12_000.0)).all());
        }
    }
}
