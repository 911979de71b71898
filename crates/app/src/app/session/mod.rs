//! The sandbox's state apart from drawing, split by owner: the [`Document`] (the
//! scenario, its file, undo), the [`Runs`] (the running worlds, their clock, scrubbing,
//! branching, breakpoints, plots), the [`View`] (layout, overlays, selection) and the
//! [`Messages`] shown in the panel. [`Session`] carries out what crosses owners: an edit
//! restarts the runs, a breakpoint selects its missile, a branch says so.

pub mod breakpoints;
mod code;
mod document;
mod framing;
pub mod gif;
#[cfg(not(target_arch = "wasm32"))]
pub mod live;
mod obstacles;
pub mod plots;
mod runs;
pub mod scripts;
mod slice;
pub mod sweep;
mod thresholds;
mod tracked;
mod view;

pub use document::{default_export_folder, export_path, home, Document, Edit};
pub use obstacles::PLACED_RADIUS;
pub use scripts::is_script;

/// The open scenario's folder (else the home folder), absolute: where dialogs and
/// exports start.
pub fn document_folder(session: &Session) -> PathBuf {
    default_export_folder(session.doc.path.as_deref(), home())
}
pub use runs::{Lane, Runs, MAX_SPEED, MIN_SPEED};
pub use view::{Follow, Layout, Overlays, Selection, View};

use crate::guidance::{Algorithm, RuntimeLaw, Value};
use crate::scenario::validate::validate;
use crate::scenario::{self, Scenario};
use crate::sim::{Input, MissileId, TargetSpec};
use glam::Vec2;
use std::path::{Path, PathBuf};

/// What the panel says: the last error (a bad file, a failed save) and the last message.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Messages {
    pub error: Option<String>,
    pub status: Option<String>,
}

/// How the error of a refused edit starts (a later edit that applies clears it).
const NOT_APPLIED: &str = "not applied: ";

/// Why a recording (or a live game's view) is not saved or linked as a scenario.
const READ_ONLY: &str = "a recording opens read-only";

/// The sandbox state.
pub struct Session {
    pub doc: Document,
    pub runs: Runs,
    pub view: View,
    pub messages: Messages,
    /// The scenario's scripts, watched for saves.
    pub scripts: scripts::ScriptWatch,
    /// The Sweep window: its form, a running sweep, the last result.
    pub sweeps: sweep::Sweeps,
    /// A GIF being drawn for the Export section.
    pub gif: gif::GifExport,
    /// The live link: games attached, the one shown (desktop only).
    #[cfg(not(target_arch = "wasm32"))]
    pub live: live::Attach,
}

impl Session {
    pub fn new(scenario: Scenario, path: Option<PathBuf>) -> Self {
        let mut session = Session {
            doc: Document::new(scenario, path),
            runs: Runs::default(),
            view: View::default(),
            messages: Messages::default(),
            scripts: scripts::ScriptWatch::default(),
            sweeps: sweep::Sweeps::default(),
            gif: gif::GifExport::default(),
            #[cfg(not(target_arch = "wasm32"))]
            live: live::Attach::default(),
        };
        session.sweeps.adopt(&session.doc.scenario);
        session.follow_scripts();
        session.restart();
        session
    }

    /// Watches the open scenario's scripts.
    fn follow_scripts(&mut self) {
        self.scripts
            .follow(&self.doc.scenario.scripts, self.doc.path.as_deref());
        if let Some(problem) = self.scripts.problem.take() {
            self.messages.error = Some(problem);
        }
    }

    /// Recompiles the scripts whose files changed: a script that compiles flies from the
    /// tick on screen in every lane (from a past tick, as a branch with the old future
    /// as the ghost); one that does not keeps the previous version flying and its error
    /// is shown.
    pub fn reload_scripts(&mut self) {
        for watched in self.scripts.changed() {
            let law = match watched.compile() {
                Ok(law) => std::sync::Arc::new(law),
                Err(e) => {
                    self.messages.error = Some(format!("{e}\n(the previous version keeps flying)"));
                    continue;
                }
            };
            let Some(algorithm) = Algorithm::from_id(&watched.id) else {
                continue;
            };
            let unchanged = self
                .doc
                .scenario
                .algorithms
                .runtime
                .law(algorithm)
                .is_some_and(|(old, _)| old.fingerprint() == law.fingerprint());
            if unchanged {
                continue;
            }
            let result = self
                .doc
                .scenario
                .algorithms
                .register(law.clone())
                .and_then(|_| self.doc.saved.algorithms.register(law.clone()))
                .and_then(|_| self.runs.reload_law(law));
            self.note_branch();
            match result {
                Ok(()) => {
                    self.messages.error = None;
                    self.messages.status = Some(format!(
                        "reloaded {} at tick {}",
                        watched.path.display(),
                        self.tick()
                    ));
                }
                Err(e) => self.messages.error = Some(e),
            }
        }
    }

    /// Rebuilds every lane from the scenario, from tick 0.
    pub fn restart(&mut self) {
        if let Err(e) = self.runs.rebuild(&self.doc.scenario) {
            self.messages.error = Some(e);
            return;
        }
        if let Some(Selection::Missile { .. }) = self.view.selected {
            self.view.selected = None;
        }
        self.view.launcher = self
            .view
            .launcher
            .min(self.doc.scenario.launchers.len().saturating_sub(1));
    }

    /// Applies the scenario's opening view: its overlays, its camera and its open plot.
    pub fn open_view(&mut self) {
        let Some(view) = self.doc.scenario.view.clone() else {
            return;
        };
        if let Some(names) = &view.overlays {
            self.view.overlays = Overlays::only(names);
        }
        if let Some(camera) = view.camera {
            self.view.follow = camera;
        }
        if let Some(plot) = &view.plot {
            let plots = &mut self.runs.plots;
            plots.clear();
            plots.quantity = plot.quantity;
            let wide = |(a, b): (f32, f32)| (f64::from(a), f64::from(b));
            plots.time = plot.time.map(wide);
            plots.range = plot.range.map(wide);
            // The plot is what the scenario is about: the panel brings it into view.
            self.view.reveal_plots = true;
            for lane in 0..self.runs.lanes.len() {
                for &id in &plot.missiles {
                    plots.toggle(lane, MissileId(id));
                }
            }
        }
    }

    /// Switches compare mode and restarts.
    pub fn set_compare(&mut self, compare: bool) {
        self.runs.compare = compare;
        self.restart();
    }

    /// The tick length of the scenario.
    pub fn dt(&self) -> f32 {
        self.doc.scenario.world.dt()
    }

    /// The tick shown (all lanes run in lockstep).
    pub fn tick(&self) -> u64 {
        self.runs.tick()
    }

    /// The time shown, in simulated seconds.
    pub fn time(&self) -> f64 {
        self.runs.time()
    }

    /// A breakpoint stopped the run: its missile is selected.
    fn stopped(&mut self, stop: Option<breakpoints::Stop>) -> bool {
        let Some((_, missile)) = stop else {
            return false;
        };
        if let Some((lane, id)) = missile {
            self.view.selected = Some(Selection::Missile { lane, id });
        }
        true
    }

    /// Says so when the runs just branched from the past.
    fn note_branch(&mut self) {
        if let Some(tick) = self.runs.branched.take() {
            self.messages.status = Some(format!(
                "branched at tick {tick}: the old future is drawn as a ghost"
            ));
        }
    }

    /// Advances by a frame of `seconds` of wall time at the current speed; returns the
    /// ticks run.
    pub fn advance(&mut self, seconds: f32) -> u32 {
        self.reload_scripts();
        match self.gif.poll() {
            Some(Ok(written)) => self.messages.status = Some(written),
            Some(Err(why)) => self.messages.error = Some(why),
            None => {}
        }
        #[cfg(not(target_arch = "wasm32"))]
        if self.follow_live() {
            return 0;
        }
        let keep = self.view.trail_keep(self.dt());
        let (ticks, stop) = self.runs.advance(seconds, keep);
        self.note_branch();
        self.stopped(stop);
        ticks
    }

    /// Another scenario opens: the game shown (if one is) is no longer followed.
    fn stop_showing_game(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.live.shown = None;
        }
    }

    /// Single step forward: one tick (in the past, the next recorded tick).
    pub fn single_step(&mut self) {
        let keep = self.view.trail_keep(self.dt());
        let stop = self.runs.single_step(keep);
        self.stopped(stop);
    }

    /// One tick in every lane; returns true when a breakpoint paused the run.
    pub fn step_once(&mut self) -> bool {
        let keep = self.view.trail_keep(self.dt());
        let stop = self.runs.step_once(keep);
        self.stopped(stop)
    }

    /// Sends an input to every lane or to none (from a past tick, this branches first).
    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        let result = self.runs.apply(input);
        self.note_branch();
        result
    }

    /// Shows a recorded tick (pauses).
    pub fn scrub(&mut self, tick: u64) {
        self.runs.scrub(tick);
    }

    /// One tick back in the recorded past.
    pub fn step_back(&mut self) {
        self.runs.step_back();
    }

    /// Fires a volley from the selected launcher.
    pub fn launch(&mut self) {
        if self.view.launcher < self.doc.scenario.launchers.len() {
            let launcher = self.view.launcher;
            if let Err(e) = self.apply(Input::Launch { launcher }) {
                self.messages.error = Some(e);
            }
        } else {
            self.messages.error = Some("the scenario has no launcher to fire from".into());
        }
    }

    /// Places a static target at a world position; it is added to the scenario too, so
    /// Save keeps it, and Undo takes it back.
    pub fn place_target(&mut self, pos: Vec2) {
        let name = self.doc.new_target_name();
        let spec = TargetSpec {
            name: name.clone(),
            radius: 12.0,
            destructible: false,
            motion: crate::sim::Motion::Static(crate::sim::motion::Static { pos }),
            flares: None,
        };
        match self.apply(Input::AddTarget(spec.clone())) {
            Ok(()) => {
                self.doc.scenario.targets.push(spec);
                self.doc.remember_edit(Edit::PlacedTarget(name.clone()));
                self.messages.status = Some(format!("placed {name} (Ctrl+Z takes it back)"));
            }
            Err(e) => self.messages.error = Some(format!("cannot place a target: {e}")),
        }
    }

    /// Takes back the last edit: a placed target leaves the scenario and every lane
    /// (before it appears, if it has not yet); any other edit restores the scenario as
    /// it was and restarts.
    pub fn undo(&mut self) {
        let Some(edit) = self.doc.take_edit() else {
            self.messages.status = Some("nothing to undo".into());
            return;
        };
        match edit {
            Edit::PlacedTarget(name) => {
                self.doc.scenario.targets.retain(|t| t.name != name);
                self.runs.remove_target_named(&name);
                self.note_branch();
                if matches!(self.view.selected, Some(Selection::Target(_))) {
                    self.view.selected = None;
                }
                self.messages.status = Some(format!("took back {name}"));
            }
            Edit::Scenario(before) => {
                *self.doc.scenario = *before;
                self.restart();
                self.messages.status = Some("undid the last edit (the run restarted)".into());
            }
            Edit::Thresholds(before) => {
                self.doc.scenario.diagnosis = before.clone();
                self.diagnose_again(before);
                self.messages.status = Some("undid the new thresholds".into());
            }
        }
    }

    /// Changes an algorithm parameter: in the scenario (for Save) and live in every
    /// lane.
    pub fn set_param(
        &mut self,
        algorithm: Algorithm,
        name: &str,
        value: Value,
    ) -> Result<(), String> {
        self.doc
            .scenario
            .algorithms
            .set(algorithm, name, value.clone())?;
        self.apply(Input::SetParam {
            algorithm,
            name: name.to_string(),
            value,
        })
    }

    /// Edits the scenario and restarts (targets, launchers, world); Undo takes it back.
    /// An edit is checked by the same rules as a file: one that breaks a rule (a
    /// negative radius, a zero lifetime, a circle too fast to fly) is not applied, and
    /// the error names the field and stays until the next action, so the panel never
    /// holds, or saves, a scenario that would not open again.
    pub fn edit_scenario(&mut self, edit: impl FnOnce(&mut Scenario)) {
        let before = Scenario::clone(&self.doc.scenario);
        let mut edited = before.clone();
        edit(&mut edited);
        if edited == before {
            return;
        }
        // Only problems the edit brings count: a recording's scenario is edited as it is.
        let known = validate(&before);
        if let Some((field, why)) = validate(&edited).into_iter().find(|p| !known.contains(p)) {
            self.messages.error = Some(format!("{NOT_APPLIED}{field}: {why}"));
            return;
        }
        if let Some(error) = &self.messages.error {
            if error.starts_with(NOT_APPLIED) {
                self.messages.error = None;
            }
        }
        *self.doc.scenario = edited;
        self.doc.remember_edit(Edit::Scenario(Box::new(before)));
        self.restart();
    }

    /// Flies reference laws from recorded missile `missile`'s state at `tick` (an edit
    /// of the scenario, undoable): the run restarts and plays up to that tick, paused,
    /// so the references are seen leaving beside the recorded missile.
    pub fn fly_references(&mut self, missile: &str, tick: u64, algorithms: &[Algorithm]) {
        #[cfg(not(target_arch = "wasm32"))]
        if self.live.showing() {
            // A live game's scenario is rebuilt as it grows: the references go with it.
            self.live.references.push(live::Reference {
                missile: missile.to_string(),
                tick: tick + self.live.tick0,
                algorithms: algorithms.to_vec(),
            });
            self.live.start_over();
            let names: Vec<&str> = algorithms.iter().map(|a| a.id()).collect();
            self.messages.status = Some(format!(
                "{} fly from {missile} at tick {tick} beside the game",
                names.join(", ")
            ));
            return;
        }
        let mut added = Ok(0);
        self.edit_scenario(|s| {
            added = crate::recording::fly_references(s, missile, tick, algorithms);
        });
        if let Err(e) = added {
            self.messages.error = Some(e);
            return;
        }
        let keep = self.view.trail_keep(self.dt());
        while self.runs.tick() < tick {
            // Breakpoints do not stop the way back to the chosen tick.
            let _ = self.runs.step_once(keep);
        }
        self.runs.playing = false;
        self.runs.paused_by = None;
        let names: Vec<&str> = algorithms.iter().map(|a| a.id()).collect();
        self.messages.status = Some(format!(
            "{} fly from {missile} at tick {tick} (Play to watch; Ctrl+Z takes them back)",
            names.join(", ")
        ));
    }

    /// Opens a file. A bad file leaves the open scenario exactly as it was; its errors
    /// are returned (the panel shows them).
    pub fn open(&mut self, path: &Path) -> Result<(), crate::recording::OpenError> {
        let scenario = crate::recording::open(path)?;
        self.stop_showing_game();
        // (In the browser, an upload is a file too: it lives in memory.)
        if crate::files::exists(path) {
            self.doc.settle(scenario, path);
            self.opened(format!("opened {}", path.display()));
        } else {
            // A shipped scenario by name, or a link: nothing on disk to save over.
            let what = if path.to_string_lossy().contains('#') {
                "the link's scenario".to_string()
            } else {
                format!("the shipped scenario {}", path.display())
            };
            self.open_unsaved(scenario, &what);
        }
        Ok(())
    }

    /// Opens a scenario that has no file (a shipped one, a link's), as `what`.
    pub fn open_unsaved(&mut self, scenario: Scenario, what: &str) {
        self.stop_showing_game();
        self.doc.settle_unsaved(scenario);
        // A shipped scenario by its name (the page's address names it).
        self.doc.shipped = scenario::presets::SHIPPED
            .iter()
            .map(|(name, _)| *name)
            .find(|name| *name == what);
        self.opened(format!("opened {what}"));
    }

    /// After a scenario was opened: the sweep form, the scripts, the run and the view
    /// start over.
    fn opened(&mut self, status: String) {
        self.sweeps.cancel();
        self.sweeps.adopt(&self.doc.scenario);
        self.follow_scripts();
        self.messages.error = None;
        self.messages.status = Some(status);
        self.view.selected = None;
        self.view.follow = Follow::Fixed;
        self.view.reframe = true;
        self.restart();
        self.open_view();
    }

    /// The scenario as a link's fragment ([`scenario::link`]), carrying the text of the
    /// scripts it names; or why a script could not be read.
    pub fn link(&self) -> Result<String, String> {
        if self.replays() {
            return Err(format!("{READ_ONLY}: it cannot be put in a link"));
        }
        let dir = self.doc.path.as_deref().and_then(Path::parent);
        let files = scenario::link::files_of(&self.doc.scenario, dir)?;
        Ok(scenario::link::fragment(&self.doc.scenario, &files))
    }

    /// Opens the worst run of a sweep's cell for `algorithm` in the sandbox: the
    /// engagement exactly as the sweep flew it, as an edit of the scenario (Undo goes
    /// back to the swept scenario; the sweep's result stays for the next cell).
    pub fn open_sweep_cell(&mut self, cell: usize, algorithm: Algorithm) {
        match self.sweeps.engagement(cell, algorithm) {
            Some(Ok(engagement)) => {
                let before = std::mem::replace(&mut *self.doc.scenario, engagement);
                self.doc.remember_edit(Edit::Scenario(Box::new(before)));
                self.view.selected = None;
                self.messages.error = None;
                self.messages.status = Some(format!(
                    "opened {} (Undo goes back to the swept scenario)",
                    self.doc.scenario.name
                ));
                self.restart();
                self.open_view();
                self.view.fit_requested = true;
            }
            Some(Err(why)) => self.messages.error = Some(why),
            None => {}
        }
    }

    /// Every file the open scenario was read from: its file (a scenario or a recording)
    /// and its scripts. Nothing the window writes may be one of them (but a save, which
    /// writes the scenario's own file).
    pub fn inputs(&self) -> Vec<PathBuf> {
        let Some(path) = &self.doc.path else {
            return Vec::new();
        };
        let dir = path.parent().unwrap_or(Path::new(""));
        std::iter::once(path.clone())
            .chain(self.doc.scenario.scripts.iter().map(|s| dir.join(&s.path)))
            .collect()
    }

    /// Whether the open scenario flies a recording's missiles (a recording opened, or a
    /// live game's view): laws made from its file, which no scenario file or link holds.
    pub fn replays(&self) -> bool {
        let scenario = &self.doc.scenario;
        (scenario.launchers.iter())
            .flat_map(|l| &l.algorithms)
            .any(|a| crate::recording::replay::track_of(&scenario.algorithms, *a).is_some())
    }

    /// Saves to `path` (atomically) and makes it the current file.
    pub fn save_as(&mut self, path: &Path) -> Result<(), crate::files::FileError> {
        // A recording's missiles fly laws made from its file: there is no scenario file
        // that could hold them, and writing one over the CSV would lose the recording.
        let from_csv = (self.doc.path.as_deref()).is_some_and(crate::recording::is_recording);
        if from_csv || self.replays() {
            return Err(crate::files::FileError {
                path: path.to_path_buf(),
                at: None,
                message: format!("{READ_ONLY}: it cannot be saved as a scenario"),
            });
        }
        // Its scripts are found from where it was read; saved elsewhere, their paths are
        // rebased to be found from there.
        let from = self.doc.path.as_deref().and_then(Path::parent);
        let saved = scenario::save(&self.doc.scenario, path, from, &[])?;
        self.doc.settle(saved, path);
        self.messages.error = None;
        self.messages.status = Some(format!("saved {}", path.display()));
        Ok(())
    }

    /// Throws away unsaved changes (Undo brings them back).
    pub fn revert(&mut self) {
        let before = Scenario::clone(&self.doc.scenario);
        self.doc.scenario = self.doc.saved.clone();
        self.doc.remember_edit(Edit::Scenario(Box::new(before)));
        self.restart();
        self.messages.error = None;
        self.messages.status = Some(match &self.doc.path {
            Some(path) => format!("reverted to {} as saved", path.display()),
            None => "reverted to the scenario as opened".into(),
        });
    }

    /// What a lane flies, in words (its algorithm, or "all").
    pub fn lane_label(&self, lane: usize) -> String {
        self.runs
            .lanes
            .get(lane)
            .map_or_else(|| "all".to_string(), Lane::label)
    }
}

#[cfg(test)]
mod tests;
