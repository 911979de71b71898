//! The live link (`docs/live.md`): a running game streams its entities to steerlab tick
//! by tick and declares its tunables; steerlab sets them, and may ask it to pause, step
//! or resume. [`protocol`] reads and writes the messages, [`capture`] keeps one game's
//! stream (and writes it as a CSV recording), [`server`] listens and talks to the games,
//! each over its connection (`link`: plain lines or WebSocket).
//! Not in the browser build: a page cannot listen on a port.

pub mod capture;
mod fast_frame;
mod link;
pub mod protocol;
pub mod server;

pub use capture::{Applied, Capture};
pub use protocol::{FromGame, ProtocolError, ToGame, PROTOCOL_VERSION};
pub use server::{parse_listen, Event, Game, Options, Server};
