//! Every number of a scenario by the path its error messages use
//! (`targets[0].motion.speed`, `algorithms.smoothed.ga`, `launchers[0].pos.x`), so a
//! sweep or a jitter can set it; plus the launch geometry relative to the target
//! (`launch.range`, `launch.bearing`).
//!
//! One rule finds them all: the scenario is written with every field, defaults included
//! ([`crate::core::written::with_every_field`]), and each number literal of that text is a field.
//! Setting fields splices the new literals into that text and reads it back, so every
//! field the format has is covered without a list to keep in step. Script parameters
//! (`scripts[0].params.gain`) are set through the law's own parameter descriptions.
//! Values are not range-checked here: [`super::validate`] does that, as for a file.

use super::model::Scenario;
use super::spans::{Pos, Spans};
use crate::core::params::{ParamKind, ParamValue};
use crate::guidance::Algorithm;
use glam::Vec2;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// The launcher-to-target distance of every launcher, in world units.
pub const LAUNCH_RANGE: &str = "launch.range";
/// Where every launcher stands around its target, in degrees counter-clockwise from
/// the target's starting direction of motion (from +x for a target at rest): 0 is
/// ahead of the target (head-on), 180 behind it (a tail chase). The launcher turns
/// about the target with its launch velocity, which keeps its angle to the line of sight.
pub const LAUNCH_BEARING: &str = "launch.bearing";

/// How one field is set.
#[derive(Clone, Debug, PartialEq)]
enum Field {
    /// A number in the full text: its byte range, and whether it is a whole number.
    Literal {
        start: usize,
        end: usize,
        whole: bool,
        value: f64,
        /// For a built-in law's real-valued parameter: the law and the parameter, set
        /// directly to the value its literal reads as (no text read back).
        law: Option<(Algorithm, &'static str)>,
    },
    /// A script law's parameter.
    Param {
        algorithm: Algorithm,
        name: &'static str,
        kind: ParamKind,
    },
    Range,
    Bearing,
}

/// The settable numbers of one scenario.
#[derive(Clone, Debug)]
pub struct Fields {
    /// The scenario written with every field.
    text: String,
    fields: BTreeMap<String, Field>,
    base: Scenario,
    read: ReadBack,
}

/// Most spliced texts [`ReadBack`] keeps; when full it starts again.
const READ_BACK_KEPT: usize = 256;

/// The scenarios read back from spliced texts, by text. A sweep over a law's parameter
/// and a field of the text splices the same text for a whole row of cells: it is read
/// once, not once per cell. Only a shortcut: the scenario is the one the text reads as.
#[derive(Default)]
struct ReadBack(Mutex<HashMap<String, Scenario>>);

impl ReadBack {
    fn read(&self, text: String) -> Result<Scenario, String> {
        let lock = || {
            self.0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        if let Some(read) = lock().get(&text) {
            return Ok(read.clone());
        }
        let read: Scenario = super::text::options()
            .from_str(&text)
            .map_err(|e| format!("the value does not fit its field: {}", e.code))?;
        let mut kept = lock();
        if kept.len() >= READ_BACK_KEPT {
            kept.clear();
        }
        kept.insert(text, read.clone());
        Ok(read)
    }
}

impl Clone for ReadBack {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl std::fmt::Debug for ReadBack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReadBack")
    }
}

impl Fields {
    /// Indexes a scenario's numbers.
    pub fn of(scenario: &Scenario) -> Fields {
        let text =
            crate::core::written::with_every_field(|| super::text::to_text(&fields_only(scenario)));
        let mut fields = BTreeMap::new();
        let lines = line_starts(&text);
        let spans = Spans::index(&text);
        let offset = |pos: Pos| {
            let line = lines.get(pos.line - 1).copied().unwrap_or(text.len());
            text[line..]
                .char_indices()
                .nth(pos.col - 1)
                .map_or(text.len(), |(i, _)| line + i)
        };
        // A point is written as a tuple, `(x, y)`; a list as `[...]`.
        let is_point =
            |stem: &str| spans.contains(stem) && text[offset(spans.find(stem))..].starts_with('(');
        for (path, pos) in spans.iter().filter(|(path, _)| settable(path)) {
            let start = offset(pos);
            if let Some((end, whole, value)) = number_at(&text, start) {
                fields.insert(
                    named(path, is_point),
                    Field::Literal {
                        start,
                        end,
                        whole,
                        value,
                        law: law_param(path),
                    },
                );
            }
        }
        for (i, script) in scenario.scripts.iter().enumerate() {
            let Some(algorithm) = Algorithm::from_id(&script.id) else {
                continue;
            };
            for spec in algorithm.specs() {
                if matches!(spec.kind, ParamKind::Float { .. } | ParamKind::Int { .. }) {
                    let path = format!("scripts[{i}].params.{}", spec.name);
                    let field = Field::Param {
                        algorithm,
                        name: spec.name,
                        kind: spec.kind,
                    };
                    fields.insert(path, field);
                }
            }
        }
        if !scenario.launchers.is_empty() {
            fields.insert(LAUNCH_RANGE.into(), Field::Range);
            fields.insert(LAUNCH_BEARING.into(), Field::Bearing);
        }
        Fields {
            text,
            fields,
            base: scenario.clone(),
            read: ReadBack::default(),
        }
    }

    /// Every settable path, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.fields.keys().map(String::as_str)
    }

    /// The field's name as [`Fields::names`] lists it, if `path` names a settable
    /// number: a point's part written as error messages write it, `pos[0]`, is `pos.x`.
    pub fn name_of(&self, path: &str) -> Option<&str> {
        let path = path.trim();
        let point = [("[0]", ".x"), ("[1]", ".y")]
            .into_iter()
            .find_map(|(index, name)| Some(format!("{}{name}", path.strip_suffix(index)?)));
        [Some(path.to_string()), point]
            .into_iter()
            .flatten()
            .find_map(|p| self.fields.get_key_value(&p).map(|(k, _)| k.as_str()))
    }

    /// Whether the field at `path` takes only whole numbers.
    pub fn is_whole(&self, path: &str) -> bool {
        match self.fields.get(path) {
            Some(Field::Literal { whole, .. }) => *whole,
            Some(Field::Param { kind, .. }) => matches!(kind, ParamKind::Int { .. }),
            _ => false,
        }
    }

    /// The field's value in the scenario.
    pub fn value(&self, path: &str) -> Option<f64> {
        match self.fields.get(path)? {
            Field::Literal { value, .. } => Some(*value),
            Field::Param {
                algorithm, name, ..
            } => match self.base.algorithms.get(*algorithm, name)? {
                ParamValue::Float(v) => Some(f64::from(v)),
                ParamValue::Int(v) => Some(v as f64),
                _ => None,
            },
            Field::Range => Some(f64::from(geometry(&self.base, 0)?.0)),
            Field::Bearing => Some(f64::from(geometry(&self.base, 0)?.1)),
        }
    }

    /// The scenario with the fields set (later settings of a path win; whole-number
    /// fields take the nearest whole number). `Err` names an unknown path or a text that
    /// does not read back (a value its type cannot hold). Ranges are not checked.
    pub fn set(&self, settings: &[(&str, f64)]) -> Result<Scenario, String> {
        let mut literals: Vec<(usize, usize, String)> = Vec::new();
        let (mut range, mut bearing) = (None, None);
        let mut params = Vec::new();
        let mut laws = Vec::new();
        for &(path, value) in settings {
            let path = self.name_of(path).unwrap_or(path);
            match self.fields.get(path) {
                None => return Err(format!("unknown field `{path}`")),
                Some(Field::Literal {
                    start,
                    end,
                    whole,
                    law,
                    ..
                }) => {
                    let text = if *whole {
                        format!("{}", value.round())
                    } else {
                        format!("{value:?}")
                    };
                    // A law's parameter reads as its literal would: `f32`'s parse.
                    match (law, text.parse::<f32>()) {
                        (Some((algorithm, name)), Ok(read)) => {
                            laws.push((*algorithm, *name, ParamValue::Float(read)));
                        }
                        _ => {
                            literals.retain(|(s, _, _)| s != start);
                            literals.push((*start, *end, text));
                        }
                    }
                }
                Some(Field::Param {
                    algorithm,
                    name,
                    kind,
                }) => {
                    let value = match kind {
                        ParamKind::Int { .. } => ParamValue::Int(value.round() as i64),
                        _ => ParamValue::Float(value as f32),
                    };
                    params.push((*algorithm, *name, value));
                }
                Some(Field::Range) => range = Some(value as f32),
                Some(Field::Bearing) => bearing = Some(value as f32),
            }
        }
        let mut out = if literals.is_empty() {
            self.base.clone()
        } else {
            literals.sort_by_key(|(start, _, _)| *start);
            let mut text = String::with_capacity(self.text.len() + 16 * literals.len());
            let mut at = 0;
            for (start, end, literal) in &literals {
                text.push_str(&self.text[at..*start]);
                text.push_str(literal);
                at = *end;
            }
            text.push_str(&self.text[at..]);
            let mut read = self.read.read(text)?;
            // Script laws and their values come from the scenario, not from the text.
            read.algorithms.runtime = self.base.algorithms.runtime.clone();
            read.header = self.base.header.clone();
            read.sweep = self.base.sweep.clone();
            read
        };
        for (algorithm, name, value) in params {
            out.algorithms.set(algorithm, name, value)?;
        }
        // Unchecked, as the text would have been: the scenario's checks judge the value.
        for (algorithm, name, value) in laws {
            out.algorithms.set_unchecked(algorithm, name, value);
        }
        if range.is_some() || bearing.is_some() {
            place_launchers(&mut out, range, bearing);
        }
        Ok(out)
    }
}

/// The built-in law and real-valued parameter a path of the text names
/// (`algorithms.smoothed.ga`), if it names one.
fn law_param(path: &str) -> Option<(Algorithm, &'static str)> {
    let (field, name) = path.strip_prefix("algorithms.")?.split_once('.')?;
    let algorithm = Algorithm::ALL.into_iter().find(|a| a.field() == field)?;
    let spec = algorithm.specs().iter().find(|s| s.name == name)?;
    matches!(spec.kind, ParamKind::Float { .. }).then_some((algorithm, spec.name))
}

/// Whether a number of the text is one a sweep may set: not the format's version, not
/// the view (how the window shows it) and not the world's seed (each run has its own).
fn settable(path: &str) -> bool {
    !(path == "version" || path == "world.seed" || path.starts_with("view"))
}

/// The scenario without its header comment (written apart from the fields) and its
/// sweep (not a field of the engagement).
fn fields_only(scenario: &Scenario) -> Scenario {
    Scenario {
        header: String::new(),
        sweep: None,
        ..scenario.clone()
    }
}

/// Byte offsets where each line of `text` starts.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// The number literal at `start`: where it ends, whether it is written as a whole
/// number, and its value. `None` for anything else (a string, a name, a bracket).
fn number_at(text: &str, start: usize) -> Option<(usize, bool, f64)> {
    let rest = &text[start..];
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-')))
        .unwrap_or(rest.len());
    // Only number characters were taken: a string, a name or a bracket leaves nothing
    // (or a lone sign or `e`) that parses.
    let literal = &rest[..len];
    let value: f64 = literal.parse().ok()?;
    let whole = !literal.contains(['.', 'e', 'E']);
    Some((start + len, whole, value))
}

/// A point's parts are named `.x` and `.y` (`launchers[0].pos.x`), not `[0]` and `[1]`.
fn named(path: &str, is_point: impl Fn(&str) -> bool) -> String {
    for (index, name) in [("[0]", ".x"), ("[1]", ".y")] {
        if let Some(stem) = path.strip_suffix(index) {
            if is_point(stem) {
                return format!("{stem}{name}");
            }
        }
    }
    path.to_string()
}

/// A launcher's distance to its target's start and its bearing there, in degrees from
/// the target's starting direction of motion.
fn geometry(scenario: &Scenario, launcher: usize) -> Option<(f32, f32)> {
    let l = scenario.launchers.get(launcher)?;
    let (pos, vel) = target_start(scenario, &l.target)?;
    let offset = l.pos - pos;
    let bearing = heading_of(vel).rotate(offset).to_angle().to_degrees();
    Some((offset.length(), bearing))
}

/// Where the named target starts and how fast it moves there.
fn target_start(scenario: &Scenario, name: &str) -> Option<(Vec2, Vec2)> {
    let target = scenario.targets.iter().find(|t| t.name == name)?;
    Some((target.motion.start(), target.motion.start_vel()))
}

/// The rotation that takes the target's direction of motion to +x (its inverse heading).
fn heading_of(vel: Vec2) -> Vec2 {
    let dir = vel.try_normalize().unwrap_or(Vec2::X);
    Vec2::new(dir.x, -dir.y)
}

/// Places every launcher at `range` and `bearing` from its target's start (each keeps
/// what is not given): the launcher turns about the target, its launch velocity with it.
fn place_launchers(scenario: &mut Scenario, range: Option<f32>, bearing: Option<f32>) {
    for i in 0..scenario.launchers.len() {
        let Some((now_range, now_bearing)) = geometry(scenario, i) else {
            continue;
        };
        let (range, bearing) = (range.unwrap_or(now_range), bearing.unwrap_or(now_bearing));
        if (range, bearing) == (now_range, now_bearing) {
            continue; // exactly where it is: nothing to round
        }
        let launcher = &scenario.launchers[i];
        let Some((pos, vel)) = target_start(scenario, &launcher.target) else {
            continue;
        };
        let heading = vel.try_normalize().unwrap_or(Vec2::X);
        let dir = heading.rotate(Vec2::from_angle(bearing.to_radians()));
        let turn = Vec2::from_angle((bearing - now_bearing).to_radians());
        let launcher = &mut scenario.launchers[i];
        launcher.pos = pos + dir * range;
        launcher.launch_velocity = turn.rotate(launcher.launch_velocity);
    }
}

#[cfg(test)]
#[path = "fields_tests.rs"]
mod tests;
