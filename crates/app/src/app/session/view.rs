//! How the runs are shown: the layout of compare mode, the overlays, the trail length,
//! what is selected, which launcher fires, the help window, a request to fit the
//! camera and how it follows the action. Nothing here changes a world.

pub use crate::core::overlay::Overlays;
pub use crate::scenario::camera::Follow;
pub use crate::scene::Selection;

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
    /// A scenario was opened: the next frame frames it as it asks (its `view`, else
    /// fitted), not as the one before was.
    pub reframe: bool,
    /// How the camera moves while the run plays.
    pub follow: Follow,
    /// The plots should be scrolled into view in the panel (a scenario opened one).
    pub reveal_plots: bool,
    /// What the panel's lists of laws are narrowed to, when there are too many to list
    /// (a recording flies one law per missile).
    pub law_filter: String,
    /// The language "Export code" writes.
    pub export_lang: crate::export::Lang,
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
            reframe: false,
            follow: Follow::Fixed,
            reveal_plots: false,
            law_filter: String::new(),
            export_lang: crate::export::Lang::CSharp,
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
