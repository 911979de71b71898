//! The turn-rate rule of the fly-program article (B): the heading turns at a fixed
//! angular speed towards a goal, holds inside a dead zone compared with a sine, and
//! always turns when the goal is behind; speed is constant (with the article's mass
//! rule, both scale with the enemy's mass). Shared by the turn-rate law
//! ([`crate::guidance::turn_rate`]) and the fly programs' enemies
//! ([`crate::sim::motion::fly_program`]), which fly it with the same parameters.

use crate::core::field::{flag, number, tunable};
use crate::core::wrap_angle;
use crate::core::Portable;
use glam::Vec2;
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
    let turn = choose(sin, cos, eps);
    let decision = TurnDecision {
        heading_error: wrap_angle(err),
        in_dead_zone: turn == Turn::Hold,
        turn,
    };
    (turned(heading, turn, angular_speed, dt), decision)
}

/// The turn for a heading error whose sine and cosine are `sin` and `cos`: hold inside
/// the dead zone `eps` (the goal ahead), else turn towards the goal, always turning when
/// it is behind.
fn choose(sin: f32, cos: f32, eps: f32) -> Turn {
    if cos > 0.0 {
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
    }
}

/// The heading after one tick of `turn` at `angular_speed`, wrapped.
pub fn turned(heading: f32, turn: Turn, angular_speed: f32, dt: f32) -> f32 {
    let step = angular_speed * dt;
    wrap_angle(match turn {
        Turn::Hold => heading,
        Turn::Decrease => heading - step,
        Turn::Increase => heading + step,
    })
}

/// How far [`quick_turn`]'s sine and cosine must be from a boundary of the rule for its
/// turn to be [`turn_toward`]'s. Both are within 3e-6 of the exact sine and cosine of
/// the heading error: `turn_toward`'s through `atan2f` (within 2 ulp, 5e-7 at pi), the
/// subtraction (half an ulp of 2 pi, 2.4e-7) and `sincosf` (an ulp, 6e-8); the quick
/// one through two normalisations and two products of unit vectors (a few ulp of 1,
/// under 2e-6). A hundred times that leaves room for any slip in the count.
const QUICK_MARGIN: f32 = 3e-4;

/// [`turn_toward`]'s turn without its arctangent and sine: from the direction the body
/// faces (`facing`, its velocity, which the rule keeps along its heading) and the line to
/// the goal, the error's sine and cosine as their cross and dot products. `None` where
/// either vector has no direction or the products are within [`QUICK_MARGIN`] of a
/// boundary of the rule (where the two roundings could disagree): ask `turn_toward`.
pub fn quick_turn(facing: Vec2, to_goal: Vec2, eps: f32) -> Option<Turn> {
    let (h, g) = (facing.try_normalize()?, to_goal.try_normalize()?);
    // err = heading - bearing: sin(err) = sin h cos b - cos h sin b.
    let (sin, cos) = (h.y * g.x - h.x * g.y, h.dot(g));
    let near = |value: f32, boundary: f32| (value - boundary).abs() < QUICK_MARGIN;
    let unsure = near(cos, 0.0)
        || match cos > 0.0 {
            true => near(sin, eps) || near(sin, -eps),
            false => near(sin, 0.0),
        };
    (!unsure).then(|| choose(sin, cos, eps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::{FRAC_PI_2, PI};

    /// The turn `turn_toward` takes for a body at `heading` with the goal along `to_goal`.
    fn reference(heading: f32, to_goal: Vec2, eps: f32) -> Turn {
        let bearing = to_goal.y.patan2(to_goal.x);
        turn_toward(heading, bearing, 3.0, eps, 1.0 / 60.0).1.turn
    }

    /// Heading errors at and around each boundary of the rule (the dead zone's edges
    /// ahead, abeam, straight behind), `offsets` away from it.
    fn near_boundaries(eps: f32, offsets: &[f32]) -> Vec<f32> {
        let edge = eps.pasin();
        let boundaries = [edge, -edge, FRAC_PI_2, -FRAC_PI_2, PI];
        boundaries
            .iter()
            .flat_map(|b| offsets.iter().map(move |d| b + d))
            .collect()
    }

    #[test]
    fn the_quick_turn_is_the_rules_turn_wherever_it_decides_and_decides_away_from_its_edges() {
        let mut offsets: Vec<f32> = (-300..=300).map(|k| k as f32 * 2e-7).collect();
        offsets.extend((1..=40).flat_map(|k| [k as f32 * 0.04, -(k as f32) * 0.04]));
        let (mut decided, mut unsure) = (0, 0);
        for eps in [0.0, 0.05, 0.1, 0.5, 0.999] {
            for h in (0..37).map(|i| -PI + 0.0137 + i as f32 * 0.17) {
                for err in near_boundaries(eps, &offsets) {
                    let bearing = h - err;
                    for range in [0.01, 1.0, 300.0, 1e5] {
                        let to_goal = Vec2::new(bearing.pcos(), bearing.psin()) * range;
                        let facing = Vec2::from_angle(h) * 200.0;
                        let want = reference(h, to_goal, eps);
                        match quick_turn(facing, to_goal, eps) {
                            Some(turn) => {
                                assert_eq!(turn, want, "h {h} err {err} eps {eps} r {range}");
                                decided += 1;
                            }
                            None => {
                                // Unsure only where the error's sine or cosine is
                                // within the margin (and the roundings of building
                                // the error) of an edge's.
                                let (sin, cos) = f64::from(err).sin_cos();
                                let near = |v: f64, edge: f32| (v - f64::from(edge)).abs() < 4e-4;
                                let edges = near(cos, 0.0)
                                    || near(sin, eps)
                                    || near(sin, -eps)
                                    || near(sin, 0.0);
                                assert!(edges, "h {h} err {err} eps {eps}: unsure");
                                unsure += 1;
                            }
                        }
                    }
                }
            }
        }
        // Most of the edges' neighbourhoods (within 6e-5) are left to the rule itself.
        assert!(unsure > 100_000 && decided > 50_000, "{unsure} / {decided}");
    }

    #[test]
    fn the_quick_turn_holds_ahead_turns_towards_the_goal_and_asks_without_a_direction() {
        let east = Vec2::new(250.0, 0.0);
        // Ahead: hold. A goal up and to the left (bearing 30 degrees): the heading must
        // increase; down and to the right: decrease.
        assert_eq!(
            quick_turn(east, Vec2::new(100.0, 1.0), 0.1),
            Some(Turn::Hold)
        );
        assert_eq!(
            quick_turn(east, Vec2::new(86.6, 50.0), 0.1),
            Some(Turn::Increase)
        );
        assert_eq!(
            quick_turn(east, Vec2::new(86.6, -50.0), 0.1),
            Some(Turn::Decrease)
        );
        // Behind, a little to the left: the error's sine is negative, increase.
        assert_eq!(
            quick_turn(east, Vec2::new(-100.0, 5.0), 0.1),
            Some(Turn::Increase)
        );
        assert_eq!(
            quick_turn(east, Vec2::new(-100.0, -5.0), 0.1),
            Some(Turn::Decrease)
        );
        // No direction to go by: the rule decides.
        assert_eq!(quick_turn(Vec2::ZERO, Vec2::new(1.0, 0.0), 0.1), None);
        assert_eq!(quick_turn(east, Vec2::ZERO, 0.1), None);
        assert_eq!(quick_turn(east, Vec2::new(f32::NAN, 1.0), 0.1), None);
        // Abeam (cosine 0) and on the dead zone's edge: unsure.
        assert_eq!(quick_turn(east, Vec2::new(0.0, 40.0), 0.1), None);
        let edge = 0.1f32.pasin();
        let on_edge = Vec2::new(edge.pcos(), -edge.psin());
        assert_eq!(quick_turn(east, on_edge, 0.1), None);
    }

    #[test]
    fn a_turn_moves_the_heading_one_step_and_wraps_it() {
        // (Wrapping adds and takes away pi: within an ulp of 2 pi of the sum.)
        let close = |got: f32, want: f32| assert!((got - want).abs() < 1e-6, "{got} {want}");
        close(turned(1.0, Turn::Hold, 3.0, 0.5), 1.0);
        close(turned(1.0, Turn::Increase, 3.0, 0.5), 2.5);
        close(turned(1.0, Turn::Decrease, 3.0, 0.5), -0.5);
        // 3.0 + 0.5 passes pi: wrapped to 3.5 - 2 pi; -3.0 - 0.5 to 2 pi - 3.5.
        close(turned(3.0, Turn::Increase, 1.0, 0.5), 3.5 - 2.0 * PI);
        close(turned(-3.0, Turn::Decrease, 1.0, 0.5), 2.0 * PI - 3.5);
    }
}
