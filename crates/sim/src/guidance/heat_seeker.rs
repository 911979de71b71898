//! E. Inertial heat-seeker with lead (wordwarvi): integer position and velocity in
//! units per tick. The desired velocity puts the maximum speed on the dominant axis and
//! scales the other by similar triangles, multiplying before dividing; the velocity
//! then moves at most `step` per tick towards it, which gives the missile inertia.

use super::law::{lane_by_lane, Launch, Law, Look, Signal};
use crate::core::field::{flag, tunable, whole};
use crate::core::lanes::{LaneStep, LaneTick, Moved, F4, LANE_NUMBERS};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::{I64Vec2, IVec2, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

tunable! {
    /// Parameters of the integer heat-seeker.
    pub struct HeatSeekerParams {
        max_speed: i32 = 12 => whole(1, 200)
            .label("max speed")
            .unit("units/tick")
            .help("Maximum speed m on the dominant axis."),
        step: i32 = 1 => whole(1, 100)
            .unit("units/tick^2")
            .help("Largest change of each velocity component per tick."),
        lead: i32 = 1 => whole(0, 100)
            .unit("ticks")
            .help("Lead factor L: aim at the target's position plus L times its per-tick velocity."),
        divide_first: bool = false => flag()
            .label("divide first (the bug)")
            .help("The order the article warns against: (dy / dx) * m, which collapses to 0 or 1."),
    }
}

/// The article's desired velocity towards an offset `(dx, dy)`: the dominant axis gets
/// `sign * m`, the other `(d_other * m) / |d_dominant|` (or, with `divide_first`, the
/// broken `(d_other / |d_dominant|) * m`). Integer division truncates toward zero, as in C.
pub fn desired_velocity(offset: I64Vec2, max_speed: i64, divide_first: bool) -> I64Vec2 {
    let scale = |minor: i64, major: i64| {
        if divide_first {
            (minor / major.abs()) * max_speed
        } else {
            (minor * max_speed) / major.abs()
        }
    };
    if offset == I64Vec2::ZERO {
        I64Vec2::ZERO
    } else if offset.x.abs() >= offset.y.abs() {
        I64Vec2::new(offset.x.signum() * max_speed, scale(offset.y, offset.x))
    } else {
        I64Vec2::new(scale(offset.x, offset.y), offset.y.signum() * max_speed)
    }
}

/// Per-missile integer state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeatSeeker {
    pub pos: IVec2,
    /// Velocity in units per tick.
    pub vel: IVec2,
    /// The desired velocity of the last tick.
    pub desired: IVec2,
    /// The point aimed at on the last tick (target plus lead).
    pub aim: IVec2,
}

fn to_int(v: Vec2) -> IVec2 {
    IVec2::new(round_to_i32(v.x), round_to_i32(v.y))
}

/// `x.round() as i32` (halves away from zero; `as` saturates and maps NaN to 0, so huge
/// or broken inputs cannot overflow), without the library call `round` is on baseline
/// x86-64 (a sweep rounds four numbers a tick): below 2^23 in size, the truncation and
/// a step away from zero when what it dropped (exact: less than one) is half or more;
/// above, `x` is a whole number already. The same for every `f32` (an ignored test
/// checks all 2^32; a sample always).
fn round_to_i32(x: f32) -> i32 {
    if x.abs() < 8_388_608.0 {
        let t = x as i32;
        let dropped = x - t as f32;
        t + i32::from(dropped >= 0.5) - i32::from(dropped <= -0.5)
    } else {
        x as i32
    }
}

impl Law for HeatSeeker {
    const ID: &'static str = "heat-seeker";
    const SUMMARY: &'static str = "E: integer heat-seeker with inertia and lead (wordwarvi)";
    const COLOR: [u8; 3] = [255, 128, 40];
    type Params = HeatSeekerParams;

    fn launch(_params: &HeatSeekerParams, launch: &Launch) -> Option<(Self, Body)> {
        let state = Self {
            pos: to_int(launch.pos),
            vel: to_int(launch.vel * launch.seen.dt),
            ..Self::default()
        };
        let body = state.body(launch.seen.dt, launch.dir.y.patan2(launch.dir.x));
        Some((state, body))
    }

    fn steer(&mut self, params: &HeatSeekerParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        // Moved by something else since its last tick (its airframe, gravity, a blind
        // tick of its seeker): it flies on from where it is, not from where it left off.
        if *body != self.body(seen.dt, body.heading) {
            self.pos = to_int(body.pos);
            self.vel = to_int(body.vel * seen.dt);
        }
        self.advance(params, seen);
        *body = self.body(seen.dt, body.heading);
        None
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);

    /// With the step and the lead under 128: the integers `[x, y, vx, vy]` (their bits,
    /// which the fast path only carries, never computes with), the max speed, and the
    /// step, lead and divide-first packed in one number (`step + 128 lead + 16384
    /// divide_first`, exact in an f32).
    fn lane(&self, params: &HeatSeekerParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let small = |n: i32| (0..128).contains(&n);
        let packed = params.step + 128 * params.lead + 16384 * i32::from(params.divide_first);
        let bits = |n: i32| f32::from_bits(n as u32);
        let (pos, vel) = (self.pos, self.vel);
        (small(params.step) && small(params.lead)).then_some([
            bits(pos.x),
            bits(pos.y),
            bits(vel.x),
            bits(vel.y),
            params.max_speed as f32,
            packed as f32,
        ])
    }

    fn readouts(&self, _params: &HeatSeekerParams, _dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::vector(
            "desired velocity",
            self.desired.as_vec2(),
            "units/tick",
        ));
        out.push(Readout::vector(
            "actual velocity",
            self.vel.as_vec2(),
            "units/tick",
        ));
        out.push(Readout::vector(
            "aim (target + lead)",
            self.aim.as_vec2(),
            "",
        ));
    }

    fn debug_shapes(
        &self,
        _params: &HeatSeekerParams,
        _body: &Body,
        _seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        let pos = self.pos.as_vec2();
        out.push(DebugShape::new(
            Role::AimPoint,
            Shape::Point(self.aim.as_vec2()),
        ));
        out.push(DebugShape::new(
            Role::DesiredVelocity,
            Shape::Arrow {
                from: pos,
                vector: self.desired.as_vec2() * 4.0,
            },
        ));
    }

    /// The article's drawing: a 10-unit line back from the nose along the velocity.
    fn look(&self) -> Look {
        Look::Tail(tail_offset(self.vel))
    }
}

impl HeatSeeker {
    /// The article's tick in integers: the aim (the target plus its lead), the desired
    /// velocity towards it, the velocity moved at most `step` towards that, the position
    /// on by the velocity.
    fn advance(&mut self, params: &HeatSeekerParams, seen: &Seen) {
        let target = to_int(seen.target_pos).as_i64vec2();
        let target_step = to_int(seen.target_vel * seen.dt).as_i64vec2();
        let aim = target + target_step * i64::from(params.lead);
        let offset = aim - self.pos.as_i64vec2();
        let desired = desired_velocity(offset, i64::from(params.max_speed), params.divide_first);
        let step = i64::from(params.step);
        let vel = self.vel.as_i64vec2();
        let change = (desired - vel).clamp(I64Vec2::splat(-step), I64Vec2::splat(step));
        let clamp = |v: I64Vec2| {
            v.clamp(
                I64Vec2::splat(i32::MIN.into()),
                I64Vec2::splat(i32::MAX.into()),
            )
            .as_ivec2()
        };
        self.vel = clamp(vel + change);
        self.pos = clamp(self.pos.as_i64vec2() + self.vel.as_i64vec2());
        self.desired = clamp(desired);
        self.aim = clamp(aim);
    }

    fn body(&self, dt: f32, heading: f32) -> Body {
        let heading = if self.vel == IVec2::ZERO {
            heading
        } else {
            (self.vel.y as f32).patan2(self.vel.x as f32)
        };
        Body {
            pos: self.pos.as_vec2(),
            vel: self.vel.as_vec2() / dt,
            heading,
        }
    }
}

/// Four missiles' ticks: numbers as [`HeatSeeker::lane`] gives them, each lane through the
/// law's own integer step.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    lane_by_lane(n, tick, |n, body, seen| {
        let int = |x: f32| x.to_bits() as i32;
        let packed = n[5] as i32;
        let params = HeatSeekerParams {
            max_speed: n[4] as i32,
            step: packed % 128,
            lead: packed / 128 % 128,
            divide_first: packed >= 16384,
        };
        let mut seeker = HeatSeeker {
            pos: IVec2::new(int(n[0]), int(n[1])),
            vel: IVec2::new(int(n[2]), int(n[3])),
            ..HeatSeeker::default()
        };
        // Nothing else moves it on the fast path: its body is its integers', before the
        // tick and after, so the one-missile `steer`'s check of its body always passes;
        // and the fast path has no use for a heading (three arctangents a tick saved).
        seeker.advance(&params, seen);
        let bits = |n: i32| f32::from_bits(n as u32);
        let (pos, vel) = (seeker.pos, seeker.vel);
        n[..4].copy_from_slice(&[bits(pos.x), bits(pos.y), bits(vel.x), bits(vel.y)]);
        (body.pos, body.vel) = (pos.as_vec2(), vel.as_vec2() / seen.dt);
        None
    })
}

/// The missile is drawn as a line of this length from its nose back along its velocity.
pub const DRAWN_LENGTH: f32 = 10.0;
/// Velocities up to this size per axis come from the precomputed quadrant table.
const TABLE_SIZE: usize = 64;

/// The tail offset of the drawn missile for an integer velocity, from a table computed
/// once for the positive quadrant and mirrored for the other three (the article's trick).
pub fn tail_offset(vel: IVec2) -> Vec2 {
    static TABLE: OnceLock<Vec<Vec2>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(TABLE_SIZE * TABLE_SIZE);
        for vx in 0..TABLE_SIZE {
            for vy in 0..TABLE_SIZE {
                let angle = (vy as f32).patan2(vx as f32);
                table.push(-Vec2::new(angle.pcos(), angle.psin()) * DRAWN_LENGTH);
            }
        }
        table
    });
    let (ax, ay) = (vel.x.unsigned_abs() as usize, vel.y.unsigned_abs() as usize);
    let quadrant = if ax < TABLE_SIZE && ay < TABLE_SIZE {
        table[ax * TABLE_SIZE + ay]
    } else {
        -vel.as_vec2().normalize_or_zero().abs() * DRAWN_LENGTH
    };
    Vec2::new(
        if vel.x < 0 { -quadrant.x } else { quadrant.x },
        if vel.y < 0 { -quadrant.y } else { quadrant.y },
    )
}

#[cfg(test)]
mod round_tests {
    use super::round_to_i32;

    fn same_as_round(every: usize) {
        for bits in (0..=u32::MAX).step_by(every) {
            let x = f32::from_bits(bits);
            assert_eq!(round_to_i32(x), x.round() as i32, "{x:e} ({bits:#x})");
        }
    }

    #[test]
    fn rounding_is_round_then_as_on_a_sample_and_at_the_edges() {
        same_as_round(4099);
        let edges = [
            0.5,
            -0.5,
            1.5,
            -1.5,
            2.5,
            0.499_999_97,
            -0.499_999_97,
            8_388_607.5,
            -8_388_607.5,
            8_388_608.0,
            2.147_483_5e9,
            -2.147_483_6e9,
            1e10,
            -1e10,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            -0.0,
            f32::MIN_POSITIVE,
        ];
        for x in edges {
            assert_eq!(round_to_i32(x), x.round() as i32, "{x:e}");
        }
        assert_eq!(round_to_i32(2.5), 3);
        assert_eq!(round_to_i32(-2.5), -3);
        assert_eq!(round_to_i32(0.499_999_97), 0);
    }

    /// `cargo test --release -p steerlab-sim every_f32_rounds -- --ignored`.
    #[test]
    #[ignore = "all 2^32 numbers: run after changing round_to_i32, in release"]
    fn every_f32_rounds_as_round_then_as() {
        same_as_round(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominant_axis_gets_max_speed_and_the_other_multiply_then_divide() {
        // dx = 100, dy = 30, m = 10: (10, 30*10/100 = 3).
        assert_eq!(
            desired_velocity(I64Vec2::new(100, 30), 10, false),
            I64Vec2::new(10, 3)
        );
        // dy dominant and negative: (-45*10/-90 -> -45*10/90 = -5, -10).
        assert_eq!(
            desired_velocity(I64Vec2::new(-45, -90), 10, false),
            I64Vec2::new(-5, -10)
        );
        // Truncation toward zero, as in C: 7*10/100 = 0.7 -> 0; -7*10/100 -> 0.
        assert_eq!(
            desired_velocity(I64Vec2::new(100, -7), 10, false),
            I64Vec2::new(10, 0)
        );
    }

    #[test]
    fn divide_first_collapses_the_ratio_to_zero_or_one() {
        let offset = I64Vec2::new(100, 30);
        assert_eq!(desired_velocity(offset, 10, true), I64Vec2::new(10, 0));
        assert_ne!(
            desired_velocity(offset, 10, true),
            desired_velocity(offset, 10, false)
        );
        // Exact diagonal: both orders agree (ratio 1).
        assert_eq!(
            desired_velocity(I64Vec2::new(50, 50), 10, true),
            I64Vec2::new(10, 10)
        );
    }

    #[test]
    fn diagonal_flight_is_up_to_sqrt2_faster() {
        let diagonal = desired_velocity(I64Vec2::new(500, 500), 10, false)
            .as_vec2()
            .length();
        let straight = desired_velocity(I64Vec2::new(500, 0), 10, false)
            .as_vec2()
            .length();
        assert!((diagonal / straight - 2f32.sqrt()).abs() < 1e-6);
    }

    #[test]
    fn velocity_moves_by_at_most_step_toward_desired_with_lead() {
        // Target at (100, 0) moving 60 units/s at 30 Hz = 2 units/tick, lead 1: aim (102, 0).
        let params = HeatSeekerParams {
            max_speed: 10,
            step: 1,
            lead: 1,
            divide_first: false,
        };
        let mut hs = HeatSeeker {
            vel: IVec2::new(0, 5),
            ..Default::default()
        };
        let mut body = hs.body(1.0 / 30.0, 0.0);
        let seen = Seen {
            target_pos: Vec2::new(100.0, 0.0),
            target_vel: Vec2::new(60.0, 0.0),
            dt: 1.0 / 30.0,
        };
        hs.steer(&params, &mut body, &seen);
        assert_eq!(hs.aim, IVec2::new(102, 0));
        assert_eq!(hs.desired, IVec2::new(10, 0));
        assert_eq!(hs.vel, IVec2::new(1, 4));
        assert_eq!(hs.pos, IVec2::new(1, 4));
        assert_eq!(body.pos, Vec2::new(1.0, 4.0));
        assert!((body.vel - Vec2::new(30.0, 120.0)).length() < 1e-3);
    }

    #[test]
    fn overshoots_then_comes_back_when_the_target_zips_past() {
        // Missile flying east at full speed; the target passes it heading west, fast.
        let params = HeatSeekerParams {
            max_speed: 10,
            step: 1,
            lead: 1,
            divide_first: false,
        };
        let mut hs = HeatSeeker {
            pos: IVec2::ZERO,
            vel: IVec2::new(10, 0),
            ..Default::default()
        };
        let dt = 1.0 / 30.0;
        let mut body = hs.body(dt, 0.0);
        let mut target = Vec2::new(60.0, 5.0);
        let target_vel = Vec2::new(-20.0 / dt, 0.0);
        let mut passed_at: Option<f32> = None;
        let mut max_x = f32::MIN;
        let mut came_back = false;
        for _ in 0..120 {
            let seen = Seen {
                target_pos: target,
                target_vel,
                dt,
            };
            hs.steer(&params, &mut body, &seen);
            target += target_vel * dt;
            if target.x < body.pos.x {
                passed_at.get_or_insert(body.pos.x);
                max_x = max_x.max(body.pos.x);
                came_back |= hs.vel.x < 0;
            }
        }
        // After the target went by it kept skidding east for ten ticks (v from 10 down
        // to 0 at one unit per tick), then turned back west: inertia, not a hard turn.
        let overshoot = max_x - passed_at.expect("the target passed");
        assert!(overshoot > 25.0, "overshoot only {overshoot}");
        assert!(came_back, "never turned back");
        assert!(
            hs.vel.x <= -5,
            "should be chasing west by now: {:?}",
            hs.vel
        );
    }

    #[test]
    fn a_body_moved_by_something_else_is_flown_on_from_where_it_is() {
        // Its state says (0, 0) moving (10, 0) a tick; an airframe has put the body at
        // (3.4, 7.6) moving 60 units/s straight down (2 a tick at 30 ticks/s). With the
        // target far below and step 1, the law flies on from the grid point (3, 8) at
        // (0, 2) a tick: desired (0, 12), so the velocity becomes (0, 3) and the body
        // (3, 11). Without the airframe's move it would have gone on from (0, 0).
        let params = HeatSeekerParams::default();
        let dt = 1.0 / 30.0;
        let mut hs = HeatSeeker {
            vel: IVec2::new(10, 0),
            ..Default::default()
        };
        let mut body = Body {
            pos: Vec2::new(3.4, 7.6),
            vel: Vec2::new(0.0, 60.0),
            heading: 0.0,
        };
        let seen = Seen {
            target_pos: Vec2::new(3.0, 500.0),
            target_vel: Vec2::ZERO,
            dt,
        };
        hs.steer(&params, &mut body, &seen);
        assert_eq!(hs.vel, IVec2::new(0, 3));
        assert_eq!(body.pos, Vec2::new(3.0, 11.0));
        // Left alone, its own body is taken as it is.
        let before = hs.clone();
        hs.steer(&params, &mut body, &seen);
        assert_eq!(hs.pos, before.pos + hs.vel);
    }

    #[test]
    fn a_launch_puts_it_on_the_grid_with_its_velocity_in_units_a_tick() {
        // From (10.4, 20.6) at (60, -30) units/s, 30 ticks/s: (10, 21) moving (2, -1) a
        // tick, shown as (60, -30) units/s heading along it.
        let dt = 1.0 / 30.0;
        let launch = Launch::toward(
            Vec2::new(10.4, 20.6),
            Vec2::new(60.0, -30.0),
            Vec2::new(500.0, 0.0),
            Vec2::ZERO,
            dt,
        );
        let (hs, body) = HeatSeeker::launch(&HeatSeekerParams::default(), &launch).unwrap();
        assert_eq!((hs.pos, hs.vel), (IVec2::new(10, 21), IVec2::new(2, -1)));
        assert_eq!(body.pos, Vec2::new(10.0, 21.0));
        assert!((body.vel - Vec2::new(60.0, -30.0)).length() < 1e-3);
        assert!((body.heading - (-1.0f32).atan2(2.0)).abs() < 1e-5);
    }

    #[test]
    fn it_leads_by_lead_ticks_of_the_target_from_where_it_is() {
        // At (10, 20), still; the target at (110, 5) moves 2 units a tick; lead 3: aim
        // (116, 5), offset (106, -15), desired (10, -150 / 106 = -1); one step of 1.
        let params = HeatSeekerParams {
            max_speed: 10,
            step: 1,
            lead: 3,
            divide_first: false,
        };
        let dt = 1.0 / 30.0;
        let mut hs = HeatSeeker {
            pos: IVec2::new(10, 20),
            ..Default::default()
        };
        let mut body = hs.body(dt, 0.0);
        let seen = Seen {
            target_pos: Vec2::new(110.0, 5.0),
            target_vel: Vec2::new(60.0, 0.0),
            dt,
        };
        hs.steer(&params, &mut body, &seen);
        assert_eq!(hs.aim, IVec2::new(116, 5));
        assert_eq!(hs.desired, IVec2::new(10, -1));
        assert_eq!((hs.vel, hs.pos), (IVec2::new(1, -1), IVec2::new(11, 19)));
    }

    #[test]
    fn it_draws_its_aim_and_four_ticks_of_its_desired_velocity() {
        let hs = HeatSeeker {
            pos: IVec2::new(10, 20),
            desired: IVec2::new(3, -2),
            aim: IVec2::new(50, 60),
            ..Default::default()
        };
        let body = hs.body(0.1, 0.0);
        let seen = Seen {
            target_pos: Vec2::ZERO,
            target_vel: Vec2::ZERO,
            dt: 0.1,
        };
        let mut out = Vec::new();
        hs.debug_shapes(&HeatSeekerParams::default(), &body, &seen, &mut out);
        assert_eq!(
            out,
            [
                DebugShape::new(Role::AimPoint, Shape::Point(Vec2::new(50.0, 60.0))),
                DebugShape::new(
                    Role::DesiredVelocity,
                    Shape::Arrow {
                        from: Vec2::new(10.0, 20.0),
                        vector: Vec2::new(12.0, -8.0),
                    },
                ),
            ]
        );
    }

    #[test]
    fn at_rest_it_keeps_its_heading_and_moving_it_heads_along_its_velocity() {
        let still = HeatSeeker::default();
        assert_eq!(still.body(0.1, 1.25).heading, 1.25);
        let moving = HeatSeeker {
            vel: IVec2::new(2, 2),
            ..Default::default()
        };
        let heading = moving.body(0.1, 1.25).heading;
        assert!(
            (heading - std::f32::consts::FRAC_PI_4).abs() < 1e-6,
            "{heading}"
        );
    }

    #[test]
    fn the_tail_comes_from_the_table_below_64_and_from_the_velocity_at_64_and_over() {
        // Inside the table: the angle's cosine and sine, exactly as the table holds
        // them (its last row and column too); each quadrant mirrors the first.
        let from_table = |vx: i32, vy: i32| {
            let angle = (vy.abs() as f32).patan2(vx.abs() as f32);
            let q = -Vec2::new(angle.pcos(), angle.psin()) * DRAWN_LENGTH;
            Vec2::new(
                if vx < 0 { -q.x } else { q.x },
                if vy < 0 { -q.y } else { q.y },
            )
        };
        for (vx, vy) in [(3, 4), (63, 0), (0, 63), (63, 63), (-5, 0), (0, -5), (0, 7)] {
            assert_eq!(
                tail_offset(IVec2::new(vx, vy)),
                from_table(vx, vy),
                "({vx}, {vy})"
            );
        }
        // From 64 on either axis: straight back along the velocity.
        for (vx, vy) in [(64, 3), (3, 64), (-64, -64), (100, -7)] {
            let v = Vec2::new(vx as f32, vy as f32);
            assert_eq!(
                tail_offset(IVec2::new(vx, vy)),
                -v.normalize() * DRAWN_LENGTH,
                "({vx}, {vy})"
            );
        }
    }

    #[test]
    fn tail_table_is_mirrored_and_ten_long() {
        let ne = tail_offset(IVec2::new(3, 4));
        assert!((ne - Vec2::new(-6.0, -8.0)).length() < 1e-4);
        assert!((tail_offset(IVec2::new(-3, 4)) - Vec2::new(6.0, -8.0)).length() < 1e-4);
        assert!((tail_offset(IVec2::new(-3, -4)) - Vec2::new(6.0, 8.0)).length() < 1e-4);
        assert!((tail_offset(IVec2::new(300, 0)).length() - DRAWN_LENGTH).abs() < 1e-4);
    }
}
