//! A script's calls against the tick's budget ([`crate::guidance::runtime::TICK_OPERATIONS`],
//! all scripted missiles of a world together): each call may run what is left of it
//! (and at most its own per-call limit), and what it ran is taken off. Rhai counts a
//! call's operations and asks [`progress`] at each; past the budget it stops the call.

use crate::guidance::runtime::{spend_tick_operations, tick_operations_left, TICK_OPERATIONS};
use rhai::Dynamic;
use std::cell::Cell;

thread_local! {
    /// The call running on this thread: (the operations it may run, those it has run).
    static CALL: Cell<(u64, u64)> = const { Cell::new((u64::MAX, 0)) };
}

/// Rhai's progress callback: stops the call once it has run past what the tick had
/// left, with the message its missile's error gives.
pub fn progress(count: u64) -> Option<Dynamic> {
    let (limit, _) = CALL.get();
    CALL.set((limit, count));
    (count > limit).then(|| {
        Dynamic::from(format!(
            "the scripts went past their budget of {TICK_OPERATIONS} operations in one tick \
             (every scripted missile together), and this call was stopped: fewer scripted \
             missiles, or less work per call, stay within it"
        ))
    })
}

/// Runs one call of a script against the tick's budget; takes what it ran off it.
pub fn metered<T>(call: impl FnOnce() -> T) -> T {
    CALL.set((tick_operations_left(), 0));
    let out = call();
    let (_, ran) = CALL.get();
    CALL.set((u64::MAX, 0));
    spend_tick_operations(ran.max(1));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_may_run_exactly_what_is_left_and_no_more() {
        CALL.set((10, 0));
        assert!(progress(9).is_none());
        assert!(progress(10).is_none(), "exactly the limit is within it");
        let stopped = progress(11).expect("past the limit");
        assert!(stopped.to_string().contains("went past their budget"));
        assert_eq!(CALL.get(), (10, 11), "what it ran is kept");
        CALL.set((u64::MAX, 0));
    }
}
