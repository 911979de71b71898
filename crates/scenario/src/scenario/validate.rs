//! The rules a scenario must satisfy beyond its types: ranges, finiteness, references
//! between parts, fly-program commands, and limits on what it may ask the simulation to
//! do. Every rule lives here; algorithm parameter ranges come from each algorithm's own
//! description. Counts are checked before contents, so a file with a million targets is
//! refused at once without looking at each of them.

use super::model::{Scenario, VERSION};
use crate::guidance::Tuning;
use crate::sim::config::WORK_PER_SECOND;
use crate::sim::launcher::{LauncherSpec, MissileSpec, TurretSpec};
use crate::sim::motion::{Described, FieldKind, FieldValue};
use crate::sim::rain::RainSpec;
use crate::sim::{Motion, TargetSpec};
use glam::Vec2;
use std::collections::HashMap;

pub use crate::sim::limits::{MAX_COORD, MAX_PATH_POINTS, MAX_PROGRAM, MAX_SPEED};
pub const MAX_TARGETS: usize = 10_000;
pub const MAX_LAUNCHERS: usize = 1_000;
pub const MAX_TURRETS: usize = 100;
/// Largest number of missiles one volley may launch (salvo x algorithms).
pub const MAX_VOLLEY: u64 = 10_000;
/// Most missiles all launchers together may launch per second.
pub const MAX_LAUNCH_RATE: f64 = 20_000.0;
/// Most target checks per simulated second the turrets may make (polls x targets).
pub const MAX_TURRET_WORK: f64 = 10_000_000.0;
/// Most missiles in flight a file may ask for (`world.max_missiles`), and most missile
/// updates per simulated second it may ask for with it (100,000 at 60 ticks/s).
pub const MAX_MISSILES: u32 = 100_000;
pub const MAX_MISSILE_WORK: f32 = 10.0 * WORK_PER_SECOND;
/// Largest gravity component (units/s^2).
pub const MAX_GRAVITY: f32 = 1.0e5;
pub const MAX_RAIN_KEYFRAMES: usize = 1_000;
/// Longest scenario name, description, and name of a target, launcher or turret, in
/// characters: what a title bar, a panel line and a label in the view can show.
pub const MAX_NAME: usize = 200;
pub const MAX_DESCRIPTION: usize = 2_000;
pub const MAX_LABEL: usize = 100;

/// Collects `(path, message)` problems.
#[derive(Default)]
struct Problems(Vec<(String, String)>);

impl Problems {
    fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.0.push((path.into(), message.into()));
    }

    /// `min <= value <= max` (false for NaN and infinities too).
    fn range(&mut self, path: impl Into<String>, value: f32, min: f32, max: f32) {
        if !(value >= min && value <= max) {
            let found = if value.is_finite() {
                value.to_string()
            } else {
                format!("{value} (not finite)")
            };
            self.push(
                path,
                format!("expected a value in {min}..={max}, found {found}"),
            );
        }
    }

    /// Whether a text is at most `max` characters long; reports it otherwise.
    fn text(&mut self, path: impl Into<String>, text: &str, max: usize) {
        let found = text.chars().count();
        if found > max {
            self.push(
                path,
                format!("expected at most {max} characters, found {found}"),
            );
        }
    }

    fn point(&mut self, path: &str, value: Vec2, limit: f32) {
        self.range(format!("{path}[0]"), value.x, -limit, limit);
        self.range(format!("{path}[1]"), value.y, -limit, limit);
    }

    /// Whether `found <= max`; reports it otherwise.
    fn count(&mut self, path: &str, found: usize, max: usize, what: &str) -> bool {
        if found > max {
            self.push(
                path,
                format!("expected at most {max} {what}, found {found}"),
            );
        }
        found <= max
    }

    fn missile(&mut self, path: &str, spec: &MissileSpec) {
        self.range(format!("{path}.lifetime"), spec.lifetime, 0.001, 1.0e6);
        if let Some(fuel) = spec.fuel {
            self.range(format!("{path}.fuel"), fuel, 0.001, 1.0e9);
        }
        self.range(format!("{path}.radius"), spec.radius, 0.0, 1.0e5);
        if let Some(airframe) = &spec.airframe {
            described(self, &format!("{path}.airframe"), airframe, &[]);
        }
        if let Some(seeker) = &spec.seeker {
            described(self, &format!("{path}.seeker"), seeker, &[]);
        }
    }
}

/// Every problem in a parsed scenario, as `(field path, message)`.
pub fn validate(s: &Scenario) -> Vec<(String, String)> {
    let mut p = Problems::default();
    if s.version != VERSION {
        p.push(
            "version",
            format!("expected version {VERSION}, found {}", s.version),
        );
    }
    p.text("name", &s.name, MAX_NAME);
    p.text("description", &s.description, MAX_DESCRIPTION);
    for (i, t) in s.targets.iter().enumerate().take(MAX_TARGETS) {
        p.text(format!("targets[{i}].name"), &t.name, MAX_LABEL);
    }
    for (i, l) in s.launchers.iter().enumerate().take(MAX_LAUNCHERS) {
        p.text(format!("launchers[{i}].name"), &l.name, MAX_LABEL);
    }
    for (i, t) in s.turrets.iter().enumerate().take(MAX_TURRETS) {
        p.text(format!("turrets[{i}].name"), &t.name, MAX_LABEL);
    }
    world(&mut p, s);
    for (algorithm, field, why) in s.algorithms.problems() {
        let group = algorithm.id().replace('-', "_");
        p.push(format!("algorithms.{group}.{field}"), why);
    }
    for (i, algorithm) in s.compare.iter().enumerate() {
        if let Some(first) = s.compare[..i].iter().position(|a| a == algorithm) {
            p.push(
                format!("compare[{i}]"),
                format!("`{algorithm}` is already listed at compare[{first}]"),
            );
        }
    }
    targets(&mut p, s);
    let names: Vec<&str> = s.targets.iter().map(|t| t.name.as_str()).collect();
    if p.count("launchers", s.launchers.len(), MAX_LAUNCHERS, "launchers") {
        for (i, launcher) in s.launchers.iter().enumerate() {
            self::launcher(
                &mut p,
                &format!("launchers[{i}]"),
                launcher,
                &names,
                &s.algorithms,
            );
        }
    }
    if p.count("turrets", s.turrets.len(), MAX_TURRETS, "turrets") {
        for (i, turret) in s.turrets.iter().enumerate() {
            self::turret(&mut p, &format!("turrets[{i}]"), turret);
        }
    }
    if let Some(rain) = &s.rain {
        self::rain(&mut p, rain);
    }
    if let Some(view) = &s.view {
        p.0.extend(super::view::problems(view));
    }
    if let Some(embed) = &s.embed {
        p.0.extend(super::view::embed_problems(embed, &s.algorithms));
    }

    if p.0.is_empty() {
        load(&mut p, s);
    }
    p.0
}

fn world(p: &mut Problems, s: &Scenario) {
    let w = &s.world;
    p.range("world.width", w.width, 1.0, MAX_COORD);
    p.range("world.height", w.height, 1.0, MAX_COORD);
    p.range("world.tick_rate", w.tick_rate, 1.0, 1000.0);
    p.range("world.margin", w.margin, 0.0, MAX_COORD);
    p.point("world.gravity", w.gravity, MAX_GRAVITY);
    if let Some(max) = w.max_missiles {
        if max == 0 || max > MAX_MISSILES {
            p.push(
                "world.max_missiles",
                format!("expected 1 to {MAX_MISSILES} missiles, found {max}"),
            );
        } else if w.tick_rate.is_finite() && max as f32 * w.tick_rate > MAX_MISSILE_WORK {
            p.push(
                "world.max_missiles",
                format!(
                    "expected at most {} missiles at a tick rate of {} (max_missiles x tick_rate <= {MAX_MISSILE_WORK}), found {max}",
                    (MAX_MISSILE_WORK / w.tick_rate) as u32,
                    w.tick_rate
                ),
            );
        }
    }
}

fn targets(p: &mut Problems, s: &Scenario) {
    if !p.count("targets", s.targets.len(), MAX_TARGETS, "targets") {
        return;
    }
    // Points in all targets together, counted before any is looked at.
    let lists = |t: &TargetSpec| -> Vec<(&'static str, usize)> {
        t.motion
            .fields()
            .iter()
            .filter_map(|f| match t.motion.get(f.name) {
                Some(FieldValue::Points(points)) => Some((f.name, points.len())),
                _ => None,
            })
            .collect()
    };
    let points: usize = s
        .targets
        .iter()
        .flat_map(|t| lists(t).into_iter().map(|(_, n)| n))
        .sum();
    if points > MAX_PATH_POINTS {
        let (first, field) = s
            .targets
            .iter()
            .enumerate()
            .find_map(|(i, t)| lists(t).first().map(|(f, _)| (i, *f)))
            .unwrap_or((0, "points"));
        p.push(
            format!("targets[{first}].motion.{field}"),
            format!(
                "expected at most {MAX_PATH_POINTS} path points in all targets, found {points}"
            ),
        );
        return;
    }
    let names: Vec<&str> = s.targets.iter().map(|t| t.name.as_str()).collect();
    let mut first_use: HashMap<&str, usize> = HashMap::new();
    for (i, target) in s.targets.iter().enumerate() {
        let at = format!("targets[{i}]");
        if target.name.is_empty() {
            p.push(
                format!("{at}.name"),
                "expected a name, found an empty string",
            );
        } else if let Some(first) = first_use.get(target.name.as_str()) {
            p.push(
                format!("{at}.name"),
                format!("name `{}` is already used by targets[{first}]", target.name),
            );
        } else {
            first_use.insert(&target.name, i);
        }
        self::target(p, &at, target, &names);
    }
}

fn target(p: &mut Problems, at: &str, target: &TargetSpec, names: &[&str]) {
    p.range(format!("{at}.radius"), target.radius, 0.001, 1.0e5);
    motion(p, &format!("{at}.motion"), &target.motion, names);
    if let Some(flares) = &target.flares {
        described(p, &format!("{at}.flares"), flares, &[]);
    }
}

fn launcher(p: &mut Problems, at: &str, launcher: &LauncherSpec, names: &[&str], tuning: &Tuning) {
    p.point(&format!("{at}.pos"), launcher.pos, MAX_COORD);
    if !names.contains(&launcher.target.as_str()) {
        p.push(
            format!("{at}.target"),
            unknown_target(&launcher.target, names),
        );
    }
    if launcher.algorithms.is_empty() {
        p.push(
            format!("{at}.algorithms"),
            "expected at least one algorithm, found none",
        );
    }
    p.point(
        &format!("{at}.launch_velocity"),
        launcher.launch_velocity,
        MAX_SPEED,
    );
    if let Some(first) = launcher.first_at {
        p.range(format!("{at}.first_at"), first, 0.0, 1.0e6);
    }
    if let Some(every) = launcher.every {
        p.range(format!("{at}.every"), every, 0.001, 1.0e6);
    }
    let volley = volley(launcher);
    if launcher.salvo == 0 {
        p.push(
            format!("{at}.salvo"),
            "expected at least 1 missile per algorithm, found 0",
        );
    } else if volley > MAX_VOLLEY {
        p.push(
            format!("{at}.salvo"),
            format!("expected at most {MAX_VOLLEY} missiles per volley, found {volley} (salvo x algorithms)"),
        );
    }
    p.range(format!("{at}.spread"), launcher.spread, 0.0, 360.0);
    p.missile(&format!("{at}.missile"), &launcher.missile);
    let mut tuned = tuning.clone();
    for (key, value) in &launcher.params {
        if let Err(why) = tuned.set_written(key, value) {
            p.push(format!("{at}.params.{key}"), why);
        }
    }
}

/// Missiles per volley of a launcher.
fn volley(launcher: &LauncherSpec) -> u64 {
    u64::from(launcher.salvo) * launcher.algorithms.len() as u64
}

fn turret(p: &mut Problems, at: &str, turret: &TurretSpec) {
    p.point(&format!("{at}.pos"), turret.pos, MAX_COORD);
    p.range(
        format!("{at}.ai_poll_time"),
        turret.ai_poll_time,
        0.001,
        1.0e6,
    );
    p.range(format!("{at}.first_poll"), turret.first_poll, 0.0, 1.0e6);
    p.range(
        format!("{at}.danger_height"),
        turret.danger_height,
        0.0,
        MAX_COORD,
    );
    p.missile(&format!("{at}.missile"), &turret.missile);
}

fn rain(p: &mut Problems, rain: &RainSpec) {
    p.range("rain.min_speed", rain.min_speed, 0.0, MAX_SPEED);
    if rain.max_speed < rain.min_speed {
        p.push(
            "rain.max_speed",
            format!(
                "expected at least min_speed ({}), found {}",
                rain.min_speed, rain.max_speed
            ),
        );
    } else {
        p.range(
            "rain.max_speed",
            rain.max_speed,
            rain.min_speed.max(0.0),
            MAX_SPEED,
        );
    }
    p.range("rain.min_radius", rain.min_radius, 0.001, 1.0e5);
    if rain.max_radius < rain.min_radius {
        p.push(
            "rain.max_radius",
            format!(
                "expected at least min_radius ({}), found {}",
                rain.min_radius, rain.max_radius
            ),
        );
    } else {
        p.range(
            "rain.max_radius",
            rain.max_radius,
            rain.min_radius.max(0.001),
            1.0e5,
        );
    }
    if rain.rate.is_empty() {
        p.push(
            "rain.rate",
            "expected at least one (time, rate) keyframe, found none",
        );
    }
    if !p.count(
        "rain.rate",
        rain.rate.len(),
        MAX_RAIN_KEYFRAMES,
        "keyframes",
    ) {
        return;
    }
    let mut last_time = f32::NEG_INFINITY;
    for (k, &(time, rate)) in rain.rate.iter().enumerate() {
        if time < last_time {
            p.push(
                format!("rain.rate[{k}][0]"),
                format!("expected keyframe times in order, at or after the previous {last_time}, found {time}"),
            );
        } else {
            p.range(
                format!("rain.rate[{k}][0]"),
                time,
                last_time.max(0.0),
                1.0e6,
            );
        }
        p.range(format!("rain.rate[{k}][1]"), rate, 0.0, 1000.0);
        last_time = time;
    }
    if let Some(ground) = rain.ground {
        p.range("rain.ground", ground, 0.0, MAX_COORD);
    }
}

/// What the scenario asks the simulation to do per second, against the limits (checked
/// once every value is in range).
fn load(p: &mut Problems, s: &Scenario) {
    let tick_rate = s.world.tick_rate;
    let target_cap = s.world.target_cap();
    if s.targets.len() > target_cap {
        p.push(
            "targets",
            format!(
                "expected at most {target_cap} targets at a tick rate of {tick_rate} (targets x tick_rate <= {WORK_PER_SECOND}), found {}",
                s.targets.len()
            ),
        );
    }
    let rates: Vec<f64> = s
        .launchers
        .iter()
        .map(|l| {
            // A launcher fires at most once a tick.
            l.every.map_or(0.0, |every| {
                volley(l) as f64 * (1.0 / f64::from(every)).min(f64::from(tick_rate))
            })
        })
        .collect();
    let total: f64 = rates.iter().sum();
    if total > MAX_LAUNCH_RATE {
        let busiest = (0..rates.len())
            .max_by(|&a, &b| rates[a].total_cmp(&rates[b]))
            .unwrap_or(0);
        p.push(
            format!("launchers[{busiest}].every"),
            format!(
                "expected the launchers to fire at most {MAX_LAUNCH_RATE} missiles per second in all, found {total:.0} (salvo x algorithms / every, summed)"
            ),
        );
    }
    // A turret polls at most once a tick.
    let polls: f64 = s
        .turrets
        .iter()
        .map(|t| (1.0 / f64::from(t.ai_poll_time)).min(f64::from(tick_rate)))
        .sum();
    let candidates = if s.rain.is_some() {
        target_cap
    } else {
        s.targets.len()
    };
    let work = polls * candidates as f64;
    if work > MAX_TURRET_WORK {
        p.push(
            "turrets",
            format!(
                "expected at most {MAX_TURRET_WORK} target checks per second (turret polls per second x {candidates} targets), found {work:.0}: poll less often"
            ),
        );
    }
}

fn unknown_target(name: &str, names: &[&str]) -> String {
    const SHOWN: usize = 10;
    let mut list = names
        .iter()
        .take(SHOWN)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        list.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    format!("unknown target `{name}`, expected one of: {list}")
}

/// A motion's fields against their descriptions, then its own rules.
fn motion(p: &mut Problems, at: &str, motion: &Motion, names: &[&str]) {
    described(p, at, motion, names);
    for (field, message) in motion.problems(names) {
        p.push(format!("{at}.{field}"), message);
    }
}

/// A self-describing value's fields (a motion's, an airframe's) against their
/// descriptions: ranges, points, sample counts, target names.
fn described(p: &mut Problems, at: &str, value: &dyn Described, names: &[&str]) {
    for field in value.fields() {
        let path = format!("{at}.{}", field.name);
        match (field.kind, value.get(field.name)) {
            (FieldKind::Number { min, max }, Some(FieldValue::Number(v))) => {
                p.range(path, v, min, max)
            }
            (
                FieldKind::Point { limit } | FieldKind::Vector { limit },
                Some(FieldValue::Point(v)),
            ) => p.point(&path, v, limit),
            (FieldKind::Points { limit, .. }, Some(FieldValue::Points(points))) => {
                for (k, point) in points.iter().enumerate() {
                    p.point(&format!("{path}[{k}]"), *point, limit);
                }
            }
            (FieldKind::Samples { max }, Some(FieldValue::Samples(n))) if n > max => {
                p.push(path, format!("expected at most {max} samples, found {n}"));
            }
            (FieldKind::TargetName, Some(FieldValue::TargetName(Some(name))))
                if !names.contains(&name.as_str()) =>
            {
                p.push(path, unknown_target(&name, names));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::presets::default_scenario;

    fn problems_of(edit: impl FnOnce(&mut Scenario)) -> Vec<(String, String)> {
        let mut s = default_scenario();
        edit(&mut s);
        validate(&s)
    }

    #[test]
    fn max_missiles_times_the_tick_rate_is_bounded() {
        // 100,000 missiles at 60 ticks/s is the limit, 6,000,000 missile ticks a second;
        // at 61 ticks/s at most 6,000,000 / 61 = 98,360 missiles.
        assert!(problems_of(|s| s.world.max_missiles = Some(100)).is_empty());
        assert!(problems_of(|s| s.world.max_missiles = Some(100_000)).is_empty());
        let too_many = problems_of(|s| {
            s.world.max_missiles = Some(100_000);
            s.world.tick_rate = 61.0;
        });
        let why = "expected at most 98360 missiles at a tick rate of 61 (max_missiles x tick_rate <= 6000000), found 100000";
        assert_eq!(
            too_many,
            [("world.max_missiles".to_string(), why.to_string())]
        );
    }

    #[test]
    fn a_name_of_exactly_the_limit_is_accepted_one_more_is_not() {
        // Counted in characters, not bytes: 200 'é' are 400 bytes and still a fit.
        assert!(problems_of(|s| s.name = "é".repeat(200)).is_empty());
        assert_eq!(
            problems_of(|s| s.name = "é".repeat(201)),
            [(
                "name".to_string(),
                "expected at most 200 characters, found 201".to_string()
            )]
        );
    }

    #[test]
    fn an_over_long_list_is_reported_once_without_checking_its_entries() {
        // 10,001 targets, each with a bad radius: one problem, not 10,001 more.
        let problems = problems_of(|s| {
            let mut bad = s.targets[0].clone();
            bad.radius = -1.0;
            s.targets = vec![bad; MAX_TARGETS + 1];
            s.launchers.clear();
        });
        let why = format!(
            "expected at most {MAX_TARGETS} targets, found {}",
            MAX_TARGETS + 1
        );
        assert_eq!(problems, [("targets".to_string(), why)]);
    }
}
