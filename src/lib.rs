//! steerlab: an interactive visual sandbox and debugger for game steering behaviours.
//!
//! Data flows one way: **scenario -> world -> frame**. The workspace's crates are the
//! layers, each using only those below it (`docs/architecture.md`; an upward import
//! does not compile, and `tests/architecture.rs` checks the crate graph):
//! - `steerlab-files` ([`files`]): reading and writing the user's files safely.
//! - `steerlab-sim` ([`core`], [`guidance`], [`sim`]): the laws and the world.
//! - `steerlab-scripts` ([`script`]): laws written as Rhai scripts.
//! - `steerlab-scenario` ([`scenario`], [`recording`]): scenario files and recordings.
//! - `steerlab-headless` ([`headless`], [`scene`], [`palette`]): runs without a window, and
//!   the scene every picture of a world draws.
//! - `steerlab-app` (`app`, feature `app`): the window, on the desktop and in the browser.
//!
//! This crate is the `steerlab` program (its command line) and names them all.

#[cfg(not(target_arch = "wasm32"))]
pub use steerlab_headless::live;
pub use steerlab_headless::{
    core, export, files, guidance, headless, palette, recording, scenario, scene, script, sim,
};

#[cfg(feature = "app")]
pub use steerlab_app::app;
