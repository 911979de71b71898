//! How the runs are shown: the layout of compare mode, the overlays, the trail length,
//! what is selected, which launcher fires, the help window, and a request to fit the
//! camera. Nothing here changes a world.

use crate::core::overlay::{self, Overlay, OVERLAYS};

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

/// Which overlays are drawn: one switch per overlay of the registry
/// ([`crate::core::overlay::OVERLAYS`]), in its order.
#[derive(Clone, Debug, PartialEq)]
pub struct Overlays([bool; OVERLAYS.len()]);

impl Overlays {
    /// Whether `overlay` is on.
    pub fn is_on(&self, overlay: &Overlay) -> bool {
        self.0[overlay::index(overlay)]
    }

    /// Whether the overlay that draws shapes of `role` is on.
    pub fn shows(&self, role: crate::core::Role) -> bool {
        self.is_on(overlay::of(role))
    }

    /// The switch of the overlay called `id`.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut bool> {
        let overlay = overlay::by_id(id)?;
        Some(&mut self.0[overlay::index(overlay)])
    }

    /// Exactly the overlays named on.
    pub fn only(names: &[String]) -> Self {
        Self(OVERLAYS.map(|o| names.iter().any(|n| n == o.id)))
    }
}

impl Default for Overlays {
    /// The registry's defaults.
    fn default() -> Self {
        Self(OVERLAYS.map(|o| o.on))
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
