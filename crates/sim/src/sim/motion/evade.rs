//! Reynolds' evade: flee from where the nearest missile after the target will be, with
//! a bounded steering acceleration, at a cruise speed; straight on while none is near.

use super::model::{MotionModel, MotionState, Moving, Surroundings, POSITION, VELOCITY};
use crate::core::field::{described, number};
use crate::sim::limits::MAX_COORD;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Cruises at `|vel|`; a missile within `range` (0: any) is evaded.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evade {
    pub pos: Vec2,
    pub vel: Vec2,
    pub max_accel: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub range: f32,
}

described!(Evade {
    pos: POSITION.unit("units").help("Where it starts."),
    vel: VELOCITY
        .label("start vel (its length: speed)")
        .unit("units/s")
        .help("Start velocity; its length is the cruise speed."),
    max_accel: number(0.0, 1.0e6)
        .label("max accel")
        .unit("units/s^2")
        .help("Largest steering acceleration."),
    range: number(0.0, MAX_COORD)
        .label("evade within (0: any)")
        .unit("units")
        .help("Only missiles this near are evaded; 0: any."),
});

impl Evade {
    /// Reynolds' evade: the velocity that flees from where the threat will be when it
    /// could get here, `distance / (own speed + its speed)` from now.
    pub fn desired(&self, at: Vec2, threat: &Moving) -> Vec2 {
        let speed = self.vel.length();
        let away = at - threat.pos;
        let ahead = away.length() / (speed + threat.vel.length()).max(1e-6);
        let predicted = threat.pos + threat.vel * ahead;
        (at - predicted)
            .try_normalize()
            .or(away.try_normalize())
            .unwrap_or(Vec2::X)
            * speed
    }
}

impl MotionModel for Evade {
    const NAME: &'static str = "Evade";
    const LABEL: &'static str = "evade the nearest missile";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            vel: Vec2::new(120.0, 0.0),
            max_accel: 300.0,
            range: 0.0,
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn start_vel(&self) -> Vec2 {
        self.vel
    }

    fn evades(&self) -> bool {
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
        let speed = self.vel.length();
        let desired = match around.threat_within(now.pos, self.range) {
            Some(threat) => self.desired(now.pos, &threat),
            None => now.vel.try_normalize().unwrap_or(Vec2::X) * speed,
        };
        let steering = (desired - now.vel).clamp_length_max(self.max_accel);
        now.vel = (now.vel + steering * dt).clamp_length_max(speed);
        now.pos += now.vel * dt;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_flees_from_where_the_missile_will_be_with_bounded_steering() {
        // At (0, 0) flying (100, 0); a missile at (-300, -100) flying (200, 0): it could
        // get here in |(300, 100)| / 300 = 1.054 s, when it will be at (-89.2, -100);
        // fleeing (89.2, 100) normalised times 100 = (66.6, 74.6).
        let evade = Evade {
            pos: Vec2::ZERO,
            vel: Vec2::new(100.0, 0.0),
            max_accel: 50.0,
            range: 0.0,
        };
        let threat = Moving {
            pos: Vec2::new(-300.0, -100.0),
            vel: Vec2::new(200.0, 0.0),
        };
        let desired = evade.desired(Vec2::ZERO, &threat);
        assert!(
            (desired - Vec2::new(66.56, 74.63)).length() < 0.05,
            "{desired}"
        );
        // The steering (-33.4, 74.6) is cut to 50 long: 0.1 s of it changes the
        // velocity by (-2.04, 4.56).
        let mut now = Moving {
            pos: Vec2::ZERO,
            vel: evade.vel,
        };
        let around = Surroundings {
            threat: Some(threat),
            ..Surroundings::default()
        };
        let mut state = evade.initial_state();
        evade.advance(&mut state, &mut now, 0.1, 0.1, &around);
        assert!(
            (now.vel - Vec2::new(97.96, 4.56)).length() < 0.05,
            "{}",
            now.vel
        );
        assert!((now.pos - now.vel * 0.1).length() < 1e-4);
    }

    #[test]
    fn out_of_range_or_alone_it_flies_straight_on() {
        let evade = Evade {
            range: 100.0,
            ..Evade::starting_at(Vec2::ZERO)
        };
        let far = Surroundings {
            threat: Some(Moving {
                pos: Vec2::new(0.0, 150.0),
                vel: Vec2::ZERO,
            }),
            ..Surroundings::default()
        };
        for around in [far, Surroundings::default()] {
            let mut now = Moving {
                pos: Vec2::ZERO,
                vel: evade.vel,
            };
            evade.advance(&mut evade.initial_state(), &mut now, 0.1, 0.1, &around);
            assert_eq!(now.vel, evade.vel);
            assert_eq!(now.pos, evade.vel * 0.1);
        }
    }
}
