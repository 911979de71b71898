//! Scenario files (see issue 3).
