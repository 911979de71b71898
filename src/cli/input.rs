//! What the commands read, and how they fail: a scenario by file, shipped name or link,
//! and the two kinds of failure with their exit codes.

use std::path::Path;
use steerlab::scenario::{self, presets, Scenario};

/// A failure and the exit code it maps to.
pub enum Failure {
    /// Bad input (a file or an argument): exit 2.
    Input(String),
    /// Something broke: exit 1.
    Internal(String),
}

/// Loads a scenario from a file, or, when no such file exists, a shipped scenario by
/// name or a link of the web build (`https://...#s=...`; its scripts are not written
/// anywhere, so a link carrying scripts opens only as a file).
pub fn load(path: &Path) -> Result<Scenario, Failure> {
    if !path.exists() {
        let text = path.to_string_lossy();
        if let Some(shipped) = presets::shipped(&text) {
            return scenario::parse(shipped, &text).map_err(|e| Failure::Internal(e.to_string()));
        }
        if let Some((_, fragment)) = text.split_once('#') {
            return match scenario::link::decode(fragment).map_err(Failure::Input)? {
                scenario::link::Linked::Shipped(name, shipped) => {
                    scenario::parse(shipped, name).map_err(|e| Failure::Internal(e.to_string()))
                }
                scenario::link::Linked::Carried(carried) => {
                    scenario::parse(&carried.scenario, "link")
                        .map_err(|e| Failure::Input(e.to_string()))
                }
            };
        }
    }
    steerlab::recording::open(path).map_err(|e| Failure::Input(e.to_string()))
}
