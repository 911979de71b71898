//! A break turn: straight on, then a constant-acceleration turn at constant speed from
//! a chosen time, or from when the nearest missile after it comes within a chosen range.

use super::model::{
    started_by, turn, EvasiveState, MotionModel, MotionState, Moving, Surroundings, POSITION,
    VELOCITY,
};
use crate::core::field::{described, number};
use crate::sim::limits::MAX_COORD;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Flies `vel` until `at_time` (and, with `at_range`, a missile within it), then turns
/// with lateral acceleration `accel` for good.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakTurn {
    pub pos: Vec2,
    pub vel: Vec2,
    pub accel: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub at_time: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub at_range: f32,
}

described!(BreakTurn {
    pos: POSITION.unit("units").help("Where it starts."),
    vel: VELOCITY
        .unit("units/s")
        .help("Velocity (its length is kept in the turn)."),
    accel: number(-1.0e6, 1.0e6)
        .label("turn accel (+: clockwise)")
        .unit("units/s^2")
        .help("Lateral acceleration of the turn; positive turns clockwise on screen."),
    at_time: number(0.0, 1.0e6)
        .label("break after")
        .unit("s")
        .help("Earliest time of the break."),
    at_range: number(0.0, MAX_COORD)
        .label("break within (0: by time)")
        .unit("units")
        .help("Break when a missile is this near; 0: at at_time."),
});

impl MotionModel for BreakTurn {
    const NAME: &'static str = "BreakTurn";
    const LABEL: &'static str = "break turn";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            vel: Vec2::new(150.0, 0.0),
            accel: 300.0,
            at_time: 2.0,
            at_range: 0.0,
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn start_vel(&self) -> Vec2 {
        self.vel
    }

    fn evades(&self) -> bool {
        self.at_range > 0.0
    }

    fn initial_state(&self) -> MotionState {
        MotionState::Evasive(EvasiveState::new(0))
    }

    fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        dt: f32,
        around: &Surroundings,
    ) -> bool {
        let MotionState::Evasive(evasive) = state else {
            return true;
        };
        let near = self.at_range <= 0.0
            || around
                .threat
                .is_some_and(|t| t.pos.distance(now.pos) <= self.at_range);
        if !evasive.started && started_by(age, dt, f64::from(self.at_time)) && near {
            evasive.started = true;
        }
        let accel = if evasive.started { self.accel } else { 0.0 };
        turn(now, accel, self.vel.length(), dt);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fly(spec: &BreakTurn, ticks: usize, around: &Surroundings) -> (Moving, MotionState) {
        let mut state = spec.initial_state();
        let mut now = Moving {
            pos: spec.pos,
            vel: spec.vel,
        };
        for k in 1..=ticks {
            spec.advance(&mut state, &mut now, k as f64 * 0.1, 0.1, around);
        }
        (now, state)
    }

    #[test]
    fn it_flies_straight_until_its_time_then_turns_at_a_constant_rate() {
        // 100 units/s, 200 units/s^2: 2 rad/s once it breaks at 1 s.
        let spec = BreakTurn {
            pos: Vec2::ZERO,
            vel: Vec2::new(100.0, 0.0),
            accel: 200.0,
            at_time: 1.0,
            at_range: 0.0,
        };
        let (now, _) = fly(&spec, 10, &Surroundings::default());
        assert!(
            (now.pos - Vec2::new(100.0, 0.0)).length() < 1e-3,
            "straight: {}",
            now.pos
        );
        assert_eq!(now.vel, spec.vel);
        let (now, _) = fly(&spec, 20, &Surroundings::default());
        // Each tick turns by atan(200 * 0.1 / 100) = 0.1974 rad: 10 ticks, 1.974 rad.
        let turned = now.vel.y.atan2(now.vel.x);
        assert!((turned - 1.974).abs() < 1e-3, "{turned}");
        assert!((now.vel.length() - 100.0).abs() < 1e-3);
    }

    #[test]
    fn with_a_range_it_waits_for_a_missile_within_it() {
        let spec = BreakTurn {
            at_range: 50.0,
            at_time: 0.0,
            ..BreakTurn::starting_at(Vec2::ZERO)
        };
        let far = Surroundings {
            threat: Some(Moving {
                pos: Vec2::new(0.0, 400.0),
                vel: Vec2::ZERO,
            }),
            ..Surroundings::default()
        };
        let (now, state) = fly(&spec, 5, &far);
        assert_eq!(now.vel, spec.vel, "no missile near: straight on");
        assert_eq!(state, spec.initial_state());
        let near = Surroundings {
            threat: Some(Moving {
                pos: Vec2::new(10.0, 10.0),
                vel: Vec2::ZERO,
            }),
            ..Surroundings::default()
        };
        let (now, _) = fly(&spec, 1, &near);
        assert!(now.vel.y > 0.0, "broke clockwise on screen: {}", now.vel);
    }
}
