//! `steerlab link`: a scenario as a link for the web build (its text in the address's
//! fragment), which `steerlab export` also writes into the code's header.

use super::input::{load, Failure};
use std::path::Path;
use steerlab::scenario;

/// Where the web build is served unless told otherwise (as README.md serves it).
pub const WEB_BASE: &str = "http://127.0.0.1:8000/";

pub fn print_link(file: &Path, base: &str) -> Result<(), Failure> {
    if steerlab::recording::is_recording(file) {
        return Err(Failure::Input(format!(
            "{} is a recording: its missiles fly its tracks, which a link cannot carry; \
             share the file itself",
            file.display()
        )));
    }
    let scenario = load(file)?;
    outln!("{}", link_to(file, &scenario, base)?);
    Ok(())
}

/// `scenario` (read from `file`) as a link for the web build served at `base`, carrying
/// the scripts it names: `steerlab link`'s line, and the header of `steerlab export`'s
/// code.
pub fn link_to(file: &Path, scenario: &scenario::Scenario, base: &str) -> Result<String, Failure> {
    let files = scenario::link::files_of(scenario, Some(file.parent().unwrap_or(Path::new(""))))
        .map_err(Failure::Input)?;
    let base = base.split('#').next().unwrap_or(base);
    Ok(format!(
        "{base}#{}",
        scenario::link::fragment(scenario, &files)
    ))
}
