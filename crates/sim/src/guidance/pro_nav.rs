//! Beyond the articles: proportional navigation, the guidance law of real missiles and
//! the yardstick the game algorithms are held against. Lateral acceleration
//! `a = N * Vc * (line-of-sight rate)`, perpendicular to the velocity, limited to
//! `max_accel`; speed stays constant. Options: pure PN (the missile's own speed for
//! `Vc`), true PN (the command perpendicular to the line of sight), and augmented PN
//! (plus `N/2` times the target's acceleration across the line of sight, estimated from
//! how the target's seen velocity changes from tick to tick).

use super::law::{Launch, Law, Signal};
use crate::core::field::{choice, flag, number, tunable};
use crate::core::lanes::{LaneStep, LaneTick, Moved, Real, F4, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};

tunable! {
    /// Parameters of proportional navigation.
    pub struct ProNavParams {
        gain: f32 = 4.0 => number(0.0, 10.0)
            .label("navigation constant N")
            .help("Navigation constant N (3 to 5 in practice)."),
        speed: f32 = 300.0 => number(1.0, 5000.0)
            .label("missile speed")
            .unit("units/s")
            .help("Constant missile speed."),
        max_accel: f32 = 1500.0 => number(0.0, 100_000.0)
            .label("acceleration limit")
            .unit("units/s^2")
            .help("Largest lateral acceleration."),
        form: ProNavForm = ProNavForm::Classic => choice(ProNavForm::NAMES)
            .help("classic: N max(Vc, 0) (LOS rate) across the velocity, so nothing while the range opens; pure: the missile's speed for Vc; true: N max(Vc, 0) (LOS rate) across the line of sight."),
        augmented: bool = false => flag()
            .label("augmented (APN)")
            .help("Augmented PN: add N/2 times the target's acceleration across the line of sight, estimated from the seen target velocity's change over a tick."),
    }
}

choice! {
    /// Which proportional navigation.
    pub enum ProNavForm {
        /// `N max(Vc, 0) (LOS rate)` across the missile's velocity (steerlab's first
        /// pro-nav): no command while the range opens.
        Classic = "classic",
        /// Pure PN: `N Vm (LOS rate)` across the missile's velocity.
        Pure = "pure",
        /// True PN: `N max(Vc, 0) (LOS rate)` across the line of sight.
        True = "true",
    }
}

/// Per-missile state: the last command.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProNav {
    /// Line-of-sight rate, rad/s.
    pub los_rate: f32,
    /// Closing speed, units/s.
    pub closing_speed: f32,
    /// Lateral acceleration applied (after the limit).
    pub accel: Vec2,
    /// Augmented PN: the target velocity seen on the tick before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_target_vel: Option<Vec2>,
    /// Augmented PN: the target's estimated acceleration across the line of sight.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub target_accel: f32,
}

impl Law for ProNav {
    const ID: &'static str = "pro-nav";
    const SUMMARY: &'static str = "proportional navigation, the real-missile yardstick";
    /// Turquoise: no text or other overlay uses it (white was mistaken for text).
    const COLOR: [u8; 3] = [0, 210, 190];
    type Params = ProNavParams;

    fn launch(params: &ProNavParams, launch: &Launch) -> Option<(Self, Body)> {
        let body = Body {
            pos: launch.pos,
            vel: launch.dir * params.speed,
            heading: launch.dir.y.patan2(launch.dir.x),
        };
        Some((Self::default(), body))
    }

    fn steer(&mut self, params: &ProNavParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let range = V2::from(seen.target_pos - body.pos);
        let rel_vel = V2::from(seen.target_vel - body.vel);
        (self.los_rate, self.closing_speed) =
            sight(range, rel_vel, (self.los_rate, self.closing_speed));
        let dir = body
            .vel
            .try_normalize()
            .unwrap_or(Vec2::from_angle(body.heading));
        let (pure, true_pn) = (
            params.form == ProNavForm::Pure,
            params.form == ProNavForm::True,
        );
        let vel = V2::from(body.vel);
        let (lateral, normal) = command(
            params.gain,
            (self.los_rate, self.closing_speed),
            (vel, dir.into(), range),
            (pure, true_pn),
        );
        let mut lateral = lateral;
        if params.augmented {
            let before = self.last_target_vel.unwrap_or(seen.target_vel);
            let across = Vec2::from(range.normalize_or(V2::from(dir)).perp());
            self.target_accel = ((seen.target_vel - before) / seen.dt).dot(across);
            self.last_target_vel = Some(seen.target_vel);
            lateral += 0.5 * params.gain * self.target_accel;
        }
        let (accel, turned) = turn(
            lateral,
            params.max_accel,
            normal,
            (vel, dir.into()),
            seen.dt,
        );
        let turned = Vec2::from(turned);
        self.accel = accel.into();
        body.vel = turned * params.speed;
        body.heading = crate::core::direction(turned);
        body.pos += body.vel * seen.dt;
        None
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);

    /// Its step reads the heading only where the velocity has no direction, and says so
    /// there ([`step_lanes`]).
    const LANE_GRAVITY: bool = true;

    /// Without augmentation, at a speed of at least 1 and with a velocity that has a
    /// direction: `[LOS rate, Vc, N, limit, speed, form]` (form 0 classic, 1 pure, 2
    /// true). Its own step keeps a direction (a unit vector times the speed), so the
    /// heading a one-missile step falls back on is needed only where something else
    /// (gravity, an airframe) brought the missile to a standstill.
    fn lane(&self, params: &ProNavParams, body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let form = match params.form {
            ProNavForm::Classic => 0.0,
            ProNavForm::Pure => 1.0,
            ProNavForm::True => 2.0,
        };
        let plain = !params.augmented && params.speed >= 1.0 && body.vel.try_normalize().is_some();
        plain.then_some([
            self.los_rate,
            self.closing_speed,
            params.gain,
            params.max_accel,
            params.speed,
            form,
        ])
    }

    fn readouts(&self, params: &ProNavParams, _dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::number(
            "line-of-sight rate",
            self.los_rate,
            "rad/s",
        ));
        out.push(Readout::number(
            "closing speed",
            self.closing_speed,
            "units/s",
        ));
        // Classic and true PN use max(Vc, 0): with the range opening (an overshoot)
        // they command nothing, and the missile flies straight.
        if params.form != ProNavForm::Pure && self.closing_speed < 0.0 {
            out.push(Readout::text(
                "range opening",
                "no command: N max(Vc, 0) is 0, it flies straight".into(),
            ));
        }
        out.push(Readout::number(
            "lateral acceleration",
            self.accel.length(),
            "units/s^2",
        ));
        if self.last_target_vel.is_some() {
            out.push(Readout::number(
                "target accel across LOS (est.)",
                self.target_accel,
                "units/s^2",
            ));
        }
    }

    fn debug_shapes(
        &self,
        _params: &ProNavParams,
        body: &Body,
        _seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        out.push(DebugShape::new(
            Role::Acceleration,
            Shape::Arrow {
                from: body.pos,
                vector: self.accel * 0.05,
            },
        ));
    }
}

/// The line-of-sight rate and the closing speed from the range and the relative
/// velocity, for one missile (`f32`) or four ([`crate::core::lanes::F4`]); `before` kept
/// where the range is zero.
pub fn sight<N: Real>(range: V2<N>, rel_vel: V2<N>, before: (N, N)) -> (N, N) {
    let r2 = range.length_squared();
    let seen = r2.gt(N::splat(0.0));
    (
        N::select(seen, range.perp_dot(rel_vel) / r2, before.0),
        N::select(seen, -range.dot(rel_vel) / r2.sqrt(), before.1),
    )
}

/// The command `N Vc (LOS rate)` before its limit and the direction it acts in, from the
/// line of sight `(rate, Vc)`, the missile's velocity, its direction and the range, for
/// the form `(pure, true)`: `Vc` is `max(Vc, 0)` or, pure, the missile's speed; the
/// direction is across the velocity or, true, across the line of sight (across the
/// velocity when the target is on top of it).
pub fn command<N: Real>(
    gain: N,
    (los_rate, closing_speed): (N, N),
    (vel, dir, range): (V2<N>, V2<N>, V2<N>),
    (pure, true_pn): (N::Mask, N::Mask),
) -> (N, V2<N>) {
    let zero = N::splat(0.0);
    let closing = N::select(closing_speed.gt(zero), closing_speed, zero);
    let speed = N::select(pure, vel.length(), closing);
    let across = range.normalize_or(dir).perp();
    (
        gain * speed * los_rate,
        V2::select(true_pn, across, dir.perp()),
    )
}

/// The command limited to `±max_accel` and applied along `normal` for a tick: the
/// acceleration and the missile's new direction (its old one if the turn leaves none).
pub fn turn<N: Real>(
    lateral: N,
    max_accel: N,
    normal: V2<N>,
    (vel, dir): (V2<N>, V2<N>),
    dt: N,
) -> (V2<N>, V2<N>) {
    let accel = normal.scale(lateral.clamp_to(-max_accel, max_accel));
    (accel, (vel + accel.scale(dt)).normalize_or(dir))
}

/// Four missiles' ticks at once: numbers `[LOS rate, Vc, N, limit, speed, form]`
/// ([`ProNav::lane`]), through the same [`sight`], [`command`] and [`turn`] as one
/// missile's. A lane whose velocity has no direction (something else stopped it) needs
/// the heading one missile's step falls back on: its move is not the law's.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let range = tick.target_pos - tick.pos;
    (n[0], n[1]) = sight(range, tick.target_vel - tick.vel, (n[0], n[1]));
    let (dir, moving) = tick.vel.try_normalize();
    let form = (n[5].eq(F4::ONE), n[5].eq(F4::splat(2.0)));
    let (lateral, normal) = command(n[2], (n[0], n[1]), (tick.vel, dir, range), form);
    let (_, turned) = turn(lateral, n[3], normal, (tick.vel, dir), tick.dt);
    let vel = turned.scale(n[4]);
    Moved {
        needs_heading: !moving,
        ..(tick.pos + vel.scale(tick.dt), vel).into()
    }
}

#[cfg(test)]
#[path = "pro_nav_tests.rs"]
mod tests;
