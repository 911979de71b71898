//! Drawing the world view with macroquad: the scene ([`crate::scene`]) through each
//! pane's camera ([`crate::scenario::camera`]), the legends and the status bar. It reads
//! the session; it changes nothing.

mod blit;
pub mod colors;
mod draw;
mod kept;
pub mod legend;
mod painter;
mod panels;

pub use draw::{draw_hud, draw_pane, pane_inputs};
pub use kept::{Inputs, Kept};
pub use panels::{clear_outside, clear_screen, panels_cleared};
