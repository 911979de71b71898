//! Drawing trails (the recent positions each lane keeps), fading with age, and the ghost
//! of a branch's old future, dotted, in each algorithm's colour.

use super::colors::{algorithm_color, scene};
use super::painter::{Lines, Painter};
use crate::app::session::Lane;
use crate::palette;
use crate::sim::history::Ghost;
use glam::Vec2;
use macroquad::color::Color;

/// Most segments drawn per trail (longer trails are drawn with a stride)...
const MAX_TRAIL_SEGMENTS: usize = 64;
/// ...and in all, per frame: with many trails each gets fewer segments.
const TRAIL_SEGMENT_BUDGET: usize = 150_000;

/// All trails of the given lanes, fading with age, up to the tick each lane shows.
pub fn draw_trails(painter: &Painter, lanes: &[&Lane], seconds: f32, dt: f32) {
    let mut lines = Lines::new();
    let span = (seconds / dt).max(1.0);
    let count: usize = lanes.iter().map(|l| l.trails.trails.len()).sum();
    let per_trail = (TRAIL_SEGMENT_BUDGET / count.max(1)).clamp(4, MAX_TRAIL_SEGMENTS);
    for lane in lanes {
        let now = lane.shown().tick();
        for trail in lane.trails.trails.values() {
            for (from, to, age) in trail.segments(now, span, per_trail) {
                let alpha = palette::trail_alpha(age);
                let color = match trail.algorithm {
                    Some(a) => algorithm_color(a, alpha),
                    None => Color {
                        a: alpha * palette::TARGET_TRAIL_ALPHA,
                        ..scene::TARGET
                    },
                };
                lines.segment(painter.at(from), painter.at(to), 2.0, color);
            }
        }
    }
    lines.flush();
}

/// The old future of a branch: dotted paths, each missile's in its algorithm's colour
/// (faded), the targets' in the target colour.
pub fn draw_ghost(painter: &Painter, ghost: &Ghost) {
    let mut lines = Lines::new();
    let missiles = ghost
        .missiles
        .values()
        .map(|(algorithm, path)| (algorithm_color(*algorithm, 0.35), path));
    let targets = ghost.targets.values().map(|path| {
        (
            Color {
                a: 0.35,
                ..scene::TARGET
            },
            path,
        )
    });
    for (color, path) in missiles.chain(targets) {
        dotted(painter, &mut lines, path, color);
    }
    lines.flush();
}

/// A path drawn as dashes (every other stretch of a few points).
pub fn dotted(painter: &Painter, lines: &mut Lines, path: &[Vec2], color: Color) {
    let stride = path.len().div_ceil(MAX_TRAIL_SEGMENTS * 2).max(1);
    let points: Vec<Vec2> = path
        .iter()
        .step_by(stride)
        .map(|p| painter.at(*p))
        .collect();
    for (n, pair) in points.windows(2).enumerate() {
        if n % 2 == 0 {
            lines.segment(pair[0], pair[1], 1.5, color);
        }
    }
}
