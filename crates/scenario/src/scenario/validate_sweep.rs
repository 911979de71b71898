//! The rules a sweep must satisfy over its scenario: axes and jitter name numeric
//! fields ([`super::fields`]), counts and runs in range, log axes above zero, axis ends
//! the field takes (checked by the scenario's own rules, [`super::validate`]), and
//! algorithms the scenario has. A file's `sweep:` section and the command line share
//! them.

use super::fields::Fields;
use super::model::Scenario;
use super::sweep::{AxisSpec, SweepSpec, MAX_COUNT, MAX_RUNS};

/// Most cells times algorithms a sweep keeps statistics for (about 150 bytes each: a
/// 1024 x 1024 sweep of two laws, 300 MB).
pub const MAX_MAPPED: u64 = 2_097_152;

/// Most valid names an error lists (a scenario with long recorded tracks has many).
const MAX_NAMES_LISTED: usize = 200;

/// Every problem of a sweep over `scenario`, as `(field of the sweep, message)`: axes
/// and jitter that name no numeric field (the message lists the valid names), counts and
/// runs out of range, log axes that cross zero, axis ends the field does not take, and
/// algorithms the scenario does not have.
pub fn problems(scenario: &Scenario, sweep: &SweepSpec) -> Vec<(String, String)> {
    problems_in(&Fields::of(scenario), scenario, sweep)
}

/// [`problems`] with the scenario's fields already indexed.
pub fn problems_in(
    fields: &Fields,
    scenario: &Scenario,
    sweep: &SweepSpec,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, axis) in [("x", Some(&sweep.x)), ("y", sweep.y.as_ref())] {
        if let Some(axis) = axis {
            axis_problems(fields, name, axis, &mut out);
        }
    }
    if sweep.y.as_ref().is_some_and(|y| {
        let x = fields.name_of(&sweep.x.path);
        x.is_some() && fields.name_of(&y.path) == x
    }) {
        out.push((
            "y.path".into(),
            "the y axis sweeps the same field as x".into(),
        ));
    }
    if sweep.runs == 0 || sweep.runs > MAX_RUNS {
        let found = sweep.runs;
        out.push((
            "runs".into(),
            format!("expected 1 to {MAX_RUNS} runs, found {found}"),
        ));
    }
    for (path, sigma) in &sweep.jitter {
        let at = format!("jitter.{path}");
        if fields.name_of(path).is_none() {
            out.push((at, unknown(fields, path)));
        } else if !(sigma.is_finite() && *sigma >= 0.0) {
            out.push((
                at,
                format!("expected a standard deviation of 0 or more, found {sigma}"),
            ));
        }
    }
    algorithm_problems(scenario, sweep, &mut out);
    if let Some(seconds) = sweep.seconds {
        if !(seconds > 0.0 && seconds <= 3600.0) {
            out.push((
                "seconds".into(),
                format!("expected 0 to 3600 seconds, found {seconds}"),
            ));
        }
    }
    out
}

/// `path` names no numeric field: the message lists the valid names.
fn unknown(fields: &Fields, path: &str) -> String {
    let names: Vec<&str> = fields.names().collect();
    let listed = names[..names.len().min(MAX_NAMES_LISTED)].join(", ");
    let more = names.len().saturating_sub(MAX_NAMES_LISTED);
    let more = if more > 0 {
        format!(" (and {more} more)")
    } else {
        String::new()
    };
    format!("`{path}` is not a numeric field of this scenario; valid names: {listed}{more}")
}

/// An axis (`name` is `x` or `y`): its field, its count, and its ends.
fn axis_problems(fields: &Fields, name: &str, axis: &AxisSpec, out: &mut Vec<(String, String)>) {
    let at = |field: &str| format!("{name}.{field}");
    let Some(path) = fields.name_of(&axis.path) else {
        out.push((at("path"), unknown(fields, &axis.path)));
        return;
    };
    if axis.count == 0 || axis.count > MAX_COUNT {
        let found = axis.count;
        out.push((
            at("count"),
            format!("expected 1 to {MAX_COUNT} values, found {found}"),
        ));
    }
    for (end, value) in [("lo", axis.lo), ("hi", axis.hi)] {
        if !value.is_finite() {
            out.push((at(end), format!("expected a finite number, found {value}")));
        } else if axis.log && (value <= 0.0 || (fields.is_whole(path) && value < 0.5)) {
            out.push((
                at(end),
                // A whole-number field rounds its values: below 0.5 is 0.
                format!(
                    "a log axis needs values above 0{}, found {value}",
                    if fields.is_whole(path) {
                        " (whole numbers: at least 1)"
                    } else {
                        ""
                    }
                ),
            ));
        } else if let Some(why) = refused(fields, path, value) {
            out.push((at(end), why));
        }
    }
}

/// The algorithms mapped: how many statistics the sweep keeps, and each listed one
/// once, of the scenario, and flown.
fn algorithm_problems(scenario: &Scenario, sweep: &SweepSpec, out: &mut Vec<(String, String)>) {
    let flown = scenario.compared();
    let mapped = if sweep.algorithms.is_empty() {
        flown.len()
    } else {
        sweep.algorithms.len()
    };
    let cells: u64 = sweep.axes().map(|a| u64::from(a.count.max(1))).product();
    if cells * mapped as u64 > MAX_MAPPED {
        out.push((
            "x.count".into(),
            format!(
                "expected at most {MAX_MAPPED} cells x algorithms (each keeps its statistics), found {cells} x {mapped}"
            ),
        ));
    }
    for (i, algorithm) in sweep.algorithms.iter().enumerate() {
        if let Some(first) = sweep.algorithms[..i].iter().position(|a| a == algorithm) {
            out.push((
                format!("algorithms[{i}]"),
                format!("`{algorithm}` is already listed at algorithms[{first}]"),
            ));
        } else if !scenario.algorithms.algorithms().contains(algorithm) {
            out.push((
                format!("algorithms[{i}]"),
                format!("unknown algorithm `{algorithm}`"),
            ));
        } else if flown.is_empty() {
            out.push((
                format!("algorithms[{i}]"),
                "the scenario has no launchers".into(),
            ));
        }
    }
}

/// Why the field at `path` cannot take `value`, if it cannot.
fn refused(fields: &Fields, path: &str, value: f64) -> Option<String> {
    let scenario = match fields.set(&[(path, value)]) {
        Ok(s) => s,
        Err(why) => return Some(format!("{path} = {value}: {why}")),
    };
    let problems = super::validate::validate(&scenario);
    let (field, why) = problems
        .iter()
        .find(|(p, _)| fields.name_of(p) == Some(path))
        .or(problems.first())?;
    Some(format!("{field}: {why}"))
}
