//! An independent kinematic check of what `run` prints: random engagements of every
//! built-in law, with airframes, seekers (lock lost and regained), flares, fuel, lifetime
//! and gravity, are run with the CSV trace on; a checker written from the docs alone
//! (docs/scenario-format.md, docs/recordings.md), in f64, reads only the trace and the
//! scenario it made, and recomputes each missile's closest approach, hit or miss, time
//! to hit, path length and peak turn rate, then compares them with the results table.
//! It also holds every missile to the speed its law and airframe allow, its path to its
//! fuel, and its flight to its lifetime.
//!
//! One regression test per wrong result the independent check found, each with its
//! numbers worked by hand, is in `kinematics_parts/regressions.rs`.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

#[path = "../../../tests/common/mod.rs"]
mod common;
use common::*;
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::collections::BTreeMap;
use steerlab::headless::{self, Row};
use steerlab::sim::airframe::AirframeSpec;
use steerlab::sim::flares::FlareSpec;
use steerlab::sim::seeker::SeekerSpec;

// ---------------------------------------------------------------------------------------
// The checker: the trace in f64, and what the docs say follows from it
// ---------------------------------------------------------------------------------------

/// One row of the trace, as `run --csv` documents it.
#[derive(Clone, Debug)]
struct Trace {
    tick: u64,
    time: f64,
    kind: String,
    id: u64,
    pos: (f64, f64),
    vel: (f64, f64),
    event: String,
}

fn read_trace(csv: &str) -> Vec<Trace> {
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("tick,time,id,kind,algorithm,x,y,vx,vy,heading,event,why")
    );
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            assert_eq!(f.len(), 12, "{line}");
            let n = |k: usize| -> f64 { f[k].parse().unwrap_or_else(|_| panic!("{line}")) };
            Trace {
                tick: f[0].parse().unwrap(),
                time: n(1),
                kind: f[3].to_string(),
                id: f[2].parse().unwrap(),
                pos: (n(5), n(6)),
                vel: (n(7), n(8)),
                event: f[10].to_string(),
            }
        })
        .collect()
}

/// Closest approach of a missile moving `m0 -> m1` and a target moving `t0 -> t1` over a
/// tick, both in straight lines: the distance and the fraction of the tick.
fn closest(m0: (f64, f64), m1: (f64, f64), t0: (f64, f64), t1: (f64, f64)) -> (f64, f64) {
    let start = (m0.0 - t0.0, m0.1 - t0.1);
    let motion = ((m1.0 - m0.0) - (t1.0 - t0.0), (m1.1 - m0.1) - (t1.1 - t0.1));
    let len2 = motion.0 * motion.0 + motion.1 * motion.1;
    let frac = if len2 > 0.0 {
        (-(start.0 * motion.0 + start.1 * motion.1) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = (start.0 + motion.0 * frac, start.1 + motion.1 * frac);
    (gap.0.hypot(gap.1), frac)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

fn speed(v: (f64, f64)) -> f64 {
    v.0.hypot(v.1)
}

/// What the checker recomputed for one missile.
#[derive(Debug)]
struct Recomputed {
    closest: f64,
    path: f64,
    peak_turn: f64,
    /// The ends that take no move: the flight stopped where it was.
    ended: Option<String>,
}

/// The largest speed the docs allow a missile `t` seconds after launch, launched at
/// `v0` units/s: its law's speed (or what its law's acceleration can add), its airframe's
/// thrust and cap, and gravity's pull since launch.
fn speed_bound(s: &Scenario, law: Algorithm, v0: (f64, f64), t: f64) -> f64 {
    let tuning = &s.algorithms;
    let dt = 1.0 / f64::from(s.world.tick_rate);
    let v0_len = speed(v0);
    let accel = |k: f32| v0_len + f64::from(k) * (t + dt);
    let law_bound = match law.id() {
        // |s| never exceeds 1 (an average of unit vectors): speed per tick at most.
        "smoothed" => f64::from(tuning.smoothed.speed) / dt,
        "turn-rate" => f64::from(tuning.turn_rate.radial_speed),
        "pro-nav" => f64::from(tuning.pro_nav.speed),
        "intercept" => f64::from(tuning.intercept.speed),
        "ballistic" => f64::from(tuning.ballistic.speed),
        "newton" => accel(tuning.newton.acceleration),
        "quartic" => accel(tuning.quartic.acceleration),
        "naive-accel" => accel(tuning.naive_accel.acceleration),
        // Each component at most m per tick, or what it was launched with.
        "heat-seeker" => {
            let m = f64::from(tuning.heat_seeker.max_speed) / dt;
            m.max(v0.0.abs()).hypot(m.max(v0.1.abs()))
        }
        other => panic!("no bound for {other}"),
    };
    let missile = &s.launchers[0].missile;
    let mut bound = match &missile.airframe {
        Some(a) if a.thrust => {
            // The motor's push since launch; drag only slows.
            let boost = f64::from(a.boost_accel) * t.min(f64::from(a.boost_time));
            let sustain_time = (t - f64::from(a.boost_time)).clamp(0.0, f64::from(a.sustain_time));
            v0_len
                + boost
                + f64::from(a.sustain_accel) * sustain_time
                + f64::from(a.boost_accel.max(a.sustain_accel)) * dt
        }
        _ => law_bound,
    };
    // Gravity's pull since launch; a cap holds before each tick's gravity is added.
    let g = f64::from(s.world.gravity.length());
    bound += g * (t + dt);
    if let Some(cap) = missile
        .airframe
        .as_ref()
        .map(|a| a.max_speed)
        .filter(|c| *c > 0.0)
    {
        bound = bound.min(f64::from(cap) + g * dt);
    }
    bound
}

/// Recomputes one missile from the trace (its rows, the target's, and the flares').
fn recompute(missile: &[&Trace], target: &BTreeMap<u64, &Trace>, dt: f64) -> Recomputed {
    let mut out = Recomputed {
        closest: f64::INFINITY,
        path: 0.0,
        peak_turn: 0.0,
        ended: None,
    };
    for pair in missile.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        assert_eq!(b.tick, a.tick + 1, "a gap in the track at tick {}", b.tick);
        // A flight that ended without moving (its target lost, its law failed, a
        // non-finite state, its flare burnt out) repeats its last state: no segment.
        let instant = ["target-lost", "law-failed", "non-finite", "decoyed"];
        let stood = a.pos == b.pos && a.vel == b.vel && instant.contains(&b.event.as_str());
        if stood {
            out.ended = Some(b.event.clone());
            continue;
        }
        out.path += dist(a.pos, b.pos);
        if speed(a.vel) > 0.0 && speed(b.vel) > 0.0 {
            let cross = a.vel.0 * b.vel.1 - a.vel.1 * b.vel.0;
            let dot = a.vel.0 * b.vel.0 + a.vel.1 * b.vel.1;
            out.peak_turn = out.peak_turn.max(cross.abs().atan2(dot) / dt);
        }
        if let (Some(t0), Some(t1)) = (target.get(&a.tick), target.get(&b.tick)) {
            out.closest = out.closest.min(closest(a.pos, b.pos, t0.pos, t1.pos).0);
        }
    }
    out
}

/// Checks one run: every row of the table against the trace.
fn check(s: &Scenario, rows: &[Row], csv: &str) -> Result<(), TestCaseError> {
    let trace = read_trace(csv);
    let dt = 1.0 / f64::from(s.world.tick_rate);
    // Every row's time is its tick's (launch rows and refusals included).
    for r in &trace {
        let want = r.tick as f64 * f64::from(1.0 / s.world.tick_rate);
        prop_assert!((r.time - want).abs() <= 1e-9 * want.max(1.0), "{:?}", r);
    }
    let law = s.launchers[0].algorithms[0];
    let reach = f64::from(s.targets[0].radius + s.launchers[0].missile.radius);
    // The target is target 0 (flares are numbered after it).
    let jet: BTreeMap<u64, &Trace> = trace
        .iter()
        .filter(|r| r.kind == "target" && r.id == 0)
        .map(|r| (r.tick, r))
        .collect();
    let flares: Vec<&Trace> = trace
        .iter()
        .filter(|r| r.kind == "target" && r.id > 0)
        .collect();
    let refused = trace.iter().filter(|r| r.kind == "launcher").count();
    let refusals = rows
        .iter()
        .filter(|r| r.outcome == Outcome::Missed(MissReason::NoSolution));
    prop_assert_eq!(refused, refusals.count(), "refused launches");
    for row in rows.iter().filter(|r| r.who.starts_with('M')) {
        let id: u64 = row.who[1..].parse().unwrap();
        let rows_of: Vec<&Trace> = trace
            .iter()
            .filter(|r| r.kind == "missile" && r.id == id)
            .collect();
        let (first, last) = (rows_of[0], rows_of[rows_of.len() - 1]);
        prop_assert_eq!(&first.event, "launch", "{}: its first row", row.who);
        prop_assert_eq!(
            last.event.as_str(),
            row.outcome.id(),
            "{}: its last row",
            row.who
        );
        let got = recompute(&rows_of, &jet, dt);
        let what = format!("{} ({law}, {:?}): {got:?}", row.who, row.outcome);
        // Path, and the fuel that bounds it.
        let path = f64::from(row.path_length);
        prop_assert!(
            (got.path - path).abs() <= 1e-3 + 1e-5 * path,
            "path {path}: {what}"
        );
        if let Some(fuel) = s.launchers[0].missile.fuel.map(f64::from) {
            prop_assert!(
                got.path <= fuel * (1.0 + 1e-5) + 1e-3,
                "fuel {fuel}: {what}"
            );
            if row.outcome == Outcome::Missed(MissReason::FuelOut) {
                prop_assert!(
                    (got.path - fuel).abs() <= 1e-5 * fuel + 1e-3,
                    "fuel {fuel}: {what}"
                );
            }
        }
        // Lifetime, checked at the end of each tick (in f32 by the world: a lifetime
        // within 1e-4 of a whole number of ticks may take the next one).
        let lifetime = f64::from(s.launchers[0].missile.lifetime);
        let flown = (last.tick - first.tick) as f64 * dt;
        prop_assert!(
            flown <= (lifetime / dt + 1e-4).ceil() * dt + 1e-9,
            "flew {flown} s: {what}"
        );
        // Closest approach to the target it was launched at.
        let printed = f64::from(row.miss_distance);
        if got.closest.is_finite() {
            prop_assert!(
                (got.closest - printed).abs() <= 1e-3 + 1e-5 * printed,
                "closest {printed}: {what}"
            );
        }
        // Peak turn rate.
        let peak = f64::from(row.peak_turn_rate);
        prop_assert!(
            (got.peak_turn - peak).abs() <= 1e-3 + 1e-3 * peak,
            "peak turn {peak}: {what}"
        );
        // Speed: never above what the law and airframe allow, by velocity or by move.
        for pair in rows_of.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let t = (b.tick - first.tick) as f64 * dt;
            let bound = speed_bound(s, law, first.vel, t) * (1.0 + 1e-4) + 1e-3;
            prop_assert!(
                speed(b.vel) <= bound,
                "speed {} > {bound} at tick {}: {what}",
                speed(b.vel),
                b.tick
            );
            // The heat-seeker lives on a grid of whole units: a body another part moved
            // (its airframe) is put back on the nearest point, half a unit each way.
            let grid = if law.id() == "heat-seeker" {
                0.5f64.hypot(0.5)
            } else {
                0.0
            };
            // Positions are 32-bit floats: each tick's move is rounded to the nearest
            // one, up to half a unit in the last place of each coordinate (at x = 700,
            // 3e-5 units; at 120 ticks a second, 0.004 units/s of apparent speed).
            let ulp = |v: f64| v.abs() * f64::from(f32::EPSILON);
            let rounding = ulp(b.pos.0).hypot(ulp(b.pos.1));
            prop_assert!(
                dist(a.pos, b.pos) <= bound * dt + grid + rounding,
                "moved {} > {bound} at tick {}: {what}",
                dist(a.pos, b.pos) / dt,
                b.tick
            );
        }
        // Hits: contact with the target it was launched at, swept over each tick.
        let contact = law.info().contact_fused;
        let last_move = &rows_of[rows_of.len().saturating_sub(2)..];
        let final_gap = match (last_move, jet.get(&last_move[0].tick), jet.get(&last.tick)) {
            ([a, b], Some(t0), Some(t1)) => Some(closest(a.pos, b.pos, t0.pos, t1.pos)),
            _ => None,
        };
        match row.outcome {
            Outcome::Hit { .. } if contact => {
                let (gap, frac) = final_gap.expect("a hit's last move against its target");
                prop_assert!(gap <= reach + 1e-3, "hit at {gap} > {reach}: {what}");
                let time = (rows_of.len() - 2) as f64 * dt + frac * dt;
                let printed = f64::from(row.time_to_hit.unwrap());
                prop_assert!(
                    (time - printed).abs() <= 1e-4 + 1e-5 * time,
                    "hit at {printed} s, {time} s by the trace: {what}"
                );
            }
            Outcome::Hit { .. } => {
                // A blast: its target within the blast radius plus its own.
                let blast = match law.id() {
                    "intercept" => s.algorithms.intercept.blast_radius,
                    _ => s.algorithms.ballistic.blast_radius,
                };
                let (t0, t1) = (jet[&last_move[0].tick], jet[&last.tick]);
                let near = f64::from(blast + s.targets[0].radius);
                let gap = dist(last.pos, t0.pos).min(dist(last.pos, t1.pos));
                prop_assert!(
                    gap <= near + speed(t1.vel) * dt + 1e-3,
                    "blast at {gap}: {what}"
                );
            }
            _ if contact => {
                // A miss never touched its target: not on any tick before the last...
                let early = recompute(&rows_of[..rows_of.len() - 1], &jet, dt);
                prop_assert!(
                    early.closest > reach - 1e-3,
                    "passed within {} of its target: {what}",
                    early.closest
                );
                // ...nor on the last, unless it reached a flare first in that tick.
                if let Some((gap, frac)) = final_gap.filter(|_| got.ended.is_none()) {
                    if gap <= reach - 1e-3 {
                        prop_assert_eq!(
                            row.outcome,
                            Outcome::Missed(MissReason::Decoyed),
                            "touched at {}: {}",
                            gap,
                            what
                        );
                        let [a, b] = last_move else { unreachable!() };
                        // A flare thrown in that very tick (no row before it) stood
                        // where it was thrown: it first moves on the next tick.
                        let decoy = flares.iter().filter(|f1| f1.tick == b.tick).any(|f1| {
                            let f0 = flares
                                .iter()
                                .find(|f0| f0.id == f1.id && f0.tick == a.tick)
                                .unwrap_or(f1);
                            let (g, at) = closest(a.pos, b.pos, f0.pos, f1.pos);
                            g <= 4.0 + f64::from(s.launchers[0].missile.radius) + 1e-3 && at <= frac
                        });
                        prop_assert!(
                            decoy,
                            "touched its target at {gap}, reached no flare first: {what}"
                        );
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Runs a scenario for `seconds` with the trace, checks it, and returns the rows.
fn run_and_check(s: &Scenario, seconds: f64) -> Result<Vec<Row>, TestCaseError> {
    let mut csv = Vec::new();
    let world = headless::run(s, Some(seconds), Some(&mut csv)).unwrap();
    let rows = headless::rows(&world);
    check(s, &rows, &String::from_utf8(csv).unwrap())?;
    Ok(rows)
}

// ---------------------------------------------------------------------------------------
// Random engagements
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Engagement {
    law: usize,
    tick_rate: f32,
    target_start: (f32, f32),
    target_vel: (f32, f32),
    circling: Option<f32>,
    target_radius: f32,
    launch_vel: (f32, f32),
    lifetime: f32,
    fuel: Option<f32>,
    gravity: f32,
    airframe: Option<(f32, f32, f32, bool, f32)>,
    seeker: Option<(f32, f32, u32, f32, f32)>,
    flares: bool,
    seed: u64,
}

fn engagement() -> impl Strategy<Value = Engagement> {
    let airframe = prop::option::of((
        100.0f32..3000.0,
        0.0f32..0.3,
        0.0f32..600.0,
        any::<bool>(),
        prop_oneof![Just(0.0f32), 150.0f32..500.0],
    ));
    let seeker = prop::option::of((
        prop_oneof![Just(360.0f32), 20.0f32..120.0],
        prop_oneof![Just(0.0f32), 200.0f32..900.0],
        0u32..8,
        0.0f32..3.0,
        0.0f32..=1.0,
    ));
    (
        (
            0..Algorithm::ALL.len(),
            prop_oneof![Just(30.0f32), Just(60.0), Just(120.0)],
            (500.0f32..1100.0, 100.0f32..700.0),
            (-250.0f32..250.0, -150.0f32..150.0),
            prop::option::of(-2.5f32..2.5),
            3.0f32..20.0,
            (-100.0f32..200.0, -150.0f32..100.0),
        ),
        (
            1.0f32..6.0,
            prop::option::of(100.0f32..1500.0),
            prop_oneof![Just(0.0f32), 20.0f32..200.0],
            airframe,
            seeker,
            any::<bool>(),
            any::<u64>(),
        ),
    )
        .prop_map(
            |(
                (law, tick_rate, target_start, target_vel, circling, target_radius, launch_vel),
                (lifetime, fuel, gravity, airframe, seeker, flares, seed),
            )| Engagement {
                law,
                tick_rate,
                target_start,
                target_vel,
                circling,
                target_radius,
                launch_vel,
                lifetime,
                fuel,
                gravity,
                airframe,
                seeker,
                flares,
                seed,
            },
        )
}

impl Engagement {
    fn scenario(&self) -> Scenario {
        let law = Algorithm::ALL[self.law];
        let (x, y) = self.target_start;
        let motion = match self.circling {
            Some(angular_speed) => Motion::Circle(motion::Circle {
                center: Vec2::new(x, y),
                radius: 120.0,
                angular_speed,
                phase: 0.0,
            }),
            None => moving(x, y, self.target_vel.0, self.target_vel.1),
        };
        let mut jet = target("jet", motion);
        jet.radius = self.target_radius;
        if self.flares {
            jet.flares = Some(FlareSpec {
                count: 6,
                range: 300.0,
                every: 0.3,
                lifetime: 1.5,
                eject_speed: 80.0,
            });
        }
        let mut l = launcher(Vec2::new(120.0, 650.0), "jet", &[law]);
        l.launch_velocity = Vec2::new(self.launch_vel.0, self.launch_vel.1);
        l.every = Some(1.5);
        l.missile.lifetime = self.lifetime;
        l.missile.fuel = self.fuel;
        l.missile.airframe = self
            .airframe
            .map(|(max_accel, lag, boost, thrust, max_speed)| AirframeSpec {
                max_accel,
                lag,
                thrust,
                boost_accel: boost,
                boost_time: 1.0,
                sustain_accel: boost * 0.25,
                sustain_time: 1.5,
                drag: 0.0002,
                max_speed,
                ..AirframeSpec::default()
            });
        l.missile.seeker = self.seeker.map(
            |(fov, lock_range, latency, bearing_noise, decoy_chance)| SeekerSpec {
                fov,
                lock_range,
                latency,
                bearing_noise,
                decoy_chance,
                ..SeekerSpec::default()
            },
        );
        let mut s = Scenario {
            world: WorldConfig {
                width: 1200.0,
                height: 800.0,
                tick_rate: self.tick_rate,
                seed: self.seed,
                gravity: Vec2::new(0.0, self.gravity),
                ..WorldConfig::default()
            },
            targets: vec![jet],
            launchers: vec![l],
            ..Scenario::default()
        };
        s.algorithms.pro_nav.speed = 320.0;
        s.algorithms.intercept.speed = 340.0;
        s
    }
}

proptest! {
    #![proptest_config(Config { cases: 256, failure_persistence: None, ..Config::default() })]

    /// Whatever the law and options, the results table is what the trace says.
    #[test]
    fn the_printed_results_agree_with_the_kinematics_of_the_trace(e in engagement()) {
        run_and_check(&e.scenario(), 7.0)?;
    }
}

#[path = "kinematics_parts/regressions.rs"]
mod regressions;
