//! The vocabulary of motions: the [`MotionModel`] trait each motion file implements,
//! the descriptions their fields share ([`POSITION`], [`VELOCITY`]; every field is
//! described with [`crate::core::field`]), and the state the stateful motions keep. The
//! registry ([`super::motions!`]) puts them together.

use crate::core::debug::Shape;
use crate::core::field::{point, vector, Described, Field};
use crate::core::turn_rule::TurnDecision;
use crate::sim::ids::TargetId;
use crate::sim::limits::{MAX_COORD, MAX_SPEED};
use crate::sim::rng::Rng;
use crate::steering::avoid::wall_avoidance;
use crate::steering::{within, Mover, Obstacle, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A position in the world, each coordinate within the world's limit.
pub const POSITION: Field = point(MAX_COORD);
/// A velocity, each component within the speed limit.
pub const VELOCITY: Field = vector(MAX_SPEED);

/// The speed rule every motion's combination of fields answers to: `(field, message)`
/// when `speed` is beyond [`MAX_SPEED`].
pub fn too_fast(speed: f32, field: &str, how: &str) -> Vec<(String, String)> {
    if speed.is_finite() && speed > MAX_SPEED {
        vec![(
            field.to_string(),
            format!("expected a top speed of at most {MAX_SPEED}, found {speed} ({how})"),
        )]
    } else {
        Vec::new()
    }
}

/// How far ahead a steering motion's feelers reach: this many seconds of its speed.
const LOOK_AHEAD: f32 = 0.5;

/// A steering motion's one tick of `dt` as Reynolds' vehicle (steering acceleration at
/// most `max_accel`, speed at most `max_speed`): `steering` of where it is now, the
/// nearest missile after it if that one is within `range` (0: any), and the obstacles.
pub fn steer_as_vehicle(
    now: &mut Moving,
    around: &Surroundings,
    range: f32,
    (max_accel, max_speed, dt): (f32, f32, f32),
    steering: impl FnOnce(&Moving, Option<&Moving>, &[Obstacle]) -> Vec2,
) {
    let near = around.threat_within(now.pos, range);
    let force = steering(now, near.as_ref(), around.obstacles());
    let mut v = Vehicle::new(now.pos, now.vel, max_accel, max_speed, 0.0);
    v.step(force, dt);
    (now.pos, now.vel) = (v.pos, v.vel);
}

/// The push of a steering motion's feelers ([`LOOK_AHEAD`] seconds of its speed ahead)
/// off the obstacles' surfaces.
pub fn feelers_push(v: &Vehicle, obstacles: &[Obstacle]) -> Vec2 {
    wall_avoidance(v, obstacles, v.speed() * LOOK_AHEAD)
}

/// Where a target is and how fast it goes, for a motion to advance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moving {
    pub pos: Vec2,
    pub vel: Vec2,
}

impl Moving {
    /// It as a point the steering behaviours can pursue, evade or hide from.
    pub fn mover(&self) -> Mover {
        Mover {
            pos: self.pos,
            vel: self.vel,
            radius: 0.0,
        }
    }
}

/// What a motion may react to, as it was at the start of the tick.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Surroundings {
    /// Where the target it follows is (a fly program's hero; without one, the centre
    /// of the visible screen).
    pub hero: Vec2,
    /// The nearest missile after this target, if any.
    pub threat: Option<Moving>,
    /// The world's obstacles, for a motion that steers round them ([`MotionModel::steers`]);
    /// none for the others.
    pub obstacles: Option<Arc<Vec<Obstacle>>>,
}

impl Surroundings {
    /// The nearest missile after the target, if it is within `range` of `pos` (a range of
    /// 0 or less: any distance).
    pub fn threat_within(&self, pos: Vec2, range: f32) -> Option<Moving> {
        (self.threat).filter(|t| within(range, t.pos, pos))
    }

    /// The obstacles handed over (none for a motion that does not steer round them).
    pub fn obstacles(&self) -> &[Obstacle] {
        self.obstacles.as_deref().map_or(&[], Vec::as_slice)
    }
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

    /// Its velocity at the start.
    fn start_vel(&self) -> Vec2 {
        self.at(0.0).map_or(Vec2::ZERO, |(_, vel)| vel)
    }

    /// Whether it reacts to the missiles after it (then it is told of the nearest).
    fn evades(&self) -> bool {
        false
    }

    /// Whether it steers round the world's obstacles (then it is given them).
    fn steers(&self) -> bool {
        false
    }

    /// Position and velocity at `age` seconds, for the motions that are functions of time.
    fn at(&self, _age: f64) -> Option<(Vec2, Vec2)> {
        None
    }

    /// Its state at the start (the stateful motions keep one).
    fn initial_state(&self) -> MotionState {
        MotionState::Analytic
    }

    /// Advances to `age` seconds (the end of the tick), seeing its surroundings as they
    /// were at the start of the tick. Returns `false` when it leaves the scene (a fly
    /// program crossing a death line).
    fn advance(
        &self,
        _state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        _dt: f32,
        _around: &Surroundings,
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

    /// What the scene draws of it beside the target, in the world (a flag it runs for).
    fn scenery(&self) -> Vec<Shape> {
        Vec::new()
    }
}

/// Runtime state of the stateful motions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MotionState {
    /// A function of time: nothing to keep.
    Analytic,
    Fly(FlyState),
    Driven {
        /// Position requested from outside for the next tick.
        pending: Option<Vec2>,
    },
    Evasive(EvasiveState),
}

/// Runtime state of the evasive motions (break turn, jinks).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvasiveState {
    /// Whether the manoeuvre has started (a break turn's trigger).
    pub started: bool,
    /// The lateral acceleration flown now (a jink's current pick), units/s^2.
    pub accel: f32,
    /// Seconds of age at which a jink picks again.
    pub next_pick: f64,
    pub rng: Rng,
}

impl EvasiveState {
    pub fn new(seed: u64) -> Self {
        Self {
            started: false,
            accel: 0.0,
            next_pick: 0.0,
            rng: Rng::new(seed),
        }
    }
}

/// Whether the tick that ends at `age` (seconds) started at or after `at`, within 1e-6 s
/// (ages are sums of f32 tick lengths).
pub fn started_by(age: f64, dt: f32, at: f64) -> bool {
    age - f64::from(dt) >= at - 1e-6
}

/// One tick at constant speed `speed` turning with lateral acceleration `accel`
/// (positive towards the velocity's left-hand perpendicular, `vel.perp()`).
pub fn turn(now: &mut Moving, accel: f32, speed: f32, dt: f32) {
    let dir = now.vel.try_normalize().unwrap_or(Vec2::X);
    let turned = (dir * speed + dir.perp() * accel * dt)
        .try_normalize()
        .unwrap_or(dir);
    now.vel = turned * speed;
    now.pos += now.vel * dt;
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

/// Runtime state of a fly program, as in the article's `ObjectEngine`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlyState {
    /// Index of the current command.
    pub index: usize,
    pub fly_time: f32,
    /// Time allotted to the current command (starts at -1 so the first tick switches).
    pub target_time: f32,
    pub goal: Vec2,
    pub heading: f32,
    pub last: TurnDecision,
    /// The hero, resolved from the spec's name.
    pub hero: Option<TargetId>,
}
