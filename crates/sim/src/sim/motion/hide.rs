//! Reynolds' hide, for a target: while a missile after it is near, it runs for the hiding
//! spot nearest it (behind each obstacle from that missile, `gap` beyond the obstacle's
//! bounding circle) and arrives there, slowing within three gaps of it; with no obstacle
//! it evades the missile; with none near it comes to rest. It steers as Reynolds'
//! vehicle (its steering acceleration at most `max_accel`, its speed at most
//! `max_speed`), its feelers (half a second of its speed ahead) pushing it off the
//! obstacles' surfaces on the way.

use super::model::{
    feelers_push, steer_as_vehicle, MotionModel, MotionState, Moving, Surroundings, POSITION,
};
use crate::core::field::{described, number};
use crate::sim::limits::{MAX_COORD, MAX_SPEED};
use crate::steering::avoid::hide;
use crate::steering::{truncate, Obstacle, Vehicle};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_gap: f32 = 30.0);

/// Starts at rest at `pos`; hides from the missiles within `range` (0: any).
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hide {
    pub pos: Vec2,
    pub max_speed: f32,
    pub max_accel: f32,
    #[serde(
        default = "default_gap::value",
        skip_serializing_if = "default_gap::is"
    )]
    pub gap: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub range: f32,
}

described!(Hide {
    pos: POSITION.unit("units").help("Where it starts, at rest."),
    max_speed: number(0.0, MAX_SPEED)
        .label("max speed")
        .unit("units/s")
        .help("Its top speed."),
    max_accel: number(0.0, 1.0e6)
        .label("max accel")
        .unit("units/s^2")
        .help("Largest steering acceleration."),
    gap: number(0.0, MAX_COORD)
        .unit("units")
        .help("How far beyond an obstacle's bounding circle it hides."),
    range: number(0.0, MAX_COORD)
        .label("hide within (0: any)")
        .unit("units")
        .help("Only missiles this near are hidden from; 0: any."),
});

impl Hide {
    /// The steering acceleration at `now`, with `threat` the nearest missile after it
    /// (if near) among `obstacles`: the push of its feelers plus hiding (or evading, or
    /// braking), cut to `max_accel`.
    pub fn steering(&self, now: &Moving, threat: Option<&Moving>, obstacles: &[Obstacle]) -> Vec2 {
        let v = Vehicle::new(now.pos, now.vel, self.max_accel, self.max_speed, 0.0);
        let goal = match threat {
            Some(t) => hide(&v, &t.mover(), obstacles, self.gap, 3.0 * self.gap).0,
            None => -now.vel,
        };
        let avoid = feelers_push(&v, obstacles);
        truncate(avoid + goal, self.max_accel)
    }
}

impl MotionModel for Hide {
    const NAME: &'static str = "Hide";
    const LABEL: &'static str = "hide behind obstacles";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            max_speed: 150.0,
            max_accel: 400.0,
            gap: default_gap::value(),
            range: 0.0,
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
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

    fn hider() -> Hide {
        Hide {
            pos: Vec2::ZERO,
            max_speed: 100.0,
            max_accel: 400.0,
            gap: 30.0,
            range: 0.0,
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
    fn tick(hide: &Hide, mut now: Moving, around: &Surroundings) -> Moving {
        hide.advance(&mut hide.initial_state(), &mut now, 0.1, 0.1, around);
        now
    }

    const WEST: Moving = Moving {
        pos: Vec2::new(-200.0, 0.0),
        vel: Vec2::new(50.0, 0.0),
    };

    #[test]
    fn it_runs_for_the_spot_behind_the_nearest_obstacle_from_the_missile() {
        // A missile west of it, a circle of 20 at (100, 0) and one at (0, -400): the spot
        // behind the first is (100, 0) + (1, 0) * (20 + 30) = (150, 0), 150 away, beyond
        // the slowing radius of 90: it wants (100, 0) at full speed; from rest that is
        // its steering, 0.1 s of it: (10, 0), a step of (1, 0).
        let obstacles = vec![
            Obstacle::Circle {
                center: Vec2::new(100.0, 0.0),
                radius: 20.0,
            },
            Obstacle::Circle {
                center: Vec2::new(0.0, -400.0),
                radius: 20.0,
            },
        ];
        let rest = Moving {
            pos: Vec2::ZERO,
            vel: Vec2::ZERO,
        };
        let now = tick(&hider(), rest, &around(Some(WEST), obstacles));
        assert!(
            (now.vel - Vec2::new(10.0, 0.0)).length() < 1e-4,
            "{}",
            now.vel
        );
        assert!(
            (now.pos - Vec2::new(1.0, 0.0)).length() < 1e-4,
            "{}",
            now.pos
        );
        // Within the slowing radius it arrives: at (120, 40) going (100, 0), the spot is
        // 50 away along (30, -40) / 50: it wants 50 / 90 of full speed, (33.33, -44.44),
        // less its velocity: (-66.67, -44.44). (Its feelers, 50 ahead and 25 to the
        // sides, stay over 40 from the circle's centre: no push.)
        let close = Moving {
            pos: Vec2::new(120.0, 40.0),
            vel: Vec2::new(100.0, 0.0),
        };
        let circle = Obstacle::Circle {
            center: Vec2::new(100.0, 0.0),
            radius: 20.0,
        };
        let steering = hider().steering(&close, Some(&WEST), &[circle]);
        assert!(
            (steering - Vec2::new(-66.667, -44.444)).length() < 1e-2,
            "{steering}"
        );
    }

    #[test]
    fn with_no_missile_near_it_brakes_and_with_no_obstacle_it_evades() {
        let moving = Moving {
            pos: Vec2::ZERO,
            vel: Vec2::new(100.0, 0.0),
        };
        // Braking: -(100, 0), within 400; 0.1 s of it leaves (90, 0).
        let now = tick(&hider(), moving, &around(None, Vec::new()));
        assert!((now.vel - Vec2::new(90.0, 0.0)).length() < 1e-4);
        // A missile 300 away is out of a range of 250: still braking.
        let far = Hide {
            range: 250.0,
            ..hider()
        };
        let threat = Moving {
            pos: Vec2::new(-300.0, 0.0),
            vel: Vec2::ZERO,
        };
        let now = tick(&far, moving, &around(Some(threat), Vec::new()));
        assert!((now.vel - Vec2::new(90.0, 0.0)).length() < 1e-4);
        // Within range and nowhere to hide: it flees from the missile (at rest: straight
        // away, +x at full speed less its velocity: nothing to change).
        let now = tick(&hider(), moving, &around(Some(threat), Vec::new()));
        assert!(
            (now.vel - Vec2::new(100.0, 0.0)).length() < 1e-4,
            "{}",
            now.vel
        );
    }

    #[test]
    fn its_feelers_push_it_off_a_wall_ahead() {
        // Going (100, 0) with no missile near, a wall across x = 30: its feeler ahead,
        // 50 long (half a second), touches it at 0.6 of its length and pushes back by
        // 0.4 * 400 = 160; with its braking (-100) that is (-260, 0): 0.1 s of it leaves
        // (74, 0) (braking alone would leave 90).
        let wall = Obstacle::Wall {
            a: Vec2::new(30.0, -50.0),
            b: Vec2::new(30.0, 50.0),
        };
        let moving = Moving {
            pos: Vec2::ZERO,
            vel: Vec2::new(100.0, 0.0),
        };
        let now = tick(&hider(), moving, &around(None, vec![wall]));
        assert!(
            (now.vel - Vec2::new(74.0, 0.0)).length() < 1e-3,
            "{}",
            now.vel
        );
        assert!(Hide::starting_at(Vec2::ONE).evades() && hider().steers());
        // It starts at rest.
        assert_eq!(hider().start_vel(), Vec2::ZERO);
    }
}
