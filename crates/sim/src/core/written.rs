//! Whether a scenario is being written in full, defaults included: a sweep finds every
//! number of a scenario by its path in that text (`scenario::fields`); saved files leave
//! the defaults out.

thread_local! {
    static EVERY_FIELD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether [`with_every_field`] is running on this thread: defaults are then written too.
pub fn every_field() -> bool {
    EVERY_FIELD.with(|every| every.get())
}

/// Runs `write` with every field written, defaults included.
pub fn with_every_field<R>(write: impl FnOnce() -> R) -> R {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            EVERY_FIELD.with(|every| every.set(self.0));
        }
    }
    let _reset = Reset(EVERY_FIELD.with(|every| every.replace(true)));
    write()
}
