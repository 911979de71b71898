//! Legends in the world view: the colour of each algorithm in the scene (top right),
//! and what each symbol on screen means, for the overlays that are drawn (bottom left).
//! The help window lists every symbol from the same table.

use super::colors::{algorithm_color, scene};
use super::painter::Painter;
use crate::core::debug::Glyph;
use crate::core::Role;
use crate::guidance::Algorithm;
use crate::scenario::camera::Pane;
use crate::scene::{sample, Symbol};
use glam::Vec2;
use macroquad::color::Color;
use macroquad::shapes::draw_rectangle;
use macroquad::text::draw_text;

/// A glyph's look in text, for the help window.
fn glyph_text(glyph: Glyph) -> &'static str {
    match glyph {
        Glyph::Point => "×",
        Glyph::Line => "╱",
        Glyph::Arrow => "→",
        Glyph::Circle => "◯",
        Glyph::Wedge => "◢",
    }
}

/// Every debug shape's symbol and meaning, for the help window: the registry's roles,
/// overlay by overlay.
pub fn role_symbols() -> Vec<(&'static str, &'static str)> {
    Role::ALL
        .iter()
        .map(|r| (glyph_text(r.glyph()), r.meaning()))
        .collect()
}

/// The symbols of what the view draws itself (not the laws' debug shapes:
/// [`role_symbols`]), as text, for the help window.
pub const ALL_SYMBOLS: &[(&str, &str)] = &[
    ("━ fading", "trail: where a missile flew (fades with age)"),
    (
        "▲",
        "a missile, pointing along its heading (heat-seeker: a line)",
    ),
    ("○ red", "a target (its hit radius); yellow ring: selected"),
    ("■ blue", "a launcher; ● with a barrel: a turret"),
    ("→ thin", "velocity (overlay)"),
    ("● orange flash", "blast: a detonation and its radius"),
    (
        "┄ dotted",
        "ghost: the old future before the last branch, in each algorithm's colour",
    ),
    ("┄ ring", "placed target: appears on the next tick"),
];

const ROW: f32 = 18.0;

/// The colour legend in the pane's top-right corner: every algorithm in the scene.
pub fn algorithms(present: &[Algorithm], pane: Pane) {
    if present.is_empty() {
        return;
    }
    let w = 130.0;
    let (x, y) = (pane.x + pane.w - w - 8.0, pane.y + 8.0);
    draw_rectangle(
        x,
        y,
        w,
        ROW * present.len() as f32 + 8.0,
        Color::new(0.0, 0.0, 0.0, 0.45),
    );
    for (i, algorithm) in present.iter().enumerate() {
        let top = y + 4.0 + ROW * i as f32;
        draw_rectangle(
            x + 8.0,
            top + 4.0,
            10.0,
            10.0,
            algorithm_color(*algorithm, 1.0),
        );
        draw_text(algorithm.id(), x + 24.0, top + 14.0, 18.0, scene::TEXT);
    }
}

/// The symbol legend in the pane's top-left corner (the ground, with its launchers and
/// turrets, is usually at the bottom), for the symbols drawn this frame.
pub fn symbols(drawn: &[Symbol], pane: Pane) {
    if drawn.is_empty() {
        return;
    }
    let w = 330.0_f32.min(pane.w - 16.0);
    let h = ROW * drawn.len() as f32 + 8.0;
    let (x, y) = (pane.x + 8.0, pane.y + 8.0);
    draw_rectangle(x, y, w, h, Color::new(0.0, 0.0, 0.0, 0.55));
    let painter = Painter::screen(pane);
    for (i, symbol) in drawn.iter().enumerate() {
        let mid = Vec2::new(x + 18.0, y + 4.0 + ROW * i as f32 + ROW * 0.5);
        painter.draw(&sample(*symbol, mid));
        draw_text(symbol.meaning(), x + 36.0, mid.y + 5.0, 16.0, scene::TEXT);
    }
}
