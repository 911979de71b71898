//! The registry macro: an enum of kinds, each kind a type in its own file that describes
//! itself ([`super::field::Described`]) and names itself (`NAME` in files, `LABEL` in
//! the panel), listed one line each. Targets' motions and crowds' goals are registries:
//! a new kind is its file plus one line.

/// Declares a registry enum from one line per kind, `Name => module::Type`, in the
/// panel's order: `$Enum` with a newtype variant per kind, written to files and state
/// hashes as if its variants held their fields directly (`Circle(center: ...)`) except
/// those marked `[newtype]`; `KINDS` (`(file name, panel label)`), `kind()`,
/// `of_kind(k, pos)` (the kind's `starting_at(pos)`), `model()`/`model_mut()` as a
/// `&dyn $Object`, and `Described` by the kind's description. Each type implements
/// `$Trait` (with `NAME`, `LABEL` and `starting_at`), and `$Object` (object-safe, with
/// `described()`/`described_mut()`) for every `$Trait`.
#[macro_export]
#[doc(hidden)]
macro_rules! registry {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident : $Trait:ident as $Object:ident {
            $( $name:ident => $module:ident :: $type:ident $( [$newtype:ident] )? ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Deserialize)]
        $vis enum $Enum {
            $( $name($module::$type), )*
        }

        impl serde::Serialize for $Enum {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut index = 0u32;
                $(
                    if let $Enum::$name(m) = self {
                        return $crate::registry!(@write $Enum, serializer, index, $name, m $(, $newtype)?);
                    }
                    index += 1;
                )*
                let _ = index;
                unreachable!("every kind is listed")
            }
        }

        impl $Enum {
            /// The kinds, in the panel's order: `(file name, panel label)`.
            pub const KINDS: &'static [(&'static str, &'static str)] = &[
                $( (<$module::$type as $Trait>::NAME, <$module::$type as $Trait>::LABEL), )*
            ];

            /// Its kind, as an index into `KINDS`.
            pub fn kind(&self) -> usize {
                let mut index = 0;
                $(
                    if let $Enum::$name(_) = self {
                        return index;
                    }
                    index += 1;
                )*
                let _ = index;
                unreachable!("every kind is listed")
            }

            /// One of kind `kind` (an index into `KINDS`; past the end: the first) at `pos`.
            pub fn of_kind(kind: usize, pos: glam::Vec2) -> $Enum {
                let mut index = 0;
                $(
                    if kind == index {
                        return $Enum::$name(<$module::$type as $Trait>::starting_at(pos));
                    }
                    index += 1;
                )*
                let _ = index;
                $Enum::of_kind(0, pos)
            }

            /// Its kind's name in files.
            pub fn name(&self) -> &'static str {
                $Enum::KINDS[self.kind()].0
            }

            fn model(&self) -> &dyn $Object {
                match self {
                    $( $Enum::$name(m) => m, )*
                }
            }

            #[allow(dead_code)]
            fn model_mut(&mut self) -> &mut dyn $Object {
                match self {
                    $( $Enum::$name(m) => m, )*
                }
            }
        }

        /// Described by its kind's description.
        impl $crate::core::field::Described for $Enum {
            fn fields(&self) -> &'static [$crate::core::field::Field] {
                self.model().described().fields()
            }
            fn get(&self, name: &str) -> Option<$crate::core::field::Value> {
                self.model().described().get(name)
            }
            fn set(&mut self, name: &str, value: $crate::core::field::Value) -> bool {
                self.model_mut().described_mut().set(name, value)
            }
            fn part_names(&self) -> &'static [&'static str] {
                self.model().described().part_names()
            }
            fn part(&self, name: &str) -> Option<&dyn $crate::core::field::Described> {
                self.model().described().part(name)
            }
            fn part_mut(&mut self, name: &str) -> Option<&mut dyn $crate::core::field::Described> {
                self.model_mut().described_mut().part_mut(name)
            }
        }
    };
    (@write $Enum:ident, $s:ident, $index:ident, $name:ident, $m:ident) => {
        $crate::core::variant::as_struct_variant($s, stringify!($Enum), $index, stringify!($name), $m)
    };
    (@write $Enum:ident, $s:ident, $index:ident, $name:ident, $m:ident, newtype) => {
        $s.serialize_newtype_variant(stringify!($Enum), $index, stringify!($name), $m)
    };
}
