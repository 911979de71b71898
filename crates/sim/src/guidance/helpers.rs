//! The articles' solutions that other code calls by what they compute, not by law (a
//! script's `intercept_time` and `accel_meeting`, for one): the quadratic intercept of
//! article D, the exact meeting of a constant-acceleration missile (C's quartic), and
//! the turn-rate rule of article B. Each is the law's own code, re-exported.

pub use super::intercept::{solve as quadratic_intercept, RootRule};
pub use super::quartic::{meeting as accelerating_meeting, Meeting};
pub use crate::core::turn_rule::turn_toward;
