//! The camera and the panes: world <-> screen transforms, fitting the world on open,
//! pan and zoom, and the grid of panes for the split layout. Pure arithmetic, shared by
//! the window and the GIF export ([`crate::headless::gif`]) so both frame a scene alike.

use crate::sim::motion::fly_program::{grid_point, COLUMNS, ROWS};
use crate::sim::{Motion, World};
use glam::Vec2;

/// What a fitted view shows: the world rectangle, every target, launcher and turret, and
/// the fly-program grid with its death lines when a fly program is in the scene.
pub fn scene_bounds(world: &World) -> (Vec2, Vec2) {
    let mut lo = Vec2::ZERO;
    let mut hi = Vec2::new(world.config.width, world.config.height);
    let mut take = |p: Vec2| {
        if p.is_finite() {
            lo = lo.min(p);
            hi = hi.max(p);
        }
    };
    for t in world.targets() {
        take(t.pos - Vec2::splat(t.radius));
        take(t.pos + Vec2::splat(t.radius));
    }
    for l in world.launchers() {
        take(l.spec.pos);
    }
    for t in world.turrets() {
        take(t.spec.pos);
    }
    if world
        .targets()
        .iter()
        .any(|t| matches!(t.motion, Motion::FlyProgram(_)))
    {
        take(grid_point(0) - Vec2::splat(16.0));
        take(grid_point(20 * (ROWS - 1) + COLUMNS - 1) + Vec2::splat(16.0));
    }
    (lo, hi)
}

/// A screen rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pane {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Pane {
    pub fn center(&self) -> Vec2 {
        Vec2::new(self.x + self.w * 0.5, self.y + self.h * 0.5)
    }

    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x < self.x + self.w && p.y >= self.y && p.y < self.y + self.h
    }

    /// Splits into a grid of `n` panes, as square as possible, row by row.
    pub fn split(&self, n: usize) -> Vec<Pane> {
        let n = n.max(1);
        let cols = (n as f32).sqrt().ceil() as usize;
        let rows = n.div_ceil(cols);
        let (w, h) = (self.w / cols as f32, self.h / rows as f32);
        (0..n)
            .map(|i| Pane {
                x: self.x + (i % cols) as f32 * w,
                y: self.y + (i / cols) as f32 * h,
                w,
                h,
            })
            .collect()
    }
}

/// The shared camera: which world point is at a pane's centre, and pixels per unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub center: Vec2,
    pub zoom: f32,
}

impl Camera {
    /// Shows the whole world rectangle (with a small border) in `pane`.
    pub fn fit(width: f32, height: f32, pane: Pane) -> Camera {
        Self::fit_bounds(Vec2::ZERO, Vec2::new(width, height), pane)
    }

    /// Shows the rectangle `lo..hi` (with a small border) in `pane`.
    pub fn fit_bounds(lo: Vec2, hi: Vec2, pane: Pane) -> Camera {
        let size = (hi - lo).max(Vec2::splat(1.0)) * 1.08;
        let zoom = (pane.w / size.x).min(pane.h / size.y);
        Camera {
            center: (lo + hi) * 0.5,
            zoom: zoom.clamp(1e-4, 1e4),
        }
    }

    pub fn to_screen(self, pane: Pane, world: Vec2) -> Vec2 {
        pane.center() + (world - self.center) * self.zoom
    }

    pub fn to_world(self, pane: Pane, screen: Vec2) -> Vec2 {
        self.center + (screen - pane.center()) / self.zoom
    }

    /// Zooms by `factor` keeping the world point under `screen` fixed.
    pub fn zoom_at(&mut self, pane: Pane, screen: Vec2, factor: f32) {
        let anchor = self.to_world(pane, screen);
        self.zoom = (self.zoom * factor).clamp(1e-4, 1e4);
        self.center = anchor - (screen - pane.center()) / self.zoom;
    }

    /// Pans by a screen-space drag.
    pub fn pan(&mut self, screen_delta: Vec2) {
        self.center -= screen_delta / self.zoom;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_and_world_round_trip_and_zoom_keeps_the_anchor() {
        let pane = Pane {
            x: 300.0,
            y: 0.0,
            w: 800.0,
            h: 600.0,
        };
        let mut cam = Camera::fit(1000.0, 500.0, pane);
        let p = Vec2::new(123.0, 456.0);
        assert!((cam.to_world(pane, cam.to_screen(pane, p)) - p).length() < 1e-3);
        let screen = Vec2::new(500.0, 200.0);
        let before = cam.to_world(pane, screen);
        cam.zoom_at(pane, screen, 1.7);
        assert!((cam.to_world(pane, screen) - before).length() < 1e-3);
        // The world's corners are inside the pane after fitting.
        let fit = Camera::fit(1000.0, 500.0, pane);
        assert!(pane.contains(fit.to_screen(pane, Vec2::ZERO)));
        assert!(pane.contains(fit.to_screen(pane, Vec2::new(1000.0, 500.0))));
    }

    #[test]
    fn split_makes_a_near_square_grid() {
        let pane = Pane {
            x: 0.0,
            y: 0.0,
            w: 900.0,
            h: 600.0,
        };
        let panes = pane.split(5);
        assert_eq!(panes.len(), 5);
        assert_eq!(panes[0].w, 300.0);
        assert_eq!(panes[3].y, 300.0);
    }
}
