//! Guidance: the steering laws, one file each, and the registry that lists them. A law
//! describes everything about itself in its file ([`Law`]): id, summary, colour,
//! parameters, fuse, readouts, debug shapes, look. Adding a built-in law is its file plus
//! one line in [`laws!`] below; nothing outside this folder names a specific law.
//!
//! [`Algorithm`] is an index into the table of laws (built-ins first), not a closed enum
//! the rest of the code matches on; [`Guidance`] is a missile's per-law state, with one
//! exhaustive `match` per operation generated here (fast, no `dyn`).

pub mod algorithm;
pub mod helpers;
pub mod law;
pub mod roots;
pub mod runtime;

pub use crate::core::field::{self, Applies, Described, Field, Kind, Tunable, Value};
pub use crate::core::readout::{Readout, ReadoutValue};
pub use algorithm::Algorithm;
pub use law::{Launch, Law, LawError, LawInfo, Look, Signal};
pub use runtime::{Runtime, RuntimeGuidance, RuntimeLaw, RuntimeState};

use crate::core::{Body, DebugShape, Seen};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

// The laws' files: plain modules, so rustfmt and cargo-mutants see them.
pub mod ballistic;
pub mod heat_seeker;
pub mod intercept;
pub mod naive_accel;
pub mod newton;
pub mod pro_nav;
pub mod quartic;
pub mod smoothed;
pub mod turn_rate;

/// The registry: one line per built-in law, `Name => module::Type`, in display order.
/// The module is the law's file (declared above) and its section name in scenario files.
macro_rules! laws {
    ($( $name:ident => $module:ident :: $law:ident ),* $(,)?) => {
        $( pub use $module::$law; )*

        /// Positions in the registry, in display order.
        #[derive(Clone, Copy)]
        #[allow(clippy::enum_variant_names)]
        enum Index { $( $name, )* }

        /// How many built-in laws there are.
        pub const BUILTINS: usize = [$( Index::$name, )*].len();

        /// The built-ins' descriptions, in registry order.
        const INFO: [LawInfo; BUILTINS] = [$(
            LawInfo {
                id: <$module::$law as Law>::ID,
                section: stringify!($module),
                summary: <$module::$law as Law>::SUMMARY,
                color: <$module::$law as Law>::COLOR,
                params: <<$module::$law as Law>::Params as Tunable>::FIELDS,
                contact_fused: <$module::$law as Law>::CONTACT_FUSED,
                four_lane: <$module::$law as Law>::LANE_STEP.is_some(),
                lane_gravity: <$module::$law as Law>::LANE_GRAVITY,
            },
        )*];

        #[allow(non_upper_case_globals)]
        impl Algorithm {
            $(
                #[doc = concat!("The built-in `", stringify!($module), "` law.")]
                pub const $name: Algorithm = Algorithm(Index::$name as u16);
            )*
            /// Every built-in law, in display order.
            pub const ALL: [Algorithm; BUILTINS] = [$( Algorithm::$name, )*];
        }

        /// A missile's guidance: its law's per-missile state.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum Guidance {
            $( $name($module::$law), )*
            /// A law added at run time (boxed: its named values and what it showed are
            /// larger than any built-in law's state, and every missile is as large as
            /// the largest variant).
            Runtime(Box<RuntimeGuidance>),
        }

        /// One parameter set per built-in law: what the panel tunes and scenario files
        /// store (each law's section left out of a saved file while it has its defaults).
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct Tuning {
            $(
                #[serde(skip_serializing_if = "crate::core::is_default")]
                pub $module: <$module::$law as Law>::Params,
            )*
            /// The laws added at run time, with their parameter values (a scenario
            /// names their files; they are not read from this section).
            #[serde(skip_deserializing, skip_serializing_if = "Runtime::is_empty")]
            pub runtime: Runtime,
        }

        impl Tuning {
            /// One algorithm's parameter values, described (to read).
            pub fn law(&self, algorithm: Algorithm) -> Option<&dyn Described> {
                match algorithm.index() {
                    $( Some(Index::$name) => Some(&self.$module), )*
                    None => self.runtime.params(algorithm),
                }
            }

            /// One algorithm's parameter values, described (to change).
            pub fn law_mut(&mut self, algorithm: Algorithm) -> Option<&mut dyn Described> {
                match algorithm.index() {
                    $( Some(Index::$name) => Some(&mut self.$module), )*
                    None => self.runtime.params_mut(algorithm),
                }
            }

            /// Values derived from an algorithm's parameters, for the panel.
            pub fn notes(&self, algorithm: Algorithm, dt: f32) -> Vec<String> {
                match algorithm.index() {
                    $( Some(Index::$name) => <$module::$law as Law>::notes(&self.$module, dt), )*
                    None => Vec::new(),
                }
            }
        }

        impl Guidance {
            /// Starts a missile of `algorithm`; `None` when the law has no solution and
            /// refuses to fire (the quadratic intercept), or is not a built-in.
            pub fn launch(algorithm: Algorithm, tuning: &Tuning, launch: &Launch) -> Result<Option<(Guidance, Body)>, LawError> {
                Ok(match algorithm.index() {
                    $( Some(Index::$name) => <$module::$law as Law>::launch(&tuning.$module, launch)
                        .map(|(g, b)| (Guidance::$name(g), b)), )*
                    None => {
                        let Some((law, params)) = tuning.runtime.law(algorithm) else {
                            return Ok(None);
                        };
                        let mut state = RuntimeState::default();
                        law.launch(params, launch, &mut state)?
                            .map(|b| (Guidance::Runtime(Box::new(RuntimeGuidance { law: algorithm, state })), b))
                    }
                })
            }

            pub fn algorithm(&self) -> Algorithm {
                match self {
                    $( Guidance::$name(_) => Algorithm::$name, )*
                    Guidance::Runtime(g) => g.law,
                }
            }

            /// Steers and moves the body through one tick.
            pub fn steer(&mut self, tuning: &Tuning, body: &mut Body, seen: &Seen) -> Option<Signal> {
                self.steer_among(tuning, body, seen, &[])
            }

            /// As [`Guidance::steer`], a runtime law seeing the other missiles in flight
            /// (`others`, nearest first; the built-ins do not look at them).
            pub fn steer_among(
                &mut self,
                tuning: &Tuning,
                body: &mut Body,
                seen: &Seen,
                others: &[crate::steering::Mover],
            ) -> Option<Signal> {
                match self {
                    $( Guidance::$name(g) => g.steer(&tuning.$module, body, seen), )*
                    Guidance::Runtime(g) => match tuning.runtime.law(g.law) {
                        Some((law, params)) => law
                            .steer_among(params, &mut g.state, body, seen, others)
                            .unwrap_or_else(|e| Some(Signal::Failed(e))),
                        None => Some(Signal::Failed(LawError {
                            place: String::new(),
                            message: format!("the law `{}` is no longer loaded", g.law),
                        })),
                    },
                }
            }

            /// The best possible time to hit, computed at launch, for the laws that have
            /// an exact optimum.
            pub fn optimal_time(&self, tuning: &Tuning, body: &Body, seen: &Seen) -> Option<f32> {
                match self {
                    $( Guidance::$name(g) => g.optimal_time(&tuning.$module, body, seen), )*
                    Guidance::Runtime(_) => None,
                }
            }

            /// The law's internals, for the inspector.
            pub fn readouts(&self, tuning: &Tuning, dt: f32) -> Vec<Readout> {
                let mut out = Vec::new();
                match self {
                    $( Guidance::$name(g) => g.readouts(&tuning.$module, dt, &mut out), )*
                    Guidance::Runtime(g) => {
                        if let Some((law, _)) = tuning.runtime.law(g.law) {
                            out = law.readouts(&g.state);
                        }
                    }
                }
                out
            }

            /// The law's debug shapes for the overlays.
            pub fn debug_shapes(&self, tuning: &Tuning, body: &Body, seen: &Seen, out: &mut Vec<DebugShape>) {
                match self {
                    $( Guidance::$name(g) => g.debug_shapes(&tuning.$module, body, seen, out), )*
                    Guidance::Runtime(g) => {
                        if let Some((law, _)) = tuning.runtime.law(g.law) {
                            law.debug_shapes(&g.state, out);
                        }
                    }
                }
            }

            /// The law's four-lane step and the numbers for it of this missile (its body
            /// `body`), if it has one under `tuning` ([`Law::lane`]): the sweep's fast path
            /// asks the law.
            pub fn lane(&self, tuning: &Tuning, body: &Body) -> Option<(crate::core::lanes::LaneStep, [f32; crate::core::lanes::LANE_NUMBERS])> {
                match self {
                    $( Guidance::$name(g) => <$module::$law as Law>::LANE_STEP
                        .and_then(|step| g.lane(&tuning.$module, body).map(|numbers| (step, numbers))), )*
                    Guidance::Runtime(_) => None,
                }
            }

            /// [`Guidance::lane`] for a world's missile: only for a law that takes its
            /// numbers back ([`Law::UNLANE`], [`Guidance::unlane`]).
            pub fn world_lane(&self, tuning: &Tuning, body: &Body) -> Option<(crate::core::lanes::LaneStep, [f32; crate::core::lanes::LANE_NUMBERS])> {
                self.flies_in_lanes().then(|| self.lane(tuning, body)).flatten()
            }

            /// The law's heading for four of a world's missiles at once, if it sets it
            /// that way ([`Law::LANE_HEADING`]; else [`Guidance::unlane`] sets it).
            pub fn lane_heading(&self) -> Option<crate::core::lanes::LaneHeading> {
                match self {
                    $( Guidance::$name(_) => <$module::$law as Law>::LANE_HEADING, )*
                    Guidance::Runtime(_) => None,
                }
            }

            /// Whether a world may fly this missile four at a time ([`Law::UNLANE`]),
            /// with the parameters its [`Law::lane`] takes.
            pub fn flies_in_lanes(&self) -> bool {
                match self {
                    $( Guidance::$name(_) => <$module::$law as Law>::UNLANE.is_some(), )*
                    Guidance::Runtime(_) => false,
                }
            }

            /// Takes back what the four-lane step [`Guidance::world_lane`] gave left in
            /// `numbers`, and sets the body's heading ([`Law::UNLANE`]) unless
            /// [`Guidance::lane_heading`] does.
            pub fn unlane(&mut self, numbers: &[f32; crate::core::lanes::LANE_NUMBERS], body: &mut Body) {
                match self {
                    $( Guidance::$name(g) => {
                        if let Some(unlane) = <$module::$law as Law>::UNLANE {
                            unlane(g, numbers, body);
                        }
                    } )*
                    Guidance::Runtime(_) => {}
                }
            }

            /// How the missile is drawn.
            pub fn look(&self) -> Look {
                match self {
                    $( Guidance::$name(g) => g.look(), )*
                    Guidance::Runtime(_) => Look::Arrow,
                }
            }
        }

        impl Algorithm {
            fn index(self) -> Option<Index> {
                const ORDER: [Index; BUILTINS] = [$( Index::$name, )*];
                ORDER.get(usize::from(self.0)).copied()
            }
        }
    };
}

laws! {
    Smoothed => smoothed::Smoothed,
    TurnRate => turn_rate::TurnRate,
    Newton => newton::Newton,
    Quartic => quartic::Quartic,
    NaiveAccel => naive_accel::NaiveAccel,
    Intercept => intercept::Intercept,
    HeatSeeker => heat_seeker::HeatSeeker,
    ProNav => pro_nav::ProNav,
    Ballistic => ballistic::Ballistic,
}

pub use ballistic::BallisticParams;
pub use heat_seeker::HeatSeekerParams;
pub use intercept::InterceptParams;
pub use naive_accel::NaiveAccelParams;
pub use newton::NewtonParams;
pub use pro_nav::ProNavParams;
pub use quartic::QuarticParams;
pub use smoothed::SmoothedParams;
pub use turn_rate::TurnRateParams;

/// The law a turret fires unless its scenario says otherwise: D's quadratic intercept.
pub const TURRET_DEFAULT: Algorithm = Algorithm::Intercept;

/// The reference first offered against a recorded missile: proportional navigation,
/// the real-missile yardstick.
pub const REFERENCE_DEFAULT: Algorithm = Algorithm::ProNav;

/// The built-in a script's speed is measured beside: the cheapest, smoothed (and the
/// one the shipped port reproduces).
pub const SCRIPT_BASELINE: Algorithm = Algorithm::Smoothed;

/// Most laws added at run time that can be held at once (by every open scenario, world
/// and window together): far beyond what scenarios hold (32 scripts, a recording's 1000
/// missiles), within the registry's 16-bit index.
pub const MAX_RUNTIME_LAWS: usize = 60_000;

impl Algorithm {
    /// What the registry knows of it.
    pub fn info(self) -> LawInfo {
        match self.index() {
            Some(_) => INFO[usize::from(self.0)],
            None => {
                let slots = runtime::runtime_slots()
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                slots[usize::from(self.0) - BUILTINS].info
            }
        }
    }

    /// Whether it is one of the built-in laws (not added at run time).
    pub fn is_builtin(self) -> bool {
        self.index().is_some()
    }

    /// The algorithm of a law added at run time, and its hold on its place: while a
    /// law of that id is held, the same id gives the same algorithm (and its
    /// description is updated); otherwise it takes a place nothing holds. Ids of the
    /// built-ins are not taken.
    pub(crate) fn runtime(info: LawInfo) -> Result<(Algorithm, Arc<runtime::Hold>), String> {
        if Self::ALL.iter().any(|a| a.id() == info.id) {
            return Err(format!("`{}` is the id of a built-in law", info.id));
        }
        let mut slots = runtime::runtime_slots()
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let info = LawInfo {
            id: runtime::intern(info.id),
            section: runtime::intern(info.id),
            ..info
        };
        let (index, hold) = runtime::place(&mut slots, info, MAX_RUNTIME_LAWS)?;
        Ok((Algorithm((BUILTINS + index) as u16), hold))
    }

    /// The stable id used in files and on the command line.
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// Parses a stable id: a built-in's, or one a runtime law was registered under.
    pub fn from_id(id: &str) -> Option<Self> {
        if let Some(builtin) = Self::ALL.into_iter().find(|a| a.id() == id) {
            return Some(builtin);
        }
        let slots = runtime::runtime_slots()
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        slots
            .iter()
            .position(|s| s.info.id == id && s.is_held())
            .map(|k| Algorithm((BUILTINS + k) as u16))
    }

    /// One line: what it is and where it comes from.
    pub fn summary(self) -> &'static str {
        self.info().summary
    }

    /// The descriptions of this algorithm's parameters.
    pub fn params(self) -> &'static [Field] {
        self.info().params
    }

    /// Its colour, as RGB.
    pub fn color(self) -> [u8; 3] {
        self.info().color
    }

    /// Its section in a scenario's `algorithms:`.
    pub fn section(self) -> &'static str {
        self.info().section
    }
}

impl Guidance {
    /// Whether the missile hits what it touches (its law's fuse). Asked of every missile
    /// every tick: a built-in's is read in place from the registry's table.
    pub fn contact_fused(&self) -> bool {
        let algorithm = self.algorithm();
        match algorithm.index() {
            Some(_) => INFO[usize::from(algorithm.0)].contact_fused,
            None => algorithm.info().contact_fused,
        }
    }
}

impl std::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Algorithm {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Algorithm {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str> as Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_id(s).ok_or_else(|| {
            let ids: Vec<_> = Self::ALL.iter().map(|a| a.id()).collect();
            let shown: String = s.chars().take(40).collect();
            let more = if shown.len() < s.len() { "..." } else { "" };
            format!(
                "unknown algorithm `{shown}{more}`, expected one of: {}",
                ids.join(", ")
            )
        })
    }
}

impl Tuning {
    /// The current value of one algorithm's parameter.
    pub fn get(&self, algorithm: Algorithm, name: &str) -> Option<Value> {
        self.law(algorithm)?.get(name)
    }

    /// Sets a parameter without checking its range (see [`Tuning::set`]); `false` if
    /// there is no such parameter or the value is of another kind.
    pub fn set_unchecked(&mut self, algorithm: Algorithm, name: &str, value: Value) -> bool {
        self.law_mut(algorithm)
            .is_some_and(|law| law.set(name, value))
    }

    /// Sets one algorithm's parameter after checking it against its description.
    pub fn set(&mut self, algorithm: Algorithm, name: &str, value: Value) -> Result<(), String> {
        let law = self
            .law_mut(algorithm)
            .ok_or_else(|| format!("unknown algorithm `{algorithm}`"))?;
        if law.field(name).is_none() {
            return Err(format!("{algorithm} has no parameter `{name}`"));
        }
        law.set_checked(name, value)
    }

    /// Adds a law at run time (or replaces the one registered under its id, keeping the
    /// parameter values that still fit): returns its algorithm.
    pub fn register(&mut self, law: std::sync::Arc<dyn RuntimeLaw>) -> Result<Algorithm, String> {
        let (algorithm, hold) = Algorithm::runtime(law.info())?;
        self.runtime.insert(algorithm, law, hold);
        Ok(algorithm)
    }

    /// Sets a parameter named `law.param` (the law's section name, as in a scenario's
    /// `algorithms:`) to a value as a file wrote it: a launcher's override.
    pub fn set_written(&mut self, key: &str, written: &field::WrittenValue) -> Result<(), String> {
        let (section, name) = key.split_once('.').ok_or_else(|| {
            format!(
                "expected `law.parameter`, such as `intercept.root_rule`, found \"{}\"",
                key.escape_debug()
            )
        })?;
        let algorithm = self
            .algorithms()
            .into_iter()
            .find(|a| a.section() == section)
            .ok_or_else(|| {
                let sections: Vec<&str> = self.algorithms().iter().map(|a| a.section()).collect();
                format!(
                    "expected a law, one of: {}, found \"{}\"",
                    sections.join(", "),
                    section.escape_debug()
                )
            })?;
        let param = algorithm
            .params()
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = algorithm.params().iter().map(|s| s.name).collect();
                format!(
                    "expected a parameter of {section}, one of: {}, found \"{}\"",
                    names.join(", "),
                    name.escape_debug()
                )
            })?;
        let value = param.value_of(written)?;
        self.set(algorithm, name, value)
    }

    /// Every law these parameters are for: the built-ins, then the ones added at run time.
    pub fn algorithms(&self) -> Vec<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .chain(self.runtime.algorithms())
            .collect()
    }

    /// Every out-of-range parameter of the built-in laws, as `(algorithm, parameter,
    /// reason)` (a runtime law's values are checked when they are set).
    pub fn problems(&self) -> Vec<(Algorithm, String, String)> {
        // One path buffer for every law: a valid tuning (a sweep checks one per
        // jittered run) allocates nothing else.
        let (mut out, mut found, mut path) = (Vec::new(), Vec::new(), String::with_capacity(64));
        for algorithm in Algorithm::ALL {
            if let Some(law) = self.law(algorithm) {
                path.clear();
                law.problems_into(&mut path, &[], &mut found);
                out.extend(found.drain(..).map(|(field, why)| (algorithm, field, why)));
            }
        }
        out
    }
}

#[cfg(test)]
#[path = "registry_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "lane_tests.rs"]
mod lane_tests;
