//! The colours of the scene, defined once for everything that draws a world: the window
//! (`app::render::colors` turns them into its own colour type) and the GIF export
//! ([`crate::headless::gif`]). Each is RGBA with components in 0..=1. An algorithm's own
//! colour is not here: each law declares it ([`crate::guidance::Algorithm::color`]).
//!
//! A leaf: it uses nothing of steerlab's, so any layer may use it.

/// RGBA, each component in 0..=1.
pub type Rgba = [f32; 4];

/// Behind the world (the window's clear colour is [`PANE`]).
pub const BACKGROUND: Rgba = [0.07, 0.08, 0.10, 1.0];
/// Where the world is drawn.
pub const PANE: Rgba = [0.10, 0.11, 0.14, 1.0];
/// The world's rectangle and the panes' frames.
pub const BOUNDS: Rgba = [0.35, 0.38, 0.45, 1.0];
/// The fly program's grid points.
pub const GRID: Rgba = [0.30, 0.34, 0.40, 0.8];
/// The fly program's death lines.
pub const DEATH_LINE: Rgba = [0.75, 0.25, 0.25, 0.8];
pub const TARGET: Rgba = [0.95, 0.35, 0.35, 1.0];
/// Launchers and turrets.
pub const LAUNCHER: Rgba = [0.55, 0.80, 1.00, 1.0];
pub const TEXT: Rgba = [0.85, 0.87, 0.90, 1.0];
pub const DIM_TEXT: Rgba = [0.55, 0.58, 0.62, 1.0];
pub const SELECTED: Rgba = [1.0, 1.0, 0.3, 1.0];
pub const GROUND: Rgba = [0.45, 0.35, 0.20, 1.0];
/// A detonation (and, in the GIF, a hit).
pub const BLAST: Rgba = [1.0, 0.75, 0.3, 1.0];
/// A turret's danger height, across the world.
pub const DANGER: Rgba = [0.9, 0.6, 0.2, 0.35];
/// A burning flare (a decoy).
pub const FLARE: Rgba = [1.0, 0.95, 0.55, 1.0];
/// Terrain (ends missiles touching it): its outline; its fill is fainter.
pub const TERRAIN: Rgba = [0.62, 0.50, 0.36, 1.0];
/// An obstacle missiles fly through (crowds steer round it): its outline.
pub const OBSTACLE: Rgba = [0.45, 0.52, 0.62, 1.0];
/// How much of an obstacle's colour fills it.
pub const OBSTACLE_FILL_ALPHA: f32 = 0.3;
/// A crowd's agents.
pub const AGENT: Rgba = [0.55, 0.85, 0.65, 0.9];
/// A part of the selected agent's steering (its total is in the selection's colour).
pub const STEERING_PART: Rgba = [0.80, 0.70, 0.95, 1.0];
/// A selected crowd agent's senses: its detection box, feelers and wander circle.
pub const SENSES: Rgba = [0.40, 0.80, 0.90, 0.9];
/// A crowd's goal: its point, path or flow field, and the selected agent's look ahead.
pub const GOAL: Rgba = [0.92, 0.58, 0.78, 0.6];
/// How much of the goal's colour a flow field's arrows take.
pub const FLOW_ALPHA: f32 = 0.3;
pub const PAUSED: Rgba = [1.0, 0.82, 0.35, 1.0];

/// How strongly a target's disc is filled inside its outline.
pub const TARGET_FILL_ALPHA: f32 = 0.25;
/// A flare's glow, around its spark.
pub const FLARE_GLOW_ALPHA: f32 = 0.18;
/// A fresh blast's filled disc (it fades to nothing over [`BLAST_FADE_TICKS`]).
pub const BLAST_FILL_ALPHA: f32 = 0.35;
/// Ticks over which a blast fades out.
pub const BLAST_FADE_TICKS: u64 = 30;
/// A missile's trail at its newest point (older points fade towards nothing).
pub const TRAIL_ALPHA: f32 = 0.8;
/// A target's trail, relative to a missile's.
pub const TARGET_TRAIL_ALPHA: f32 = 0.5;
/// The faintest a trail gets before it is dropped.
pub const TRAIL_MIN_FADE: f32 = 0.05;

/// A trail's alpha at `age` (0 newest, 1 oldest shown).
pub fn trail_alpha(age: f32) -> f32 {
    (1.0 - age).clamp(TRAIL_MIN_FADE, 1.0) * TRAIL_ALPHA
}

/// The failure classes' colours (docs/diagnosis.md), in their order (orbit, overshoot,
/// tail chase, saturation, out-run, late swerve, lost lock, decoyed, out of energy, left
/// the world, no solution, script error, target gone, blast missed, non-finite, hit
/// terrain): the timeline's spans and the sweeps' class maps. Told apart on the dark
/// panes.
pub const CLASSES: [[u8; 3]; 16] = [
    [230, 25, 75],
    [245, 130, 48],
    [255, 225, 25],
    [240, 50, 230],
    [70, 240, 240],
    [210, 245, 60],
    [0, 130, 200],
    [250, 190, 212],
    [170, 110, 40],
    [128, 128, 128],
    [145, 30, 180],
    [220, 190, 255],
    [0, 128, 128],
    [255, 215, 180],
    [240, 240, 240],
    [170, 255, 195],
];
/// A cell of a class map where nothing missed.
pub const NO_MISS: [u8; 3] = [60, 180, 75];

/// The same colour with another alpha.
pub const fn with_alpha([r, g, b, _]: Rgba, a: f32) -> Rgba {
    [r, g, b, a]
}

/// An 8-bit RGB colour as RGBA in 0..=1.
pub fn from_rgb8([r, g, b]: [u8; 3], a: f32) -> Rgba {
    [
        f32::from(r) / 255.0,
        f32::from(g) / 255.0,
        f32::from(b) / 255.0,
        a,
    ]
}

/// The colour's RGB in 8 bits (alpha dropped).
pub fn to_rgb8([r, g, b, _]: Rgba) -> [u8; 3] {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    [byte(r), byte(g), byte(b)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_bit_round_trip() {
        assert_eq!(to_rgb8(from_rgb8([12, 200, 255], 1.0)), [12, 200, 255]);
        assert_eq!(to_rgb8(TARGET), [242, 89, 89]);
        assert_eq!(with_alpha(TARGET, 0.25)[3], 0.25);
    }
}
