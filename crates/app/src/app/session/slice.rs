//! Work done in the window's thread a slice of each frame (a sweep in the browser, a
//! GIF): how long a slice is, and the clock that measures it.

/// The time a frame gives such work, in seconds (the frame keeps its 60 Hz on a
/// 16.7 ms budget with the drawing).
pub const BUDGET: f64 = 0.012;

/// The window's clock, in seconds (the browser's too).
pub fn now() -> f64 {
    macroquad::miniquad::date::now()
}
