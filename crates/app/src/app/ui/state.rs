//! What the panel keeps that is not the session's: the file dialog and what it was
//! opened for, the paths being typed, whether the side panel is shown.

use crate::app::session::Session;
#[cfg(not(target_arch = "wasm32"))]
use egui_file_dialog::FileDialog;
use std::path::PathBuf;

/// What the file dialog was opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    Open,
    SaveAs,
}

/// Where exports go, and a pending request to write the view as PNG.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportPaths {
    /// Where the selected missile's telemetry is exported.
    pub telemetry: String,
    /// Where the view is exported as PNG.
    pub png: String,
    pub png_request: Option<PathBuf>,
    /// Where the GIF goes, and how many seconds of the run it shows.
    pub gif: String,
    pub gif_seconds: f64,
    /// The folder names without one go to (empty: beside the open scenario).
    pub folder: String,
    /// Where a live game's capture is saved.
    pub capture: String,
}

impl ExportPaths {
    /// Where the export typed as `typed` is written (always a full path).
    pub fn resolve(&self, typed: &str, session: &Session) -> PathBuf {
        crate::app::session::export_path(
            typed,
            &self.folder,
            session.doc.path.as_deref(),
            crate::app::session::home(),
        )
    }
}

/// Panel state that is not the session's.
pub struct PanelState {
    #[cfg(not(target_arch = "wasm32"))]
    pub dialog: FileDialog,
    pub purpose: Option<DialogPurpose>,
    /// The path field (type a path and press Enter or Open path).
    pub path_text: String,
    /// The opening of the document the path field shows ([`Document::opened`]).
    ///
    /// [`Document::opened`]: crate::app::session::Document::opened
    pub opened_seen: u64,
    pub exports: ExportPaths,
    /// Whether the side panel is shown (P hides it for a bigger view).
    pub panel_open: bool,
    /// Bring the plots into view on the next pass (a missile was just added to them).
    pub scroll_to_plots: bool,
    pub styled: bool,
    /// Whether the window clears the panels' background itself (egui then draws them
    /// without a fill: `render::panels`).
    pub panels_cleared: bool,
    /// The laws chosen to fly from a recorded missile's state.
    pub references: std::collections::BTreeSet<crate::guidance::Algorithm>,
    /// The tick in the "pause at tick" box, kept while its checkbox is off so a tick
    /// typed first and ticked after is not lost.
    pub pause_tick: u64,
    /// A link Copy link made, for the page to share (the browser).
    pub link_request: Option<String>,
    /// An article's embed: the view, play, restart and the scenario's sliders only.
    pub embed: bool,
    /// An Enter held back a frame for the file dialog ([`super::file::hold_enter`]).
    pub enter_held: bool,
    /// The messages last shown over the view, and since when (egui's clock, seconds).
    pub toast: (crate::app::session::Messages, f64),
}

impl PanelState {
    pub fn new(session: &Session) -> Self {
        Self {
            #[cfg(not(target_arch = "wasm32"))]
            dialog: FileDialog::new()
                .add_file_filter_extensions("Scenario (.ron)", vec!["ron"])
                .add_file_filter_extensions("Recording (.csv)", vec!["csv"])
                .default_file_filter("Scenario (.ron)")
                .add_save_extension("Scenario", "ron")
                .default_save_extension("Scenario"),
            purpose: None,
            path_text: session
                .doc
                .path
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            opened_seen: session.doc.opened,
            exports: ExportPaths {
                telemetry: "steerlab-telemetry.csv".into(),
                png: "steerlab-view.png".into(),
                png_request: None,
                gif: "steerlab.gif".into(),
                gif_seconds: 10.0,
                folder: String::new(),
                capture: "capture.csv".into(),
            },
            panel_open: true,
            scroll_to_plots: false,
            styled: false,
            panels_cleared: false,
            references: [crate::guidance::REFERENCE_DEFAULT].into_iter().collect(),
            pause_tick: 600,
            link_request: None,
            embed: false,
            enter_held: false,
            toast: Default::default(),
        }
    }

    /// Whether a dialog has the keyboard (shortcuts wait).
    pub fn dialog_open(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.dialog.state() == egui_file_dialog::DialogState::Open;
        #[cfg(target_arch = "wasm32")]
        false
    }
}
