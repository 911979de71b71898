//! Why a missile ended without hitting: below the laws, so a law can end a flight for a
//! reason (a recording's replay: a law's `Signal::Ended`); the world's events
//! name it (`crate::sim::MissReason`).

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
    /// Its seeker took a flare for the target, and it reached the flare (or the flare
    /// burnt out before it did).
    Decoyed,
    /// Its law found no solution at launch: it was never fired.
    NoSolution,
    /// It touched a terrain obstacle.
    Terrain,
}

impl MissReason {
    pub const ALL: [MissReason; 10] = [
        MissReason::FuelOut,
        MissReason::LifetimeOut,
        MissReason::LeftWorld,
        MissReason::TargetLost,
        MissReason::Detonated,
        MissReason::NonFinite,
        MissReason::LawFailed,
        MissReason::Decoyed,
        MissReason::NoSolution,
        MissReason::Terrain,
    ];

    /// The reason named `id` in a CSV trace's `event` column ([`MissReason::id`]).
    pub fn from_id(id: &str) -> Option<MissReason> {
        MissReason::ALL.into_iter().find(|r| r.id() == id)
    }

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
            MissReason::NoSolution => "no solution, not fired",
            MissReason::Terrain => "hit terrain",
        }
    }

    /// Its name in a CSV trace's `event` column.
    pub fn id(self) -> &'static str {
        match self {
            MissReason::FuelOut => "fuel-out",
            MissReason::LifetimeOut => "lifetime-out",
            MissReason::LeftWorld => "left-world",
            MissReason::TargetLost => "target-lost",
            MissReason::Detonated => "detonated",
            MissReason::NonFinite => "non-finite",
            MissReason::LawFailed => "law-failed",
            MissReason::Decoyed => "decoyed",
            MissReason::NoSolution => "no-solution",
            MissReason::Terrain => "hit-terrain",
        }
    }
}
