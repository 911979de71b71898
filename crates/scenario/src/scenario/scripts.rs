//! A scenario's laws written as scripts: `scripts: [(id: "my-missile", path:
//! "scripts/my_missile.rhai")]`, paths relative to the scenario's folder. They are
//! compiled and registered before the rest of the file is read, so launchers, `compare`
//! and the command line name them like built-ins; their parameter values are saved in
//! their entry's `params`.

use crate::core::field::WrittenValue;
use crate::guidance::{Algorithm, Tuning};
use crate::script::{ScriptError, ScriptLaw};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// Most scripts one scenario may name.
pub const MAX_SCRIPTS: usize = 32;

/// A law written as a script, as a scenario names it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptSpec {
    /// The id launchers, `compare` and `--algorithm` use.
    pub id: String,
    /// The script file, relative to the scenario's folder.
    pub path: String,
    /// Its colour as RGB (none: one made from the id).
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub color: Option<(u8, u8, u8)>,
    /// Parameter values other than the script's defaults.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub params: BTreeMap<String, WrittenValue>,
}

impl ScriptSpec {
    /// Its colour: as given, else the palette's at its place in the list.
    pub fn color_at(&self, index: usize) -> [u8; 3] {
        match self.color {
            Some((r, g, b)) => [r, g, b],
            None => crate::guidance::runtime::palette(index),
        }
    }
}

/// Only the `scripts` of a scenario text (everything else ignored): read first, so the
/// laws exist before the launchers name them.
#[derive(Deserialize)]
struct ScriptsOnly {
    #[serde(default)]
    scripts: Vec<ScriptSpec>,
}

/// A script that did not compile, with the index of its entry.
pub struct Failed {
    pub index: usize,
    pub error: ScriptError,
}

/// Scripts compiled and registered, held in `held` (so their ids parse while the rest
/// of the scenario is read) until [`attach`] gives them to the scenario.
pub struct Compiled {
    pub laws: Vec<Arc<ScriptLaw>>,
    pub held: Tuning,
}

/// Compiles and registers the scripts `text` names, relative to `base` (the scenario's
/// folder; none for a text that is not a file). A text whose `scripts` cannot be read
/// yields none: the full parse reports why.
pub fn compile(
    text: &str,
    options: &ron::Options,
    base: Option<&Path>,
) -> Result<Compiled, Vec<Failed>> {
    let mut held = Tuning::default();
    let Ok(only) = options.from_str::<ScriptsOnly>(text) else {
        return Ok(Compiled {
            laws: Vec::new(),
            held,
        });
    };
    let mut laws = Vec::new();
    let mut failed = Vec::new();
    for (index, spec) in only.scripts.iter().enumerate().take(MAX_SCRIPTS) {
        let result = match base {
            Some(base) => {
                let path = base.join(&spec.path);
                let color = Some(spec.color_at(index));
                ScriptLaw::load(&spec.id, &path, &path.display().to_string(), color)
            }
            None => Err(ScriptError {
                file: spec.path.clone(),
                line: 1,
                col: 1,
                message: "a scenario that names scripts must be opened from its file (scripts are found next to it)".into(),
            }),
        };
        let registered = result.and_then(|law| {
            let law = Arc::new(law);
            held.register(law.clone()).map_err(|message| ScriptError {
                file: spec.path.clone(),
                line: 1,
                col: 1,
                message,
            })?;
            Ok(law)
        });
        match registered {
            Ok(law) => laws.push(law),
            Err(error) => failed.push(Failed { index, error }),
        }
    }
    if failed.is_empty() {
        Ok(Compiled { laws, held })
    } else {
        Err(failed)
    }
}

/// Adds the compiled laws to the scenario's parameters and applies each entry's saved
/// values; returns the problems as (field path, message).
pub fn attach(
    tuning: &mut Tuning,
    scripts: &[ScriptSpec],
    laws: &[Arc<ScriptLaw>],
) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    if scripts.len() > MAX_SCRIPTS {
        problems.push((
            "scripts".to_string(),
            format!(
                "expected at most {MAX_SCRIPTS} scripts, found {}",
                scripts.len()
            ),
        ));
    }
    for law in laws {
        // Registered once already: this cannot fail for the same law.
        let _ = tuning.register(law.clone());
    }
    for (i, spec) in scripts.iter().enumerate() {
        if scripts[..i].iter().any(|s| s.id == spec.id) {
            problems.push((
                format!("scripts[{i}].id"),
                format!("the id `{}` is used twice", spec.id),
            ));
        }
        for (name, value) in &spec.params {
            let key = format!("{}.{name}", spec.id);
            if let Err(why) = tuning.set_written(&key, value) {
                problems.push((format!("scripts[{i}].params.{name}"), why));
            }
        }
    }
    problems
}

/// The scripts' entries as they are saved: each with its current parameter values in
/// `tuning` (those that differ from the script's defaults).
pub fn for_saving(tuning: &Tuning, scripts: &[ScriptSpec]) -> Vec<ScriptSpec> {
    let mut out = scripts.to_vec();
    for spec in &mut out {
        let Some(algorithm) = Algorithm::from_id(&spec.id) else {
            continue;
        };
        let Some((law, values)) = tuning.runtime.law(algorithm) else {
            continue;
        };
        spec.params = algorithm
            .params()
            .iter()
            .zip(values.iter().zip(law.defaults()))
            .filter(|(_, (value, default))| **value != *default)
            .filter_map(|(s, (value, _))| Some((s.name.to_string(), s.written(value)?)))
            .collect();
    }
    out
}
