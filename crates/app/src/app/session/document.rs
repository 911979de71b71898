//! The document: the scenario being edited (what Save writes), as it was last opened or
//! saved (what Revert restores), its file, the recent files, and the edits Undo takes
//! back.

use crate::scenario::Scenario;
use std::path::{Path, PathBuf};

/// An edit that Undo takes back.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A target placed with the mouse (by name), kept running.
    PlacedTarget(String),
    /// Any other change to the scenario: the scenario before it (undo restarts).
    Scenario(Box<Scenario>),
}

/// Most edits Undo remembers.
const UNDO_DEPTH: usize = 50;
/// Most recent files remembered.
const RECENT: usize = 8;

/// The scenario and its file.
pub struct Document {
    /// The scenario as edited (what Save writes).
    pub scenario: Scenario,
    /// The scenario as last opened or saved (what Revert restores).
    pub saved: Scenario,
    pub path: Option<PathBuf>,
    pub recent: Vec<PathBuf>,
    /// Edits to take back, newest last.
    undo: Vec<Edit>,
}

impl Document {
    pub fn new(scenario: Scenario, path: Option<PathBuf>) -> Self {
        let mut doc = Self {
            saved: scenario.clone(),
            scenario,
            path: None,
            recent: Vec::new(),
            undo: Vec::new(),
        };
        if let Some(path) = path {
            doc.remember(&path);
            doc.path = Some(path);
        }
        doc
    }

    /// Whether the scenario differs from the file.
    pub fn dirty(&self) -> bool {
        self.scenario != self.saved
    }

    /// Puts a file at the top of the recent files.
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT);
    }

    /// Makes `scenario` the document of the file `path` (opened or saved there).
    pub fn settle(&mut self, scenario: Scenario, path: &Path) {
        self.saved = scenario.clone();
        self.scenario = scenario;
        self.path = Some(path.to_path_buf());
        self.remember(path);
    }

    /// Makes `scenario` the document, with no file behind it (a shipped scenario, a
    /// link): Save needs Save As.
    pub fn settle_unsaved(&mut self, scenario: Scenario) {
        self.saved = scenario.clone();
        self.scenario = scenario;
        self.path = None;
    }

    /// Remembers an edit for Undo.
    pub fn remember_edit(&mut self, edit: Edit) {
        self.undo.push(edit);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
    }

    /// The last edit, taken off the list.
    pub fn take_edit(&mut self) -> Option<Edit> {
        self.undo.pop()
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// A name for a new target, `target N`, not yet used.
    pub fn new_target_name(&self) -> String {
        (1..)
            .map(|n| format!("target {n}"))
            .find(|name| !self.scenario.targets.iter().any(|t| &t.name == name))
            .unwrap_or_default()
    }
}
