//! A missile in flight (or finished): its body, its algorithm's state, where it came
//! from, what it is after, and what its flight measured.

use super::airframe::Airframe;
use super::avoid::AvoidSpec;
use super::ids::TargetId;
use super::ids::{MissileId, Source};
use super::metrics::Metrics;
use super::seeker::Seeker;
use crate::core::Body;
use crate::core::Readout;
use crate::guidance::{Algorithm, Guidance, Tuning};
use serde::{Deserialize, Serialize};

/// A missile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Missile {
    pub id: MissileId,
    pub source: Source,
    /// The target it was launched at: a hit is contact with it (or a blast that catches
    /// it), and its closest approach is to it, whatever its seeker shows its law.
    pub target: TargetId,
    pub body: Body,
    pub guidance: Guidance,
    pub launched_tick: u64,
    /// Seconds before it expires.
    pub lifetime: f32,
    /// Path length it may fly.
    pub fuel: Option<f32>,
    pub radius: f32,
    pub metrics: Metrics,
    /// What its airframe makes of its law's command (none: the law's move is flown).
    /// Boxed, like the seeker: most missiles have neither, and a missile stays 208
    /// bytes instead of about 370 (in every history snapshot too; a law's large state
    /// is boxed in its law for the same reason: `guidance`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub airframe: Option<Box<Airframe>>,
    /// What its seeker shows its law of the target (none: the target as it is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeker: Option<Box<Seeker>>,
    /// How it goes round terrain before its terminal phase (none: its law alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avoid: Option<Box<AvoidSpec>>,
}

impl Missile {
    pub fn algorithm(&self) -> Algorithm {
        self.guidance.algorithm()
    }

    /// What its law is shown: the flare its seeker took for the target, or the target it
    /// was launched at (`target`, which its hits, misses and closest approach are about).
    pub fn chasing(&self) -> TargetId {
        self.seeker
            .as_ref()
            .and_then(|s| s.decoy)
            .unwrap_or(self.target)
    }

    /// Its lines in the inspector: its law's internals, then its airframe's.
    pub fn readouts(&self, tuning: &Tuning, dt: f32) -> Vec<Readout> {
        let mut out = self.guidance.readouts(tuning, dt);
        if let Some(airframe) = &self.airframe {
            airframe.readouts(&mut out);
        }
        if let Some(seeker) = &self.seeker {
            seeker.readouts(&mut out);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tick reads and writes every missile in flight, so at a million `World::step`
    /// waits on memory: at 288 bytes a missile (Newton's last solve and a script's
    /// values inline) the intercept flew 24 M updates/s on one core, at 208 bytes 32 M
    /// (`steerlab bench --missiles 1000000`). A law whose state outgrows the others'
    /// makes every missile larger: box what is not read every tick.
    #[test]
    fn a_missile_stays_within_208_bytes() {
        assert!(size_of::<Guidance>() <= 64, "{}", size_of::<Guidance>());
        assert!(size_of::<Missile>() <= 208, "{}", size_of::<Missile>());
    }
}
