//! The world's obstacles: added from the scenario or placed while running, moved while
//! running (a drag in the window), and the terrain among them kept as shapes for the
//! missiles' tick; and its crowds, which steer round every obstacle.

use super::World;
use crate::core::field::Described;
use crate::sim::crowd::Crowd;
use crate::sim::crowd_spec::CrowdSpec;
use crate::sim::limits::{MAX_COORD, MAX_OBSTACLES};
use crate::sim::obstacles::{ObstacleSpec, Terrain};
use crate::steering::{Mover, Obstacle};
use glam::Vec2;
use std::sync::Arc;

impl World {
    /// Adds an obstacle; fails on one that breaks its fields' ranges or its kind's rules
    /// (a polygon that is not convex, a wall of no length), or past [`MAX_OBSTACLES`].
    pub fn add_obstacle(&mut self, spec: ObstacleSpec) -> Result<usize, String> {
        self.check_new_obstacle(&spec)?;
        let shape = spec.shape();
        if spec.terrain() {
            self.terrain.push(shape.clone());
        }
        // (Unshared while a scenario is built: a push, not a copy.)
        Arc::make_mut(&mut self.shapes).push(shape);
        self.obstacles.push(spec);
        self.hand_obstacles_to_crowds();
        Ok(self.obstacles.len() - 1)
    }

    /// Adds a crowd, inside the world's rectangle, round the obstacles there are.
    pub fn add_crowd(&mut self, spec: &CrowdSpec) -> usize {
        let bounds = (Vec2::ZERO, Vec2::new(self.config.width, self.config.height));
        self.crowds.push(spec.build(bounds, self.shapes.to_vec()));
        self.crowds_see_targets();
        self.crowds.len() - 1
    }

    /// Every crowd whose goal names targets sees where they are now.
    pub(super) fn crowds_see_targets(&mut self) {
        for crowd in &mut self.crowds {
            let movers = self.targets.iter().map(|t| {
                let mover = Mover {
                    pos: t.pos,
                    vel: t.vel,
                    radius: t.radius,
                };
                (t.name.as_str(), mover)
            });
            crowd.see(movers);
        }
    }

    /// The crowds, in the order they were added.
    pub fn crowds(&self) -> &[Crowd] {
        &self.crowds
    }

    /// Every crowd steers round every obstacle as it is now.
    fn hand_obstacles_to_crowds(&mut self) {
        for crowd in &mut self.crowds {
            crowd.obstacles.clone_from(self.shapes.as_ref());
        }
    }

    /// The obstacles, in the order they were added.
    pub fn obstacles(&self) -> &[ObstacleSpec] {
        &self.obstacles
    }

    /// The shapes of the terrain obstacles (those that end a missile touching them).
    pub fn terrain(&self) -> &[Obstacle] {
        self.terrain.shapes()
    }

    /// Why an obstacle cannot be added, if it cannot: as `field: message`.
    pub(super) fn check_new_obstacle(&self, spec: &ObstacleSpec) -> Result<(), String> {
        let placed = (self.pending.iter())
            .filter(|i| matches!(i, super::Input::AddObstacle(_)))
            .count();
        if self.obstacles.len() + placed >= MAX_OBSTACLES {
            return Err(format!("at most {MAX_OBSTACLES} obstacles"));
        }
        let described: &dyn Described = spec;
        let problems = described.problems("", &[]);
        match problems.into_iter().chain(spec.problems()).next() {
            Some((field, message)) => Err(format!("{field}: {message}")),
            None => Ok(()),
        }
    }

    /// Why obstacle `index` cannot be moved by `by`, if it cannot (one queued to be
    /// placed may be moved too).
    pub(super) fn check_move(&self, index: usize, by: Vec2) -> Result<(), String> {
        let placed = (self.pending.iter())
            .filter_map(|i| match i {
                super::Input::AddObstacle(spec) => Some(spec),
                _ => None,
            })
            .nth(index.wrapping_sub(self.obstacles.len()));
        let Some(obstacle) = self.obstacles.get(index).or(placed) else {
            return Err(format!("no obstacle #{index}"));
        };
        if !by.is_finite() {
            return Err("the move is not finite".into());
        }
        let (center, radius) = obstacle.moved(by).shape().bounds();
        if center.abs().max_element() + radius > MAX_COORD {
            return Err(format!("the obstacle would leave ±{MAX_COORD}"));
        }
        Ok(())
    }

    /// Moves obstacle `index` by `by` (checked when queued) and its terrain shape with it.
    pub(super) fn move_obstacle(&mut self, index: usize, by: Vec2) {
        let Some(obstacle) = self.obstacles.get_mut(index) else {
            return;
        };
        *obstacle = obstacle.moved(by);
        Arc::make_mut(&mut self.shapes)[index] = obstacle.shape();
        let mut terrain = Terrain::default();
        for (o, shape) in self.obstacles.iter().zip(self.shapes.iter()) {
            if o.terrain() {
                terrain.push(shape.clone());
            }
        }
        self.terrain = terrain;
        self.hand_obstacles_to_crowds();
    }
}
