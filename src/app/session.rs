//! The sandbox's state apart from drawing: the scenario being edited, the running
//! worlds (one, or one per algorithm in compare mode), play/pause/speed, selection,
//! overlays, the file and its unsaved changes. Every change to a world goes through a
//! [`Input`], applied to every lane at the same tick so comparisons stay fair.

use super::debugger::{Breakpoints, Plots};
use super::render::trails::Trails;
use crate::guidance::{Algorithm, ParamValue};
use crate::scenario::{self, Scenario, ScenarioErrors};
use crate::sim::history::{Ghost, History, DEFAULT_BUDGET, DEFAULT_INTERVAL};
use crate::sim::{EventKind, Input, MissileId, TargetId, World};
use glam::Vec2;
use std::path::{Path, PathBuf};

/// One running world: the whole scenario, or the scenario restricted to one algorithm.
pub struct Lane {
    /// `None`: every algorithm the scenario fires.
    pub algorithm: Option<Algorithm>,
    /// The live world.
    pub world: World,
    /// Its recorded past.
    pub history: History,
    /// The world rebuilt at the scrubbed tick, while looking at the past.
    pub past: Option<World>,
    /// The old future of the last branch, drawn faintly to compare with.
    pub ghost: Option<Ghost>,
    pub trails: Trails,
    /// Recent detonations `(tick, position, radius)`, for the blast flashes.
    pub blasts: Vec<(u64, Vec2, f32)>,
}

impl Lane {
    /// The world on screen: the scrubbed past, or the live world.
    pub fn shown(&self) -> &World {
        self.past.as_ref().unwrap_or(&self.world)
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
            grid: true,
            labels: true,
            legend: true,
        }
    }
}

/// What is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Missile { lane: usize, id: MissileId },
    Target(TargetId),
    Launcher(usize),
}

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

/// Fastest and slowest play speeds.
pub const MIN_SPEED: f32 = 0.1;
pub const MAX_SPEED: f32 = 10.0;
/// How long a blast flash stays on screen.
const BLAST_TICKS: u64 = 60;
/// Most ticks one frame may run (so a slow frame cannot snowball).
const MAX_TICKS_PER_FRAME: u32 = 200;

/// The sandbox state.
pub struct Session {
    /// The scenario as edited (what Save writes).
    pub scenario: Scenario,
    /// The scenario as last opened or saved (what Revert restores).
    pub saved: Scenario,
    pub path: Option<PathBuf>,
    pub recent: Vec<PathBuf>,
    pub lanes: Vec<Lane>,
    pub compare: bool,
    pub layout: Layout,
    pub playing: bool,
    pub speed: f32,
    accumulator: f64,
    pub overlays: Overlays,
    /// Trail length in seconds.
    pub trail_seconds: f32,
    pub selected: Option<Selection>,
    /// The launcher a volley is fired from.
    pub launcher: usize,
    /// The last error (a bad file, a failed save), shown in the panel.
    pub error: Option<String>,
    /// The last informational message.
    pub status: Option<String>,
    /// Whether the keyboard-shortcut window is open.
    pub help_open: bool,
    /// A target being dragged: where the mouse is, and where the target was last sent.
    drag: Option<(TargetId, Vec2, Vec2)>,
    /// The tick on screen when looking at the past (none: live).
    pub view_tick: Option<u64>,
    /// Memory budget of each lane's history, bytes.
    pub history_budget: usize,
    pub breakpoints: Breakpoints,
    /// Why the run last paused by itself, and on which missile.
    pub paused_by: Option<String>,
    pub plots: Plots,
    /// Edits to take back, newest last.
    undo: Vec<Edit>,
    /// The view should be fitted to the world on the next frame.
    pub fit_requested: bool,
}

impl Session {
    pub fn new(scenario: Scenario, path: Option<PathBuf>) -> Self {
        let mut session = Session {
            saved: scenario.clone(),
            scenario,
            path: None,
            recent: Vec::new(),
            lanes: Vec::new(),
            compare: false,
            layout: Layout::Overlay,
            playing: true,
            speed: 1.0,
            accumulator: 0.0,
            overlays: Overlays::default(),
            trail_seconds: 3.0,
            selected: None,
            launcher: 0,
            error: None,
            status: None,
            help_open: false,
            drag: None,
            view_tick: None,
            history_budget: DEFAULT_BUDGET,
            breakpoints: Breakpoints::default(),
            paused_by: None,
            plots: Plots::default(),
            undo: Vec::new(),
            fit_requested: false,
        };
        if let Some(path) = path {
            session.remember(&path);
            session.path = Some(path);
        }
        session.restart();
        session
    }

    /// Whether the scenario differs from the file.
    pub fn dirty(&self) -> bool {
        self.scenario != self.saved
    }

    /// Rebuilds every lane from the scenario, from tick 0.
    pub fn restart(&mut self) {
        let algorithms: Vec<Option<Algorithm>> = if self.compare {
            self.scenario.compared().into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        let mut lanes = Vec::new();
        for algorithm in algorithms {
            let scenario = match algorithm {
                Some(a) => self.scenario.restricted_to(a),
                None => self.scenario.clone(),
            };
            match scenario.build() {
                Ok(world) => lanes.push(Lane {
                    algorithm,
                    history: History::new(&world, DEFAULT_INTERVAL, self.history_budget),
                    world,
                    past: None,
                    ghost: None,
                    trails: Trails::default(),
                    blasts: Vec::new(),
                }),
                Err(e) => {
                    self.error = Some(format!("cannot build the scenario: {e}"));
                    return;
                }
            }
        }
        self.lanes = lanes;
        self.accumulator = 0.0;
        self.drag = None;
        self.view_tick = None;
        self.paused_by = None;
        self.plots.clear();
        if let Some(Selection::Missile { .. }) = self.selected {
            self.selected = None;
        }
        self.launcher = self
            .launcher
            .min(self.scenario.launchers.len().saturating_sub(1));
    }

    /// Applies the scenario's opening view: its overlays and its open plot.
    pub fn open_view(&mut self) {
        let Some(view) = self.scenario.view.clone() else {
            return;
        };
        if let Some(names) = &view.overlays {
            self.overlays = Overlays::only(names);
        }
        if let Some(plot) = &view.plot {
            self.plots.clear();
            self.plots.quantity = plot.quantity;
            for lane in 0..self.lanes.len() {
                for &id in &plot.missiles {
                    self.plots.toggle(lane, MissileId(id));
                }
            }
        }
    }

    /// The camera for `pane`: the scenario's own view if it sets one (and `refit` is
    /// not asked), else everything in the scene fitted in.
    pub fn opening_camera(
        &self,
        pane: super::render::camera::Pane,
        refit: bool,
    ) -> super::render::camera::Camera {
        use super::render::camera::Camera;
        let view = self.scenario.view.as_ref().filter(|_| !refit);
        // Fitted above the status bar along the pane's bottom.
        let bar = 28.0;
        let above = super::render::camera::Pane {
            h: (pane.h - bar).max(1.0),
            ..pane
        };
        let fitted = self
            .lanes
            .first()
            .map(|lane| {
                let (lo, hi) = super::render::camera::scene_bounds(lane.shown());
                let mut camera = Camera::fit_bounds(lo, hi, above);
                camera.center.y += bar * 0.5 / camera.zoom;
                camera
            })
            .unwrap_or(Camera {
                center: Vec2::ZERO,
                zoom: 1.0,
            });
        Camera {
            center: view.and_then(|v| v.center).unwrap_or(fitted.center),
            zoom: view.and_then(|v| v.zoom).unwrap_or(fitted.zoom),
        }
    }

    /// Switches compare mode and restarts.
    pub fn set_compare(&mut self, compare: bool) {
        self.compare = compare;
        self.restart();
    }

    /// The tick length of the running worlds.
    pub fn dt(&self) -> f32 {
        self.scenario.world.dt()
    }

    /// The tick shown (all lanes run in lockstep).
    pub fn tick(&self) -> u64 {
        self.lanes.first().map_or(0, |l| l.shown().tick())
    }

    pub fn time(&self) -> f64 {
        self.lanes.first().map_or(0.0, |l| l.shown().time())
    }

    /// Advances by a frame of `seconds` of wall time at the current speed; returns the
    /// ticks run.
    pub fn advance(&mut self, seconds: f32) -> u32 {
        if !self.playing {
            return 0;
        }
        // Playing from a past tick continues from there: a branch.
        self.leave_past();
        self.accumulator += f64::from(seconds.clamp(0.0, 0.25) * self.speed) / f64::from(self.dt());
        let due = (self.accumulator.floor() as u32).min(MAX_TICKS_PER_FRAME);
        self.accumulator -= f64::from(due);
        self.accumulator = self.accumulator.min(2.0);
        for k in 0..due {
            self.send_drag((k + 1) as f32 / due as f32);
            if self.step_once() {
                return k + 1;
            }
        }
        due
    }

    /// Queues the drag position for the next tick, `fraction` of the way from where the
    /// target was last sent to where the mouse is, so a drag spread over several ticks
    /// moves the target smoothly and its estimated velocity stays right.
    fn send_drag(&mut self, fraction: f32) {
        if let Some((target, goal, sent)) = self.drag {
            let pos = sent.lerp(goal, fraction);
            if pos != sent {
                let _ = self.apply(Input::MoveTarget { target, pos });
                self.drag = Some((target, goal, pos));
            }
        }
    }

    /// Single step forward: one tick (in the past, the next recorded tick).
    pub fn single_step(&mut self) {
        self.playing = false;
        if let Some(tick) = self.view_tick {
            self.scrub(tick + 1);
            return;
        }
        self.send_drag(1.0);
        self.step_once();
    }

    /// One tick in every lane; returns true when a breakpoint paused the run.
    pub fn step_once(&mut self) -> bool {
        // Trails are kept longer than drawn, so scrubbing back still shows them.
        let keep = (self.trail_seconds.max(30.0) / self.dt()).ceil() as u64;
        let mut hit_breakpoint = None;
        for (index, lane) in self.lanes.iter_mut().enumerate() {
            lane.history.step(&mut lane.world);
            if hit_breakpoint.is_none() {
                hit_breakpoint = self.breakpoints.check(&lane.world, index);
            }
            lane.trails.record(&lane.world, keep);
            self.plots.extend(index, &lane.world);
            let tick = lane.world.tick();
            lane.blasts
                .retain(|(t, _, _)| tick.saturating_sub(*t) < BLAST_TICKS);
            for event in lane.world.events() {
                if let EventKind::Detonated { pos, radius, .. } = event.kind {
                    lane.blasts.push((event.tick, pos, radius));
                }
            }
        }
        match hit_breakpoint {
            Some((reason, missile)) => {
                self.playing = false;
                self.paused_by = Some(reason);
                if let Some(selection) = missile {
                    self.selected = Some(selection);
                }
                true
            }
            None => false,
        }
    }

    /// Sends an input to every lane or, if any lane refuses it, to none, so the lanes
    /// never diverge (from a past tick, this branches first).
    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        self.leave_past();
        for lane in &self.lanes {
            lane.world.check(&input)?;
        }
        for lane in &mut self.lanes {
            lane.world.apply(input.clone())?;
        }
        Ok(())
    }

    /// Drags a target towards a world position (the mouse); the worlds see it move over
    /// the next ticks, in every lane at the same tick.
    pub fn drag_target(&mut self, target: TargetId, pos: Vec2) {
        let sent = match self.drag {
            Some((t, _, sent)) if t == target => sent,
            _ => self
                .lanes
                .first()
                .and_then(|l| l.world.target(target))
                .map_or(pos, |t| t.pos),
        };
        self.drag = Some((target, pos, sent));
    }

    /// Ends a drag.
    pub fn release_target(&mut self) {
        self.drag = None;
    }

    /// The target being dragged and where the mouse holds it.
    pub fn dragging(&self) -> Option<(TargetId, Vec2)> {
        self.drag.map(|(t, goal, _)| (t, goal))
    }

    /// Fires a volley from the selected launcher.
    pub fn launch(&mut self) {
        if self.launcher < self.scenario.launchers.len() {
            let _ = self.apply(Input::Launch {
                launcher: self.launcher,
            });
        } else {
            self.error = Some("the scenario has no launcher to fire from".into());
        }
    }

    /// Places a static target at a world position; it is added to the scenario too, so
    /// Save keeps it.
    pub fn place_target(&mut self, pos: Vec2) {
        let n = (1..)
            .find(|n| {
                !self
                    .scenario
                    .targets
                    .iter()
                    .any(|t| t.name == format!("target {n}"))
            })
            .unwrap_or(1);
        let spec = crate::sim::TargetSpec {
            name: format!("target {n}"),
            radius: 12.0,
            destructible: false,
            motion: crate::sim::Motion::Static(crate::sim::motion::Static { pos }),
        };
        match self.apply(Input::AddTarget(spec.clone())) {
            Ok(()) => {
                self.scenario.targets.push(spec);
                self.remember_edit(Edit::PlacedTarget(format!("target {n}")));
                self.status = Some(format!("placed target {n} (Ctrl+Z takes it back)"));
            }
            Err(e) => self.error = Some(format!("cannot place a target: {e}")),
        }
    }

    fn remember_edit(&mut self, edit: Edit) {
        self.undo.push(edit);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Takes back the last edit: a placed target leaves the scenario and every lane
    /// (before it appears, if it has not yet); any other edit restores the scenario as
    /// it was and restarts.
    pub fn undo(&mut self) {
        let Some(edit) = self.undo.pop() else {
            self.status = Some("nothing to undo".into());
            return;
        };
        match edit {
            Edit::PlacedTarget(name) => {
                self.scenario.targets.retain(|t| t.name != name);
                self.leave_past();
                for lane in &mut self.lanes {
                    lane.world.remove_target_named(&name);
                }
                if matches!(self.selected, Some(Selection::Target(_))) {
                    self.selected = None;
                }
                self.status = Some(format!("took back {name}"));
            }
            Edit::Scenario(before) => {
                self.scenario = *before;
                self.restart();
                self.status = Some("undid the last edit (the run restarted)".into());
            }
        }
    }

    /// Changes an algorithm parameter: in the scenario (for Save) and live in every
    /// lane. Returns whether it reaches missiles in flight.
    pub fn set_param(
        &mut self,
        algorithm: Algorithm,
        name: &str,
        value: ParamValue,
    ) -> Result<(), String> {
        self.scenario.algorithms.set(algorithm, name, value)?;
        self.apply(Input::SetParam {
            algorithm,
            name: name.to_string(),
            value,
        })
    }

    /// Replaces the scenario with an edited one and restarts (targets, launchers, world).
    pub fn edit_scenario(&mut self, edit: impl FnOnce(&mut Scenario)) {
        let before = self.scenario.clone();
        edit(&mut self.scenario);
        if self.scenario != before {
            self.remember_edit(Edit::Scenario(Box::new(before)));
            self.restart();
        }
    }

    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(8);
    }

    /// Opens a file. A bad file leaves the open scenario exactly as it was and reports
    /// its errors.
    pub fn open(&mut self, path: &Path) -> Result<(), ScenarioErrors> {
        match scenario::load(path) {
            Ok(scenario) => {
                self.saved = scenario.clone();
                self.scenario = scenario;
                self.path = Some(path.to_path_buf());
                self.remember(path);
                self.error = None;
                self.status = Some(format!("opened {}", path.display()));
                self.selected = None;
                self.restart();
                Ok(())
            }
            Err(errors) => {
                self.error = Some(errors.to_string());
                Err(errors)
            }
        }
    }

    /// Saves to `path` (atomically) and makes it the current file.
    pub fn save_as(&mut self, path: &Path) -> Result<(), crate::files::FileError> {
        match scenario::save(&self.scenario, path) {
            Ok(()) => {
                self.saved = self.scenario.clone();
                self.path = Some(path.to_path_buf());
                self.remember(path);
                self.error = None;
                self.status = Some(format!("saved {}", path.display()));
                Ok(())
            }
            Err(e) => {
                self.error = Some(format!("could not save {e}"));
                Err(e)
            }
        }
    }

    /// Throws away unsaved changes.
    pub fn revert(&mut self) {
        let before = self.scenario.clone();
        self.scenario = self.saved.clone();
        self.remember_edit(Edit::Scenario(Box::new(before)));
        self.restart();
        self.error = None;
        self.status = Some(match &self.path {
            Some(path) => format!("reverted to {} as saved", path.display()),
            None => "reverted to the scenario as opened".into(),
        });
    }

    /// The algorithm a lane's missile flies, for colouring.
    pub fn lane_label(&self, lane: usize) -> String {
        match self.lanes.get(lane).and_then(|l| l.algorithm) {
            Some(a) => a.id().to_string(),
            None => "all".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(crate::scenario::presets::default_scenario(), None)
    }

    #[test]
    fn compare_mode_runs_one_lane_per_algorithm_in_lockstep() {
        let mut s = session();
        s.set_compare(true);
        assert_eq!(s.lanes.len(), s.scenario.compared().len());
        for _ in 0..30 {
            s.step_once();
        }
        assert!(s.lanes.iter().all(|l| l.world.tick() == 30));
        for lane in &s.lanes {
            let algorithm = lane.algorithm.unwrap();
            assert!(lane
                .world
                .all_missiles()
                .iter()
                .all(|m| m.algorithm() == algorithm));
        }
    }

    #[test]
    fn dragging_drives_the_target_in_every_lane_at_the_same_tick() {
        let mut s = session();
        s.set_compare(true);
        let target = s.lanes[0].world.targets()[0].id;
        s.drag_target(target, Vec2::new(100.0, 100.0));
        s.single_step();
        for lane in &s.lanes {
            assert_eq!(
                lane.world.target(target).unwrap().pos,
                Vec2::new(100.0, 100.0)
            );
        }
    }

    #[test]
    fn advance_runs_ticks_at_the_chosen_speed_and_none_when_paused() {
        let mut s = session();
        let dt = s.dt();
        assert_eq!(s.advance(dt * 3.0 + 1e-4), 3);
        s.speed = 2.0;
        assert_eq!(s.advance(dt * 3.0 + 1e-4), 6);
        s.playing = false;
        assert_eq!(s.advance(1.0), 0);
    }

    #[test]
    fn a_broken_file_keeps_the_open_scenario() {
        let mut s = session();
        let before = s.scenario.clone();
        let dir = std::env::temp_dir().join(format!("steerlab-session-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.ron");
        std::fs::write(&bad, "(version: 1, targets: [(name: \"x\")]").unwrap();
        assert!(s.open(&bad).is_err());
        assert_eq!(s.scenario, before);
        assert!(s.error.as_deref().unwrap().contains("bad.ron:"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn param_changes_mark_the_scenario_dirty_and_reach_every_world() {
        let mut s = session();
        assert!(!s.dirty());
        let smoothed = Algorithm::from_id("smoothed").unwrap();
        s.set_param(smoothed, "ga", ParamValue::Float(0.5)).unwrap();
        assert!(s.dirty());
        s.step_once();
        assert_eq!(
            s.lanes[0].world.tuning.get(smoothed, "ga"),
            Some(ParamValue::Float(0.5))
        );
        assert!(s.set_param(smoothed, "ga", ParamValue::Float(1.5)).is_err());
    }

    #[test]
    fn a_placed_target_is_queued_in_every_lane_and_undo_withdraws_it_before_it_appears() {
        let mut s = session();
        s.set_compare(true);
        s.playing = false;
        let targets = s.scenario.targets.len();
        s.place_target(Vec2::new(50.0, 60.0));
        assert_eq!(s.scenario.targets.len(), targets + 1);
        for lane in &s.lanes {
            assert!(matches!(
                lane.world.pending(),
                [Input::AddTarget(spec)] if spec.name == "target 1" && spec.motion.start() == Vec2::new(50.0, 60.0)
            ));
        }
        s.undo();
        assert_eq!(s.scenario.targets.len(), targets);
        assert!(s.lanes.iter().all(|l| l.world.pending().is_empty()));
        s.single_step();
        assert!(s
            .lanes
            .iter()
            .all(|l| l.world.targets().iter().all(|t| t.name != "target 1")));
    }

    #[test]
    fn undo_after_the_target_appeared_removes_it_from_every_lane() {
        let mut s = session();
        s.set_compare(true);
        s.playing = false;
        s.place_target(Vec2::new(50.0, 60.0));
        s.single_step();
        assert!(s
            .lanes
            .iter()
            .all(|l| l.world.targets().iter().any(|t| t.name == "target 1")));
        s.undo();
        s.single_step();
        assert!(s
            .lanes
            .iter()
            .all(|l| l.world.targets().iter().all(|t| t.name != "target 1")));
        assert!(!s.scenario.targets.iter().any(|t| t.name == "target 1"));
    }

    #[test]
    fn an_input_one_lane_refuses_reaches_no_lane() {
        let mut s = session();
        s.set_compare(true);
        // Lane 1 loses its launchers: it refuses a launch, so lane 0 must not get it.
        let mut bare = s.scenario.clone();
        bare.launchers.clear();
        s.lanes[1].world = bare.build().unwrap();
        assert!(s.apply(Input::Launch { launcher: 0 }).is_err());
        assert!(s.lanes.iter().all(|l| l.world.pending().is_empty()));
        // One every lane takes reaches all of them.
        let target = s.lanes[0].world.targets()[0].id;
        s.apply(Input::MoveTarget {
            target,
            pos: Vec2::ONE,
        })
        .unwrap();
        assert!(s.lanes.iter().all(|l| l.world.pending().len() == 1));
    }

    #[test]
    fn a_scenario_view_sets_the_overlays_and_opens_its_plot() {
        let mut scenario = crate::scenario::presets::default_scenario();
        scenario.view = Some(crate::scenario::ViewSpec {
            overlays: Some(vec!["trails".into(), "dead-zone".into()]),
            plot: Some(crate::scenario::PlotSpec {
                quantity: crate::sim::telemetry::Quantity::HeadingError,
                missiles: vec![1],
            }),
            ..Default::default()
        });
        let mut s = Session::new(scenario, None);
        s.open_view();
        assert!(s.overlays.trails && s.overlays.dead_zone);
        assert!(!s.overlays.aim && !s.overlays.intercept && !s.overlays.legend);
        assert_eq!(
            s.plots.quantity,
            crate::sim::telemetry::Quantity::HeadingError
        );
        assert_eq!(s.plots.missiles, vec![(0, MissileId(1))]);
    }
}
