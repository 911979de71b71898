//! Targets: what a scenario says of one (name, radius, destructible, motion) and a
//! target in the world, moved each tick by its motion ([`super::motion`]).

use super::event::TargetLoss;
use super::flares::{FlareSpec, Flares};
use super::ids::TargetId;
use super::motion::driven::Driven;
use super::motion::{Constant, Motion, MotionModel, MotionState, Moving, Surroundings};
use crate::core::field::{described, flag, number, text};
use crate::sim::limits::MAX_LABEL;
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_target_radius: f32 = 10.0);

/// A target as a scenario describes it.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    pub name: String,
    #[serde(
        default = "default_target_radius::value",
        skip_serializing_if = "default_target_radius::is"
    )]
    pub radius: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub destructible: bool,
    pub motion: Motion,
    /// Decoys it throws when a missile comes near (none: it has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flares: Option<FlareSpec>,
}

described!(TargetSpec {
    name: text(MAX_LABEL)
        .help("What launchers (target) and fly programs (hero) refer to."),
    radius: number(0.001, 1.0e5)
        .label("hit radius")
        .unit("units")
        .help("Hit radius (a missile's own radius is added)."),
    destructible: flag()
        .label("destructible (a hit removes it)")
        .help("Whether a hit removes it; otherwise hits are counted and it flies on."),
    ; parts: motion, flares = "flares (decoys against seekers)"
});

/// A target in the world.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Target {
    pub id: TargetId,
    pub name: String,
    pub radius: f32,
    pub destructible: bool,
    pub motion: Motion,
    pub state: MotionState,
    pub pos: Vec2,
    /// Velocity in units/s (estimated for driven targets).
    pub vel: Vec2,
    /// Position and velocity at the start of the current tick.
    pub prev_pos: Vec2,
    pub prev_vel: Vec2,
    /// Tick it appeared on.
    pub born_tick: u64,
    /// Ground height for asteroids: reaching it loses the target.
    pub ground: Option<f32>,
    /// Hits taken so far.
    pub hits: u32,
    /// Its flares (none: it has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flares: Option<Flares>,
    /// Whether it is a decoy (a flare): reaching it is a miss.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub decoy: bool,
    /// The tick it burns out on (a flare).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<u64>,
}

impl Target {
    pub fn new(id: TargetId, spec: &TargetSpec, tick: u64) -> Self {
        let pos = spec.motion.start();
        let vel = spec.motion.start_vel();
        Self {
            id,
            name: spec.name.clone(),
            radius: spec.radius,
            destructible: spec.destructible,
            motion: spec.motion.clone(),
            state: spec.motion.initial_state(),
            pos,
            vel,
            prev_pos: pos,
            prev_vel: vel,
            born_tick: tick,
            ground: None,
            hits: 0,
            flares: spec.flares.clone().map(|f| Flares::new(f, tick)),
            decoy: false,
            expires: None,
        }
    }

    /// Takes a position from outside (a drag). A target that was not driven becomes
    /// driven from where it is, keeping its velocity as the estimate's start.
    pub fn drive_to(&mut self, pos: Vec2) {
        if !matches!(self.state, MotionState::Driven { .. }) {
            self.motion = Motion::Driven(Driven::starting_at(self.pos));
        }
        self.state = MotionState::Driven { pending: Some(pos) };
    }

    /// Advances the motion to `tick + 1`, seeing its surroundings as they were at the
    /// start of the tick. Returns `false` when it left the scene (a fly program crossing
    /// a death line).
    pub fn advance(&mut self, tick: u64, dt: f32, around: &Surroundings) -> bool {
        self.prev_pos = self.pos;
        self.prev_vel = self.vel;
        let age = Self::age(tick + 1 - self.born_tick, dt);
        let mut now = Moving {
            pos: self.pos,
            vel: self.vel,
        };
        let stays = self
            .motion
            .advance(&mut self.state, &mut now, age, dt, around);
        self.pos = now.pos;
        self.vel = now.vel;
        stays
    }

    /// Its motion's age in seconds once `ticks` ticks since its birth are done.
    pub fn age(ticks: u64, dt: f32) -> f64 {
        ticks as f64 * f64::from(dt)
    }

    /// Its line, if it flies a straight line and nothing ends it (no burn-out, no
    /// ground): then after `n` ticks since its birth it is at
    /// `line.state_at(Target::age(n, dt))`, exactly where [`Target::tick`] puts it
    /// while that is finite.
    pub fn straight(&self) -> Option<&Constant> {
        match &self.motion {
            Motion::Constant(line) if self.expires.is_none() && self.ground.is_none() => Some(line),
            _ => None,
        }
    }

    /// A tick of the target: [`Target::advance`], then whether it is lost (crossed a
    /// death line, burnt out, reached the ground).
    pub fn tick(&mut self, tick: u64, dt: f32, around: &Surroundings) -> Option<TargetLoss> {
        if !self.advance(tick, dt, around) {
            Some(TargetLoss::DeathLine)
        } else if self.expires.is_some_and(|end| tick >= end) {
            Some(TargetLoss::BurntOut)
        } else if !self.pos.is_finite() || !self.vel.is_finite() {
            // Cannot come from the motions; a guard so a NaN never reaches the screen.
            self.pos = self.prev_pos;
            self.vel = Vec2::ZERO;
            None
        } else if self.ground.is_some_and(|g| self.pos.y >= g) {
            Some(TargetLoss::ReachedGround)
        } else {
            None
        }
    }
}

/// Finds a target by id (targets are kept sorted by id).
pub fn find(targets: &[Target], id: TargetId) -> Option<&Target> {
    targets
        .binary_search_by_key(&id, |t| t.id)
        .ok()
        .map(|i| &targets[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::motion;

    fn spec(motion: Motion) -> TargetSpec {
        TargetSpec {
            name: "t".into(),
            radius: 10.0,
            destructible: false,
            motion,
            flares: None,
        }
    }

    #[test]
    fn circle_moves_at_radius_times_angular_speed_tangentially() {
        let motion = Motion::Circle(motion::Circle {
            center: Vec2::new(100.0, 100.0),
            radius: 50.0,
            angular_speed: 2.0,
            phase: 0.0,
        });
        let (pos, vel) = motion.at(0.0).unwrap();
        assert_eq!(pos, Vec2::new(150.0, 100.0));
        assert!((vel - Vec2::new(0.0, 100.0)).length() < 1e-4);
        let (pos, _) = motion.at(std::f64::consts::FRAC_PI_4).unwrap();
        assert!((pos - Vec2::new(100.0, 150.0)).length() < 1e-3);
    }

    #[test]
    fn path_loops_back_or_stops_at_the_end() {
        let points = vec![Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(100.0, 100.0)];
        let open = Motion::Path(motion::Path {
            points: points.clone(),
            speed: 50.0,
            looping: false,
        });
        assert_eq!(open.at(3.0).unwrap().0, Vec2::new(100.0, 50.0));
        assert_eq!(
            open.at(100.0).unwrap(),
            (Vec2::new(100.0, 100.0), Vec2::ZERO)
        );
        let closed = Motion::Path(motion::Path {
            points,
            speed: 50.0,
            looping: true,
        });
        // Loop length 200 + 100*sqrt2; after one full loop it is back at the start.
        let lap = (200.0 + 100.0 * 2f64.sqrt()) / 50.0;
        assert!(
            closed
                .at(lap + 1.0)
                .unwrap()
                .0
                .distance(Vec2::new(50.0, 0.0))
                < 1e-2
        );
    }

    #[test]
    fn weave_swings_sideways_around_its_line() {
        let motion = Motion::Weave(motion::Weave {
            pos: Vec2::ZERO,
            vel: Vec2::new(100.0, 0.0),
            amplitude: 20.0,
            frequency: 1.0,
        });
        let (pos, _) = motion.at(0.25).unwrap();
        assert!((pos - Vec2::new(25.0, 20.0)).length() < 1e-3);
        let (pos, _) = motion.at(0.75).unwrap();
        assert!((pos - Vec2::new(75.0, -20.0)).length() < 1e-3);
    }

    #[test]
    fn dragged_target_velocity_is_estimated_from_its_motion() {
        let mut target = Target::new(
            TargetId(0),
            &spec(Motion::Static(motion::Static { pos: Vec2::ZERO })),
            0,
        );
        let dt = 1.0 / 60.0;
        // Dragged 2 units a tick to the right = 120 units/s.
        for tick in 0..120 {
            target.drive_to(Vec2::new(2.0 * (tick + 1) as f32, 0.0));
            target.advance(tick, dt, &Surroundings::default());
        }
        assert!(
            (target.vel - Vec2::new(120.0, 0.0)).length() < 1.0,
            "{}",
            target.vel
        );
        assert_eq!(target.pos, Vec2::new(240.0, 0.0));
        // Released: the estimate decays to rest.
        for tick in 120..240 {
            target.advance(tick, dt, &Surroundings::default());
        }
        assert!(target.vel.length() < 1.0);
    }

    #[test]
    fn a_straight_line_target_is_where_its_start_and_velocity_put_it_each_tick() {
        let line = motion::Constant {
            pos: Vec2::new(1500.0, 300.0),
            vel: Vec2::new(-7.0, 150.0),
        };
        let born = 5;
        let mut target = Target::new(TargetId(0), &spec(Motion::Constant(line)), born);
        let dt = 1.0 / 60.0;
        for tick in born..born + 600 {
            let was = target.pos;
            assert_eq!(target.tick(tick, dt, &Surroundings::default()), None);
            // `age` seconds after its birth, worked out in f64 and rounded once.
            let age = (tick + 1 - born) as f64 * f64::from(dt);
            let expected = Vec2::new((1500.0 + -7.0 * age) as f32, (300.0 + 150.0 * age) as f32);
            assert_eq!(target.pos, expected, "tick {tick}");
            assert_eq!(target.vel, Vec2::new(-7.0, 150.0));
            assert_eq!(
                (target.prev_pos, target.prev_vel),
                (was, Vec2::new(-7.0, 150.0))
            );
        }
    }

    #[test]
    fn a_straight_line_target_still_burns_out_and_reaches_the_ground() {
        let line = motion::Constant {
            pos: Vec2::new(0.0, 0.0),
            vel: Vec2::new(0.0, 60.0),
        };
        let dt = 1.0 / 60.0;
        let around = Surroundings::default();
        let mut burning = Target::new(TargetId(0), &spec(Motion::Constant(line.clone())), 0);
        burning.expires = Some(3);
        let losses: Vec<_> = (0..4).map(|t| burning.tick(t, dt, &around)).collect();
        assert_eq!(losses, [None, None, None, Some(TargetLoss::BurntOut)]);
        // One unit a tick: the ground 2.5 units down is reached on the third tick.
        let mut falling = Target::new(TargetId(0), &spec(Motion::Constant(line)), 0);
        falling.ground = Some(2.5);
        let losses: Vec<_> = (0..3).map(|t| falling.tick(t, dt, &around)).collect();
        assert_eq!(losses, [None, None, Some(TargetLoss::ReachedGround)]);
    }
}
