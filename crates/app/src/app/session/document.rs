//! The document: the scenario being edited (what Save writes), as it was last opened or
//! saved (what Revert restores), its file, the recent files, and the edits Undo takes
//! back.

use super::tracked::Tracked;
use crate::guidance::Algorithm;
use crate::scenario::Scenario;
use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};

/// The folder exports go to when none is typed: the open scenario's folder, else the
/// home folder, else the working directory; absolute, so a message names it in full.
pub fn default_export_folder(doc: Option<&Path>, home: Option<PathBuf>) -> PathBuf {
    let folder = doc
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .or(home)
        .filter(|f| !f.as_os_str().is_empty())
        .unwrap_or_else(|| PathBuf::from("."));
    std::path::absolute(&folder).unwrap_or(folder)
}

/// Where an export named `typed` is written: an absolute path as typed, anything else
/// inside `folder` (the Export section's folder, else [`default_export_folder`]).
pub fn export_path(
    typed: &str,
    folder: &str,
    doc: Option<&Path>,
    home: Option<PathBuf>,
) -> PathBuf {
    let typed = PathBuf::from(typed.trim());
    if typed.is_absolute() {
        return typed;
    }
    let folder = match folder.trim() {
        "" => default_export_folder(doc, home),
        named => {
            let named = PathBuf::from(named);
            std::path::absolute(&named).unwrap_or(named)
        }
    };
    folder.join(typed)
}

/// The user's home folder (`HOME`, or `USERPROFILE` on Windows).
pub fn home() -> Option<PathBuf> {
    ["HOME", "USERPROFILE"]
        .into_iter()
        .filter_map(std::env::var_os)
        .find(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// An edit that Undo takes back.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A target placed with the mouse (by name), kept running.
    PlacedTarget(String),
    /// Any other change to the scenario: the scenario before it (undo restarts).
    Scenario(Box<Scenario>),
    /// New thresholds of the failure classes: those before (undo diagnoses again, no
    /// restart).
    Thresholds(crate::sim::diagnosis::Thresholds),
}

/// Most edits Undo remembers.
const UNDO_DEPTH: usize = 50;
/// Most recent files remembered.
const RECENT: usize = 8;

/// The scenario and its file.
pub struct Document {
    /// The scenario as edited (what Save writes).
    pub scenario: Tracked<Scenario>,
    /// The scenario as last opened or saved (what Revert restores).
    pub saved: Tracked<Scenario>,
    /// The revisions of `scenario` and `saved` [`Document::dirty`] last compared, and
    /// whether they differed (the panel asks every frame; a live game's scenario holds
    /// a thousand launchers).
    dirty_seen: Cell<Option<([u64; 2], bool)>>,
    /// The scenario's revision and its compared algorithms ([`Document::compared`]).
    compared_laws: RefCell<Option<(u64, Vec<Algorithm>)>>,
    pub path: Option<PathBuf>,
    pub recent: Vec<PathBuf>,
    /// How many times a scenario was opened or saved (the page's address follows it).
    pub opened: u64,
    /// The shipped scenario open, by name, if that is what is open (unedited or not).
    pub shipped: Option<&'static str>,
    /// Edits to take back, newest last.
    undo: Vec<Edit>,
}

impl Document {
    pub fn new(scenario: Scenario, path: Option<PathBuf>) -> Self {
        let scenario = Tracked::new(scenario);
        let mut doc = Self {
            saved: scenario.clone(),
            scenario,
            dirty_seen: Cell::new(None),
            compared_laws: RefCell::new(None),
            path: None,
            recent: Vec::new(),
            opened: 0,
            shipped: None,
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
        let revisions = [self.scenario.revision(), self.saved.revision()];
        // Equal revisions are equal values (one is a copy of the other).
        if revisions[0] == revisions[1] {
            return false;
        }
        if let Some((seen, dirty)) = self.dirty_seen.get() {
            if seen == revisions {
                return dirty;
            }
        }
        let dirty = *self.scenario != *self.saved;
        self.dirty_seen.set(Some((revisions, dirty)));
        dirty
    }

    /// The scenario's compared algorithms ([`Scenario::compared`]), worked out again only
    /// when the scenario may have changed (the panel asks every frame; a live game's
    /// scenario fires a thousand launchers).
    pub fn compared(&self) -> Vec<Algorithm> {
        let revision = self.scenario.revision();
        let mut kept = self.compared_laws.borrow_mut();
        if let Some((seen, laws)) = &*kept {
            if *seen == revision {
                return laws.clone();
            }
        }
        let laws = self.scenario.compared();
        *kept = Some((revision, laws.clone()));
        laws
    }

    /// Puts a file at the top of the recent files.
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT);
    }

    /// Makes `scenario` both the edited and the saved scenario (not dirty), the file
    /// behind it unchanged.
    pub fn reset_to(&mut self, scenario: Scenario) {
        let scenario = Tracked::new(scenario);
        self.saved = scenario.clone();
        self.scenario = scenario;
    }

    /// Makes `scenario` the document of the file `path` (opened or saved there).
    pub fn settle(&mut self, scenario: Scenario, path: &Path) {
        self.reset_to(scenario);
        self.path = Some(path.to_path_buf());
        self.shipped = None;
        self.opened += 1;
        self.remember(path);
    }

    /// Makes `scenario` the document, with no file behind it (a shipped scenario, a
    /// link): Save needs Save As.
    pub fn settle_unsaved(&mut self, scenario: Scenario) {
        self.reset_to(scenario);
        self.path = None;
        self.shipped = None;
        self.opened += 1;
    }

    /// Remembers an edit for Undo.
    pub fn remember_edit(&mut self, edit: Edit) {
        self.undo.push(edit);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
    }

    /// The last edit, still on the list.
    pub fn last_edit(&self) -> Option<&Edit> {
        self.undo.last()
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

#[cfg(test)]
mod export_tests {
    use super::*;

    #[test]
    fn home_is_the_environment_s_home_folder() {
        let expected = ["HOME", "USERPROFILE"]
            .into_iter()
            .filter_map(std::env::var_os)
            .find(|v| !v.is_empty())
            .map(PathBuf::from);
        assert!(expected.is_some(), "a test machine has a home");
        assert_eq!(home(), expected);
    }

    #[test]
    fn exports_go_beside_the_open_scenario_unless_a_folder_or_a_full_path_is_given() {
        let doc = Path::new("/work/levels/boss.ron");
        let home = Some(PathBuf::from("/home/ada"));
        // A bare name: beside the scenario.
        assert_eq!(
            export_path("steerlab.gif", "", Some(doc), home.clone()),
            Path::new("/work/levels/steerlab.gif")
        );
        // No file open (a shipped scenario from the menu, a link): the home folder.
        assert_eq!(
            export_path(" view.png ", "", None, home.clone()),
            Path::new("/home/ada/view.png")
        );
        // A folder typed in the Export section wins; a full path is taken as it is.
        assert_eq!(
            export_path("a/b.csv", "/tmp/out", Some(doc), home.clone()),
            Path::new("/tmp/out/a/b.csv")
        );
        assert_eq!(
            export_path("/srv/x.gif", "/tmp/out", Some(doc), home),
            Path::new("/srv/x.gif")
        );
        // A relative scenario path and no home: made absolute from the working directory.
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(
            export_path("x.png", "", Some(Path::new("scenarios/default.ron")), None),
            cwd.join("scenarios/x.png")
        );
        assert_eq!(export_path("x.png", "", None, None), cwd.join("x.png"));
    }
}
