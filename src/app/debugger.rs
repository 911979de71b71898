//! The debugger's state and rules: scrubbing the recorded timeline, branching from a
//! past tick, breakpoints that pause on events, and the telemetry behind the plots.

use super::session::{Selection, Session};
use crate::sim::telemetry::{sample, telemetry, Quantity, Sample};
use crate::sim::{EventKind, MissReason, MissileId, World};
use std::collections::BTreeMap;

/// What pauses the run by itself. Each is toggled in the panel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Breakpoints {
    pub hit: bool,
    pub miss: bool,
    pub no_solution: bool,
    /// A solver failed to converge (Newton).
    pub solver_failed: bool,
    /// A missile's state stopped being finite.
    pub non_finite: bool,
    /// Pause when this tick is reached.
    pub at_tick: Option<u64>,
}

impl Breakpoints {
    /// The first breakpoint the world's last tick triggers: why, and the missile to
    /// highlight.
    pub fn check(&self, world: &World, lane: usize) -> Option<(String, Option<Selection>)> {
        let select = |id: MissileId| Some(Selection::Missile { lane, id });
        for event in world.events() {
            let found = match &event.kind {
                EventKind::Hit {
                    missile, algorithm, ..
                } if self.hit => Some((format!("{missile} ({algorithm}) hit"), select(*missile))),
                EventKind::Missed {
                    missile,
                    algorithm,
                    reason: MissReason::NonFinite,
                    ..
                } if self.non_finite => Some((
                    format!("{missile} ({algorithm}): a non-finite value was caught"),
                    select(*missile),
                )),
                EventKind::Missed {
                    missile,
                    algorithm,
                    reason,
                    ..
                } if self.miss => Some((
                    format!("{missile} ({algorithm}) missed: {}", reason.describe()),
                    select(*missile),
                )),
                EventKind::NoSolution { algorithm, .. } if self.no_solution => {
                    Some((format!("{algorithm}: no solution, did not fire"), None))
                }
                EventKind::SolverFailed { missile, algorithm } if self.solver_failed => Some((
                    format!("{missile} ({algorithm}): the solver did not converge"),
                    select(*missile),
                )),
                _ => None,
            };
            if found.is_some() {
                return found;
            }
        }
        (self.at_tick == Some(world.tick()))
            .then(|| (format!("reached tick {}", world.tick()), None))
    }
}

/// The missiles being plotted and their telemetry, recomputed from the history when
/// the run moves on or branches.
#[derive(Clone, Debug, Default)]
pub struct Plots {
    /// Plotted missiles, by lane.
    pub missiles: Vec<(usize, MissileId)>,
    /// What is plotted against time.
    pub quantity: Quantity,
    samples: BTreeMap<(usize, MissileId), Vec<Sample>>,
    fresh: bool,
}

impl Plots {
    pub fn clear(&mut self) {
        self.missiles.clear();
        self.samples.clear();
        self.fresh = false;
    }

    /// The run branched: recompute from the history before the next look.
    pub fn stale(&mut self) {
        self.fresh = false;
    }

    /// The live run moved on one tick in `lane`: extend the plotted series from the world
    /// itself rather than replaying the whole history.
    pub fn extend(&mut self, lane: usize, world: &World) {
        if !self.fresh {
            return;
        }
        // Plotted missiles launched only now (a scenario's plot names them in advance)
        // start their series here.
        for &(l, id) in &self.missiles {
            if l != lane {
                continue;
            }
            let samples = self.samples.entry((l, id)).or_default();
            if let Some(m) = world.missiles().iter().find(|m| m.id == id) {
                if let Some(s) = sample(world, m, samples.last()) {
                    samples.push(s);
                }
            }
        }
    }

    /// Adds or removes a missile from the plots.
    pub fn toggle(&mut self, lane: usize, id: MissileId) {
        if let Some(i) = self.missiles.iter().position(|m| *m == (lane, id)) {
            self.missiles.remove(i);
        } else {
            self.missiles.push((lane, id));
        }
        self.fresh = false;
    }

    /// The samples of every plotted missile (recomputed if stale).
    pub fn samples(
        &mut self,
        session_lanes: &[super::session::Lane],
    ) -> &BTreeMap<(usize, MissileId), Vec<Sample>> {
        if !self.fresh {
            self.samples.clear();
            for (lane_index, lane) in session_lanes.iter().enumerate() {
                let ids: Vec<MissileId> = self
                    .missiles
                    .iter()
                    .filter(|(l, _)| *l == lane_index)
                    .map(|(_, id)| *id)
                    .collect();
                if ids.is_empty() {
                    continue;
                }
                for (id, samples) in telemetry(&lane.history, &ids) {
                    self.samples.insert((lane_index, id), samples);
                }
            }
            self.fresh = true;
        }
        &self.samples
    }
}

impl Session {
    /// The recorded range `(earliest, latest)` common to every lane.
    pub fn recorded(&self) -> (u64, u64) {
        let earliest = self
            .lanes
            .iter()
            .map(|l| l.history.earliest())
            .max()
            .unwrap_or(0);
        let latest = self
            .lanes
            .iter()
            .map(|l| l.history.latest())
            .min()
            .unwrap_or(0);
        (earliest, latest)
    }

    /// Shows a recorded tick (the live tick, or past it, returns to live). Pauses.
    pub fn scrub(&mut self, tick: u64) {
        self.playing = false;
        let (earliest, latest) = self.recorded();
        if tick >= latest {
            self.view_tick = None;
            for lane in &mut self.lanes {
                lane.past = None;
            }
            return;
        }
        let tick = tick.max(earliest);
        for lane in &mut self.lanes {
            lane.past = lane.history.world_at(tick);
        }
        self.view_tick = Some(tick);
    }

    /// One tick back in the recorded past.
    pub fn step_back(&mut self) {
        let now = self.view_tick.unwrap_or_else(|| self.recorded().1);
        self.scrub(now.saturating_sub(1));
    }

    /// Whether the view shows the past.
    pub fn in_past(&self) -> bool {
        self.view_tick.is_some()
    }

    /// From a past tick, continue live from there: every lane branches, the old future
    /// is kept as a ghost, trails after the tick are dropped. Live: nothing to do.
    pub fn leave_past(&mut self) {
        let Some(tick) = self.view_tick.take() else {
            return;
        };
        for lane in &mut self.lanes {
            lane.past = None;
            if let Some((world, ghost)) = lane.history.branch(tick) {
                lane.world = world;
                lane.ghost = Some(ghost);
                lane.trails.truncate_after(tick);
                lane.blasts.retain(|(t, _, _)| *t <= tick);
            }
        }
        self.plots.stale();
        self.status = Some(format!(
            "branched at tick {tick}: the old future is drawn as a ghost"
        ));
    }

    /// Forgets the ghosts of earlier branches.
    pub fn clear_ghosts(&mut self) {
        for lane in &mut self.lanes {
            lane.ghost = None;
        }
    }

    /// Writes the selected missile's telemetry as CSV.
    pub fn export_telemetry(&mut self, path: &std::path::Path) -> Result<usize, String> {
        let Some(Selection::Missile { lane, id }) = self.selected else {
            return Err("select a missile first".into());
        };
        let history = &self.lanes.get(lane).ok_or("no such lane")?.history;
        let samples = telemetry(history, &[id]).remove(&id).unwrap_or_default();
        let mut text = Vec::new();
        crate::sim::telemetry::write_csv(&samples, &mut text).map_err(|e| e.to_string())?;
        crate::files::write_atomically(path, |out| out.write_all(&text))
            .map_err(|e| e.to_string())?;
        Ok(samples.len())
    }
}
