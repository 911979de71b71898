//! Random jinks: at constant speed, a new lateral acceleration drawn uniformly within a
//! bound every `period` seconds, from the motion's own seed.

use super::model::{
    started_by, turn, EvasiveState, MotionModel, MotionState, Moving, Surroundings, POSITION,
    VELOCITY,
};
use crate::core::field::{described, number, whole};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Jinks within `max_accel`, changing every `period` seconds.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jink {
    pub pos: Vec2,
    pub vel: Vec2,
    pub max_accel: f32,
    pub period: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub seed: u32,
}

described!(Jink {
    pos: POSITION.unit("units").help("Where it starts."),
    vel: VELOCITY
        .unit("units/s")
        .help("Start velocity (its length is kept)."),
    max_accel: number(0.0, 1.0e6)
        .label("max accel")
        .unit("units/s^2")
        .help("Bound of the jinks."),
    period: number(0.01, 1000.0)
        .label("jink every")
        .unit("s")
        .help("Seconds between jinks."),
    seed: whole(0, 1000000).help("The same seed, the same jinks."),
});

impl MotionModel for Jink {
    const NAME: &'static str = "Jink";
    const LABEL: &'static str = "random jinks";

    fn starting_at(pos: Vec2) -> Self {
        Self {
            pos,
            vel: Vec2::new(150.0, 0.0),
            max_accel: 300.0,
            period: 0.8,
            seed: 0,
        }
    }

    fn start(&self) -> Vec2 {
        self.pos
    }

    fn start_vel(&self) -> Vec2 {
        self.vel
    }

    fn initial_state(&self) -> MotionState {
        MotionState::Evasive(EvasiveState::new(u64::from(self.seed)))
    }

    fn advance(
        &self,
        state: &mut MotionState,
        now: &mut Moving,
        age: f64,
        dt: f32,
        _around: &Surroundings,
    ) -> bool {
        let MotionState::Evasive(evasive) = state else {
            return true;
        };
        if started_by(age, dt, evasive.next_pick) {
            evasive.accel = evasive.rng.range(-self.max_accel, self.max_accel);
            evasive.next_pick += f64::from(self.period.max(0.01));
        }
        turn(now, evasive.accel, self.vel.length(), dt);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lateral acceleration flown on each of `ticks` ticks of 0.1 s.
    fn jinks(spec: &Jink, ticks: usize) -> Vec<f32> {
        let mut state = spec.initial_state();
        let mut now = Moving {
            pos: spec.pos,
            vel: spec.vel,
        };
        (1..=ticks)
            .map(|k| {
                spec.advance(
                    &mut state,
                    &mut now,
                    k as f64 * 0.1,
                    0.1,
                    &Surroundings::default(),
                );
                let MotionState::Evasive(e) = &state else {
                    unreachable!()
                };
                e.accel
            })
            .collect()
    }

    #[test]
    fn it_picks_a_bounded_acceleration_every_period_from_its_seed() {
        let spec = Jink {
            period: 0.5,
            ..Jink::starting_at(Vec2::ZERO)
        };
        let a = jinks(&spec, 40);
        // Five ticks per pick, eight picks, all within the bound and not all alike.
        for pick in a.chunks(5) {
            assert!(pick.iter().all(|x| *x == pick[0]), "{pick:?}");
            assert!(pick[0].abs() <= 300.0);
        }
        let picks: Vec<f32> = a.chunks(5).map(|p| p[0]).collect();
        assert!(picks.windows(2).all(|w| w[0] != w[1]), "{picks:?}");
        assert_eq!(jinks(&spec, 40), a, "the same seed, the same jinks");
        assert_ne!(
            jinks(
                &Jink {
                    seed: 1,
                    ..spec.clone()
                },
                40
            ),
            a
        );
    }
}
