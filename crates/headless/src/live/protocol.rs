//! The live link's messages (`docs/live.md`): newline-delimited JSON, one object per
//! line with a `"type"`. A game sends `hello`, `params`, `frame`, `applied` and `bye`;
//! steerlab sends `welcome`, `set`, `pause`, `step`, `resume` and `error`. Every message
//! a game sends is read here and checked field by field: a problem names the field
//! (`entities[3].x`) and says what was expected, in the words of the documentation.

use crate::recording::{entity_name, Kind, MAX_HEADING};
use crate::sim::limits::{MAX_COORD, MAX_SPEED};
use serde_json::{Map, Value};
use std::fmt;

/// The protocol's version: a `hello` with another is refused.
pub const PROTOCOL_VERSION: u64 = 1;
/// Longest message, in bytes (a frame of 1,000 entities is about 200 KB).
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;
/// Most entities in one frame, and in one game (a recording's bound).
pub const MAX_ENTITIES: usize = crate::recording::MAX_ENTITIES;
/// Most parameters a game declares.
pub const MAX_PARAMS: usize = 64;
/// Longest name (a game's, a parameter's, a unit) and label, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Largest commanded acceleration (`ax`, `ay`), in units per second squared.
pub const MAX_ACCEL: f64 = 1.0e7;
/// Largest id: every language's number holds it exactly (2^53).
pub const MAX_ID: u64 = 1 << 53;

/// A problem in a message: the field it is in (empty for the whole message) and what
/// was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    pub field: String,
    pub message: String,
}

impl ProtocolError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for ProtocolError {}

/// A game introduces itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Hello {
    pub game: String,
    /// Its fixed tick, per second (1 to 1000).
    pub tick_rate: u32,
}

/// One of the game's own tunables.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub min: f64,
    pub max: f64,
    pub default: f64,
    /// Its value now (the default when not given).
    pub value: f64,
    pub unit: String,
}

/// One entity's state in a frame: a recording's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    pub id: u64,
    pub kind: Kind,
    /// The recording's `algorithm` column: what flies it, in the game's words.
    pub label: String,
    pub x: f64,
    pub y: f64,
    pub vx: f64,
    pub vy: f64,
    pub heading: f64,
    /// The acceleration the game's law commanded this tick, if it says.
    pub accel: Option<[f64; 2]>,
    /// Where the game's seeker sees the target, if it says.
    pub seen: Option<[f64; 2]>,
}

/// Every entity of the game at one tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub tick: u64,
    pub time: f64,
    pub entities: Vec<Entity>,
}

/// What a game sends.
#[derive(Clone, Debug, PartialEq)]
pub enum FromGame {
    Hello(Hello),
    Params(Vec<Param>),
    Frame(Frame),
    /// A `set` taken: the parameter's value now, and the first tick flown with it.
    Applied {
        name: String,
        value: f64,
        tick: u64,
    },
    Bye,
}

/// What steerlab sends.
#[derive(Clone, Debug, PartialEq)]
pub enum ToGame {
    Welcome,
    Set { name: String, value: f64 },
    Pause,
    Step,
    Resume,
    Error(ProtocolError),
}

impl ToGame {
    /// The message as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        let value = match self {
            ToGame::Welcome => serde_json::json!({
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "steerlab": env!("CARGO_PKG_VERSION"),
            }),
            ToGame::Set { name, value } => {
                serde_json::json!({"type": "set", "name": name, "value": value})
            }
            ToGame::Pause => serde_json::json!({"type": "pause"}),
            ToGame::Step => serde_json::json!({"type": "step"}),
            ToGame::Resume => serde_json::json!({"type": "resume"}),
            ToGame::Error(e) => serde_json::json!({
                "type": "error",
                "field": e.field,
                "message": e.message,
            }),
        };
        value.to_string()
    }
}

/// Reads one message (a line, without its newline).
pub fn parse(line: &str) -> Result<FromGame, ProtocolError> {
    if line.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::new(
            "",
            format!(
                "expected a message of at most {MAX_MESSAGE_BYTES} bytes, found {}",
                line.len()
            ),
        ));
    }
    // A well-formed frame, the message a game sends 60 times a second, the fast way;
    // anything else (and any frame with a problem, to name it) the general way.
    match super::fast_frame::frame(line) {
        Some(frame) => Ok(FromGame::Frame(frame)),
        None => parse_general(line),
    }
}

/// Reads one message of at most [`MAX_MESSAGE_BYTES`] field by field.
pub(super) fn parse_general(line: &str) -> Result<FromGame, ProtocolError> {
    let value: Value = serde_json::from_str(line).map_err(|e| {
        ProtocolError::new(
            "",
            format!(
                "expected one JSON object per line; at column {}: {}",
                e.column(),
                json_problem(&e)
            ),
        )
    })?;
    let Value::Object(object) = value else {
        return Err(ProtocolError::new(
            "",
            format!("expected a JSON object, found {}", what(&value)),
        ));
    };
    let fields = Fields {
        object: &object,
        path: None,
    };
    match fields.text("type", 20)?.as_str() {
        "hello" => hello(&fields),
        "params" => params(&fields),
        "frame" => frame(&fields),
        "applied" => Ok(FromGame::Applied {
            name: fields.text("name", MAX_NAME_CHARS)?,
            value: fields.number("value", f64::MAX)?,
            tick: fields.whole("tick", MAX_ID)?,
        }),
        "bye" => Ok(FromGame::Bye),
        other => Err(ProtocolError::new(
            "type",
            format!(
                "expected hello, params, frame, applied or bye, found `{}`",
                crate::core::text::quote(other)
            ),
        )),
    }
}

/// The JSON reader's complaint in plain words (without its "at line 1 column 7").
fn json_problem(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let text = match text.rfind(" at line ") {
        Some(at) => &text[..at],
        None => &text,
    };
    if text.starts_with("EOF while parsing") {
        "the line ends inside the object".into()
    } else if text == "number out of range" {
        "a number too large for a 64-bit float".into()
    } else if text == "expected value" {
        "expected a value (NaN and infinities are not JSON)".into()
    } else {
        text.to_string()
    }
}

/// What a JSON value is, in words.
fn what(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn hello(fields: &Fields) -> Result<FromGame, ProtocolError> {
    let protocol = fields.whole("protocol", MAX_ID)?;
    if protocol != PROTOCOL_VERSION {
        return Err(ProtocolError::new(
            "protocol",
            format!("expected version {PROTOCOL_VERSION} (this steerlab's), found {protocol}"),
        ));
    }
    let tick_rate = fields.whole("tick_rate", 1000)?;
    if tick_rate == 0 {
        return Err(ProtocolError::new(
            fields.at("tick_rate"),
            "expected ticks per second from 1 to 1000, found 0",
        ));
    }
    Ok(FromGame::Hello(Hello {
        game: fields.text("game", MAX_NAME_CHARS)?,
        tick_rate: tick_rate as u32,
    }))
}

fn params(fields: &Fields) -> Result<FromGame, ProtocolError> {
    let list = fields.list("params", MAX_PARAMS)?;
    let mut params: Vec<Param> = Vec::with_capacity(list.len());
    for (k, item) in list.iter().enumerate() {
        let one = fields.item("params", k, item)?;
        let name = one.text("name", MAX_NAME_CHARS)?;
        if name.is_empty() {
            return Err(ProtocolError::new(
                one.at("name"),
                "expected a name, found none",
            ));
        }
        if params.iter().any(|p| p.name == name) {
            return Err(ProtocolError::new(
                one.at("name"),
                format!("`{}` is declared twice", crate::core::text::quote(&name)),
            ));
        }
        let (min, max) = (one.number("min", f64::MAX)?, one.number("max", f64::MAX)?);
        if min > max {
            return Err(ProtocolError::new(
                one.at("max"),
                format!("expected at least min ({min}), found {max}"),
            ));
        }
        let default = one.within("default", min, max)?;
        let value = if one.object.contains_key("value") {
            one.within("value", min, max)?
        } else {
            default
        };
        let unit = if one.object.contains_key("unit") {
            one.text("unit", MAX_NAME_CHARS)?
        } else {
            String::new()
        };
        params.push(Param {
            name,
            min,
            max,
            default,
            value,
            unit,
        });
    }
    Ok(FromGame::Params(params))
}

fn frame(fields: &Fields) -> Result<FromGame, ProtocolError> {
    let tick = fields.whole("tick", MAX_ID)?;
    let time = fields.number("time", 1.0e9)?;
    let list = fields.list("entities", MAX_ENTITIES)?;
    let mut entities: Vec<Entity> = Vec::with_capacity(list.len());
    let mut seen = std::collections::HashSet::with_capacity(list.len());
    // Told apart by id and kind (a target and a missile may share an id).
    let key = |e: &Entity| (e.id, e.kind);
    for (k, item) in list.iter().enumerate() {
        let one = fields.item("entities", k, item)?;
        let entity = entity(&one)?;
        if !seen.insert(key(&entity)) {
            return Err(ProtocolError::new(
                one.at("id"),
                format!(
                    "{} appears twice in this frame",
                    entity_name(entity.kind, entity.id)
                ),
            ));
        }
        entities.push(entity);
    }
    Ok(FromGame::Frame(Frame {
        tick,
        time,
        entities,
    }))
}

fn entity(one: &Fields) -> Result<Entity, ProtocolError> {
    let written = one.text("kind", 20)?;
    let Some(kind) = kind_of(&written) else {
        return Err(ProtocolError::new(
            one.at("kind"),
            format!(
                "expected target or missile, found `{}`",
                crate::core::text::quote(&written)
            ),
        ));
    };
    let coord = f64::from(MAX_COORD);
    let speed = f64::from(MAX_SPEED);
    let pair = |a: &str, b: &str, bound: f64| -> Result<Option<[f64; 2]>, ProtocolError> {
        match (one.object.contains_key(a), one.object.contains_key(b)) {
            (false, false) => Ok(None),
            (true, true) => Ok(Some([one.number(a, bound)?, one.number(b, bound)?])),
            (true, false) => Err(ProtocolError::new(
                one.at(b),
                format!("expected {b} beside {a}"),
            )),
            (false, true) => Err(ProtocolError::new(
                one.at(a),
                format!("expected {a} beside {b}"),
            )),
        }
    };
    let label = if one.object.contains_key("label") {
        one.text("label", MAX_NAME_CHARS)?
    } else {
        String::new()
    };
    if !label_fits(&label) {
        return Err(ProtocolError::new(
            one.at("label"),
            "expected no spaces at either end",
        ));
    }
    Ok(Entity {
        id: one.whole("id", MAX_ID)?,
        kind,
        label,
        x: one.number("x", coord)?,
        y: one.number("y", coord)?,
        vx: one.number("vx", speed)?,
        vy: one.number("vy", speed)?,
        heading: one.number("heading", MAX_HEADING)?,
        accel: pair("ax", "ay", MAX_ACCEL)?,
        seen: pair("seen_x", "seen_y", coord)?,
    })
}

/// An entity's kind, as written.
pub(super) fn kind_of(written: &str) -> Option<Kind> {
    match written {
        "target" => Some(Kind::Target),
        "missile" => Some(Kind::Missile),
        _ => None,
    }
}

/// Whether `n` is a number within ±`bound`.
pub(super) fn number_fits(n: f64, bound: f64) -> bool {
    n.is_finite() && n.abs() <= bound
}

/// Whether `text` has at most `chars` characters, none of them control characters.
pub(super) fn text_fits(text: &str, chars: usize) -> bool {
    text.chars().count() <= chars && !text.chars().any(char::is_control)
}

/// Whether a label has no spaces at either end.
pub(super) fn label_fits(label: &str) -> bool {
    label.trim() == label
}

/// An object's fields, read with the path that names them in errors.
struct Fields<'a> {
    object: &'a Map<String, Value>,
    /// Where the object is (`entities[3]`), none at the top (a path is written only
    /// for an error: 60,000 entities a second are read).
    path: Option<(&'static str, usize)>,
}

impl<'a> Fields<'a> {
    /// The path of one of its fields.
    fn at(&self, key: &str) -> String {
        match self.path {
            None => key.to_string(),
            Some((list, k)) => format!("{list}[{k}].{key}"),
        }
    }

    fn get(&self, key: &str) -> Result<&'a Value, ProtocolError> {
        self.object
            .get(key)
            .ok_or_else(|| ProtocolError::new(self.at(key), "missing"))
    }

    fn wrong(&self, key: &str, expected: &str, found: &Value) -> ProtocolError {
        let found = match found {
            Value::Number(n) => format!("{n}"),
            Value::String(s) => format!("text `{}`", crate::core::text::quote(s)),
            other => what(other).to_string(),
        };
        ProtocolError::new(self.at(key), format!("expected {expected}, found {found}"))
    }

    /// A number within ±`bound`.
    fn number(&self, key: &str, bound: f64) -> Result<f64, ProtocolError> {
        let value = self.get(key)?;
        match value.as_f64() {
            Some(n) if number_fits(n, bound) => Ok(n),
            _ if bound == f64::MAX => Err(self.wrong(key, "a number", value)),
            _ => Err(self.wrong(key, &format!("a number within ±{bound}"), value)),
        }
    }

    /// A number from `min` to `max`.
    fn within(&self, key: &str, min: f64, max: f64) -> Result<f64, ProtocolError> {
        let value = self.get(key)?;
        match value.as_f64() {
            Some(n) if n >= min && n <= max => Ok(n),
            _ => Err(self.wrong(key, &format!("a number from {min} to {max}"), value)),
        }
    }

    /// A whole number from 0 to `max`.
    fn whole(&self, key: &str, max: u64) -> Result<u64, ProtocolError> {
        let value = self.get(key)?;
        match value.as_u64() {
            Some(n) if n <= max => Ok(n),
            _ => Err(self.wrong(key, &format!("a whole number from 0 to {max}"), value)),
        }
    }

    /// Text of at most `chars` characters, none of them control characters.
    fn text(&self, key: &str, chars: usize) -> Result<String, ProtocolError> {
        let value = self.get(key)?;
        let Value::String(text) = value else {
            return Err(self.wrong(key, "text", value));
        };
        if !text_fits(text, chars) {
            let expected = if text.chars().count() > chars {
                format!("text of at most {chars} characters")
            } else {
                "text without control characters".to_string()
            };
            return Err(self.wrong(key, &expected, value));
        }
        Ok(text.clone())
    }

    /// A list of at most `most` items.
    fn list(&self, key: &str, most: usize) -> Result<&'a Vec<Value>, ProtocolError> {
        let value = self.get(key)?;
        match value {
            Value::Array(list) if list.len() <= most => Ok(list),
            Value::Array(list) => Err(ProtocolError::new(
                self.at(key),
                format!("expected at most {most} items, found {}", list.len()),
            )),
            other => Err(self.wrong(key, "a list", other)),
        }
    }

    /// The `k`th item of list `key`, an object.
    fn item(
        &self,
        key: &'static str,
        k: usize,
        item: &'a Value,
    ) -> Result<Fields<'a>, ProtocolError> {
        match item {
            Value::Object(object) => Ok(Fields {
                object,
                path: Some((key, k)),
            }),
            other => Err(ProtocolError::new(
                format!("{}[{k}]", self.at(key)),
                format!("expected an object, found {}", what(other)),
            )),
        }
    }
}
