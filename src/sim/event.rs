//! Events: what happened on a tick, for the results table, the timeline markers and
//! the breakpoints.

use super::ids::TargetId;
use super::ids::{MissileId, Source};
use super::seeker::LockLoss;
use crate::guidance::Algorithm;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Why a missile ended without hitting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissReason {
    /// It flew its whole fuel (path length).
    FuelOut,
    /// Its lifetime ran out.
    LifetimeOut,
    /// It went beyond the world's margin.
    LeftWorld,
    /// Its target was removed (destroyed by another, reached the ground, died on a death line).
    TargetLost,
    /// It detonated at its aim point with nothing in the blast.
    Detonated,
    /// A number in its state stopped being finite; it was removed before it could be drawn.
    NonFinite,
    /// Its law failed (a script's error, a runaway loop): see the law-failed event.
    LawFailed,
    /// Its seeker took a flare for the target, and it flew to the flare.
    Decoyed,
}

impl MissReason {
    pub fn describe(self) -> &'static str {
        match self {
            MissReason::FuelOut => "fuel out",
            MissReason::LifetimeOut => "lifetime out",
            MissReason::LeftWorld => "left the world",
            MissReason::TargetLost => "target lost",
            MissReason::Detonated => "detonated, nothing in the blast",
            MissReason::NonFinite => "non-finite state",
            MissReason::LawFailed => "its law failed (script error)",
            MissReason::Decoyed => "decoyed by a flare",
        }
    }
}

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

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventKind {
    Launched {
        missile: MissileId,
        algorithm: Algorithm,
        source: Source,
        target: TargetId,
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
    /// A missile's seeker lost its lock (`lost`, and it flies on its last command) or
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

/// An event with the tick it happened on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub tick: u64,
    pub kind: EventKind,
}
