//! What the shipped scenarios' tests share: a shipped scenario by name, a world's
//! missiles of one law, and whether a missile hit.

use crate::steerlab::guidance::Algorithm;
use crate::steerlab::scenario::presets::shipped;
use crate::steerlab::scenario::{parse, Scenario};
use crate::steerlab::sim::{Missile, Outcome, World};

pub fn scenario(name: &str) -> Scenario {
    parse(shipped(name).unwrap(), name).unwrap()
}

/// Every missile of `world` (flying or ended) that `algorithm` flies.
pub fn of(world: &World, algorithm: Algorithm) -> Vec<&Missile> {
    world
        .all_missiles()
        .into_iter()
        .filter(|m| m.algorithm() == algorithm)
        .collect()
}

pub fn hit(m: &Missile) -> bool {
    matches!(m.metrics.outcome, Outcome::Hit { .. })
}
