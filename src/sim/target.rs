//! Targets and their motion models: static, constant velocity, circle, weave, polyline
//! path, fly program (B2), and driven from outside (a dragged target, whose velocity is
//! estimated from its motion so intercept algorithms can lead it).

use super::fly_program::{FlyProgramSpec, FlyState};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::f32::consts::TAU;

/// A target's stable id within a world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TargetId(pub u32);

impl std::fmt::Display for TargetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "T{}", self.0)
    }
}

crate::core::field_default!(default_target_radius: f32 = 10.0);

crate::core::field_default!(default_smoothing: f32 = 0.1);

/// A target as a scenario describes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    /// Name that launchers refer to (unique within a scenario).
    pub name: String,
    /// Hit radius.
    #[serde(
        default = "default_target_radius::value",
        skip_serializing_if = "default_target_radius::is"
    )]
    pub radius: f32,
    /// Whether a hit removes it (asteroids); otherwise hits are counted and it flies on.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub destructible: bool,
    pub motion: Motion,
}

/// How a target moves. Times are seconds since the target appeared.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Motion {
    Static {
        pos: Vec2,
    },
    /// `pos + vel t`.
    Constant {
        pos: Vec2,
        vel: Vec2,
    },
    /// Around `center` at `angular_speed` rad/s, starting at angle `phase`.
    Circle {
        center: Vec2,
        radius: f32,
        angular_speed: f32,
        #[serde(default, skip_serializing_if = "crate::core::is_default")]
        phase: f32,
    },
    /// Along `vel`, swinging sideways by `amplitude` at `frequency` Hz.
    Weave {
        pos: Vec2,
        vel: Vec2,
        amplitude: f32,
        frequency: f32,
    },
    /// Along a polyline at constant speed; looping closes it back to the first point,
    /// otherwise it stops at the last.
    Path {
        points: Vec<Vec2>,
        speed: f32,
        #[serde(default, skip_serializing_if = "crate::core::is_default")]
        looping: bool,
    },
    /// A scripted fly program (B2).
    FlyProgram(FlyProgramSpec),
    /// Moved from outside (a mouse drag); velocity is an exponential average of the
    /// motion with time constant `smoothing` seconds.
    Driven {
        pos: Vec2,
        #[serde(
            default = "default_smoothing::value",
            skip_serializing_if = "default_smoothing::is"
        )]
        smoothing: f32,
    },
}

impl Motion {
    /// Position and velocity at `age` seconds for the motions that are functions of
    /// time; `None` for the stateful ones (fly program, driven).
    pub fn at(&self, age: f64) -> Option<(Vec2, Vec2)> {
        let t = age as f32;
        Some(match self {
            Motion::Static { pos } => (*pos, Vec2::ZERO),
            Motion::Constant { pos, vel } => {
                ((pos.as_dvec2() + vel.as_dvec2() * age).as_vec2(), *vel)
            }
            Motion::Circle {
                center,
                radius,
                angular_speed,
                phase,
            } => {
                let angle = (f64::from(*angular_speed) * age + f64::from(*phase))
                    .rem_euclid(std::f64::consts::TAU) as f32;
                let (sin, cos) = angle.sin_cos();
                (
                    *center + Vec2::new(cos, sin) * *radius,
                    Vec2::new(-sin, cos) * *radius * *angular_speed,
                )
            }
            Motion::Weave {
                pos,
                vel,
                amplitude,
                frequency,
            } => {
                let side = vel.normalize_or_zero().perp();
                let phase = (f64::from(*frequency) * age).fract() as f32 * TAU;
                let base = (pos.as_dvec2() + vel.as_dvec2() * age).as_vec2();
                (
                    base + side * *amplitude * phase.sin(),
                    *vel + side * *amplitude * TAU * *frequency * phase.cos(),
                )
            }
            Motion::Path {
                points,
                speed,
                looping,
            } => path_at(points, *speed, *looping, t),
            Motion::FlyProgram(_) | Motion::Driven { .. } => return None,
        })
    }

    /// Where the motion starts.
    pub fn start(&self) -> Vec2 {
        match self {
            Motion::FlyProgram(spec) => spec.start(),
            Motion::Driven { pos, .. } => *pos,
            other => other.at(0.0).map_or(Vec2::ZERO, |(pos, _)| pos),
        }
    }
}

/// Position and velocity `t` seconds along a polyline (no allocation: it runs every tick).
fn path_at(points: &[Vec2], speed: f32, looping: bool, t: f32) -> (Vec2, Vec2) {
    let Some(&first) = points.first() else {
        return (Vec2::ZERO, Vec2::ZERO);
    };
    let last = points[points.len() - 1];
    let closing = (looping && points.len() > 1).then_some((last, first));
    let segments = || points.windows(2).map(|w| (w[0], w[1])).chain(closing);
    let total: f32 = segments().map(|(a, b)| (b - a).length()).sum();
    if total <= 0.0 || speed <= 0.0 {
        return (first, Vec2::ZERO);
    }
    let mut along = speed * t;
    if looping {
        along = along.rem_euclid(total);
    } else if along >= total {
        return (last, Vec2::ZERO);
    }
    for (a, b) in segments() {
        let len = (b - a).length();
        if along <= len && len > 0.0 {
            let dir = (b - a) / len;
            return (a + dir * along, dir * speed);
        }
        along -= len;
    }
    (last, Vec2::ZERO)
}

/// Runtime state of the stateful motions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MotionState {
    /// A function of time: nothing to keep.
    Analytic,
    Fly(FlyState),
    Driven {
        /// Position requested from outside for the next tick.
        pending: Option<Vec2>,
    },
}

/// A target in the world.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Target {
    pub id: TargetId,
    pub name: String,
    pub radius: f32,
    pub destructible: bool,
    pub motion: Motion,
    pub state: MotionState,
    pub pos: Vec2,
    /// Velocity in units/s (estimated for driven targets).
    pub vel: Vec2,
    /// Position and velocity at the start of the current tick.
    pub prev_pos: Vec2,
    pub prev_vel: Vec2,
    /// Tick it appeared on.
    pub born_tick: u64,
    /// Ground height for asteroids: reaching it loses the target.
    pub ground: Option<f32>,
    /// Hits taken so far.
    pub hits: u32,
}

impl Target {
    pub fn new(id: TargetId, spec: &TargetSpec, tick: u64) -> Self {
        let pos = spec.motion.start();
        let vel = spec.motion.at(0.0).map_or(Vec2::ZERO, |(_, v)| v);
        let state = match &spec.motion {
            Motion::FlyProgram(fly) => MotionState::Fly(FlyState::new(fly)),
            Motion::Driven { .. } => MotionState::Driven { pending: None },
            _ => MotionState::Analytic,
        };
        Self {
            id,
            name: spec.name.clone(),
            radius: spec.radius,
            destructible: spec.destructible,
            motion: spec.motion.clone(),
            state,
            pos,
            vel,
            prev_pos: pos,
            prev_vel: vel,
            born_tick: tick,
            ground: None,
            hits: 0,
        }
    }

    /// Takes a position from outside (a drag). A target that was not driven becomes
    /// driven from where it is, keeping its velocity as the estimate's start.
    pub fn drive_to(&mut self, pos: Vec2) {
        if !matches!(self.state, MotionState::Driven { .. }) {
            self.motion = Motion::Driven {
                pos: self.pos,
                smoothing: default_smoothing::value(),
            };
        }
        self.state = MotionState::Driven { pending: Some(pos) };
    }

    /// Advances the motion to `tick + 1`. `hero` is where the fly-program hero was at the
    /// start of the tick. Returns `false` when a fly program crossed a death line.
    pub fn advance(&mut self, tick: u64, dt: f32, hero: Vec2) -> bool {
        self.prev_pos = self.pos;
        self.prev_vel = self.vel;
        let age = (tick + 1 - self.born_tick) as f64 * f64::from(dt);
        match (&self.motion, &mut self.state) {
            (Motion::FlyProgram(spec), MotionState::Fly(fly)) => {
                let (pos, vel) = fly.step(spec, self.pos, hero, dt);
                self.pos = pos;
                self.vel = vel;
                !super::fly_program::beyond_death_lines(pos)
            }
            (Motion::Driven { smoothing, .. }, MotionState::Driven { pending }) => {
                let raw = match pending.take() {
                    Some(pos) => {
                        let raw = (pos - self.pos) / dt;
                        self.pos = pos;
                        raw
                    }
                    None => Vec2::ZERO,
                };
                let blend = if *smoothing > 0.0 {
                    1.0 - (-dt / smoothing).exp()
                } else {
                    1.0
                };
                self.vel += (raw - self.vel) * blend;
                true
            }
            (motion, _) => {
                if let Some((pos, vel)) = motion.at(age) {
                    self.pos = pos;
                    self.vel = vel;
                }
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(motion: Motion) -> TargetSpec {
        TargetSpec {
            name: "t".into(),
            radius: 10.0,
            destructible: false,
            motion,
        }
    }

    #[test]
    fn circle_moves_at_radius_times_angular_speed_tangentially() {
        let motion = Motion::Circle {
            center: Vec2::new(100.0, 100.0),
            radius: 50.0,
            angular_speed: 2.0,
            phase: 0.0,
        };
        let (pos, vel) = motion.at(0.0).unwrap();
        assert_eq!(pos, Vec2::new(150.0, 100.0));
        assert!((vel - Vec2::new(0.0, 100.0)).length() < 1e-4);
        let (pos, _) = motion.at(std::f64::consts::FRAC_PI_4).unwrap();
        assert!((pos - Vec2::new(100.0, 150.0)).length() < 1e-3);
    }

    #[test]
    fn path_loops_back_or_stops_at_the_end() {
        let points = vec![Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(100.0, 100.0)];
        let open = Motion::Path {
            points: points.clone(),
            speed: 50.0,
            looping: false,
        };
        assert_eq!(open.at(3.0).unwrap().0, Vec2::new(100.0, 50.0));
        assert_eq!(
            open.at(100.0).unwrap(),
            (Vec2::new(100.0, 100.0), Vec2::ZERO)
        );
        let closed = Motion::Path {
            points,
            speed: 50.0,
            looping: true,
        };
        // Loop length 200 + 100*sqrt2; after one full loop it is back at the start.
        let lap = (200.0 + 100.0 * 2f64.sqrt()) / 50.0;
        assert!(
            closed
                .at(lap + 1.0)
                .unwrap()
                .0
                .distance(Vec2::new(50.0, 0.0))
                < 1e-2
        );
    }

    #[test]
    fn weave_swings_sideways_around_its_line() {
        let motion = Motion::Weave {
            pos: Vec2::ZERO,
            vel: Vec2::new(100.0, 0.0),
            amplitude: 20.0,
            frequency: 1.0,
        };
        let (pos, _) = motion.at(0.25).unwrap();
        assert!((pos - Vec2::new(25.0, 20.0)).length() < 1e-3);
        let (pos, _) = motion.at(0.75).unwrap();
        assert!((pos - Vec2::new(75.0, -20.0)).length() < 1e-3);
    }

    #[test]
    fn dragged_target_velocity_is_estimated_from_its_motion() {
        let mut target = Target::new(TargetId(0), &spec(Motion::Static { pos: Vec2::ZERO }), 0);
        let dt = 1.0 / 60.0;
        // Dragged 2 units a tick to the right = 120 units/s.
        for tick in 0..120 {
            target.drive_to(Vec2::new(2.0 * (tick + 1) as f32, 0.0));
            target.advance(tick, dt, Vec2::ZERO);
        }
        assert!(
            (target.vel - Vec2::new(120.0, 0.0)).length() < 1.0,
            "{}",
            target.vel
        );
        assert_eq!(target.pos, Vec2::new(240.0, 0.0));
        // Released: the estimate decays to rest.
        for tick in 120..240 {
            target.advance(tick, dt, Vec2::ZERO);
        }
        assert!(target.vel.length() < 1.0);
    }
}
