//! A scenario as RON text: the dialect files are read in, and how a scenario is
//! written (only what differs from the defaults, readable and diff-friendly).

use super::model::Scenario;
use super::scripts;
use ron::extensions::Extensions;

/// The RON dialect of scenario files: `Some(..)` may be left out, and newtype variants
/// are written without their extra parentheses.
pub fn options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .with_default_extension(Extensions::UNWRAP_VARIANT_NEWTYPES)
}

/// The text a scenario saves as: its header comment, then only what differs from the
/// defaults, one top-level field per line and one target, launcher or turret per line
/// (as the shipped files are written), so a saved file stays readable and diffs well.
pub fn to_text(scenario: &Scenario) -> String {
    let pretty = ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .indentor("    ".to_string());
    // Plain data always serialises.
    let body = options()
        .to_string_pretty(&for_saving(scenario), pretty)
        .expect("scenario serialises");
    let header = scenario.header.trim_end();
    if header.is_empty() {
        format!("{body}\n")
    } else {
        format!("{header}\n{body}\n")
    }
}

/// The scenario as it is written: the scripts' parameter values in their entries, not
/// in `algorithms` (which reads only the built-ins').
fn for_saving(scenario: &Scenario) -> Scenario {
    let mut out = scenario.clone();
    out.scripts = scripts::for_saving(&scenario.algorithms, &scenario.scripts);
    out.algorithms.runtime = Default::default();
    out
}
