//! The runtime laws' registry: places held and reused, lookup, and equality.

use super::*;

mod place_tests {
    use super::*;

    fn info(id: &'static str) -> LawInfo {
        LawInfo {
            id,
            section: id,
            summary: "",
            color: [0, 0, 0],
            params: &[],
            contact_fused: true,
            four_lane: false,
            lane_gravity: false,
        }
    }

    #[test]
    fn a_held_id_keeps_its_place_a_free_place_is_reused_and_the_cap_holds() {
        let mut slots = Vec::new();
        let (a, hold_a) = place(&mut slots, info("a"), 2).unwrap();
        let (b, hold_b) = place(&mut slots, info("b"), 2).unwrap();
        assert_eq!((a, b), (0, 1));
        // The same id while held: the same place, the description updated.
        let (again, _) = place(&mut slots, info("a"), 2).unwrap();
        assert_eq!(again, 0);
        // Two held, a cap of two: no room for a third.
        let e = place(&mut slots, info("c"), 2).unwrap_err();
        assert_eq!(e, "at most 2 laws added at run time can be open at once");
        // Let `a` go: `c` takes its place.
        drop(hold_a);
        let (c, _hold_c) = place(&mut slots, info("c"), 2).unwrap();
        assert_eq!(c, 0);
        assert_eq!(slots[0].info.id, "c");
        drop(hold_b);
        assert!(!slots[1].is_held());
    }
}

mod equality_tests {
    use super::*;
    use crate::guidance::Tuning;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A law known by its id, that counts how often it is fingerprinted (a recorded
    /// missile's fingerprint hashes its whole track).
    #[derive(Debug)]
    struct Counted {
        id: &'static str,
        fingerprints: AtomicUsize,
        print: u64,
    }

    impl Default for Counted {
        fn default() -> Self {
            named("counted-law-test")
        }
    }

    /// The law `id`, fingerprint 0.
    fn named(id: &'static str) -> Counted {
        Counted {
            id,
            fingerprints: AtomicUsize::new(0),
            print: 0,
        }
    }

    impl RuntimeLaw for Counted {
        fn info(&self) -> LawInfo {
            LawInfo {
                id: self.id,
                section: self.id,
                summary: "",
                color: [0, 0, 0],
                params: &[],
                contact_fused: true,
                four_lane: false,
                lane_gravity: false,
            }
        }
        fn defaults(&self) -> Vec<Value> {
            Vec::new()
        }
        fn launch(
            &self,
            _: &[Value],
            _: &Launch,
            _: &mut RuntimeState,
        ) -> Result<Option<Body>, LawError> {
            Ok(None)
        }
        fn steer(
            &self,
            _: &[Value],
            _: &mut RuntimeState,
            _: &mut Body,
            _: &Seen,
        ) -> Result<Option<Signal>, LawError> {
            Ok(None)
        }
        fn fingerprint(&self) -> u64 {
            self.fingerprints.fetch_add(1, Ordering::Relaxed);
            self.print
        }
    }

    #[test]
    fn each_law_is_found_by_its_algorithm_whatever_the_order_they_came_in() {
        let ids = [
            "lookup-test-a",
            "lookup-test-b",
            "lookup-test-c",
            "lookup-test-d",
        ];
        // Their places in the registry, in id order (held while `first` lives).
        let mut first = Tuning::default();
        let places: Vec<Algorithm> = ids
            .iter()
            .map(|id| first.register(Arc::new(named(id))).unwrap())
            .collect();
        let mut tuning = Tuning::default();
        let order = [2, 0, 3, 1];
        for k in order {
            assert_eq!(tuning.register(Arc::new(named(ids[k]))).unwrap(), places[k]);
        }
        for (k, id) in ids.iter().enumerate() {
            let (law, _) = tuning.runtime.law(places[k]).unwrap();
            assert_eq!(law.info().id, *id);
            assert!(tuning.runtime.params(places[k]).is_some());
            assert!(tuning.runtime.params_mut(places[k]).is_some());
        }
        let listed: Vec<Algorithm> = tuning.runtime.algorithms().collect();
        assert_eq!(listed, order.map(|k| places[k]));
        // Registered again: replaced where it was, not added.
        tuning.register(Arc::new(named(ids[0]))).unwrap();
        let again: Vec<Algorithm> = tuning.runtime.algorithms().collect();
        assert_eq!(again, listed);
        // A law it does not hold is not found.
        let mut other = Tuning::default();
        let stranger = other.register(Arc::new(named("lookup-test-e"))).unwrap();
        assert!(tuning.runtime.law(stranger).is_none());
        assert!(tuning.runtime.params_mut(stranger).is_none());
    }

    #[test]
    fn the_same_law_is_equal_without_being_fingerprinted_and_versions_by_fingerprint() {
        let law = Arc::new(Counted::default());
        let mut a = Tuning::default();
        a.register(law.clone()).unwrap();
        let b = a.clone();
        assert_eq!(a.runtime, b.runtime);
        assert_eq!(law.fingerprints.load(Ordering::Relaxed), 0);
        // Another copy of the same law: told apart (or not) by the fingerprints.
        let mut c = Tuning::default();
        c.register(Arc::new(Counted::default())).unwrap();
        assert_eq!(a.runtime, c.runtime);
        assert_eq!(law.fingerprints.load(Ordering::Relaxed), 1);
        let mut d = Tuning::default();
        d.register(Arc::new(Counted {
            print: 7,
            ..Counted::default()
        }))
        .unwrap();
        assert_ne!(a.runtime, d.runtime);
    }
}
