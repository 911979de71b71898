//! Why each missile of a run missed: its flight sampled once a tick while it flies and
//! sorted into the failure classes when it ends ([`crate::sim::diagnosis`]), for the
//! results table's "why" column and `steerlab diagnose`. Only missiles in flight keep
//! their samples: a missile's are dropped once it is diagnosed.

use super::Row;
use crate::sim::diagnosis::{diagnose, Class, Ending, Finding, Sample, Thresholds};
use crate::sim::{Event, EventKind, MissReason, Missile, MissileId, Outcome, World};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Samples the missiles of a world tick by tick and diagnoses each as it ends.
#[derive(Debug, Default)]
pub struct Sampler {
    thresholds: Thresholds,
    flying: BTreeMap<MissileId, (Vec<Sample>, Vec<f32>)>,
    /// What each ended missile's flight showed, by missile.
    pub findings: BTreeMap<MissileId, Vec<Finding>>,
}

impl Sampler {
    pub fn new(thresholds: Thresholds) -> Self {
        Sampler {
            thresholds,
            ..Sampler::default()
        }
    }

    /// After a step of `world` that reported `events`.
    pub fn after_step(&mut self, world: &World, events: &[Event]) {
        let dt = world.dt();
        for event in events {
            if let EventKind::SolverFailed { missile, .. } = event.kind {
                if let Some(m) = world.missile(missile) {
                    let time = (event.tick + 1 - m.launched_tick) as f32 * dt;
                    self.flying.entry(missile).or_default().1.push(time);
                }
            }
        }
        for missile in world.missiles().iter().chain(world.ended()) {
            if let Some(sample) = sample(world, missile) {
                self.flying.entry(missile.id).or_default().0.push(sample);
            }
        }
        for missile in world.ended() {
            let (samples, solver_failed) = self.flying.remove(&missile.id).unwrap_or_default();
            let ending = Ending {
                outcome: missile.metrics.outcome,
                solver_failed,
                time: (world.tick() - missile.launched_tick) as f32 * dt,
            };
            let found = diagnose(&samples, &ending, &self.thresholds);
            self.findings.insert(missile.id, found);
        }
    }

    /// The primary class of missile `id` (none: a hit, still flying, or unknown).
    pub fn why(&self, id: MissileId) -> Option<Class> {
        self.findings.get(&id)?.first().map(|f| f.class)
    }
}

/// A missile after a tick's move, against the target it was launched at.
fn sample(world: &World, missile: &Missile) -> Option<Sample> {
    let target = world.target(missile.target)?;
    let dt = world.dt();
    let lateral = missile.airframe.as_ref().map(|a| {
        let along = missile.body.vel.normalize_or_zero();
        (a.state.commanded.perp_dot(along), a.state.limit)
    });
    Some(Sample {
        time: (world.tick() - missile.launched_tick) as f32 * dt,
        pos: missile.body.pos,
        vel: missile.body.vel,
        target_pos: target.pos,
        target_vel: target.vel,
        lateral,
        locked: missile.seeker.as_ref().is_none_or(|s| s.lost.is_none()),
    })
}

/// The results table of a diagnosed world: [`super::rows`] with each row's primary class.
pub fn rows(world: &World, sampler: &Sampler) -> Vec<Row> {
    super::rows(world)
        .into_iter()
        .map(|row| {
            let why = match row.missile {
                Some(id) => sampler.why(id),
                None => Some(Class::NoSolution),
            };
            Row { why, ..row }
        })
        .collect()
}

/// What `steerlab diagnose` prints: every missile's classes with their evidence (the
/// first is the primary one), then a summary per law: its missiles, hits, misses, and how
/// many misses each primary class explains.
pub fn report(world: &World, sampler: &Sampler) -> String {
    let mut out = String::new();
    let mut laws: BTreeMap<String, (usize, usize, BTreeMap<Class, usize>)> = BTreeMap::new();
    for row in rows(world, sampler) {
        let law = laws.entry(row.algorithm.id().to_string()).or_default();
        law.0 += 1;
        let findings = match row.missile {
            Some(id) => sampler.findings.get(&id).cloned().unwrap_or_default(),
            None => vec![Finding {
                class: Class::NoSolution,
                start: 0.0,
                end: 0.0,
                evidence: MissReason::NoSolution.describe().to_string(),
            }],
        };
        if matches!(row.outcome, Outcome::Hit { .. }) {
            law.1 += 1;
        }
        if let Some(why) = row.why {
            *law.2.entry(why).or_default() += 1;
        }
        let _ = writeln!(
            out,
            "{} {} {}{}",
            row.who,
            row.algorithm.id(),
            row.outcome.describe(),
            row.why.map_or(String::new(), |c| format!(": {}", c.id()))
        );
        for finding in &findings {
            let _ = writeln!(out, "    {}: {}", finding.class.id(), finding.evidence);
        }
    }
    out.push('\n');
    for (law, (missiles, hits, whys)) in laws {
        let misses: usize = whys.values().sum();
        let whys: Vec<String> = whys
            .iter()
            .map(|(c, n)| format!("{} {n}", c.id()))
            .collect();
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let _ = writeln!(
            out,
            "{law}: {}, {}{}",
            plural(missiles, "missile", "missiles"),
            plural(hits, "hit", "hits"),
            if whys.is_empty() {
                String::new()
            } else {
                format!(
                    ", {}: {}",
                    plural(misses, "miss", "misses"),
                    whys.join(", ")
                )
            }
        );
    }
    out
}
