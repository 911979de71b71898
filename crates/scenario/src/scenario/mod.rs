//! Scenarios: what a user saves. Initial conditions and parameters (world size and
//! tick, targets and their motions, launchers, turrets, rain, the tuning of every
//! algorithm, and which algorithms to compare). A scenario builds a [`World`]; it is
//! not the world's runtime state. [`camera`] frames a scenario's world in a picture (the
//! window's panes and the GIF export).

pub mod camera;
pub mod fields;
pub mod file;
pub mod link;
mod messages;
pub mod model;
pub mod presets;
pub mod scripts;
pub mod spans;
pub mod sweep;
pub mod text;
pub mod validate;
pub mod validate_sweep;
pub mod view;

pub use view::{EmbedSpec, PlotSpec, ViewSpec};

pub use file::{load, parse, parse_in, save, ScenarioError, ScenarioErrors};
pub use model::{Scenario, VERSION};
pub use text::to_text;
