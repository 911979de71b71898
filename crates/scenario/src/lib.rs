//! What a user saves and opens: [`scenario`] files (RON, validated with precise errors,
//! links, sweeps' field paths) and game [`recording`]s (CSV, opened as scenarios). Loading
//! one builds a world of the simulation.

pub use steerlab_files as files;
pub use steerlab_scripts::script;
pub use steerlab_sim::{core, guidance, sim, steering};

pub mod recording;
pub mod scenario;
