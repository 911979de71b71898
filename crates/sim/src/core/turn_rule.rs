//! The turn-rate rule of the fly-program article (B): the heading turns at a fixed
//! angular speed towards a goal, holds inside a dead zone compared with a sine, and
//! always turns when the goal is behind; speed is constant (with the article's mass
//! rule, both scale with the enemy's mass). Shared by the turn-rate law
//! ([`crate::guidance::turn_rate`]) and the fly programs' enemies
//! ([`crate::sim::motion::fly_program`]), which fly it with the same parameters.

use crate::core::field::{flag, number, tunable};
use crate::core::lanes::{Real, V2};
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
    Turn::of(choose_of(sin, cos, eps))
}

/// [`choose`] for one heading error or four: where the heading decreases and where it
/// increases (elsewhere it holds; where both would, it decreases).
#[inline]
fn choose_of<N: Real>(sin: N, cos: N, eps: N) -> [N::Mask; 2] {
    let zero = N::splat(0.0);
    let (ahead, behind) = (cos.gt(zero), !cos.gt(zero));
    [
        (ahead & sin.gt(eps)) | (behind & sin.gt(zero)),
        (ahead & (-eps).gt(sin)) | (behind & !sin.gt(zero)),
    ]
}

impl Turn {
    /// The turn [`choose_of`]'s masks give one heading.
    pub(crate) fn of([decrease, increase]: [bool; 2]) -> Turn {
        match (decrease, increase) {
            (true, _) => Turn::Decrease,
            (false, true) => Turn::Increase,
            (false, false) => Turn::Hold,
        }
    }
}

/// The heading after one tick of `turn` at `angular_speed`, wrapped.
pub fn turned(heading: f32, turn: Turn, angular_speed: f32, dt: f32) -> f32 {
    let turn = [turn == Turn::Decrease, turn == Turn::Increase];
    wrap_angle(turning(heading, turn, angular_speed, dt))
}

/// [`turned`] before its wrap, for one heading or four, the turn as [`choose_of`]'s
/// masks.
#[inline]
pub fn turning<N: Real>(heading: N, [decrease, increase]: [N::Mask; 2], speed: N, dt: N) -> N {
    let step = speed * dt;
    N::select(
        decrease,
        heading - step,
        N::select(increase, heading + step, heading),
    )
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
    let (sure, turn) = quick_turn_of(facing.into(), to_goal.into(), eps);
    sure.then(|| Turn::of(turn))
}

/// [`quick_turn`] for one body or four: where it is sure, and the turn as
/// [`choose_of`]'s masks (meaningless where it is not sure).
#[inline]
pub fn quick_turn_of<N: Real>(facing: V2<N>, to_goal: V2<N>, eps: N) -> (N::Mask, [N::Mask; 2]) {
    let ((h, facing), (g, towards)) = (facing.try_normalize(), to_goal.try_normalize());
    // err = heading - bearing: sin(err) = sin h cos b - cos h sin b.
    let (sin, cos) = (h.y * g.x - h.x * g.y, h.dot(g));
    let zero = N::splat(0.0);
    let near = |value: N, boundary: N| N::splat(QUICK_MARGIN).gt((value - boundary).abs());
    let ahead = cos.gt(zero);
    let unsure =
        near(cos, zero) | (ahead & (near(sin, eps) | near(sin, -eps))) | (!ahead & near(sin, zero));
    (facing & towards & !unsure, choose_of(sin, cos, eps))
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
    fn four_lanes_decide_and_turn_as_one_does() {
        use crate::core::lanes::{bits, F4, V2};
        // Headings, goals and dead zones: clear turns each way and a hold, behind, on an
        // edge, without a direction, and a zone larger than the error (both sides).
        let east = Vec2::new(250.0, 0.0);
        let edge = 0.1f32.pasin();
        let cases = [
            (east, Vec2::new(100.0, 1.0), 0.1),
            (east, Vec2::new(86.6, 50.0), 0.1),
            (east, Vec2::new(86.6, -50.0), 0.1),
            (east, Vec2::new(-100.0, 5.0), 0.1),
            (east, Vec2::new(-100.0, -5.0), 0.1),
            (east, Vec2::new(edge.pcos(), -edge.psin()), 0.1),
            (Vec2::ZERO, Vec2::new(1.0, 0.0), 0.1),
            (Vec2::new(-3.0, 4.0), Vec2::new(1.0, 2.0), 0.3),
            (Vec2::new(0.0, -7.0), Vec2::new(-1.0, -9.0), 0.0),
            (east, Vec2::new(0.0, 40.0), 0.1),
            (east, Vec2::new(50.0, 20.0), -0.5),
            (east, Vec2::new(f32::NAN, 1.0), 0.1),
        ];
        let (mut sure, mut each) = (0, [0; 3]);
        for four in cases.chunks(4) {
            let lanes = |f: &dyn Fn(&(Vec2, Vec2, f32)) -> Vec2| {
                V2::gather(std::array::from_fn(|i| f(&four[i])))
            };
            let eps = F4::from(std::array::from_fn(|i| four[i].2));
            let (said, turn) = quick_turn_of(lanes(&|c| c.0), lanes(&|c| c.1), eps);
            let heading = F4::from([0.5, -3.1, 3.1, 0.0]);
            let (speed, dt) = (F4::splat(3.0), F4::splat(0.25));
            let raw = turning(heading, turn, speed, dt);
            for (i, &(facing, to_goal, eps)) in four.iter().enumerate() {
                let one = quick_turn(facing, to_goal, eps);
                assert_eq!(bits(said) & (1 << i) != 0, one.is_some(), "{i}: {one:?}");
                let Some(one) = one else { continue };
                let lane = |mask: F4| bits(mask) & (1 << i) != 0;
                assert_eq!(Turn::of([lane(turn[0]), lane(turn[1])]), one, "{i}");
                let h = heading.as_array()[i];
                let want = turned(h, one, 3.0, 0.25);
                assert_eq!(wrap_angle(raw.as_array()[i]).to_bits(), want.to_bits());
                sure += 1;
                each[one as usize] += 1;
            }
        }
        // Holds, decreases and increases were each compared; four lanes asked the rule.
        assert_eq!((sure, each.map(|n| n > 0)), (8, [true; 3]));
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
