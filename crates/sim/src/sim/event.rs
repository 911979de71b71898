//! Events: what happened on a tick, for the results table, the timeline markers and
//! the breakpoints.

use super::ids::TargetId;
use super::ids::{MissileId, Source};
use super::seeker::LockLoss;
pub use crate::core::miss::MissReason;
use crate::core::Body;
use crate::guidance::Algorithm;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Why a target left the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetLoss {
    /// Hit by a missile or caught in a blast (destructible targets only).
    Destroyed,
    /// An asteroid reached the ground.
    ReachedGround,
    /// A fly-program object crossed a death line (removed silently, no explosion).
    DeathLine,
    /// Taken away by the user (an undone placement).
    Removed,
    /// A flare that burnt out.
    BurntOut,
}

impl TargetLoss {
    /// Its name in a CSV trace's `event` column.
    pub fn id(self) -> &'static str {
        match self {
            TargetLoss::Destroyed => "destroyed",
            TargetLoss::ReachedGround => "reached-ground",
            TargetLoss::DeathLine => "death-line",
            TargetLoss::Removed => "removed",
            TargetLoss::BurntOut => "burnt-out",
        }
    }
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventKind {
    Launched {
        missile: MissileId,
        algorithm: Algorithm,
        source: Source,
        target: TargetId,
        /// Where it starts, before its first move (on the same tick).
        body: Body,
    },
    /// A launch refused because the solver has no solution.
    NoSolution {
        algorithm: Algorithm,
        source: Source,
        target: TargetId,
    },
    Hit {
        missile: MissileId,
        algorithm: Algorithm,
        target: TargetId,
        pos: Vec2,
        time: f32,
    },
    Missed {
        missile: MissileId,
        algorithm: Algorithm,
        reason: MissReason,
        closest: f32,
    },
    /// The missile's solver found no usable answer this tick (e.g. Newton did not converge).
    SolverFailed {
        missile: MissileId,
        algorithm: Algorithm,
    },
    Detonated {
        missile: MissileId,
        pos: Vec2,
        radius: f32,
    },
    TargetSpawned {
        target: TargetId,
    },
    /// A law failed: a launch (no missile) or a missile's tick, with where and why.
    LawFailed {
        missile: Option<MissileId>,
        algorithm: Algorithm,
        error: crate::guidance::LawError,
    },
    /// Launches refused this tick because `cap` missiles were already in flight.
    MissileCapReached {
        refused: u32,
        cap: u32,
    },
    TargetLost {
        target: TargetId,
        reason: TargetLoss,
    },
    /// A missile's seeker lost its lock (`lost`, and it holds its last turn rate) or
    /// regained it (none).
    SeekerLock {
        missile: MissileId,
        lost: Option<LockLoss>,
    },
    /// A target threw a flare (a decoy target).
    FlareReleased {
        target: TargetId,
        flare: TargetId,
    },
    /// A missile's seeker took a flare for its target.
    Decoyed {
        missile: MissileId,
        flare: TargetId,
    },
}

/// A launch refused because its law found no solution: who, when, at what, and from how
/// far (the law's view at launch). A world keeps them for its results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    pub tick: u64,
    pub algorithm: Algorithm,
    pub source: Source,
    pub target: TargetId,
    /// Where the launch would have been from.
    pub from: Vec2,
    /// The distance to the target the law saw at launch.
    pub range: f32,
}

/// An event with the tick it happened on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub tick: u64,
    pub kind: EventKind,
}
