//! steerlab: an interactive visual sandbox and debugger for game steering behaviours.
//!
//! Data flows one way: **scenario -> world -> frame**. The modules are layers, each
//! using only those above it in this list (`tests/architecture.rs` checks it):
//! - [`core`]: what laws and the simulation both need: a missile's body, what it sees,
//!   angles, debug shapes, self-describing parameters, readouts.
//! - [`guidance`]: the steering laws, one file each, and the registry that lists them
//!   (one line per built-in; laws added at run time take the same path).
//! - [`sim`]: the pure simulation. A [`sim::World`] steps on a fixed tick, owns targets
//!   (their motions, one file each), launchers, turrets and missiles, tests hits swept
//!   over each tick, and reports events and per-missile metrics. Deterministic:
//!   [`sim::World::state_hash`].
//! - [`scenario`]: what a user saves, as RON files, validated with precise errors.
//!   Loading a scenario builds a world. [`files`]: reading and writing them safely.
//!   [`palette`]: the scene's colours, for everything that draws a world.
//! - [`recording`]: a game's CSV recording opened as a scenario: targets replay their
//!   tracks, recorded missiles fly theirs, reference laws fly from any recorded state.
//! - [`headless`]: running scenarios without a window (results table, CSV, compare,
//!   benchmark, sweeps, GIFs of a run), for the command line and the tests.
//! - `app` (feature `app`): macroquad + egui; its state split by owner (document, runs,
//!   view, messages), the panel in `ui/`, the drawing in `render/`. It draws worlds and
//!   turns user actions into [`sim::Input`]s; no simulation rules live there.

#[cfg(feature = "app")]
pub mod app;
pub mod core;
pub mod files;
pub mod guidance;
pub mod headless;
pub mod palette;
pub mod recording;
pub mod scenario;
pub mod sim;
