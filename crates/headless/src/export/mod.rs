//! Code export: a tuned built-in law as a self-contained file in C#, GDScript, C++, Rust
//! or TypeScript, with test vectors from a steerlab run and a generated test that replays
//! them (docs/export.md).
//!
//! Each exportable law is written once more, in a small step language (`laws/*.step`,
//! [`step`]), and printed in each language ([`emit`], [`shells`]); the test vectors
//! ([`vectors`]) come from the simulation's own law, so a step file that drifts from its
//! law fails its vectors. What varies by tuning (flags, choices) is decided at export:
//! the file flies the tuned setting only, with the numbers as named constants.

pub mod emit;
pub mod lang;
mod lex;
mod methods;
mod names;
mod print;
pub mod replay;
pub mod seeker;
mod shells;
mod single;
pub mod step;
mod tree;
pub mod vectors;

pub use lang::Lang;

use crate::guidance::{Algorithm, Kind, Tuning, Value};
use emit::{Param, ParamValue, Source};

/// The laws that export, by their section (module) name, with their step files.
const STEPS: [(&str, &str); 9] = [
    ("smoothed", include_str!("laws/smoothed.step")),
    ("turn_rate", include_str!("laws/turn_rate.step")),
    ("naive_accel", include_str!("laws/naive_accel.step")),
    ("pro_nav", include_str!("laws/pro_nav.step")),
    ("intercept", include_str!("laws/intercept.step")),
    ("heat_seeker", include_str!("laws/heat_seeker.step")),
    ("newton", include_str!("laws/newton.step")),
    ("quartic", include_str!("laws/quartic.step")),
    ("ballistic", include_str!("laws/ballistic.step")),
];

/// The blocks every step file may `use`: a polynomial's real roots (the quartic's and
/// the ballistic shell's).
const LIBRARY: (&str, &str) = ("laws/roots.step", include_str!("laws/roots.step"));

/// How much of a scenario the test vectors cover unless told, in seconds.
pub const VECTOR_SECONDS: f64 = 10.0;

/// The vectors file's usual name for the law `id` (`pro_nav_vectors.csv`).
pub fn vectors_file_name(id: &str) -> String {
    format!("{}_vectors.csv", id.replace('-', "_"))
}

/// What every launch does first.
const LAUNCH: &str = include_str!("laws/launch.step");

/// The version line every exported file carries.
pub fn version_line() -> String {
    format!(
        "Exported by steerlab {} (steerlab export): the same tuning gives the same file.",
        env!("CARGO_PKG_VERSION")
    )
}

/// Why a law cannot be exported (a script: every built-in law has a step file); `None`
/// when it can.
pub fn refusal(algorithm: Algorithm) -> Option<String> {
    (!algorithm.is_builtin()).then(|| {
        format!(
            "{} is a script: scripts cannot be exported (copy the script's logic by hand)",
            algorithm.id()
        )
    })
}

/// The ids of the laws that export.
pub fn exportable() -> Vec<&'static str> {
    Algorithm::ALL
        .into_iter()
        .filter(|a| STEPS.iter().any(|(s, _)| *s == a.section()))
        .map(|a| a.id())
        .collect()
}

/// A law's step file, read, with the common launch prepended.
pub fn step_file(algorithm: Algorithm) -> Result<step::StepFile, String> {
    if let Some(why) = refusal(algorithm) {
        return Err(why);
    }
    let (section, text) = STEPS
        .iter()
        .find(|(s, _)| *s == algorithm.section())
        .ok_or_else(|| format!("no step for {}", algorithm.id()))?;
    let mut file =
        step::parse_with(text, LIBRARY).map_err(|e| format!("laws/{section}.step: {e}"))?;
    let launch = step::parse(LAUNCH).map_err(|e| format!("laws/launch.step: {e}"))?;
    let mut body = launch.launch;
    body.append(&mut file.launch);
    file.launch = body;
    Ok(file)
}

/// The step file of `algorithm` as `lane` flies it: with the airframe's `fly` after each
/// step (its state after the law's, its description after the law's) when it has one.
pub fn lane_step_file(algorithm: Algorithm, lane: &Lane) -> Result<step::StepFile, String> {
    let mut file = step_file(algorithm)?;
    if lane.airframe.is_some() {
        let airframe = step::parse(AIRFRAME).map_err(|e| format!("laws/airframe.step: {e}"))?;
        file.doc.push(String::new());
        file.doc.extend(airframe.doc);
        file.state.extend(airframe.state);
        file.fly = airframe.fly;
    }
    Ok(file)
}

/// What the airframe does with each step's move.
const AIRFRAME: &str = include_str!("laws/airframe.step");

/// A law's tuned parameters, described, from `tuning`.
pub fn params(algorithm: Algorithm, tuning: &Tuning) -> Vec<Param> {
    tuning
        .law(algorithm)
        .map(|law| described_params(law, ""))
        .unwrap_or_default()
}

/// Every field of `part` as a parameter named `prefix` + its name.
fn described_params(part: &dyn crate::core::field::Described, prefix: &str) -> Vec<Param> {
    part.fields()
        .iter()
        .filter_map(|f| {
            let value = match (f.kind, part.get(f.name)?) {
                (Kind::Number { min, max }, Value::Number(v)) => ParamValue::Number(v, min, max),
                // A whole number (the heat-seeker's), written as a number like the rest.
                (Kind::Whole { min, max }, Value::Whole(v)) => {
                    ParamValue::Number(v as f32, min as f32, max as f32)
                }
                (Kind::Flag, Value::Flag(on)) => ParamValue::Flag(on),
                (Kind::Choice(names), Value::Choice(i)) => ParamValue::Choice(
                    names.get(i)?.to_string(),
                    names.iter().map(|n| n.to_string()).collect(),
                ),
                _ => return None,
            };
            Some(Param {
                name: format!("{prefix}{}", f.name),
                label: f.label.to_string(),
                help: f.help.to_string(),
                unit: f.unit.to_string(),
                value,
            })
        })
        .collect()
}

/// What a lane's missiles fly besides their law, from the first missile that flies the
/// law with the scenario's tuning: its airframe (none: the law moves the body alone) and
/// its seeker's timing (none: the law sees the target as it is, every tick).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lane {
    pub airframe: Option<crate::sim::airframe::AirframeSpec>,
    pub seeker: Option<crate::sim::seeker::SeekerSpec>,
}

/// How far into a scenario [`lane`] looks for the law's first missile, in seconds.
const LANE_SECONDS: f64 = 60.0;

/// The lane `algorithm` flies in `scenario`: what its first missile with the scenario's
/// tuning carries (within [`LANE_SECONDS`]; none found: the law alone).
pub fn lane(scenario: &crate::scenario::Scenario, algorithm: Algorithm) -> Result<Lane, String> {
    let scenario = scenario.restricted_to(algorithm);
    let mut world = scenario.build()?;
    let tuned = params(algorithm, &scenario.algorithms);
    let ticks = (LANE_SECONDS / f64::from(world.dt())).ceil() as u64;
    while world.tick() < ticks {
        let first = world.missiles().iter().find(|m| {
            m.algorithm() == algorithm && params(algorithm, world.tuning_for(m.source)) == tuned
        });
        if let Some(missile) = first {
            return Ok(Lane {
                airframe: missile.airframe.as_ref().map(|a| a.spec.clone()),
                seeker: missile
                    .seeker
                    .as_ref()
                    .and_then(|s| seeker::timing(&s.spec)),
            });
        }
        world.step();
    }
    Ok(Lane::default())
}

/// The airframe's parameters (`airframe_max_accel`, ...), with what the file is cut to as
/// flags: whether it lags (`airframe_has_lag`), turns with lift (`airframe_has_lift`) and
/// caps the speed (`airframe_has_speed_cap`).
pub fn airframe_params(spec: &crate::sim::airframe::AirframeSpec) -> Vec<Param> {
    let mut out = described_params(spec, "airframe_");
    if let Some(thrust) = out.iter_mut().find(|p| p.name == "airframe_thrust") {
        // How the header names it: "Tuned with the airframe's thrust profile on".
        thrust.label = "the airframe's thrust profile".into();
    }
    for (name, label, on) in [
        ("has_lag", "actuator lag", spec.lag > 0.0),
        ("has_lift", "lift", spec.lift > 0.0),
        ("has_speed_cap", "speed cap", spec.max_speed > 0.0),
    ] {
        out.push(Param {
            name: format!("airframe_{name}"),
            label: format!("the airframe's {label}"),
            help: String::new(),
            unit: String::new(),
            value: ParamValue::Flag(on),
        });
    }
    out
}

/// What a law may read of the scenario's world, as constants: the gravity a ballistic
/// shell is aimed for (`GRAVITY_X`, `GRAVITY_Y`).
pub fn world_params(world: &crate::sim::WorldConfig) -> Vec<Param> {
    let max = crate::sim::limits::MAX_GRAVITY;
    [("x", world.gravity.x), ("y", world.gravity.y)]
        .into_iter()
        .map(|(axis, value)| Param {
            name: format!("gravity_{axis}"),
            label: format!("gravity {axis}"),
            help: format!(
                "The world's gravity along {axis} that the law aims for (the scenario's; y \
                 points down the screen): your game's gravity, applied after every step."
            ),
            unit: "units/s^2".into(),
            value: ParamValue::Number(value, -max, max),
        })
        .chain(std::iter::once(Param {
            name: "world_has_gravity".into(),
            label: "the world's gravity".into(),
            help: String::new(),
            unit: String::new(),
            value: ParamValue::Flag(world.gravity != glam::Vec2::ZERO),
        }))
        .collect()
}

/// The exported file of `algorithm` under `scenario`'s tuning in `lang`. `link` is the
/// steerlab link that reproduces the tuning (written in the header), if there is one.
pub fn code(
    algorithm: Algorithm,
    scenario: &crate::scenario::Scenario,
    lang: Lang,
    link: Option<&str>,
) -> Result<String, String> {
    with_source(algorithm, scenario, link, |source| emit::file(lang, source))?
}

/// The generated test for the exported file of `algorithm` in `lang` (named
/// `law_file`, beside it): it replays the vectors file named `vectors` (whose text
/// GDScript's test holds itself).
pub fn test_code(
    algorithm: Algorithm,
    scenario: &crate::scenario::Scenario,
    lang: Lang,
    law_file: &str,
    vectors: &str,
    vectors_text: &str,
) -> Result<String, String> {
    with_source(algorithm, scenario, None, |source| {
        replay::test(lang, source, law_file, vectors, vectors_text)
    })
}

/// Everything an export with its proof writes: the code, the vectors and the test.
pub struct Files {
    pub code: String,
    pub vectors: String,
    pub test: String,
}

/// The code of `algorithm` under `scenario`'s tuning in `lang`, the vectors from
/// `seconds` of the scenario, and the test that replays them, for files named
/// `law_file` and `vectors_file` side by side (names the test embeds: see
/// [`embeddable`]). Nothing is written: every part is made before any is.
pub fn files(
    scenario: &crate::scenario::Scenario,
    algorithm: Algorithm,
    lang: Lang,
    link: Option<&str>,
    seconds: f64,
    (law_file, vectors_file): (&str, &str),
) -> Result<Files, String> {
    embeddable(law_file, lang)?;
    embeddable(vectors_file, lang)?;
    let code = code(algorithm, scenario, lang, link)?;
    let vectors = vectors(scenario, algorithm, seconds)?;
    let test = test_code(algorithm, scenario, lang, law_file, vectors_file, &vectors)?;
    Ok(Files {
        code,
        vectors,
        test,
    })
}

/// Whether a file name can be written into the generated test (an `#include`, a
/// `preload`, an `import`, a string): letters, digits, `.`, `_` and `-` only, and for
/// TypeScript's import the code's `.ts`.
pub fn embeddable(name: &str, lang: Lang) -> Result<(), String> {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if !plain {
        return Err(format!(
            "`{}`: the test names this file, so its name may hold only letters, digits, `.`, `_` and `-`",
            crate::core::text::quote(name)
        ));
    }
    if lang == Lang::TypeScript && !name.ends_with(".ts") && !name.ends_with(".csv") {
        return Err(format!("`{name}`: TypeScript imports a file ending in .ts"));
    }
    Ok(())
}

/// The test vectors of `algorithm` flown in `scenario` for at most `seconds`.
pub fn vectors(
    scenario: &crate::scenario::Scenario,
    algorithm: Algorithm,
    seconds: f64,
) -> Result<String, String> {
    let lane = lane(scenario, algorithm)?;
    vectors::vectors(
        scenario,
        algorithm,
        seconds,
        &lane,
        &lane_step_file(algorithm, &lane)?,
    )
}

fn with_source<R>(
    algorithm: Algorithm,
    scenario: &crate::scenario::Scenario,
    link: Option<&str>,
    f: impl FnOnce(&Source) -> R,
) -> Result<R, String> {
    let lane = lane(scenario, algorithm)?;
    let step = lane_step_file(algorithm, &lane)?;
    let mut params = params(algorithm, &scenario.algorithms);
    params.extend(world_params(&scenario.world));
    if let Some(airframe) = &lane.airframe {
        params.extend(airframe_params(airframe));
    }
    let mut provenance = vec![version_line()];
    if let Some(link) = link {
        provenance.push(format!("The tuning in steerlab: {link}"));
    }
    let info = algorithm.info();
    let source = Source {
        id: info.id,
        summary: info.summary,
        step: &step,
        params: &params,
        provenance: &provenance,
        seeker: lane.seeker.clone(),
    };
    Ok(f(&source))
}

#[cfg(test)]
mod double_tests;
#[cfg(test)]
mod lane_tests;
#[cfg(test)]
mod lang_tests;
#[cfg(test)]
mod laws_tests;
#[cfg(test)]
mod tests;
