//! A value that says when it may have changed: its revision is new after every mutable
//! borrow, so a frame can tell that what it would draw from it is what the last frame
//! drew (the window's kept picture, `render/kept.rs`) without building the picture again.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};

/// The next revision: one counter for every tracked value (and thread), so two values
/// never share a revision unless one is a copy of the other as it was.
static NEXT: AtomicU64 = AtomicU64::new(0);

fn next() -> u64 {
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// `T` with a revision: read through `Deref`; every `DerefMut` (a change, or a borrow
/// that could have been one) gives it a new revision. Equal revisions mean equal values:
/// a clone keeps its original's revision until either is borrowed mutably.
#[derive(Clone, Debug)]
pub struct Tracked<T> {
    value: T,
    revision: u64,
}

impl<T> Tracked<T> {
    /// `value` with a revision no other value has.
    pub fn new(value: T) -> Self {
        Self {
            value,
            revision: next(),
        }
    }

    /// Its revision: unchanged exactly while nothing borrowed it mutably.
    pub fn revision(&self) -> u64 {
        self.revision
    }
}

/// Equal when the values are (at once when the revisions are: one is a copy of the
/// other).
impl<T: PartialEq> PartialEq for Tracked<T> {
    fn eq(&self, other: &Self) -> bool {
        self.revision == other.revision || self.value == other.value
    }
}

impl<T: PartialEq> PartialEq<T> for Tracked<T> {
    fn eq(&self, other: &T) -> bool {
        self.value == *other
    }
}

impl<T> Deref for Tracked<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Tracked<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.revision = next();
        &mut self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_keeps_the_revision_and_a_mutable_borrow_renews_it() {
        let mut v = Tracked::new(vec![1, 2]);
        let first = v.revision();
        assert_eq!(v.len(), 2);
        assert_eq!(v[1], 2);
        assert_eq!(v.revision(), first);
        v.push(3);
        let second = v.revision();
        assert_ne!(second, first);
        assert_eq!(*v, vec![1, 2, 3]);
        // A borrow that changes nothing counts too: it could have.
        let _ = v.deref_mut();
        assert_ne!(v.revision(), second);
    }

    #[test]
    fn tracked_values_compare_by_value() {
        let a = Tracked::new(vec![1.0]);
        // A copy: equal without looking (the same revision).
        assert_eq!(a.clone(), a);
        // Another value, equal or not.
        assert_eq!(Tracked::new(vec![1.0]), a);
        assert_ne!(Tracked::new(vec![2.0]), a);
        assert_eq!(a, vec![1.0]);
        assert_ne!(a, vec![1.5]);
        // NaN is not equal to itself, but a copy has its revision: the same value.
        let nan = Tracked::new(f64::NAN);
        assert_eq!(nan.clone(), nan);
        assert_ne!(Tracked::new(f64::NAN), nan);
    }

    #[test]
    fn new_values_never_share_a_revision_and_a_clone_keeps_its_original_s() {
        let (a, b) = (Tracked::new(0), Tracked::new(0));
        assert_ne!(a.revision(), b.revision());
        let mut c = a.clone();
        assert_eq!(c.revision(), a.revision());
        *c = 5;
        assert_ne!(c.revision(), a.revision());
        assert_ne!(c.revision(), b.revision());
        // Replaced wholesale, a value gets a revision of its own.
        let mut d = Tracked::new(1);
        let old = d.revision();
        d = Tracked::new(1);
        assert_ne!(d.revision(), old);
    }
}
