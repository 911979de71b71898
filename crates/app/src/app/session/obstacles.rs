//! Obstacles with the mouse: Ctrl + click places a terrain circle, a drag moves one.
//! Both go to the running worlds as inputs (the run goes on, recorded for replay, and a
//! paused view shows them at once) and into the scenario, so Save keeps them; Undo puts
//! the scenario back as it was before (and restarts the run).

use super::{Edit, Session};
use crate::sim::obstacles::{CircleObstacle, ObstacleSpec};
use crate::sim::Input;
use glam::Vec2;

/// The radius of a circle placed with Ctrl + click (units).
pub const PLACED_RADIUS: f32 = 30.0;

impl Session {
    /// Places a terrain circle of [`PLACED_RADIUS`] at a world position.
    pub fn place_obstacle(&mut self, center: Vec2) {
        let spec = ObstacleSpec::Circle(CircleObstacle {
            center,
            radius: PLACED_RADIUS,
            terrain: true,
        });
        match self.runs.apply(Input::AddObstacle(spec.clone())) {
            Ok(()) => {
                let before = crate::scenario::Scenario::clone(&self.doc.scenario);
                self.doc.scenario.obstacles.push(spec);
                self.doc.remember_edit(Edit::Scenario(Box::new(before)));
                let n = self.doc.scenario.obstacles.len();
                self.messages.status = Some(format!(
                    "placed obstacle {n}, terrain (Ctrl+Z takes it back)"
                ));
            }
            Err(e) => self.messages.error = Some(format!("cannot place an obstacle: {e}")),
        }
    }

    /// Moves obstacle `index` by `by` in every lane and in the scenario; `first` (the
    /// first move of a drag) makes the drag one step of Undo.
    pub fn move_obstacle(&mut self, index: usize, by: Vec2, first: bool) {
        let Some(spec) = self.doc.scenario.obstacles.get(index) else {
            return;
        };
        let moved = spec.moved(by);
        match self.runs.apply(Input::MoveObstacle {
            obstacle: index,
            by,
        }) {
            Ok(()) => {
                if first {
                    let before = Box::new(crate::scenario::Scenario::clone(&self.doc.scenario));
                    self.doc.remember_edit(Edit::Scenario(before));
                }
                self.doc.scenario.obstacles[index] = moved;
            }
            Err(e) => self.messages.error = Some(format!("cannot move the obstacle: {e}")),
        }
    }
}

#[cfg(test)]
#[path = "obstacles_tests.rs"]
mod tests;
