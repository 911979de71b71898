//! Property tests: random and degenerate engagements for every algorithm never panic and
//! never put a non-finite number into a body, a target, a metric or an event; the
//! solvers never return a negative time or a non-finite chosen answer.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

use glam::{I64Vec2, Vec2};
use proptest::prelude::*;
use proptest::test_runner::Config;
use steerlab::guidance::heat_seeker::desired_velocity;
use steerlab::guidance::intercept::{self, RootRule};
use steerlab::guidance::newton::{NewtonParams, NewtonSolve, PairStatus, Recompute};
use steerlab::guidance::quartic;
use steerlab::guidance::{Algorithm, Kind, Tuning, Value};
use steerlab::scenario::Scenario;
use steerlab::sim::launcher::{LauncherSpec, MissileSpec, TurretSpec};
use steerlab::sim::motion;
use steerlab::sim::{
    EventKind, Input, MissReason, Missile, Motion, Outcome, TargetSpec, World, WorldConfig,
};

fn config(cases: u32) -> Config {
    // PROPTEST_CASES overrides the count for a longer hunt.
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases);
    // No regression files in the work tree; failures print their minimal case.
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------

/// A number up to `max` in size, biased towards the degenerate: zero, tiny (down to
/// subnormal), the extremes.
fn scalar(max: f32) -> BoxedStrategy<f32> {
    prop_oneof![
        2 => Just(0.0f32),
        1 => Just(max),
        1 => Just(-max),
        1 => prop_oneof![
            Just(f32::MIN_POSITIVE),
            Just(-1e-37f32),
            Just(1e-30f32),
            Just(-f32::MIN_POSITIVE / 4.0),
            -1e-6f32..1e-6,
        ],
        1 => -1.0f32..1.0,
        4 => -1000.0f32..1000.0,
        2 => -max..max,
    ]
    .boxed()
}

/// A vector up to `max` per axis: zero, axis-aligned, diagonal or general.
fn vec2(max: f32) -> BoxedStrategy<Vec2> {
    let s = scalar(max);
    prop_oneof![
        1 => Just(Vec2::ZERO),
        2 => s.clone().prop_map(|x| Vec2::new(x, 0.0)),
        2 => s.clone().prop_map(|y| Vec2::new(0.0, y)),
        1 => s.clone().prop_map(Vec2::splat),
        4 => (s.clone(), s).prop_map(|(x, y)| Vec2::new(x, y)),
    ]
    .boxed()
}

/// Every parameter of every algorithm, each at its minimum, its maximum, or uniform in
/// between (choices and flags at random), set through `Tuning::set` so the spec checks it.
fn tuning() -> BoxedStrategy<Tuning> {
    let count: usize = Algorithm::ALL.iter().map(|a| a.params().len()).sum();
    proptest::collection::vec((0u8..4, 0.0f64..1.0), count)
        .prop_map(|picks| {
            let mut tuning = Tuning::default();
            let mut picks = picks.into_iter();
            for algorithm in Algorithm::ALL {
                for spec in algorithm.params() {
                    let (mode, u) = picks.next().unwrap();
                    let value = match spec.kind {
                        Kind::Number { min, max } => Value::Number(match mode {
                            0 => min,
                            1 => max,
                            _ => {
                                ((f64::from(min) + u * f64::from(max - min)) as f32).clamp(min, max)
                            }
                        }),
                        Kind::Whole { min, max } => Value::Whole(match mode {
                            0 => min,
                            1 => max,
                            _ => min + ((u * (max - min + 1) as f64) as i64).min(max - min),
                        }),
                        Kind::Flag => Value::Flag(mode % 2 == 0),
                        Kind::Choice(names) => {
                            Value::Choice((u * names.len() as f64) as usize % names.len())
                        }
                        other => unreachable!("a law's parameter is not {other:?}"),
                    };
                    tuning
                        .set(algorithm, spec.name, value)
                        .unwrap_or_else(|e| panic!("{algorithm}.{}: {e}", spec.name));
                }
            }
            tuning
        })
        .boxed()
}

#[derive(Clone, Debug)]
enum MotionKind {
    Static,
    Constant(Vec2),
    Circle {
        radius: f32,
        angular_speed: f32,
        phase: f32,
    },
}

fn motion_kind() -> BoxedStrategy<MotionKind> {
    prop_oneof![
        Just(MotionKind::Static),
        vec2(1e5).prop_map(MotionKind::Constant),
        (
            prop_oneof![Just(0.0f32), 0.0f32..500.0, Just(1e5f32)],
            prop_oneof![Just(0.0f32), -20.0f32..20.0],
            0.0f32..std::f32::consts::TAU,
        )
            .prop_map(|(radius, angular_speed, phase)| MotionKind::Circle {
                radius,
                angular_speed,
                phase
            }),
    ]
    .boxed()
}

/// One random engagement: a launcher firing every algorithm at one target, maybe a
/// turret beside it, maybe a drag on the target.
#[derive(Clone, Debug)]
struct Engagement {
    tick_rate: f32,
    seed: u64,
    margin: f32,
    launcher: Vec2,
    /// Target start minus launcher position (zero: the same point).
    offset: Vec2,
    motion: MotionKind,
    target_radius: f32,
    destructible: bool,
    launch_velocity: Vec2,
    every: Option<f32>,
    salvo: u32,
    spread: f32,
    missile: MissileSpec,
    turret: bool,
    /// Drag the target at this velocity (units/s) every tick.
    drag: Option<Vec2>,
    tuning: Tuning,
}

fn engagement() -> impl Strategy<Value = Engagement> {
    let world = (
        prop_oneof![
            Just(1.0f32),
            Just(240.0f32),
            (1u32..=240).prop_map(|n| n as f32),
            1.0f32..240.0
        ],
        any::<u64>(),
        prop_oneof![Just(400.0f32), Just(1e6f32)],
    )
        .boxed();
    let geometry = (
        vec2(1e4),
        vec2(1e5),
        motion_kind(),
        prop_oneof![Just(0.0f32), 0.0f32..50.0],
        any::<bool>(),
    )
        .boxed();
    let launch = (
        vec2(1e5),
        prop_oneof![Just(None), (0.05f32..2.0).prop_map(Some)],
        1u32..4,
        0.0f32..360.0,
        (
            prop_oneof![0.01f32..2.0, 2.0f32..30.0],
            prop::option::of(0.0f32..2000.0),
            0.0f32..20.0,
        ),
    )
        .boxed();
    let extras = (any::<bool>(), prop::option::of(vec2(1e5)), tuning()).boxed();
    (world, geometry, launch, extras).prop_map(
        |(
            (tick_rate, seed, margin),
            (launcher, offset, motion, target_radius, destructible),
            (launch_velocity, every, salvo, spread, (lifetime, fuel, radius)),
            (turret, drag, tuning),
        )| Engagement {
            tick_rate,
            seed,
            margin,
            launcher,
            offset,
            motion,
            target_radius,
            destructible,
            launch_velocity,
            every,
            salvo,
            spread,
            missile: MissileSpec {
                lifetime,
                fuel,
                radius,
                ..MissileSpec::default()
            },
            turret,
            drag,
            tuning,
        },
    )
}

impl Engagement {
    fn build(&self) -> World {
        let start = self.launcher + self.offset;
        let motion = match self.motion {
            MotionKind::Static => Motion::Static(motion::Static { pos: start }),
            MotionKind::Constant(vel) => Motion::Constant(motion::Constant { pos: start, vel }),
            MotionKind::Circle {
                radius,
                angular_speed,
                phase,
            } => Motion::Circle(motion::Circle {
                center: start,
                radius,
                angular_speed,
                phase,
            }),
        };
        let scenario = Scenario {
            world: WorldConfig {
                tick_rate: self.tick_rate,
                seed: self.seed,
                margin: self.margin,
                ..WorldConfig::default()
            },
            algorithms: self.tuning.clone(),
            targets: vec![TargetSpec {
                name: "target".into(),
                radius: self.target_radius,
                destructible: self.destructible,
                motion,
                flares: None,
            }],
            launchers: vec![LauncherSpec {
                name: "launcher".into(),
                pos: self.launcher,
                target: "target".into(),
                algorithms: Algorithm::ALL.to_vec(),
                launch_velocity: self.launch_velocity,
                first_at: Some(0.0),
                every: self.every,
                salvo: self.salvo,
                spread: self.spread,
                missile: self.missile.clone(),
                params: Default::default(),
            }],
            turrets: if self.turret {
                vec![TurretSpec {
                    name: "turret".into(),
                    pos: self.launcher,
                    ai_poll_time: 0.3,
                    first_poll: 0.0,
                    danger_height: 250.0,
                    skip_engaged: false,
                    algorithm: steerlab::guidance::TURRET_DEFAULT,
                    missile: self.missile.clone(),
                }]
            } else {
                Vec::new()
            },
            ..Scenario::default()
        };
        scenario.build().expect("the engagement builds")
    }
}

// ---------------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------------

fn check_missile(world: &World, m: &Missile) -> Result<(), TestCaseError> {
    let algorithm = m.algorithm();
    let metrics = &m.metrics;
    prop_assert!(
        m.body.is_finite(),
        "{algorithm} {}: body {:?}",
        m.id,
        m.body
    );
    prop_assert!(
        metrics.path_length.is_finite() && metrics.path_length >= 0.0,
        "{algorithm}: path length {}",
        metrics.path_length
    );
    prop_assert!(
        metrics.peak_turn_rate.is_finite() && metrics.peak_turn_rate >= 0.0,
        "{algorithm}: peak turn rate {}",
        metrics.peak_turn_rate
    );
    prop_assert!(
        !metrics.miss_distance.is_nan() && metrics.miss_distance >= 0.0,
        "{algorithm}: {metrics:?}"
    );
    let flown = (world.tick() - m.launched_tick) as f32 * world.dt();
    if let Some(time) = metrics.time_to_hit {
        prop_assert!(
            time.is_finite() && time >= 0.0,
            "{algorithm}: time to hit {time}"
        );
        prop_assert!(
            time <= flown * (1.0 + 1e-5) + 1e-6,
            "{algorithm}: hit at {time} after only {flown} s"
        );
        prop_assert!(
            matches!(metrics.outcome, Outcome::Hit { .. }),
            "{algorithm}: {metrics:?}"
        );
    }
    if let Some(best) = metrics.optimal_time {
        prop_assert!(
            best.is_finite() && best >= 0.0,
            "{algorithm}: optimal time {best}"
        );
    }
    if let Some(ratio) = metrics.optimum_ratio() {
        // Infinite when the optimum is sub-normal (a launcher 1e-37 from its target).
        prop_assert!(ratio >= 0.0, "{algorithm}: ratio {ratio}");
    }
    // The world's guard against non-finite states never has to act.
    prop_assert_ne!(
        metrics.outcome,
        Outcome::Missed(MissReason::NonFinite),
        "{} {:?}",
        algorithm,
        m.guidance
    );
    Ok(())
}

fn check_world(world: &World, events: &[steerlab::sim::Event]) -> Result<(), TestCaseError> {
    for t in world.targets() {
        prop_assert!(
            t.pos.is_finite() && t.vel.is_finite(),
            "target {} at {} moving {}",
            t.id,
            t.pos,
            t.vel
        );
    }
    for m in world.missiles() {
        prop_assert_eq!(m.metrics.outcome, Outcome::Flying);
        check_missile(world, m)?;
    }
    for m in world.finished() {
        prop_assert_ne!(m.metrics.outcome, Outcome::Flying);
        prop_assert!(
            m.metrics.miss_distance.is_finite(),
            "{}: {:?}",
            m.algorithm(),
            m.metrics
        );
        check_missile(world, m)?;
    }
    for e in events {
        prop_assert_eq!(e.tick + 1, world.tick());
        match e.kind {
            EventKind::Hit { pos, time, .. } => {
                prop_assert!(pos.is_finite() && time.is_finite() && time >= 0.0, "{e:?}");
            }
            EventKind::Missed { closest, .. } => prop_assert!(closest >= 0.0, "{e:?}"),
            EventKind::Detonated { pos, radius, .. } => {
                prop_assert!(pos.is_finite() && radius >= 0.0, "{e:?}")
            }
            _ => {}
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn random_engagements_of_every_algorithm_stay_finite_and_never_panic(e in engagement()) {
        let mut world = e.build();
        let dt = world.dt();
        let (mut launched, mut refused) = (0, 0);
        for tick in 0..200u32 {
            if let Some(vel) = e.drag {
                let pos = e.launcher + e.offset + vel * dt * (tick + 1) as f32;
                world.apply(Input::MoveTarget { target: world.targets().first().map_or(
                    steerlab::sim::TargetId(0), |t| t.id), pos }).unwrap();
            }
            let events = world.step().to_vec();
            launched += events.iter().filter(|ev| matches!(ev.kind, EventKind::Launched { .. })).count();
            refused += events.iter().filter(|ev| matches!(ev.kind, EventKind::NoSolution { .. })).count();
            check_world(&world, &events)?;
        }
        // The first volley always leaves, but for the laws that refuse without a solution
        // (the intercept, the ballistic shell), and says so.
        prop_assert!(launched + refused >= Algorithm::ALL.len());
        prop_assert_eq!(world.all_missiles().len(), launched);
    }
}

// ---------------------------------------------------------------------------------------
// Solvers
// ---------------------------------------------------------------------------------------

fn newton_params() -> impl Strategy<Value = NewtonParams> {
    (
        prop_oneof![Just(1.0f32), Just(5000.0f32), 1.0f32..5000.0],
        prop_oneof![Just(1u32), Just(8u32), Just(64u32), 1u32..=64],
        prop_oneof![Just(1e-6f32), Just(1e-3f32), Just(1.0f32), 1e-6f32..1.0],
    )
        .prop_map(|(acceleration, iterations, epsilon)| NewtonParams {
            acceleration,
            iterations,
            epsilon,
            recompute: Recompute::EveryTick,
        })
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn quartic_meeting_is_a_finite_non_negative_time_and_a_thrust_of_size_k(
        d in vec2(1e5),
        vr in vec2(1e5),
        k in prop_oneof![Just(1.0f32), Just(5000.0f32), 1.0f32..5000.0],
    ) {
        let m = quartic::meeting(d, vr, k);
        // The quartic is negative at 0 (for d != 0) and positive for large T: a meeting always exists.
        let m = m.expect("a positive thrust always meets");
        prop_assert!(m.time.is_finite() && m.time >= 0.0, "{m:?}");
        prop_assert!(m.accel.is_finite(), "{m:?}");
        if d == Vec2::ZERO {
            prop_assert_eq!(m.time, 0.0);
        } else {
            prop_assert!(m.time > 0.0, "{m:?}");
            // Thrust of size k; or none when the target arrives so soon that the
            // direction rounds away (a sub-micron gap closing at 1e5 units/s).
            let size = m.accel.length();
            prop_assert!((size - k).abs() <= 1e-3 * k || size == 0.0, "{m:?}");
            // And it is a meeting: d + vr T = a T^2 / 2.
            let (d, vr, a, t) = (d.as_dvec2(), vr.as_dvec2(), m.accel.as_dvec2(), f64::from(m.time));
            let miss = (d + vr * t - 0.5 * a * t * t).length();
            let size = d.length() + vr.length() * t + 0.5 * f64::from(k) * t * t;
            prop_assert!(miss <= 1e-4 * size + 1e-6, "misses by {miss} (of {size}): {m:?}");
        }
    }

    #[test]
    fn intercept_solve_never_picks_a_negative_or_non_finite_time(
        shooter in vec2(1e4),
        offset in vec2(1e5),
        speed in prop_oneof![Just(1.0f32), Just(5000.0f32), 1.0f32..5000.0],
        vel in vec2(1e5),
        // Sometimes as fast as the missile (the linear case), along an axis or not.
        equal in 0u8..3,
    ) {
        let vel = match equal {
            0 => vel,
            1 => Vec2::new(speed, 0.0),
            _ => vel.try_normalize().map_or(vel, |dir| dir * speed),
        };
        let target = shooter + offset;
        let early = intercept::solve(shooter, speed, target, vel, RootRule::Earliest);
        let late = intercept::solve(shooter, speed, target, vel, RootRule::ArticleMax);
        for sol in [early, late] {
            prop_assert_eq!(sol.time.is_some(), sol.aim.is_some());
            if let (Some(time), Some(aim)) = (sol.time, sol.aim) {
                prop_assert!(time.is_finite() && time >= 0.0, "{sol:?}");
                prop_assert!(aim.is_finite(), "{sol:?}");
                // The aim point is where a missile of this speed gets in that time.
                let reach = f64::from(speed) * f64::from(time);
                let dist = f64::from(aim.distance(shooter));
                prop_assert!((dist - reach).abs() <= 1e-3 * reach.max(dist) + 0.5, "{dist} vs {reach}: {sol:?}");
            }
        }
        if let (Some(a), Some(b)) = (early.time, late.time) {
            prop_assert!(a <= b);
        }
    }

    #[test]
    fn newton_solve_answers_with_a_finite_angle_and_a_positive_time_or_none(
        d in vec2(1e5),
        vr in vec2(1e5),
        params in newton_params(),
    ) {
        let solve = NewtonSolve::fresh(d, vr, &params);
        prop_assert!(solve.iterations() <= 4 * params.iterations);
        if let Some((alpha, time)) = solve.answer() {
            prop_assert!(alpha.is_finite(), "{solve:?}");
            prop_assert!(time.is_finite() && time > 0.0, "{solve:?}");
            prop_assert_eq!(solve.pairs[solve.chosen.unwrap()].status, PairStatus::Converged);
            if let Some(error) = solve.angle_error(params.acceleration) {
                prop_assert!(error.is_finite());
            }
        }
    }

    #[test]
    fn heat_seeker_desired_velocity_is_at_most_max_speed_per_axis(
        // The range the world can produce: integer positions (i32) plus up to 100 ticks
        // of lead at an i32 per-tick velocity.
        x in prop_oneof![Just(0i64), -1000i64..1000, -(1i64 << 38)..(1i64 << 38)],
        y in prop_oneof![Just(0i64), -1000i64..1000, -(1i64 << 38)..(1i64 << 38)],
        max_speed in 1i64..=200,
        divide_first in any::<bool>(),
    ) {
        let v = desired_velocity(I64Vec2::new(x, y), max_speed, divide_first);
        prop_assert!(v.x.abs() <= max_speed && v.y.abs() <= max_speed, "{v:?}");
        if x == 0 && y == 0 {
            prop_assert_eq!(v, I64Vec2::ZERO);
        } else {
            // Full speed on the dominant axis, towards the offset.
            let (major, minor, v_major, v_minor) =
                if x.abs() >= y.abs() { (x, y, v.x, v.y) } else { (y, x, v.y, v.x) };
            prop_assert_eq!(v_major, major.signum() * max_speed);
            prop_assert!(v_minor == 0 || v_minor.signum() == minor.signum());
        }
    }
}

// Regressions found by the properties above.

#[test]
fn quartic_meeting_against_a_fast_closing_target_with_weak_thrust_is_a_real_meeting() {
    // The root finder took the quartic's local maximum near T = 0.3 for a touching
    // double root (its tolerance was scaled at the far end of a huge search interval).
    for k in [1.0f32, 5.0, 50.0] {
        let (d, vr) = (Vec2::new(300.0, 40.0), Vec2::new(-1000.0, 30.0));
        let m = quartic::meeting(d, vr, k).unwrap();
        let (dd, vv, a, t) = (
            d.as_dvec2(),
            vr.as_dvec2(),
            m.accel.as_dvec2(),
            f64::from(m.time),
        );
        let miss = (dd + vv * t - 0.5 * a * t * t).length();
        let size = dd.length() + vv.length() * t;
        // Before the fix: T = 0.3 and 47 units short, 15% of the distances involved.
        assert!(
            miss <= 1e-5 * size,
            "k = {k}: T = {} misses by {miss} of {size}",
            m.time
        );
        // The target passes at 1000 units/s; a thrust of k catches it only on the way back.
        assert!(m.time > 1000.0 / k, "k = {k}: T = {}", m.time);
    }
}

#[test]
fn intercept_solve_refuses_a_meeting_time_beyond_f32_range() {
    // Equal speeds, target moving all but perpendicular to the line of sight: the linear
    // root -c/b is finite in f64 but overflows f32.
    let sol = intercept::solve(
        Vec2::ZERO,
        1.0,
        Vec2::new(-2.938736e-39, 289.7673),
        Vec2::new(1.0, 0.0),
        RootRule::Earliest,
    );
    assert_eq!(sol.time, None, "{sol:?}");
    assert_eq!(sol.aim, None, "{sol:?}");
}
