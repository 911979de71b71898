//! Inputs: what is done to the world from outside (a drag, a launch, a placement, a
//! parameter, an obstacle moved), checked when queued and applied at the start of the
//! next tick.

use super::{Input, World};
use crate::sim::event::{EventKind, TargetLoss};

impl World {
    /// Queues an input for the start of the next tick. Inputs that could never apply
    /// (a non-finite position, an unknown parameter) are refused here.
    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        self.check(&input)?;
        self.pending.push(input);
        Ok(())
    }

    /// Whether [`World::apply`] would take an input (nothing is queued).
    pub fn check(&self, input: &Input) -> Result<(), String> {
        match input {
            Input::MoveTarget { pos, .. } if !pos.is_finite() => {
                return Err("position is not finite".into())
            }
            Input::Launch { launcher } if *launcher >= self.launchers.len() => {
                return Err(format!("no launcher #{launcher}"))
            }
            Input::AddTarget(_) if self.targets.len() >= self.config.target_cap() => {
                return Err(format!(
                    "at most {} targets can be alive at once",
                    self.config.target_cap()
                ))
            }
            Input::SetParam {
                algorithm,
                name,
                value,
            } => {
                self.tuning.clone().set(*algorithm, name, value.clone())?;
            }
            Input::AddObstacle(spec) => self.check_new_obstacle(spec)?,
            Input::MoveObstacle { obstacle, by } => self.check_move(*obstacle, *by)?,
            _ => {}
        }
        Ok(())
    }

    pub(super) fn apply_now(&mut self, input: Input) {
        match input {
            Input::MoveTarget { target, pos } => {
                if let Ok(i) = self.targets.binary_search_by_key(&target, |t| t.id) {
                    self.targets[i].drive_to(pos);
                }
            }
            Input::Launch { launcher } => self.fire_volley(launcher),
            Input::AddTarget(spec) => {
                if self.targets.len() >= self.config.target_cap() {
                    return;
                }
                if let Ok(target) = self.add_target(&spec) {
                    self.emit(EventKind::TargetSpawned { target });
                }
            }
            Input::RemoveTarget { target } => {
                if self.target(target).is_some() {
                    self.targets.retain(|t| t.id != target);
                    self.emit(EventKind::TargetLost {
                        target,
                        reason: TargetLoss::Removed,
                    });
                }
            }
            Input::SetParam {
                algorithm,
                name,
                value,
            } => {
                // Checked when queued; a failure here leaves the tuning unchanged.
                let _ = self.tuning.set(algorithm, &name, value);
                self.retune_launchers();
            }
            Input::AddObstacle(spec) => {
                // Checked when queued (a full list refuses it then and here).
                let _ = self.add_obstacle(spec);
            }
            Input::MoveObstacle { obstacle, by } => self.move_obstacle(obstacle, by),
        }
    }
}
