//! The name of a law: an index into the registry (the built-ins first, then the laws
//! added at run time). What it knows of itself is looked up in the registry
//! ([`super::Algorithm::info`]).

/// A steering law, by its place in the registry. Written in files and on the command
/// line as its stable id.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Algorithm(pub(super) u16);
