//! What the commands read, and how they fail: a scenario by file, shipped name or link,
//! a size and a layout, and the two kinds of failure with their exit codes.

use clap::ValueEnum;
use std::path::{Path, PathBuf};
use steerlab::scenario::Scenario;

/// A failure and the exit code it maps to.
pub enum Failure {
    /// Bad input (a file or an argument): exit 2.
    Input(String),
    /// Something broke: exit 1.
    Internal(String),
    /// The machine cannot do what was asked (no display for a window): exit 1, said as
    /// what to do instead, not as an internal error.
    #[cfg_attr(not(feature = "app"), allow(dead_code))]
    Environment(String),
}

/// Loads what the user names: a scenario or a recording file, a shipped scenario's
/// name, or a link ([`steerlab::recording::open`]).
pub fn load(path: &Path) -> Result<Scenario, Failure> {
    steerlab::recording::open(path).map_err(|e| Failure::Input(e.to_string()))
}

/// Every file a run of `scenario`, loaded from `file`, reads: the file itself (a scenario
/// or a recording; none for a shipped name or a link) and its scripts. No output may be
/// one of them.
pub fn inputs_of(file: &Path, scenario: &Scenario) -> Vec<PathBuf> {
    if !file.exists() {
        return Vec::new();
    }
    let dir = file.parent().unwrap_or(Path::new(""));
    std::iter::once(file.to_path_buf())
        .chain(scenario.scripts.iter().map(|s| dir.join(&s.path)))
        .collect()
}

/// Refuses an output a run that read `inputs` cannot write (see
/// [`steerlab::files::check_output`]), before the run.
pub fn check_output(out: &Path, inputs: &[PathBuf]) -> Result<(), Failure> {
    steerlab::files::check_output(out, inputs).map_err(|e| Failure::Input(e.to_string()))
}

/// A value parser for a whole number from `lo` to `hi`: anything else (a negative
/// number, a fraction, a word) is refused with the range, and clap names the flag.
/// Flags that take it also take values starting with `-`, so `--seed -1` is refused
/// for its value, not read as another flag.
pub fn whole<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    lo: u64,
    hi: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .and_then(|v| T::try_from(v).ok())
            .ok_or_else(|| {
                format!(
                    "expected a whole number from {lo} to {hi}, found `{}`",
                    steerlab::core::text::quote(text)
                )
            })
    }
}

/// The window's layout of compare mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    /// All algorithms in one view.
    Overlay,
    /// One pane per algorithm.
    Split,
}

/// A size `WIDTHxHEIGHT`, each side `lo` to `hi` pixels.
pub fn size_within(text: &str, lo: u32, hi: u32) -> Result<(u32, u32), String> {
    let bad = || format!("expected WIDTHxHEIGHT with each side {lo} to {hi}, found `{text}`");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
    };
    Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
}
