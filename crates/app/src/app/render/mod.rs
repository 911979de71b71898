//! Drawing the world view with macroquad (through the camera and panes of
//! [`crate::scenario::camera`]): the palette, trails and ghosts, the legends, and each pane's contents. It reads the session; it changes
//! nothing.

pub mod colors;
mod draw;
pub mod legend;
mod painter;
pub mod trails;

pub use draw::{draw_hud, draw_pane};
