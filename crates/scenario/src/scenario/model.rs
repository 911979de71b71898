//! What a scenario is: the saved situation (world, laws, targets, launchers, turrets,
//! rain, view), and how it builds a world.

use super::scripts::ScriptSpec;
use super::sweep::SweepSpec;
use super::view::{EmbedSpec, ViewSpec};
use crate::guidance::{Algorithm, Tuning};
use crate::sim::crowd_spec::CrowdSpec;
use crate::sim::launcher::{LauncherSpec, TurretSpec};
use crate::sim::obstacles::ObstacleSpec;
use crate::sim::rain::RainSpec;
use crate::sim::{TargetSpec, World, WorldConfig};
use serde::{Deserialize, Serialize};

/// The file format version this build writes and reads.
pub const VERSION: u32 = 1;

/// A saved situation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Format version; files from a newer steerlab are refused.
    pub version: u32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub name: String,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub description: String,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub world: WorldConfig,
    /// Laws written as scripts, by id ([`super::scripts`]).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub scripts: Vec<ScriptSpec>,
    /// Parameters of every algorithm (missing ones take their defaults).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub algorithms: Tuning,
    /// Algorithms to compare side by side (empty: every algorithm the launchers use).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub compare: Vec<Algorithm>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub targets: Vec<TargetSpec>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub launchers: Vec<LauncherSpec>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub turrets: Vec<TurretSpec>,
    /// Circles, convex polygons and walls (`terrain: true` ends missiles touching them).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub obstacles: Vec<ObstacleSpec>,
    /// Crowds of agents flocking round the obstacles (docs/steering.md).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub crowds: Vec<CrowdSpec>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub rain: Option<RainSpec>,
    /// How the window opens it.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub view: Option<ViewSpec>,
    /// A saved sweep: `steerlab sweep FILE` runs it.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub sweep: Option<SweepSpec>,
    /// How it shows embedded in a web page (`?embed`).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub embed: Option<EmbedSpec>,
    /// The thresholds of the failure classes (docs/diagnosis.md).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub diagnosis: crate::sim::diagnosis::Thresholds,
    /// The comment lines at the top of the file, kept when it is saved again.
    #[serde(skip)]
    pub header: String,
}

impl Default for Scenario {
    fn default() -> Self {
        Self {
            version: VERSION,
            name: String::new(),
            description: String::new(),
            world: WorldConfig::default(),
            scripts: Vec::new(),
            algorithms: Tuning::default(),
            compare: Vec::new(),
            targets: Vec::new(),
            launchers: Vec::new(),
            turrets: Vec::new(),
            obstacles: Vec::new(),
            crowds: Vec::new(),
            rain: None,
            view: None,
            sweep: None,
            embed: None,
            diagnosis: Default::default(),
            header: String::new(),
        }
    }
}

impl Scenario {
    /// Builds the world this scenario describes.
    pub fn build(&self) -> Result<World, String> {
        let mut world = World::new(self.world.clone(), self.algorithms.clone());
        for (i, target) in self.targets.iter().enumerate() {
            world
                .add_target(target)
                .map_err(|e| format!("targets[{i}] ({}): {e}", target.name))?;
        }
        for (i, launcher) in self.launchers.iter().enumerate() {
            world
                .add_launcher(launcher.clone())
                .map_err(|e| format!("launchers[{i}]: {e}"))?;
        }
        for turret in &self.turrets {
            world.add_turret(turret.clone());
        }
        for (i, obstacle) in self.obstacles.iter().enumerate() {
            world
                .add_obstacle(obstacle.clone())
                .map_err(|e| format!("obstacles[{i}].{e}"))?;
        }
        for crowd in &self.crowds {
            world.add_crowd(crowd);
        }
        if let Some(rain) = &self.rain {
            world.set_rain(rain.clone());
        }
        Ok(world)
    }

    /// The algorithms to compare: the `compare` list, or else every algorithm the
    /// launchers fire (plus the turrets' law if there are turrets), in display order.
    pub fn compared(&self) -> Vec<Algorithm> {
        if !self.compare.is_empty() {
            return self.compare.clone();
        }
        // A set, not a search per law: a recording holds one law and one launcher per
        // missile (900 of each in a crowd), and the panel asks every frame.
        let fired: std::collections::BTreeSet<Algorithm> = self
            .launchers
            .iter()
            .flat_map(|l| l.algorithms.iter().copied())
            .chain(self.turrets.iter().map(|t| t.algorithm))
            .collect();
        self.algorithms
            .algorithms()
            .into_iter()
            .filter(|a| fired.contains(a))
            .collect()
    }

    /// The same scenario with every launcher firing only `algorithm` (turrets stay for
    /// the turrets' own law), for a fair one-algorithm run.
    pub fn restricted_to(&self, algorithm: Algorithm) -> Scenario {
        let mut out = self.clone();
        out.restrict(algorithm);
        out
    }

    /// [`Scenario::restricted_to`] in place.
    pub fn restrict(&mut self, algorithm: Algorithm) {
        for launcher in &mut self.launchers {
            launcher.algorithms = vec![algorithm];
        }
        self.turrets.retain(|t| t.algorithm == algorithm);
    }
}

#[cfg(test)]
mod tests {
    use crate::guidance::{Algorithm, TURRET_DEFAULT};

    #[test]
    fn restricting_to_one_law_keeps_the_turrets_only_for_their_own_law() {
        let s = crate::scenario::parse(
            r#"(version: 1, targets: [(name: "t", radius: 10, motion: Static(pos: (1, 1)))],
                launchers: [(pos: (0, 0), target: "t", algorithms: ["smoothed", "newton"])],
                turrets: [(pos: (5, 5))])"#,
            "turret",
        )
        .unwrap();
        for algorithm in Algorithm::ALL {
            let only = s.restricted_to(algorithm);
            assert_eq!(only.launchers[0].algorithms, [algorithm]);
            // Turrets fly their own law: they stay for it alone.
            if algorithm == TURRET_DEFAULT {
                assert_eq!(only.turrets, s.turrets);
            } else {
                assert!(only.turrets.is_empty(), "{algorithm}");
            }
        }
    }

    #[test]
    fn the_laws_compared_are_the_ones_fired_in_display_order_unless_listed() {
        let text = |compare: &str| {
            format!(
                r#"(version: 1, targets: [(name: "t", radius: 10, motion: Static(pos: (1, 1)))],
                    launchers: [(pos: (0, 0), target: "t", algorithms: ["newton", "smoothed"]),
                                (pos: (9, 0), target: "t", algorithms: ["smoothed"])],
                    turrets: [(pos: (5, 5))]{compare})"#
            )
        };
        let s = crate::scenario::parse(&text(""), "fired").unwrap();
        // Each law once, in the registry's order (smoothed before newton), the turrets'
        // law with them; the laws nothing fires are not compared.
        let mut fired = vec![Algorithm::from_id("smoothed").unwrap()];
        fired.push(Algorithm::from_id("newton").unwrap());
        fired.push(TURRET_DEFAULT);
        fired.sort();
        assert_eq!(s.compared(), fired);
        let listed = crate::scenario::parse(&text(r#", compare: ["quartic"]"#), "listed").unwrap();
        assert_eq!(listed.compared(), [Algorithm::from_id("quartic").unwrap()]);
    }
}
