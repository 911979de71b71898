//! The sandbox window: macroquad draws the world ([`render`]), egui (through
//! egui-macroquad) draws the side panel and timeline ([`ui`]). The frame loop: advance
//! the session by the frame's time, the panel (and the shortcuts), the mouse in the
//! view, draw the panes, draw egui on top. No simulation rules live here.

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
pub mod fonts;
mod frame;
mod input;
pub mod render;
mod screenshot;
pub mod session;
#[cfg(not(target_arch = "wasm32"))]
mod stats;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
mod window;

pub use session::{Layout, Session};
pub use window::Options;

#[cfg(not(target_arch = "wasm32"))]
pub use desktop::{no_display, run};
