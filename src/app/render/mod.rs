//! Drawing the world view with macroquad: the camera and panes, the palette, trails and
//! ghosts, the legends, and each pane's contents. It reads the session; it changes
//! nothing.

pub mod camera;
pub mod colors;
mod draw;
pub mod legend;
mod painter;
pub mod trails;

pub use draw::{draw_hud, draw_pane};
