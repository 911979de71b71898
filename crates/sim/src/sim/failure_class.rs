//! The failure classes a missed flight is sorted into ([`super::diagnosis`]): their
//! order (the primary one on a tie, the class maps' colours) and their names in files,
//! on the command line and in CSV columns.

/// A failure class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Circling the target: the line of sight turns through full circles while the range
    /// neither closes nor opens.
    Orbit,
    /// It passes its closest approach, the range opens, and it turns back.
    Overshoot,
    /// No lead: it points at its target yet closes at a small fraction of its speed.
    TailChase,
    /// It is asked for more lateral acceleration than its airframe gives.
    Saturation,
    /// Its target is faster along the line of sight than the missile is.
    OutRun,
    /// It turns hard just before its closest approach.
    LateSwerve,
    /// Its seeker lost the target (field of view or lock range).
    LostLock,
    /// Its seeker took a flare for the target.
    Decoyed,
    /// Its fuel or its lifetime ran out.
    OutOfEnergy,
    /// It left the world.
    LeftWorld,
    /// Its law found no solution (at launch), or its solver failed in flight.
    NoSolution,
    /// Its law failed: a script's error or a runaway loop.
    ScriptError,
    /// Its target was removed before it could hit.
    TargetGone,
    /// It detonated at its aim point with nothing in the blast.
    BlastMissed,
    /// A number in its state stopped being finite.
    NonFinite,
    /// It flew into a terrain obstacle.
    HitTerrain,
}

impl Class {
    pub const ALL: [Class; 16] = [
        Class::Orbit,
        Class::Overshoot,
        Class::TailChase,
        Class::Saturation,
        Class::OutRun,
        Class::LateSwerve,
        Class::LostLock,
        Class::Decoyed,
        Class::OutOfEnergy,
        Class::LeftWorld,
        Class::NoSolution,
        Class::ScriptError,
        Class::TargetGone,
        Class::BlastMissed,
        Class::NonFinite,
        Class::HitTerrain,
    ];

    /// Its name in files and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Class::Orbit => "orbit",
            Class::Overshoot => "overshoot",
            Class::TailChase => "tail-chase",
            Class::Saturation => "saturation",
            Class::OutRun => "out-run",
            Class::LateSwerve => "late-swerve",
            Class::LostLock => "lost-lock",
            Class::Decoyed => "decoyed",
            Class::OutOfEnergy => "out-of-energy",
            Class::LeftWorld => "left-world",
            Class::NoSolution => "no-solution",
            Class::ScriptError => "script-error",
            Class::TargetGone => "target-gone",
            Class::BlastMissed => "blast-missed",
            Class::NonFinite => "non-finite",
            Class::HitTerrain => "hit-terrain",
        }
    }
}
