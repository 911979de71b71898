//! What the simulation accepts anywhere: the world has to fit in 32-bit floats, and a
//! scene's size is bounded (the scenario validation reports these; the motions describe
//! their fields with them).

/// Largest coordinate accepted anywhere.
pub const MAX_COORD: f32 = 1.0e7;
/// Largest speed accepted for targets (including a circle's or a weave's swing) and
/// launch velocities.
pub const MAX_SPEED: f32 = 1.0e6;
/// Path points in all targets together.
pub const MAX_PATH_POINTS: usize = 10_000;

/// Most obstacles in a scenario.
pub const MAX_OBSTACLES: usize = 1_000;
/// Most corners of one polygon obstacle.
pub const MAX_POLYGON_POINTS: usize = 64;

/// Most samples of a recorded track (an hour at 60 ticks per second).
pub const MAX_TRACK_SAMPLES: usize = 216_000;
/// Commands in one fly program.
pub const MAX_PROGRAM: usize = 1_000;
/// Largest gravity component (units/s^2).
pub const MAX_GRAVITY: f32 = 1.0e5;
/// Largest number of missiles one volley may launch (salvo x algorithms).
pub const MAX_VOLLEY: u64 = 10_000;
/// Most missiles in flight a file may ask for (`world.max_missiles`).
pub const MAX_MISSILES: u32 = 100_000;
/// Most keyframes of the rain's rate.
pub const MAX_RAIN_KEYFRAMES: usize = 1_000;
/// Longest name of a target, launcher or turret, in characters: what a label in the
/// view can show.
pub const MAX_LABEL: usize = 100;
