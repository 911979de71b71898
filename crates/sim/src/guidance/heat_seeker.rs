//! E. Inertial heat-seeker with lead (wordwarvi): integer position and velocity in
//! units per tick. The desired velocity puts the maximum speed on the dominant axis and
//! scales the other by similar triangles, multiplying before dividing; the velocity
//! then moves at most `step` per tick towards it, which gives the missile inertia.

use super::law::{Launch, Law, Look, Signal};
use crate::core::field::{flag, tunable, whole};
use crate::core::lanes::{LaneStep, LANE_NUMBERS};
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

    /// Its step takes up a body something else moved as `steer` does ([`take_up`]).
    const LANE_GRAVITY: bool = true;

    /// With the step and the lead under 128 and the max speed under 2^13: the integers
    /// `[x, y, vx, vy]` (their bits in `f32`s), the max speed, and the step, lead and
    /// divide-first packed in one number (`step + 128 lead + 16384 divide_first`, exact
    /// in an f32).
    fn lane(&self, params: &HeatSeekerParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let small = |n: i32| (0..128).contains(&n);
        // (A max speed under 2^13 keeps every product of the four-lane tick exact.)
        let speed = (1..8192).contains(&params.max_speed);
        let packed = params.step + 128 * params.lead + 16384 * i32::from(params.divide_first);
        let bits = |n: i32| f32::from_bits(n as u32);
        let (pos, vel) = (self.pos, self.vel);
        (small(params.step) && small(params.lead) && speed).then_some([
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

#[path = "heat_seeker_lanes.rs"]
mod lanes;
use lanes::step_lanes;

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
    // Each axis mirrored where the velocity is negative on it (one rule for both).
    let mirrored = |v: i32, q: f32| if v < 0 { -q } else { q };
    Vec2::new(mirrored(vel.x, quadrant.x), mirrored(vel.y, quadrant.y))
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

    /// Halves either side of zero, just under a half, either side of 2^23 and the
    /// `i32`s' ends, beyond them, the infinities, NaN, -0 and the smallest normal.
    pub(super) const EDGES: [f32; 19] = [
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

    #[test]
    fn rounding_is_round_then_as_on_a_sample_and_at_the_edges() {
        same_as_round(4099);
        for x in EDGES {
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
#[path = "heat_seeker_tests.rs"]
mod tests;
