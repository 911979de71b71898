//! Whether a value fits its field: its kind and range (a point's coordinates within the
//! field's limit, a keyframe list in time order and in range, a target name the
//! scenario has); each problem as `(path, message)` in the user's words.

use super::*;

/// `(path, message)` for each way `value` breaks `field`'s kind and range; `at` is the
/// field's path, `names` the scenario's targets (for [`Kind::TargetName`]).
pub fn check(field: &Field, at: &str, value: &Value, names: &[&str]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut push = |path: String, message: String| out.push((path, message));
    match (field.kind, value) {
        (_, Value::Absent) => {}
        (Kind::Number { min, max }, Value::Number(v)) => {
            if let Some(why) = in_range(*v, min, max) {
                push(at.to_string(), why);
            }
        }
        (Kind::Whole { min, max }, Value::Whole(v)) => {
            if *v < min || *v > max {
                push(
                    at.to_string(),
                    format!("expected an integer from {min} to {max}, found {v}"),
                );
            }
        }
        (Kind::Flag, Value::Flag(_)) => {}
        (Kind::Choice(names), Value::Choice(i)) if *i < names.len() => {}
        (Kind::Point { limit } | Kind::Vector { limit }, Value::Point(p)) => {
            point_problems(at, *p, limit, &mut push);
        }
        (Kind::Points { limit, max }, Value::Points(points)) => {
            if points.len() > max {
                let found = points.len();
                push(
                    at.to_string(),
                    format!("expected at most {max} points, found {found}"),
                );
            }
            for (k, p) in points.iter().enumerate().take(max) {
                point_problems(&format!("{at}[{k}]"), *p, limit, &mut push);
            }
        }
        (
            Kind::Keyframes {
                max,
                max_time,
                max_value,
            },
            Value::Keyframes(keys),
        ) => keyframe_problems(at, keys, max, max_time, max_value, &mut push),
        (Kind::Text { max }, Value::Text(text)) => {
            let found = text.chars().count();
            if found > max {
                push(
                    at.to_string(),
                    format!("expected at most {max} characters, found {found}"),
                );
            }
        }
        (Kind::Samples { max }, Value::Samples(n)) => {
            if *n > max {
                push(
                    at.to_string(),
                    format!("expected at most {max} samples, found {n}"),
                );
            }
        }
        (Kind::Program, Value::Program(_)) => {}
        (Kind::TargetName, Value::TargetName(name)) => {
            if let Some(name) = name.as_deref().filter(|n| !names.contains(n)) {
                push(at.to_string(), unknown_target(name, names));
            }
        }
        (kind, value) => push(
            at.to_string(),
            format!("expected {}, found {value}", kind.describe()),
        ),
    }
    out
}

/// Why `value` is not in `min..=max` (NaN and the infinities are not), if it is not.
fn in_range(value: f32, min: f32, max: f32) -> Option<String> {
    if value >= min && value <= max {
        return None;
    }
    let found = if value.is_finite() {
        value.to_string()
    } else {
        format!("{value} (not finite)")
    };
    Some(format!(
        "expected a value from {min} to {max}, found {found}"
    ))
}

fn point_problems(at: &str, p: Vec2, limit: f32, push: &mut impl FnMut(String, String)) {
    for (axis, v) in [("[0]", p.x), ("[1]", p.y)] {
        if let Some(why) = in_range(v, -limit, limit) {
            push(format!("{at}{axis}"), why);
        }
    }
}

fn keyframe_problems(
    at: &str,
    keys: &[(f32, f32)],
    max: usize,
    max_time: f32,
    max_value: f32,
    push: &mut impl FnMut(String, String),
) {
    if keys.is_empty() {
        push(
            at.to_string(),
            "expected at least one (time, rate) keyframe, found none".into(),
        );
        return;
    }
    if keys.len() > max {
        push(
            at.to_string(),
            format!("expected at most {max} keyframes, found {}", keys.len()),
        );
        return;
    }
    let mut last = f32::NEG_INFINITY;
    for (k, &(time, value)) in keys.iter().enumerate() {
        if time < last {
            push(
                format!("{at}[{k}][0]"),
                format!("expected keyframe times in order, at or after the previous {last}, found {time}"),
            );
        } else if let Some(why) = in_range(time, last.max(0.0), max_time) {
            push(format!("{at}[{k}][0]"), why);
        }
        if let Some(why) = in_range(value, 0.0, max_value) {
            push(format!("{at}[{k}][1]"), why);
        }
        last = time;
    }
}

/// The message for a target name that names none of `names` (the first ten listed).
pub fn unknown_target(name: &str, names: &[&str]) -> String {
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
