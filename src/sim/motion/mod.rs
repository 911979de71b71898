//! How targets move: one file per motion, each describing itself the way a law's
//! parameters do (its fields, their kinds and ranges), so the target editor and the
//! scenario validation are generated from the descriptions and never take a motion
//! apart field by field. A new motion is its file plus one line in [`motions!`].

pub mod circle;
pub mod constant;
pub mod driven;
pub mod fixed;
pub mod fly_program;
pub mod path;
pub mod weave;

pub use circle::Circle;
pub use constant::Constant;
pub use driven::Driven;
pub use fixed::Static;
pub use fly_program::FlyProgramSpec;
pub use path::Path;
pub use weave::Weave;

use super::limits::{MAX_COORD, MAX_SPEED};
use super::target::TargetId;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// What kind of value a motion's field holds, with its allowed range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FieldKind {
    Number {
        min: f32,
        max: f32,
    },
    /// A position: each coordinate within ±limit.
    Point {
        limit: f32,
    },
    /// A velocity: each component within ±limit.
    Vector {
        limit: f32,
    },
    Flag,
    /// A polyline: at most `max` points, each coordinate within ±limit.
    Points {
        limit: f32,
        max: usize,
    },
    /// A fly program's command numbers.
    Program,
    /// The name of another target, or none.
    TargetName,
}

/// The description of one field of a motion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FieldSpec {
    /// As written in files (`angular_speed`).
    pub name: &'static str,
    /// For the editor.
    pub label: &'static str,
    pub kind: FieldKind,
    pub unit: &'static str,
}

/// A field's value, whatever its kind.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldValue {
    Number(f32),
    Point(Vec2),
    Flag(bool),
    Points(Vec<Vec2>),
    Program(Vec<u16>),
    TargetName(Option<String>),
}

/// A value that lists its fields and reads and writes them by name.
pub trait Described {
    /// Every field, in display order.
    fn fields(&self) -> &'static [FieldSpec];
    fn get(&self, name: &str) -> Option<FieldValue>;
    /// Sets a field; `false` if there is no such field or the value has the wrong kind.
    fn set(&mut self, name: &str, value: FieldValue) -> bool;
}

/// Declares the field descriptions of a motion struct and the get/set by name.
/// Each line: `field: Kind(args), "label", "unit";` with `Kind` one of the simple kinds.
macro_rules! fields {
    ($type:ty { $( $field:ident : $kind:expr, $label:literal, $unit:literal; )* }) => {
        impl $crate::sim::motion::Described for $type {
            fn fields(&self) -> &'static [$crate::sim::motion::FieldSpec] {
                const FIELDS: &[$crate::sim::motion::FieldSpec] = &[$( $crate::sim::motion::FieldSpec {
                    name: stringify!($field),
                    label: $label,
                    kind: $kind,
                    unit: $unit,
                }, )*];
                FIELDS
            }

            fn get(&self, name: &str) -> Option<$crate::sim::motion::FieldValue> {
                match name {
                    $( stringify!($field) => Some($crate::sim::motion::AsField::to_field(&self.$field)), )*
                    _ => None,
                }
            }

            fn set(&mut self, name: &str, value: $crate::sim::motion::FieldValue) -> bool {
                match name {
                    $( stringify!($field) => match $crate::sim::motion::AsField::from_field(value) {
                        Some(v) => {
                            self.$field = v;
                            true
                        }
                        None => false,
                    }, )*
                    _ => false,
                }
            }
        }
    };
}
pub(crate) use fields;

/// A field type that converts to and from a [`FieldValue`].
pub trait AsField: Sized {
    fn to_field(&self) -> FieldValue;
    fn from_field(value: FieldValue) -> Option<Self>;
}

impl AsField for f32 {
    fn to_field(&self) -> FieldValue {
        FieldValue::Number(*self)
    }
    fn from_field(value: FieldValue) -> Option<Self> {
        match value {
            FieldValue::Number(v) => Some(v),
            _ => None,
        }
    }
}

impl AsField for Vec2 {
    fn to_field(&self) -> FieldValue {
        FieldValue::Point(*self)
    }
    fn from_field(value: FieldValue) -> Option<Self> {
        match value {
            FieldValue::Point(v) => Some(v),
            _ => None,
        }
    }
}

impl AsField for bool {
    fn to_field(&self) -> FieldValue {
        FieldValue::Flag(*self)
    }
    fn from_field(value: FieldValue) -> Option<Self> {
        match value {
            FieldValue::Flag(v) => Some(v),
            _ => None,
        }
    }
}

impl AsField for Vec<Vec2> {
    fn to_field(&self) -> FieldValue {
        FieldValue::Points(self.clone())
    }
    fn from_field(value: FieldValue) -> Option<Self> {
        match value {
            FieldValue::Points(v) => Some(v),
            _ => None,
        }
    }
}

/// Shorthand kinds for field declarations.
pub const fn number(min: f32, max: f32) -> FieldKind {
    FieldKind::Number { min, max }
}
pub const POINT: FieldKind = FieldKind::Point { limit: MAX_COORD };
pub const VELOCITY: FieldKind = FieldKind::Vector { limit: MAX_SPEED };

/// The speed rule every motion's combination of fields answers to: `(field, message)`
/// when `speed` is beyond [`MAX_SPEED`].
fn too_fast(speed: f32, field: &str, how: &str) -> Vec<(String, String)> {
    if speed.is_finite() && speed > MAX_SPEED {
        vec![(
            field.to_string(),
            format!("expected a top speed of at most {MAX_SPEED}, found {speed} ({how})"),
        )]
    } else {
        Vec::new()
    }
}

/// Where a target is and how fast it goes, for a motion to advance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moving {
    pub pos: Vec2,
    pub vel: Vec2,
}

/// A motion model: one file each, registered in [`motions!`].
pub trait MotionModel: Described + Clone + std::fmt::Debug + PartialEq {
    /// Its name in files (`Circle`).
    const NAME: &'static str;
    /// Its name in the editor (`circle`).
    const LABEL: &'static str;

    /// A motion of this kind starting at `pos`, with sensible values (the editor's kind
    /// selector).
    fn starting_at(pos: Vec2) -> Self;

    /// Where it starts.
    fn start(&self) -> Vec2;

    /// Position and velocity at `age` seconds, for the motions that are functions of time.
    fn at(&self, _age: f64) -> Option<(Vec2, Vec2)> {
        None
    }

    /// Its state at the start (the stateful motions keep one).
    fn initial_state(&self) -> MotionState {
        MotionState::Analytic
    }

    /// Advances to `age` seconds (the end of the tick). `hero`: where the target it
    /// follows was at the start of the tick. Returns `false` when it leaves the scene
    /// (a fly program crossing a death line).
    fn advance(
        &self,
        _state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        _dt: f32,
        _hero: Vec2,
    ) -> bool {
        if let Some((pos, vel)) = self.at(age) {
            now.pos = pos;
            now.vel = vel;
        }
        true
    }

    /// Rules beyond each field's range, as `(field, message)`; `names` are the targets'.
    /// It includes [`MotionModel::unusable`].
    fn problems(&self, _names: &[&str]) -> Vec<(String, String)> {
        self.unusable()
    }

    /// What the simulation cannot run at all (a fly program with a bad command), as
    /// `(field, message)`: refused even when a world is built in code.
    fn unusable(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The target it follows, by name (a fly program's hero).
    fn follows(&self) -> Option<&str> {
        None
    }
}

/// Runtime state of the stateful motions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MotionState {
    /// A function of time: nothing to keep.
    Analytic,
    Fly(fly_program::FlyState),
    Driven {
        /// Position requested from outside for the next tick.
        pending: Option<Vec2>,
    },
}

impl MotionState {
    /// The target followed, once resolved (a fly program's hero).
    pub fn followed(&self) -> Option<TargetId> {
        match self {
            MotionState::Fly(fly) => fly.hero,
            _ => None,
        }
    }

    /// Resolves the followed target's id.
    pub fn follow(&mut self, target: Option<TargetId>) {
        if let MotionState::Fly(fly) = self {
            fly.hero = target;
        }
    }
}

/// The registry: one line per motion, `Name => module::Type`, in the editor's order. The
/// name is how files write it; the enum is written as if its variants held their fields
/// directly (`Circle(center: ...)`), except those marked `newtype` (`FlyProgram((...))`
/// in the state hash, as before).
macro_rules! motions {
    ($( $name:ident => $module:ident :: $type:ident $( [$newtype:ident] )? ),* $(,)?) => {
        /// How a target moves. Times are seconds since the target appeared.
        #[derive(Clone, Debug, PartialEq, Deserialize)]
        pub enum Motion {
            $( $name($module::$type), )*
        }

        impl Serialize for Motion {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut index = 0u32;
                $(
                    if let Motion::$name(m) = self {
                        return motions!(@write serializer, index, $name, m $(, $newtype)?);
                    }
                    index += 1;
                )*
                let _ = index;
                unreachable!("every motion is listed")
            }
        }

        impl Motion {
            /// The motion kinds, in the editor's order: `(file name, editor label)`.
            pub const KINDS: &'static [(&'static str, &'static str)] = &[
                $( (<$module::$type as MotionModel>::NAME, <$module::$type as MotionModel>::LABEL), )*
            ];

            /// Its kind, as an index into [`Motion::KINDS`].
            pub fn kind(&self) -> usize {
                let mut index = 0;
                $(
                    if let Motion::$name(_) = self {
                        return index;
                    }
                    index += 1;
                )*
                let _ = index;
                unreachable!("every motion is listed")
            }

            /// A motion of kind `kind` (an index into [`Motion::KINDS`]) starting at `pos`.
            pub fn of_kind(kind: usize, pos: Vec2) -> Motion {
                let mut index = 0;
                $(
                    if kind == index {
                        return Motion::$name(<$module::$type as MotionModel>::starting_at(pos));
                    }
                    index += 1;
                )*
                let _ = index;
                Motion::of_kind(0, pos)
            }

            fn model(&self) -> &dyn Model {
                match self {
                    $( Motion::$name(m) => m, )*
                }
            }

            fn model_mut(&mut self) -> &mut dyn Model {
                match self {
                    $( Motion::$name(m) => m, )*
                }
            }
        }
    };
    (@write $s:ident, $index:ident, $name:ident, $m:ident) => {
        $crate::core::variant::as_struct_variant($s, "Motion", $index, stringify!($name), $m)
    };
    (@write $s:ident, $index:ident, $name:ident, $m:ident, newtype) => {
        $s.serialize_newtype_variant("Motion", $index, stringify!($name), $m)
    };
}

motions! {
    Static => fixed::Static,
    Constant => constant::Constant,
    Circle => circle::Circle,
    Weave => weave::Weave,
    Path => path::Path,
    FlyProgram => fly_program::FlyProgramSpec [newtype],
    Driven => driven::Driven,
}

/// What the registry calls on any motion (object-safe).
trait Model {
    fn described(&self) -> &dyn Described;
    fn described_mut(&mut self) -> &mut dyn Described;
    fn start(&self) -> Vec2;
    fn at(&self, age: f64) -> Option<(Vec2, Vec2)>;
    fn initial_state(&self) -> MotionState;
    fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        dt: f32,
        hero: Vec2,
    ) -> bool;
    fn problems(&self, names: &[&str]) -> Vec<(String, String)>;
    fn unusable(&self) -> Vec<(String, String)>;
    fn follows(&self) -> Option<&str>;
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
        hero: Vec2,
    ) -> bool {
        MotionModel::advance(self, state, now, age, dt, hero)
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
        hero: Vec2,
    ) -> bool {
        self.model().advance(state, now, age, dt, hero)
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

    /// Its kind's name in files.
    pub fn name(&self) -> &'static str {
        Motion::KINDS[self.kind()].0
    }
}

impl Described for Motion {
    fn fields(&self) -> &'static [FieldSpec] {
        self.model().described().fields()
    }
    fn get(&self, name: &str) -> Option<FieldValue> {
        self.model().described().get(name)
    }
    fn set(&mut self, name: &str, value: FieldValue) -> bool {
        self.model_mut().described_mut().set(name, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            // Every field reads back what it is set to.
            let mut edited = m.clone();
            for field in m.fields() {
                let value = m.get(field.name).expect("each listed field reads");
                assert!(
                    edited.set(field.name, value.clone()),
                    "{name}.{}",
                    field.name
                );
                assert_eq!(edited.get(field.name), Some(value));
            }
        }
    }
}
