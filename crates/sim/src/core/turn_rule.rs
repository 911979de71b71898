//! The turn-rate rule of the fly-program article (B): the heading turns at a fixed
//! angular speed towards a goal, holds inside a dead zone compared with a sine, and
//! always turns when the goal is behind; speed is constant (with the article's mass
//! rule, both scale with the enemy's mass). Shared by the turn-rate law
//! ([`crate::guidance::turn_rate`]) and the fly programs' enemies
//! ([`crate::sim::motion::fly_program`]), which fly it with the same parameters.

use crate::core::field::{flag, number, tunable};
use crate::core::wrap_angle;
use crate::core::Portable;
use serde::{Deserialize, Serialize};

tunable! {
    /// Parameters of the turn-rate rule (missiles and fly-program enemies alike).
    pub struct TurnRateParams {
        radial_speed: f32 = 200.0 => number(0.0, 2000.0)
            .label("radial speed vR")
            .unit("units/s")
            .help("Forward speed vR (with the mass rule: the sum of the parts' vR)."),
        angular_speed: f32 = 3.0 => number(0.0, 50.0)
            .label("angular speed vA")
            .unit("rad/s")
            .help("Turn rate vA (with the mass rule: the sum of the parts' vA)."),
        dead_zone: f32 = 0.1 => number(0.0, 1.0)
            .label("dead-zone epsilon")
            .unit("sin")
            .help("Dead zone: no turn while |sin(heading error)| <= epsilon (0.1 is about 5.7 degrees)."),
        mass_rule: bool = false => flag()
            .label("mass rule")
            .help("The article's mass rule: speeds become vR*500/mass and vA*500/mass."),
        mass: f32 = 500.0 => number(1.0, 100_000.0)
            .help("Total health of the enemy's parts, used by the mass rule."),
    }
}

impl TurnRateParams {
    /// The speeds actually flown, `(vR, vA)`, after the mass rule if it is on.
    pub fn effective_speeds(&self) -> (f32, f32) {
        if self.mass_rule {
            let scale = 500.0 / self.mass;
            (self.radial_speed * scale, self.angular_speed * scale)
        } else {
            (self.radial_speed, self.angular_speed)
        }
    }
}

/// Which way the rule turned on a tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Turn {
    /// Inside the dead zone: heading held.
    #[default]
    Hold,
    /// Heading decreased.
    Decrease,
    /// Heading increased.
    Increase,
}

/// One decision of the rule, kept for the inspector.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnDecision {
    /// `heading - bearing`, wrapped to (-pi, pi].
    pub heading_error: f32,
    pub in_dead_zone: bool,
    pub turn: Turn,
}

/// The article's steering rule: the new heading after one tick of turning towards
/// `bearing` at `angular_speed`, with dead zone `eps`.
pub fn turn_toward(
    heading: f32,
    bearing: f32,
    angular_speed: f32,
    eps: f32,
    dt: f32,
) -> (f32, TurnDecision) {
    let err = heading - bearing;
    let (sin, cos) = err.psin_cos();
    let turn = if cos > 0.0 {
        if sin > eps {
            Turn::Decrease
        } else if sin < -eps {
            Turn::Increase
        } else {
            Turn::Hold
        }
    } else if sin > 0.0 {
        Turn::Decrease
    } else {
        Turn::Increase
    };
    let step = angular_speed * dt;
    let new_heading = match turn {
        Turn::Hold => heading,
        Turn::Decrease => heading - step,
        Turn::Increase => heading + step,
    };
    let decision = TurnDecision {
        heading_error: wrap_angle(err),
        in_dead_zone: turn == Turn::Hold,
        turn,
    };
    (wrap_angle(new_heading), decision)
}
