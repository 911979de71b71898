//! The seeker: what a missile's law is shown of its target. Perfect by default (the
//! target as it was at the start of the tick). With a seeker, every law, built-in or
//! scripted, sees the target `latency` ticks late, refreshed `rate` times a second and
//! held in between, with seeded Gaussian noise on bearing and range; outside its field
//! of view or lock range the lock is lost, the law is not asked, and the missile holds
//! the turn rate its law last flew, at its speed, until the target is back in view.
//! A seeker that takes a flare for the target shows its law the flare from then on
//! ([`Seeker::decoy`]); the missile is still after the target it was launched at.

use crate::core::field::{described, number, whole};
use crate::core::Portable;
use crate::core::{Body, DebugShape, Readout, Role, Seen, Shape};
use crate::sim::ids::TargetId;
use crate::sim::rng::Rng;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

crate::core::field_default!(default_fov: f32 = 360.0);

fn infinite() -> f32 {
    f32::INFINITY
}

fn is_infinite(value: &f32) -> bool {
    value.is_infinite()
}

/// A missile's seeker as a scenario gives it (per launcher or turret, `missile.seeker`).
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekerSpec {
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub rate: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub latency: u32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub bearing_noise: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub range_noise: f32,
    #[serde(
        default = "default_fov::value",
        skip_serializing_if = "default_fov::is"
    )]
    pub fov: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub lock_range: f32,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub decoy_chance: f32,
}

described!(SeekerSpec {
    rate: number(0.0, 1000.0)
        .label("update rate (0: every tick)")
        .unit("1/s")
        .help("Updates per second, held in between (rounded to whole ticks, at least one). 0: every tick."),
    latency: whole(0, 600)
        .unit("ticks")
        .help("The law sees the target as it was this many ticks before (until then, as at launch)."),
    bearing_noise: number(0.0, 180.0)
        .label("bearing noise (sd)")
        .unit("degrees")
        .help("Standard deviation of the bearing's noise."),
    range_noise: number(0.0, 100_000.0)
        .label("range noise (sd)")
        .unit("units")
        .help("Standard deviation of the range's noise."),
    fov: number(0.0, 360.0)
        .label("field of view")
        .unit("degrees")
        .help("Full width of the field of view around the heading."),
    lock_range: number(0.0, 1.0e7)
        .label("lock range (0: none)")
        .unit("units")
        .help("Farthest it holds a lock; 0: no limit."),
    decoy_chance: number(0.0, 1.0)
        .label("takes a flare with chance")
        .help("Chance that it takes a flare thrown in its view for the target."),
});

impl Default for SeekerSpec {
    fn default() -> Self {
        Self {
            rate: 0.0,
            latency: 0,
            bearing_noise: 0.0,
            range_noise: 0.0,
            fov: default_fov::value(),
            lock_range: 0.0,
            decoy_chance: 0.0,
        }
    }
}

impl SeekerSpec {
    /// Ticks between updates at tick length `dt` (at least 1).
    pub fn period(&self, dt: f32) -> u64 {
        if self.rate > 0.0 {
            ((1.0 / (self.rate * dt)).round() as u64).max(1)
        } else {
            1
        }
    }

    /// Why the seeker cannot see a target at `offset` from a missile heading `heading`
    /// (none: it can).
    pub fn blind_to(&self, offset: Vec2, heading: f32) -> Option<LockLoss> {
        if self.lock_range > 0.0 && offset.length() > self.lock_range {
            return Some(LockLoss::OutOfRange);
        }
        // (All round, the heading is not read: the sweep's lockstep path has none.)
        if self.fov < 360.0 && offset != Vec2::ZERO {
            let off_axis = Vec2::from_angle(heading).angle_between(offset).abs();
            if off_axis > (self.fov * 0.5).to_radians() {
                return Some(LockLoss::OutsideFieldOfView);
            }
        }
        None
    }

    /// Whether it sees all round (a field of view of 360 degrees): what it shows then
    /// never depends on the missile's heading.
    pub fn all_round(&self) -> bool {
        self.fov >= 360.0
    }

    /// Whether it can ever be blind ([`SeekerSpec::blind_to`]): a lock range, or a field
    /// of view short of all round.
    pub fn may_lose_lock(&self) -> bool {
        self.lock_range > 0.0 || !self.all_round()
    }
}

/// Why a seeker lost its lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LockLoss {
    OutsideFieldOfView,
    OutOfRange,
}

impl LockLoss {
    pub fn describe(self) -> &'static str {
        match self {
            LockLoss::OutsideFieldOfView => "the target left the field of view",
            LockLoss::OutOfRange => "the target is beyond the lock range",
        }
    }
}

/// A missile's seeker: its spec and what it has seen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seeker {
    pub spec: SeekerSpec,
    /// The target's true position and velocity on the last `latency + 1` ticks, oldest
    /// first.
    truths: VecDeque<(Vec2, Vec2)>,
    /// What the law is shown: the last measurement, held until the next.
    pub held: Option<(Vec2, Vec2)>,
    /// Tick of the next measurement.
    next_update: u64,
    /// Why the lock is lost (none: locked).
    pub lost: Option<LockLoss>,
    /// The turn rate the law last flew (rad/s, positive from +x towards +y): held, at
    /// the missile's speed, while the lock is lost.
    pub turn_rate: f32,
    /// The flare it took for its target (none: it sees the target it was launched at).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decoy: Option<TargetId>,
    /// The closest it came to that flare (infinite until it took one).
    #[serde(default = "infinite", skip_serializing_if = "is_infinite")]
    pub decoy_closest: f32,
    rng: Rng,
}

/// A change of lock on a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockChange {
    Lost(LockLoss),
    Regained,
}

impl Seeker {
    /// A seeker whose noise comes from the world's `seed` and the missile's number.
    pub fn new(spec: SeekerSpec, seed: u64, missile: u32) -> Self {
        let stream = seed ^ u64::from(missile).wrapping_mul(0xD605_BBB5_8C8A_BE41);
        Self {
            spec,
            truths: VecDeque::new(),
            held: None,
            next_update: 0,
            lost: None,
            turn_rate: 0.0,
            decoy: None,
            decoy_closest: f32::INFINITY,
            rng: Rng::new(stream),
        }
    }

    /// The bytes its latency buffer holds beyond the missile itself (for history budgets).
    pub fn approx_bytes(&self) -> usize {
        self.truths.capacity() * std::mem::size_of::<(Vec2, Vec2)>()
    }

    /// What the law sees this tick of a target truly at `truth` (none: the lock is lost),
    /// and whether the lock changed.
    pub fn look(
        &mut self,
        truth: &Seen,
        body: &Body,
        tick: u64,
    ) -> (Option<Seen>, Option<LockChange>) {
        self.truths.push_back((truth.target_pos, truth.target_vel));
        while self.truths.len() > self.spec.latency as usize + 1 {
            self.truths.pop_front();
        }
        let blind = self
            .spec
            .blind_to(truth.target_pos - body.pos, body.heading);
        let change = match (self.lost, blind) {
            (None, Some(why)) => Some(LockChange::Lost(why)),
            (Some(_), None) => Some(LockChange::Regained),
            _ => None,
        };
        self.lost = blind;
        if blind.is_some() {
            return (None, change);
        }
        if self.held.is_none() || tick >= self.next_update {
            // Until `latency` ticks have passed, the oldest truth there is (the launch's).
            let (pos, vel) = self.truths[0];
            self.held = Some((self.measure(pos, body.pos), vel));
            self.next_update = tick + self.spec.period(truth.dt);
        }
        let (target_pos, target_vel) = self.held.unwrap_or((truth.target_pos, truth.target_vel));
        let seen = Seen {
            target_pos,
            target_vel,
            dt: truth.dt,
        };
        (Some(seen), change)
    }

    /// Whether it takes the flare `flare`, `offset` away from a missile heading `heading`,
    /// for its target: in view, with its `decoy_chance`. If so it starts afresh on the
    /// flare.
    pub fn decoyed_by(&mut self, flare: TargetId, offset: Vec2, heading: f32) -> bool {
        let chance = self.spec.decoy_chance;
        if chance <= 0.0 || self.spec.blind_to(offset, heading).is_some() {
            return false;
        }
        if self.rng.unit() >= chance {
            return false;
        }
        self.truths.clear();
        self.held = None;
        self.decoy = Some(flare);
        true
    }

    /// Whether it has taken a flare for its target.
    pub fn decoyed(&self) -> bool {
        self.decoy.is_some()
    }

    /// Remembers the turn rate of a move from velocity `before` to `after` over `dt`, the
    /// law's last while locked.
    /// (From or to a standstill the turn is 0: both products are 0 then.)
    pub fn remember_turn(&mut self, before: Vec2, after: Vec2, dt: f32) {
        self.turn_rate =
            crate::core::direction(Vec2::new(before.dot(after), before.perp_dot(after))) / dt;
    }

    /// A target at `pos` as measured from `from`: range and bearing with their noise.
    fn measure(&mut self, pos: Vec2, from: Vec2) -> Vec2 {
        if self.spec.bearing_noise == 0.0 && self.spec.range_noise == 0.0 {
            return pos;
        }
        let offset = pos - from;
        let range = offset.length() + self.spec.range_noise * self.gaussian();
        let bearing =
            offset.y.patan2(offset.x) + self.spec.bearing_noise.to_radians() * self.gaussian();
        from + Vec2::from_angle(bearing) * range.max(0.0)
    }

    /// A standard normal number (Box-Muller).
    fn gaussian(&mut self) -> f32 {
        let u = 1.0 - self.rng.unit(); // in (0, 1]
        let v = self.rng.unit();
        (-2.0 * u.pln()).sqrt() * (std::f32::consts::TAU * v).pcos()
    }

    /// The field of view as a wedge from the missile, and where it thinks the target is.
    pub fn debug_shapes(&self, body: &Body, out: &mut Vec<DebugShape>) {
        let reach = if self.spec.lock_range > 0.0 {
            self.spec.lock_range
        } else {
            200.0
        };
        if self.spec.fov < 360.0 {
            let half_angle = (self.spec.fov * 0.5).to_radians();
            out.push(DebugShape::new(
                Role::SeekerCone,
                Shape::Wedge {
                    apex: body.pos,
                    direction: body.heading,
                    half_angle,
                    length: reach,
                },
            ));
        } else if self.spec.lock_range > 0.0 {
            let center = body.pos;
            let cone = Shape::Circle {
                center,
                radius: reach,
            };
            out.push(DebugShape::new(Role::SeekerCone, cone));
        }
        if let Some((pos, _)) = self.held {
            out.push(DebugShape::new(Role::SeenTarget, Shape::Point(pos)));
        }
    }

    /// Its lines in the inspector.
    pub fn readouts(&self, out: &mut Vec<Readout>) {
        let lock = match self.lost {
            None => "locked".to_string(),
            Some(why) => format!("lost: {}", why.describe()),
        };
        out.push(Readout::text("seeker", lock));
        if let Some((pos, _)) = self.held {
            out.push(Readout::vector("target as seen", pos, "units"));
        }
        if self.decoyed() {
            out.push(Readout::number(
                "closest to the flare",
                self.decoy_closest,
                "units",
            ));
        }
    }
}

#[cfg(test)]
#[path = "seeker_tests.rs"]
mod tests;
