//! Parameter descriptions: each algorithm lists its tunable fields once (name, range,
//! unit, live or next-launch), and the panel, the file validation and the command line
//! are all generated from that list.

/// A parameter's value, whatever its field type.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ParamValue {
    Float(f32),
    Int(i64),
    Bool(bool),
    /// Index into the names of a [`ParamKind::Choice`].
    Choice(usize),
}

impl std::fmt::Display for ParamValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamValue::Float(v) => write!(f, "{v}"),
            ParamValue::Int(v) => write!(f, "{v}"),
            ParamValue::Bool(v) => write!(f, "{v}"),
            ParamValue::Choice(i) => write!(f, "#{i}"),
        }
    }
}

/// What kind of value a parameter takes, with its allowed range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    Float { min: f32, max: f32 },
    Int { min: i64, max: i64 },
    Bool,
    Choice(&'static [&'static str]),
}

impl ParamKind {
    /// What a value of this kind is, in words: "a number in 0..=1", "one of: a, b".
    pub fn describe(&self) -> String {
        match self {
            ParamKind::Float { min, max } => format!("a number in {min}..={max}"),
            ParamKind::Int { min, max } => format!("a whole number in {min}..={max}"),
            ParamKind::Bool => "true or false".into(),
            ParamKind::Choice(names) => format!("one of: {}", names.join(", ")),
        }
    }
}

/// When a change to a parameter takes effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// Missiles already in flight pick the new value up on the next tick.
    Live,
    /// The value is fixed when a missile is launched; the change applies to the next launch.
    NextLaunch,
}

/// The description of one tunable parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// Field name, as written in scenario files and on the command line.
    pub name: &'static str,
    /// Label for the panel.
    pub label: &'static str,
    pub kind: ParamKind,
    /// Unit shown beside the value ("" for none).
    pub unit: &'static str,
    pub applies: Applies,
    /// One sentence of help.
    pub help: &'static str,
}

impl ParamSpec {
    /// Checks a value against this parameter's kind and range; `Err` says why it is out.
    pub fn check(&self, value: ParamValue) -> Result<(), String> {
        match (self.kind, value) {
            (ParamKind::Float { min, max }, ParamValue::Float(v)) => {
                if !v.is_finite() {
                    Err(format!(
                        "expected a finite number in {min}..={max}, found {v}"
                    ))
                } else if v < min || v > max {
                    Err(format!("expected a value in {min}..={max}, found {v}"))
                } else {
                    Ok(())
                }
            }
            (ParamKind::Int { min, max }, ParamValue::Int(v)) => {
                if v < min || v > max {
                    Err(format!("expected an integer in {min}..={max}, found {v}"))
                } else {
                    Ok(())
                }
            }
            (ParamKind::Bool, ParamValue::Bool(_)) => Ok(()),
            (ParamKind::Choice(names), ParamValue::Choice(i)) if i < names.len() => Ok(()),
            (kind, value) => Err(format!("expected {}, found {value}", kind.describe())),
        }
    }
}

/// A parameter's value as a file writes it where its kind is not known from the file's
/// structure (a launcher's `params: {"intercept.root_rule": "article-max"}`): a number,
/// `true`/`false`, or a choice's name. [`ParamSpec::value_of`] turns it into a
/// [`ParamValue`].
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

impl ParamSpec {
    /// A value as a file writes it (the inverse of [`ParamSpec::value_of`]).
    pub fn written(&self, value: ParamValue) -> WrittenValue {
        match (value, self.kind) {
            (ParamValue::Float(v), _) => WrittenValue::Number(f64::from(v)),
            (ParamValue::Int(v), _) => WrittenValue::Number(v as f64),
            (ParamValue::Bool(v), _) => WrittenValue::Flag(v),
            (ParamValue::Choice(i), ParamKind::Choice(names)) => {
                WrittenValue::Name(names.get(i).copied().unwrap_or_default().to_string())
            }
            (ParamValue::Choice(i), _) => WrittenValue::Number(i as f64),
        }
    }

    /// The value a file wrote for this parameter, checked against its kind and range.
    pub fn value_of(&self, written: &WrittenValue) -> Result<ParamValue, String> {
        let value = match (self.kind, written) {
            (ParamKind::Float { .. }, WrittenValue::Number(v)) => ParamValue::Float(*v as f32),
            (ParamKind::Int { .. }, WrittenValue::Number(v)) if v.fract() == 0.0 => {
                ParamValue::Int(*v as i64)
            }
            (ParamKind::Int { min, max }, WrittenValue::Number(v)) => {
                return Err(format!("expected an integer in {min}..={max}, found {v}"))
            }
            (ParamKind::Bool, WrittenValue::Flag(v)) => ParamValue::Bool(*v),
            (ParamKind::Choice(names), WrittenValue::Name(name)) => {
                match names.iter().position(|n| n == name) {
                    Some(i) => ParamValue::Choice(i),
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
                    ParamKind::Float { .. } | ParamKind::Int { .. } => "a number".to_string(),
                    ParamKind::Bool => "true or false".to_string(),
                    ParamKind::Choice(names) => format!("one of: {}", names.join(", ")),
                };
                return Err(format!("expected {expected}, found {written}"));
            }
        };
        self.check(value)?;
        Ok(value)
    }
}

/// A field type that can be tuned through a [`ParamValue`].
pub trait ParamField: Sized {
    fn to_value(&self) -> ParamValue;
    fn from_value(value: ParamValue) -> Option<Self>;
}

impl ParamField for f32 {
    fn to_value(&self) -> ParamValue {
        ParamValue::Float(*self)
    }
    fn from_value(value: ParamValue) -> Option<Self> {
        match value {
            ParamValue::Float(v) => Some(v),
            ParamValue::Int(v) => Some(v as f32),
            _ => None,
        }
    }
}

impl ParamField for u32 {
    fn to_value(&self) -> ParamValue {
        ParamValue::Int(i64::from(*self))
    }
    fn from_value(value: ParamValue) -> Option<Self> {
        match value {
            ParamValue::Int(v) => u32::try_from(v).ok(),
            _ => None,
        }
    }
}

impl ParamField for i32 {
    fn to_value(&self) -> ParamValue {
        ParamValue::Int(i64::from(*self))
    }
    fn from_value(value: ParamValue) -> Option<Self> {
        match value {
            ParamValue::Int(v) => i32::try_from(v).ok(),
            _ => None,
        }
    }
}

impl ParamField for bool {
    fn to_value(&self) -> ParamValue {
        ParamValue::Bool(*self)
    }
    fn from_value(value: ParamValue) -> Option<Self> {
        match value {
            ParamValue::Bool(v) => Some(v),
            _ => None,
        }
    }
}

/// A parameter set that describes itself.
pub trait Tunable {
    /// Every field's description, in display order.
    const SPECS: &'static [ParamSpec];
    /// The current value of the named field.
    fn get(&self, name: &str) -> Option<ParamValue>;
    /// Sets the named field; `false` if there is no such field or the value has the wrong type.
    /// Range checks are the caller's ([`ParamSpec::check`]).
    fn set(&mut self, name: &str, value: ParamValue) -> bool;

    /// Every field whose value is out of its range, with the reason.
    fn problems(&self) -> Vec<(&'static str, String)> {
        Self::SPECS
            .iter()
            .filter_map(|spec| {
                let value = self.get(spec.name)?;
                spec.check(value).err().map(|why| (spec.name, why))
            })
            .collect()
    }
}

/// Declares a parameter struct together with its description. Each field reads
/// `name: Type = default, kind, "unit", Live|NextLaunch, "label";` after its `///` help.
#[macro_export]
#[doc(hidden)]
macro_rules! tunable {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $ty:ty = $default:expr, $kind:expr, $unit:literal, $applies:ident, $label:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        /// Written with only the fields that differ from their defaults (files stay short).
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeStruct;
                let defaults = Self::default();
                let every = $crate::core::written::every_field();
                let changed = 0 $( + usize::from(every || self.$field != defaults.$field) )*;
                let mut out = serializer.serialize_struct(stringify!($name), changed)?;
                $(
                    if every || self.$field != defaults.$field {
                        out.serialize_field(stringify!($field), &self.$field)?;
                    } else {
                        out.skip_field(stringify!($field))?;
                    }
                )*
                out.end()
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self { $( $field: $default, )* }
            }
        }

        impl $crate::core::params::Tunable for $name {
            const SPECS: &'static [$crate::core::params::ParamSpec] = &[
                $( $crate::core::params::ParamSpec {
                    name: stringify!($field),
                    label: $label,
                    kind: $kind,
                    unit: $unit,
                    applies: $crate::core::params::Applies::$applies,
                    help: concat!($($doc),*),
                }, )*
            ];

            fn get(&self, name: &str) -> Option<$crate::core::params::ParamValue> {
                match name {
                    $( stringify!($field) =>
                        Some($crate::core::params::ParamField::to_value(&self.$field)), )*
                    _ => None,
                }
            }

            fn set(&mut self, name: &str, value: $crate::core::params::ParamValue) -> bool {
                match name {
                    $( stringify!($field) => {
                        match $crate::core::params::ParamField::from_value(value) {
                            Some(v) => { self.$field = v; true }
                            None => false,
                        }
                    } )*
                    _ => false,
                }
            }
        }
    };
}

/// Declares a small enum usable as a [`ParamKind::Choice`] field, serialised by its
/// kebab-case names.
#[macro_export]
#[doc(hidden)]
macro_rules! choice {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $(#[doc = $doc:literal])* $variant:ident = $text:literal, )* }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $( $(#[doc = $doc])* $variant, )* }

        impl $name {
            /// The names, in the order of [`ParamValue::Choice`](crate::core::params::ParamValue) indices.
            pub const NAMES: &'static [&'static str] = &[ $( $text, )* ];
            const ALL: &'static [$name] = &[ $( $name::$variant, )* ];

            /// The name written in files.
            pub fn name(self) -> &'static str {
                match self { $( $name::$variant => $text, )* }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::core::params::named(deserializer, "value", Self::NAMES, Self::ALL)
            }
        }

        impl $crate::core::params::ParamField for $name {
            fn to_value(&self) -> $crate::core::params::ParamValue {
                let index = Self::ALL.iter().position(|v| v == self).unwrap_or(0);
                $crate::core::params::ParamValue::Choice(index)
            }
            fn from_value(value: $crate::core::params::ParamValue) -> Option<Self> {
                match value {
                    $crate::core::params::ParamValue::Choice(i) => Self::ALL.get(i).copied(),
                    _ => None,
                }
            }
        }
    };
}

pub use crate::choice;
pub use crate::tunable;

/// Shorthand for a float range in parameter declarations.
pub const fn float(min: f32, max: f32) -> ParamKind {
    ParamKind::Float { min, max }
}

/// Shorthand for an integer range in parameter declarations.
pub const fn int(min: i64, max: i64) -> ParamKind {
    ParamKind::Int { min, max }
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
mod tests {
    use super::*;

    fn spec(kind: ParamKind) -> ParamSpec {
        ParamSpec {
            name: "p",
            label: "p",
            kind,
            unit: "",
            applies: Applies::Live,
            help: "",
        }
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_refused_in_words() {
        let float = spec(ParamKind::Float { min: 0.0, max: 1.0 });
        assert_eq!(
            float.check(ParamValue::Bool(true)).unwrap_err(),
            "expected a number in 0..=1, found true"
        );
        let int = spec(ParamKind::Int { min: 1, max: 64 });
        assert_eq!(
            int.check(ParamValue::Float(2.5)).unwrap_err(),
            "expected a whole number in 1..=64, found 2.5"
        );
        assert_eq!(
            spec(ParamKind::Bool).check(ParamValue::Int(1)).unwrap_err(),
            "expected true or false, found 1"
        );
        let choice = spec(ParamKind::Choice(&["low", "high"]));
        assert_eq!(
            choice.check(ParamValue::Choice(2)).unwrap_err(),
            "expected one of: low, high, found #2"
        );
        assert_eq!(choice.check(ParamValue::Choice(1)), Ok(()));
    }
}
