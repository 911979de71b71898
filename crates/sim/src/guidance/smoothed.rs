//! A. Smoothed homing (Lunar Blast, Corona SDK): the step direction is an exponential
//! average of the unit vector to the target, not renormalised, so the missile slows
//! while it turns. `s = ga*s + (1-ga)*hat(t-p)`, `p += vel*s`, per tick.

use super::law::{Launch, Law, Signal};
use crate::core::field::{flag, number, tunable};
use crate::core::lanes::{LaneHeading, LaneStep, LaneTick, Moved, Real, F4, LANE_NUMBERS, V2};
use crate::core::Portable;
use crate::core::Readout;
use crate::core::{Body, DebugShape, Role, Seen, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};

tunable! {
    /// Parameters of the smoothed homing missile.
    pub struct SmoothedParams {
        ga: f32 = 0.9 => number(0.0, 1.0)
            .help("Smoothing per tick: 0 is pure pursuit, near 1 turns slowly, 1 never turns."),
        speed: f32 = 4.0 => number(0.0, 100.0)
            .unit("units/tick")
            .help("Distance moved per tick along the smoothed direction (the article's vel)."),
        constant_speed: bool = false => flag()
            .label("constant speed")
            .help("Improvement, off by default: renormalise the direction so turns keep full speed."),
    }
}

impl SmoothedParams {
    /// The equivalent time constant of `ga` at tick length `dt`: `-dt / ln(ga)` seconds
    /// (0 at ga = 0, infinite at ga = 1).
    pub fn time_constant(&self, dt: f32) -> f32 {
        if self.ga <= 0.0 {
            0.0
        } else if self.ga >= 1.0 {
            f32::INFINITY
        } else {
            -dt / self.ga.pln()
        }
    }
}

/// Per-missile state: the smoothed step direction `s`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Smoothed {
    /// The smoothed direction `s`; its length drops below 1 while turning.
    pub dir: Vec2,
}

impl Law for Smoothed {
    const ID: &'static str = "smoothed";
    const SUMMARY: &'static str = "A: smoothed homing, ga (Lunar Blast, Corona SDK)";
    const COLOR: [u8; 3] = [255, 196, 61];
    type Params = SmoothedParams;

    fn launch(_params: &SmoothedParams, launch: &Launch) -> Option<(Self, Body)> {
        let body = Body {
            pos: launch.pos,
            vel: Vec2::ZERO,
            heading: launch.dir.y.patan2(launch.dir.x),
        };
        Some((Self { dir: launch.dir }, body))
    }

    /// One tick of the article's update.
    fn steer(&mut self, params: &SmoothedParams, body: &mut Body, seen: &Seen) -> Option<Signal> {
        let (dir, unit) = smooth(
            self.dir.into(),
            body.pos.into(),
            seen.target_pos.into(),
            params.ga,
        );
        self.dir = dir.into();
        if params.constant_speed {
            self.dir = self.dir.try_normalize().unwrap_or(unit.into());
        }
        let (pos, vel) = fly(self.dir.into(), params.speed, body.pos.into(), seen.dt);
        (body.pos, body.vel) = (pos.into(), vel.into());
        self.head(body);
        None
    }

    fn readouts(&self, params: &SmoothedParams, dt: f32, out: &mut Vec<Readout>) {
        out.push(Readout::vector("smoothed direction s", self.dir, ""));
        out.push(Readout::number("|s| (speed factor)", self.dir.length(), ""));
        out.push(Readout::number(
            "time constant",
            params.time_constant(dt),
            "s",
        ));
    }

    fn debug_shapes(
        &self,
        params: &SmoothedParams,
        body: &Body,
        _seen: &Seen,
        out: &mut Vec<DebugShape>,
    ) {
        out.push(DebugShape::new(
            Role::SmoothedDirection,
            Shape::Arrow {
                from: body.pos,
                vector: self.dir * params.speed * 10.0,
            },
        ));
    }

    const LANE_STEP: Option<LaneStep> = Some(step_lanes);
    const LANE_GRAVITY: bool = true;

    /// At the article's varying speed: `s`, `ga` and the speed.
    fn lane(&self, params: &SmoothedParams, _body: &Body) -> Option<[f32; LANE_NUMBERS]> {
        let (s, ga, speed) = (self.dir, params.ga, params.speed);
        (!params.constant_speed).then_some([s.x, s.y, ga, speed, 0.0, 0.0])
    }

    // The heading is set four missiles at once (`LANE_HEADING`).
    const UNLANE: Option<fn(&mut Self, &[f32; LANE_NUMBERS], &mut Body)> =
        Some(|law, n, _| law.dir = Vec2::new(n[0], n[1]));

    const LANE_HEADING: Option<LaneHeading> =
        Some(|n, heading| heading_along(V2::new(n[0], n[1]), heading));

    fn notes(params: &SmoothedParams, dt: f32) -> Vec<String> {
        vec![format!(
            "time constant τ = -dt / ln(ga) = {:.3} s",
            params.time_constant(dt)
        )]
    }
}

impl Smoothed {
    /// Points the body along `s` ([`heading_along`]).
    fn head(&self, body: &mut Body) {
        body.heading = heading_along(self.dir.into(), body.heading);
    }
}

/// The heading along `s` for one missile or four: `s`'s direction, or `heading` as it
/// was while `s` is zero.
fn heading_along<N: Real>(s: V2<N>, heading: N) -> N {
    let zero = N::splat(0.0);
    let still = s.x.eq(zero) & s.y.eq(zero);
    N::select(still, heading, crate::core::direction_of(s))
}

/// The article's smoothing on one missile (`f32`) or four ([`crate::core::lanes::F4`]):
/// `s = ga*s + (1-ga)*hat(t-p)`. Returns the new `s` and the unit vector to the target
/// (at zero distance the target is hit: the old `s` rather than a division by zero).
pub fn smooth<N: Real>(dir: V2<N>, pos: V2<N>, target: V2<N>, ga: N) -> (V2<N>, V2<N>) {
    let to_target = target - pos;
    let dist = to_target.length();
    let unit = V2::select(dist.gt(N::splat(0.0)), to_target.over(dist), dir);
    (dir.scale(ga) + unit.scale(N::splat(1.0) - ga), unit)
}

/// Four missiles' ticks at once: numbers `[s.x, s.y, ga, speed]` ([`Smoothed::lane`]),
/// through the same [`smooth`] and [`fly`] as one missile's.
fn step_lanes(n: &mut [F4; LANE_NUMBERS], tick: &LaneTick) -> Moved {
    let (dir, _) = smooth(V2::new(n[0], n[1]), tick.pos, tick.target_pos, n[2]);
    (n[0], n[1]) = (dir.x, dir.y);
    fly(dir, n[3], tick.pos, tick.dt).into()
}

/// The move along `s`: `speed` per tick. Returns the new position and the velocity.
pub fn fly<N: Real>(dir: V2<N>, speed: N, pos: V2<N>, dt: N) -> (V2<N>, V2<N>) {
    let step = dir.scale(speed);
    (pos + step, step.over(dt))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(target: Vec2) -> Seen {
        Seen {
            target_pos: target,
            target_vel: Vec2::ZERO,
            dt: 1.0 / 60.0,
        }
    }

    #[test]
    fn one_tick_follows_the_article_formula_by_hand() {
        // s = (1,0), target straight "down" at (0,100), ga = 0.75, vel = 2 (ga and
        // 1 - ga differ, so swapping them shows):
        // e = (0,1); s = 0.75*(1,0) + 0.25*(0,1) = (0.75,0.25); p = 2*s = (1.5,0.5);
        // the velocity is the step per tick over dt: (1.5,0.5) * 60 = (90,30).
        let params = SmoothedParams {
            ga: 0.75,
            speed: 2.0,
            constant_speed: false,
        };
        let mut s = Smoothed { dir: Vec2::X };
        let mut body = Body::default();
        s.steer(&params, &mut body, &seen(Vec2::new(0.0, 100.0)));
        assert_eq!(s.dir, Vec2::new(0.75, 0.25));
        assert_eq!(body.pos, Vec2::new(1.5, 0.5));
        assert!((body.vel - Vec2::new(90.0, 30.0)).length() < 1e-3);
        assert!((body.heading - (1.0f32 / 3.0).patan()).abs() < 1e-6);
        // Second tick: e = hat((0,100)-(1.5,0.5)) = (-1.5,99.5)/|.|.
        s.steer(&params, &mut body, &seen(Vec2::new(0.0, 100.0)));
        let e = Vec2::new(-1.5, 99.5) / Vec2::new(-1.5, 99.5).length();
        let expected = 0.75 * Vec2::new(0.75, 0.25) + 0.25 * e;
        assert!((s.dir - expected).length() < 1e-6);
        assert!((body.pos - (Vec2::new(1.5, 0.5) + 2.0 * expected)).length() < 1e-5);
    }

    #[test]
    fn it_shows_its_direction_and_offers_the_fast_path_only_at_the_article_s_speed() {
        // s = (0.6, 0.0): 60% of full speed; ga = 0.9 at 60 ticks/s is a time constant of
        // -(1/60) / ln 0.9 = 0.158 s; the arrow is s times the speed (4) times 10.
        let params = SmoothedParams::default();
        let s = Smoothed {
            dir: Vec2::new(0.6, 0.0),
        };
        let mut out = Vec::new();
        s.readouts(&params, 1.0 / 60.0, &mut out);
        assert_eq!(out[0], Readout::vector("smoothed direction s", s.dir, ""));
        assert_eq!(out[1], Readout::number("|s| (speed factor)", 0.6, ""));
        let crate::core::ReadoutValue::Number(tau) = out[2].value else {
            panic!("{out:?}");
        };
        assert_eq!((out[2].label, out.len()), ("time constant", 3));
        assert!((tau - 0.158).abs() < 1e-3, "{tau}");
        let body = Body {
            pos: Vec2::new(5.0, 6.0),
            ..Body::default()
        };
        let mut shapes = Vec::new();
        s.debug_shapes(&params, &body, &seen(Vec2::ZERO), &mut shapes);
        assert_eq!(
            shapes,
            [DebugShape::new(
                Role::SmoothedDirection,
                Shape::Arrow {
                    from: body.pos,
                    vector: Vec2::new(24.0, 0.0),
                },
            )]
        );
        let numbers = [0.6, 0.0, 0.9, 4.0, 0.0, 0.0];
        assert_eq!(s.lane(&params, &body), Some(numbers));
        let constant = SmoothedParams {
            constant_speed: true,
            ..params
        };
        assert_eq!(s.lane(&constant, &body), None);
    }

    #[test]
    fn constant_speed_renormalises_the_averaged_direction() {
        // Same first tick with constant speed: (0.75,0.25) / |.| = (3,1)/sqrt(10), and
        // the step is that times 2.
        let params = SmoothedParams {
            ga: 0.75,
            speed: 2.0,
            constant_speed: true,
        };
        let mut s = Smoothed { dir: Vec2::X };
        let mut body = Body::default();
        s.steer(&params, &mut body, &seen(Vec2::new(0.0, 100.0)));
        let unit = Vec2::new(3.0, 1.0) / 10f32.sqrt();
        assert!((s.dir - unit).length() < 1e-6);
        assert!((body.pos - 2.0 * unit).length() < 1e-6);
    }

    #[test]
    fn slows_while_turning_and_constant_speed_option_does_not() {
        let faithful = SmoothedParams {
            ga: 0.9,
            speed: 5.0,
            constant_speed: false,
        };
        let improved = SmoothedParams {
            constant_speed: true,
            ..faithful.clone()
        };
        for (params, slows) in [(faithful, true), (improved, false)] {
            let mut s = Smoothed { dir: Vec2::X };
            let mut body = Body::default();
            let mut min_step = f32::INFINITY;
            for _ in 0..30 {
                let before = body.pos;
                // Target behind and to the side: a hard turn.
                s.steer(&params, &mut body, &seen(Vec2::new(-200.0, 200.0)));
                min_step = min_step.min((body.pos - before).length());
            }
            if slows {
                assert!(
                    min_step < 0.8 * 5.0,
                    "faithful missile kept speed {min_step}"
                );
            } else {
                assert!(
                    (min_step - 5.0).abs() < 1e-4,
                    "renormalised step {min_step}"
                );
            }
        }
    }

    #[test]
    fn never_turns_at_ga_one() {
        let params = SmoothedParams {
            ga: 1.0,
            speed: 3.0,
            constant_speed: false,
        };
        let dir = Vec2::new(0.6, 0.8);
        let mut s = Smoothed { dir };
        let mut body = Body::default();
        for k in 1..=100 {
            s.steer(&params, &mut body, &seen(Vec2::new(-500.0, 0.0)));
            assert_eq!(s.dir, dir);
            assert!((body.pos - dir * 3.0 * k as f32).length() < 1e-3);
        }
    }

    #[test]
    fn time_constant_is_minus_dt_over_ln_ga() {
        let p = SmoothedParams {
            ga: 0.9,
            ..Default::default()
        };
        let dt = 1.0 / 60.0;
        assert!((p.time_constant(dt) - (-dt / 0.9f32.pln())).abs() < 1e-7);
        assert_eq!(
            SmoothedParams {
                ga: 1.0,
                ..p.clone()
            }
            .time_constant(dt),
            f32::INFINITY
        );
        assert_eq!(SmoothedParams { ga: 0.0, ..p }.time_constant(dt), 0.0);
    }

    #[test]
    fn zero_distance_never_divides_by_zero() {
        let params = SmoothedParams::default();
        let mut s = Smoothed { dir: Vec2::X };
        let mut body = Body::default();
        s.steer(&params, &mut body, &seen(Vec2::ZERO));
        assert!(body.is_finite() && s.dir.is_finite());
    }
}
