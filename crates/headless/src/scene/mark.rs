//! What the scene is made of: [`Mark`]s (lines, circles, polygons, a crowd's heads,
//! missiles' arrows, texts) at [`At`] places (a world point moved by some pixels),
//! which the painters draw.

use crate::palette::Rgba;
use glam::Vec2;

/// A place on the picture: a world point, moved by `px` pixels (at the window's size;
/// a bigger picture scales them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct At {
    pub world: Vec2,
    pub px: Vec2,
}

impl At {
    /// A world point.
    pub fn world(world: Vec2) -> Self {
        Self {
            world,
            px: Vec2::ZERO,
        }
    }

    /// The same point moved by `px` pixels.
    pub fn offset(self, px: Vec2) -> Self {
        Self {
            px: self.px + px,
            ..self
        }
    }
}

/// One thing drawn. Widths and sizes are in pixels.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    Line {
        a: At,
        b: At,
        width: f32,
        color: Rgba,
    },
    /// A circle of `radius` world units, never smaller than `min_px` pixels: filled, or
    /// its outline `width` pixels wide.
    Circle {
        center: At,
        radius: f32,
        min_px: f32,
        fill: bool,
        width: f32,
        color: Rgba,
    },
    /// A filled polygon.
    Polygon { points: Vec<At>, color: Rgba },
    /// Many small filled triangles, one per `(place, unit direction)`, each pointing
    /// along its direction: `radius` world units from its centre to its back corners
    /// (its nose half as far again), never less than `min_px` pixels ([`head`]). A crowd's
    /// agents, in one mark rather than one polygon each.
    Heads {
        heads: Vec<(Vec2, Vec2)>,
        radius: f32,
        min_px: f32,
        color: Rgba,
    },
    /// Missiles' arrows, one per `(place, unit heading)` ([`arrow`]): a volley in one
    /// mark rather than one polygon a missile (10,000 missiles are drawn every frame).
    Arrows {
        arrows: Vec<(Vec2, Vec2)>,
        /// Their size, 1 for [`arrow`]'s own (12 pixels long).
        size: f32,
        color: Rgba,
    },
    /// A line of text whose baseline starts at `at` (a picture without a font leaves it
    /// out).
    Text {
        at: At,
        size: f32,
        text: String,
        color: Rgba,
    },
}

/// The corners of one of [`Mark::Arrows`]' arrows about `nose` (a point on the picture),
/// pointing along the unit `forward`, `scale` times its size in pixels: its tip 7 ahead,
/// its back corners 5 behind and 4 to each side.
pub fn arrow(nose: Vec2, forward: Vec2, scale: f32) -> [Vec2; 3] {
    let (ahead, side) = (forward * scale, forward.perp() * scale);
    [
        nose + ahead * 7.0,
        nose - ahead * 5.0 + side * 4.0,
        nose - ahead * 5.0 - side * 4.0,
    ]
}

/// The corners of one of [`Mark::Heads`]' triangles about `center` (a point on the
/// picture), pointing along the unit `forward`, `size` pixels from its centre to its back
/// corners: the nose, then the two back corners.
pub fn head(center: Vec2, forward: Vec2, size: f32) -> [Vec2; 3] {
    let (ahead, side) = (forward * size, forward.perp() * size);
    [
        center + ahead * 1.5,
        center - ahead + side,
        center - ahead - side,
    ]
}
