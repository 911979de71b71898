//! B1. Turn-rate-limited pursuit with a dead zone (the fly-program article): the heading
//! turns at a fixed angular speed towards the goal, holds inside a dead zone compared
//! with a sine, and always turns when the goal is behind. Speed is constant.

use super::law::{lane_by_lane, Launch, Law, Signal};
use crate::core::lanes::{LaneStep, LaneTick, Moved, F4, LANE_NUMBERS};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use wide::bytemuck::cast;
use wide::i32x4 as I4;

use crate::core::lanes::{bits, Real, V2};
use crate::core::turn_rule::{quick_turn, quick_turn_of, turned, turning};
pub use crate::core::turn_rule::{turn_toward, Turn, TurnDecision, TurnRateParams};
use crate::core::wrap_angle_of;

/// Per-missile state: the last decision (the heading lives in the body).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnRate {
    pub last: TurnDecision,
}

impl Law for TurnRate {
    const ID: &'static str = "turn-rate";
    const SUMMARY: &'static str = "B: turn-rate pursuit with a dead zone (fly-program article)";
    const COLOR: [u8; 3] = [102, 204, 255];
    type Params = TurnRateParams;

    fn launch(params: &TurnRateParams, launch: &Launch) -> Option<(Self, Body)> {
        let (speed, _) = params.effective_speeds();
        let body = Body {
            pos: launch.pos,
            vel: launch.dir * speed,
            heading: launch.dir.y.patan2(launch.dir.x),
        };
        Some((Self::default(), body))
    }

    fn steer(&mut self, params: &TurnRateParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let (speed, turn_speed) = params.effective_speeds();
        let turning = [speed, turn_speed, params.dead_zone];
        let (decision, turned) = fly(body, turning, seen.target_pos, seen.dt);
        self.last = decision;
        *body = turned;
        None
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);

    /// Always: `[heading, speed, turn rate, dead zone, 0]` (the speeds after the mass
    /// rule; the last is [`step_lanes`]'s, 0 as the velocity need not be the heading's:
    /// a launch's is not).
    fn lane(&self, params: &TurnRateParams, body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let (speed, turn_speed) = params.effective_speeds();
        let (heading, dead_zone) = (body.heading, params.dead_zone);
        Some([heading, speed, turn_speed, dead_zone, 0.0, 0.0])
    }

    fn readouts(&self, _params: &TurnRateParams, _dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::angle("heading error", self.last.heading_error));
        out.push(Readout::flag("in dead zone", self.last.in_dead_zone));
        out.push(Readout::text("turn", format!("{:?}", self.last.turn)));
    }

    fn debug_shapes(
        &self,
        params: &TurnRateParams,
        body: &Body,
        _seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        out.extend(turn_rate_shapes(params, body));
    }
}

/// One tick of the turn-rate rule for `body` turning at `[speed, turn rate, dead zone]`
/// towards `goal`: the decision and where it leaves the body.
fn fly(
    body: &Body,
    [speed, turn_speed, dead_zone]: [f32; 3],
    goal: Vec2,
    dt: f32,
) -> (TurnDecision, Body) {
    let to_goal = goal - body.pos;
    let bearing = to_goal.y.patan2(to_goal.x);
    let (heading, decision) = turn_toward(body.heading, bearing, turn_speed, dead_zone, dt);
    (decision, moved(body, heading, speed, dt))
}

/// The body flying a tick at `speed` along its new `heading`.
fn moved(body: &Body, heading: f32, speed: f32, dt: f32) -> Body {
    let vel = Vec2::from_angle(heading) * speed;
    let pos = body.pos + vel * dt;
    Body { pos, vel, heading }
}

/// Four missiles' ticks: numbers `[heading, speed, turn rate, dead zone, on heading]`
/// ([`TurnRate::lane`]), each moved as [`fly`] moves one missile, its turn decided by
/// [`quick_turn_of`] from its velocity (the direction its heading gives) where that is
/// sure, else by [`fly`] itself (the decision is all the arctangent and the error's sine
/// decide here: the same turn, so the same bits). Where every lane's turn is sure and
/// its new heading wraps the common way, the four move at once (the new heading's sine
/// and cosine are `libm`'s bits, [`crate::core::lanes::Real::portable_sin_cos`]); else
/// lane by lane. Every move here leaves the velocity its heading's at its speed (`on
/// heading` 1): where each lane's new heading has the bits of its old one (flying
/// straight, once the wrap's rounding has settled, in a tick or two), each velocity is
/// the one it had, without its sine and cosine.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let (sure, turn) = quick_turn_of(tick.vel, tick.target_pos - tick.pos, n[3]);
    let (heading, usual) = wrap_angle_of(turning(n[0], turn, n[2], tick.dt));
    if bits(sure & usual) == 0b1111 {
        let same: I4 = cast::<F4, I4>(heading).simd_eq(cast::<F4, I4>(n[0]));
        let held = cast::<I4, F4>(same) & n[4].simd_eq(F4::ONE);
        let vel = match bits(held) == 0b1111 {
            true => tick.vel,
            false => {
                let (sin, cos) = heading.portable_sin_cos();
                V2::new(cos, sin).scale(n[1])
            }
        };
        (n[0], n[4]) = (heading, F4::ONE);
        return (tick.pos + vel.scale(tick.dt), vel).into();
    }
    lane_by_lane(n, tick, |n, body, seen| {
        body.heading = n[0];
        let turning = [n[1], n[2], n[3]];
        let moved = match quick_turn(body.vel, seen.target_pos - body.pos, n[3]) {
            Some(turn) => moved(body, turned(n[0], turn, n[2], seen.dt), n[1], seen.dt),
            None => fly(body, turning, seen.target_pos, seen.dt).1,
        };
        (n[0], n[4], *body) = (moved.heading, 1.0, moved);
        None
    })
}

/// The dead-zone wedge and the turn circles of a turn-rate body.
pub fn turn_rate_shapes(params: &TurnRateParams, body: &Body) -> [DebugShape; 3] {
    let (speed, turn_speed) = params.effective_speeds();
    let radius = if turn_speed > 0.0 {
        speed / turn_speed
    } else {
        0.0
    };
    let side = Vec2::from_angle(body.heading).perp() * radius;
    [
        DebugShape::new(
            Role::DeadZone,
            Shape::Wedge {
                apex: body.pos,
                direction: body.heading,
                half_angle: params.dead_zone.clamp(0.0, 1.0).pasin(),
                length: 80.0,
            },
        ),
        DebugShape::new(
            Role::TurnCircle,
            Shape::Circle {
                center: body.pos + side,
                radius,
            },
        ),
        DebugShape::new(
            Role::TurnCircle,
            Shape::Circle {
                center: body.pos - side,
                radius,
            },
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::wrap_angle;
    use std::f32::consts::PI;

    const DT: f32 = 0.1;

    #[test]
    fn a_pack_with_a_lane_the_quick_turn_would_get_wrong_turns_it_as_the_rule_does() {
        // A heading error a hair from the dead zone's edge where the quick products and
        // the rule's sine fall on different sides: found by walking along the edge.
        let eps = 0.1f32;
        let edge = eps.pasin();
        let (heading, to_goal) = (0..200_000)
            .map(|k| (0.3 + k as f32 * 1e-5, edge + (k % 41) as f32 * 1e-8 - 2e-7))
            .map(|(h, err)| (h, Vec2::new((h - err).pcos(), (h - err).psin()) * 500.0))
            .find(|&(h, g)| {
                let facing = Vec2::from_angle(h) * 200.0;
                let (_, quick) = quick_turn_of(facing.into(), g.into(), eps);
                let bearing = g.y.patan2(g.x);
                Turn::of(quick) != turn_toward(h, bearing, 3.0, eps, DT).1.turn
            })
            .expect("an edge where the two disagree");
        // That lane beside three clear ones, and four of it: the pack flies each as one
        // missile does.
        let clear = [
            (0.2, Vec2::new(300.0, 40.0)),
            (-1.0, Vec2::new(-50.0, 200.0)),
            (2.5, Vec2::new(0.0, -90.0)),
        ];
        let mixed = [(heading, to_goal), clear[0], clear[1], clear[2]];
        for pack in [mixed, [(heading, to_goal); 4]] {
            let (headings, goals) = (pack.map(|(h, _)| h), pack.map(|(_, g)| g));
            let mut n: [F4; LANE_NUMBERS] = [
                F4::from(headings),
                F4::splat(200.0),
                F4::splat(3.0),
                F4::splat(eps),
                F4::ZERO,
                F4::ZERO,
            ];
            let vel = V2::gather(headings.map(|h| Vec2::from_angle(h) * 200.0));
            let tick = LaneTick {
                pos: V2::gather([Vec2::ZERO; 4]),
                vel,
                target_pos: V2::gather(goals),
                target_vel: V2::gather([Vec2::ZERO; 4]),
                dt: F4::splat(DT),
                moved_on: false,
            };
            let moved = step_lanes(&mut n, &tick);
            for i in 0..4 {
                let body = Body {
                    pos: Vec2::ZERO,
                    vel: vel.lane(i),
                    heading: headings[i],
                };
                let (_, one) = fly(&body, [200.0, 3.0, eps], goals[i], DT);
                assert_eq!(
                    n[0].as_array()[i].to_bits(),
                    one.heading.to_bits(),
                    "lane {i}"
                );
                assert_eq!(moved.vel.lane(i), one.vel, "lane {i}");
            }
        }
    }

    /// Speed 200, turn rate 3, dead zone 0.1.
    fn params() -> TurnRateParams {
        let params = TurnRateParams {
            radial_speed: 200.0,
            angular_speed: 3.0,
            dead_zone: 0.1,
            ..Default::default()
        };
        assert_eq!(params.effective_speeds(), (200.0, 3.0));
        params
    }

    /// Four lanes of turn-rate missiles ([`params`]) at `heading` flying at `vel`, with
    /// `on_heading` as the step's last number (else the numbers [`TurnRate::lane`]
    /// gives), and their goal dead ahead (no turn): the velocity the step leaves, against
    /// the one-missile rule's.
    fn straight_on(heading: f32, vel: Vec2, on_heading: Option<f32>) -> (Vec2, Vec2) {
        let body = Body {
            pos: Vec2::ZERO,
            vel,
            heading,
        };
        let mut numbers = TurnRate::default().lane(&params(), &body).unwrap();
        if let Some(on_heading) = on_heading {
            numbers[4] = on_heading;
        }
        let mut n = numbers.map(F4::splat);
        let goal = Vec2::from_angle(heading) * 1000.0;
        let tick = LaneTick {
            pos: V2::gather([Vec2::ZERO; 4]),
            vel: V2::gather([vel; 4]),
            target_pos: V2::gather([goal; 4]),
            target_vel: V2::gather([Vec2::ZERO; 4]),
            dt: F4::splat(DT),
            moved_on: false,
        };
        let moved = step_lanes(&mut n, &tick);
        let (decision, one) = fly(&body, [200.0, 3.0, 0.1], goal, DT);
        assert_eq!(decision.turn, Turn::Hold, "the goal is dead ahead");
        assert_eq!(
            n[4].to_array(),
            [1.0; 4],
            "its velocity is its heading's now"
        );
        (moved.vel.lane(0), one.vel)
    }

    /// A heading the wrap leaves as it is (wrapped until it stops changing).
    fn settled(mut heading: f32) -> f32 {
        while wrap_angle(heading).to_bits() != heading.to_bits() {
            heading = wrap_angle(heading);
        }
        heading
    }

    #[test]
    fn a_launch_velocity_is_not_taken_for_its_heading_s() {
        // Launched along (3, 4) and handed over as launched: its heading is atan2(4, 3),
        // and its velocity the direction times the speed, a few ulp from the heading's
        // sine and cosine times it.
        let heading = settled(4f32.patan2(3.0));
        let launched = Vec2::new(0.6, 0.8) * 200.0;
        let along = Vec2::from_angle(heading) * 200.0;
        assert_ne!(launched, along, "the two differ in their last bits");
        let (lanes, one) = straight_on(heading, launched, None);
        assert_eq!(one, along);
        assert_eq!(lanes, one);
    }

    #[test]
    fn a_heading_the_wrap_moves_gets_its_own_velocity() {
        // 0.3 + 1e-7 is not a multiple of the ulp of 0.3 + pi: the wrap moves it.
        let heading = 0.300_000_1f32;
        assert_ne!(wrap_angle(heading), heading);
        let (lanes, one) = straight_on(heading, Vec2::from_angle(heading) * 200.0, Some(1.0));
        assert_eq!(one, Vec2::from_angle(wrap_angle(heading)) * 200.0);
        assert_ne!(
            one,
            Vec2::from_angle(heading) * 200.0,
            "a velocity of its own"
        );
        assert_eq!(lanes, one);
    }

    #[test]
    fn a_settled_heading_keeps_the_velocity_it_has() {
        // On its heading and straight on: the velocity it has is the one it would get.
        let heading = settled(0.3);
        let along = Vec2::from_angle(heading) * 200.0;
        let (lanes, one) = straight_on(heading, along, Some(1.0));
        assert_eq!((lanes, one), (along, along));
    }

    #[test]
    fn turns_by_va_dt_toward_the_goal_and_moves_at_vr() {
        // Heading +x, goal straight down (+y): sin(0 - pi/2) = -1 < -eps -> increase.
        let params = TurnRateParams {
            radial_speed: 100.0,
            angular_speed: 2.0,
            ..Default::default()
        };
        let mut tr = TurnRate::default();
        let mut body = Body {
            heading: 0.0,
            ..Default::default()
        };
        let seen = Seen {
            target_pos: Vec2::new(0.0, 100.0),
            target_vel: Vec2::ZERO,
            dt: DT,
        };
        tr.steer(&params, &mut body, &seen);
        assert!((body.heading - 0.2).abs() < 1e-6);
        assert_eq!(tr.last.turn, Turn::Increase);
        let expected = Vec2::new(0.2f32.pcos(), 0.2f32.psin()) * 100.0 * DT;
        assert!((body.pos - expected).length() < 1e-5);
    }

    #[test]
    fn the_goal_is_taken_from_where_the_missile_is() {
        // At (100, 0) heading +x with the target at the origin: the goal is behind, so
        // it turns (a goal taken from the origin would sit dead ahead and be held).
        let params = TurnRateParams::default();
        let mut tr = TurnRate::default();
        let mut body = Body {
            pos: Vec2::new(100.0, 0.0),
            ..Default::default()
        };
        let seen = Seen {
            target_pos: Vec2::ZERO,
            target_vel: Vec2::ZERO,
            dt: DT,
        };
        tr.steer(&params, &mut body, &seen);
        assert_ne!(tr.last.turn, Turn::Hold);
        assert!(
            (tr.last.heading_error.abs() - PI).abs() < 1e-4,
            "{:?}",
            tr.last
        );
        let mut out = Vec::new();
        tr.readouts(&params, DT, &mut out);
        assert_eq!(
            out,
            [
                Readout::angle("heading error", tr.last.heading_error),
                Readout::flag("in dead zone", false),
                Readout::text("turn", format!("{:?}", tr.last.turn)),
            ]
        );
    }

    #[test]
    fn it_draws_its_dead_zone_and_the_turn_circles_either_side() {
        // 100 units/s at 2 rad/s: circles of radius 50 either side of (10, 20) heading
        // +x, so centred at (10, 70) and (10, -30); the wedge's half angle is asin(0.5).
        let params = TurnRateParams {
            radial_speed: 100.0,
            angular_speed: 2.0,
            dead_zone: 0.5,
            ..Default::default()
        };
        let body = Body {
            pos: Vec2::new(10.0, 20.0),
            vel: Vec2::new(100.0, 0.0),
            heading: 0.0,
        };
        let mut out = Vec::new();
        let seen = Seen {
            target_pos: Vec2::ZERO,
            target_vel: Vec2::ZERO,
            dt: DT,
        };
        TurnRate::default().debug_shapes(&params, &body, &seen, &mut out);
        let [wedge, left, right] = &out[..] else {
            panic!("{out:?}");
        };
        assert_eq!(wedge.role, Role::DeadZone);
        let Shape::Wedge {
            apex,
            direction,
            half_angle,
            length,
        } = wedge.shape
        else {
            panic!("{wedge:?}");
        };
        assert_eq!((apex, direction, length), (body.pos, 0.0, 80.0));
        assert!((half_angle - std::f32::consts::FRAC_PI_6).abs() < 1e-5);
        let circle = |s: &DebugShape| match s.shape {
            Shape::Circle { center, radius } if s.role == Role::TurnCircle => (center, radius),
            _ => panic!("{s:?}"),
        };
        let ((a, ra), (b, rb)) = (circle(left), circle(right));
        assert_eq!((ra, rb), (50.0, 50.0));
        assert!(a.distance(Vec2::new(10.0, 70.0)) < 1e-4, "{a}");
        assert!(b.distance(Vec2::new(10.0, -30.0)) < 1e-4, "{b}");
        // No turning: no circles to speak of (radius 0, not infinite).
        let still = TurnRateParams {
            angular_speed: 0.0,
            ..params
        };
        let [_, left, _] = turn_rate_shapes(&still, &body);
        assert_eq!(circle(&left).1, 0.0);
    }

    #[test]
    fn holds_heading_inside_the_dead_zone() {
        // Goal 3 degrees off the nose: sin(3 deg) = 0.052 < 0.1.
        let off = 3.0f32.to_radians();
        let (heading, decision) = turn_toward(0.0, off, 3.0, 0.1, DT);
        assert_eq!(heading, 0.0);
        assert!(decision.in_dead_zone);
        // 8 degrees: sin = 0.139 > 0.1, so it turns toward the goal (increase).
        let (heading, decision) = turn_toward(0.0, 8.0f32.to_radians(), 3.0, 0.1, DT);
        assert!((heading - 0.3).abs() < 1e-6);
        assert_eq!(decision.turn, Turn::Increase);
    }

    #[test]
    fn a_goal_exactly_on_the_dead_zone_edge_is_held() {
        // The article compares strictly (`sin > eps`): with eps equal to the sine of
        // the error itself, the heading holds on both sides; a hair inside turns.
        let eps = 0.2f32.psin();
        for bearing in [0.2f32, -0.2] {
            let (heading, decision) = turn_toward(0.0, bearing, 3.0, eps, DT);
            assert_eq!(heading, 0.0, "bearing {bearing}");
            assert_eq!(decision.turn, Turn::Hold, "bearing {bearing}");
        }
        let inside = eps * 0.999;
        let (heading, decision) = turn_toward(0.0, 0.2, 3.0, inside, DT);
        assert_eq!(decision.turn, Turn::Increase);
        assert!((heading - 3.0 * DT).abs() < 1e-6);
        let (heading, decision) = turn_toward(0.0, -0.2, 3.0, inside, DT);
        assert_eq!(decision.turn, Turn::Decrease);
        assert!((heading + 3.0 * DT).abs() < 1e-6);
    }

    #[test]
    fn goal_behind_always_turns_toward_the_nearer_side() {
        // Goal at 170 degrees: behind, on the increasing side.
        let (_, d) = turn_toward(0.0, 170.0f32.to_radians(), 1.0, 0.1, DT);
        assert_eq!(d.turn, Turn::Increase);
        let (_, d) = turn_toward(0.0, -170.0f32.to_radians(), 1.0, 0.1, DT);
        assert_eq!(d.turn, Turn::Decrease);
        // Exactly behind: sin(pi) is tiny positive in f32 -> decrease; it still turns.
        let (h, _) = turn_toward(0.0, PI, 1.0, 0.1, DT);
        assert_ne!(h, 0.0);
    }

    #[test]
    fn jitters_left_and_right_at_zero_epsilon_and_not_with_the_dead_zone() {
        let count_flips = |eps: f32| {
            let params = TurnRateParams {
                dead_zone: eps,
                angular_speed: 3.0,
                ..Default::default()
            };
            let mut tr = TurnRate::default();
            let mut body = Body {
                heading: 0.3,
                ..Default::default()
            };
            let seen = Seen {
                target_pos: Vec2::new(5000.0, 0.0),
                target_vel: Vec2::ZERO,
                dt: 1.0 / 60.0,
            };
            let mut flips = 0;
            let mut previous = Turn::Hold;
            for _ in 0..300 {
                tr.steer(&params, &mut body, &seen);
                let turn = tr.last.turn;
                if turn != Turn::Hold && previous != Turn::Hold && turn != previous {
                    flips += 1;
                }
                previous = turn;
            }
            flips
        };
        assert!(count_flips(0.0) > 100, "eps = 0 should jitter every tick");
        assert_eq!(count_flips(0.1), 0);
    }

    #[test]
    fn mass_rule_scales_speeds_by_500_over_mass() {
        let p = TurnRateParams {
            radial_speed: 130.0,
            angular_speed: 4.5,
            mass_rule: true,
            mass: 1000.0,
            ..Default::default()
        };
        assert_eq!(p.effective_speeds(), (65.0, 2.25));
    }
}
