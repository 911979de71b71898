//! A crowd as a scenario gives it: how many agents, where they start, how they flock
//! (Reynolds' boids: the weights of separation, alignment, cohesion and wander), their
//! vehicle's limits and their seed. The world flies it as a [`Crowd`] inside the world's
//! rectangle, round every obstacle.

use super::crowd::{default_horizon, default_queue_distance, Crowd, CrowdParams, MOST_NEIGHBOURS};
use super::goal::Goal;
use crate::core::field::{described, number, point, text, whole};
use crate::sim::limits::{MAX_COORD, MAX_LABEL, MAX_SPEED};
use crate::steering::wander::WanderParams;
use crate::steering::{truncate, Obstacle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Most agents in all the crowds of a scenario.
pub const MAX_AGENTS: usize = 50_000;

crate::core::field_default!(default_max_speed: f32 = 80.0);
crate::core::field_default!(default_max_force: f32 = 300.0);
crate::core::field_default!(default_radius: f32 = 3.0);
crate::core::field_default!(default_neighbour_radius: f32 = 30.0);
crate::core::field_default!(default_neighbours: u32 = 8);
crate::core::field_default!(default_separation: f32 = 1.5);
crate::core::field_default!(default_alignment: f32 = 1.0);
crate::core::field_default!(default_cohesion: f32 = 1.0);
crate::core::field_default!(default_wander: f32 = 0.5);
crate::core::field_default!(default_wander_distance: f32 = 40.0);
crate::core::field_default!(default_wander_radius: f32 = 20.0);
crate::core::field_default!(default_wander_jitter: f32 = 80.0);

/// A crowd in a scenario file.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrowdSpec {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub name: String,
    pub count: u32,
    /// The spawn area's corners.
    pub from: Vec2,
    pub to: Vec2,
    /// Every agent's velocity at the start (zero: at rest, facing every way).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub start_vel: Vec2,
    /// Seed of the places, headings and wander of its agents.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub seed: u64,
    #[serde(
        default = "default_max_speed::value",
        skip_serializing_if = "default_max_speed::is"
    )]
    pub max_speed: f32,
    #[serde(
        default = "default_max_force::value",
        skip_serializing_if = "default_max_force::is"
    )]
    pub max_force: f32,
    #[serde(
        default = "default_radius::value",
        skip_serializing_if = "default_radius::is"
    )]
    pub radius: f32,
    #[serde(
        default = "default_neighbour_radius::value",
        skip_serializing_if = "default_neighbour_radius::is"
    )]
    pub neighbour_radius: f32,
    #[serde(
        default = "default_neighbours::value",
        skip_serializing_if = "default_neighbours::is"
    )]
    pub neighbours: u32,
    #[serde(
        default = "default_separation::value",
        skip_serializing_if = "default_separation::is"
    )]
    pub separation: f32,
    #[serde(
        default = "default_alignment::value",
        skip_serializing_if = "default_alignment::is"
    )]
    pub alignment: f32,
    #[serde(
        default = "default_cohesion::value",
        skip_serializing_if = "default_cohesion::is"
    )]
    pub cohesion: f32,
    #[serde(
        default = "default_wander::value",
        skip_serializing_if = "default_wander::is"
    )]
    pub wander: f32,
    #[serde(
        default = "default_wander_distance::value",
        skip_serializing_if = "default_wander_distance::is"
    )]
    pub wander_distance: f32,
    #[serde(
        default = "default_wander_radius::value",
        skip_serializing_if = "default_wander_radius::is"
    )]
    pub wander_radius: f32,
    #[serde(
        default = "default_wander_jitter::value",
        skip_serializing_if = "default_wander_jitter::is"
    )]
    pub wander_jitter: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub collisions: f32,
    #[serde(
        default = "default_horizon::value",
        skip_serializing_if = "default_horizon::is"
    )]
    pub collision_horizon: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub queueing: f32,
    #[serde(
        default = "default_queue_distance::value",
        skip_serializing_if = "default_queue_distance::is"
    )]
    pub queue_distance: f32,
    /// What it steers for besides flocking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
}

described!(CrowdSpec {
    name: text(MAX_LABEL).help("Label."),
    count: whole(1, MAX_AGENTS as i64)
        .unit("agents")
        .help("How many agents."),
    from: point(MAX_COORD)
        .label("spawn from")
        .unit("units")
        .help("One corner of the area the agents start in (at rest, facing every way)."),
    to: point(MAX_COORD)
        .label("spawn to")
        .unit("units")
        .help("The opposite corner of the spawn area."),
    start_vel: point(MAX_SPEED)
        .label("start velocity")
        .unit("units/s")
        .help("Every agent's velocity at the start, facing it (cut to the max speed); (0, 0): at rest, facing every way."),
    max_speed: number(0.001, MAX_SPEED)
        .label("max speed")
        .unit("units/s")
        .help("Fastest an agent moves."),
    max_force: number(0.001, 1.0e7)
        .label("max force")
        .unit("units/s²")
        .help(
        "Largest steering force (a change of velocity per second): the blend is truncated to it."
    ),
    radius: number(0.001, 1.0e5)
        .unit("units")
        .help("An agent's size: what separation, avoidance and the spawn keep clear."),
    neighbour_radius: number(0.001, 1.0e5)
        .label("neighbour radius")
        .unit("units")
        .help("Neighbours are the agents within this distance..."),
    neighbours: whole(0, MOST_NEIGHBOURS as i64)
        .unit("agents")
        .help("...the nearest this many of them."),
    separation: number(0.0, 100.0)
        .help("Weight of separation: steer away from close neighbours, more the closer."),
    alignment: number(0.0, 100.0)
        .help("Weight of alignment: steer toward the neighbours' mean heading."),
    cohesion: number(0.0, 100.0).help("Weight of cohesion: steer toward the neighbours' centre."),
    wander: number(0.0, 100.0)
        .help("Weight of wander: a random walk of a point on a circle ahead."),
    wander_distance: number(0.0, 1.0e5)
        .label("wander distance")
        .unit("units")
        .help("How far ahead of an agent its wander circle's centre is."),
    wander_radius: number(0.0, 1.0e5)
        .label("wander radius")
        .unit("units")
        .help("The wander circle's radius: the larger beside its distance, the sharper the turns."),
    wander_jitter: number(0.0, 1.0e6)
        .label("wander jitter")
        .unit("units/s")
        .help("How far the point on the circle may be nudged each second: the larger, the sooner an agent changes its mind."),
    collisions: number(0.0, 100.0)
        .label("collision avoidance")
        .help("Weight of unaligned collision avoidance (0: off): of the neighbours it would pass nearer than the two radii if both kept their velocities, the soonest is steered off sideways at full force."),
    collision_horizon: number(0.0, 60.0)
        .label("collision horizon")
        .unit("s")
        .help("How far ahead collision avoidance looks."),
    queueing: number(0.0, 100.0)
        .unit("/s")
        .help("Queueing's brake (0: off): while a neighbour is ahead in its lane, it slows by this share of its velocity per second."),
    queue_distance: number(0.0, 1.0e5)
        .label("queue distance")
        .unit("units")
        .help("How far ahead queueing looks for a neighbour in its lane (only neighbours count: see neighbour radius)."),
    ; parts: goal = "goal (besides flocking)"
});

impl CrowdSpec {
    /// How its agents move and flock (the rest of the parameters at their defaults).
    pub fn params(&self) -> CrowdParams {
        CrowdParams {
            max_force: self.max_force,
            max_speed: self.max_speed,
            radius: self.radius,
            neighbour_radius: self.neighbour_radius,
            neighbours: self.neighbours as usize,
            separation: self.separation,
            alignment: self.alignment,
            cohesion: self.cohesion,
            wander: self.wander,
            wander_circle: WanderParams {
                distance: self.wander_distance,
                radius: self.wander_radius,
                jitter: self.wander_jitter,
            },
            collisions: self.collisions,
            collision_horizon: self.collision_horizon,
            queueing: self.queueing,
            queue_distance: self.queue_distance,
            goal: self.goal.clone(),
            ..CrowdParams::default()
        }
    }

    /// The crowd, its agents placed in the spawn area (its corners either way round),
    /// kept inside `bounds`, round `obstacles`.
    pub fn build(&self, bounds: (Vec2, Vec2), obstacles: Vec<Obstacle>) -> Crowd {
        let spawn = (self.from.min(self.to), self.from.max(self.to));
        let count = self.count as usize;
        let mut crowd = Crowd::new(count, spawn, bounds, obstacles, self.params(), self.seed);
        if let Some(facing) = self.start_vel.try_normalize() {
            for agent in &mut crowd.agents {
                agent.vel = truncate(self.start_vel, agent.max_speed);
                agent.forward = facing;
            }
        }
        crowd
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> CrowdSpec {
        ron::from_str(text).unwrap()
    }

    #[test]
    fn a_crowd_written_with_its_count_and_area_takes_the_defaults_for_the_rest() {
        let s = spec("(count: 5, from: (10, 20), to: (0, 0))");
        // The defaults are the crowd's own.
        assert_eq!(s.params(), CrowdParams::default());
        assert_eq!((s.seed, s.name.as_str()), (0, ""));
        let crowd = s.build((Vec2::ZERO, Vec2::splat(1000.0)), Vec::new());
        assert_eq!(crowd.agents.len(), 5);
        // Spawned in the area (its corners either way round), boxed by the bounds.
        for a in &crowd.agents {
            assert!((0.0..=10.0).contains(&a.pos.x) && (0.0..=20.0).contains(&a.pos.y));
            assert_eq!(a.vel, Vec2::ZERO);
        }
        assert_eq!((crowd.lo, crowd.hi), (Vec2::ZERO, Vec2::splat(1000.0)));
    }

    #[test]
    fn every_written_number_reaches_the_crowds_parameters() {
        let s = spec(
            "(count: 3, from: (0, 0), to: (9, 9), seed: 4, max_speed: 11, max_force: 12,
              radius: 1.5, neighbour_radius: 14, neighbours: 3, separation: 2, alignment: 0.5,
              cohesion: 0.25, wander: 3, wander_distance: 5, wander_radius: 6, wander_jitter: 7,
              collisions: 2.5, collision_horizon: 4, queueing: 0.75,
              queue_distance: 9, goal: Some(Seek((at: (5, 6), weight: 2))))",
        );
        let p = s.params();
        let seek = super::super::goal::seek::Seek {
            at: Vec2::new(5.0, 6.0),
            weight: 2.0,
        };
        assert_eq!(p.goal, Some(Goal::Seek(seek)));
        assert_eq!(
            (p.max_speed, p.max_force, p.radius, p.neighbour_radius),
            (11.0, 12.0, 1.5, 14.0)
        );
        assert_eq!(p.neighbours, 3);
        assert_eq!(
            (p.separation, p.alignment, p.cohesion, p.wander),
            (2.0, 0.5, 0.25, 3.0)
        );
        assert_eq!(
            (
                p.collisions,
                p.collision_horizon,
                p.queueing,
                p.queue_distance
            ),
            (2.5, 4.0, 0.75, 9.0)
        );
        let circle = p.wander_circle;
        assert_eq!(
            (circle.distance, circle.radius, circle.jitter),
            (5.0, 6.0, 7.0)
        );
        let crowd = s.build((Vec2::ZERO, Vec2::splat(100.0)), Vec::new());
        assert!(crowd
            .agents
            .iter()
            .all(|a| a.max_speed == 11.0 && a.radius == 1.5));
        // A start velocity: every agent moving with it, cut to the top speed 11, facing it.
        let moving = CrowdSpec {
            start_vel: Vec2::new(0.0, -20.0),
            ..s.clone()
        };
        let moving = moving.build((Vec2::ZERO, Vec2::splat(100.0)), Vec::new());
        for (a, b) in moving.agents.iter().zip(&crowd.agents) {
            assert_eq!(
                (a.vel, a.forward, a.pos),
                (Vec2::new(0.0, -11.0), -Vec2::Y, b.pos)
            );
        }
        // At rest (the default): facing every way.
        assert!(crowd.agents.iter().all(|a| a.vel == Vec2::ZERO));
        assert_ne!(crowd.agents[0].forward, crowd.agents[1].forward);
        // The seed decides the places: another seed, other places.
        let other = CrowdSpec {
            seed: 5,
            ..s.clone()
        };
        let moved = other.build((Vec2::ZERO, Vec2::splat(100.0)), Vec::new());
        assert_ne!(crowd.agents[0].pos, moved.agents[0].pos);
        let same = s.build((Vec2::ZERO, Vec2::splat(100.0)), Vec::new());
        assert_eq!(crowd.agents[0].pos, same.agents[0].pos);
    }
}
