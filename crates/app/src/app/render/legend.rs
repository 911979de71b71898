//! Legends in the world view: the colour of each algorithm in the scene (top right),
//! and what each symbol on screen means, for the overlays that are drawn (bottom left).
//! The help window lists every symbol from the same table.

use super::colors::{algorithm_color, scene};
use super::painter::Painter;
use crate::core::debug::Glyph;
use crate::core::{Role, Shape};
use crate::guidance::Algorithm;
use crate::scenario::camera::Pane;
use glam::Vec2;
use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_rectangle};
use macroquad::text::draw_text;

/// Something drawn in the view that needs explaining.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    Trail,
    Velocity,
    Shape(RoleKey),
    Blast,
    Ghost,
    PendingTarget,
}

/// [`Role`] with its order in the legends ([`Role::order`]), for sorting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoleKey(u8);

impl RoleKey {
    pub fn of(role: Role) -> Self {
        Self(role.order() as u8)
    }

    pub fn role(self) -> Role {
        Role::ALL[usize::from(self.0)]
    }
}

/// What a symbol means.
pub fn meaning(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Trail => "trail: where a missile flew (fades with age)",
        Symbol::Velocity => "velocity",
        Symbol::Blast => "blast: a detonation and its radius",
        Symbol::Ghost => "ghost: the old future before the last branch",
        Symbol::PendingTarget => "placed target: appears on the next tick",
        Symbol::Shape(key) => key.role().meaning(),
    }
}

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
    let sample = Color::new(0.85, 0.87, 0.90, 0.9);
    for (i, symbol) in drawn.iter().enumerate() {
        let mid = Vec2::new(x + 18.0, y + 4.0 + ROW * i as f32 + ROW * 0.5);
        match *symbol {
            Symbol::Trail => painter.line(mid - Vec2::X * 10.0, mid + Vec2::X * 10.0, 2.0, sample),
            Symbol::Velocity => painter.arrow(mid - Vec2::X * 10.0, Vec2::X * 20.0, sample),
            Symbol::Blast => {
                draw_circle(mid.x, mid.y, 7.0, Color::new(1.0, 0.75, 0.3, 0.35));
                draw_circle_lines(mid.x, mid.y, 7.0, 2.0, scene::BLAST);
            }
            Symbol::Ghost => {
                for k in 0..3 {
                    let a = mid + Vec2::X * (-10.0 + 8.0 * k as f32);
                    painter.line(a, a + Vec2::X * 4.0, 1.5, sample);
                }
            }
            Symbol::PendingTarget => draw_circle_lines(mid.x, mid.y, 7.0, 1.5, scene::SELECTED),
            Symbol::Shape(key) => {
                let role = key.role();
                let shape = match role.glyph() {
                    Glyph::Point => Shape::Point(mid),
                    Glyph::Circle => Shape::Circle {
                        center: mid,
                        radius: 7.0,
                    },
                    Glyph::Line => {
                        Shape::Line(mid - Vec2::new(10.0, -5.0), mid + Vec2::new(10.0, 5.0))
                    }
                    Glyph::Wedge => Shape::Wedge {
                        apex: mid - Vec2::X * 10.0,
                        direction: 0.0,
                        half_angle: 0.35,
                        length: 22.0,
                    },
                    Glyph::Arrow => Shape::Arrow {
                        from: mid - Vec2::X * 10.0,
                        vector: Vec2::X * 20.0,
                    },
                };
                painter.shape_in(&shape, role, sample);
            }
        }
        draw_text(meaning(*symbol), x + 36.0, mid.y + 5.0, 16.0, scene::TEXT);
    }
}
