//! Telemetry of crowd agents for the plots: per tick, for chosen agents, their speed, the
//! steering force they steer by, how many neighbours they see and, when their crowd
//! follows a path, how far they are from its spine. Like the missiles' telemetry
//! ([`super::telemetry`]) it is derived by replaying the recorded history: nothing extra
//! is stored while running.

use super::history::History;
use super::world::World;
use std::collections::BTreeMap;

/// An agent: its crowd's index in the world and its index in the crowd.
pub type AgentId = (usize, usize);

/// The quantities plotted against time for an agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AgentQuantity {
    #[default]
    Speed,
    SteeringForce,
    Neighbours,
    PathDistance,
}

impl AgentQuantity {
    pub const ALL: [AgentQuantity; 4] = [
        AgentQuantity::Speed,
        AgentQuantity::SteeringForce,
        AgentQuantity::Neighbours,
        AgentQuantity::PathDistance,
    ];

    /// Name and unit for axes and legends.
    pub fn label(self) -> &'static str {
        match self {
            AgentQuantity::Speed => "speed (units/s)",
            AgentQuantity::SteeringForce => "steering force (units/s^2)",
            AgentQuantity::Neighbours => "neighbours (agents)",
            AgentQuantity::PathDistance => "distance to the path's spine (units)",
        }
    }
}

/// One agent at one tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentSample {
    pub tick: u64,
    pub time: f64,
    pub speed: f32,
    /// The force it steers by from this tick (its blend, truncated to its maximum).
    pub force: f32,
    pub neighbours: usize,
    /// How far it is from its crowd's path's spine, if its crowd follows a path.
    pub path_distance: Option<f32>,
}

impl AgentSample {
    /// Its value of `quantity` (none: the distance to a path its crowd does not follow).
    pub fn value(&self, quantity: AgentQuantity) -> Option<f64> {
        match quantity {
            AgentQuantity::Speed => Some(self.speed as f64),
            AgentQuantity::SteeringForce => Some(self.force as f64),
            AgentQuantity::Neighbours => Some(self.neighbours as f64),
            AgentQuantity::PathDistance => self.path_distance.map(f64::from),
        }
    }
}

/// Agent `agent`'s sample in `world` now, if there is such an agent.
pub fn agent_sample(world: &World, (crowd, agent): AgentId) -> Option<AgentSample> {
    let c = world.crowds().get(crowd)?;
    let why = c.explain(agent, world.dt())?;
    let me = c.agents[agent];
    let path = c.params.goal.as_ref().and_then(|g| g.path());
    Some(AgentSample {
        tick: world.tick(),
        time: world.time(),
        speed: me.vel.length(),
        force: why.total.length(),
        neighbours: why.neighbours.len(),
        path_distance: path.and_then(|p| p.nearest(me.pos)).map(|on| on.distance),
    })
}

/// The samples of `agents` over the whole recorded history, replayed tick by tick.
pub fn agent_telemetry(
    history: &History,
    agents: &[AgentId],
) -> BTreeMap<AgentId, Vec<AgentSample>> {
    let mut out: BTreeMap<AgentId, Vec<AgentSample>> =
        agents.iter().map(|id| (*id, Vec::new())).collect();
    let Some(mut world) = history.world_at(history.earliest()) else {
        return out;
    };
    loop {
        for (id, samples) in out.iter_mut() {
            samples.extend(agent_sample(&world, *id));
        }
        if world.tick() >= history.latest() {
            return out;
        }
        let next = world.tick() + 1;
        history.replay(&mut world, next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guidance::Tuning;
    use crate::sim::config::WorldConfig;
    use crate::sim::crowd_spec::CrowdSpec;

    /// Three agents (top speed 1000, so never cut, force at most 30) near a straight
    /// path along y = 500 from x = 100 to 900.
    fn walkers() -> World {
        let config = WorldConfig {
            width: 1000.0,
            height: 1000.0,
            ..WorldConfig::default()
        };
        let mut world = World::new(config, Tuning::default());
        let spec: CrowdSpec = ron::from_str(
            "(count: 3, from: (300, 440), to: (340, 470), seed: 3, max_speed: 1000,
              max_force: 30, neighbour_radius: 35,
              goal: Some(FollowPath((points: [(100, 500), (900, 500)], radius: 10))))",
        )
        .unwrap();
        world.add_crowd(&spec);
        world
    }

    #[test]
    fn an_agents_samples_are_its_speed_force_neighbours_and_distance_to_the_path_each_tick() {
        let mut world = walkers();
        let mut history = History::new(&world, 30, usize::MAX);
        // The same run, kept tick by tick to check against.
        let mut states = vec![world.crowds()[0].agents.clone()];
        for _ in 0..90 {
            history.step(&mut world);
            states.push(world.crowds()[0].agents.clone());
        }
        let telemetry = agent_telemetry(&history, &[(0, 1), (0, 7), (2, 0)]);
        // No such agent, no such crowd: nothing.
        assert!(telemetry[&(0, 7)].is_empty() && telemetry[&(2, 0)].is_empty());
        let samples = &telemetry[&(0, 1)];
        assert_eq!(samples.len(), 91);
        for (k, s) in samples.iter().enumerate() {
            let agents = &states[k];
            let me = agents[1];
            assert_eq!(s.tick, k as u64);
            assert!((s.time - k as f64 / 60.0).abs() < 1e-6, "{}", s.time);
            assert_eq!(s.speed, me.vel.length());
            // Off the path's ends nobody goes: the distance is how far from y = 500.
            let off = s.path_distance.unwrap();
            assert!(
                (off - (me.pos.y - 500.0).abs()).abs() < 1e-3,
                "{off} {}",
                me.pos
            );
            // Neighbours: the others within 35.
            let near = [0, 2]
                .iter()
                .filter(|j| agents[**j].pos.distance(me.pos) < 35.0);
            assert_eq!(s.neighbours, near.count(), "tick {k}");
            // The force it steers by: the next tick's change of velocity (never cut:
            // under the top speed), within the float error of dividing by dt.
            if let Some(next) = states.get(k + 1) {
                let felt = (next[1].vel - me.vel).length() * 60.0;
                assert!(
                    (felt - s.force).abs() < 1e-2,
                    "tick {k}: {felt} {}",
                    s.force
                );
            }
        }
        // They set off, some steering (at most the maximum force 30).
        assert!(samples.iter().any(|s| s.speed > 5.0));
        assert!(samples.iter().all(|s| s.force <= 30.0 + 1e-4));
        assert!(samples.iter().any(|s| s.force > 1.0));
    }

    #[test]
    fn a_sample_reads_each_quantity_and_no_distance_without_a_path() {
        let s = AgentSample {
            tick: 4,
            time: 0.5,
            speed: 2.0,
            force: 3.0,
            neighbours: 4,
            path_distance: Some(5.0),
        };
        let values: Vec<Option<f64>> = AgentQuantity::ALL.iter().map(|q| s.value(*q)).collect();
        assert_eq!(values, [Some(2.0), Some(3.0), Some(4.0), Some(5.0)]);
        let free = AgentSample {
            path_distance: None,
            ..s
        };
        assert_eq!(free.value(AgentQuantity::PathDistance), None);
        // A crowd without a path has no distance to one.
        let mut world = walkers();
        let spec: CrowdSpec = ron::from_str("(count: 2, from: (0, 0), to: (9, 9))").unwrap();
        world.add_crowd(&spec);
        assert_eq!(agent_sample(&world, (1, 0)).unwrap().path_distance, None);
        assert!(agent_sample(&world, (0, 0))
            .unwrap()
            .path_distance
            .is_some());
        // Every quantity has its own label.
        let labels: std::collections::BTreeSet<&str> =
            AgentQuantity::ALL.iter().map(|q| q.label()).collect();
        assert_eq!(labels.len(), 4);
    }
}
