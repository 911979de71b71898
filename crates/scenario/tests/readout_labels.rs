//! A runtime law (a script) that invents a new readout label every tick must not grow
//! memory without bound: steerlab keeps at most 10,000 distinct labels for the life of
//! the program, and shows later new ones under one fixed label. Alone in its test binary,
//! because the count is for the whole process.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

use steerlab::guidance::runtime::{Shown, StateValue};

#[test]
fn labels_past_ten_thousand_are_shown_under_one_fixed_label() {
    let shown = |label: String| Shown {
        readouts: vec![(label, StateValue::Number(1.0))],
        shapes: Vec::new(),
    };
    for k in 0..10_000 {
        let readouts = shown(format!("label {k}")).readouts();
        assert_eq!(readouts[0].label, format!("label {k}"));
    }
    // The 10,001st new label is not kept; the ones already kept still show.
    assert_eq!(
        shown("label 10000".into()).readouts()[0].label,
        "(more labels than steerlab keeps)"
    );
    assert_eq!(shown("label 42".into()).readouts()[0].label, "label 42");
    // The same text is one interned label: asking again adds nothing.
    let a = shown("label 7".into()).readouts()[0].label;
    let b = shown("label 7".into()).readouts()[0].label;
    assert!(std::ptr::eq(a, b));
}
