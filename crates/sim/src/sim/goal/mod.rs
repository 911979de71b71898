//! What a crowd steers for besides flocking: one file per goal (seek, arrive, pursue a
//! target, follow a path, a flow field, a leader...), each describing itself the way a
//! law's parameters do, so the panel's editor, the scenario validation and the sweeps
//! are generated from the descriptions. A new goal is its file plus one line in the
//! registry below.
//!
//! Each agent's goal force joins the boids' weighted sum with the goal's `weight`
//! ([`crate::sim::crowd`]); staying out of obstacles and in the box still comes first.

pub mod arrive;
pub mod evade;
pub mod flee;
pub mod flow;
pub mod follow_leader;
pub mod follow_path;
pub mod interpose;
pub mod offset_pursue;
pub mod pursue;
pub mod seek;

pub mod model;

pub use model::{Around, GoalModel, Steer};

use crate::core::field::Described;
use crate::core::Shape;
use crate::steering::path::Path;
use crate::steering::Vehicle;
use glam::Vec2;

/// What the registry calls on any goal (object-safe).
trait Model {
    fn described(&self) -> &dyn Described;
    fn described_mut(&mut self) -> &mut dyn Described;
    fn weight(&self) -> f32;
    fn steer(&self, me: &Vehicle, around: &Around) -> Steer;
    fn scenery(&self, lo: Vec2, hi: Vec2) -> Vec<Shape>;
    fn targets(&self) -> Vec<&str>;
    fn problems(&self) -> Vec<(String, String)>;
    fn path(&self) -> Option<Path<&[Vec2]>>;
}

impl<G: GoalModel> Model for G {
    fn described(&self) -> &dyn Described {
        self
    }
    fn described_mut(&mut self) -> &mut dyn Described {
        self
    }
    fn weight(&self) -> f32 {
        GoalModel::weight(self)
    }
    fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        GoalModel::steer(self, me, around)
    }
    fn scenery(&self, lo: Vec2, hi: Vec2) -> Vec<Shape> {
        GoalModel::scenery(self, lo, hi)
    }
    fn targets(&self) -> Vec<&str> {
        GoalModel::targets(self)
    }
    fn problems(&self) -> Vec<(String, String)> {
        GoalModel::problems(self)
    }
    fn path(&self) -> Option<Path<&[Vec2]>> {
        GoalModel::path(self)
    }
}

crate::registry! {
    /// What a crowd steers for besides flocking. The registry: one line per goal, in the
    /// panel's order; files write it as `Arrive(at: (600, 400), slowing: 150)`.
    pub enum Goal: GoalModel as Model {
        Seek => seek::Seek,
        Flee => flee::Flee,
        Arrive => arrive::Arrive,
        Pursue => pursue::Pursue,
        Evade => evade::Evade,
        Interpose => interpose::Interpose,
        OffsetPursue => offset_pursue::OffsetPursue,
        FollowPath => follow_path::FollowPath,
        Flow => flow::Flow,
        FollowLeader => follow_leader::FollowLeader,
    }
}

impl Default for Goal {
    /// Seek the origin (what the panel adds; the user moves it).
    fn default() -> Self {
        Goal::of_kind(0, Vec2::ZERO)
    }
}

impl Goal {
    /// Its weight in the blend.
    pub fn weight(&self) -> f32 {
        self.model().weight()
    }

    /// What it asks of agent `me` this tick.
    pub fn steer(&self, me: &Vehicle, around: &Around) -> Steer {
        self.model().steer(me, around)
    }

    /// What is drawn of it for the whole crowd, in the box `lo`-`hi`.
    pub fn scenery(&self, lo: Vec2, hi: Vec2) -> Vec<Shape> {
        self.model().scenery(lo, hi)
    }

    /// The targets it names (whose places its agents need).
    pub fn targets(&self) -> Vec<&str> {
        self.model().targets()
    }

    /// What it asks of an agent, in words (the inspector): "follow a path (weight 1):
    /// steers to (120.0, 40.0), looks ahead to (98.5, 37.2)".
    pub fn describe(&self, steer: &Steer) -> String {
        let (label, weight) = (Goal::KINDS[self.kind()].1, self.weight());
        let mut out = format!("{label} (weight {weight})");
        let mut says = Vec::new();
        if let Some(p) = steer.sought {
            says.push(format!("steers to ({:.1}, {:.1})", p.x, p.y));
        }
        if let Some(p) = steer.predicted {
            says.push(format!("looks ahead to ({:.1}, {:.1})", p.x, p.y));
        }
        if says.is_empty() {
            says.push("nothing to steer to".into());
        }
        out.push_str(": ");
        out.push_str(&says.join(", "));
        out
    }

    /// Rules beyond each field's range, as `(field, message)`.
    pub fn problems(&self) -> Vec<(String, String)> {
        self.model().problems()
    }

    /// The path it follows, if it follows one.
    pub fn path(&self) -> Option<Path<&[Vec2]>> {
        self.model().path()
    }
}

#[cfg(test)]
mod tests;
