//! steerlab's simulation: the steering laws and the world they fly in, with no drawing,
//! no files and no wall clock. The layers, each using only those above it:
//! - [`core`]: what laws and the simulation both need: a missile's body, what it sees,
//!   angles, debug shapes, self-describing parameters, readouts, the four-lane numbers
//!   of the fast path.
//! - [`steering`]: Reynolds' steering behaviours for agents that are not missiles: a
//!   vehicle, the catalogue's behaviours as pure functions, their blends, obstacles and a
//!   neighbour grid.
//! - [`guidance`]: the steering laws, one file each, and the registry that lists them
//!   (one line per built-in; laws added at run time take the same path).
//! - [`sim`]: the pure simulation. A [`sim::World`] steps on a fixed tick, owns targets
//!   (their motions, one file each), launchers, turrets and missiles, tests hits swept
//!   over each tick, and reports events and per-missile metrics. Deterministic:
//!   [`sim::World::state_hash`].
//!
//! A game can fly one of the laws itself, without a world: see
//! `examples/game_loop.rs`.

pub mod core;
pub mod guidance;
pub mod sim;
pub mod steering;
