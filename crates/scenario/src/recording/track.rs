//! What a recording holds per entity: its kind, and a sample per tick.

use crate::sim::MissReason;
use glam::Vec2;

/// What a recorded entity is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Target,
    Missile,
}

/// One recorded state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub pos: Vec2,
    pub vel: Vec2,
    pub heading: f32,
}

/// One entity's track: a sample per tick from `first` (ticks counted from the
/// recording's first tick).
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedTrack {
    /// Its id in the file.
    pub id: u64,
    pub kind: Kind,
    /// The `algorithm` column (empty if none).
    pub algorithm: String,
    /// The line of its first row in the file.
    pub line: u64,
    pub first: u64,
    pub samples: Vec<Sample>,
    /// Whether its first sample is where it was launched, on that tick (a steerlab
    /// trace's `launch` row); otherwise it is launched the tick before, onto it.
    pub launched: bool,
    /// Whether its last row says its flight ended there (a steerlab trace's `hit`,
    /// `fuel-out`, ...); otherwise it coasts one tick past it (a game's recording has no
    /// row for the tick a missile hit on).
    pub ended: bool,
    /// The miss its last row names (`left-world`, `detonated`, ...): its flight ends
    /// there for that reason, not when its lifetime runs out.
    pub missed: Option<MissReason>,
}

/// An entity's name: `target 3`, `missile 7`.
pub fn label(kind: Kind, id: u64) -> String {
    match kind {
        Kind::Target => format!("target {id}"),
        Kind::Missile => format!("missile {id}"),
    }
}

impl RecordedTrack {
    /// Its name in the scenario: `target 3`, `missile 7`.
    pub fn name(&self) -> String {
        label(self.kind, self.id)
    }

    /// Its state at world tick `tick`, if it was recorded then.
    pub fn at(&self, tick: u64) -> Option<Sample> {
        let k = tick.checked_sub(self.first)?;
        self.samples.get(k as usize).copied()
    }
}
