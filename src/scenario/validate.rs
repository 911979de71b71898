//! The rules a scenario must satisfy beyond its types: ranges, finiteness, references
//! between parts, fly-program commands, and limits on counts. Every rule lives here;
//! algorithm parameter ranges come from each algorithm's own description.

use super::{Scenario, VERSION};
use crate::sim::launcher::MissileSpec;
use crate::sim::Motion;
use glam::Vec2;

/// Largest coordinate accepted anywhere.
pub const MAX_COORD: f32 = 1.0e7;
/// Largest speed accepted for targets and launch velocities.
pub const MAX_SPEED: f32 = 1.0e6;
pub const MAX_TARGETS: usize = 10_000;
pub const MAX_LAUNCHERS: usize = 1_000;
pub const MAX_TURRETS: usize = 100;
/// Largest number of missiles one volley may launch.
pub const MAX_VOLLEY: u64 = 1_000_000;
pub const MAX_PATH_POINTS: usize = 10_000;
pub const MAX_PROGRAM: usize = 1_000;

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

    fn point(&mut self, path: &str, value: Vec2, limit: f32) {
        self.range(format!("{path}[0]"), value.x, -limit, limit);
        self.range(format!("{path}[1]"), value.y, -limit, limit);
    }

    fn count(&mut self, path: &str, found: usize, max: usize, what: &str) {
        if found > max {
            self.push(
                path,
                format!("expected at most {max} {what}, found {found}"),
            );
        }
    }

    fn missile(&mut self, path: &str, spec: &MissileSpec) {
        self.range(format!("{path}.lifetime"), spec.lifetime, 0.001, 1.0e6);
        if let Some(fuel) = spec.fuel {
            self.range(format!("{path}.fuel"), fuel, 0.001, 1.0e9);
        }
        self.range(format!("{path}.radius"), spec.radius, 0.0, 1.0e5);
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
    let w = &s.world;
    p.range("world.width", w.width, 1.0, MAX_COORD);
    p.range("world.height", w.height, 1.0, MAX_COORD);
    p.range("world.tick_rate", w.tick_rate, 1.0, 1000.0);
    p.range("world.margin", w.margin, 0.0, MAX_COORD);
    for (algorithm, field, why) in s.algorithms.problems() {
        let group = algorithm.id().replace('-', "_");
        p.push(format!("algorithms.{group}.{field}"), why);
    }

    p.count("targets", s.targets.len(), MAX_TARGETS, "targets");
    let names: Vec<&str> = s.targets.iter().map(|t| t.name.as_str()).collect();
    for (i, target) in s.targets.iter().enumerate() {
        let at = format!("targets[{i}]");
        if target.name.is_empty() {
            p.push(
                format!("{at}.name"),
                "expected a name, found an empty string",
            );
        } else if let Some(first) = names
            .iter()
            .position(|n| *n == target.name)
            .filter(|&j| j < i)
        {
            p.push(
                format!("{at}.name"),
                format!("name `{}` is already used by targets[{first}]", target.name),
            );
        }
        p.range(format!("{at}.radius"), target.radius, 0.001, 1.0e5);
        motion(&mut p, &format!("{at}.motion"), &target.motion, &names);
    }

    p.count("launchers", s.launchers.len(), MAX_LAUNCHERS, "launchers");
    for (i, launcher) in s.launchers.iter().enumerate() {
        let at = format!("launchers[{i}]");
        p.point(&format!("{at}.pos"), launcher.pos, MAX_COORD);
        if !names.contains(&launcher.target.as_str()) {
            p.push(
                format!("{at}.target"),
                unknown_target(&launcher.target, &names),
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
        let volley = u64::from(launcher.salvo) * launcher.algorithms.len() as u64;
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
    }

    p.count("turrets", s.turrets.len(), MAX_TURRETS, "turrets");
    for (i, turret) in s.turrets.iter().enumerate() {
        let at = format!("turrets[{i}]");
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

    if let Some(rain) = &s.rain {
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
    p.0
}

fn unknown_target(name: &str, names: &[&str]) -> String {
    format!(
        "unknown target `{name}`, expected one of: {}",
        names.join(", ")
    )
}

fn motion(p: &mut Problems, at: &str, motion: &Motion, names: &[&str]) {
    match motion {
        Motion::Static { pos } => p.point(&format!("{at}.pos"), *pos, MAX_COORD),
        Motion::Constant { pos, vel } => {
            p.point(&format!("{at}.pos"), *pos, MAX_COORD);
            p.point(&format!("{at}.vel"), *vel, MAX_SPEED);
        }
        Motion::Circle {
            center,
            radius,
            angular_speed,
            phase,
        } => {
            p.point(&format!("{at}.center"), *center, MAX_COORD);
            p.range(format!("{at}.radius"), *radius, 0.0, MAX_COORD);
            p.range(
                format!("{at}.angular_speed"),
                *angular_speed,
                -1000.0,
                1000.0,
            );
            p.range(format!("{at}.phase"), *phase, -1.0e6, 1.0e6);
        }
        Motion::Weave {
            pos,
            vel,
            amplitude,
            frequency,
        } => {
            p.point(&format!("{at}.pos"), *pos, MAX_COORD);
            p.point(&format!("{at}.vel"), *vel, MAX_SPEED);
            p.range(format!("{at}.amplitude"), *amplitude, 0.0, MAX_COORD);
            p.range(format!("{at}.frequency"), *frequency, 0.0, 1000.0);
        }
        Motion::Path { points, speed, .. } => {
            if points.is_empty() {
                p.push(
                    format!("{at}.points"),
                    "expected at least one point, found none",
                );
            }
            p.count(
                &format!("{at}.points"),
                points.len(),
                MAX_PATH_POINTS,
                "points",
            );
            for (k, point) in points.iter().enumerate() {
                p.point(&format!("{at}.points[{k}]"), *point, MAX_COORD);
            }
            p.range(format!("{at}.speed"), *speed, 0.0, MAX_SPEED);
        }
        Motion::FlyProgram(fly) => {
            p.count(
                &format!("{at}.program"),
                fly.program.len(),
                MAX_PROGRAM,
                "commands",
            );
            if let Err(e) = fly.validate() {
                let path = match e.index {
                    Some(i) => format!("{at}.program[{i}]"),
                    None => format!("{at}.program"),
                };
                p.push(path, e.message);
            }
            p.range(format!("{at}.shift"), fly.shift, -MAX_COORD, MAX_COORD);
            for (field, why) in crate::guidance::Tunable::problems(&fly.steering) {
                p.push(format!("{at}.steering.{field}"), why);
            }
            if let Some(hero) = &fly.hero {
                if !names.contains(&hero.as_str()) {
                    p.push(format!("{at}.hero"), unknown_target(hero, names));
                }
            }
        }
        Motion::Driven { pos, smoothing } => {
            p.point(&format!("{at}.pos"), *pos, MAX_COORD);
            p.range(format!("{at}.smoothing"), *smoothing, 0.0, 100.0);
        }
    }
}
