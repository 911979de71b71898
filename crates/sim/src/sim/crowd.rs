//! A crowd: many vehicles flocking ([`crate::steering`]) inside a box, around obstacles.
//! Each tick every agent's force is worked out from the crowd as it was at the start of
//! the tick (its neighbours found through a [`Grid`], the nearest few), then all move:
//! so the result does not depend on the order agents are visited in, nor on how many
//! threads visit them. Wander's nudges come from each agent's own seeded stream.
//!
//! The blend is Reynolds' boids behind a priority: staying out of obstacles (the
//! detection box and the feelers) and inside the box first; when neither asks for
//! anything, the weighted sum of separation, alignment, cohesion, wander, unaligned
//! collision avoidance and queueing (both off unless weighted) and the crowd's goal, if it
//! has one ([`crate::sim::goal`]: arrive somewhere, follow a path, pursue a target...).

pub use super::crowd_why::{Collision, Senses, Steering, SteeringPart};
use super::goal::{Around, Goal, Steer};
use super::rng::Rng;
use crate::steering::avoid::{
    containment, feelers, obstacle_avoidance, unaligned_collision_avoidance, wall_avoidance,
};
use crate::steering::blend::{priority, weighted_sum, Part};
use crate::steering::grid::Grid;
use crate::steering::group::{alignment, cohesion, queueing, separation};
use crate::steering::wander::{Wander, WanderParams};
use crate::steering::{Mover, Obstacle, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Most neighbours an agent looks at (the nearest).
pub const MOST_NEIGHBOURS: usize = 16;

/// Obstacles within an agent's reach it picks out of the grid; with more, it looks at
/// all of them.
const MOST_OBSTACLES: usize = 32;

crate::core::field_default!(pub(crate) default_horizon: f32 = 2.0);
crate::core::field_default!(pub(crate) default_queue_distance: f32 = 20.0);

/// How a crowd's agents move and flock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdParams {
    pub max_force: f32,
    pub max_speed: f32,
    pub radius: f32,
    /// Neighbours are the agents within this distance (units)...
    pub neighbour_radius: f32,
    /// ...the nearest this many of them (at most [`MOST_NEIGHBOURS`]).
    pub neighbours: usize,
    pub separation: f32,
    pub alignment: f32,
    pub cohesion: f32,
    pub wander: f32,
    /// Weight of unaligned collision avoidance among its neighbours (0: off).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub collisions: f32,
    /// How far ahead (seconds) it looks for a collision.
    #[serde(
        default = "default_horizon::value",
        skip_serializing_if = "default_horizon::is"
    )]
    pub collision_horizon: f32,
    /// Queueing's brake, per second, while a neighbour is ahead in its lane (0: off).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub queueing: f32,
    /// How far ahead queueing looks for a neighbour in its lane (units).
    #[serde(
        default = "default_queue_distance::value",
        skip_serializing_if = "default_queue_distance::is"
    )]
    pub queue_distance: f32,
    pub wander_circle: WanderParams,
    /// Obstacle avoidance's detection box at rest (units).
    pub avoid_length: f32,
    /// Obstacle avoidance's brake, a share of its push.
    pub braking: f32,
    /// Containment looks this far ahead (units).
    pub contain_ahead: f32,
    /// What it steers for besides flocking, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
}

impl Default for CrowdParams {
    fn default() -> Self {
        CrowdParams {
            max_force: 300.0,
            max_speed: 80.0,
            radius: 3.0,
            neighbour_radius: 30.0,
            neighbours: 8,
            separation: 1.5,
            alignment: 1.0,
            cohesion: 1.0,
            wander: 0.5,
            collisions: 0.0,
            collision_horizon: default_horizon::value(),
            queueing: 0.0,
            queue_distance: default_queue_distance::value(),
            wander_circle: WanderParams::default(),
            avoid_length: 30.0,
            braking: 0.2,
            contain_ahead: 30.0,
            goal: None,
        }
    }
}

/// Agents, their box and obstacles. Written (for a world's state hash) with its agents'
/// state, their wander points and streams, its parameters and box; not its obstacles,
/// which the world holds and hands it ([`Crowd::obstacles`]), nor its grids and buffers,
/// rebuilt every tick.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Crowd {
    pub agents: Vec<Vehicle>,
    wanders: Vec<Wander>,
    streams: Vec<Rng>,
    pub params: CrowdParams,
    #[serde(skip)]
    pub obstacles: Vec<Obstacle>,
    /// The box they stay in.
    pub lo: Vec2,
    pub hi: Vec2,
    #[serde(skip)]
    grid: Grid,
    /// The obstacles' bounding circles' centres in a grid, and the largest radius.
    #[serde(skip)]
    obstacle_grid: Grid,
    #[serde(skip)]
    largest: f32,
    #[serde(skip)]
    forces: Vec<Vec2>,
    /// The order the agents are visited in this tick (the grid's).
    #[serde(skip)]
    order: Vec<u32>,
    #[serde(skip)]
    positions: Vec<Vec2>,
    /// The world's targets its goal names, as they are now ([`Crowd::see`]).
    #[serde(skip)]
    seen: Vec<(String, Mover)>,
}

impl Crowd {
    /// `count` agents at rest in random places and headings inside the spawn area
    /// `from`-`to`, outside the obstacles (a place inside one is drawn again, up to 100
    /// times), from `seed`, to stay in the box `bounds`.
    pub fn new(
        count: usize,
        (from, to): (Vec2, Vec2),
        bounds: (Vec2, Vec2),
        obstacles: Vec<Obstacle>,
        params: CrowdParams,
        seed: u64,
    ) -> Crowd {
        let mut rng = Rng::new(seed);
        let mut agents = Vec::with_capacity(count);
        let place = |rng: &mut Rng| Vec2::new(rng.range(from.x, to.x), rng.range(from.y, to.y));
        for _ in 0..count {
            let mut pos = place(&mut rng);
            for _ in 0..100 {
                if obstacles.iter().all(|o| o.distance(pos) > params.radius) {
                    break;
                }
                pos = place(&mut rng);
            }
            let heading = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
            let (force, speed, radius) = (params.max_force, params.max_speed, params.radius);
            let mut agent = Vehicle::new(pos, Vec2::ZERO, force, speed, radius);
            agent.forward = heading.try_normalize().unwrap_or(Vec2::X);
            agents.push(agent);
        }
        Crowd::of(agents, bounds, obstacles, params, rng.next_u64())
    }

    /// A crowd of the given agents in the box `lo`-`hi`; each agent's wander stream is
    /// seeded from `seed`.
    pub fn of(
        agents: Vec<Vehicle>,
        (lo, hi): (Vec2, Vec2),
        obstacles: Vec<Obstacle>,
        params: CrowdParams,
        seed: u64,
    ) -> Crowd {
        let mut rng = Rng::new(seed);
        Crowd {
            wanders: vec![Wander::default(); agents.len()],
            streams: agents.iter().map(|_| Rng::new(rng.next_u64())).collect(),
            agents,
            params,
            obstacles,
            lo,
            hi,
            grid: Grid::default(),
            obstacle_grid: Grid::default(),
            largest: 0.0,
            forces: Vec::new(),
            order: Vec::new(),
            positions: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Tells it where the world's targets are now, `(name, target)`: it keeps those its
    /// goal names.
    pub fn see<'a>(&mut self, targets: impl Iterator<Item = (&'a str, Mover)>) {
        let Some(goal) = &self.params.goal else {
            return;
        };
        let wanted = goal.targets();
        self.seen.clear();
        if wanted.is_empty() {
            return;
        }
        for (name, target) in targets {
            if wanted.contains(&name) {
                self.seen.push((name.to_string(), target));
            }
        }
    }

    /// What agent `i`'s goal asks of it this tick, if the crowd has a goal.
    fn goal(&self, i: usize) -> Option<Steer> {
        let goal = self.params.goal.as_ref()?;
        let around = Around {
            index: i,
            agents: &self.agents,
            targets: &self.seen,
            lo: self.lo,
            hi: self.hi,
        };
        Some(goal.steer(&self.agents[i], &around))
    }

    /// The nearest neighbours of agent `i` (not itself), nearest first (ties by the grid's
    /// order): `(squared distance, index)`, the first `found` of them.
    fn nearest(&self, i: usize) -> ([(f32, u32); MOST_NEIGHBOURS], usize) {
        let most = self.params.neighbours.min(MOST_NEIGHBOURS);
        let mut nearest: [(f32, u32); MOST_NEIGHBOURS] = [(0.0, 0); MOST_NEIGHBOURS];
        let mut found = 0;
        let me = self.agents[i].pos;
        self.grid.near(me, self.params.neighbour_radius, |j, d| {
            if j == i || most == 0 {
                return;
            }
            if found == most && d >= nearest[most - 1].0 {
                return;
            }
            let mut k = found.min(most - 1);
            while k > 0 && nearest[k - 1].0 > d {
                nearest[k] = nearest[k - 1];
                k -= 1;
            }
            nearest[k] = (d, j as u32);
            found = (found + 1).min(most);
        });
        (nearest, found)
    }

    /// The nearest neighbours of agent `i` ([`Crowd::nearest`]) as movers, into `out`.
    fn neighbours(&self, i: usize, out: &mut Vec<Mover>) {
        let (nearest, found) = self.nearest(i);
        out.clear();
        out.extend(
            nearest[..found]
                .iter()
                .map(|(_, j)| self.agents[*j as usize].mover()),
        );
    }

    /// Agent `i`'s wander force this tick, with its wander point and stream moved on.
    fn wandering(&self, i: usize, dt: f32) -> (Vec2, Wander, Rng) {
        let mut stream = self.streams[i].clone();
        let draw = Vec2::new(stream.range(-1.0, 1.0), stream.range(-1.0, 1.0));
        let mut wander = self.wanders[i];
        let (force, _) = wander.steer(&self.agents[i], &self.params.wander_circle, draw, dt);
        (force, wander, stream)
    }

    /// What keeps `agent` out of the obstacles and in the box: obstacle avoidance's push
    /// (the detection box), wall avoidance's (the feelers) and containment's.
    fn avoidance(&self, agent: &Vehicle) -> [Vec2; 3] {
        let p = &self.params;
        // The obstacles within reach of its detection box and feelers.
        let reach = 2.0 * p.avoid_length + agent.radius + self.largest;
        let mut near = [0u32; MOST_OBSTACLES];
        let mut found = 0;
        let mut all = false;
        self.obstacle_grid.near(agent.pos, reach, |j, _| {
            if found < MOST_OBSTACLES {
                near[found] = j as u32;
                found += 1;
            } else {
                all = true;
            }
        });
        let obstacles = &self.obstacles;
        // The detection box sees circles (Reynolds' spheres); a polygon's or a wall's
        // bounding circle would keep the crowd off empty ground round it, so those are
        // left to the feelers, which touch their edges.
        let round = |o: &&Obstacle| matches!(o, Obstacle::Circle { .. });
        let (boxed, felt) = if found == 0 {
            // Nothing within reach: both are zero (without working out the box and the
            // feelers to find so).
            (Vec2::ZERO, Vec2::ZERO)
        } else if all {
            let circles = obstacles.iter().filter(round);
            (
                obstacle_avoidance(agent, circles, p.avoid_length, p.braking).0,
                wall_avoidance(agent, obstacles, p.avoid_length),
            )
        } else {
            let candidates = near[..found].iter().map(|j| &obstacles[*j as usize]);
            let circles = candidates.clone().filter(round);
            (
                obstacle_avoidance(agent, circles, p.avoid_length, p.braking).0,
                wall_avoidance(agent, candidates, p.avoid_length),
            )
        };
        let contained = containment(agent, self.lo, self.hi, p.contain_ahead);
        [boxed, felt, contained]
    }

    /// Agent `i`'s steering force this tick (its wander point moves on).
    fn force(&mut self, i: usize, neighbours: &mut Vec<Mover>, dt: f32) -> Vec2 {
        let (wandering, wander, stream) = self.wandering(i, dt);
        self.wanders[i] = wander;
        self.streams[i] = stream;
        self.neighbours(i, neighbours);
        let (agent, p) = (self.agents[i], &self.params);
        let mut avoid = || {
            let [boxed, felt, contained] = self.avoidance(&agent);
            boxed + felt + contained
        };
        let flock = neighbours.as_slice();
        let mut boids = || {
            let mut separate = || separation(&agent, flock);
            let mut align = || alignment(&agent, flock);
            let mut cohere = || cohesion(&agent, flock);
            let mut wander = || wandering;
            let mut collide =
                || unaligned_collision_avoidance(&agent, flock, p.collision_horizon).0;
            let mut queue = || queueing(&agent, flock, p.queue_distance, 1.0);
            let mut goal = || self.goal(i).map_or(Vec2::ZERO, |g| g.force);
            let mut parts = [
                Part {
                    weight: p.separation,
                    force: &mut separate,
                },
                Part {
                    weight: p.alignment,
                    force: &mut align,
                },
                Part {
                    weight: p.cohesion,
                    force: &mut cohere,
                },
                Part {
                    weight: p.wander,
                    force: &mut wander,
                },
                Part {
                    weight: p.collisions,
                    force: &mut collide,
                },
                Part {
                    weight: p.queueing,
                    force: &mut queue,
                },
                Part {
                    weight: p.goal.as_ref().map_or(0.0, Goal::weight),
                    force: &mut goal,
                },
            ];
            // The boids' four, then those of the rest the crowd has, in order: a part it
            // does not have is neither summed nor worked out (a weight of 0 would still
            // work out its force every tick).
            let has = [p.collisions != 0.0, p.queueing != 0.0, p.goal.is_some()];
            let mut count = 4;
            for (k, present) in has.into_iter().enumerate() {
                if present {
                    parts.swap(count, 4 + k);
                    count += 1;
                }
            }
            weighted_sum(&mut parts[..count], p.max_force)
        };
        priority(
            &mut [
                Part {
                    weight: 1.0,
                    force: &mut avoid,
                },
                Part {
                    weight: 1.0,
                    force: &mut boids,
                },
            ],
            p.max_force,
            1e-3 * p.max_force,
        )
    }

    /// Why agent `i` steers as it will this tick (a tick of `dt`): its neighbours, each
    /// part of its blend (the avoidance parts as they are, the boids' weighted) and the
    /// force it steers by; `None` if there is no such agent. Worked out on a copy by the
    /// same code as [`Crowd::step`], so it is exactly what the next tick does.
    pub fn explain(&self, i: usize, dt: f32) -> Option<Steering> {
        if i >= self.agents.len() {
            return None;
        }
        let mut crowd = self.clone();
        crowd.sort_obstacles();
        crowd.sort();
        let (nearest, found) = crowd.nearest(i);
        let neighbours: Vec<usize> = nearest[..found].iter().map(|(_, j)| *j as usize).collect();
        let flock: Vec<Mover> = neighbours
            .iter()
            .map(|j| crowd.agents[*j].mover())
            .collect();
        let (agent, p) = (crowd.agents[i], &crowd.params);
        let [boxed, felt, contained] = crowd.avoidance(&agent);
        let (wandering, wander, _) = crowd.wandering(i, dt);
        let goal = crowd.goal(i);
        let (collide, threat) = unaligned_collision_avoidance(&agent, &flock, p.collision_horizon);
        let collision = threat.filter(|_| p.collisions != 0.0).map(|t| Collision {
            other: neighbours[t.index],
            seconds: t.seconds,
            me: agent.pos + agent.vel * t.seconds,
            them: flock[t.index].pos + flock[t.index].vel * t.seconds,
        });
        let parts = [
            (SteeringPart::ObstacleAvoidance, boxed),
            (SteeringPart::WallAvoidance, felt),
            (SteeringPart::Containment, contained),
            (
                SteeringPart::Separation,
                separation(&agent, &flock) * p.separation,
            ),
            (
                SteeringPart::Alignment,
                alignment(&agent, &flock) * p.alignment,
            ),
            (
                SteeringPart::Cohesion,
                cohesion(&agent, &flock) * p.cohesion,
            ),
            (SteeringPart::Wander, wandering * p.wander),
            (SteeringPart::Collisions, collide * p.collisions),
            (
                SteeringPart::Queueing,
                queueing(&agent, &flock, p.queue_distance, 1.0) * p.queueing,
            ),
            (
                SteeringPart::Goal,
                goal.map_or(Vec2::ZERO, |g| g.force) * p.goal.as_ref().map_or(0.0, Goal::weight),
            ),
        ];
        let (length, r) = (
            obstacle_avoidance(&agent, [], p.avoid_length, p.braking).1,
            agent.radius,
        );
        let (feelers, circle) = (feelers(&agent, p.avoid_length), p.wander_circle);
        let total = crowd.force(i, &mut Vec::new(), dt);
        let ahead = Vec2::new(circle.distance, 0.0);
        let senses = Senses {
            detection_box: [(0.0, r), (length, r), (length, -r), (0.0, -r)]
                .map(|(x, y)| agent.world(Vec2::new(x, y))),
            feelers,
            wander: (
                agent.world(ahead),
                circle.radius,
                agent.world(ahead + wander.point),
            ),
            collision,
        };
        Some(Steering {
            neighbours,
            parts,
            goal,
            total,
            senses,
        })
    }

    /// Sorts the obstacles into their grid (each tick: they may have been moved).
    fn sort_obstacles(&mut self) {
        let centres: Vec<Vec2> = self.obstacles.iter().map(|o| o.bounds().0).collect();
        self.largest = (self.obstacles.iter())
            .map(|o| o.bounds().1)
            .fold(0.0, f32::max);
        let cell = 2.0 * self.params.avoid_length + self.params.radius + self.largest;
        self.obstacle_grid.rebuild(&centres, cell);
    }

    /// Sorts the agents where they are now into the neighbour grid, in cells of half the
    /// neighbour radius (a query scans 5 x 5 of them, 2.5 radii square, rather than 3 x 3
    /// cells of a whole radius, 3 radii square).
    fn sort(&mut self) {
        self.positions.clear();
        self.positions.extend(self.agents.iter().map(|a| a.pos));
        self.grid
            .rebuild(&self.positions, self.params.neighbour_radius * 0.5);
    }

    /// One tick of `dt` seconds for every agent.
    pub fn step(&mut self, dt: f32) {
        self.sort_obstacles();
        self.sort();
        let mut forces = std::mem::take(&mut self.forces);
        forces.clear();
        forces.resize(self.agents.len(), Vec2::ZERO);
        let mut neighbours = Vec::with_capacity(MOST_NEIGHBOURS);
        // Each force depends only on the crowd at the start of the tick, so the agents
        // may be visited in any order: in the grid's, neighbours' queries and states
        // are found in memory the last query brought in (the same forces, sooner).
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend(self.grid.order().map(|i| i as u32));
        for &i in &order {
            forces[i as usize] = self.force(i as usize, &mut neighbours, dt);
        }
        self.order = order;
        for (agent, force) in self.agents.iter_mut().zip(&forces) {
            agent.step(*force, dt);
        }
        self.forces = forces;
    }

    /// The benchmark crowd (`steerlab bench --crowd`): `count` boids in a square giving
    /// each 30 x 30 units, with a circle obstacle per 500 agents (at least 4) of radius
    /// 15 to 40, placed from `seed`.
    pub fn benchmark(count: usize, seed: u64) -> Crowd {
        let side = (count as f32 * 900.0).sqrt().max(200.0);
        let mut rng = Rng::new(seed ^ 0x0b57_ac1e);
        let obstacles = (0..(count / 500).max(4))
            .map(|_| Obstacle::Circle {
                center: Vec2::new(rng.range(0.1, 0.9) * side, rng.range(0.1, 0.9) * side),
                radius: rng.range(15.0, 40.0),
            })
            .collect();
        let square = (Vec2::ZERO, Vec2::splat(side));
        Crowd::new(
            count,
            square,
            square,
            obstacles,
            CrowdParams::default(),
            seed,
        )
    }

    /// A rough count of the bytes it holds: its agents' state and the grids and buffers a
    /// copy takes with it (for a history's memory budget).
    pub fn approx_bytes(&self) -> usize {
        use std::mem::size_of;
        let agent = size_of::<Vehicle>() + size_of::<Wander>() + size_of::<Rng>();
        size_of::<Crowd>()
            + self.agents.capacity() * agent
            + self.grid.approx_bytes()
            + self.obstacle_grid.approx_bytes()
            + (self.forces.capacity() + self.positions.capacity()) * size_of::<Vec2>()
            + self.order.capacity() * size_of::<u32>()
    }

    /// A hash of every agent's state, for determinism checks.
    pub fn state_hash(&self) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for a in &self.agents {
            for x in [a.pos.x, a.pos.y, a.vel.x, a.vel.y] {
                hash = (hash ^ u64::from(x.to_bits())).wrapping_mul(0x0100_0000_01b3);
            }
        }
        hash
    }
}

#[cfg(test)]
#[path = "crowd_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "crowd_goal_tests.rs"]
mod goal_tests;

#[cfg(test)]
#[path = "crowd_neighbour_tests.rs"]
mod neighbour_tests;
