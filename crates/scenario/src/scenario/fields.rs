//! Every number of a scenario by the path its error messages use
//! (`targets[0].motion.speed`, `algorithms.smoothed.ga`, `launchers[0].pos.x`), so a
//! sweep or a jitter can set it; plus the launch geometry relative to the target
//! (`launch.range`, `launch.bearing`).
//!
//! The paths come from the descriptions ([`crate::core::field`]): every numeric field
//! of the world, the laws, the targets and their motions and flares, the launchers,
//! turrets and their missiles, the obstacles, the crowds, and the rain, and each
//! coordinate of a point. Setting one
//! walks to its owner and sets it there (no text is written or read). Script parameters
//! (`scripts[0].params.gain`) are the script law's described parameters. Values are not
//! range-checked here: [`super::validate`] does that, as for a file.

use super::model::Scenario;
use crate::core::field::{Described, Kind, Value};
use crate::guidance::Algorithm;
use glam::Vec2;
use std::collections::BTreeMap;

/// The launcher-to-target distance of every launcher, in world units.
pub const LAUNCH_RANGE: &str = "launch.range";
/// Where every launcher stands around its target, in degrees from the target's
/// starting direction of motion (from +x for a target at rest), turning clockwise on
/// screen (the world's y points down): 0 is ahead of the target (head-on), 90 on its
/// right, 180 behind it (a tail chase), -90 on its left. The launcher turns
/// about the target with its launch velocity, which keeps its angle to the line of sight.
pub const LAUNCH_BEARING: &str = "launch.bearing";

/// Where a settable number lives.
#[derive(Clone, Debug, PartialEq)]
enum Setting {
    /// A described field: its owner (a root and the parts below it), its name, and
    /// which number of it.
    Field {
        owner: Owner,
        name: &'static str,
        number: Number,
    },
    Range,
    Bearing,
}

/// A described value of a scenario: a root ([`root`]) and the parts below it.
#[derive(Clone, Debug, PartialEq)]
struct Owner {
    root: Root,
    parts: Vec<&'static str>,
}

/// The described values a scenario holds at its top.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Root {
    World,
    Law(Algorithm),
    Script(usize),
    Target(usize),
    Launcher(usize),
    Turret(usize),
    Obstacle(usize),
    Crowd(usize),
    Rain,
}

/// Which number of a field.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Number {
    /// The field is a real number.
    Real,
    /// The field is a whole number.
    Whole,
    /// A coordinate of a point (0: x, 1: y).
    Coordinate(usize),
    /// A coordinate of one point of a list.
    ListPoint(usize, usize),
    /// A part of one keyframe (0: time, 1: value).
    Keyframe(usize, usize),
}

/// The settable numbers of one scenario.
#[derive(Clone, Debug)]
pub struct Fields {
    fields: BTreeMap<String, Setting>,
    base: Scenario,
}

impl Fields {
    /// Indexes a scenario's numbers.
    pub fn of(scenario: &Scenario) -> Fields {
        let mut fields = BTreeMap::new();
        for (root, path) in roots(scenario) {
            let Some(value) = described(scenario, root) else {
                continue;
            };
            let owner = Owner {
                root,
                parts: Vec::new(),
            };
            index(value, &path, owner, &mut fields);
        }
        if !scenario.launchers.is_empty() {
            fields.insert(LAUNCH_RANGE.into(), Setting::Range);
            fields.insert(LAUNCH_BEARING.into(), Setting::Bearing);
        }
        Fields {
            fields,
            base: scenario.clone(),
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
        // (As listed already: the common case, a sweep's jitter asks it every run.)
        if let Some((name, _)) = self.fields.get_key_value(path) {
            return Some(name);
        }
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
        matches!(
            self.fields.get(path),
            Some(Setting::Field {
                number: Number::Whole,
                ..
            })
        )
    }

    /// The values the field at `path` accepts, `(lo, hi)`: its description's range
    /// (a coordinate's limit both ways, a keyframe's time or value from 0); a launch
    /// range from 0 to the largest coordinate, a bearing a full turn.
    pub fn bounds(&self, path: &str) -> Option<(f64, f64)> {
        let (owner, name, number) = match self.fields.get(path)? {
            Setting::Field {
                owner,
                name,
                number,
            } => (owner, *name, *number),
            Setting::Range => return Some((0.0, f64::from(crate::sim::limits::MAX_COORD))),
            Setting::Bearing => return Some((-180.0, 180.0)),
        };
        let kind = owner.find(&self.base)?.field(name)?.kind;
        let (lo, hi) = match (kind, number) {
            (Kind::Number { min, max }, _) => (min, max),
            (Kind::Whole { min, max }, _) => return Some((min as f64, max as f64)),
            (Kind::Point { limit } | Kind::Vector { limit } | Kind::Points { limit, .. }, _) => {
                (-limit, limit)
            }
            (Kind::Keyframes { max_time, .. }, Number::Keyframe(_, 0)) => (0.0, max_time),
            (Kind::Keyframes { max_value, .. }, _) => (0.0, max_value),
            _ => return None,
        };
        Some((f64::from(lo), f64::from(hi)))
    }

    /// A first range to sweep the field over: half to one and a half times its value
    /// (0..100 from zero; a full turn for the bearing), kept within what the field
    /// accepts ([`Fields::bounds`]), so the sweep it starts runs.
    pub fn suggested_range(&self, path: &str) -> (f64, f64) {
        let value = self.value(path).unwrap_or(0.0);
        let (a, b) = if path == LAUNCH_BEARING {
            (-180.0, 165.0)
        } else if value == 0.0 {
            (0.0, 100.0)
        } else {
            (value * 0.5, value * 1.5)
        };
        let (lo, hi) = self.bounds(path).unwrap_or((f64::MIN, f64::MAX));
        (a.min(b).clamp(lo, hi), a.max(b).clamp(lo, hi))
    }

    /// The field's value in the scenario.
    pub fn value(&self, path: &str) -> Option<f64> {
        match self.fields.get(path)? {
            Setting::Field {
                owner,
                name,
                number,
            } => read(&owner.find(&self.base)?.get(name)?, *number),
            Setting::Range => Some(f64::from(geometry(&self.base, 0)?.0)),
            Setting::Bearing => Some(f64::from(geometry(&self.base, 0)?.1)),
        }
    }

    /// Whether the described field at `path` holds a value its description takes in
    /// `scenario` (what [`super::validate::validate`] checks of that field alone); `None`
    /// for a path that is not a described field's number (the launch geometry, or an
    /// unknown path or owner).
    pub fn fits(&self, scenario: &Scenario, path: &str) -> Option<bool> {
        let Setting::Field { owner, name, .. } = self.fields.get(path)? else {
            return None;
        };
        let owner = owner.find(scenario)?;
        let field = owner.fields().iter().find(|f| f.name == *name)?;
        Some(crate::core::field::check(field, path, &owner.get(name)?, &[]).is_empty())
    }

    /// The scenario with the fields set (later settings of a path win; whole-number
    /// fields take the nearest whole number, real ones the `f32` their decimal reads
    /// as). `Err` names an unknown path or a value its field's type cannot hold (a
    /// negative count). Ranges are not checked.
    pub fn set(&self, settings: &[(&str, f64)]) -> Result<Scenario, String> {
        let mut out = self.base.clone();
        self.set_onto(&mut out, settings)?;
        Ok(out)
    }

    /// Whether setting `path` moves the launchers about their targets (`launch.range`,
    /// `launch.bearing`): such settings are applied together after every other one, so
    /// they cannot be applied one [`Fields::set_onto`] at a time.
    pub fn places_launchers(&self, path: &str) -> bool {
        let path = self.name_of(path).unwrap_or(path);
        matches!(
            self.fields.get(path),
            Some(Setting::Range | Setting::Bearing)
        )
    }

    /// [`Fields::set`] onto `out` instead of this scenario: `set(a ++ b)` is
    /// `set(a)` then `set_onto(b)` when neither places the launchers. On `Err`, `out`
    /// may hold some of the settings.
    pub fn set_onto(&self, out: &mut Scenario, settings: &[(&str, f64)]) -> Result<(), String> {
        let (mut range, mut bearing) = (None, None);
        for &(path, value) in settings {
            let path = self.name_of(path).unwrap_or(path);
            match self.fields.get(path) {
                None => return Err(format!("unknown field `{path}`")),
                Some(Setting::Field {
                    owner,
                    name,
                    number,
                }) => {
                    let unfit = || format!("the value does not fit its field: {value}");
                    let target = owner.find_mut(out).ok_or_else(unfit)?;
                    let old = target.get(name).ok_or_else(unfit)?;
                    let new = written(old, *number, value).ok_or_else(unfit)?;
                    if !target.set(name, new) {
                        return Err(unfit());
                    }
                }
                Some(Setting::Range) => range = Some(value as f32),
                Some(Setting::Bearing) => bearing = Some(value as f32),
            }
        }
        if range.is_some() || bearing.is_some() {
            place_launchers(out, range, bearing);
        }
        Ok(())
    }
}

impl Owner {
    fn find<'a>(&self, scenario: &'a Scenario) -> Option<&'a dyn Described> {
        let mut at = described(scenario, self.root)?;
        for part in &self.parts {
            at = at.part(part)?;
        }
        Some(at)
    }

    fn find_mut<'a>(&self, scenario: &'a mut Scenario) -> Option<&'a mut dyn Described> {
        let mut at = described_mut(scenario, self.root)?;
        for part in &self.parts {
            at = at.part_mut(part)?;
        }
        Some(at)
    }
}

/// The scenario's roots with their paths: the world, each built-in law's parameters,
/// each script law's, each target, launcher and turret, and the rain. (The version,
/// the view and the world's seed are not described: no sweep sets them.)
fn roots(scenario: &Scenario) -> Vec<(Root, String)> {
    let mut out = vec![(Root::World, "world".to_string())];
    out.extend(
        Algorithm::ALL
            .into_iter()
            .map(|a| (Root::Law(a), format!("algorithms.{}", a.section()))),
    );
    let lists = [
        (
            scenario.scripts.len(),
            "scripts",
            Root::Script as fn(usize) -> Root,
        ),
        (scenario.targets.len(), "targets", Root::Target),
        (scenario.launchers.len(), "launchers", Root::Launcher),
        (scenario.turrets.len(), "turrets", Root::Turret),
        (scenario.obstacles.len(), "obstacles", Root::Obstacle),
        (scenario.crowds.len(), "crowds", Root::Crowd),
    ];
    for (len, name, root) in lists {
        for i in 0..len {
            let path = match name {
                "scripts" => format!("scripts[{i}].params"),
                _ => format!("{name}[{i}]"),
            };
            out.push((root(i), path));
        }
    }
    out.push((Root::Rain, "rain".to_string()));
    out
}

/// A root's described value, if the scenario has it.
fn described(scenario: &Scenario, root: Root) -> Option<&dyn Described> {
    Some(match root {
        Root::World => &scenario.world,
        Root::Law(algorithm) => scenario.algorithms.law(algorithm)?,
        Root::Script(i) => {
            let algorithm = Algorithm::from_id(&scenario.scripts.get(i)?.id)?;
            scenario.algorithms.law(algorithm)?
        }
        Root::Target(i) => scenario.targets.get(i)?,
        Root::Launcher(i) => scenario.launchers.get(i)?,
        Root::Turret(i) => scenario.turrets.get(i)?,
        Root::Obstacle(i) => scenario.obstacles.get(i)?,
        Root::Crowd(i) => scenario.crowds.get(i)?,
        Root::Rain => scenario.rain.as_ref()?,
    })
}

fn described_mut(scenario: &mut Scenario, root: Root) -> Option<&mut dyn Described> {
    Some(match root {
        Root::World => &mut scenario.world,
        Root::Law(algorithm) => scenario.algorithms.law_mut(algorithm)?,
        Root::Script(i) => {
            let algorithm = Algorithm::from_id(&scenario.scripts.get(i)?.id)?;
            scenario.algorithms.law_mut(algorithm)?
        }
        Root::Target(i) => scenario.targets.get_mut(i)?,
        Root::Launcher(i) => scenario.launchers.get_mut(i)?,
        Root::Turret(i) => scenario.turrets.get_mut(i)?,
        Root::Obstacle(i) => scenario.obstacles.get_mut(i)?,
        Root::Crowd(i) => scenario.crowds.get_mut(i)?,
        Root::Rain => scenario.rain.as_mut()?,
    })
}

/// Every number of `value` and of its parts, under `path`.
fn index(value: &dyn Described, path: &str, owner: Owner, out: &mut BTreeMap<String, Setting>) {
    for field in value.fields() {
        let at = format!("{path}.{}", field.name);
        let mut add = |name: String, number: Number| {
            let setting = Setting::Field {
                owner: owner.clone(),
                name: field.name,
                number,
            };
            out.insert(name, setting);
        };
        match (field.kind, value.get(field.name)) {
            // An optional field that is not set has no number to set.
            (_, None | Some(Value::Absent)) => {}
            (Kind::Number { .. }, _) => add(at, Number::Real),
            (Kind::Whole { .. }, _) => add(at, Number::Whole),
            (Kind::Point { .. } | Kind::Vector { .. }, _) => {
                add(format!("{at}.x"), Number::Coordinate(0));
                add(format!("{at}.y"), Number::Coordinate(1));
            }
            (Kind::Points { .. }, Some(Value::Points(points))) => {
                for k in 0..points.len() {
                    add(format!("{at}[{k}].x"), Number::ListPoint(k, 0));
                    add(format!("{at}[{k}].y"), Number::ListPoint(k, 1));
                }
            }
            (Kind::Keyframes { .. }, Some(Value::Keyframes(keys))) => {
                for k in 0..keys.len() {
                    add(format!("{at}[{k}][0]"), Number::Keyframe(k, 0));
                    add(format!("{at}[{k}][1]"), Number::Keyframe(k, 1));
                }
            }
            _ => {}
        }
    }
    for name in value.part_names() {
        if let Some(part) = value.part(name) {
            let mut below = owner.clone();
            below.parts.push(name);
            index(part, &format!("{path}.{name}"), below, out);
        }
    }
}

/// The number `number` of a field's value; an optional field that is not set reads
/// as nothing.
fn read(value: &Value, number: Number) -> Option<f64> {
    match (value, number) {
        (Value::Number(v), Number::Real) => Some(f64::from(*v)),
        (Value::Whole(v), Number::Whole) => Some(*v as f64),
        (Value::Point(p), Number::Coordinate(axis)) => Some(f64::from(p[axis])),
        (Value::Points(points), Number::ListPoint(k, axis)) => {
            Some(f64::from(points.get(k)?[axis]))
        }
        (Value::Keyframes(keys), Number::Keyframe(k, part)) => {
            let key = keys.get(k)?;
            Some(f64::from(if part == 0 { key.0 } else { key.1 }))
        }
        _ => None,
    }
}

/// The field's value with its number `number` set to `value`: a whole number rounded,
/// a real one the `f32` its shortest decimal reads as (what a file with that literal
/// would hold). `None` when the field holds no such number.
fn written(old: Value, number: Number, value: f64) -> Option<Value> {
    let real = || format!("{value:?}").parse::<f32>().ok();
    Some(match (old, number) {
        (Value::Number(_), Number::Real) => Value::Number(real()?),
        (Value::Whole(_), Number::Whole) => {
            let rounded = value.round();
            // Beyond i64 no field can hold it; `as` would saturate.
            if !(rounded >= i64::MIN as f64 && rounded < i64::MAX as f64) {
                return None;
            }
            Value::Whole(rounded as i64)
        }
        (Value::Point(mut p), Number::Coordinate(axis)) => {
            p[axis] = real()?;
            Value::Point(p)
        }
        (Value::Points(mut points), Number::ListPoint(k, axis)) => {
            points.get_mut(k)?[axis] = real()?;
            Value::Points(points)
        }
        (Value::Keyframes(mut keys), Number::Keyframe(k, part)) => {
            let key = keys.get_mut(k)?;
            *(if part == 0 { &mut key.0 } else { &mut key.1 }) = real()?;
            Value::Keyframes(keys)
        }
        _ => return None,
    })
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
