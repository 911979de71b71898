//! Test vectors: per tick, the target a missile's law saw and the missile's state
//! before and after its law's step, from a steerlab run, as CSV. The generated tests
//! ([`super::replay`]) set the state from each row, step once, and compare.

use super::emit::BODY;
use super::seeker::timing;
use super::step::StepFile;
use super::Lane;
use crate::core::Seen;
use crate::guidance::{Algorithm, Guidance, Launch, Signal};
use crate::scenario::Scenario;
use crate::sim::airframe::{fly, Airframe};
use crate::sim::seeker::Seeker;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The most rows a vectors file holds (a test stays quick in every language).
pub const MAX_ROWS: usize = 5000;

/// How often a step row is followed by a launch row: a launch from that missile's
/// position and velocity at the target it sees then.
pub const LAUNCH_EVERY: usize = 8;

/// The columns of a vectors file for a law with `state`: what the row is (`step`,
/// `launch` or `look`), the tick, the missile, what its step is given, its fields before,
/// the signal, its fields after, and with a seeker (`looks`) what it shows. A launch row
/// is a launch from the row's position and velocity (`pos_x`, `pos_y`, `vel_x`, `vel_y`)
/// at its target; its signal is 1 when the law fires (0: refused, and the fields after
/// are zeros). A look row is the seeker's look at the target truly at `target_*`: it
/// shows `seen_*` (its other fields are zeros).
pub fn columns(step: &StepFile, looks: bool) -> Vec<String> {
    let fields = fields(step);
    let mut out: Vec<String> = [
        "call",
        "tick",
        "missile",
        "target_x",
        "target_y",
        "target_vx",
        "target_vy",
        "dt",
    ]
    .iter()
    .map(|c| c.to_string())
    .collect();
    out.extend(fields.iter().cloned());
    out.push("signal".into());
    out.extend(fields.iter().map(|f| format!("after_{f}")));
    if looks {
        out.extend(SEEN.iter().map(|s| s.to_string()));
    }
    out
}

/// What a look row's seeker shows, after the fields.
pub const SEEN: [&str; 4] = ["seen_x", "seen_y", "seen_vx", "seen_vy"];

/// The body's fields and the law's state, in order.
pub fn fields(step: &StepFile) -> Vec<String> {
    BODY.iter()
        .map(|b| b.to_string())
        .chain(step.state.iter().map(|s| s.name.clone()))
        .collect()
}

/// The signal's number in a vectors file: 0 none, 1 detonate, 2 solver failed.
fn signal_code(signal: &Option<Signal>) -> Result<u8, String> {
    match signal {
        None => Ok(0),
        Some(Signal::Detonate { .. }) => Ok(1),
        Some(Signal::SolverFailed) => Ok(2),
        Some(Signal::Failed(e)) => Err(format!("the law failed: {e}")),
        // (Only a recording's replay says it; a recording's law is not exported.)
        Some(Signal::Ended(reason)) => Err(format!("its flight ended: {}", reason.describe())),
    }
}

/// The vectors of `algorithm` flown in `scenario` (its launchers all firing that law)
/// for at most `seconds`, from every missile whose launcher flies the scenario's own
/// tuning of it (the tuning the export bakes in) through `lane`'s airframe and seeker
/// timing. A step row's target is what the missile's seeker shows its law that tick.
/// With an airframe, a step row's fields after are the airframe's flight of the law's
/// move, and the airframe's state is the missile's. With a seeker, each step row comes
/// after a look row: steerlab's seeker with the lane's timing, fresh at the missile's
/// first row, looking at the target as it truly is. Errors when there is no such missile.
pub fn vectors(
    scenario: &Scenario,
    algorithm: Algorithm,
    seconds: f64,
    lane: &Lane,
    step: &StepFile,
) -> Result<String, String> {
    let scenario = scenario.restricted_to(algorithm);
    let mut world = scenario.build()?;
    let tuned = super::params(algorithm, &scenario.algorithms);
    let state_names: Vec<String> = step
        .state
        .iter()
        .map(|s| s.steerlab.clone().unwrap_or_else(|| s.name.clone()))
        .collect();
    let fields = fields(step);
    let looks = lane.seeker.is_some();
    let mut out = columns(step, looks).join(",");
    out.push('\n');
    let mut rows = 0;
    // Each missile's seeker for the look rows, and the most rows a missile's tick writes.
    let mut seekers: BTreeMap<u32, Seeker> = BTreeMap::new();
    let most = 2 + usize::from(looks);
    let ticks = (seconds / f64::from(world.dt())).ceil() as u64;
    while world.tick() < ticks && rows < MAX_ROWS {
        for missile in world.missiles() {
            if missile.algorithm() != algorithm || rows + most > MAX_ROWS {
                continue;
            }
            let tuning = world.tuning_for(missile.source);
            let airframe = missile.airframe.as_deref();
            let timing = missile.seeker.as_ref().and_then(|s| timing(&s.spec));
            if super::params(algorithm, tuning) != tuned
                || airframe.map(|a| &a.spec) != lane.airframe.as_ref()
                || timing != lane.seeker
            {
                continue;
            }
            let Some(chased) = world.target(missile.chasing()) else {
                continue;
            };
            let truth = Seen {
                target_pos: chased.pos,
                target_vel: chased.vel,
                dt: world.dt(),
            };
            if let Some(spec) = &lane.seeker {
                let id = missile.id.0;
                let seeker = seekers
                    .entry(id)
                    .or_insert_with(|| Seeker::new(spec.clone(), 0, id));
                // Timing alone never loses the lock.
                if let (Some(shown), _) = seeker.look(&truth, &missile.body, world.tick()) {
                    let head = Head {
                        tick: world.tick(),
                        missile: id,
                        seen: &truth,
                    };
                    let zeros = vec![0.0; fields.len()];
                    row(&mut out, "look", &head, &zeros, 0, &zeros);
                    seen_columns(&mut out, Some(&shown));
                    rows += 1;
                }
            }
            // What the law sees this tick: through the missile's seeker, as the world's
            // tick will show it (none: the lock is lost and the law is not asked).
            let seen = match missile.seeker.as_deref() {
                Some(seeker) => match seeker.clone().look(&truth, &missile.body, world.tick()) {
                    (Some(seen), _) => seen,
                    (None, _) => continue,
                },
                None => truth,
            };
            let ticks_flown = world.tick() - missile.launched_tick;
            let mut guidance = missile.guidance.clone();
            let mut body = missile.body;
            let mut airframe = airframe.cloned();
            let flown = |airframe: &Option<Airframe>, ticks: u64| {
                let lateral = airframe.as_ref().map_or(0.0, |a| a.state.lateral);
                [("airframe_lateral", lateral), ("ticks_flown", ticks as f32)]
            };
            let before = flatten(
                &guidance,
                &body,
                &state_names,
                &flown(&airframe, ticks_flown),
            )?;
            let signal = signal_code(&guidance.steer(tuning, &mut body, &seen))?;
            if let Some(airframe) = &mut airframe {
                let age = ticks_flown as f32 * seen.dt;
                let gravity = world.config.gravity;
                body = fly(Some(airframe), &missile.body, &body, age, gravity, seen.dt);
            }
            let after = flatten(
                &guidance,
                &body,
                &state_names,
                &flown(&airframe, ticks_flown + 1),
            )?;
            let head = Head {
                tick: world.tick(),
                missile: missile.id.0,
                seen: &seen,
            };
            row(&mut out, "step", &head, &before, signal, &after);
            seen_columns(&mut out, looks.then_some(&seen));
            rows += 1;
            if rows % LAUNCH_EVERY == 0 {
                // A launch from here, now, under the world's gravity: the law's launch on
                // many geometries.
                let launch = Launch {
                    gravity: world.config.gravity,
                    ..Launch::toward(
                        missile.body.pos,
                        missile.body.vel,
                        seen.target_pos,
                        seen.target_vel,
                        seen.dt,
                    )
                };
                let launched = Guidance::launch(algorithm, tuning, &launch)
                    .map_err(|e| format!("the law failed: {e}"))?;
                // A fresh airframe: no lateral acceleration yet, no tick flown.
                let fresh = [("airframe_lateral", 0.0), ("ticks_flown", 0.0)];
                let (fired, after) = match launched {
                    Some((guidance, body)) => (1, flatten(&guidance, &body, &state_names, &fresh)?),
                    None => (0, vec![0.0; fields.len()]),
                };
                row(&mut out, "launch", &head, &before, fired, &after);
                seen_columns(&mut out, looks.then_some(&seen));
                rows += 1;
            }
        }
        world.step();
    }
    if rows == 0 {
        return Err(format!(
            "{} flies no missile with the scenario's tuning in {seconds} s of `{}`",
            algorithm.id(),
            scenario.name
        ));
    }
    Ok(out)
}

/// Where a row is from.
struct Head<'a> {
    tick: u64,
    missile: u32,
    seen: &'a Seen,
}

/// Ends a row: with `seen`, what a seeker showed (a look row) or zeros (another row in a
/// file with looks); nothing in a file without.
fn seen_columns(out: &mut String, seen: Option<&Seen>) {
    out.pop();
    if let Some(seen) = seen {
        let shown = [
            seen.target_pos.x,
            seen.target_pos.y,
            seen.target_vel.x,
            seen.target_vel.y,
        ];
        for v in shown {
            let _ = write!(out, ",{v}");
        }
    }
    out.push('\n');
}

fn row(out: &mut String, call: &str, head: &Head, before: &[f32], signal: u8, after: &[f32]) {
    let seen = head.seen;
    let _ = write!(
        out,
        "{call},{},{},{},{},{},{},{}",
        head.tick,
        head.missile,
        seen.target_pos.x,
        seen.target_pos.y,
        seen.target_vel.x,
        seen.target_vel.y,
        seen.dt
    );
    for v in before {
        let _ = write!(out, ",{v}");
    }
    let _ = write!(out, ",{signal}");
    for v in after {
        let _ = write!(out, ",{v}");
    }
    out.push('\n');
}

/// The fields of a missile: its body's, then its law's state named by `state_names`
/// (steerlab's names, flattened from the state's own serialised form: `dir` is `dir_x`
/// and `dir_y`, a struct's field `time` in `last` is `last_time`, the second item of a
/// list `arcs` is `arcs_1`, and a vector or struct that is there also gives `_known`, 1;
/// one that is absent gives 0 for all its fields), or by `extra` (the airframe's).
fn flatten(
    guidance: &crate::guidance::Guidance,
    body: &crate::core::Body,
    state_names: &[String],
    extra: &[(&str, f32)],
) -> Result<Vec<f32>, String> {
    let value = serde_json::to_value(guidance).map_err(|e| e.to_string())?;
    // `{"Smoothed": {...}}`: the law's own state.
    let state = value
        .as_object()
        .and_then(|o| o.values().next())
        .cloned()
        .unwrap_or_default();
    let mut named: std::collections::BTreeMap<String, f32> =
        extra.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    if let Some(object) = state.as_object() {
        for (key, v) in object {
            flatten_into(key, v, &mut named);
        }
    }
    let state = state_names.iter().map(|other| {
        named
            .get(other)
            .copied()
            .or_else(|| {
                // Something optional (with a `_known` field) that is absent: its fields,
                // and its `_known` itself, are 0.
                let absent = state_names.iter().any(|known| {
                    known.strip_suffix("_known").is_some_and(|base| {
                        other.starts_with(&format!("{base}_")) && !named.contains_key(known)
                    })
                });
                absent.then_some(0.0)
            })
            .ok_or_else(|| format!("the law's state has no `{other}`"))
    });
    [body.pos.x, body.pos.y, body.vel.x, body.vel.y, body.heading]
        .into_iter()
        .map(Ok)
        .chain(state)
        .collect()
}

/// `value`, named `name`, into numbers: a number or a flag as itself, a pair of numbers
/// as `name_x` and `name_y`, a struct's fields as `name_field`, a list's items as
/// `name_0`, `name_1`, ...; a pair or a struct that is there also as `name_known`, 1.
fn flatten_into(
    name: &str,
    value: &serde_json::Value,
    named: &mut std::collections::BTreeMap<String, f32>,
) {
    use serde_json::Value;
    match value {
        Value::Number(n) => {
            named.insert(name.to_string(), n.as_f64().unwrap_or(f64::NAN) as f32);
        }
        Value::Bool(b) => {
            named.insert(name.to_string(), f32::from(u8::from(*b)));
        }
        Value::Array(xy) if xy.len() == 2 && xy.iter().all(Value::is_number) => {
            for (axis, c) in ["x", "y"].iter().zip(xy) {
                flatten_into(&format!("{name}_{axis}"), c, named);
            }
            named.insert(format!("{name}_known"), 1.0);
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                flatten_into(&format!("{name}_{i}"), item, named);
            }
        }
        Value::Object(fields) => {
            for (field, v) in fields {
                flatten_into(&format!("{name}_{field}"), v, named);
            }
            named.insert(format!("{name}_known"), 1.0);
        }
        Value::Null | Value::String(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::flatten_into;
    use std::collections::BTreeMap;

    #[test]
    fn nested_state_flattens_into_named_numbers() {
        let state = serde_json::json!({
            "n": 7.5,
            "ok": true,
            "dir": [3.0, 4.0],
            "last": {"time": 2.0, "accel": [5.0, 6.0]},
            "arcs": [{"time": 1.0, "vel": [8.0, 9.0]}, null],
            "name": "ignored",
        });
        let mut named = BTreeMap::new();
        for (key, value) in state.as_object().unwrap() {
            flatten_into(key, value, &mut named);
        }
        let expected: BTreeMap<String, f32> = [
            ("n", 7.5),
            ("ok", 1.0),
            ("dir_x", 3.0),
            ("dir_y", 4.0),
            ("dir_known", 1.0),
            ("last_time", 2.0),
            ("last_accel_x", 5.0),
            ("last_accel_y", 6.0),
            ("last_accel_known", 1.0),
            ("last_known", 1.0),
            ("arcs_0_time", 1.0),
            ("arcs_0_vel_x", 8.0),
            ("arcs_0_vel_y", 9.0),
            ("arcs_0_vel_known", 1.0),
            ("arcs_0_known", 1.0),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(named, expected);
    }

    #[test]
    fn what_is_absent_is_zero_and_what_is_unknown_is_an_error() {
        use crate::guidance::{Algorithm, Guidance, Launch, Tuning};
        // The quartic at launch has solved nothing yet: its last meeting is absent.
        let quartic = Algorithm::from_id("quartic").unwrap();
        let launch = Launch::toward(
            glam::Vec2::ZERO,
            glam::Vec2::new(1.0, 0.0),
            glam::Vec2::new(100.0, 0.0),
            glam::Vec2::ZERO,
            0.1,
        );
        let (guidance, body): (Guidance, _) =
            Guidance::launch(quartic, &Tuning::default(), &launch)
                .unwrap()
                .unwrap();
        let names: Vec<String> = ["last_time", "last_accel_y", "last_known"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let got = super::flatten(&guidance, &body, &names, &[]).unwrap();
        assert_eq!(got[..5], [0.0, 0.0, 1.0, 0.0, 0.0]);
        assert_eq!(got[5..], [0.0, 0.0, 0.0]);
        // A field of something absent with no `_known` asked for is not guessed.
        let err = super::flatten(&guidance, &body, &["last_time".to_string()], &[]).unwrap_err();
        assert!(err.contains("no `last_time`"), "{err}");
        // An absent `last` excuses only its own fields.
        let names = ["last_known".to_string(), "nothing".to_string()];
        let err = super::flatten(&guidance, &body, &names, &[]).unwrap_err();
        assert!(err.contains("no `nothing`"), "{err}");
    }
}
