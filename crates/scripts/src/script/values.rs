//! What crosses between a script and steerlab: a missile's state as the map `this`
//! (and back, within its limits), the missile as the map `steer` reads, and what `steer`
//! or `launch` answered; every problem in the user's words.

use super::words;
use crate::core::Body;
use crate::guidance::runtime::{RuntimeState, StateValue};
use glam::Vec2;
use rhai::{Dynamic, Map};

/// The state map a script sees as `this`.
pub(super) fn state_to_map(state: &RuntimeState) -> Map {
    state
        .values
        .iter()
        .map(|(k, v)| {
            let v = match v {
                StateValue::Number(n) => Dynamic::from(*n as f32),
                StateValue::Bool(b) => Dynamic::from(*b),
                StateValue::Vector([x, y]) => Dynamic::from(Vec2::new(*x as f32, *y as f32)),
                StateValue::Text(t) => Dynamic::from(t.clone()),
            };
            (k.as_str().into(), v)
        })
        .collect()
}

/// Most values a missile's state keeps, and the longest string among them: a state
/// lives as long as its missile, thousands of missiles at once.
pub const MAX_STATE_VALUES: usize = 64;
pub const MAX_STATE_TEXT: usize = 256;

/// What the script left in `this`, as state: numbers, flags, vectors and strings.
pub(super) fn map_to_state(
    this: Dynamic,
) -> Result<std::collections::BTreeMap<String, StateValue>, String> {
    let type_name = words::plain_type(this.type_name());
    let map = this.try_cast::<Map>().ok_or_else(|| {
        format!("`this` must stay a map of the missile's state, found {type_name}")
    })?;
    if map.len() > MAX_STATE_VALUES {
        return Err(format!(
            "the state keeps at most {MAX_STATE_VALUES} values, found {}",
            map.len()
        ));
    }
    map.into_iter()
        .map(|(k, v)| {
            let value = value_of(&v).ok_or_else(|| {
                format!(
                    "state `{k}`: a number, true or false, a vec2 or text can be kept, found {}",
                    words::plain_type(v.type_name())
                )
            })?;
            if matches!(&value, StateValue::Text(t) if t.chars().count() > MAX_STATE_TEXT) {
                return Err(format!(
                    "state `{k}`: a string of at most {MAX_STATE_TEXT} characters can be kept"
                ));
            }
            Ok((k.to_string(), value))
        })
        .collect()
}

fn value_of(v: &Dynamic) -> Option<StateValue> {
    if let Some(x) = v.clone().try_cast::<f32>() {
        Some(StateValue::Number(f64::from(x)))
    } else if let Some(i) = v.clone().try_cast::<rhai::INT>() {
        Some(StateValue::Number(i as f64))
    } else if let Some(b) = v.clone().try_cast::<bool>() {
        Some(StateValue::Bool(b))
    } else if let Some(p) = v.clone().try_cast::<Vec2>() {
        Some(StateValue::Vector([f64::from(p.x), f64::from(p.y)]))
    } else {
        v.clone()
            .into_immutable_string()
            .ok()
            .map(|s| StateValue::Text(s.to_string()))
    }
}

fn number(v: &Dynamic) -> Option<f32> {
    v.clone()
        .try_cast::<f32>()
        .or_else(|| v.clone().try_cast::<rhai::INT>().map(|i| i as f32))
}

/// What `steer` (or `launch`) answered.
pub(super) struct Answer {
    pub(super) vel: Option<Vec2>,
    pub(super) pos: Option<Vec2>,
    pub(super) heading: Option<f32>,
    pub(super) detonate: Option<f32>,
}

pub(super) fn answer(result: Dynamic, function: &str) -> Result<Answer, String> {
    let contract =
        "return the new velocity (a vec2) or a map with any of vel, pos, heading, detonate";
    if let Some(vel) = result.clone().try_cast::<Vec2>() {
        return Ok(Answer {
            vel: Some(vel),
            pos: None,
            heading: None,
            detonate: None,
        });
    }
    let type_name = words::plain_type(result.type_name());
    let map = result
        .try_cast::<Map>()
        .ok_or_else(|| format!("{function} returned {type_name}: {contract}"))?;
    let mut out = Answer {
        vel: None,
        pos: None,
        heading: None,
        detonate: None,
    };
    for (key, v) in map {
        let bad = || {
            format!(
                "{function} returned `{key}` as {}",
                words::plain_type(v.type_name())
            )
        };
        match key.as_str() {
            "vel" => out.vel = Some(v.clone().try_cast::<Vec2>().ok_or_else(bad)?),
            "pos" => out.pos = Some(v.clone().try_cast::<Vec2>().ok_or_else(bad)?),
            "heading" => out.heading = Some(number(&v).ok_or_else(bad)?),
            "detonate" => out.detonate = Some(number(&v).ok_or_else(bad)?),
            other => {
                return Err(format!(
                    "{function} returned an unknown key `{other}`: {contract}"
                ))
            }
        }
    }
    Ok(out)
}

pub(super) fn missile_map(body: &Body) -> Map {
    let mut m = Map::new();
    m.insert("pos".into(), Dynamic::from(body.pos));
    m.insert("vel".into(), Dynamic::from(body.vel));
    m.insert("heading".into(), Dynamic::from(body.heading));
    m.insert("speed".into(), Dynamic::from(body.vel.length()));
    m
}
