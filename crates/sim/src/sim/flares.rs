//! Decoys: a target with `flares` releases one whenever a missile after it comes within
//! `range` (at most one every `every` seconds, `count` in all). A flare is a target that
//! drifts ([`super::motion::flare`]) and burns out after `lifetime` seconds. Each missile
//! whose seeker sees the new flare takes it for its target with its seeker's
//! `decoy_chance` (drawn from the seeker's seeded noise): its law sees the flare from
//! then on, but the missile is still after its target (touching it is a hit, and its
//! closest approach is to it). A missile that reaches the flare first, or is still after
//! it when it burns out, has been decoyed, a miss. A missile without a seeker sees the
//! true target and is never decoyed.

use crate::core::field::{described, number, whole};
use serde::{Deserialize, Serialize};

/// A target's flares as a scenario gives them (`flares` of a target).
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlareSpec {
    pub count: u32,
    pub range: f32,
    pub every: f32,
    pub lifetime: f32,
    pub eject_speed: f32,
}

described!(FlareSpec {
    count: whole(0, 1000).label("flares").help("Flares it carries."),
    range: number(0.0, 1.0e7)
        .label("release within")
        .unit("units")
        .help("Thrown when a missile after it is this near."),
    every: number(0.01, 1000.0)
        .label("at most one every")
        .unit("s")
        .help("At most one this often."),
    lifetime: number(0.01, 1000.0)
        .label("burns for")
        .unit("s")
        .help("How long a flare burns."),
    eject_speed: number(0.0, 1.0e5)
        .label("eject speed")
        .unit("units/s")
        .help("Sideways speed it leaves with."),
});

impl Default for FlareSpec {
    fn default() -> Self {
        Self {
            count: 4,
            range: 250.0,
            every: 0.5,
            lifetime: 2.0,
            eject_speed: 60.0,
        }
    }
}

/// Drag of a released flare, per second.
pub const FLARE_DRAG: f32 = 1.5;
/// Hit radius of a flare.
pub const FLARE_RADIUS: f32 = 4.0;

/// A target's flares in the world: what is left and when the next may go.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Flares {
    pub spec: FlareSpec,
    pub left: u32,
    pub next_tick: u64,
    /// How many it has released (names them and alternates the eject side).
    pub released: u32,
}

impl Flares {
    pub fn new(spec: FlareSpec, tick: u64) -> Self {
        Self {
            left: spec.count,
            spec,
            next_tick: tick,
            released: 0,
        }
    }

    /// Whether one goes at `tick` with the nearest missile `threat` units away; if so,
    /// counts it and schedules the next.
    pub fn release(&mut self, tick: u64, threat: Option<f32>, dt: f32) -> bool {
        let near = threat.is_some_and(|d| d <= self.spec.range);
        if self.left == 0 || tick < self.next_tick || !near {
            return false;
        }
        self.left -= 1;
        self.released += 1;
        self.next_tick = tick + crate::sim::config::ticks(self.spec.every, dt, 1);
        true
    }
}
