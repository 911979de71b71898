//! How the runs are shown: the layout of compare mode, the overlays, the trail length,
//! what is selected, which launcher fires, the help window, and a request to fit the
//! camera. Nothing here changes a world.

/// How the window shows the runs.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub layout: Layout,
    pub overlays: Overlays,
    /// Trail length in seconds.
    pub trail_seconds: f32,
    pub selected: Option<Selection>,
    /// The launcher a volley is fired from.
    pub launcher: usize,
    /// Whether the help window is open.
    pub help_open: bool,
    /// The view should be fitted to the scene on the next frame.
    pub fit_requested: bool,
}

impl Default for View {
    fn default() -> Self {
        Self {
            layout: Layout::Overlay,
            overlays: Overlays::default(),
            trail_seconds: 3.0,
            selected: None,
            launcher: 0,
            help_open: false,
            fit_requested: false,
        }
    }
}

impl View {
    /// Ticks of trail kept (more than drawn, so scrubbing back still shows them).
    pub fn trail_keep(&self, dt: f32) -> u64 {
        (self.trail_seconds.max(30.0) / dt).ceil() as u64
    }
}

/// How compare mode shows its lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// All lanes in one view, one colour per algorithm.
    Overlay,
    /// A grid of panes, one per lane, with the same camera.
    Split,
}

/// Which overlays are drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Overlays {
    pub trails: bool,
    pub velocity: bool,
    pub aim: bool,
    pub intercept: bool,
    pub dead_zone: bool,
    pub turn_circle: bool,
    pub acceleration: bool,
    /// Seeker cones and where each seeker shows the target.
    pub seeker: bool,
    pub grid: bool,
    pub labels: bool,
    /// The legend of the symbols drawn.
    pub legend: bool,
}

impl Overlays {
    /// The toggle called `name` (the names of [`crate::scenario::view::OVERLAYS`]).
    pub fn get_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "trails" => &mut self.trails,
            "velocity" => &mut self.velocity,
            "aim" => &mut self.aim,
            "intercept" => &mut self.intercept,
            "dead-zone" => &mut self.dead_zone,
            "turn-circle" => &mut self.turn_circle,
            "acceleration" => &mut self.acceleration,
            "seeker" => &mut self.seeker,
            "grid" => &mut self.grid,
            "labels" => &mut self.labels,
            "legend" => &mut self.legend,
            _ => return None,
        })
    }

    /// Exactly the overlays named on.
    pub fn only(names: &[String]) -> Self {
        let mut out = Self::default();
        for name in crate::scenario::view::OVERLAYS {
            if let Some(on) = out.get_mut(name) {
                *on = names.iter().any(|n| n == name);
            }
        }
        out
    }
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            trails: true,
            velocity: false,
            aim: true,
            intercept: true,
            dead_zone: true,
            turn_circle: false,
            acceleration: true,
            seeker: true,
            grid: true,
            labels: true,
            legend: true,
        }
    }
}

/// What is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Missile {
        lane: usize,
        id: crate::sim::MissileId,
    },
    Target(crate::sim::TargetId),
    Launcher(usize),
}
