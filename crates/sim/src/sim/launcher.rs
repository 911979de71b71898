//! Launchers and turrets. A launcher fires a volley (one missile per listed algorithm,
//! `salvo` each) at its target once or every N seconds, or when asked. A turret (D)
//! polls every `ai_poll_time`, picks the threat (closest below the danger height, else
//! fastest), and fires an intercept missile only when the quadratic has a solution.

use crate::core::field::WrittenValue;
use crate::core::field::{described, flag, number, text, whole};
use crate::guidance::{Algorithm, Tuning};
use crate::sim::limits::{MAX_COORD, MAX_LABEL, MAX_VOLLEY};
use crate::sim::motion::model::{POSITION, VELOCITY};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::airframe::AirframeSpec;
use super::avoid::AvoidSpec;
use super::ids::{Source, TargetId};
use super::seeker::SeekerSpec;
use super::target::Target;

crate::core::field_default!(default_lifetime: f32 = 20.0);
crate::core::field_default!(default_missile_radius: f32 = 2.0);
crate::core::field_default!(default_first_at: Option<f32> = Some(0.0));
crate::core::field_default!(default_one: u32 = 1);

/// Missile settings shared by launchers and turrets.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileSpec {
    #[serde(
        default = "default_lifetime::value",
        skip_serializing_if = "default_lifetime::is"
    )]
    pub lifetime: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub fuel: Option<f32>,
    #[serde(
        default = "default_missile_radius::value",
        skip_serializing_if = "default_missile_radius::is"
    )]
    pub radius: f32,
    /// Its airframe's limits (none: an ideal point, as the articles fly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub airframe: Option<AirframeSpec>,
    /// What its seeker shows the law (none: the target as it is, at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeker: Option<SeekerSpec>,
    /// How it goes round terrain before its terminal phase (none: its law alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avoid: Option<AvoidSpec>,
}

described!(MissileSpec {
    lifetime: number(0.001, 1.0e6)
        .unit("s")
        .help("A missile still flying after this long expires (a miss), at the end of the tick in which it is reached (a lifetime that is not a whole number of ticks is rounded up to one)."),
    fuel: number(0.001, 1.0e9)
        .optional()
        .unit("units")
        .help("Path length it can fly: the tick its fuel runs out takes it only as far as the fuel left (its path is then exactly fuel), and it ends there (fuel out)."),
    radius: number(0.0, 1.0e5)
        .label("missile hit radius")
        .unit("units")
        .help("Hit radius, added to the target's."),
    ; parts: airframe = "airframe limits (off: an ideal point)",
        seeker = "seeker (off: sees the target as it is)",
        avoid = "go round terrain until near (off: its law alone)"
});

impl Default for MissileSpec {
    fn default() -> Self {
        Self {
            lifetime: default_lifetime::value(),
            fuel: None,
            radius: default_missile_radius::value(),
            airframe: None,
            seeker: None,
            avoid: None,
        }
    }
}

/// A point launcher as a scenario gives it.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LauncherSpec {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub name: String,
    pub pos: Vec2,
    /// Name of the target it fires at.
    pub target: String,
    /// One missile of each per volley.
    pub algorithms: Vec<Algorithm>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub launch_velocity: Vec2,
    #[serde(
        default = "default_first_at::value",
        skip_serializing_if = "default_first_at::is"
    )]
    pub first_at: Option<f32>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub every: Option<f32>,
    #[serde(
        default = "default_one::value",
        skip_serializing_if = "default_one::is"
    )]
    pub salvo: u32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub spread: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub missile: MissileSpec,
    /// Parameters this launcher's missiles fly with instead of the scenario's, by
    /// `law.parameter` (`{"intercept.root_rule": "article-max"}`): two launchers can
    /// fly one law two ways, side by side.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub params: BTreeMap<String, WrittenValue>,
}

described!(LauncherSpec {
    name: text(MAX_LABEL)
        .help("Label."),
    pos: POSITION
        .label("position")
        .unit("units")
        .help("Where missiles start."),
    launch_velocity: VELOCITY
        .label("start velocity")
        .unit("units/s")
        .help("Start velocity; (0, 0) launches towards the target from rest."),
    first_at: number(0.0, 1.0e6)
        .optional()
        .label("first volley at")
        .unit("s")
        .help("Time of the first volley; None: only when asked (in the window)."),
    every: number(0.001, 1.0e6)
        .optional()
        .label("every")
        .unit("s")
        .help("Time between volleys; none: fire once."),
    salvo: whole(1, MAX_VOLLEY as i64)
        .unit("missiles")
        .help("Missiles of each algorithm per volley."),
    spread: number(0.0, 360.0)
        .unit("degrees")
        .help("Fan of a salvo's launch directions."),
    ; parts: missile
});

/// A turret as a scenario gives it.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurretSpec {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub name: String,
    pub pos: Vec2,
    #[serde(
        default = "default_poll::value",
        skip_serializing_if = "default_poll::is"
    )]
    pub ai_poll_time: f32,
    #[serde(
        default = "default_first_poll::value",
        skip_serializing_if = "default_first_poll::is"
    )]
    pub first_poll: f32,
    #[serde(
        default = "default_danger::value",
        skip_serializing_if = "default_danger::is"
    )]
    pub danger_height: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub skip_engaged: bool,
    /// The law it fires: D's quadratic intercept, or another (`ballistic` under gravity).
    #[serde(
        default = "default_turret_law::value",
        skip_serializing_if = "default_turret_law::is"
    )]
    pub algorithm: Algorithm,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub missile: MissileSpec,
}

described!(TurretSpec {
    name: text(MAX_LABEL)
        .help("Label."),
    pos: POSITION
        .label("position")
        .unit("units")
        .help("Where its missiles start."),
    ai_poll_time: number(0.001, 1.0e6)
        .label("poll every")
        .unit("s")
        .help("Time between polls."),
    first_poll: number(0.0, 1.0e6)
        .label("first poll at")
        .unit("s")
        .help("Time of the first poll."),
    danger_height: number(0.0, MAX_COORD)
        .label("danger height")
        .unit("units")
        .help("Targets within this height above the ground are threats, closest first."),
    skip_engaged: flag()
        .label("skip engaged targets")
        .help("Improvement: do not fire at a target that already has one of its missiles on the way."),
    ; parts: missile
});

crate::core::field_default!(default_poll: f32 = 0.5);
crate::core::field_default!(default_turret_law: Algorithm = crate::guidance::TURRET_DEFAULT);
crate::core::field_default!(default_first_poll: f32 = 1.0);
crate::core::field_default!(default_danger: f32 = 250.0);

pub use super::config::ticks;

/// A launcher in the world.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Launcher {
    pub spec: LauncherSpec,
    pub target: TargetId,
    /// Tick of the next automatic volley.
    pub next_tick: Option<u64>,
    pub volleys: u32,
    /// The world's parameters with this launcher's overrides (none: it has none),
    /// derived: kept up to date by the world, not part of its state.
    #[serde(skip)]
    pub tuning: Option<Tuning>,
}

impl Launcher {
    pub fn new(spec: LauncherSpec, target: TargetId, dt: f32) -> Self {
        let next_tick = spec.first_at.map(|s| ticks(s, dt, 0));
        Self {
            spec,
            target,
            next_tick,
            volleys: 0,
            tuning: None,
        }
    }

    /// Whether an automatic volley is due at `tick`; schedules the next one.
    pub fn due(&mut self, tick: u64, dt: f32) -> bool {
        if self.next_tick != Some(tick) {
            return false;
        }
        self.next_tick = self.spec.every.map(|every| tick + ticks(every, dt, 1));
        true
    }

    /// Launch directions offsets (radians) of one algorithm's salvo.
    pub fn salvo_offsets(&self) -> impl Iterator<Item = f32> + Clone {
        let n = self.spec.salvo.max(1);
        let spread = self.spec.spread.to_radians();
        (0..n).map(move |i| match n {
            1 => 0.0,
            _ => spread * (i as f32 / (n - 1) as f32 - 0.5),
        })
    }

    pub fn algorithms(&self) -> &[Algorithm] {
        &self.spec.algorithms
    }

    /// Derives this launcher's parameters from the world's: its overrides applied.
    pub fn retune(&mut self, world: &Tuning) -> Result<(), String> {
        if self.spec.params.is_empty() {
            self.tuning = None;
            return Ok(());
        }
        let mut tuning = world.clone();
        for (key, value) in &self.spec.params {
            tuning
                .set_written(key, value)
                .map_err(|e| format!("params.{key}: {e}"))?;
        }
        self.tuning = Some(tuning);
        Ok(())
    }
}

/// A turret in the world.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turret {
    pub spec: TurretSpec,
    pub next_tick: u64,
    /// The target picked at the last poll.
    pub locked: Option<TargetId>,
}

impl Turret {
    pub fn new(spec: TurretSpec, dt: f32) -> Self {
        let next_tick = ticks(spec.first_poll, dt, 0);
        Self {
            spec,
            next_tick,
            locked: None,
        }
    }

    /// Whether a poll is due at `tick`; schedules the next one.
    pub fn due(&mut self, tick: u64, dt: f32) -> bool {
        if tick != self.next_tick {
            return false;
        }
        self.next_tick = tick + ticks(self.spec.ai_poll_time, dt, 1);
        true
    }

    /// The article's threat rule: among targets below the danger height (within
    /// `danger_height` of the ground) the closest to the turret; if none, the fastest.
    pub fn pick<'a>(
        &self,
        candidates: impl Iterator<Item = &'a Target> + Clone,
        ground: f32,
    ) -> Option<TargetId> {
        let danger_line = ground - self.spec.danger_height;
        let closest = candidates
            .clone()
            .filter(|t| t.pos.y > danger_line)
            .min_by(|a, b| {
                a.pos
                    .distance_squared(self.spec.pos)
                    .total_cmp(&b.pos.distance_squared(self.spec.pos))
            });
        closest
            .or_else(|| {
                candidates.max_by(|a, b| a.vel.length_squared().total_cmp(&b.vel.length_squared()))
            })
            .map(|t| t.id)
    }
}

/// The parameters missiles from `source` fly with: their launcher's overrides, if it has
/// any, else the world's (turrets have none).
pub fn tuning_for<'a>(world: &'a Tuning, launchers: &'a [Launcher], source: Source) -> &'a Tuning {
    match source {
        Source::Launcher(i) => launchers
            .get(i)
            .and_then(|l| l.tuning.as_ref())
            .unwrap_or(world),
        Source::Turret(_) => world,
    }
}
