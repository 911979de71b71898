//! The telemetry plots' state: which missiles and crowd agents are plotted, what
//! quantity, and their samples, computed once from the history and then extended tick
//! by tick.

use crate::sim::agent_telemetry::{
    agent_sample, agent_telemetry, AgentId, AgentQuantity, AgentSample,
};
use crate::sim::history::History;
use crate::sim::telemetry::{sample, telemetry, Quantity, Sample};
use crate::sim::{MissileId, World};
use std::collections::BTreeMap;

/// The missiles being plotted and their telemetry, recomputed from the history when
/// the run moves on or branches.
#[derive(Clone, Debug, Default)]
pub struct Plots {
    /// Plotted missiles, by lane.
    pub missiles: Vec<(usize, MissileId)>,
    /// What is plotted against time.
    pub quantity: Quantity,
    /// The seconds and the values shown at first (a scenario's plot may set them;
    /// none: fitted to the samples), and how many times they were set (a new setting
    /// is a new plot, so the plot's remembered zoom does not keep it out).
    pub time: Option<(f64, f64)>,
    pub range: Option<(f64, f64)>,
    pub framing: u32,
    /// Plotted crowd agents, by lane, and what is plotted of them.
    pub agents: Vec<(usize, AgentId)>,
    pub agent_quantity: AgentQuantity,
    samples: BTreeMap<(usize, MissileId), Vec<Sample>>,
    agent_samples: BTreeMap<(usize, AgentId), Vec<AgentSample>>,
    fresh: bool,
}

impl Plots {
    pub fn clear(&mut self) {
        self.missiles.clear();
        self.agents.clear();
        self.time = None;
        self.range = None;
        self.framing += 1;
        self.samples.clear();
        self.agent_samples.clear();
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
        for &(l, id) in &self.agents {
            if l == lane {
                let samples = self.agent_samples.entry((l, id)).or_default();
                samples.extend(agent_sample(world, id));
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

    /// Adds or removes a crowd agent from the plots.
    pub fn toggle_agent(&mut self, lane: usize, id: AgentId) {
        if let Some(i) = self.agents.iter().position(|a| *a == (lane, id)) {
            self.agents.remove(i);
        } else {
            self.agents.push((lane, id));
        }
        self.fresh = false;
    }

    /// The samples of every plotted missile (recomputed from each lane's history if
    /// stale).
    pub fn samples<'h>(
        &mut self,
        histories: impl IntoIterator<Item = &'h History>,
    ) -> &BTreeMap<(usize, MissileId), Vec<Sample>> {
        self.refresh(histories);
        &self.samples
    }

    /// The samples of every plotted agent (recomputed from each lane's history if stale).
    pub fn agent_samples<'h>(
        &mut self,
        histories: impl IntoIterator<Item = &'h History>,
    ) -> &BTreeMap<(usize, AgentId), Vec<AgentSample>> {
        self.refresh(histories);
        &self.agent_samples
    }

    /// Recomputes every plotted series from each lane's history, if stale.
    fn refresh<'h>(&mut self, histories: impl IntoIterator<Item = &'h History>) {
        if !self.fresh {
            self.samples.clear();
            self.agent_samples.clear();
            for (lane_index, history) in histories.into_iter().enumerate() {
                let agents: Vec<AgentId> = (self.agents.iter())
                    .filter(|(l, _)| *l == lane_index)
                    .map(|(_, id)| *id)
                    .collect();
                if !agents.is_empty() {
                    for (id, samples) in agent_telemetry(history, &agents) {
                        self.agent_samples.insert((lane_index, id), samples);
                    }
                }
                let ids: Vec<MissileId> = self
                    .missiles
                    .iter()
                    .filter(|(l, _)| *l == lane_index)
                    .map(|(_, id)| *id)
                    .collect();
                if ids.is_empty() {
                    continue;
                }
                for (id, samples) in telemetry(history, &ids) {
                    self.samples.insert((lane_index, id), samples);
                }
            }
            self.fresh = true;
        }
    }
}
