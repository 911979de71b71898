//! Running scenarios without a window ([`headless`]): the results table, the CSV trace,
//! compare, benchmarks, sweeps and GIFs of a run, for the command line and the tests; and
//! what everything that draws a world shares: the scene as a list of marks ([`scene`])
//! and its colours ([`palette`]).

pub use steerlab_scenario::{core, files, guidance, recording, scenario, script, sim, steering};

pub mod export;
pub mod headless;
#[cfg(not(target_arch = "wasm32"))]
pub mod live;
pub mod palette;
pub mod scene;
