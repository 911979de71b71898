//! Laws written as Rhai scripts ([`script`]): compiled once, flown through the same
//! registry as the built-in laws (`guidance::RuntimeLaw`), sandboxed and held to a
//! budget of operations. Sits on the simulation; the scenario files name the scripts.

pub use steerlab_files as files;
pub use steerlab_sim::{core, guidance, sim, steering};

pub mod script;
