//! Guidance: one file per algorithm, each with its parameter struct (which describes
//! itself for the panel) and its per-missile state. [`Algorithm`] names them with the
//! stable string ids that files and the command line use; [`Guidance`] dispatches by
//! exhaustive `match`. Adding an algorithm is one file plus one arm in each match here.

pub mod heat_seeker;
pub mod intercept;
pub mod naive_accel;
pub mod newton;
pub mod pro_nav;
pub mod quartic;
pub mod roots;
pub mod smoothed;
pub mod turn_rate;

pub use crate::core::params::{self, Applies, ParamKind, ParamSpec, ParamValue, Tunable};
pub use crate::core::readout::{Readout, ReadoutValue};
pub use heat_seeker::{HeatSeeker, HeatSeekerParams};
pub use intercept::{Intercept, InterceptParams};
pub use naive_accel::{NaiveAccel, NaiveAccelParams};
pub use newton::{Newton, NewtonParams};
pub use pro_nav::{ProNav, ProNavParams};
pub use quartic::{Quartic, QuarticParams};
pub use smoothed::{Smoothed, SmoothedParams};
pub use turn_rate::{TurnRate, TurnRateParams};

use crate::core::{Body, DebugShape, Seen};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Every steering algorithm, by its stable id (written as a string in files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Algorithm {
    Smoothed,
    TurnRate,
    Newton,
    Quartic,
    NaiveAccel,
    Intercept,
    HeatSeeker,
    ProNav,
}

/// Stable ids, in the order of [`Algorithm::ALL`].
const IDS: [&str; 8] = [
    "smoothed",
    "turn-rate",
    "newton",
    "quartic",
    "naive-accel",
    "intercept",
    "heat-seeker",
    "pro-nav",
];

impl Serialize for Algorithm {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Algorithm {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        params::named(deserializer, "algorithm", &IDS, &Algorithm::ALL)
    }
}

impl Algorithm {
    /// All algorithms, in display order.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Smoothed,
        Algorithm::TurnRate,
        Algorithm::Newton,
        Algorithm::Quartic,
        Algorithm::NaiveAccel,
        Algorithm::Intercept,
        Algorithm::HeatSeeker,
        Algorithm::ProNav,
    ];

    /// The stable id used in files and on the command line.
    pub fn id(self) -> &'static str {
        IDS[self as usize]
    }

    /// Parses a stable id.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.id() == id)
    }

    /// One line: what it is and where it comes from.
    pub fn summary(self) -> &'static str {
        match self {
            Algorithm::Smoothed => "A: smoothed homing, ga (Lunar Blast, Corona SDK)",
            Algorithm::TurnRate => "B: turn-rate pursuit with a dead zone (fly-program article)",
            Algorithm::Newton => "C: accelerating missile aimed by Newton's method (faithful)",
            Algorithm::Quartic => "C: accelerating missile, exact quartic (improvement)",
            Algorithm::NaiveAccel => "C: the article's 'stupid missile' baseline that orbits",
            Algorithm::Intercept => {
                "D: constant-speed quadratic intercept (Missile Command, Unity)"
            }
            Algorithm::HeatSeeker => "E: integer heat-seeker with inertia and lead (wordwarvi)",
            Algorithm::ProNav => "proportional navigation, the real-missile yardstick",
        }
    }

    /// The parameter descriptions of this algorithm.
    pub fn specs(self) -> &'static [ParamSpec] {
        match self {
            Algorithm::Smoothed => SmoothedParams::SPECS,
            Algorithm::TurnRate => TurnRateParams::SPECS,
            Algorithm::Newton => NewtonParams::SPECS,
            Algorithm::Quartic => QuarticParams::SPECS,
            Algorithm::NaiveAccel => NaiveAccelParams::SPECS,
            Algorithm::Intercept => InterceptParams::SPECS,
            Algorithm::HeatSeeker => HeatSeekerParams::SPECS,
            Algorithm::ProNav => ProNavParams::SPECS,
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_id(s).ok_or_else(|| {
            let ids: Vec<_> = Self::ALL.iter().map(|a| a.id()).collect();
            format!(
                "unknown algorithm `{s}`, expected one of: {}",
                ids.join(", ")
            )
        })
    }
}

/// One parameter set per algorithm: what the panel tunes and scenario files store.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Tuning {
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub smoothed: SmoothedParams,
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub turn_rate: TurnRateParams,
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub newton: NewtonParams,
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub quartic: QuarticParams,
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub naive_accel: NaiveAccelParams,
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub intercept: InterceptParams,
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub heat_seeker: HeatSeekerParams,
    #[serde(skip_serializing_if = "crate::core::is_default")]
    pub pro_nav: ProNavParams,
}

impl Tuning {
    /// The current value of one algorithm's parameter.
    pub fn get(&self, algorithm: Algorithm, name: &str) -> Option<ParamValue> {
        match algorithm {
            Algorithm::Smoothed => self.smoothed.get(name),
            Algorithm::TurnRate => self.turn_rate.get(name),
            Algorithm::Newton => self.newton.get(name),
            Algorithm::Quartic => self.quartic.get(name),
            Algorithm::NaiveAccel => self.naive_accel.get(name),
            Algorithm::Intercept => self.intercept.get(name),
            Algorithm::HeatSeeker => self.heat_seeker.get(name),
            Algorithm::ProNav => self.pro_nav.get(name),
        }
    }

    /// Sets one algorithm's parameter after checking it against its description.
    pub fn set(
        &mut self,
        algorithm: Algorithm,
        name: &str,
        value: ParamValue,
    ) -> Result<(), String> {
        let spec = algorithm
            .specs()
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| format!("{algorithm} has no parameter `{name}`"))?;
        spec.check(value)?;
        let done = match algorithm {
            Algorithm::Smoothed => self.smoothed.set(name, value),
            Algorithm::TurnRate => self.turn_rate.set(name, value),
            Algorithm::Newton => self.newton.set(name, value),
            Algorithm::Quartic => self.quartic.set(name, value),
            Algorithm::NaiveAccel => self.naive_accel.set(name, value),
            Algorithm::Intercept => self.intercept.set(name, value),
            Algorithm::HeatSeeker => self.heat_seeker.set(name, value),
            Algorithm::ProNav => self.pro_nav.set(name, value),
        };
        if done {
            Ok(())
        } else {
            Err(format!("{algorithm}.{name}: wrong kind of value {value:?}"))
        }
    }

    /// Every out-of-range parameter, as `(algorithm, field, reason)`.
    pub fn problems(&self) -> Vec<(Algorithm, &'static str, String)> {
        let mut out = Vec::new();
        for algorithm in Algorithm::ALL {
            let list = match algorithm {
                Algorithm::Smoothed => self.smoothed.problems(),
                Algorithm::TurnRate => self.turn_rate.problems(),
                Algorithm::Newton => self.newton.problems(),
                Algorithm::Quartic => self.quartic.problems(),
                Algorithm::NaiveAccel => self.naive_accel.problems(),
                Algorithm::Intercept => self.intercept.problems(),
                Algorithm::HeatSeeker => self.heat_seeker.problems(),
                Algorithm::ProNav => self.pro_nav.problems(),
            };
            out.extend(list.into_iter().map(|(field, why)| (algorithm, field, why)));
        }
        out
    }
}

/// Everything an algorithm needs to start a missile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Launch {
    pub pos: Vec2,
    /// Start velocity (units/s); used by the accelerating missiles and the heat-seeker.
    pub vel: Vec2,
    /// Unit launch direction: the start velocity's, or towards the target if it is zero.
    pub dir: Vec2,
    /// The target as seen at launch.
    pub seen: Seen,
}

impl Launch {
    /// A launch from `pos` with start velocity `vel` at a target at `target` moving `target_vel`.
    pub fn toward(pos: Vec2, vel: Vec2, target: Vec2, target_vel: Vec2, dt: f32) -> Self {
        let dir = vel
            .try_normalize()
            .or_else(|| (target - pos).try_normalize())
            .unwrap_or(Vec2::X);
        Self {
            pos,
            vel,
            dir,
            seen: Seen {
                target_pos: target,
                target_vel,
                dt,
            },
        }
    }
}

/// Something an algorithm tells the world about a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// The missile reached its aim point and detonates.
    Detonate,
    /// The solver found no usable answer (reported once until it recovers).
    SolverFailed,
}

/// A missile's guidance: its algorithm's per-missile state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Guidance {
    Smoothed(Smoothed),
    TurnRate(TurnRate),
    Newton(Newton),
    Quartic(Quartic),
    NaiveAccel(NaiveAccel),
    Intercept(Intercept),
    HeatSeeker(HeatSeeker),
    ProNav(ProNav),
}

impl Guidance {
    /// Starts a missile of `algorithm`; `None` when the algorithm has no solution and
    /// refuses to fire (the quadratic intercept).
    pub fn launch(
        algorithm: Algorithm,
        tuning: &Tuning,
        launch: &Launch,
    ) -> Option<(Guidance, Body)> {
        Some(match algorithm {
            Algorithm::Smoothed => {
                let (g, b) = Smoothed::launch(launch);
                (Guidance::Smoothed(g), b)
            }
            Algorithm::TurnRate => {
                let (g, b) = TurnRate::launch(&tuning.turn_rate, launch);
                (Guidance::TurnRate(g), b)
            }
            Algorithm::Newton => {
                let (g, b) = Newton::launch(launch);
                (Guidance::Newton(g), b)
            }
            Algorithm::Quartic => {
                let (g, b) = Quartic::launch(launch);
                (Guidance::Quartic(g), b)
            }
            Algorithm::NaiveAccel => {
                let (g, b) = NaiveAccel::launch(launch);
                (Guidance::NaiveAccel(g), b)
            }
            Algorithm::Intercept => {
                let (g, b) = Intercept::launch(&tuning.intercept, launch)?;
                (Guidance::Intercept(g), b)
            }
            Algorithm::HeatSeeker => {
                let (g, b) = HeatSeeker::launch(launch);
                (Guidance::HeatSeeker(g), b)
            }
            Algorithm::ProNav => {
                let (g, b) = ProNav::launch(&tuning.pro_nav, launch);
                (Guidance::ProNav(g), b)
            }
        })
    }

    pub fn algorithm(&self) -> Algorithm {
        match self {
            Guidance::Smoothed(_) => Algorithm::Smoothed,
            Guidance::TurnRate(_) => Algorithm::TurnRate,
            Guidance::Newton(_) => Algorithm::Newton,
            Guidance::Quartic(_) => Algorithm::Quartic,
            Guidance::NaiveAccel(_) => Algorithm::NaiveAccel,
            Guidance::Intercept(_) => Algorithm::Intercept,
            Guidance::HeatSeeker(_) => Algorithm::HeatSeeker,
            Guidance::ProNav(_) => Algorithm::ProNav,
        }
    }

    /// Steers and moves the body through one tick.
    pub fn steer(&mut self, tuning: &Tuning, body: &mut Body, seen: &Seen) -> Option<Signal> {
        match self {
            Guidance::Smoothed(g) => g.steer(&tuning.smoothed, body, seen),
            Guidance::TurnRate(g) => g.steer(&tuning.turn_rate, body, seen),
            Guidance::Newton(g) => return g.steer(&tuning.newton, body, seen),
            Guidance::Quartic(g) => g.steer(&tuning.quartic, body, seen),
            Guidance::NaiveAccel(g) => g.steer(&tuning.naive_accel, body, seen),
            Guidance::Intercept(g) => return g.steer(&tuning.intercept, body, seen),
            Guidance::HeatSeeker(g) => g.steer(&tuning.heat_seeker, body, seen),
            Guidance::ProNav(g) => g.steer(&tuning.pro_nav, body, seen),
        }
        None
    }

    /// The best possible time to hit, computed at launch, for the algorithms that have an
    /// exact optimum (the quadratic intercept and the exact quartic).
    pub fn optimal_time(&self, tuning: &Tuning, body: &Body, seen: &Seen) -> Option<f32> {
        match self {
            Guidance::Intercept(g) => g.solution.time,
            Guidance::Quartic(_) => quartic::meeting(
                seen.target_pos - body.pos,
                seen.target_vel - body.vel,
                tuning.quartic.acceleration,
            )
            .map(|m| m.time),
            _ => None,
        }
    }

    /// The algorithm's internals, for the inspector.
    pub fn readouts(&self, tuning: &Tuning, dt: f32) -> Vec<Readout> {
        let mut out = Vec::new();
        match self {
            Guidance::Smoothed(g) => g.readouts(&tuning.smoothed, dt, &mut out),
            Guidance::TurnRate(g) => g.readouts(&mut out),
            Guidance::Newton(g) => g.readouts(&tuning.newton, &mut out),
            Guidance::Quartic(g) => g.readouts(&mut out),
            Guidance::NaiveAccel(g) => g.readouts(&mut out),
            Guidance::Intercept(g) => g.readouts(&mut out),
            Guidance::HeatSeeker(g) => g.readouts(&mut out),
            Guidance::ProNav(g) => g.readouts(&mut out),
        }
        out
    }

    /// The algorithm's debug shapes for the overlays.
    pub fn debug_shapes(
        &self,
        tuning: &Tuning,
        body: &Body,
        seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        match self {
            Guidance::Smoothed(g) => g.debug_shapes(&tuning.smoothed, body, out),
            Guidance::TurnRate(g) => g.debug_shapes(&tuning.turn_rate, body, out),
            Guidance::Newton(g) => g.debug_shapes(&tuning.newton, body, seen, out),
            Guidance::Quartic(g) => g.debug_shapes(body, seen, out),
            Guidance::NaiveAccel(g) => g.debug_shapes(body, out),
            Guidance::Intercept(g) => g.debug_shapes(&tuning.intercept, seen, out),
            Guidance::HeatSeeker(g) => g.debug_shapes(out),
            Guidance::ProNav(g) => g.debug_shapes(body, out),
        }
    }
}
