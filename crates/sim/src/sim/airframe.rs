//! The airframe: what a missile's body can physically do with its law's command. Every
//! law, built-in or scripted, moves its body as if it were an ideal point; the airframe
//! then takes the acceleration that move implies (the command), splits it into lateral
//! and along-track parts, lags the lateral part through a first-order actuator, limits
//! it (a fixed acceleration, or one growing with speed squared up to that cap), replaces
//! the along-track part by a thrust profile with drag if it has one, caps the speed, and
//! adds gravity. The lateral part only turns the missile: its speed is never more than
//! the law's own (or, with a thrust profile, what the motor and drag make of the last). What the law commanded and what the airframe achieved are both kept.
//!
//! With no airframe and no gravity the law's move is the body's, bit for bit; with an
//! airframe whose limits never bind, too.

use crate::core::field::{described, flag, number};
use crate::core::Portable;
use crate::core::{Body, DebugShape, Readout, Role, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_max_accel: f32 = 1500.0);

/// A missile's airframe as a scenario gives it (per launcher or turret, `missile.airframe`).
/// Accelerations are in world units per second squared.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirframeSpec {
    #[serde(
        default = "default_max_accel::value",
        skip_serializing_if = "default_max_accel::is"
    )]
    pub max_accel: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub lift: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub lag: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub thrust: bool,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub boost_accel: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub boost_time: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub sustain_accel: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub sustain_time: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub drag: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub max_speed: f32,
}

/// Largest acceleration an airframe field takes.
const MAX_ACCEL: f32 = 1.0e6;

described!(AirframeSpec {
    max_accel: number(0.0, MAX_ACCEL)
        .label("max lateral accel")
        .unit("units/s^2")
        .help("Largest lateral acceleration (the cap when lift is set)."),
    lift: number(0.0, 1.0)
        .label("lift: accel per speed^2")
        .unit("1/unit")
        .help("0: the limit is max_accel at any speed. Otherwise the limit is min(lift × speed², max_accel): an airframe that turns with lift, sluggish when slow."),
    lag: number(0.0, 10.0)
        .label("actuator lag")
        .unit("s")
        .help("Time constant of the actuator: the lateral acceleration moves towards the command by 1 − e^(−dt/lag) of the gap each tick. 0: instant."),
    thrust: flag()
        .label("thrust profile sets the speed")
        .help("On: the thrust profile below sets the speed (the missile leaves the rail at the launcher's launch_velocity speed) and the law's own speed changes are ignored. Off: the law's speed is flown."),
    boost_accel: number(0.0, MAX_ACCEL)
        .label("boost accel")
        .unit("units/s^2")
        .help("Along-track acceleration during the boost."),
    boost_time: number(0.0, 1000.0)
        .label("boost time")
        .unit("s")
        .help("Seconds of boost from launch."),
    sustain_accel: number(0.0, MAX_ACCEL)
        .label("sustain accel")
        .unit("units/s^2")
        .help("Along-track acceleration during the sustain, after the boost."),
    sustain_time: number(0.0, 1000.0)
        .label("sustain time")
        .unit("s")
        .help("Seconds of sustain; then the motor is out and the missile coasts."),
    drag: number(0.0, 0.1)
        .label("drag: decel per speed^2")
        .unit("1/unit")
        .help("With thrust: a deceleration of drag × speed² in every phase (never below a stop)."),
    max_speed: number(0.0, 1.0e6)
        .label("max speed (0: none)")
        .unit("units/s")
        .help("Largest speed; 0: none."),
});

impl Default for AirframeSpec {
    fn default() -> Self {
        Self {
            max_accel: default_max_accel::value(),
            lift: 0.0,
            lag: 0.0,
            thrust: false,
            boost_accel: 0.0,
            boost_time: 0.0,
            sustain_accel: 0.0,
            sustain_time: 0.0,
            drag: 0.0,
            max_speed: 0.0,
        }
    }
}

/// Where a thrust profile is at some time after launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Boost,
    Sustain,
    Coast,
}

impl AirframeSpec {
    /// The lateral acceleration limit at `speed`.
    pub fn lateral_limit(&self, speed: f32) -> f32 {
        if self.lift > 0.0 {
            (self.lift * speed * speed).min(self.max_accel)
        } else {
            self.max_accel
        }
    }

    /// The thrust phase `age` seconds after launch.
    pub fn phase(&self, age: f32) -> Phase {
        if age < self.boost_time {
            Phase::Boost
        } else if age < self.boost_time + self.sustain_time {
            Phase::Sustain
        } else {
            Phase::Coast
        }
    }

    /// The motor's along-track acceleration `age` seconds after launch.
    pub fn thrust_at(&self, age: f32) -> f32 {
        match self.phase(age) {
            Phase::Boost => self.boost_accel,
            Phase::Sustain => self.sustain_accel,
            Phase::Coast => 0.0,
        }
    }
}

/// What the airframe did on the last tick, kept with the missile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AirframeState {
    /// The acceleration the law's move asked for (world frame).
    pub commanded: Vec2,
    /// The acceleration the airframe flew, gravity left out (world frame).
    pub achieved: Vec2,
    /// The actuator's lateral acceleration (signed, towards the velocity's left-hand
    /// perpendicular): what the lag carries from tick to tick.
    pub lateral: f32,
    /// The lateral limit at the tick's speed.
    pub limit: f32,
}

impl AirframeState {
    /// What a diagnosis samples of it on a body moving at `vel` after the move: the
    /// commanded acceleration across the velocity (signed: positive towards `(v.y, -v.x)`,
    /// the velocity turned a quarter turn clockwise; none at a standstill) and the
    /// lateral limit ([`crate::sim::diagnosis::Sample::lateral`]).
    pub fn sampled(&self, vel: Vec2) -> (f32, f32) {
        (self.commanded.perp_dot(vel.normalize_or_zero()), self.limit)
    }
}

/// A missile's airframe: its spec and what it did last.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Airframe {
    pub spec: AirframeSpec,
    pub state: AirframeState,
}

impl Airframe {
    pub fn new(spec: AirframeSpec) -> Self {
        Self {
            spec,
            state: AirframeState::default(),
        }
    }

    /// The body at launch: with a thrust profile the missile leaves the rail at the
    /// launcher's speed (`rail_speed`), along the law's launch direction.
    pub fn launch(&self, mut body: Body, rail_speed: f32) -> Body {
        if self.spec.thrust {
            let dir = body
                .vel
                .try_normalize()
                .unwrap_or(Vec2::from_angle(body.heading));
            body.vel = dir * rail_speed;
        }
        body
    }

    /// The commanded and the achieved acceleration as arrows from the missile (0.05 s
    /// of each, the scale pro-nav draws its own at).
    pub fn debug_shapes(&self, body: &Body, out: &mut Vec<DebugShape>) {
        let arrow = |vector: Vec2| Shape::Arrow {
            from: body.pos,
            vector: vector * 0.05,
        };
        out.push(DebugShape::new(
            Role::Acceleration,
            arrow(self.state.commanded),
        ));
        out.push(DebugShape::new(
            Role::AchievedAcceleration,
            arrow(self.state.achieved),
        ));
    }

    /// Its lines in the inspector.
    pub fn readouts(&self, out: &mut Vec<Readout>) {
        let s = &self.state;
        out.push(Readout::vector("commanded accel", s.commanded, "units/s^2"));
        out.push(Readout::vector("achieved accel", s.achieved, "units/s^2"));
        out.push(Readout::number("lateral limit", s.limit, "units/s^2"));
    }
}

/// Moves `body` from `before` by what the airframe makes of the law's move to `law`, at
/// `age` seconds after launch, with `gravity`. No airframe: the law's move plus gravity.
pub fn fly(
    airframe: Option<&mut Airframe>,
    before: &Body,
    law: &Body,
    age: f32,
    gravity: Vec2,
    dt: f32,
) -> Body {
    let mut body = *law;
    if move_by(
        &mut body,
        correction(airframe, before, law, age, gravity, dt),
        dt,
    ) {
        if let (Some(from), Some(to)) = (law.vel.try_normalize(), body.vel.try_normalize()) {
            body.heading = crate::core::wrap_angle(law.heading + from.angle_between(to));
        }
    }
    body
}

/// The change of velocity [`fly`] makes to the law's move (its arguments' meaning):
/// what the airframe makes of it, and gravity's. The heading is read only where
/// `before` is at a standstill.
pub fn correction(
    airframe: Option<&mut Airframe>,
    before: &Body,
    law: &Body,
    age: f32,
    gravity: Vec2,
    dt: f32,
) -> Vec2 {
    (match airframe {
        Some(airframe) => limit(airframe, before, law, age, dt),
        None => Vec2::ZERO,
    }) + gravity * dt
}

/// Moves `body` by a change of velocity `correction` over a tick of `dt` (none when it
/// is zero: the law's move is flown as it is, bit for bit); returns whether it moved it.
/// Leaves the heading as it is ([`fly`] turns it).
pub fn move_by(body: &mut Body, correction: Vec2, dt: f32) -> bool {
    if correction == Vec2::ZERO {
        return false;
    }
    body.vel += correction;
    body.pos += correction * dt;
    true
}

/// The change the airframe makes to the law's end-of-tick velocity (zero when no limit
/// binds); records the command and what was achieved.
fn limit(airframe: &mut Airframe, before: &Body, law: &Body, age: f32, dt: f32) -> Vec2 {
    let spec = &airframe.spec;
    let commanded = (law.vel - before.vel) / dt;
    let speed = before.vel.length();
    let along = (before.vel.try_normalize()).unwrap_or_else(|| Vec2::from_angle(before.heading));
    let normal = along.perp();
    let wanted_lateral = commanded.dot(normal);
    let wanted_along = commanded.dot(along);
    let lagged = if spec.lag > 0.0 {
        let prev = airframe.state.lateral;
        prev + (wanted_lateral - prev) * (1.0 - (-dt / spec.lag).pexp())
    } else {
        wanted_lateral
    };
    let limit = spec.lateral_limit(speed);
    let lateral = lagged.clamp(-limit, limit);
    let along_accel = if spec.thrust {
        // The motor and drag, never pushing the missile backwards.
        (spec.thrust_at(age) - spec.drag * speed * speed).max(-speed / dt)
    } else {
        wanted_along
    };
    let mut change =
        (normal * (lateral - wanted_lateral) + along * (along_accel - wanted_along)) * dt;
    // A lateral acceleration turns the missile; it never speeds it up. The speed is the
    // law's own, or what the motor and drag made of the last (and at most the cap).
    let mut allowed = if spec.thrust {
        (speed + along_accel * dt).max(0.0)
    } else {
        law.vel.length()
    };
    if spec.max_speed > 0.0 {
        allowed = allowed.min(spec.max_speed);
    }
    let vel = law.vel + change;
    let flown = vel.length();
    if flown > allowed {
        change = vel * (allowed / flown) - law.vel;
    }
    airframe.state = AirframeState {
        commanded,
        achieved: (law.vel + change - before.vel) / dt,
        lateral,
        limit,
    };
    change
}

#[cfg(test)]
#[path = "airframe_tests.rs"]
mod tests;
