//! The targets the lockstep path flies its engagements against ([`super::fly`]): one
//! track per distinct target, ticked once a tick for every engagement chasing it, a
//! straight line only moved along, and an evasive target its engagement's own, told
//! where that engagement's missile is.

use crate::sim::motion::{Constant, Moving, Surroundings};
use crate::sim::target::Target;
use glam::Vec2;

/// A target's motion, shared by the engagements chasing equal targets (the runs of a cell
/// differ in seeds the target may not use).
pub(super) struct Track {
    pub target: Target,
    /// Its line, if it flies a straight line that stays finite ([`Track::line_of`]).
    pub line: Option<Constant>,
    /// Lost this tick: still there for the missiles' tick, gone from the next.
    pub lost: bool,
    pub gone: bool,
    /// With a sampled engagement after it: its position and velocity after each tick
    /// until it is lost.
    pub trail: Vec<[Vec2; 2]>,
    /// Whether it reacts to the missile after it ([`crate::sim::motion::Motion::evades`]):
    /// then it is one engagement's alone ([`Track::shared`]) and ticks only while that
    /// engagement flies, with `threat` where its missile was at the tick's start.
    pub evades: bool,
    pub threat: Option<Moving>,
}

impl Track {
    /// `target`'s line if it flies one from tick `tick` to `end`: a straight line nothing
    /// ends ([`Target::straight`]), where that line puts it now, and finite to the end (a
    /// line's coordinates move one way, so finite at both ends is finite all along).
    pub fn line_of(target: &Target, tick: u64, end: u64, dt: f32) -> Option<Constant> {
        let line = target.straight()?;
        let at = |t: u64| line.state_at(Target::age(t - target.born_tick, dt));
        let (now, last) = (at(tick), at(end.max(tick)));
        let finite = now.0.is_finite() && last.0.is_finite() && line.vel.is_finite();
        (finite && now == (target.pos, target.vel)).then(|| line.clone())
    }

    /// A track for `target` from tick `tick` to `end` (its trail given).
    pub fn new(target: Target, tick: u64, end: u64, dt: f32, trail: Vec<[Vec2; 2]>) -> Track {
        Track {
            line: Track::line_of(&target, tick, end, dt),
            evades: target.motion.evades(),
            target,
            lost: false,
            gone: false,
            trail,
            threat: None,
        }
    }

    /// Whether an engagement chasing a target equal to `target` may share this track: a
    /// target that reacts to its missile moves for that missile alone (a world's moves
    /// away from the nearest missile after it, and a world handed off has one).
    pub fn shared(&self, target: &Target) -> bool {
        !self.evades && self.target == *target
    }

    /// Tick `t` of its target ([`Target::tick`]); whether the target was lost. A line
    /// is only moved along: nothing else in a target's tick can happen to it. An
    /// evasive target is given its missile as the nearest after it, as a world's
    /// ([`Surroundings::threat`]).
    pub fn tick(&mut self, t: u64, dt: f32, around: &Surroundings) -> bool {
        let Some(line) = &self.line else {
            if self.evades {
                let around = Surroundings {
                    threat: self.threat,
                    ..around.clone()
                };
                return self.target.tick(t, dt, &around).is_some();
            }
            return self.target.tick(t, dt, around).is_some();
        };
        let target = &mut self.target;
        (target.prev_pos, target.prev_vel) = (target.pos, target.vel);
        (target.pos, target.vel) = line.state_at(Target::age(t + 1 - target.born_tick, dt));
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::ids::TargetId;
    use crate::sim::target::TargetSpec;

    const DT: f32 = 1.0 / 60.0;

    fn straight(pos: Vec2, vel: Vec2, born: u64) -> Target {
        let spec = TargetSpec {
            name: "t".into(),
            radius: 10.0,
            destructible: false,
            motion: crate::sim::motion::Motion::Constant(Constant { pos, vel }),
            flares: None,
        };
        Target::new(TargetId(0), &spec, born)
    }

    /// The target ticked by the world's rule to the start of tick `t`.
    fn ticked(mut target: Target, t: u64) -> Target {
        for k in target.born_tick..t {
            assert_eq!(target.tick(k, DT, &Surroundings::default()), None);
        }
        target
    }

    #[test]
    fn a_straight_target_flies_its_line_where_the_world_would_have_it() {
        let target = ticked(
            straight(Vec2::new(10.0, 20.0), Vec2::new(33.3, -7.1), 3),
            40,
        );
        let mut track = Track::new(target.clone(), 40, 400, DT, Vec::new());
        assert!(track.line.is_some());
        let mut world = target;
        for t in 40..400 {
            assert!(!track.tick(t, DT, &Surroundings::default()));
            assert_eq!(world.tick(t, DT, &Surroundings::default()), None);
            let both = |t: &Target| (t.pos, t.vel, t.prev_pos, t.prev_vel);
            assert_eq!(both(&track.target), both(&world), "tick {t}");
        }
    }

    #[test]
    fn only_a_line_nothing_ends_and_that_stays_finite_is_flown_as_a_line() {
        let fine = ticked(straight(Vec2::ZERO, Vec2::new(60.0, 0.0), 0), 10);
        assert!(Track::line_of(&fine, 10, 100, DT).is_some());
        // Something can end it: a burn-out, the ground.
        let mut burns = fine.clone();
        burns.expires = Some(50);
        assert!(Track::line_of(&burns, 10, 100, DT).is_none());
        let mut grounded = fine.clone();
        grounded.ground = Some(1000.0);
        assert!(Track::line_of(&grounded, 10, 100, DT).is_none());
        // Not where its line puts it (moved by something else).
        let mut moved = fine.clone();
        moved.pos.x += 1.0;
        assert!(Track::line_of(&moved, 10, 100, DT).is_none());
        // Past f32's range before the end (2e37 units/s for 1,000 s), but not before.
        let far = ticked(straight(Vec2::ZERO, Vec2::new(2.0e37, 0.0), 0), 1);
        assert!(Track::line_of(&far, 1, 600, DT).is_some());
        assert!(Track::line_of(&far, 1, 60_000, DT).is_none());
    }
}
