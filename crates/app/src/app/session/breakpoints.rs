//! Breakpoints: what pauses the run by itself (a hit, a miss, no solution, a solver
//! failure, a non-finite value, a law that failed, a chosen tick, a failure class), and
//! why it did.

use super::runs::Lane;
use crate::sim::diagnosis::Class;
use crate::sim::{EventKind, MissReason, MissileId, World};

/// Why a breakpoint paused the run, and the missile that triggered it `(lane, id)`.
pub type Stop = (String, Option<(usize, MissileId)>);

/// What pauses the run by itself. Each is toggled in the panel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Breakpoints {
    pub hit: bool,
    pub miss: bool,
    pub no_solution: bool,
    /// A solver failed to converge (Newton).
    pub solver_failed: bool,
    /// A missile's state stopped being finite.
    pub non_finite: bool,
    /// A law failed (a script's error or runaway loop).
    pub law_failed: bool,
    /// Pause when this tick is reached.
    pub at_tick: Option<u64>,
    /// Pause when a missile shows one of these failure classes (docs/diagnosis.md).
    pub classes: Vec<Class>,
}

/// How often, in ticks, a flying missile's flight so far is diagnosed for the class
/// breakpoints: a quarter of a second at 60 Hz.
pub const CLASS_CHECK_TICKS: u64 = 15;

impl Breakpoints {
    /// The first breakpoint the world's last tick triggers: why, and the missile to
    /// highlight (its lane and id).
    pub fn check(&self, world: &World, lane: usize) -> Option<Stop> {
        let select = |id: MissileId| Some((lane, id));
        for event in world.events() {
            let found = match &event.kind {
                EventKind::Hit {
                    missile, algorithm, ..
                } if self.hit => Some((format!("{missile} ({algorithm}) hit"), select(*missile))),
                EventKind::Missed {
                    missile,
                    algorithm,
                    reason: MissReason::NonFinite,
                    ..
                } if self.non_finite => Some((
                    format!("{missile} ({algorithm}): a non-finite value was caught"),
                    select(*missile),
                )),
                EventKind::Missed {
                    missile,
                    algorithm,
                    reason,
                    ..
                } if self.miss => Some((
                    format!("{missile} ({algorithm}) missed: {}", reason.describe()),
                    select(*missile),
                )),
                EventKind::LawFailed {
                    missile,
                    algorithm,
                    error,
                } if self.law_failed => Some((
                    match missile {
                        Some(m) => format!("{m} ({algorithm}): its law failed: {error}"),
                        None => format!("{algorithm} failed at launch: {error}"),
                    },
                    missile.and_then(&select),
                )),
                EventKind::NoSolution { algorithm, .. } if self.no_solution => {
                    Some((format!("{algorithm}: no solution, did not fire"), None))
                }
                EventKind::SolverFailed { missile, algorithm } if self.solver_failed => Some((
                    format!("{missile} ({algorithm}): the solver did not converge"),
                    select(*missile),
                )),
                _ => None,
            };
            if found.is_some() {
                return found;
            }
        }
        (self.at_tick == Some(world.tick()))
            .then(|| (format!("reached tick {}", world.tick()), None))
    }

    /// The first failure class among [`Breakpoints::classes`] a missile of `lane` shows
    /// for the first time this tick: as it ends, or (every [`CLASS_CHECK_TICKS`] of its
    /// flight) while it flies. Why, in the user's words, and the missile.
    pub fn check_classes(&self, lane: &mut Lane, index: usize) -> Option<Stop> {
        let now = lane.world.tick();
        let (id, finding) = lane.diagnosis.news(&self.classes, CLASS_CHECK_TICKS, now)?;
        let law = lane
            .world
            .missile(id)
            .map_or(String::new(), |m| format!(" ({})", m.algorithm()));
        // "orbit from 3.20 s …" names its class; "its fuel ran out …" does not.
        let named = finding
            .evidence
            .starts_with(&finding.class.id().replace('-', " "));
        let why = match named {
            true => finding.evidence,
            false => format!("{}: {}", finding.class.id(), finding.evidence),
        };
        Some((format!("{id}{law}: {why}"), Some((index, id))))
    }
}
