//! Helpers shared by the world-level tests (`tests/world_*.rs`).
#![allow(dead_code, unused_imports)]

pub use glam::Vec2;
pub use steerlab::guidance::{Algorithm, Guidance, Tuning, TurnRateParams, Value};
pub use steerlab::scenario::Scenario;
pub use steerlab::sim::fly_program::FlyProgramSpec;
pub use steerlab::sim::hash::hash_of;
pub use steerlab::sim::launcher::{LauncherSpec, MissileSpec, TurretSpec};
pub use steerlab::sim::motion;
pub use steerlab::sim::rain::RainSpec;
pub use steerlab::sim::{
    Event, EventKind, Input, MissReason, Missile, MissileId, Motion, Outcome, Source, TargetId,
    TargetLoss, TargetSpec, World, WorldConfig,
};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// The repository: the test's crate itself, or the folder above it holding `scenarios/`
/// (a crate of the workspace).
pub fn repo() -> std::path::PathBuf {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|dir| dir.join("scenarios").is_dir())
        .unwrap_or(here)
        .to_path_buf()
}

pub fn target(name: &str, motion: Motion) -> TargetSpec {
    TargetSpec {
        name: name.into(),
        radius: 10.0,
        destructible: false,
        motion,
        flares: None,
    }
}

pub fn destructible(name: &str, motion: Motion) -> TargetSpec {
    TargetSpec {
        destructible: true,
        ..target(name, motion)
    }
}

pub fn at(x: f32, y: f32) -> Motion {
    Motion::Static(motion::Static {
        pos: Vec2::new(x, y),
    })
}

pub fn moving(x: f32, y: f32, vx: f32, vy: f32) -> Motion {
    Motion::Constant(motion::Constant {
        pos: Vec2::new(x, y),
        vel: Vec2::new(vx, vy),
    })
}

/// A launcher that fires one missile of each algorithm once, on tick 0.
pub fn launcher(pos: Vec2, target: &str, algorithms: &[Algorithm]) -> LauncherSpec {
    LauncherSpec {
        name: String::new(),
        pos,
        target: target.into(),
        algorithms: algorithms.to_vec(),
        launch_velocity: Vec2::ZERO,
        first_at: Some(0.0),
        every: None,
        salvo: 1,
        spread: 0.0,
        missile: MissileSpec::default(),
        params: Default::default(),
    }
}

/// A turret that polls once at tick 0 (and then only every 100 s).
pub fn turret(pos: Vec2) -> TurretSpec {
    TurretSpec {
        name: "turret".into(),
        pos,
        ai_poll_time: 100.0,
        first_poll: 0.0,
        danger_height: 250.0,
        skip_engaged: false,
        algorithm: steerlab::guidance::TURRET_DEFAULT,
        missile: MissileSpec::default(),
    }
}

pub fn build(scenario: Scenario) -> World {
    scenario.build().expect("scenario builds")
}

/// Steps `ticks` times and returns every event.
pub fn run(world: &mut World, ticks: usize) -> Vec<Event> {
    let mut all = Vec::new();
    for _ in 0..ticks {
        all.extend_from_slice(world.step());
    }
    all
}

/// Steps until an event matches (inclusive), at most `max` ticks; returns every event.
pub fn run_until(world: &mut World, max: usize, done: impl Fn(&EventKind) -> bool) -> Vec<Event> {
    let mut all = Vec::new();
    for _ in 0..max {
        let events = world.step().to_vec();
        let stop = events.iter().any(|e| done(&e.kind));
        all.extend(events);
        if stop {
            return all;
        }
    }
    panic!("no matching event within {max} ticks; events: {all:#?}");
}

/// The miss reasons reported, by missile.
pub fn misses(events: &[Event]) -> Vec<(MissileId, MissReason, f32)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Missed {
                missile,
                reason,
                closest,
                ..
            } => Some((missile, reason, closest)),
            _ => None,
        })
        .collect()
}

pub fn hits(events: &[Event]) -> Vec<(MissileId, TargetId, Vec2, f32)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Hit {
                missile,
                target,
                pos,
                time,
                ..
            } => Some((missile, target, pos, time)),
            _ => None,
        })
        .collect()
}

pub fn losses(events: &[Event]) -> Vec<(TargetId, TargetLoss)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::TargetLost { target, reason } => Some((target, reason)),
            _ => None,
        })
        .collect()
}

pub fn launched(events: &[Event]) -> Vec<(u64, MissileId, Algorithm, Source, TargetId)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Launched {
                missile,
                algorithm,
                source,
                target,
                ..
            } => Some((e.tick, missile, algorithm, source, target)),
            _ => None,
        })
        .collect()
}

pub fn only_missile(world: &World) -> &Missile {
    let all = world.all_missiles();
    assert_eq!(all.len(), 1, "expected exactly one missile");
    all[0]
}

pub fn target_id(world: &World, name: &str) -> TargetId {
    world
        .targets()
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no target `{name}`"))
        .id
}

pub fn intercept_aim(missile: &Missile) -> Vec2 {
    match &missile.guidance {
        Guidance::Intercept(g) => g.aim,
        other => panic!("not an intercept missile: {other:?}"),
    }
}

/// The scripted-laws scenario (`scenarios/scripts/own-missile.ron`) with its launcher
/// firing every built-in beside the shipped scripts, once, at its target moving by
/// `motion`.
pub fn every_law(motion: Motion) -> Scenario {
    let path = repo().join("scenarios/scripts/own-missile.ron");
    let mut s = steerlab::scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
    s.targets[0].motion = motion;
    let launcher = &mut s.launchers[0];
    launcher.every = None;
    let scripts = launcher
        .algorithms
        .iter()
        .copied()
        .filter(|a| !Algorithm::ALL.contains(a));
    launcher.algorithms = Algorithm::ALL.iter().copied().chain(scripts).collect();
    s
}

/// That scenario's target: a circle of radius 150 about (950, 350).
pub fn circler(angular_speed: f32) -> Motion {
    Motion::Circle(motion::Circle {
        center: Vec2::new(950.0, 350.0),
        radius: 150.0,
        angular_speed,
        phase: 0.0,
    })
}
