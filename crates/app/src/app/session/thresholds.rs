//! The thresholds of the failure classes, edited in the window (docs/diagnosis.md): an
//! edit of the scenario that diagnoses every lane's ended flights again, no restart
//! (nor when it is undone).

use super::{Edit, Session, NOT_APPLIED};
use crate::scenario::validate::validate;
use crate::sim::diagnosis::Thresholds;

/// The thresholds' numbers, in their order.
fn numbers(t: &Thresholds) -> [f32; 9] {
    [
        t.orbit_turns,
        t.orbit_band,
        t.overshoot_angle,
        t.tail_ratio,
        t.lead_angle,
        t.lasting,
        t.saturated_share,
        t.swerve_angle,
        t.swerve_share,
    ]
}

/// Which of the numbers differ from `a` to `b`.
fn changed(a: &Thresholds, b: &Thresholds) -> [bool; 9] {
    let (a, b) = (numbers(a), numbers(b));
    std::array::from_fn(|i| a[i].to_bits() != b[i].to_bits())
}

impl Session {
    /// Sets the thresholds the failure classes are decided by (an edit of the scenario,
    /// undoable, checked by the file's rules): every lane diagnoses its ended flights
    /// again at once, without a restart. A number typed digit by digit is one edit: a
    /// change of the same number as the last edit's, with nothing between, joins it.
    pub fn set_thresholds(&mut self, thresholds: Thresholds) {
        let mut edited = crate::scenario::Scenario::clone(&self.doc.scenario);
        edited.diagnosis = thresholds.clone();
        if edited == *self.doc.scenario {
            return;
        }
        if let Some((field, why)) = validate(&edited)
            .into_iter()
            .find(|p| p.0.starts_with("diagnosis"))
        {
            self.messages.error = Some(format!("{NOT_APPLIED}{field}: {why}"));
            return;
        }
        let before = std::mem::replace(&mut *self.doc.scenario, edited);
        let now = &self.doc.scenario.diagnosis;
        let joins = match self.doc.last_edit() {
            Some(Edit::Thresholds(earlier)) => {
                changed(earlier, &before.diagnosis) == changed(&before.diagnosis, now)
            }
            _ => false,
        };
        if !joins {
            self.doc.remember_edit(Edit::Thresholds(before.diagnosis));
        }
        self.diagnose_again(thresholds);
    }

    /// Every lane diagnoses its ended flights again by `thresholds`.
    pub(super) fn diagnose_again(&mut self, thresholds: Thresholds) {
        for lane in &mut self.runs.lanes {
            lane.diagnosis.set_thresholds(thresholds.clone());
        }
    }
}

#[cfg(test)]
#[path = "diagnosis_tests.rs"]
mod diagnosis_tests;
