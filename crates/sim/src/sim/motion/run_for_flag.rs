//! The runner of OpenSteer's capture the flag, for a target: it makes for the flag
//! (Reynolds' arrive, slowing within [`SLOWING`] of it, so that with no missile near it
//! comes to rest on it), evades
//! the missile after it while that one is within `range` (Reynolds' evasion, added to
//! the arrive), and its feelers (half a second of its speed ahead) push it off the
//! obstacles' surfaces on the way. It steers as Reynolds' vehicle (its steering
//! acceleration at most `max_accel`, its speed at most `max_speed`), from rest.

use super::model::{
    feelers_push, steer_as_vehicle, MotionModel, MotionState, Moving, Surroundings, POSITION,
};
use crate::core::debug::Shape;
use crate::core::field::{described, number};
use crate::sim::limits::{MAX_COORD, MAX_SPEED};
use crate::steering::pursuit::evasion;
use crate::steering::seek::arrive;
use crate::steering::{truncate, Obstacle, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Within this distance of the flag it slows (its arrive's slowing radius), in units.
pub const SLOWING: f32 = 60.0;

/// Starts at rest at `pos` and runs for `flag`, evading the missiles within `range`
/// (0: any).
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunForFlag {
    pub pos: Vec2,
    pub flag: Vec2,
    pub max_speed: f32,
    pub max_accel: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub range: f32,
}

described!(RunForFlag {
    pos: POSITION.unit("units").help("Where it starts, at rest."),
    flag: POSITION
        .unit("units")
        .help("Where it runs to, and stops while no missile is near."),
    max_speed: number(0.0, MAX_SPEED)
        .label("max speed")
        .unit("units/s")
        .help("Its top speed."),
    max_accel: number(0.0, 1.0e6)
        .label("max accel")
        .unit("units/s^2")
        .help("Largest steering acceleration."),
    range: number(0.0, MAX_COORD)
        .label("evade within (0: any)")
        .unit("units")
        .help("Only missiles this near are evaded; 0: any."),
});

impl RunForFlag {
    /// The steering acceleration at `now`, with `threat` the nearest missile after it
    /// (if near) among `obstacles`: the push of its feelers, plus arriving at the flag,
    /// plus evading the threat, cut to `max_accel`.
    pub fn steering(&self, now: &Moving, threat: Option<&Moving>, obstacles: &[Obstacle]) -> Vec2 {
        let v = Vehicle::new(now.pos, now.vel, self.max_accel, self.max_speed, 0.0);
        let flag = arrive(&v, self.flag, SLOWING);
        let evade = threat.map_or(Vec2::ZERO, |t| evasion(&v, &t.mover(), 1.0));
        let avoid = feelers_push(&v, obstacles);
        truncate(avoid + flag + evade, self.max_accel)
    }
}

impl MotionModel for RunForFlag {
    const NAME: &'static str = "RunForFlag";
    const LABEL: &'static str = "run for a flag";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            flag: pos + Vec2::new(600.0, 0.0),
            max_speed: 150.0,
            max_accel: 400.0,
            range: 250.0,
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    /// The flag: a dot, and the ring it slows within.
    fn scenery(&self) -> Vec<Shape> {
        vec![
            Shape::Point(self.flag),
            Shape::Circle {
                center: self.flag,
                radius: SLOWING,
            },
        ]
    }

    fn evades(&self) -> bool {
        true
    }

    fn steers(&self) -> bool {
        true
    }

    fn advance(
        &self,
        _state: &mut MotionState,
        now: &mut Moving,
        _age: f64,
        dt: f32,
        around: &Surroundings,
    ) -> bool {
        let limits = (self.max_accel, self.max_speed, dt);
        steer_as_vehicle(now, around, self.range, limits, |now, threat, obstacles| {
            self.steering(now, threat, obstacles)
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Runs for (600, 0) at up to 150 units/s, steering at up to 450, evading within 250.
    fn runner() -> RunForFlag {
        RunForFlag {
            pos: Vec2::ZERO,
            flag: Vec2::new(600.0, 0.0),
            max_speed: 150.0,
            max_accel: 450.0,
            range: 250.0,
        }
    }

    fn around(threat: Option<Moving>, obstacles: Vec<Obstacle>) -> Surroundings {
        Surroundings {
            threat,
            obstacles: Some(Arc::new(obstacles)),
            ..Surroundings::default()
        }
    }

    /// One tick of 0.1 s from `now`.
    fn tick(run: &RunForFlag, mut now: Moving, around: &Surroundings) -> Moving {
        assert!(run.advance(&mut run.initial_state(), &mut now, 0.1, 0.1, around));
        now
    }

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-3
    }

    /// At (0, 0) going (100, 0).
    const GOING: Moving = Moving {
        pos: Vec2::ZERO,
        vel: Vec2::new(100.0, 0.0),
    };

    /// 200 below it, climbing at 100.
    const BELOW: Moving = Moving {
        pos: Vec2::new(0.0, -200.0),
        vel: Vec2::new(0.0, 100.0),
    };

    #[test]
    fn from_rest_it_sets_off_for_the_flag_at_full_speed() {
        // 600 from the flag, beyond the slowing radius: it wants (150, 0), all of it
        // within 450 of steering; 0.1 s of it from rest: (15, 0), a step of (1.5, 0).
        let rest = Moving {
            pos: Vec2::ZERO,
            vel: Vec2::ZERO,
        };
        let now = tick(&runner(), rest, &around(None, Vec::new()));
        assert!(close(now.vel, Vec2::new(15.0, 0.0)), "{}", now.vel);
        assert!(close(now.pos, Vec2::new(1.5, 0.0)), "{}", now.pos);
    }

    #[test]
    fn it_slows_within_the_slowing_radius_and_rests_on_the_flag() {
        // 30 short of the flag at 150: arrive wants 150 * 30 / 60 = 75, so it steers
        // (75 - 150, 0) = (-75, 0).
        let near = Moving {
            pos: Vec2::new(570.0, 0.0),
            vel: Vec2::new(150.0, 0.0),
        };
        let steering = runner().steering(&near, None, &[]);
        assert!(close(steering, Vec2::new(-75.0, 0.0)), "{steering}");
        // Left to itself it ends at rest on the flag.
        let (run, mut now) = (runner(), near);
        for _ in 0..600 {
            now = tick(&run, now, &around(None, Vec::new()));
        }
        assert!(now.pos.distance(run.flag) < 0.5, "{}", now.pos);
        assert!(now.vel.length() < 0.5, "{}", now.vel);
    }

    #[test]
    fn a_missile_within_range_is_evaded_beside_the_run_for_the_flag() {
        // The missile could reach it in 200 / (150 + 100) = 0.8 s, when it will be at
        // (0, -120): evading wants (0, 150) away from there, less its velocity:
        // (-100, 150); the flag wants (150, 0) less its velocity: (50, 0). Together
        // (-50, 150), within 450. 0.1 s of it: (95, 15), a step of (9.5, 1.5).
        let now = tick(&runner(), GOING, &around(Some(BELOW), Vec::new()));
        assert!(close(now.vel, Vec2::new(95.0, 15.0)), "{}", now.vel);
        assert!(close(now.pos, Vec2::new(9.5, 1.5)), "{}", now.pos);
        // 200 away is beyond a range of 150: only the flag, (50, 0).
        let near = RunForFlag {
            range: 150.0,
            ..runner()
        };
        let steering = near.steering(&GOING, None, &[]);
        let now = tick(&near, GOING, &around(Some(BELOW), Vec::new()));
        assert!(close(steering, Vec2::new(50.0, 0.0)), "{steering}");
        assert!(close(now.vel, Vec2::new(105.0, 0.0)), "{}", now.vel);
        // A range of 0 evades at any distance.
        let any = RunForFlag {
            range: 0.0,
            ..runner()
        };
        let far = Moving {
            pos: Vec2::new(0.0, -2000.0),
            ..BELOW
        };
        let now = tick(&any, GOING, &around(Some(far), Vec::new()));
        assert!(now.vel.y > 10.0, "{}", now.vel);
    }

    #[test]
    fn its_feelers_push_it_off_a_rock_ahead_and_the_sum_is_cut_to_max_accel() {
        // Going (100, 0), its feeler reaches 50 ahead; a rock of 20 at (60, 0) is
        // touched 40 along it: pushed back along the normal (-1, 0) by (1 - 0.8) of 450,
        // (-90, 0). (Its side feelers, 17.7 out at 45 degrees, stay 45.9 from the
        // centre.) With the flag's (50, 0): (-40, 0).
        let rock = Obstacle::Circle {
            center: Vec2::new(60.0, 0.0),
            radius: 20.0,
        };
        let steering = runner().steering(&GOING, None, &[rock]);
        assert!(close(steering, Vec2::new(-40.0, 0.0)), "{steering}");
        // Running away from the flag at 150 with a missile on the flag's side following
        // it at the same speed: the flag wants (150, 0) less its velocity, (300, 0);
        // evading the missile (at (100, 0) flying (-150, 0): predicted 100 / 300 s
        // ahead, at (50, 0)) wants (-150, 0) less its velocity: nothing; (300, 0) in
        // all, which a max accel of 200 cuts to (200, 0).
        let weak = RunForFlag {
            max_accel: 200.0,
            ..runner()
        };
        let back = Moving {
            pos: Vec2::ZERO,
            vel: Vec2::new(-150.0, 0.0),
        };
        let head_on = Moving {
            pos: Vec2::new(100.0, 0.0),
            vel: Vec2::new(-150.0, 0.0),
        };
        let steering = weak.steering(&back, Some(&head_on), &[]);
        assert!(close(steering, Vec2::new(200.0, 0.0)), "{steering}");
    }

    #[test]
    fn it_reacts_to_missiles_steers_round_obstacles_and_shows_its_flag() {
        let run = runner();
        assert!(run.evades() && run.steers());
        assert_eq!(run.start(), Vec2::ZERO);
        assert_eq!(run.start_vel(), Vec2::ZERO);
        assert_eq!(
            run.scenery(),
            vec![
                Shape::Point(Vec2::new(600.0, 0.0)),
                Shape::Circle {
                    center: Vec2::new(600.0, 0.0),
                    radius: SLOWING,
                },
            ]
        );
        let placed = RunForFlag::starting_at(Vec2::new(10.0, 20.0));
        assert_eq!(placed.start(), Vec2::new(10.0, 20.0));
        assert_eq!(placed.flag, Vec2::new(610.0, 20.0));
    }
}
