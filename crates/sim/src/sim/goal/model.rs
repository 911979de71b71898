//! The vocabulary of goals: the [`GoalModel`] trait each goal's file implements, what
//! an agent's goal may look at ([`Around`]) and what it asks ([`Steer`]), and the
//! descriptions the goals' fields share ([`WEIGHT`], [`SLOWING`]). The registry
//! ([`super::Goal`]) puts them together.

use crate::core::field::{number, Described, Field};
use crate::core::Shape;
use crate::steering::path::Path;
use crate::steering::{Mover, Vehicle};
use glam::Vec2;

/// A goal's weight in the blend: what every goal's `weight` field is.
pub const WEIGHT: Field = number(0.0, 100.0)
    .help("Weight of the goal in the blend beside separation, alignment, cohesion and wander.");

/// Arrive's slowing radius, which three goals have (each with its own help).
pub const SLOWING: Field = number(0.0, crate::sim::limits::MAX_COORD)
    .label("slowing radius")
    .unit("units");

crate::core::field_default!(pub(crate) default_weight: f32 = 1.0);

/// What an agent's goal may look at, as the crowd was at the start of the tick.
#[derive(Clone, Copy, Debug)]
pub struct Around<'a> {
    /// The agent's index in its crowd.
    pub index: usize,
    /// Every agent of its crowd (the first leads a crowd that follows its leader).
    pub agents: &'a [Vehicle],
    /// The world's targets, by name.
    pub targets: &'a [(String, Mover)],
    /// The box the crowd stays in.
    pub lo: Vec2,
    pub hi: Vec2,
}

impl Around<'_> {
    /// The target called `name`, if it is in the world now.
    pub fn target(&self, name: Option<&str>) -> Option<Mover> {
        let name = name?;
        (self.targets.iter())
            .find(|(n, _)| *n == name)
            .map(|(_, m)| *m)
    }
}

/// What a goal asks of an agent this tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Steer {
    /// Its force, before the weight.
    pub force: Vec2,
    /// The point it steers to or from, if any.
    pub sought: Option<Vec2>,
    /// Where it looks ahead to (path and flow-field following's predicted position).
    pub predicted: Option<Vec2>,
}

impl Steer {
    /// A force towards (or from) the point `sought`, with no look-ahead.
    pub fn to(force: Vec2, sought: Vec2) -> Steer {
        Steer {
            force,
            sought: Some(sought),
            predicted: None,
        }
    }
}

/// What each goal's file implements.
pub trait GoalModel: Described + Clone + std::fmt::Debug + PartialEq {
    /// As written in files (`FollowPath`).
    const NAME: &'static str;
    /// In the panel's list of goals.
    const LABEL: &'static str;
    /// One with its defaults, placed at `pos`.
    fn starting_at(pos: Vec2) -> Self;
    /// Its weight in the blend.
    fn weight(&self) -> f32;
    /// What it asks of agent `me` (`around.index` in its crowd).
    fn steer(&self, me: &Vehicle, around: &Around) -> Steer;
    /// What is drawn of it for the whole crowd (its point, path or field), in the box
    /// `lo`-`hi`; none by default.
    fn scenery(&self, _lo: Vec2, _hi: Vec2) -> Vec<Shape> {
        Vec::new()
    }
    /// The targets it names.
    fn targets(&self) -> Vec<&str> {
        Vec::new()
    }
    /// Rules beyond each field's range, as `(field, message)`; none by default.
    fn problems(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The path it follows, if it follows one (none by default).
    fn path(&self) -> Option<Path<&[Vec2]>> {
        None
    }
}
