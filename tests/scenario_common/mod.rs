//! Helpers shared by the scenario-file tests (`tests/scenario_*.rs`).
#![allow(dead_code, unused_imports)]

pub use glam::Vec2;
pub use proptest::prelude::*;
pub use std::collections::BTreeSet;
pub use std::path::{Path, PathBuf};
pub use steerlab::guidance::{Algorithm, Field, Kind, Tunable, Tuning, TurnRateParams, Value};
pub use steerlab::scenario::{self, presets, Scenario, ScenarioErrors};
pub use steerlab::sim::fly_program::FlyProgramSpec;
pub use steerlab::sim::launcher::{LauncherSpec, MissileSpec, TurretSpec};
pub use steerlab::sim::rain::RainSpec;
pub use steerlab::sim::{Motion, TargetSpec, WorldConfig};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

pub fn root() -> PathBuf {
    // The repository: the test's crate itself, or the folder above it holding
    // `scenarios/` (a crate of the workspace).
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|dir| dir.join("scenarios").is_dir())
        .map_or(here.clone(), std::path::Path::to_path_buf)
}

pub fn broken_dir() -> PathBuf {
    root().join("tests").join("broken")
}

/// The `.ron` files in a directory, sorted by name.
pub fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

/// A fresh empty directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("scenario-tests-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in a directory, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Parses without letting a panic escape: a panic is a test failure of its own.
pub fn parse_no_panic(text: &str, label: &str) -> Result<Scenario, ScenarioErrors> {
    let (owned_text, owned_label) = (text.to_string(), label.to_string());
    std::panic::catch_unwind(move || scenario::parse(&owned_text, &owned_label))
        .unwrap_or_else(|_| panic!("{label}: parse panicked"))
}
