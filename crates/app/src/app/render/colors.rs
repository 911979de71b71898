//! The palette: one colour per algorithm (shared by the world view, the legend and the
//! panel) and the colours of the scene (defined in [`crate::palette`], shared with the GIF
//! export).

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

/// A flavour's colour (a law flown with a launcher's own values is a shade of the law's).
pub fn flavour_color32(flavour: &crate::scene::Flavour) -> egui_macroquad::egui::Color32 {
    let [r, g, b, _] = flavour
        .rgba(1.0)
        .map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
    egui_macroquad::egui::Color32::from_rgb(r, g, b)
}

/// An algorithm's colour for egui.
pub fn algorithm_color32(algorithm: Algorithm) -> egui_macroquad::egui::Color32 {
    let [r, g, b] = algorithm_rgb(algorithm);
    egui_macroquad::egui::Color32::from_rgb(r, g, b)
}

/// The scene's colours ([`crate::palette`]) as macroquad colours.
pub mod scene {
    use crate::palette::{self, Rgba};
    use macroquad::color::Color;

    pub const fn color([r, g, b, a]: Rgba) -> Color {
        Color::new(r, g, b, a)
    }

    pub const BACKGROUND: Color = color(palette::BACKGROUND);
    pub const PANE: Color = color(palette::PANE);
    pub const BOUNDS: Color = color(palette::BOUNDS);
    pub const GRID: Color = color(palette::GRID);
    pub const DEATH_LINE: Color = color(palette::DEATH_LINE);
    pub const TARGET: Color = color(palette::TARGET);
    pub const LAUNCHER: Color = color(palette::LAUNCHER);
    pub const TEXT: Color = color(palette::TEXT);
    pub const DIM_TEXT: Color = color(palette::DIM_TEXT);
    pub const SELECTED: Color = color(palette::SELECTED);
    pub const GROUND: Color = color(palette::GROUND);
    pub const BLAST: Color = color(palette::BLAST);
    /// A burning flare (a decoy).
    pub const FLARE: Color = color(palette::FLARE);
    pub const PAUSED: Color = color(palette::PAUSED);
}
