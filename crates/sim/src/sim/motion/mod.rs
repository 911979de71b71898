//! How targets move: one file per motion, each describing itself the way a law's
//! parameters do (its fields, their kinds and ranges), so the target editor and the
//! scenario validation are generated from the descriptions and never take a motion
//! apart field by field. A new motion is its file plus one line in [`motions!`].

pub mod break_turn;
pub mod circle;
pub mod constant;
pub mod driven;
pub mod evade;
pub mod fixed;
pub mod flare;
pub mod fly_program;
pub mod hide;
pub mod jink;
pub mod model;
pub mod path;
pub mod run_for_flag;
pub mod track;
pub mod weave;

pub use crate::core::field::{AsValue, Described, Field, Kind, Value};
pub use model::{EvasiveState, FlyState, MotionModel, MotionState, Moving, Surroundings};

pub use break_turn::BreakTurn;
pub use circle::Circle;
pub use constant::Constant;
pub use driven::Driven;
pub use evade::Evade;
pub use fixed::Static;
pub use flare::Flare;
pub use fly_program::FlyProgramSpec;
pub use hide::Hide;
pub use jink::Jink;
pub use path::Path;
pub use run_for_flag::RunForFlag;
pub use track::Track;
pub use weave::Weave;

use crate::core::debug::Shape;
use glam::Vec2;

crate::registry! {
    /// How a target moves. Times are seconds since the target appeared. The registry:
    /// one line per motion, `Name => module::Type`, in the editor's order; the name is
    /// how files write it, as if its variant held its fields directly (`Circle(center:
    /// ...)`), except `FlyProgram((...))` (`newtype`, as before, in the state hash).
    pub enum Motion: MotionModel as Model {
    Static => fixed::Static,
    Constant => constant::Constant,
    Circle => circle::Circle,
    Weave => weave::Weave,
    Path => path::Path,
    FlyProgram => fly_program::FlyProgramSpec [newtype],
    Driven => driven::Driven,
    Track => track::Track,
    Evade => evade::Evade,
    BreakTurn => break_turn::BreakTurn,
    Jink => jink::Jink,
    Flare => flare::Flare,
    Hide => hide::Hide,
    RunForFlag => run_for_flag::RunForFlag,
    }
}

/// What the registry calls on any motion (object-safe).
trait Model {
    fn described(&self) -> &dyn Described;
    fn described_mut(&mut self) -> &mut dyn Described;
    fn start(&self) -> Vec2;
    fn start_vel(&self) -> Vec2;
    fn evades(&self) -> bool;
    fn steers(&self) -> bool;
    fn at(&self, age: f64) -> Option<(Vec2, Vec2)>;
    fn initial_state(&self) -> MotionState;
    fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        dt: f32,
        around: &Surroundings,
    ) -> bool;
    fn problems(&self, names: &[&str]) -> Vec<(String, String)>;
    fn unusable(&self) -> Vec<(String, String)>;
    fn follows(&self) -> Option<&str>;
    fn scenery(&self) -> Vec<Shape>;
}

impl<M: MotionModel> Model for M {
    fn described(&self) -> &dyn Described {
        self
    }
    fn described_mut(&mut self) -> &mut dyn Described {
        self
    }
    fn start(&self) -> Vec2 {
        MotionModel::start(self)
    }
    fn start_vel(&self) -> Vec2 {
        MotionModel::start_vel(self)
    }
    fn evades(&self) -> bool {
        MotionModel::evades(self)
    }
    fn steers(&self) -> bool {
        MotionModel::steers(self)
    }
    fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        MotionModel::at(self, age)
    }
    fn initial_state(&self) -> MotionState {
        MotionModel::initial_state(self)
    }
    fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        dt: f32,
        around: &Surroundings,
    ) -> bool {
        MotionModel::advance(self, state, now, age, dt, around)
    }
    fn problems(&self, names: &[&str]) -> Vec<(String, String)> {
        MotionModel::problems(self, names)
    }
    fn unusable(&self) -> Vec<(String, String)> {
        MotionModel::unusable(self)
    }
    fn follows(&self) -> Option<&str> {
        MotionModel::follows(self)
    }
    fn scenery(&self) -> Vec<Shape> {
        MotionModel::scenery(self)
    }
}

impl Motion {
    /// Position and velocity at `age` seconds for the motions that are functions of
    /// time; `None` for the stateful ones (fly program, driven).
    pub fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        self.model().at(age)
    }

    /// Where the motion starts.
    pub fn start(&self) -> Vec2 {
        self.model().start()
    }

    /// Its velocity at the start.
    pub fn start_vel(&self) -> Vec2 {
        self.model().start_vel()
    }

    /// Whether it reacts to the missiles after it.
    pub fn evades(&self) -> bool {
        self.model().evades()
    }

    /// Whether it steers round the world's obstacles.
    pub fn steers(&self) -> bool {
        self.model().steers()
    }

    /// Its state at the start.
    pub fn initial_state(&self) -> MotionState {
        self.model().initial_state()
    }

    /// Advances to `age` seconds; `false` when it leaves the scene.
    pub fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        dt: f32,
        around: &Surroundings,
    ) -> bool {
        self.model().advance(state, now, age, dt, around)
    }

    /// Rules beyond each field's range, as `(field, message)`.
    pub fn problems(&self, names: &[&str]) -> Vec<(String, String)> {
        self.model().problems(names)
    }

    /// What the simulation cannot run at all, as `(field, message)`.
    pub fn unusable(&self) -> Vec<(String, String)> {
        self.model().unusable()
    }

    /// The target it follows, by name.
    pub fn follows(&self) -> Option<&str> {
        self.model().follows()
    }

    /// What the scene draws of it beside the target (a flag it runs for).
    pub fn scenery(&self) -> Vec<Shape> {
        self.model().scenery()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_motion_with_scenery_shows_any() {
        let at = Vec2::new(10.0, 20.0);
        let flag = Vec2::new(610.0, 20.0);
        let run = Motion::RunForFlag(RunForFlag::starting_at(at));
        assert_eq!(run.scenery().first(), Some(&Shape::Point(flag)));
        assert_eq!(run.scenery().len(), 2);
        assert!(Motion::Static(Static::starting_at(at)).scenery().is_empty());
    }

    #[test]
    fn every_kind_makes_a_motion_of_its_kind_starting_where_asked() {
        let at = Vec2::new(123.0, 45.0);
        for (k, (name, _)) in Motion::KINDS.iter().enumerate() {
            let m = Motion::of_kind(k, at);
            assert_eq!(m.kind(), k);
            assert_eq!(m.name(), *name);
            if *name != "FlyProgram" {
                // A fly program starts on its grid point, not anywhere.
                assert_eq!(m.start(), at, "{name}");
            }
            // Every field reads back what it is set to (a recorded track's samples are
            // shown, never set).
            let mut edited = m.clone();
            for field in m.fields() {
                let value = m.get(field.name).expect("each listed field reads");
                if matches!(field.kind, Kind::Samples { .. }) {
                    assert!(!edited.set(field.name, value), "{name}.{}", field.name);
                    continue;
                }
                assert!(
                    edited.set(field.name, value.clone()),
                    "{name}.{}",
                    field.name
                );
                assert_eq!(edited.get(field.name), Some(value));
            }
        }
    }

    #[test]
    fn the_velocity_of_a_motion_of_time_is_the_rate_of_change_of_its_position() {
        // Central differences of the position, in f64 around each age, against the
        // velocity the motion reports (the intercept laws lead targets by it).
        let motions = [
            Motion::Constant(Constant {
                pos: Vec2::new(100.0, 200.0),
                vel: Vec2::new(-30.0, 45.0),
            }),
            Motion::Circle(Circle {
                center: Vec2::new(400.0, 300.0),
                radius: 120.0,
                angular_speed: 0.8,
                phase: 0.3,
            }),
            Motion::Weave(Weave {
                pos: Vec2::new(50.0, 300.0),
                vel: Vec2::new(60.0, 20.0),
                amplitude: 40.0,
                frequency: 0.5,
            }),
        ];
        for motion in motions {
            for age in [0.25, 1.1, 2.6, 3.9] {
                let h = 1e-3;
                let (before, _) = motion.at(age - h).unwrap();
                let (after, _) = motion.at(age + h).unwrap();
                let (_, vel) = motion.at(age).unwrap();
                let rate = (after - before) / (2.0 * h as f32);
                assert!(
                    (rate - vel).length() < 0.05 * vel.length().max(1.0),
                    "{} at {age}: {vel} vs {rate}",
                    motion.name()
                );
            }
        }
    }
}
