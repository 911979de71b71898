//! The leaf of the crate: small pieces every other layer may use and that use nothing
//! of steerlab's own. For now: how a saved file leaves out the values that are defaults.

/// Whether a value is its type's default (a `skip_serializing_if` for fields whose
/// default is the type's: `false`, `0`, empty, `None`), so saved files stay short.
pub fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Declares the default of a serde field together with the test that leaves it out of a
/// saved file: `field_default!(default_lifetime: f32 = 20.0);` makes a module with
/// `value()` (for `default = "default_lifetime::value"`) and `is(&f32)` (for
/// `skip_serializing_if = "default_lifetime::is"`).
macro_rules! field_default {
    ($name:ident : $ty:ty = $value:expr) => {
        #[allow(dead_code)]
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            pub fn value() -> $ty {
                $value
            }
            pub fn is(v: &$ty) -> bool {
                *v == value()
            }
        }
    };
}

pub(crate) use field_default;
