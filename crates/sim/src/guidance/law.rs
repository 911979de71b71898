//! What a steering law is: the [`Law`] trait every law's file implements (its id,
//! summary, colour, parameters, fuse, and the one `steer` signature), what it needs to
//! start a missile ([`Launch`]), what it tells the world about a tick ([`Signal`]), and
//! how its missile is drawn beyond the common shapes ([`Look`]).

use crate::core::lanes::{
    LaneHeading, LaneStep, LaneTick, Moved, Real, F4, LANES, LANE_NUMBERS, V2,
};
use crate::core::{Body, DebugShape, Field, Readout, Seen, Tunable};
use glam::Vec2;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// A steering law: its self-description (consts) and its per-missile state (`Self`).
/// A built-in law is one file implementing this plus one line in the registry
/// ([`super::laws!`]).
pub trait Law: Sized + Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// The stable id files and the command line use (`"turn-rate"`).
    const ID: &'static str;
    /// One line: what it is and where it comes from.
    const SUMMARY: &'static str;
    /// Its colour wherever it is drawn, as RGB.
    const COLOR: [u8; 3];
    /// Whether it hits what it touches. A law that is not contact-fused ends only by
    /// detonating ([`Signal::Detonate`]), catching whatever is in its blast.
    const CONTACT_FUSED: bool = true;
    /// Its parameters, which describe themselves (`tunable!`).
    type Params: Tunable + Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned;

    /// Starts a missile; `None` when the law has no solution and does not fire.
    fn launch(params: &Self::Params, launch: &Launch) -> Option<(Self, Body)>;

    /// One tick: steers and moves the body, seeing the target as it was at the start
    /// of the tick.
    fn steer(&mut self, params: &Self::Params, body: &mut Body, seen: &Seen) -> Option<Signal>;

    /// The best possible time to hit, from launch, for a law with an exact solution.
    fn optimal_time(&self, _params: &Self::Params, _body: &Body, _seen: &Seen) -> Option<f32> {
        None
    }

    /// Its internals, for the inspector.
    fn readouts(&self, _params: &Self::Params, _dt: f32, _out: &mut Vec<Readout>) {}

    /// Its debug shapes, for the overlays.
    fn debug_shapes(
        &self,
        _params: &Self::Params,
        _body: &Body,
        _seen: &Seen,
        _out: &mut Vec<DebugShape>,
    ) {
    }

    /// How its missile is drawn.
    fn look(&self) -> Look {
        Look::Arrow
    }

    /// Values derived from its parameters, shown under them in the panel.
    fn notes(_params: &Self::Params, _dt: f32) -> Vec<String> {
        Vec::new()
    }

    /// The step it offers the sweep's fast path ([`crate::sim::lockstep`]), four
    /// missiles at once, if it has one.
    const LANE_STEP: Option<LaneStep> = None;

    /// Whether its four-lane step may fly a body something else moved: under gravity,
    /// which the world adds after the law's move, or coasting while its seeker is blind
    /// (the law not asked): nothing in its numbers stands for the heading or for where
    /// its own step left the body (a step that reads the heading only at a standstill
    /// says where it would have: [`crate::core::lanes::Moved::needs_heading`]).
    const LANE_GRAVITY: bool = false;

    /// This missile's numbers for [`Law::LANE_STEP`] under `params`, its body as it is
    /// (none: it flies on the ordinary path, as with parameters the four-lane step does
    /// not cover).
    fn lane(&self, _params: &Self::Params, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        None
    }

    /// Takes back into its state what its four-lane step left in the numbers (laid out
    /// as [`Law::lane`] gives them), and sets the body's heading as its own step would
    /// have (finite wherever the numbers and the move are) unless [`Law::LANE_HEADING`]
    /// does: with it, a world flies this law's missiles four at a time too
    /// ([`crate::sim::World::step`]). None: a world flies them one at a time.
    const UNLANE: Option<fn(&mut Self, &[f32; LANE_NUMBERS], &mut Body)> = None;

    /// The heading its own step would leave, worked out for a world's four missiles at
    /// once from the numbers its four-lane step left and the headings before (a heading
    /// is an arctangent: four in one register cost what one does alone). None:
    /// [`Law::UNLANE`] sets each missile's heading.
    const LANE_HEADING: Option<LaneHeading> = None;
}

/// A four-lane step made of a one-missile step `step` run on each lane in turn, for a
/// law whose arithmetic has no four-lane form (a library's trigonometry, integers, an
/// `f64` solver): `step` gets the lane's numbers (to update), its body (where it is and
/// how it moves; heading 0) to move, and the target as seen; the lanes detonate, or
/// their solver failed, where it says so.
#[inline]
pub fn lane_by_lane(
    n: &mut [F4; LANE_NUMBERS],
    tick: &LaneTick,
    step: impl Fn(&mut [f32; LANE_NUMBERS], &mut Body, &Seen) -> Option<Signal>,
) -> Moved {
    let columns = n.map(F4::to_array);
    let mut rows: [[f32; LANE_NUMBERS]; LANES] = std::array::from_fn(|i| columns.map(|c| c[i]));
    let [pos, vel, target_pos, target_vel] = [tick.pos, tick.vel, tick.target_pos, tick.target_vel]
        .map(|v| (v.x.to_array(), v.y.to_array()));
    let dt = tick.dt.to_array();
    let (mut x, mut y, mut vx, mut vy) = ([0.0; LANES], [0.0; LANES], [0.0; LANES], [0.0; LANES]);
    let (mut detonates_at, mut blast) = ([f32::NAN; LANES], [0.0; LANES]);
    let mut failed = [0.0; LANES];
    for (i, numbers) in rows.iter_mut().enumerate() {
        let at = |v: ([f32; LANES], [f32; LANES])| Vec2::new(v.0[i], v.1[i]);
        let seen = Seen {
            target_pos: at(target_pos),
            target_vel: at(target_vel),
            dt: dt[i],
        };
        let mut body = Body {
            pos: at(pos),
            vel: at(vel),
            heading: 0.0,
        };
        match step(numbers, &mut body, &seen) {
            Some(Signal::Detonate { radius, fraction }) => {
                (detonates_at[i], blast[i]) = (fraction, radius)
            }
            Some(Signal::SolverFailed) => failed[i] = 1.0,
            _ => {}
        }
        (x[i], y[i], vx[i], vy[i]) = (body.pos.x, body.pos.y, body.vel.x, body.vel.y);
    }
    *n = std::array::from_fn(|k| F4::from(rows.map(|lane| lane[k])));
    let v2 = |x: [f32; LANES], y: [f32; LANES]| V2::new(F4::from(x), F4::from(y));
    Moved {
        pos: v2(x, y),
        vel: v2(vx, vy),
        detonates_at: F4::from(detonates_at),
        blast: F4::from(blast),
        solver_failed: F4::from(failed).eq(F4::ONE),
        needs_heading: F4::ZERO,
    }
}

/// Everything a law needs to start a missile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Launch {
    pub pos: Vec2,
    /// Start velocity (units/s); used by the accelerating missiles and the heat-seeker.
    pub vel: Vec2,
    /// Unit launch direction: the start velocity's, or towards the target if it is zero.
    pub dir: Vec2,
    /// The target as seen at launch.
    pub seen: Seen,
    /// The world's gravity (units/s^2), which the world adds after every law's move.
    pub gravity: Vec2,
}

impl Launch {
    /// A launch from `pos` with start velocity `vel` at a target at `target` moving `target_vel`.
    pub fn toward(pos: Vec2, vel: Vec2, target: Vec2, target_vel: Vec2, dt: f32) -> Self {
        let dir = vel
            .try_normalize()
            .or_else(|| (target - pos).try_normalize())
            .unwrap_or(Vec2::X);
        Self {
            pos,
            vel,
            dir,
            seen: Seen {
                target_pos: target,
                target_vel,
                dt,
            },
            gravity: Vec2::ZERO,
        }
    }
}

/// Something a law tells the world about a tick.
#[derive(Clone, Debug, PartialEq)]
pub enum Signal {
    /// The missile reached its aim point and detonates: everything within `radius` of
    /// it at `fraction` of the tick is caught (swept, like contact hits).
    Detonate { radius: f32, fraction: f32 },
    /// The solver found no usable answer (reported once until it recovers).
    SolverFailed,
    /// The law itself failed (a script's error): this missile ends, the others fly on.
    Failed(LawError),
    /// The flight ends here, where the missile was, for this reason: a recorded missile
    /// whose game said how it missed (its trace's `event`).
    Ended(crate::core::miss::MissReason),
}

/// How a missile is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Look {
    /// A triangle pointing along its heading.
    Arrow,
    /// A line from the nose back by this offset (world units), as wordwarvi draws it.
    Tail(Vec2),
}

/// What the registry knows of a law without a missile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LawInfo {
    /// Stable id (`"turn-rate"`).
    pub id: &'static str,
    /// Its section in a scenario's `algorithms:` (`turn_rate`).
    pub section: &'static str,
    pub summary: &'static str,
    pub color: [u8; 3],
    /// Its parameters' descriptions.
    pub params: &'static [Field],
    pub contact_fused: bool,
    /// Whether it offers a four-lane step ([`Law::LANE_STEP`]): its sweeps fly on the
    /// fast path (with the parameters and worlds [`crate::sim::lockstep`] takes).
    pub four_lane: bool,
    /// Whether that step also flies a body something else moved: under gravity, or
    /// coasting blind ([`Law::LANE_GRAVITY`]).
    pub lane_gravity: bool,
}

/// Why a runtime law failed on a tick, with where (a script's `file:line:col`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LawError {
    pub place: String,
    pub message: String,
}

impl std::fmt::Display for LawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.place.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.place, self.message)
        }
    }
}
