//! Firing: launchers' volleys (their salvo fanned out over the spread) and turrets'
//! polls (the article's threat rule), each launch through the law registry, within the
//! missile cap.

use super::{bound, World};
use crate::guidance::{Algorithm, Guidance, Launch};
use crate::sim::airframe::Airframe;
use crate::sim::event::{EventKind, Refusal};
use crate::sim::ids::{MissileId, Source, TargetId};
use crate::sim::launcher::MissileSpec;
use crate::sim::metrics::Metrics;
use crate::sim::missile::Missile;
use crate::sim::seeker::Seeker;
use glam::Vec2;

impl World {
    /// Fires one volley of launcher `index`: `salvo` missiles of each algorithm.
    pub(super) fn fire_volley(&mut self, index: usize) {
        let Some(launcher) = self.launchers.get_mut(index) else {
            return;
        };
        launcher.volleys += 1;
        let launcher = &self.launchers[index];
        let Some(target) = self.target(launcher.target) else {
            return;
        };
        let room = self
            .config
            .missile_cap()
            .saturating_sub(self.missiles.len());
        let volley = launcher.algorithms().len() * launcher.spec.salvo.max(1) as usize;
        if room == 0 {
            self.refused = self.refused.saturating_add(volley as u32);
            return;
        }
        let dt = self.dt();
        let base = Launch::toward(
            launcher.spec.pos,
            launcher.spec.launch_velocity,
            target.pos,
            target.vel,
            dt,
        );
        // What the launches need of the launcher and the target, copied out (`launch`
        // changes the world): not the launcher and the target themselves, whose names
        // and lists a sweep's every run would otherwise copy.
        let (target, spec) = (target.id, launcher.spec.missile.clone());
        let offsets = launcher.salvo_offsets();
        for a in 0..launcher.algorithms().len() {
            let algorithm = self.launchers[index].algorithms()[a];
            for offset in offsets.clone() {
                let turn = Vec2::from_angle(offset);
                let launch = Launch {
                    dir: turn.rotate(base.dir),
                    vel: turn.rotate(base.vel),
                    ..base
                };
                self.launch(algorithm, &launch, Source::Launcher(index), target, &spec);
            }
        }
    }

    /// Starts one missile, or reports that its algorithm has no solution.
    pub(super) fn launch(
        &mut self,
        algorithm: Algorithm,
        launch: &Launch,
        source: Source,
        target: TargetId,
        spec: &MissileSpec,
    ) {
        if self.missiles.len() >= self.config.missile_cap() {
            self.refused = self.refused.saturating_add(1);
            return;
        }
        let launch = &Launch {
            gravity: self.config.gravity,
            ..*launch
        };
        let tuning = self.tuning_for(source);
        let (guidance, body) = match Guidance::launch(algorithm, tuning, launch) {
            Ok(Some(started)) => started,
            Ok(None) => {
                self.refusals.push(Refusal {
                    tick: self.tick,
                    algorithm,
                    source,
                    target,
                    from: launch.pos,
                    range: launch.pos.distance(launch.seen.target_pos),
                });
                bound(&mut self.refusals, &mut self.refusals_dropped);
                return self.emit(EventKind::NoSolution {
                    algorithm,
                    source,
                    target,
                });
            }
            Err(error) => {
                return self.emit(EventKind::LawFailed {
                    missile: None,
                    algorithm,
                    error,
                })
            }
        };
        let id = MissileId(self.next_missile);
        self.next_missile += 1;
        let optimal_time = guidance.optimal_time(self.tuning_for(source), &body, &launch.seen);
        let airframe = spec.airframe.clone().map(Airframe::new);
        let body = match &airframe {
            Some(airframe) => airframe.launch(body, launch.vel.length()),
            None => body,
        };
        self.missiles.push(Missile {
            id,
            source,
            target,
            body,
            guidance,
            launched_tick: self.tick,
            lifetime: spec.lifetime,
            fuel: spec.fuel,
            radius: spec.radius,
            metrics: Metrics::new(optimal_time),
            airframe: airframe.map(Box::new),
            avoid: spec.avoid.clone().map(Box::new),
            seeker: spec
                .seeker
                .clone()
                .map(|s| Box::new(Seeker::new(s, self.config.seed, id.0))),
        });
        self.emit(EventKind::Launched {
            missile: id,
            algorithm,
            source,
            target,
            body,
        });
    }

    pub(super) fn poll_turrets(&mut self, tick: u64, dt: f32) {
        let ground = self.ground();
        for index in 0..self.turrets.len() {
            if !self.turrets[index].due(tick, dt) {
                continue;
            }
            let turret = &self.turrets[index];
            let mut engaged: Vec<TargetId> = if turret.spec.skip_engaged {
                self.missiles
                    .iter()
                    .filter(|m| m.source == Source::Turret(index))
                    .map(|m| m.chasing())
                    .collect()
            } else {
                Vec::new()
            };
            engaged.sort_unstable();
            let candidates = self
                .targets
                .iter()
                .filter(|t| !t.decoy && engaged.binary_search(&t.id).is_err());
            let picked = turret.pick(candidates, ground);
            self.turrets[index].locked = picked;
            let Some(target) = picked.and_then(|id| self.target(id)).cloned() else {
                continue;
            };
            let turret = &self.turrets[index];
            let launch = Launch::toward(turret.spec.pos, Vec2::ZERO, target.pos, target.vel, dt);
            let spec = turret.spec.missile.clone();
            self.launch(
                turret.spec.algorithm,
                &launch,
                Source::Turret(index),
                target.id,
                &spec,
            );
        }
    }
}
