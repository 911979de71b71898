//! Drawing one panel of a GIF frame in software, into an RGB buffer, with the plotters
//! bitmap backend (lines, circles, polygons; no text, so nothing here needs a font): the
//! world's bounds, the fly-program grid, the ground, trails fading with age, targets,
//! launchers, turrets, blasts and hits, missiles oriented along their heading, and a
//! thin bar that fills as the GIF plays. It looks like the window's world view, in the
//! same colours ([`crate::palette`], each algorithm's own), framed by the same camera
//! ([`crate::scenario::camera`]), with y growing downwards as on screen.

use super::lanes::Lane;
use crate::guidance::{Algorithm, Look};
use crate::palette::{self, with_alpha, Rgba};
use crate::scenario::camera::{Camera, Pane};
use crate::sim::motion::fly_program::{grid_point, COLUMNS, ROWS};
use crate::sim::trails::Owner;
use crate::sim::Motion;
use glam::Vec2;
use plotters::backend::{BitMapBackend, DrawingBackend};
use plotters::style::{RGBAColor, ShapeStyle};

/// Most segments drawn per trail (longer trails are drawn with a stride).
const MAX_TRAIL_SEGMENTS: usize = 64;
/// Screen coordinates are clamped to this far outside the picture (a far-off point
/// still gives a line of the right direction, and no integer overflows).
const FAR: f32 = 100_000.0;

/// What one panel shows, and how.
pub struct Panel<'a> {
    pub lane: &'a Lane,
    pub camera: Camera,
    /// Seconds of trail drawn.
    pub trail_seconds: f32,
    /// How far through the GIF this frame is, 0..=1 (the bar at the bottom).
    pub progress: f32,
    /// Whether to mark the panel with its algorithm's colour (split layout).
    pub marked: bool,
}

/// An algorithm's colour, with alpha.
fn algorithm_rgba(algorithm: Algorithm, alpha: f32) -> Rgba {
    palette::from_rgb8(algorithm.color(), alpha)
}

/// Draws the panel into `rgb` (`width` x `height` pixels, 3 bytes each).
pub fn draw(panel: &Panel, rgb: &mut [u8], width: u32, height: u32) {
    let [r, g, b] = palette::to_rgb8(palette::PANE);
    for pixel in rgb.chunks_exact_mut(3) {
        pixel.copy_from_slice(&[r, g, b]);
    }
    let pane = Pane {
        x: 0.0,
        y: 0.0,
        w: width as f32,
        h: height as f32,
    };
    let mut pen = Pen {
        backend: BitMapBackend::with_buffer(rgb, (width, height)),
        camera: panel.camera,
        pane,
        // Sizes in pixels are the window's at about 500 pixels, scaled with the picture.
        scale: (width.min(height) as f32 / 500.0).clamp(0.6, 3.0),
    };
    scene(&mut pen, panel);
    pen.frame(panel);
}

/// Draws with a panel's transform.
struct Pen<'a> {
    backend: BitMapBackend<'a>,
    camera: Camera,
    pane: Pane,
    /// Pixels per pixel of the window's sizes.
    scale: f32,
}

fn color([r, g, b, a]: Rgba) -> RGBAColor {
    let [r8, g8, b8] = palette::to_rgb8([r, g, b, a]);
    RGBAColor(r8, g8, b8, f64::from(a.clamp(0.0, 1.0)))
}

fn coord(p: Vec2) -> (i32, i32) {
    (
        p.x.clamp(-FAR, FAR).round() as i32,
        p.y.clamp(-FAR, FAR).round() as i32,
    )
}

// Drawing in memory cannot fail (the bitmap backend's errors are its file's), so the
// results below are dropped.
impl Pen<'_> {
    fn at(&self, world: Vec2) -> Vec2 {
        self.camera.to_screen(self.pane, world)
    }

    /// Whether a screen box around the segment misses the picture.
    fn off(&self, a: Vec2, b: Vec2, margin: f32) -> bool {
        let (lo, hi) = (a.min(b) - margin, a.max(b) + margin);
        hi.x < 0.0 || hi.y < 0.0 || lo.x > self.pane.w || lo.y > self.pane.h
    }

    /// A line between screen points: 1 pixel wide anti-aliased, or a band.
    fn line_px(&mut self, a: Vec2, b: Vec2, width: f32, rgba: Rgba) {
        if self.off(a, b, width) || !(a.is_finite() && b.is_finite()) {
            return;
        }
        if (1.5..2.5).contains(&width) {
            // Two anti-aliased lines side by side, a pixel apart across the line's main
            // direction: smoother than a 2-pixel band, whose edges are not anti-aliased.
            let d = b - a;
            let across = if d.x.abs() > d.y.abs() {
                Vec2::Y
            } else {
                Vec2::X
            };
            let style = color(rgba);
            let _ = self.backend.draw_line(coord(a), coord(b), &style);
            let _ = self
                .backend
                .draw_line(coord(a + across), coord(b + across), &style);
            return;
        }
        let width = width.round().max(1.0) as u32;
        let style = ShapeStyle {
            color: color(rgba),
            filled: false,
            stroke_width: width,
        };
        let _ = self.backend.draw_line(coord(a), coord(b), &style);
    }

    /// A line between world points, `width` window pixels wide.
    fn line(&mut self, a: Vec2, b: Vec2, width: f32, rgba: Rgba) {
        let (a, b) = (self.at(a), self.at(b));
        self.line_px(a, b, width * self.scale, rgba);
    }

    /// A circle of `radius` pixels around a screen point: filled, or its outline
    /// `width` pixels wide.
    fn circle_px(&mut self, c: Vec2, radius: f32, fill: bool, width: f32, rgba: Rgba) {
        if self.off(c, c, radius + width) || !c.is_finite() {
            return;
        }
        let style = ShapeStyle {
            color: color(rgba),
            filled: fill,
            stroke_width: width.round().max(1.0) as u32,
        };
        let r = radius.round().clamp(1.0, FAR) as u32;
        let _ = self.backend.draw_circle(coord(c), r, &style, fill);
    }

    /// A filled polygon of screen points with an anti-aliased edge.
    fn polygon_px(&mut self, points: &[Vec2], rgba: Rgba) {
        let style = ShapeStyle {
            color: color(rgba),
            filled: true,
            stroke_width: 1,
        };
        let _ = self
            .backend
            .fill_polygon(points.iter().map(|p| coord(*p)), &style);
        for (k, a) in points.iter().enumerate() {
            self.line_px(*a, points[(k + 1) % points.len()], 1.0, rgba);
        }
    }

    fn rect_px(&mut self, lo: Vec2, hi: Vec2, fill: bool, rgba: Rgba) {
        let style = ShapeStyle {
            color: color(rgba),
            filled: fill,
            stroke_width: 1,
        };
        let _ = self.backend.draw_rect(coord(lo), coord(hi), &style, fill);
    }

    /// The panel's frame, its algorithm's colour along the top (split) and the bar that
    /// fills as the GIF plays.
    fn frame(&mut self, panel: &Panel) {
        let (w, h) = (self.pane.w, self.pane.h);
        let bar = (2.0 * self.scale).round().max(2.0);
        let (lo, hi) = (Vec2::ZERO, Vec2::new(w - 1.0, h - 1.0));
        self.rect_px(lo, hi, false, palette::BOUNDS);
        if let (true, Some(a)) = (panel.marked, panel.lane.algorithm) {
            self.rect_px(lo, Vec2::new(w, bar), true, algorithm_rgba(a, 1.0));
        }
        let done = panel.progress.clamp(0.0, 1.0) * w;
        if done >= 1.0 {
            let dim = palette::DIM_TEXT;
            self.rect_px(Vec2::new(0.0, h - bar), Vec2::new(done, h), true, dim);
        }
    }
}

/// Everything in the world, back to front.
fn scene(pen: &mut Pen, panel: &Panel) {
    let world = &panel.lane.world;
    let (w, h) = (world.config.width, world.config.height);
    let corners = [
        Vec2::ZERO,
        Vec2::new(w, 0.0),
        Vec2::new(w, h),
        Vec2::new(0.0, h),
    ];
    for k in 0..4 {
        pen.line(corners[k], corners[(k + 1) % 4], 1.0, palette::BOUNDS);
    }
    if world
        .targets()
        .iter()
        .any(|t| matches!(t.motion, Motion::FlyProgram(_)))
    {
        fly_grid(pen);
    }
    if world.rain().is_some() || !world.turrets().is_empty() {
        let y = world.ground();
        pen.line(Vec2::new(0.0, y), Vec2::new(w, y), 2.0, palette::GROUND);
    }
    trails(pen, panel);
    targets(pen, panel.lane);
    launchers(pen, panel.lane);
    blasts(pen, panel.lane);
    missiles(pen, panel.lane);
}

fn fly_grid(pen: &mut Pen) {
    for r in 0..ROWS {
        for c in 0..COLUMNS {
            let p = pen.at(grid_point(20 * r + c));
            pen.circle_px(p, 1.5 * pen.scale, true, 1.0, palette::GRID);
        }
    }
    let (lo, hi) = (grid_point(0), grid_point(20 * (ROWS - 1) + COLUMNS - 1));
    let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
    for k in 0..4 {
        pen.line(corners[k], corners[(k + 1) % 4], 1.0, palette::DEATH_LINE);
    }
}

/// Trails of the last `trail_seconds`, fading with age, in a fixed order.
fn trails(pen: &mut Pen, panel: &Panel) {
    let world = &panel.lane.world;
    let now = world.tick();
    let span = (panel.trail_seconds / world.dt()).max(1.0);
    let mut owners: Vec<(&Owner, _)> = panel.lane.trails.trails.iter().collect();
    owners.sort_by_key(|(owner, _)| **owner);
    for (_, trail) in owners {
        for (from, to, age) in trail.segments(now, span, MAX_TRAIL_SEGMENTS) {
            let alpha = palette::trail_alpha(age);
            let rgba = match trail.algorithm {
                Some(a) => algorithm_rgba(a, alpha),
                None => with_alpha(palette::TARGET, alpha * palette::TARGET_TRAIL_ALPHA),
            };
            pen.line_px(pen.at(from), pen.at(to), 2.0 * pen.scale, rgba);
        }
    }
}

fn targets(pen: &mut Pen, lane: &Lane) {
    for t in lane.world.targets() {
        let c = pen.at(t.pos);
        let r = (t.radius * pen.camera.zoom).max(3.0 * pen.scale);
        if t.decoy {
            let glow = with_alpha(palette::FLARE, palette::FLARE_GLOW_ALPHA);
            pen.circle_px(c, r * 2.5, true, 1.0, glow);
            pen.circle_px(c, r, true, 1.0, palette::FLARE);
            continue;
        }
        let fill = with_alpha(palette::TARGET, palette::TARGET_FILL_ALPHA);
        pen.circle_px(c, r, true, 1.0, fill);
        pen.circle_px(c, r, false, 2.0 * pen.scale, palette::TARGET);
    }
}

fn launchers(pen: &mut Pen, lane: &Lane) {
    let world = &lane.world;
    let s = pen.scale;
    for launcher in world.launchers() {
        let p = pen.at(launcher.spec.pos);
        let half = Vec2::splat(7.0 * s);
        pen.rect_px(p - half, p + half, true, palette::LAUNCHER);
    }
    for turret in world.turrets() {
        let p = pen.at(turret.spec.pos);
        pen.circle_px(p, 10.0 * s, true, 1.0, palette::LAUNCHER);
        let aim = turret
            .locked
            .and_then(|id| world.target(id))
            .map_or(Vec2::new(0.0, -1.0), |t| {
                (t.pos - turret.spec.pos).normalize_or(Vec2::new(0.0, -1.0))
            });
        pen.line_px(p, p + aim * 20.0 * s, 4.0 * s, palette::LAUNCHER);
    }
}

/// Blasts and hits of the last [`palette::BLAST_FADE_TICKS`], fading.
fn blasts(pen: &mut Pen, lane: &Lane) {
    let now = lane.world.tick();
    for blast in &lane.blasts {
        let age = now.saturating_sub(blast.tick) as f32 / palette::BLAST_FADE_TICKS as f32;
        if age >= 1.0 {
            continue;
        }
        let c = pen.at(blast.pos);
        let r = (blast.radius * pen.camera.zoom).max(8.0 * pen.scale);
        let fill = with_alpha(palette::BLAST, palette::BLAST_FILL_ALPHA * (1.0 - age));
        pen.circle_px(c, r, true, 1.0, fill);
        let ring = with_alpha(palette::BLAST, 1.0 - age);
        pen.circle_px(c, r, false, 2.0 * pen.scale, ring);
    }
}

fn missiles(pen: &mut Pen, lane: &Lane) {
    let s = pen.scale;
    for m in lane.world.missiles() {
        let rgba = algorithm_rgba(m.algorithm(), 1.0);
        let nose = pen.at(m.body.pos);
        match m.guidance.look() {
            Look::Tail(back) => {
                let tail = pen.at(m.body.pos + back);
                pen.line_px(nose, tail, 2.5 * s, rgba);
            }
            Look::Arrow => {
                if pen.off(nose, nose, 8.0 * s) || !nose.is_finite() {
                    continue;
                }
                let dir = Vec2::from_angle(m.body.heading);
                let side = dir.perp();
                pen.polygon_px(
                    &[
                        nose + dir * 7.0 * s,
                        nose - dir * 5.0 * s + side * 4.0 * s,
                        nose - dir * 5.0 * s - side * 4.0 * s,
                    ],
                    rgba,
                );
            }
        }
    }
}
