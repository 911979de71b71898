//! The GIF's backend for the scene ([`crate::scene`]): one panel of a frame drawn in
//! software into an RGB buffer with the plotters bitmap backend (lines, circles,
//! polygons; no font, so a text mark is left out), sizes in pixels scaled with the
//! picture, framed by the same camera ([`crate::scenario::camera`]), with y growing
//! downwards as on screen; and a thin bar that fills as the GIF plays.

use super::lanes::Lane;
use crate::core::overlay::Overlays;
use crate::palette::{self, Rgba};
use crate::scenario::camera::{Camera, Pane};
use crate::scene::{self, At, Flavour, Layer, Mark, View};
use glam::Vec2;
use plotters::backend::{BitMapBackend, DrawingBackend};
use plotters::style::{RGBAColor, ShapeStyle};

/// Screen coordinates are clamped to this far outside the picture (a far-off point
/// still gives a line of the right direction, and no integer overflows).
const FAR: f32 = 100_000.0;

/// What one panel shows, and how.
pub struct Panel<'a> {
    pub lane: &'a Lane,
    pub camera: Camera,
    pub overlays: &'a Overlays,
    /// Seconds of trail drawn.
    pub trail_seconds: f32,
    /// How far through the GIF this frame is, 0..=1 (the bar at the bottom).
    pub progress: f32,
    /// Whether to mark the panel with its algorithm's colour (split layout).
    pub marked: bool,
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
    let layer = Layer {
        world: &panel.lane.world,
        trails: &panel.lane.trails,
        blasts: &panel.lane.blasts,
        ghost: None,
        lane: 0,
    };
    let view = View {
        overlays: panel.overlays.clone(),
        camera: panel.camera,
        pane,
        selected: None,
        launcher: None,
        trail_seconds: panel.trail_seconds,
        trail_budget: usize::MAX,
        preview: None,
    };
    let scene = scene::build(&[layer], &view);
    let mut pen = Pen {
        backend: BitMapBackend::with_buffer(rgb, (width, height)),
        camera: panel.camera,
        pane,
        // Sizes in pixels are the window's at about 500 pixels, scaled with the picture.
        scale: (width.min(height) as f32 / 500.0).clamp(0.6, 3.0),
    };
    for mark in &scene.marks {
        pen.mark(mark);
    }
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

/// A colour blended over the pane's, opaque.
fn over_pane([r, g, b, a]: Rgba) -> Rgba {
    let [pr, pg, pb, _] = palette::PANE;
    let a = a.clamp(0.0, 1.0);
    let mix = |c: f32, p: f32| p + (c - p) * a;
    [mix(r, pr), mix(g, pg), mix(b, pb), 1.0]
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
    fn at(&self, at: At) -> Vec2 {
        self.camera.to_screen(self.pane, at.world) + at.px * self.scale
    }

    /// One mark of the scene.
    fn mark(&mut self, mark: &Mark) {
        match mark {
            Mark::Line { a, b, width, color } => {
                let (a, b) = (self.at(*a), self.at(*b));
                self.line_px(a, b, width * self.scale, *color);
            }
            Mark::Circle {
                center,
                radius,
                min_px,
                fill,
                width,
                color,
            } => {
                let c = self.at(*center);
                let r = (radius * self.camera.zoom).max(min_px * self.scale);
                self.circle_px(c, r, *fill, width * self.scale, *color);
            }
            Mark::Polygon { points, color } => {
                let points: Vec<Vec2> = points.iter().map(|p| self.at(*p)).collect();
                let (lo, hi) = points.iter().fold(
                    (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
                    |(lo, hi), p| (lo.min(*p), hi.max(*p)),
                );
                if !self.off(lo, hi, 1.0) && points.iter().all(|p| p.is_finite()) {
                    self.polygon_px(&points, *color);
                }
            }
            Mark::Arrows {
                arrows,
                size,
                color,
            } => {
                for (at, forward) in arrows {
                    let nose = self.at(At::world(*at));
                    let corners = crate::scene::arrow(nose, *forward, size * self.scale);
                    let reach = Vec2::splat(7.0 * size * self.scale);
                    if nose.is_finite() && !self.off(nose - reach, nose + reach, 1.0) {
                        self.polygon_px(&corners, *color);
                    }
                }
            }
            Mark::Heads {
                heads,
                radius,
                min_px,
                color,
            } => {
                let size = (radius * self.camera.zoom).max(min_px * self.scale);
                for (at, forward) in heads {
                    let center = self.at(At::world(*at));
                    let corners = crate::scene::head(center, *forward, size);
                    let reach = Vec2::splat(1.5 * size);
                    if center.is_finite() && !self.off(center - reach, center + reach, 1.0) {
                        self.polygon_px(&corners, *color);
                    }
                }
            }
            // No font in the picture.
            Mark::Text { .. } => {}
        }
    }

    /// Whether a screen box around the segment misses the picture.
    fn off(&self, a: Vec2, b: Vec2, margin: f32) -> bool {
        let (lo, hi) = (a.min(b) - margin, a.max(b) + margin);
        hi.x < 0.0 || hi.y < 0.0 || lo.x > self.pane.w || lo.y > self.pane.h
    }

    /// A line between screen points: 1 pixel wide anti-aliased, or a band. A faint
    /// line is drawn in its colour over the pane, opaque: blended, the pixel two
    /// segments of a trail share would be painted twice, brighter than the rest, and a
    /// trail of short segments would look dashed.
    fn line_px(&mut self, a: Vec2, b: Vec2, width: f32, rgba: Rgba) {
        if self.off(a, b, width) || !(a.is_finite() && b.is_finite()) {
            return;
        }
        let rgba = over_pane(rgba);
        if width < 2.5 {
            // Anti-aliased lines a pixel apart across the line's main direction, as
            // many as the width takes: smoother than a band, whose edges are not
            // anti-aliased, and the same whether a trail is one segment or many.
            let d = b - a;
            let across = if d.x.abs() > d.y.abs() {
                Vec2::Y
            } else {
                Vec2::X
            };
            let style = color(rgba);
            let _ = self.backend.draw_line(coord(a), coord(b), &style);
            if width >= 1.5 {
                let _ = self
                    .backend
                    .draw_line(coord(a + across), coord(b + across), &style);
            }
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
            self.rect_px(lo, Vec2::new(w, bar), true, Flavour::plain(a).rgba(1.0));
        }
        let done = panel.progress.clamp(0.0, 1.0) * w;
        if done >= 1.0 {
            let dim = palette::DIM_TEXT;
            self.rect_px(Vec2::new(0.0, h - bar), Vec2::new(done, h), true, dim);
        }
    }
}

#[cfg(test)]
mod arrow_tests {
    use super::*;

    /// A 100 x 80 picture whose pixels are world units (zoom 1, centred on (50, 40)),
    /// with `arrows` drawn white at `scale`, black elsewhere.
    fn painted(arrows: Vec<(Vec2, Vec2)>, scale: f32) -> Vec<u8> {
        painted_sized(arrows, 1.0, scale)
    }

    /// [`painted`] with arrows of `size`.
    fn painted_sized(arrows: Vec<(Vec2, Vec2)>, size: f32, scale: f32) -> Vec<u8> {
        let (w, h) = (100u32, 80u32);
        let mut rgb = vec![0u8; (w * h * 3) as usize];
        {
            let mut pen = Pen {
                backend: BitMapBackend::with_buffer(&mut rgb, (w, h)),
                camera: Camera {
                    center: Vec2::new(50.0, 40.0),
                    zoom: 1.0,
                },
                pane: Pane {
                    x: 0.0,
                    y: 0.0,
                    w: w as f32,
                    h: h as f32,
                },
                scale,
            };
            let color = [1.0, 1.0, 1.0, 1.0];
            pen.mark(&Mark::Arrows {
                arrows,
                size,
                color,
            });
            pen.backend.present().unwrap();
        }
        rgb
    }

    fn lit(rgb: &[u8], x: u32, y: u32) -> bool {
        rgb[((y * 100 + x) * 3) as usize] > 0
    }

    #[test]
    fn an_arrow_whose_nose_is_off_the_picture_still_shows_its_tip() {
        // At twice the size the tip is 14 pixels ahead of the nose: 11 off the left edge
        // pointing right, it reaches 3 pixels in; 11 off the right pointing left too.
        let left = painted(vec![(Vec2::new(-11.0, 40.0), Vec2::X)], 2.0);
        assert!(lit(&left, 1, 40));
        let right = painted(vec![(Vec2::new(111.0, 40.0), -Vec2::X)], 2.0);
        assert!(lit(&right, 98, 40));
        // And its back corners, 10 behind and 8 aside: one whose nose is 6 below the
        // picture, pointing down, shows its back across rows 70 to 79.
        let back = painted(vec![(Vec2::new(50.0, 86.0), Vec2::Y)], 2.0);
        assert!(lit(&back, 50, 78) && lit(&back, 44, 77));
    }

    #[test]
    fn a_crowds_half_sized_arrow_is_half_as_long() {
        // Half size at twice the scale: the tip 7 pixels ahead of the nose, not 14.
        let rgb = painted_sized(vec![(Vec2::new(20.0, 40.0), Vec2::X)], 0.5, 2.0);
        assert!(lit(&rgb, 26, 40));
        assert!(!lit(&rgb, 29, 40));
    }

    #[test]
    fn an_arrow_somewhere_not_a_number_draws_nothing() {
        let rgb = painted(
            vec![
                (Vec2::NAN, Vec2::X),
                (Vec2::new(f32::INFINITY, 3.0), Vec2::Y),
            ],
            1.0,
        );
        assert!(rgb.iter().all(|&c| c == 0));
        // (The same arrow in the picture is drawn.)
        assert!(lit(
            &painted(vec![(Vec2::new(50.0, 40.0), Vec2::X)], 1.0),
            52,
            40
        ));
    }
}
