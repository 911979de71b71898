//! The rules a scenario must satisfy beyond its types. Each field's kind and range comes
//! from its description ([`crate::core::field`]: the world's, the laws', each target's,
//! motion's, launcher's, missile's...); the rules that tie fields together live here:
//! references between parts, unique names, counts, fly-program commands, and limits on
//! what the scenario may ask the simulation to do. Counts are checked before contents,
//! so a file with a million targets is refused at once without looking at each of them.

use super::model::{Scenario, VERSION};
use crate::guidance::Tuning;
use crate::sim::config::WORK_PER_SECOND;
use crate::sim::crowd_spec::MAX_AGENTS;
use crate::sim::launcher::LauncherSpec;
use crate::sim::motion::{Described, Value};
use crate::sim::rain::RainSpec;
use crate::sim::TargetSpec;
use std::collections::HashMap;

pub use crate::sim::limits::{
    MAX_COORD, MAX_GRAVITY, MAX_LABEL, MAX_MISSILES, MAX_OBSTACLES, MAX_PATH_POINTS,
    MAX_POLYGON_POINTS, MAX_PROGRAM, MAX_RAIN_KEYFRAMES, MAX_SPEED, MAX_VOLLEY,
};
pub const MAX_TARGETS: usize = 10_000;
pub const MAX_LAUNCHERS: usize = 1_000;
pub const MAX_TURRETS: usize = 100;
/// Most missiles all launchers together may launch per second.
pub const MAX_LAUNCH_RATE: f64 = 20_000.0;
/// Most target checks per simulated second the turrets may make (polls x targets).
pub const MAX_TURRET_WORK: f64 = 10_000_000.0;
/// Most missile updates per simulated second a file may ask for with
/// `world.max_missiles` (100,000 at 60 ticks/s).
pub const MAX_MISSILE_WORK: f32 = 10.0 * WORK_PER_SECOND;
/// Longest scenario name and description, in characters: what a title bar and a panel
/// line can show.
pub const MAX_NAME: usize = 200;
pub const MAX_DESCRIPTION: usize = 2_000;

/// Collects `(path, message)` problems; with `descriptions` false it skips each field's
/// own check against its description ([`validate_rules`]).
struct Problems(Vec<(String, String)>, bool);

impl Problems {
    fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.0.push((path.into(), message.into()));
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

    /// A described value's fields and parts against their descriptions.
    fn described(&mut self, at: &str, value: &dyn Described, names: &[&str]) {
        if self.1 {
            self.0.extend(value.problems(at, names));
        }
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
}

/// Every problem in a parsed scenario, as `(field path, message)`.
pub fn validate(s: &Scenario) -> Vec<(String, String)> {
    problems(s, true)
}

/// [`validate`] without each field's own check against its description: the rules that
/// tie fields together and each part's own rules (an obstacle's shape, a motion's path).
/// A scenario [`validate`] passes, with one number of one field changed, is valid again
/// exactly when that field passes its own check ([`super::fields::Fields::fits`]) and
/// these find nothing: a jittered sweep checks each draw so (the descriptions of a
/// scenario's every field are most of what [`validate`] costs).
pub fn validate_rules(s: &Scenario) -> Vec<(String, String)> {
    problems(s, false)
}

fn problems(s: &Scenario, descriptions: bool) -> Vec<(String, String)> {
    let mut p = Problems(Vec::new(), descriptions);
    if s.version != VERSION {
        p.push(
            "version",
            format!("expected version {VERSION}, found {}", s.version),
        );
    }
    p.text("name", &s.name, MAX_NAME);
    p.text("description", &s.description, MAX_DESCRIPTION);
    world(&mut p, s);
    // (The laws' numbers have descriptions only.)
    let laws = match descriptions {
        true => s.algorithms.problems(),
        false => Vec::new(),
    };
    for (algorithm, field, why) in laws {
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
            p.described(&format!("turrets[{i}]"), turret, &[]);
        }
    }
    if p.count("obstacles", s.obstacles.len(), MAX_OBSTACLES, "obstacles") {
        for (i, obstacle) in s.obstacles.iter().enumerate() {
            let at = format!("obstacles[{i}]");
            let before = p.0.len();
            p.described(&at, obstacle, &[]);
            // Its shape's rules only once its numbers are in range (and its corners few).
            if p.0.len() == before {
                for (field, why) in obstacle.problems() {
                    p.push(format!("{at}.{field}"), why);
                }
            }
        }
    }
    crowds(&mut p, s);
    if let Some(rain) = &s.rain {
        self::rain(&mut p, rain);
    }
    if let Some(view) = &s.view {
        p.0.extend(super::view::problems(view));
    }
    if let Some(embed) = &s.embed {
        p.0.extend(super::view::embed_problems(embed, &s.algorithms));
    }
    p.described("diagnosis", &s.diagnosis, &[]);

    if p.0.is_empty() {
        load(&mut p, s);
    }
    p.0
}

fn world(p: &mut Problems, s: &Scenario) {
    let w = &s.world;
    p.described("world", w, &[]);
    if let Some(max) = w
        .max_missiles
        .filter(|max| (1..=MAX_MISSILES).contains(max))
    {
        if w.tick_rate.is_finite() && max as f32 * w.tick_rate > MAX_MISSILE_WORK {
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

/// Most crowds in a scenario.
pub const MAX_CROWDS: usize = 100;
/// Most agent updates per simulated second all crowds together may ask for (50,000
/// agents at 60 ticks/s).
pub const MAX_AGENT_WORK: f32 = 3.0e6;

/// The crowds: how many, how many agents in all (counted before any is looked at) and
/// per simulated second, then each against its description.
fn crowds(p: &mut Problems, s: &Scenario) {
    if !p.count("crowds", s.crowds.len(), MAX_CROWDS, "crowds") {
        return;
    }
    let agents: u64 = s.crowds.iter().map(|c| u64::from(c.count)).sum();
    if !p.count(
        "crowds",
        agents as usize,
        MAX_AGENTS,
        "agents in all crowds",
    ) {
        return;
    }
    let rate = s.world.tick_rate;
    if rate.is_finite() && agents as f32 * rate > MAX_AGENT_WORK {
        p.push(
            "crowds",
            format!(
                "expected at most {} agents in all crowds at a tick rate of {rate} (agents x tick_rate <= {MAX_AGENT_WORK}), found {agents}",
                (MAX_AGENT_WORK / rate) as u64
            ),
        );
    }
    let names: Vec<&str> = s.targets.iter().map(|t| t.name.as_str()).collect();
    for (i, crowd) in s.crowds.iter().enumerate() {
        let at = format!("crowds[{i}]");
        let before = p.0.len();
        p.described(&at, crowd, &names);
        // Its goal's rules only once its numbers are in range.
        if let Some(goal) = crowd.goal.as_ref().filter(|_| p.0.len() == before) {
            for (field, why) in goal.problems() {
                p.push(format!("{at}.goal.{field}"), why);
            }
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
                Some(Value::Points(points)) => Some((f.name, points.len())),
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
    p.described(at, target, names);
    for (field, message) in target.motion.problems(names) {
        p.push(format!("{at}.motion.{field}"), message);
    }
}

fn launcher(p: &mut Problems, at: &str, launcher: &LauncherSpec, names: &[&str], tuning: &Tuning) {
    p.described(at, launcher, names);
    if !names.contains(&launcher.target.as_str()) {
        p.push(
            format!("{at}.target"),
            crate::core::field::unknown_target(&launcher.target, names),
        );
    }
    if launcher.algorithms.is_empty() {
        p.push(
            format!("{at}.algorithms"),
            "expected at least one algorithm, found none",
        );
    }
    let volley = volley(launcher);
    if launcher.salvo >= 1 && volley > MAX_VOLLEY {
        p.push(
            format!("{at}.salvo"),
            format!("expected at most {MAX_VOLLEY} missiles per volley, found {volley} (salvo x algorithms)"),
        );
    }
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

fn rain(p: &mut Problems, rain: &RainSpec) {
    p.described("rain", rain, &[]);
    // Each largest at least its smallest (when both are in their ranges).
    let pairs = [
        ("speed", rain.min_speed, rain.max_speed, 0.0),
        ("radius", rain.min_radius, rain.max_radius, 0.001),
    ];
    for (what, min, max, low) in pairs {
        if min >= low && max >= low && max < min {
            p.push(
                format!("rain.max_{what}"),
                format!("expected at least min_{what} ({min}), found {max}"),
            );
        }
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
    fn the_rules_alone_skip_each_field_s_own_check_but_not_what_ties_fields_together() {
        // A radius of 0 (below 0.001) breaks the target's description alone.
        let mut s = default_scenario();
        s.targets[0].radius = 0.0;
        assert_eq!(validate(&s).len(), 1);
        assert!(validate_rules(&s).is_empty());
        // So does a law's number.
        let mut s = default_scenario();
        s.algorithms.smoothed.ga = 2.0;
        assert_eq!(validate(&s)[0].0, "algorithms.smoothed.ga");
        assert!(validate_rules(&s).is_empty());
        // A launcher aiming at a target nobody has, and more missiles than the tick rate allows.
        let mut s = default_scenario();
        s.launchers[0].target = "nobody".into();
        s.world.max_missiles = Some(100_000);
        s.world.tick_rate = 61.0;
        let paths =
            |p: Vec<(String, String)>| p.into_iter().map(|(path, _)| path).collect::<Vec<_>>();
        assert_eq!(
            paths(validate_rules(&s)),
            ["world.max_missiles", "launchers[0].target"]
        );
        assert_eq!(validate_rules(&s), validate(&s));
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
