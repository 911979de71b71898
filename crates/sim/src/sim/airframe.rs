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
use crate::core::lanes::{mask_of, Real, F4, LANES, V2};
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
        Limits::of(self, 0.0).lateral_limit(speed)
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
        Limits::of(self, 0.0).thrust_at(age)
    }
}

/// An airframe's spec as its arithmetic reads it, for one missile (`f32`) or four lanes
/// ([`crate::core::lanes::F4`], the sweep's packs): the lag as the share of the gap it
/// closes in a tick ([`LagShare`]), the switches as masks.
#[derive(Clone, Copy)]
pub(crate) struct Limits<N: Real> {
    pub(crate) max_accel: N,
    pub(crate) lift: N,
    pub(crate) lag_share: N,
    pub(crate) lag: N,
    pub(crate) thrust: N::Mask,
    pub(crate) boost_accel: N,
    pub(crate) boost_time: N,
    pub(crate) sustain_accel: N,
    pub(crate) sustain_time: N,
    pub(crate) drag: N,
    pub(crate) max_speed: N,
}

impl Limits<f32> {
    /// `spec`'s, with its lag's share for the tick.
    pub(crate) fn of(spec: &AirframeSpec, lag_share: f32) -> Self {
        Self {
            max_accel: spec.max_accel,
            lift: spec.lift,
            lag_share,
            lag: spec.lag,
            thrust: spec.thrust,
            boost_accel: spec.boost_accel,
            boost_time: spec.boost_time,
            sustain_accel: spec.sustain_accel,
            sustain_time: spec.sustain_time,
            drag: spec.drag,
            max_speed: spec.max_speed,
        }
    }
}

impl<N: Real> Limits<N> {
    /// The lateral acceleration limit at `speed`: `max_accel`, or with lift `lift *
    /// speed^2` up to it.
    pub(crate) fn lateral_limit(&self, speed: N) -> N {
        let lifted = (self.lift * speed * speed).min_of(self.max_accel);
        N::select(self.lift.gt(N::splat(0.0)), lifted, self.max_accel)
    }

    /// The motor's along-track acceleration `age` seconds after launch: the boost's
    /// before `boost_time`, the sustain's for `sustain_time` after, then none.
    pub(crate) fn thrust_at(&self, age: N) -> N {
        let sustain = N::select(
            (self.boost_time + self.sustain_time).gt(age),
            self.sustain_accel,
            N::splat(0.0),
        );
        N::select(self.boost_time.gt(age), self.boost_accel, sustain)
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
    #[serde(skip)]
    lag_share: LagShare,
}

/// The share `1 - e^(-dt/lag)` of the gap the actuator closes in a tick, kept with the
/// tick length and lag it was worked out for (an exponential a tick saved; worked out
/// again when either changes, as an edited spec's lag does). A cache: two airframes never
/// differ by it, and it is not saved.
#[derive(Clone, Copy, Debug)]
struct LagShare {
    /// The bits of the tick length and the lag it is for.
    of: (u32, u32),
    share: f32,
}

impl Default for LagShare {
    fn default() -> Self {
        Self {
            // No tick length is NaN: worked out on first use.
            of: (f32::NAN.to_bits(), 0),
            share: f32::NAN,
        }
    }
}

impl PartialEq for LagShare {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl LagShare {
    fn of(&mut self, dt: f32, lag: f32) -> f32 {
        let of = (dt.to_bits(), lag.to_bits());
        if self.of != of {
            *self = Self {
                of,
                share: 1.0 - (-dt / lag).pexp(),
            };
        }
        self.share
    }
}

impl Airframe {
    pub fn new(spec: AirframeSpec) -> Self {
        Self {
            spec,
            ..Self::default()
        }
    }

    /// Its spec as the arithmetic reads it, for ticks of `dt`.
    pub(crate) fn limits(&mut self, dt: f32) -> Limits<f32> {
        let lag_share = match self.spec.lag > 0.0 {
            true => self.lag_share.of(dt, self.spec.lag),
            false => 0.0,
        };
        Limits::of(&self.spec, lag_share)
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
    let limits = airframe.limits(dt);
    let along = (before.vel.try_normalize()).unwrap_or_else(|| Vec2::from_angle(before.heading));
    let (change, state) = limit_over(
        &limits,
        airframe.state.lateral,
        (before.vel.into(), along.into()),
        law.vel.into(),
        (age, dt),
    );
    airframe.state = AirframeState {
        commanded: state.commanded.into(),
        achieved: state.achieved.into(),
        lateral: state.lateral,
        limit: state.limit,
    };
    change.into()
}

impl Limits<F4> {
    /// Four airframes' limits, one a lane.
    pub(crate) fn lanes(each: &[Limits<f32>; LANES]) -> Self {
        let lanes = |f: fn(&Limits<f32>) -> f32| F4::from(each.each_ref().map(f));
        let thrust = (0..LANES).filter(|&i| each[i].thrust);
        Self {
            max_accel: lanes(|l| l.max_accel),
            lift: lanes(|l| l.lift),
            lag_share: lanes(|l| l.lag_share),
            lag: lanes(|l| l.lag),
            thrust: mask_of(thrust.fold(0, |lanes, i| lanes | 1 << i)),
            boost_accel: lanes(|l| l.boost_accel),
            boost_time: lanes(|l| l.boost_time),
            sustain_accel: lanes(|l| l.sustain_accel),
            sustain_time: lanes(|l| l.sustain_time),
            drag: lanes(|l| l.drag),
            max_speed: lanes(|l| l.max_speed),
        }
    }
}

impl StateOver<F4> {
    /// Four airframes' states, one a lane.
    pub(crate) fn lanes(each: &[AirframeState; LANES]) -> Self {
        let lanes = |f: fn(&AirframeState) -> f32| F4::from(each.each_ref().map(f));
        Self {
            commanded: V2::new(lanes(|s| s.commanded.x), lanes(|s| s.commanded.y)),
            achieved: V2::new(lanes(|s| s.achieved.x), lanes(|s| s.achieved.y)),
            lateral: lanes(|s| s.lateral),
            limit: lanes(|s| s.limit),
        }
    }

    /// Lane `i`'s.
    pub(crate) fn lane(&self, i: usize) -> AirframeState {
        let at = |x: F4| x.as_array()[i];
        AirframeState {
            commanded: self.commanded.lane(i),
            achieved: self.achieved.lane(i),
            lateral: at(self.lateral),
            limit: at(self.limit),
        }
    }
}

/// [`AirframeState`] for one missile or four lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StateOver<N: Real> {
    pub(crate) commanded: V2<N>,
    pub(crate) achieved: V2<N>,
    pub(crate) lateral: N,
    pub(crate) limit: N,
}

/// [`limit`]'s arithmetic for one missile or four lanes (one rule): from the actuator's
/// lateral acceleration last tick (`lateral`), the velocity before the law's move and
/// its direction (`along`: the heading's where it has none), the law's end-of-tick
/// velocity, the time since launch and the tick's length, the change to that velocity
/// and the airframe's new state.
#[inline]
pub(crate) fn limit_over<N: Real>(
    limits: &Limits<N>,
    lateral: N,
    (before, along): (V2<N>, V2<N>),
    law: V2<N>,
    (age, dt): (N, N),
) -> (V2<N>, StateOver<N>) {
    let zero = N::splat(0.0);
    let commanded = (law - before).over(dt);
    let speed = before.length();
    let normal = along.perp();
    let wanted_lateral = commanded.dot(normal);
    let wanted_along = commanded.dot(along);
    let lagged = lateral + (wanted_lateral - lateral) * limits.lag_share;
    let lagged = N::select(limits.lag.gt(zero), lagged, wanted_lateral);
    let limit = limits.lateral_limit(speed);
    let lateral = lagged.clamp_to(-limit, limit);
    // The motor and drag, never pushing the missile backwards.
    let motor = (limits.thrust_at(age) - limits.drag * speed * speed).max_of(-speed / dt);
    let along_accel = N::select(limits.thrust, motor, wanted_along);
    let change = (normal.scale(lateral - wanted_lateral) + along.scale(along_accel - wanted_along))
        .scale(dt);
    // A lateral acceleration turns the missile; it never speeds it up. The speed is the
    // law's own, or what the motor and drag made of the last (and at most the cap).
    let motored = (speed + along_accel * dt).max_of(zero);
    let allowed = N::select(limits.thrust, motored, law.length());
    let capped = allowed.min_of(limits.max_speed);
    let allowed = N::select(limits.max_speed.gt(zero), capped, allowed);
    let vel = law + change;
    let flown = vel.length();
    let change = V2::select(flown.gt(allowed), vel.scale(allowed / flown) - law, change);
    let state = StateOver {
        commanded,
        achieved: (law + change - before).over(dt),
        lateral,
        limit,
    };
    (change, state)
}

#[cfg(test)]
#[path = "airframe_tests.rs"]
mod tests;
