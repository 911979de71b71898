//! The lockstep path's own rules that the whole-world comparisons in
//! `crates/scenario/tests/lockstep.rs` cannot set up: a handoff's missile placed where
//! only a hand-made start puts it.

use super::*;
use crate::guidance::Tuning;
use crate::sim::launcher::{LauncherSpec, MissileSpec};
use crate::sim::motion::{Motion, Static};
use crate::sim::target::TargetSpec;
use crate::sim::WorldConfig;

/// A pro-nav missile handed off at 64 ticks a second under 640 units/s^2 of gravity
/// straight down (10 units/s a tick), then placed at (500, 860) flying straight up at
/// `speed` towards a target parked 40 units straight above it.
fn climbing_pro_nav(speed: f32) -> Handoff {
    let mut tuning = Tuning::default();
    tuning.pro_nav.speed = speed;
    let config = WorldConfig {
        tick_rate: 64.0,
        gravity: Vec2::new(0.0, -640.0),
        ..WorldConfig::default()
    };
    let mut world = World::new(config, tuning);
    let spec = TargetSpec {
        name: "parked".into(),
        radius: 10.0,
        destructible: false,
        motion: Motion::Static(Static {
            pos: Vec2::new(500.0, 900.0),
        }),
        flares: None,
    };
    world.add_target(&spec).unwrap();
    world
        .add_launcher(LauncherSpec {
            name: String::new(),
            pos: Vec2::new(100.0, 100.0),
            target: "parked".into(),
            algorithms: vec![Algorithm::from_id("pro-nav").unwrap()],
            launch_velocity: Vec2::X,
            first_at: Some(0.0),
            every: None,
            salvo: 1,
            spread: 0.0,
            missile: MissileSpec::default(),
            params: Default::default(),
        })
        .unwrap();
    world.step();
    let mut handoff = Handoff::take(&world, 600).expect("pro-nav is taken under gravity");
    let engagement = &mut handoff.engagement;
    (engagement.pos, engagement.vel) = (Vec2::new(500.0, 860.0), Vec2::Y * speed);
    handoff
}

#[test]
fn a_pro_nav_lane_that_gravity_stops_gives_up() {
    // Straight up at the target straight above: no line-of-sight rate, so pro-nav flies on
    // at its speed. At 10 units/s gravity takes all of it every tick: the missile stands
    // still at the next tick's start, where a world's pro-nav turns it by its heading,
    // which the lanes do not carry. At 20 it climbs at 10 units/s to the target (within
    // 22 of it in under 2 s). Flown in one pack, the stopped lane (the second) gives up
    // alone.
    let pair = vec![climbing_pro_nav(20.0), climbing_pro_nav(10.0)];
    let [climbed, stopped] = <[Option<Landed>; 2]>::try_from(fly(pair)).unwrap();
    assert_eq!(stopped, None);
    let landed = climbed.expect("flown");
    assert_eq!(landed.metrics.outcome.describe(), "hit");
}
