//! steerlab: an interactive visual sandbox and debugger for game steering behaviours.
//!
//! Data flows one way: **scenario -> world -> frame**.
//! - [`scenario`]: what a user saves: initial conditions and parameters, as RON files,
//!   validated with precise errors. Loading a scenario builds a world.
//! - [`sim`]: the pure simulation. A [`sim::World`] steps on a fixed tick, owns targets,
//!   launchers, turrets and missiles, tests hits swept over each tick, and reports
//!   events and per-missile metrics. Deterministic: [`sim::World::state_hash`].
//! - [`guidance`]: one file per steering algorithm from the five articles (plus
//!   proportional navigation), each with a self-describing parameter struct.
//! - [`headless`]: running scenarios without a window (results table, CSV, compare,
//!   benchmark), for the command line and the tests.
//! - `app` (feature `app`): macroquad + egui; draws a world and turns user actions into
//!   [`sim::Input`]s. No simulation rules live there.

#[cfg(feature = "app")]
pub mod app;
pub mod core;
pub mod files;
pub mod guidance;
pub mod headless;
pub mod scenario;
pub mod sim;
