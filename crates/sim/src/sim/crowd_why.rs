//! Why a crowd agent steers as it does: the parts of its blend, what it senses with and
//! the collision it foresees, as [`super::crowd::Crowd::explain`] works them out for the
//! view and the inspector.

use super::goal::Steer;
use glam::Vec2;

/// A part of a crowd agent's blend ([`super::crowd::Crowd::explain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SteeringPart {
    ObstacleAvoidance,
    WallAvoidance,
    Containment,
    Separation,
    Alignment,
    Cohesion,
    Wander,
    /// Unaligned collision avoidance.
    Collisions,
    Queueing,
    /// The crowd's goal.
    Goal,
}

impl SteeringPart {
    /// Its name, as the view labels its arrow.
    pub fn name(self) -> &'static str {
        match self {
            SteeringPart::ObstacleAvoidance => "obstacle avoidance",
            SteeringPart::WallAvoidance => "wall avoidance",
            SteeringPart::Containment => "containment",
            SteeringPart::Separation => "separation",
            SteeringPart::Alignment => "alignment",
            SteeringPart::Cohesion => "cohesion",
            SteeringPart::Wander => "wander",
            SteeringPart::Collisions => "collision avoidance",
            SteeringPart::Queueing => "queueing",
            SteeringPart::Goal => "goal",
        }
    }
}

/// Why a crowd agent steers as it does ([`super::crowd::Crowd::explain`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Steering {
    /// Its neighbours (indices into the crowd's agents), nearest first.
    pub neighbours: Vec<usize>,
    /// Each part of its blend: the avoidance parts as they push (their sum wins when it
    /// is not negligible), the boids' and the goal's times their weights (summed when
    /// avoidance asks nothing).
    pub parts: [(SteeringPart, Vec2); 10],
    /// What the goal asks (before its weight), if the crowd has one.
    pub goal: Option<Steer>,
    /// The force it steers by: the winning blend, truncated to its maximum force.
    pub total: Vec2,
    /// What it senses with this tick.
    pub senses: Senses,
}

/// What a crowd agent senses with, in the world ([`super::crowd::Crowd::explain`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Senses {
    /// Obstacle avoidance's detection box: from the agent's centre straight ahead, as
    /// wide as the agent, as long as it looks this tick (longer the faster it goes); its
    /// corners, round from the back left.
    pub detection_box: [Vec2; 4],
    /// The tips of wall avoidance's three feelers (each from the agent's centre).
    pub feelers: [Vec2; 3],
    /// The wander circle's centre and radius, and the point on it the agent steers to.
    pub wander: (Vec2, f32, Vec2),
    /// The collision unaligned collision avoidance steers off, if it sees one: where the
    /// agent and the other (its index) will be at their closest, and in how many seconds.
    pub collision: Option<Collision>,
}

/// A collision an agent foresees ([`Senses::collision`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Collision {
    pub other: usize,
    pub seconds: f32,
    /// Where the agent will be then...
    pub me: Vec2,
    /// ...and where the other will be.
    pub them: Vec2,
}
