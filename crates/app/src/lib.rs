//! The window ([`app`]): macroquad draws the world, egui the side panel and timeline; on
//! the desktop and, built for wasm32, in the browser. No simulation rules live here.

pub use steerlab_headless::{
    core, export, files, guidance, headless, palette, recording, scenario, scene, script, sim,
};

#[cfg(not(target_arch = "wasm32"))]
pub use steerlab_headless::live;

pub mod app;
