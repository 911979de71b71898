//! The macros that declare described values: `described!` (a struct with its own serde
//! attributes), `tunable!` (a law's parameters, with defaults, written with only what
//! differs) and `choice!` (a small enum of named choices). Their items are in
//! [`super::field`].

/// Describes a struct declared with its own serde attributes: one line per field,
/// `field: descriptor,` in display order, then `parts: name, ...` for the described
/// values it holds (a target's `motion`, a missile's `airframe`), each with its panel
/// label if it is not its name (`airframe = "airframe limits"`).
///
/// ```ignore
/// described!(Circle {
///     center: point(MAX_COORD).unit("units").help("Centre of the circle."),
///     radius: number(0.0, MAX_COORD).unit("units").help("Radius of the circle."),
/// });
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! described {
    ($type:ty { $( $field:ident : $desc:expr ),* $(,)? $( ; parts: $( $part:ident $( = $label:literal )? ),* $(,)? )? }) => {
        impl $crate::core::field::Described for $type {
            fn fields(&self) -> &'static [$crate::core::field::Field] {
                const FIELDS: &[$crate::core::field::Field] =
                    &[$( $desc.named(stringify!($field)), )*];
                FIELDS
            }

            fn get(&self, name: &str) -> Option<$crate::core::field::Value> {
                match name {
                    $( stringify!($field) => Some($crate::core::field::AsValue::to_value(&self.$field)), )*
                    _ => None,
                }
            }

            fn set(&mut self, name: &str, value: $crate::core::field::Value) -> bool {
                match name {
                    $( stringify!($field) => match $crate::core::field::AsValue::from_value(value) {
                        Some(v) => {
                            self.$field = v;
                            true
                        }
                        None => false,
                    }, )*
                    _ => false,
                }
            }

            $(
            fn part_names(&self) -> &'static [&'static str] {
                &[$( stringify!($part), )*]
            }

            fn part(&self, name: &str) -> Option<&dyn $crate::core::field::Described> {
                match name {
                    $( stringify!($part) => $crate::core::field::AsPart::as_part(&self.$part), )*
                    _ => None,
                }
            }

            fn part_mut(&mut self, name: &str) -> Option<&mut dyn $crate::core::field::Described> {
                match name {
                    $( stringify!($part) => $crate::core::field::AsPart::as_part_mut(&mut self.$part), )*
                    _ => None,
                }
            }

            fn part_label(&self, name: &str) -> &'static str {
                match name {
                    $( stringify!($part) => [$( $label, )? stringify!($part)][0], )*
                    _ => "",
                }
            }

            fn part_is_optional(&self, name: &str) -> bool {
                match name {
                    $( stringify!($part) => $crate::core::field::AsPart::is_optional(&self.$part), )*
                    _ => false,
                }
            }

            fn set_part_present(&mut self, name: &str, on: bool) -> bool {
                match name {
                    $( stringify!($part) => $crate::core::field::AsPart::set_present(&mut self.$part, on), )*
                    _ => false,
                }
            }
            )?
        }
    };
}

/// Declares a law's parameter struct: each field with its type, default and
/// description, `name: Type = default => descriptor,`. It is written to files with only
/// the fields that differ from their defaults, and read with the defaults filling in.
///
/// ```ignore
/// tunable! {
///     /// Parameters of the smoothed homing missile.
///     pub struct SmoothedParams {
///         ga: f32 = 0.9 => number(0.0, 1.0).help("Smoothing per tick."),
///     }
/// }
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! tunable {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $field:ident : $ty:ty = $default:expr => $desc:expr ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        ///
        /// Each field's meaning, range and unit: [`Tunable::FIELDS`](crate::core::field::Tunable::FIELDS).
        #[derive(Clone, Debug, PartialEq, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            $( pub $field: $ty, )*
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

        impl $crate::core::field::Tunable for $name {
            const FIELDS: &'static [$crate::core::field::Field] =
                &[$( $desc.named(stringify!($field)), )*];
        }

        // Read and written as any described struct is.
        $crate::described!($name { $( $field: $desc ),* });
    };
}

/// Declares a small enum usable as a [`Kind::Choice`] field, serialised by its
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
            /// The names, in the order of [`Value::Choice`](crate::core::field::Value) indices.
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
                $crate::core::field::named(deserializer, "value", Self::NAMES, Self::ALL)
            }
        }

        impl $crate::core::field::AsValue for $name {
            fn to_value(&self) -> $crate::core::field::Value {
                let index = Self::ALL.iter().position(|v| v == self).unwrap_or(0);
                $crate::core::field::Value::Choice(index)
            }
            fn from_value(value: $crate::core::field::Value) -> Option<Self> {
                match value {
                    $crate::core::field::Value::Choice(i) => Self::ALL.get(i).copied(),
                    _ => None,
                }
            }
        }
    };
}
