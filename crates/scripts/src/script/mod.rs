//! A user's guidance law as a Rhai script (`docs/scripting.md`): compiled once, its
//! top level declares its parameters (`param(...)`), and `fn steer(missile, target,
//! params, dt)` runs once per missile per tick with `this` bound to the missile's own
//! state map. It flies through the registry like a built-in ([`RuntimeLaw`]); a script
//! that fails (an error, a non-finite answer, a runaway loop) ends only its missile with
//! a `law failed` event naming `file:line:col`.

mod api;
mod budget;
mod shown;
mod steering;
mod values;
mod words;

pub use api::{MAX_OPERATIONS, ROLES};
use values::{answer, map_to_state, missile_map, state_to_map};
pub use values::{MAX_STATE_TEXT, MAX_STATE_VALUES};

use crate::core::field::field;
use crate::core::Portable;
use crate::core::{Body, Field, Kind, Seen, Value};
use crate::guidance::law::{Launch, LawError, LawInfo, Signal};
use crate::guidance::runtime::{
    intern, leak_fields, leak_names, palette, RuntimeLaw, RuntimeState,
};
use crate::steering::Mover;
use api::{Declarations, Declared, DeclaredKind};
use glam::Vec2;
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Map, Position, Scope, AST};
use std::fmt;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Largest script file read (a law is a page or two of code).
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// A problem in a script, where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub file: String,
    /// 1-based; 0 (and `col` 0) for the whole file, one that cannot be read.
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}: {}", self.file, self.message),
            line => write!(f, "{}:{line}:{}: {}", self.file, self.col, self.message),
        }
    }
}

impl std::error::Error for ScriptError {}

/// A compiled script law.
pub struct ScriptLaw {
    id: &'static str,
    file: String,
    color: [u8; 3],
    specs: &'static [Field],
    defaults: Vec<Value>,
    engine: Engine,
    ast: AST,
    has_launch: bool,
    /// Where `fn steer` and `fn launch` are written (for errors with no position of
    /// their own).
    steer_at: (usize, usize),
    launch_at: (usize, usize),
    fingerprint: u64,
}

impl fmt::Debug for ScriptLaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptLaw")
            .field("id", &self.id)
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

/// A colour for a law with none given (a scenario gives each script one by its place):
/// the palette's, picked by its id.
pub fn color_of(id: &str) -> [u8; 3] {
    palette(fingerprint(id) as usize)
}

impl ScriptLaw {
    /// Reads and compiles the script at `path`; `file` labels its errors.
    pub fn load(
        id: &str,
        path: &Path,
        file: &str,
        color: Option<[u8; 3]>,
    ) -> Result<Self, ScriptError> {
        let bytes = crate::files::read_bytes(path, MAX_SCRIPT_BYTES).map_err(|e| ScriptError {
            file: file.into(),
            line: 0,
            col: 0,
            message: e.message,
        })?;
        let text = crate::files::text_of(bytes).map_err(|(line, col, byte)| ScriptError {
            file: file.into(),
            line,
            col,
            message: format!("the script is not valid UTF-8 text: byte 0x{byte:02x} here"),
        })?;
        Self::compile(id, file, &text, color)
    }

    /// Compiles a script's text; `file` labels its errors.
    pub fn compile(
        id: &str,
        file: &str,
        source: &str,
        color: Option<[u8; 3]>,
    ) -> Result<Self, ScriptError> {
        let at = |pos: Position, message: String| ScriptError {
            file: file.into(),
            line: pos.line().unwrap_or(1),
            col: pos.position().unwrap_or(1),
            message,
        };
        if !valid_id(id) {
            return Err(at(
                Position::NONE,
                format!(
                    "expected an id of letters, digits, `-` and `_` (at most 40), found \"{}\"",
                    id.chars().take(60).collect::<String>().escape_debug()
                ),
            ));
        }
        if let Some((line, col)) = words::unclosed_comment(source) {
            return Err(at(
                Position::new(line as u16, col as u16),
                "this comment `/*` is never closed with `*/`".into(),
            ));
        }
        let declarations = Arc::new(Mutex::new(Declarations::default()));
        let engine = api::engine(declarations.clone());
        let ast = engine
            .compile(source)
            .map_err(|e| at(e.1, e.0.to_string()))?;
        let steer = ast.iter_functions().find(|f| f.name == "steer");
        match steer {
            Some(f) if f.params.len() == 4 => {}
            Some(f) => {
                return Err(at(
                    Position::new(1, 1),
                    format!(
                    "expected `fn steer(missile, target, params, dt)` with 4 parameters, found {}",
                    f.params.len()
                ),
                ))
            }
            None => {
                return Err(at(
                    Position::new(1, 1),
                    "expected a function `fn steer(missile, target, params, dt)`, found none"
                        .into(),
                ))
            }
        }
        let has_launch = match ast.iter_functions().find(|f| f.name == "launch") {
            Some(f) if f.params.len() == 4 => true,
            Some(f) => {
                return Err(at(
                    Position::new(1, 1),
                    format!(
                    "expected `fn launch(missile, target, params, dt)` with 4 parameters, found {}",
                    f.params.len()
                ),
                ))
            }
            None => false,
        };
        // The top level runs once: it declares the parameters.
        engine.run_ast(&ast).map_err(|e| {
            let e = innermost(*e);
            at(e.position(), message_of(&e))
        })?;
        let declared = {
            let mut d = declarations.lock().unwrap_or_else(|p| p.into_inner());
            d.closed = true;
            std::mem::take(&mut d.params)
        };
        let mut specs = Vec::new();
        let mut defaults = Vec::new();
        for (k, (d, pos)) in declared.iter().enumerate() {
            if declared[..k].iter().any(|(other, _)| other.name == d.name) {
                return Err(at(
                    *pos,
                    format!("parameter `{}` is declared twice", d.name),
                ));
            }
            let (spec, default) = spec_of(d).map_err(|m| at(*pos, m))?;
            specs.push(spec);
            defaults.push(default);
        }
        let written = |name: &str| {
            source
                .lines()
                .enumerate()
                .find_map(|(i, l)| l.find(name).map(|c| (i + 1, c + 1)))
                .unwrap_or((1, 1))
        };
        let (steer_at, launch_at) = (written("fn steer"), written("fn launch"));
        Ok(Self {
            id: intern(id),
            file: file.into(),
            color: color.unwrap_or_else(|| color_of(id)),
            specs: leak_fields(specs),
            defaults,
            engine,
            ast,
            has_launch,
            steer_at,
            launch_at,
            fingerprint: fingerprint(source),
        })
    }

    fn error(&self, e: EvalAltResult) -> LawError {
        let e = innermost(e);
        let (line, col) = match (e.position().line(), e.position().position()) {
            (Some(line), col) => (line, col.unwrap_or(1)),
            _ => self.steer_at,
        };
        LawError {
            place: format!("{}:{line}:{col}", self.file),
            message: message_of(&e),
        }
    }

    fn fail(&self, message: String) -> LawError {
        self.fail_at(self.steer_at, message)
    }

    /// A failure placed at `(line, col)` of the script (where a function is written).
    fn fail_at(&self, (line, col): (usize, usize), message: String) -> LawError {
        LawError {
            place: format!("{}:{line}:{col}", self.file),
            message,
        }
    }

    fn params_map(&self, params: &[Value]) -> Map {
        self.specs
            .iter()
            .zip(params)
            .map(|(spec, value)| {
                let v = match (value, spec.kind) {
                    (Value::Number(v), _) => Dynamic::from(*v),
                    (Value::Whole(v), _) => Dynamic::from(*v),
                    (Value::Flag(v), _) => Dynamic::from(*v),
                    (Value::Choice(i), Kind::Choice(names)) => {
                        Dynamic::from(names.get(*i).copied().unwrap_or_default().to_string())
                    }
                    (Value::Choice(i), _) => Dynamic::from(*i as rhai::INT),
                    // A script declares numbers, flags and choices only.
                    _ => Dynamic::UNIT,
                };
                (spec.name.into(), v)
            })
            .collect()
    }

    /// Calls `launch` or `steer` with `this` bound to the missile's state; keeps what it
    /// showed.
    fn call(
        &self,
        name: &str,
        state: &mut RuntimeState,
        missile: Map,
        seen: &Seen,
        params: &[Value],
    ) -> Result<Dynamic, LawError> {
        let mut this: Dynamic = state_to_map(state).into();
        let mut target = Map::new();
        target.insert("pos".into(), Dynamic::from(seen.target_pos));
        target.insert("vel".into(), Dynamic::from(seen.target_vel));
        let args = (missile, target, self.params_map(params), seen.dt);
        let (result, shown) = shown::collect(|| {
            budget::metered(|| {
                let options = CallFnOptions::new()
                    .eval_ast(false)
                    .bind_this_ptr(&mut this);
                self.engine.call_fn_with_options::<Dynamic>(
                    options,
                    &mut Scope::new(),
                    &self.ast,
                    name,
                    args,
                )
            })
        });
        let result = result.map_err(|e| self.error(*e))?;
        state.values = map_to_state(this).map_err(|m| self.fail(m))?;
        state.shown = shown;
        Ok(result)
    }
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 40
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn fingerprint(source: &str) -> u64 {
    source.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The innermost error of a chain of calls (where the script really failed).
fn innermost(e: EvalAltResult) -> EvalAltResult {
    match e {
        EvalAltResult::ErrorInFunctionCall(_, _, inner, _) => innermost(*inner),
        other => other,
    }
}

/// An error's message in the user's words ([`words::message_of`]).
fn message_of(e: &EvalAltResult) -> String {
    words::message_of(e, MAX_OPERATIONS)
}

/// A declared parameter as the registry describes it.
fn spec_of(d: &Declared) -> Result<(Field, Value), String> {
    let name = d.name.as_str();
    let valid = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.len() <= 40
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(format!(
            "expected a parameter name of letters, digits and `_` (at most 40), found \"{}\"",
            name.chars().take(60).collect::<String>().escape_debug()
        ));
    }
    let short = |text: &str| intern(&text.chars().take(200).collect::<String>());
    let (kind, default) = match &d.kind {
        DeclaredKind::Float { default, min, max } => {
            if !(min.is_finite() && max.is_finite() && min < max) {
                return Err(format!("expected finite min < max, found {min} and {max}"));
            }
            let (min, max) = (*min, *max);
            (Kind::Number { min, max }, Value::Number(*default))
        }
        DeclaredKind::Int { default, min, max } => {
            if min >= max {
                return Err(format!("expected min < max, found {min} and {max}"));
            }
            let (min, max) = (*min, *max);
            (Kind::Whole { min, max }, Value::Whole(*default))
        }
        DeclaredKind::Bool(default) => (Kind::Flag, Value::Flag(*default)),
        DeclaredKind::Choice { default, names } => {
            if names.is_empty() || names.len() > 32 {
                return Err(format!("expected 1 to 32 choices, found {}", names.len()));
            }
            let index = names.iter().position(|n| n == default).ok_or_else(|| {
                format!(
                    "expected the default to be one of: {}, found \"{}\"",
                    names.join(", "),
                    default.escape_debug()
                )
            })?;
            let names: Vec<&'static str> = names.iter().map(|n| short(n)).collect();
            (Kind::Choice(leak_names(names)), Value::Choice(index))
        }
    };
    let spec = field(kind)
        .label(intern(&name.replace('_', " ")))
        .unit(short(&d.unit))
        .help(short(&d.help))
        .named(intern(name));
    if let Some(why) = spec.refusal(&default) {
        return Err(format!("the default: {why}"));
    }
    Ok((spec, default))
}

impl RuntimeLaw for ScriptLaw {
    fn info(&self) -> LawInfo {
        LawInfo {
            id: self.id,
            section: self.id,
            summary: intern(&format!("script {}", self.file)),
            color: self.color,
            params: self.specs,
            contact_fused: true,
            four_lane: false,
            lane_gravity: false,
        }
    }

    fn defaults(&self) -> Vec<Value> {
        self.defaults.clone()
    }

    fn launch(
        &self,
        params: &[Value],
        launch: &Launch,
        state: &mut RuntimeState,
    ) -> Result<Option<Body>, LawError> {
        let mut body = Body {
            pos: launch.pos,
            vel: launch.vel,
            heading: launch.dir.y.patan2(launch.dir.x),
        };
        if !self.has_launch {
            return Ok(Some(body));
        }
        let mut m = missile_map(&body);
        m.insert("dir".into(), Dynamic::from(launch.dir));
        let result = self.call("launch", state, m, &launch.seen, params)?;
        if result.clone().try_cast::<bool>() == Some(false) {
            return Ok(None);
        }
        let a = answer(result, "launch").map_err(|m| self.fail(m))?;
        body.vel = a.vel.unwrap_or(body.vel);
        body.pos = a.pos.unwrap_or(body.pos);
        body.heading = a.heading.unwrap_or(body.heading);
        if !(body.pos.is_finite() && body.vel.is_finite() && body.heading.is_finite()) {
            return Err(self.fail_at(
                self.launch_at,
                format!(
                    "launch returned a state that is not finite: pos {}, vel {}, heading {}",
                    body.pos, body.vel, body.heading
                ),
            ));
        }
        Ok(Some(body))
    }

    fn steer(
        &self,
        params: &[Value],
        state: &mut RuntimeState,
        body: &mut Body,
        seen: &Seen,
    ) -> Result<Option<Signal>, LawError> {
        self.steer_among(params, state, body, seen, &[])
    }

    fn sees_others(&self) -> bool {
        true
    }

    fn steer_among(
        &self,
        params: &[Value],
        state: &mut RuntimeState,
        body: &mut Body,
        seen: &Seen,
        others: &[Mover],
    ) -> Result<Option<Signal>, LawError> {
        let mut missile = missile_map(body);
        let neighbours: rhai::Array = (others.iter())
            .map(|o| {
                let mut m = Map::new();
                m.insert("pos".into(), Dynamic::from(o.pos));
                m.insert("vel".into(), Dynamic::from(o.vel));
                Dynamic::from_map(m)
            })
            .collect();
        missile.insert("neighbours".into(), Dynamic::from_array(neighbours));
        let result = self.call("steer", state, missile, seen, params)?;
        let a = answer(result, "steer").map_err(|m| self.fail(m))?;
        let mut next = *body;
        if let Some(vel) = a.vel {
            next.vel = vel;
        }
        next.pos = a.pos.unwrap_or(body.pos + next.vel * seen.dt);
        next.heading = match a.heading {
            Some(h) => h,
            None if a.vel.is_some() && next.vel != Vec2::ZERO => next.vel.y.patan2(next.vel.x),
            None => body.heading,
        };
        if !(next.pos.is_finite() && next.vel.is_finite() && next.heading.is_finite()) {
            return Err(self.fail(format!(
                "steer returned a non-finite state: pos {}, vel {}, heading {}",
                next.pos, next.vel, next.heading
            )));
        }
        *body = next;
        match a.detonate {
            Some(radius) if radius.is_finite() && radius >= 0.0 => Ok(Some(Signal::Detonate {
                radius,
                fraction: 1.0,
            })),
            Some(radius) => Err(self.fail(format!(
                "steer returned detonate {radius}: expected a blast radius of 0 or more"
            ))),
            None => Ok(None),
        }
    }

    fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
}
