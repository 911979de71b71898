//! The pure simulation: a [`World`] of targets, launchers, turrets and missiles that
//! steps on a fixed tick and reports [`Event`]s. No drawing, no wall clock, no unseeded
//! randomness: the same scenario gives bit-identical runs ([`World::state_hash`]).

pub mod agent_telemetry;
pub mod airframe;
pub mod avoid;
pub mod config;
pub mod crowd;
pub mod crowd_spec;
pub mod crowd_why;
pub mod diagnosis;
pub mod event;
pub mod failure_class;
pub mod flares;
mod flight;
pub mod goal;
pub mod hash;
pub mod history;
pub mod hit;
pub mod ids;
pub mod launcher;
pub mod limits;
pub mod lockstep;
pub mod metrics;
pub mod missile;
pub mod motion;
pub mod obstacles;
pub mod rain;
pub mod rng;
pub mod seeker;
pub mod target;
pub mod telemetry;
pub mod trails;
pub mod world;

pub use crate::core::body::{wrap_angle, Body, Seen};
pub use crate::core::debug::{DebugShape, Role, Shape};
/// An obstacle's shape (the steering layer's): what missiles touch and crowds avoid.
pub use crate::steering::Obstacle;
pub use config::WorldConfig;
pub use event::{Event, EventKind, MissReason, TargetLoss};
pub use ids::{MissileId, Source, TargetId};
pub use launcher::{LauncherSpec, TurretSpec};
pub use metrics::{Metrics, Outcome};
pub use missile::Missile;
pub use motion::fly_program;
pub use motion::{Motion, MotionState};
pub use obstacles::ObstacleSpec;
pub use target::{Target, TargetSpec};
pub use world::{Input, World};
