//! What a script shows on one tick (`readout`, `debug_*`), collected while it runs and
//! then kept in its missile's state, so the inspector and the overlays read it like a
//! built-in law's internals. Bounded per tick.

use crate::core::DebugShape;
use crate::guidance::runtime::{Shown, StateValue};
use std::cell::RefCell;

/// Most readouts and most shapes one tick may show; more are dropped.
pub const MAX_SHOWN: usize = 64;

thread_local! {
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
}

/// Runs `f` collecting what it shows.
pub fn collect<T>(f: impl FnOnce() -> T) -> (T, Shown) {
    SHOWN.with(|s| *s.borrow_mut() = Some(Shown::default()));
    let out = f();
    let shown = SHOWN.with(|s| s.borrow_mut().take()).unwrap_or_default();
    (out, shown)
}

pub fn push_readout(label: &str, value: StateValue) {
    SHOWN.with(|s| {
        if let Some(shown) = s.borrow_mut().as_mut() {
            if shown.readouts.len() < MAX_SHOWN {
                let label: String = label.chars().take(60).collect();
                shown.readouts.push((label, value));
            }
        }
    });
}

pub fn push_shape(shape: DebugShape) {
    SHOWN.with(|s| {
        if let Some(shown) = s.borrow_mut().as_mut() {
            if shown.shapes.len() < MAX_SHOWN {
                shown.shapes.push(shape);
            }
        }
    });
}
