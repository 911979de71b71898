//! The camera and the panes: world <-> screen transforms, fitting the world on open,
//! pan and zoom, and the grid of panes for the split layout. Pure arithmetic, shared by
//! the window and the GIF export ([`crate::headless::gif`]) so both frame a scene alike.

use crate::core::math::Portable;
use crate::sim::motion::fly_program::{grid_point, COLUMNS, ROWS};
use crate::sim::{Motion, World};
use glam::Vec2;

/// What a fitted view shows: the world rectangle, every target, launcher, turret and
/// obstacle, and the fly-program grid with its death lines when a fly program is in the
/// scene.
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
    for o in world.obstacles() {
        let (center, radius) = o.shape().bounds();
        take(center - Vec2::splat(radius));
        take(center + Vec2::splat(radius));
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

/// How the camera moves on its own while the run plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Follow {
    /// It stays where it was put (pan and zoom are the user's).
    #[default]
    Fixed,
    /// It keeps everything that is alive in view: the targets, the missiles in flight
    /// and the launchers ([`action_bounds`]), zooming out and in as they spread.
    Fit,
    /// It stays put while everything alive is in view, and moves towards [`Follow::Fit`]'s
    /// view while something is not (a live game's entities go wherever it takes them).
    Keep,
    /// It keeps the selection at the centre (at the zoom the user chose); with nothing
    /// selected, the newest missile in flight, else the first target.
    Selection,
}

impl Follow {
    pub const ALL: [Follow; 4] = [Follow::Fixed, Follow::Fit, Follow::Keep, Follow::Selection];

    /// As the panel and the help say it.
    pub fn label(self) -> &'static str {
        match self {
            Follow::Fixed => "fixed",
            Follow::Fit => "fit the action",
            Follow::Keep => "keep the action in view",
            Follow::Selection => "follow the selection",
        }
    }

    /// The next mode (the F key cycles).
    pub fn next(self) -> Follow {
        match self {
            Follow::Fixed => Follow::Fit,
            Follow::Fit => Follow::Keep,
            Follow::Keep => Follow::Selection,
            Follow::Selection => Follow::Fixed,
        }
    }
}

/// What is alive in a world: its targets (flares aside), the missiles in flight, the
/// launchers and turrets; `None` for an empty world.
pub fn action_bounds(world: &World) -> Option<(Vec2, Vec2)> {
    let targets = world
        .targets()
        .iter()
        .filter(|t| !t.decoy)
        .flat_map(|t| [t.pos - Vec2::splat(t.radius), t.pos + Vec2::splat(t.radius)]);
    let missiles = world.missiles().iter().map(|m| m.body.pos);
    let launchers = world.launchers().iter().map(|l| l.spec.pos);
    let turrets = world.turrets().iter().map(|t| t.spec.pos);
    let mut points = targets
        .chain(missiles)
        .chain(launchers)
        .chain(turrets)
        .filter(|p| p.is_finite());
    let first = points.next()?;
    Some(points.fold((first, first), |(lo, hi), p| (lo.min(p), hi.max(p))))
}

/// The smallest span [`Follow::Fit`] zooms in to, in world units (a lone target is not
/// blown up to fill the screen).
pub const MIN_FIT_SPAN: f32 = 200.0;

/// Pixels [`Camera::fit_action`] leaves around the action (a target's label is about
/// that long).
pub const FIT_ROOM: f32 = 60.0;

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

    /// Part of the way (`rate`, 0 to 1) from here to `goal`, the zoom on a log scale:
    /// a camera that follows eases instead of jumping.
    pub fn ease_toward(self, goal: Camera, rate: f32) -> Camera {
        let rate = rate.clamp(0.0, 1.0);
        Camera {
            center: self.center.lerp(goal.center, rate),
            zoom: (self.zoom.pln() + (goal.zoom.pln() - self.zoom.pln()) * rate).pexp(),
        }
    }

    /// Where [`Follow::Fit`] wants the camera: `lo..hi` grown to at least
    /// [`MIN_FIT_SPAN`] each way and by [`FIT_ROOM`] pixels, fitted in `pane`.
    pub fn fit_action(lo: Vec2, hi: Vec2, pane: Pane) -> Camera {
        let mid = (lo + hi) * 0.5;
        let half = ((hi - lo) * 0.5).max(Vec2::splat(MIN_FIT_SPAN * 0.5));
        let first = Self::fit_bounds(mid - half, mid + half, pane);
        // Room around the action for its labels: [`FIT_ROOM`] pixels each way.
        let room = Vec2::splat(FIT_ROOM / first.zoom);
        Self::fit_bounds(mid - half - room, mid + half + room, pane)
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
    fn easing_goes_part_of_the_way_and_zooms_on_a_log_scale() {
        let from = Camera {
            center: Vec2::new(0.0, 0.0),
            zoom: 2.0,
        };
        let goal = Camera {
            center: Vec2::new(100.0, -50.0),
            zoom: 8.0,
        };
        let half = from.ease_toward(goal, 0.5);
        assert_eq!(half.center, Vec2::new(50.0, -25.0));
        // Half way from 2 to 8 on a log scale is 4.
        assert!((half.zoom - 4.0).abs() < 1e-4, "{}", half.zoom);
        assert_eq!(from.ease_toward(goal, 1.0).center, goal.center);
        assert!(
            (from.ease_toward(goal, 7.0).zoom - 8.0).abs() < 1e-4,
            "clamped"
        );
        assert_eq!(from.ease_toward(goal, 0.0), from);
    }

    #[test]
    fn fit_action_keeps_a_smallest_span() {
        let pane = Pane {
            x: 0.0,
            y: 0.0,
            w: 1080.0,
            h: 1080.0,
        };
        // A lone point: 200 units (times the 1.08 border) would fill the 1080 pixels at
        // zoom 5; 60 pixels of room each way are 12 units there: 224 units, zoom
        // 1080 / (224 * 1.08) = 4.4643.
        let cam = Camera::fit_action(Vec2::splat(500.0), Vec2::splat(500.0), pane);
        assert_eq!(cam.center, Vec2::splat(500.0));
        assert!((cam.zoom - 4.4643).abs() < 1e-3, "{}", cam.zoom);
        // A wide spread: 1000 units at zoom 1, then 60 units of room each way: 1120.
        let cam = Camera::fit_action(Vec2::ZERO, Vec2::new(1000.0, 10.0), pane);
        assert_eq!(cam.center, Vec2::new(500.0, 5.0));
        assert!((cam.zoom - 1000.0 / 1120.0).abs() < 1e-4, "{}", cam.zoom);
    }

    #[test]
    fn action_bounds_cover_targets_missiles_and_launchers_not_the_world() {
        let scenario = crate::scenario::parse(
            r#"(version: 1, world: (width: 10000, height: 10000),
                targets: [(name: "t", radius: 10, motion: Constant(pos: (3000, 2000), vel: (100, 0)))],
                launchers: [(pos: (1000, 2500), target: "t", algorithms: ["smoothed"], launch_velocity: (0, -50))])"#,
            "action",
        )
        .unwrap();
        let mut world = scenario.build().unwrap();
        // Before anything flies: the target (with its radius) and the launcher.
        assert_eq!(
            action_bounds(&world),
            Some((Vec2::new(1000.0, 1990.0), Vec2::new(3010.0, 2500.0)))
        );
        for _ in 0..30 {
            world.step();
        }
        let (lo, hi) = action_bounds(&world).unwrap();
        let m = world.missiles()[0].body.pos;
        let t = world.targets()[0].pos;
        assert!(m.y < 2500.0, "the missile climbed: {m}");
        assert_eq!(lo, Vec2::new(1000.0, m.y.min(t.y - 10.0)));
        assert_eq!(hi, Vec2::new(t.x + 10.0, 2500.0));
        let empty =
            crate::scenario::parse("(version: 1, world: (width: 100, height: 100))", "empty")
                .unwrap();
        assert_eq!(action_bounds(&empty.build().unwrap()), None);
    }

    #[test]
    fn follow_cycles_through_its_modes() {
        assert_eq!(Follow::Fixed.next(), Follow::Fit);
        assert_eq!(Follow::Fit.next(), Follow::Keep);
        assert_eq!(Follow::Keep.next(), Follow::Selection);
        assert_eq!(Follow::Selection.next(), Follow::Fixed);
        assert_eq!(Follow::default(), Follow::Fixed);
        // The words the panel, the help and the README use.
        let labels = Follow::ALL.map(Follow::label);
        assert_eq!(
            labels,
            [
                "fixed",
                "fit the action",
                "keep the action in view",
                "follow the selection"
            ]
        );
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
