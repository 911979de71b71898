//! Asking for memory ahead of its use. A walk over many values far from the core (a
//! million missiles, 10,000 trails each in its own allocation) does little work on
//! each: without a hint the core waits on each value's first read. Changes no result,
//! only when the memory arrives.

/// How many items ahead a walk asks for an item's memory: the missiles a world flies,
/// the trails a window records and draws (4 and 8 measured the same at a million
/// missiles).
pub const AHEAD: usize = 8;

/// Asks for every cache line of `value` to be brought near the core (on x86-64; a hint
/// elsewhere has no instruction and does nothing).
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let p = (value as *const T).cast::<i8>();
        for line in (0..size_of::<T>()).step_by(64) {
            // SAFETY: a prefetch is only a hint: it reads nothing and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(line)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
