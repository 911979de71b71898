//! The names of things in a world: targets and missiles by id, who fired.

use serde::{Deserialize, Serialize};

/// A target's stable id within a world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TargetId(pub u32);

impl std::fmt::Display for TargetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "T{}", self.0)
    }
}

/// A missile's stable id within a world (launch order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MissileId(pub u32);

impl std::fmt::Display for MissileId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "M{}", self.0)
    }
}

/// Who fired (or refused to fire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    /// A point launcher, by its index in the world.
    Launcher(usize),
    /// A turret, by its index in the world.
    Turret(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_a_letter_and_a_number() {
        // As the panel, the events and the command line name them.
        assert_eq!(TargetId(3).to_string(), "T3");
        assert_eq!(MissileId(12).to_string(), "M12");
    }
}
