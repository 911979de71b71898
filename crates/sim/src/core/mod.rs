//! The leaf of the crate: what both the guidance laws and the simulation need, and
//! nothing of steerlab's own beneath it. A missile's [`Body`] and what it [`Seen`]s of its
//! target, angles, the [`DebugShape`]s a law asks to be drawn (tagged with a [`Role`]),
//! the one description of every tunable field ([`field`]) and [`Readout`]s, and how a saved file
//! leaves out the values that are defaults.

pub mod body;
pub mod debug;
pub mod field;
mod field_macros;
pub mod lanes;
pub mod math;
pub mod miss;
pub mod overlay;
pub mod prefetch;
pub mod readout;
pub mod registry;
pub mod sin_cos;
pub mod text;
pub mod turn_rule;
pub mod variant;
pub mod written;

pub use body::{direction, direction_of, wrap_angle, wrap_angle_of, Body, Seen};
pub use debug::{DebugShape, Role, Shape};
pub use field::{Applies, Described, Field, Kind, Tunable, Value};
pub use math::Portable;
pub use readout::{Readout, ReadoutValue};

/// Whether a value is its type's default (a `skip_serializing_if` for fields whose
/// default is the type's: `false`, `0`, empty, `None`), so saved files stay short.
pub fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    !written::every_field() && *value == T::default()
}

/// Declares the default of a serde field together with the test that leaves it out of a
/// saved file: `field_default!(default_lifetime: f32 = 20.0);` makes a module with
/// `value()` (for `default = "default_lifetime::value"`) and `is(&f32)` (for
/// `skip_serializing_if = "default_lifetime::is"`); `pub(crate) default_weight: ...` for
/// one that several files share.
#[macro_export]
#[doc(hidden)]
macro_rules! field_default {
    ($vis:vis $name:ident : $ty:ty = $value:expr) => {
        #[allow(dead_code)]
        $vis mod $name {
            #[allow(unused_imports)]
            use super::*;
            pub fn value() -> $ty {
                $value
            }
            pub fn is(v: &$ty) -> bool {
                !$crate::core::written::every_field() && *v == value()
            }
        }
    };
}

pub use crate::field_default;
