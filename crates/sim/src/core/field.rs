//! One description of every tunable thing: a law's parameters, a motion's fields, an
//! airframe's, a seeker's, a launcher's, the world's. Each field is described once, as
//! a [`Field`] (its name in files, label, kind and range, unit, when a change applies,
//! one sentence of help), next to the struct that holds it. The panel's widgets, the
//! file validation, the sweeps' field paths, the embed sliders and the format's
//! reference tables all read these descriptions; none of them lists fields by hand.
//!
//! A struct describes itself with [`described!`] (a struct declared elsewhere, with its
//! own serde attributes) or [`tunable!`] (a law's parameters: the struct, its defaults
//! and its description in one declaration). Both write each field as
//! `name: descriptor`, the descriptor built from [`number`], [`whole`], [`flag`],
//! [`choice`], [`point`], [`vector`], [`text`]... and refined with `.label(..)`,
//! `.unit(..)`, `.next_launch()` and `.help(..)`.

use glam::Vec2;

/// What kind of value a field holds, with its allowed range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A real number in `min..=max`.
    Number { min: f32, max: f32 },
    /// A whole number in `min..=max`.
    Whole { min: i64, max: i64 },
    /// On or off.
    Flag,
    /// One of the names.
    Choice(&'static [&'static str]),
    /// A position: each coordinate within ±limit.
    Point { limit: f32 },
    /// A velocity or an acceleration: each component within ±limit.
    Vector { limit: f32 },
    /// A polyline: at most `max` points, each coordinate within ±limit.
    Points { limit: f32, max: usize },
    /// Keyframes `(time, value)`: at most `max`, times in order within 0..=max_time,
    /// values within 0..=max_value.
    Keyframes {
        max: usize,
        max_time: f32,
        max_value: f32,
    },
    /// A name or a sentence: at most `max` characters.
    Text { max: usize },
    /// A recorded track's samples (shown, not edited): at most `max`.
    Samples { max: usize },
    /// A fly program's command numbers (its motion checks them).
    Program,
    /// The name of another target, or none.
    TargetName,
}

impl Kind {
    /// What a value of this kind is, in words: "a number from 0 to 1", "one of: a, b".
    pub fn describe(&self) -> String {
        match self {
            Kind::Number { min, max } => format!("a number from {min} to {max}"),
            Kind::Whole { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Flag => "true or false".into(),
            Kind::Choice(names) => format!("one of: {}", names.join(", ")),
            Kind::Point { limit } | Kind::Vector { limit } => {
                format!("a point (x, y), each within ±{limit}")
            }
            Kind::Points { limit, max } => {
                format!("a list of at most {max} points, each coordinate within ±{limit}")
            }
            Kind::Keyframes { max, .. } => format!("a list of at most {max} (time, value)"),
            Kind::Text { max } => format!("a text of at most {max} characters"),
            Kind::Samples { max } => format!("at most {max} recorded samples"),
            Kind::Program => "a list of fly-program commands".into(),
            Kind::TargetName => "the name of a target".into(),
        }
    }

    /// Whether a value of this kind is one number a sweep can set.
    pub fn is_numeric(&self) -> bool {
        matches!(self, Kind::Number { .. } | Kind::Whole { .. })
    }
}

/// When a change to a field takes effect in a running world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// Missiles already in flight pick the new value up on the next tick.
    Live,
    /// The value is fixed when a missile is launched; the change applies to the next launch.
    NextLaunch,
}

/// The description of one field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field {
    /// As written in scenario files and on the command line (`angular_speed`).
    pub name: &'static str,
    /// For the panel; empty: the name.
    pub label: &'static str,
    pub kind: Kind,
    /// Shown beside the value ("" for none).
    pub unit: &'static str,
    pub applies: Applies,
    /// One sentence of help: the panel's tooltip and the format reference's "meaning".
    pub help: &'static str,
    /// Whether it may be left unset ([`Value::Absent`]).
    pub optional: bool,
}

/// A field of `kind`, not yet named (the declaring macro names it).
pub const fn field(kind: Kind) -> Field {
    Field {
        name: "",
        label: "",
        kind,
        unit: "",
        applies: Applies::Live,
        help: "",
        optional: false,
    }
}

/// A real number in `min..=max`.
pub const fn number(min: f32, max: f32) -> Field {
    field(Kind::Number { min, max })
}

/// A whole number in `min..=max`.
pub const fn whole(min: i64, max: i64) -> Field {
    field(Kind::Whole { min, max })
}

/// On or off.
pub const fn flag() -> Field {
    field(Kind::Flag)
}

/// One of `names` (a [`choice!`] enum's `NAMES`).
pub const fn choice(names: &'static [&'static str]) -> Field {
    field(Kind::Choice(names))
}

/// A position, each coordinate within ±limit.
pub const fn point(limit: f32) -> Field {
    field(Kind::Point { limit })
}

/// A velocity or an acceleration, each component within ±limit.
pub const fn vector(limit: f32) -> Field {
    field(Kind::Vector { limit })
}

/// A text of at most `max` characters.
pub const fn text(max: usize) -> Field {
    field(Kind::Text { max })
}

impl Field {
    /// The label shown in the panel.
    pub const fn label(mut self, label: &'static str) -> Self {
        self.label = label;
        self
    }

    /// The unit shown beside the value.
    pub const fn unit(mut self, unit: &'static str) -> Self {
        self.unit = unit;
        self
    }

    /// A change applies to the next launch, not to missiles in flight.
    pub const fn next_launch(mut self) -> Self {
        self.applies = Applies::NextLaunch;
        self
    }

    /// It may be left unset (an `Option` in its struct).
    pub const fn optional(mut self) -> Self {
        self.optional = true;
        self
    }

    /// One sentence of help.
    pub const fn help(mut self, help: &'static str) -> Self {
        self.help = help;
        self
    }

    /// The description named `name` (what the declaring macros call).
    pub const fn named(mut self, name: &'static str) -> Self {
        self.name = name;
        if self.label.is_empty() {
            self.label = name;
        }
        self
    }

    /// Why `value` does not fit this field's kind and range, if it does not (the first
    /// reason: a point may break its range twice).
    pub fn refusal(&self, value: &Value) -> Option<String> {
        check(self, self.name, value, &[])
            .into_iter()
            .next()
            .map(|(_, why)| why)
    }

    /// The label with its unit, as a widget shows it: `speed (units/s)`.
    pub fn labelled(&self) -> String {
        if self.unit.is_empty() {
            self.label.to_string()
        } else {
            format!("{} ({})", self.label, self.unit)
        }
    }
}

/// A field's value, whatever its kind.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Value {
    Number(f32),
    Whole(i64),
    Flag(bool),
    /// Index into the names of a [`Kind::Choice`].
    Choice(usize),
    Text(String),
    Point(Vec2),
    Points(Vec<Vec2>),
    Keyframes(Vec<(f32, f32)>),
    Program(Vec<u16>),
    TargetName(Option<String>),
    /// How many samples a recorded track has.
    Samples(usize),
    /// An optional field that is not set.
    Absent,
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Number(v) => write!(f, "{v}"),
            Value::Whole(v) => write!(f, "{v}"),
            Value::Flag(v) => write!(f, "{v}"),
            Value::Choice(i) => write!(f, "#{i}"),
            Value::Text(t) => write!(f, "\"{}\"", t.escape_debug()),
            Value::Point(p) => write!(f, "({}, {})", p.x, p.y),
            Value::Points(p) => write!(f, "{} points", p.len()),
            Value::Keyframes(k) => write!(f, "{} keyframes", k.len()),
            Value::Program(p) => write!(f, "{} commands", p.len()),
            Value::TargetName(Some(name)) => write!(f, "\"{}\"", name.escape_debug()),
            Value::TargetName(None) => write!(f, "no target"),
            Value::Samples(n) => write!(f, "{n} samples"),
            Value::Absent => write!(f, "nothing"),
        }
    }
}

#[path = "field_check.rs"]
mod check;
pub use check::{check, unknown_target};

/// A value that lists its fields and reads and writes them by name, and holds other
/// described values as its parts (a target's motion, a missile's airframe).
pub trait Described {
    /// Every field, in display order.
    fn fields(&self) -> &'static [Field];
    /// A field's value; `None` if there is no such field.
    fn get(&self, name: &str) -> Option<Value>;
    /// Sets a field; `false` if there is no such field or the value does not fit its
    /// type (ranges are [`check`]'s).
    fn set(&mut self, name: &str, value: Value) -> bool;
    /// The parts it may hold, by name, in display order (present or not).
    fn part_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// A part, if it is there (an optional part may be absent).
    fn part(&self, _name: &str) -> Option<&dyn Described> {
        None
    }
    /// A part, to change.
    fn part_mut(&mut self, _name: &str) -> Option<&mut dyn Described> {
        None
    }
    /// A part's label for the panel (its name unless the description gives one).
    fn part_label(&self, name: &str) -> &'static str {
        self.part_names()
            .iter()
            .find(|n| **n == name)
            .copied()
            .unwrap_or_default()
    }
    /// Whether a part may be left out (an optional airframe, flares).
    fn part_is_optional(&self, _name: &str) -> bool {
        false
    }
    /// Adds an optional part with its defaults (`on`) or removes it; whether it changed.
    fn set_part_present(&mut self, _name: &str, _on: bool) -> bool {
        false
    }
}

impl dyn Described + '_ {
    /// The description of the field `name`.
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields().iter().find(|f| f.name == name)
    }

    /// Every field of this value and of its parts, checked against its description, as
    /// `(path, message)` under `at` (`targets[0]`); `names` are the scenario's targets.
    pub fn problems(&self, at: &str, names: &[&str]) -> Vec<(String, String)> {
        let mut out = Vec::new();
        // Room for the deepest path's names, so a valid value allocates the path once.
        let mut path = String::with_capacity(at.len() + 64);
        path.push_str(at);
        self.problems_into(&mut path, names, &mut out);
        out
    }

    /// [`Self::problems`] with the path built in one buffer: a valid value (a sweep
    /// checks one per jittered run) allocates no path. Each field's and part's name
    /// replaces the last one's after `path`'s length on entry.
    pub(crate) fn problems_into(
        &self,
        path: &mut String,
        names: &[&str],
        out: &mut Vec<(String, String)>,
    ) {
        let at = path.len();
        let enter = |path: &mut String, name: &str| {
            path.truncate(at);
            if at > 0 {
                path.push('.');
            }
            path.push_str(name);
        };
        for field in self.fields() {
            if let Some(value) = self.get(field.name) {
                enter(path, field.name);
                out.extend(check(field, path, &value, names));
            }
        }
        for name in self.part_names() {
            if let Some(part) = self.part(name) {
                enter(path, name);
                part.problems_into(path, names, out);
            }
        }
    }

    /// Sets a field after checking it against its description; `Err` says why not.
    pub fn set_checked(&mut self, name: &str, value: Value) -> Result<(), String> {
        let field = self
            .field(name)
            .ok_or_else(|| format!("no field `{}`", name.escape_debug()))?;
        if let Some(why) = field.refusal(&value) {
            return Err(why);
        }
        if self.set(name, value.clone()) {
            Ok(())
        } else {
            Err(format!("expected {}, found {value}", field.kind.describe()))
        }
    }
}

/// A field type that converts to and from a [`Value`].
pub trait AsValue: Sized {
    fn to_value(&self) -> Value;
    fn from_value(value: Value) -> Option<Self>;
}

macro_rules! as_value {
    ($ty:ty, $variant:ident) => {
        impl AsValue for $ty {
            fn to_value(&self) -> Value {
                Value::$variant(self.clone())
            }
            fn from_value(value: Value) -> Option<Self> {
                match value {
                    Value::$variant(v) => Some(v),
                    _ => None,
                }
            }
        }
    };
}

as_value!(f32, Number);
as_value!(bool, Flag);
as_value!(String, Text);
as_value!(Vec2, Point);
as_value!(Vec<Vec2>, Points);
as_value!(Vec<(f32, f32)>, Keyframes);
as_value!(Vec<u16>, Program);
as_value!(Option<String>, TargetName);

macro_rules! as_whole {
    ($($ty:ty),*) => {$(
        impl AsValue for $ty {
            fn to_value(&self) -> Value {
                Value::Whole(i64::from(*self))
            }
            fn from_value(value: Value) -> Option<Self> {
                match value {
                    Value::Whole(v) => <$ty>::try_from(v).ok(),
                    _ => None,
                }
            }
        }
    )*};
}

as_whole!(u32, i32, u16);

/// An optional number: absent when not set.
impl AsValue for Option<f32> {
    fn to_value(&self) -> Value {
        self.map_or(Value::Absent, Value::Number)
    }
    fn from_value(value: Value) -> Option<Self> {
        match value {
            Value::Number(v) => Some(Some(v)),
            Value::Absent => Some(None),
            _ => None,
        }
    }
}

/// An optional whole number: absent when not set.
impl AsValue for Option<u32> {
    fn to_value(&self) -> Value {
        self.map_or(Value::Absent, |v| Value::Whole(i64::from(v)))
    }
    fn from_value(value: Value) -> Option<Self> {
        match value {
            Value::Whole(v) => u32::try_from(v).ok().map(Some),
            Value::Absent => Some(None),
            _ => None,
        }
    }
}

/// A part of a described value: the value itself, or an optional one.
pub trait AsPart {
    fn as_part(&self) -> Option<&dyn Described>;
    fn as_part_mut(&mut self) -> Option<&mut dyn Described>;
    /// Whether it may be left out.
    fn is_optional(&self) -> bool;
    /// Adds it with its defaults or removes it, if it is optional; whether it changed.
    fn set_present(&mut self, on: bool) -> bool;
}

impl<T: Described> AsPart for T {
    fn as_part(&self) -> Option<&dyn Described> {
        Some(self)
    }
    fn as_part_mut(&mut self) -> Option<&mut dyn Described> {
        Some(self)
    }
    fn is_optional(&self) -> bool {
        false
    }
    fn set_present(&mut self, _on: bool) -> bool {
        false
    }
}

impl<T: Described + Default> AsPart for Option<T> {
    fn as_part(&self) -> Option<&dyn Described> {
        self.as_ref().map(|p| p as &dyn Described)
    }
    fn as_part_mut(&mut self) -> Option<&mut dyn Described> {
        self.as_mut().map(|p| p as &mut dyn Described)
    }
    fn is_optional(&self) -> bool {
        true
    }
    fn set_present(&mut self, on: bool) -> bool {
        if on == self.is_some() {
            return false;
        }
        *self = on.then(T::default);
        true
    }
}

/// A parameter set that describes itself, known at compile time (a law's parameters).
pub trait Tunable: Described {
    /// Every field's description, in display order.
    const FIELDS: &'static [Field];
}

pub use crate::choice;
pub use crate::described;
pub use crate::tunable;

/// A parameter's value as a file writes it where its kind is not known from the file's
/// structure (a launcher's `params: {"intercept.root_rule": "article-max"}`): a number,
/// `true`/`false`, or a choice's name. [`Field::value_of`] turns it into a [`Value`].
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum WrittenValue {
    Flag(bool),
    Number(f64),
    Name(String),
}

impl std::fmt::Display for WrittenValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WrittenValue::Flag(v) => write!(f, "{v}"),
            WrittenValue::Number(v) => write!(f, "the number {v}"),
            WrittenValue::Name(name) => write!(f, "\"{}\"", name.escape_debug()),
        }
    }
}

impl Field {
    /// A value as a file writes it (the inverse of [`Field::value_of`]); `None` for the
    /// kinds a file writes in their own structure (points, lists, texts).
    pub fn written(&self, value: &Value) -> Option<WrittenValue> {
        Some(match (value, self.kind) {
            (Value::Number(v), _) => WrittenValue::Number(f64::from(*v)),
            (Value::Whole(v), _) => WrittenValue::Number(*v as f64),
            (Value::Flag(v), _) => WrittenValue::Flag(*v),
            (Value::Choice(i), Kind::Choice(names)) => {
                WrittenValue::Name(names.get(*i).copied().unwrap_or_default().to_string())
            }
            (Value::Choice(i), _) => WrittenValue::Number(*i as f64),
            _ => return None,
        })
    }

    /// The value a file wrote for this field, checked against its kind and range.
    pub fn value_of(&self, written: &WrittenValue) -> Result<Value, String> {
        let value = match (self.kind, written) {
            (Kind::Number { .. }, WrittenValue::Number(v)) => Value::Number(*v as f32),
            (Kind::Whole { .. }, WrittenValue::Number(v)) if v.fract() == 0.0 => {
                Value::Whole(*v as i64)
            }
            (Kind::Whole { min, max }, WrittenValue::Number(v)) => {
                return Err(format!(
                    "expected an integer from {min} to {max}, found {v}"
                ))
            }
            (Kind::Flag, WrittenValue::Flag(v)) => Value::Flag(*v),
            (Kind::Choice(names), WrittenValue::Name(name)) => {
                match names.iter().position(|n| n == name) {
                    Some(i) => Value::Choice(i),
                    None => {
                        return Err(format!(
                            "expected one of: {}, found {written}",
                            names.join(", ")
                        ))
                    }
                }
            }
            (kind, _) => {
                let expected = match kind {
                    Kind::Number { .. } | Kind::Whole { .. } => "a number".to_string(),
                    other => other.describe(),
                };
                return Err(format!("expected {expected}, found {written}"));
            }
        };
        match self.refusal(&value) {
            Some(why) => Err(why),
            None => Ok(value),
        }
    }
}

/// Deserialises one of `names` (a string) into the matching value of `values`, with an
/// error that says what kind of name (`what`) was unknown and lists the names.
pub fn named<'de, D, T>(
    deserializer: D,
    what: &str,
    names: &'static [&'static str],
    values: &[T],
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Copy,
{
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
    match names.iter().position(|n| *n == text) {
        Some(i) => Ok(values[i]),
        None => Err(serde::de::Error::custom(format!(
            "unknown {what} `{text}`, expected one of: {}",
            names.join(", ")
        ))),
    }
}

#[cfg(test)]
#[path = "field_tests.rs"]
mod tests;
