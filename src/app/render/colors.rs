//! The palette: one colour per algorithm (shared by the world view, the legend and the
//! panel) and the colours of the scene.

use crate::guidance::Algorithm;

/// The colour of an algorithm, as RGB (each law declares its own).
pub fn algorithm_rgb(algorithm: Algorithm) -> [u8; 3] {
    algorithm.color()
}

/// An algorithm's colour for macroquad, with alpha.
pub fn algorithm_color(algorithm: Algorithm, alpha: f32) -> macroquad::color::Color {
    let [r, g, b] = algorithm_rgb(algorithm);
    macroquad::color::Color::from_rgba(r, g, b, (alpha.clamp(0.0, 1.0) * 255.0) as u8)
}

/// An algorithm's colour for egui.
pub fn algorithm_color32(algorithm: Algorithm) -> egui_macroquad::egui::Color32 {
    let [r, g, b] = algorithm_rgb(algorithm);
    egui_macroquad::egui::Color32::from_rgb(r, g, b)
}

pub mod scene {
    use macroquad::color::Color;

    pub const BACKGROUND: Color = Color::new(0.07, 0.08, 0.10, 1.0);
    pub const PANE: Color = Color::new(0.10, 0.11, 0.14, 1.0);
    pub const BOUNDS: Color = Color::new(0.35, 0.38, 0.45, 1.0);
    pub const GRID: Color = Color::new(0.30, 0.34, 0.40, 0.8);
    pub const DEATH_LINE: Color = Color::new(0.75, 0.25, 0.25, 0.8);
    pub const TARGET: Color = Color::new(0.95, 0.35, 0.35, 1.0);
    pub const LAUNCHER: Color = Color::new(0.55, 0.80, 1.00, 1.0);
    pub const TEXT: Color = Color::new(0.85, 0.87, 0.90, 1.0);
    pub const DIM_TEXT: Color = Color::new(0.55, 0.58, 0.62, 1.0);
    pub const SELECTED: Color = Color::new(1.0, 1.0, 0.3, 1.0);
    pub const GROUND: Color = Color::new(0.45, 0.35, 0.20, 1.0);
    pub const BLAST: Color = Color::new(1.0, 0.75, 0.3, 1.0);
    /// A burning flare (a decoy).
    pub const FLARE: Color = Color::new(1.0, 0.95, 0.55, 1.0);
    pub const PAUSED: Color = Color::new(1.0, 0.82, 0.35, 1.0);
}
