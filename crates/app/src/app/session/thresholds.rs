//! The thresholds of the failure classes, edited in the window (docs/diagnosis.md): an
//! edit of the scenario that diagnoses every lane's ended flights again, no restart.

use super::{Edit, Session, NOT_APPLIED};
use crate::scenario::validate::validate;

impl Session {
    /// Sets the thresholds the failure classes are decided by (an edit of the scenario,
    /// undoable, checked by the file's rules): every lane diagnoses its ended flights
    /// again at once, without a restart.
    pub fn set_thresholds(&mut self, thresholds: crate::sim::diagnosis::Thresholds) {
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
        self.doc.remember_edit(Edit::Scenario(Box::new(before)));
        for lane in &mut self.runs.lanes {
            lane.diagnosis.set_thresholds(thresholds.clone());
        }
    }
}

#[cfg(test)]
#[path = "diagnosis_tests.rs"]
mod diagnosis_tests;
