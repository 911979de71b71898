//! Running scenarios without a window: to completion or for a set time, with the
//! per-missile results table, the per-tick CSV trace, the side-by-side comparison, the
//! update-rate benchmark, sweeps ([`sweep`]) and animated GIFs of a run ([`gif`]). The
//! command line and the tests both use this.

use crate::core::Body;
use crate::core::Portable;
use crate::guidance::Algorithm;
use crate::scenario::Scenario;
use crate::sim::diagnosis::Class;
use crate::sim::event::Refusal;
use crate::sim::{EventKind, MissReason, Missile, MissileId, Outcome, Source, Target, World};
use std::io::Write;

mod bench;
pub mod diagnose;
pub mod gif;
pub mod sweep;

pub use bench::{
    bench, bench_crowd, bench_history, bench_scenario, BenchResult, CrowdBench, HistoryBench,
};

/// Default run length when a scenario's missiles never all finish.
pub const DEFAULT_SECONDS: f64 = 60.0;

/// One row of the results table: a missile, or a launch refused for want of a solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The run it comes from, when several are compared (the algorithm flown alone).
    pub lane: Option<String>,
    /// The missile (none: a launch refused for want of a solution).
    pub missile: Option<MissileId>,
    /// The missile (`M3`), or who refused to fire and when (`launcher 0 at 6.00 s`).
    pub who: String,
    /// The tick it was launched (or refused) on.
    pub tick: u64,
    pub algorithm: Algorithm,
    /// Who fired it (or refused to): with the algorithm, the law as that launcher flies
    /// it ([`crate::scene::flavour`]).
    pub source: Source,
    pub outcome: Outcome,
    pub time_to_hit: Option<f32>,
    /// Its closest approach to the target it was launched at (for a refusal, the
    /// distance at launch).
    pub miss_distance: f32,
    pub path_length: f32,
    pub peak_turn_rate: f32,
    pub optimum_ratio: Option<f32>,
    /// Why it missed: its primary failure class, when the run was diagnosed
    /// ([`diagnose`]); none for a hit.
    pub why: Option<crate::sim::diagnosis::Class>,
}

impl Row {
    pub fn of(missile: &Missile) -> Self {
        let m = &missile.metrics;
        Row {
            lane: None,
            missile: Some(missile.id),
            who: missile.id.to_string(),
            tick: missile.launched_tick,
            algorithm: missile.algorithm(),
            source: missile.source,
            outcome: m.outcome,
            time_to_hit: m.time_to_hit,
            miss_distance: m.miss_distance,
            path_length: m.path_length,
            peak_turn_rate: m.peak_turn_rate,
            optimum_ratio: m.optimum_ratio(),
            why: None,
        }
    }

    /// A launch refused for want of a solution in a world ticking `dt` seconds: a miss
    /// that never flew, at the distance the law saw.
    pub fn refused(refusal: &Refusal, dt: f32) -> Self {
        let time = refusal.tick as f64 * f64::from(dt);
        Row {
            lane: None,
            missile: None,
            who: format!("{} at {time:.2} s", source_name(refusal.source)),
            tick: refusal.tick,
            algorithm: refusal.algorithm,
            source: refusal.source,
            outcome: Outcome::Missed(MissReason::NoSolution),
            time_to_hit: None,
            miss_distance: refusal.range,
            path_length: 0.0,
            peak_turn_rate: 0.0,
            optimum_ratio: None,
            why: None,
        }
    }
}

/// `launcher 0`, `turret 2`: who fired, by its place in the scenario's list.
pub fn source_name(source: Source) -> String {
    match source {
        Source::Launcher(i) => format!("launcher {i}"),
        Source::Turret(i) => format!("turret {i}"),
    }
}

/// The CSV header of the per-tick trace.
/// Ticks the self-test flies each shipped scenario (as the golden tests do).
pub const SELFTEST_TICKS: u32 = 600;

/// The state hash of every shipped scenario after `ticks` ticks, in shipping order: the
/// same numbers on every machine and target (the browser prints them for `?selftest`,
/// `steerlab selftest` on the desktop), or why a scenario did not build.
pub fn selftest(ticks: u32) -> Vec<(&'static str, Result<u64, String>)> {
    crate::scenario::presets::SHIPPED
        .iter()
        .map(|(name, text)| {
            let hash = crate::scenario::parse(text, name)
                .map_err(|e| e.to_string())
                .and_then(|scenario| scenario.build())
                .map(|mut world| {
                    for _ in 0..ticks {
                        world.step();
                    }
                    world.state_hash()
                });
            (*name, hash)
        })
        .collect()
}

/// The columns of the per-tick trace (`run --csv`); a recording's columns plus `event`.
pub const CSV_HEADER: &str = "tick,time,id,kind,algorithm,x,y,vx,vy,heading,event,why";

/// One row of the trace.
struct TraceRow<'a> {
    tick: u64,
    time: f64,
    id: u64,
    kind: &'static str,
    algorithm: &'a str,
    pos: glam::Vec2,
    vel: glam::Vec2,
    heading: f32,
    event: &'a str,
    /// A diagnosed miss's primary failure class, on the row it ended on.
    why: &'static str,
}

impl TraceRow<'_> {
    fn write(&self, out: &mut (impl Write + ?Sized)) -> std::io::Result<()> {
        let (p, v) = (self.pos, self.vel);
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{}",
            self.tick,
            self.time,
            self.id,
            self.kind,
            self.algorithm,
            p.x,
            p.y,
            v.x,
            v.y,
            self.heading,
            self.event,
            self.why
        )
    }
}

/// A target's row at the world's tick, with `event` (empty: it goes on).
fn target_row<'a>(world: &World, t: &Target, event: &'a str) -> TraceRow<'a> {
    TraceRow {
        tick: world.tick(),
        time: world.time(),
        id: u64::from(t.id.0),
        kind: "target",
        algorithm: "",
        pos: t.pos,
        vel: t.vel,
        heading: t.vel.y.patan2(t.vel.x),
        event,
        why: "",
    }
}

/// A missile's row at `tick` (at `time`), in state `body`, with `event`.
fn missile_row(
    tick: u64,
    time: f64,
    m: &Missile,
    body: &Body,
    event: &'static str,
) -> TraceRow<'static> {
    TraceRow {
        tick,
        time,
        id: u64::from(m.id.0),
        kind: "missile",
        algorithm: m.algorithm().id(),
        pos: body.pos,
        vel: body.vel,
        heading: body.heading,
        event,
        why: "",
    }
}

/// Writes every live entity of the world at its current tick as CSV rows (no event).
pub fn write_csv_rows(world: &World, out: &mut (impl Write + ?Sized)) -> std::io::Result<()> {
    for t in world.targets() {
        target_row(world, t, "").write(out)?;
    }
    for m in world.missiles() {
        missile_row(world.tick(), world.time(), m, &m.body, "").write(out)?;
    }
    Ok(())
}

/// Writes what a step did and where it left everything, as CSV rows: on the tick just
/// flown, each missile launched (where it started, `launch`) and each launch refused
/// (from the launcher or turret, `no-solution`); then, at the world's tick, every live
/// entity, each target the tick removed (its last state: `destroyed`, `burnt-out`, ...)
/// and each missile it ended (its last state: `hit`, `fuel-out`, ...). A flight that
/// ended without moving (its target lost, its law failed, a non-finite state) repeats
/// its last state. With the run's `sampler`, the row a miss ended on (and a refused
/// launch's) says its primary failure class, `why`.
pub fn write_step_rows(
    world: &World,
    out: &mut (impl Write + ?Sized),
    sampler: Option<&diagnose::Sampler>,
) -> std::io::Result<()> {
    let flown = world.tick().saturating_sub(1);
    let time = flown as f64 * f64::from(world.dt());
    for event in world.events() {
        if let EventKind::Launched { missile, body, .. } = &event.kind {
            if let Some(m) = world.missile(*missile) {
                missile_row(flown, time, m, body, "launch").write(out)?;
            }
        }
    }
    let refused = world
        .refusals()
        .iter()
        .rev()
        .take_while(|r| r.tick == flown)
        .collect::<Vec<_>>();
    for r in refused.into_iter().rev() {
        let (kind, index) = match r.source {
            Source::Launcher(i) => ("launcher", i),
            Source::Turret(i) => ("turret", i),
        };
        TraceRow {
            tick: flown,
            time,
            id: index as u64,
            kind,
            algorithm: r.algorithm.id(),
            pos: r.from,
            vel: glam::Vec2::ZERO,
            heading: 0.0,
            event: MissReason::NoSolution.id(),
            why: match sampler {
                Some(_) => Class::NoSolution.id(),
                None => "",
            },
        }
        .write(out)?;
    }
    for t in world.targets() {
        target_row(world, t, "").write(out)?;
    }
    for (t, loss) in world.departed() {
        target_row(world, t, loss.id()).write(out)?;
    }
    for m in world.missiles() {
        missile_row(world.tick(), world.time(), m, &m.body, "").write(out)?;
    }
    for m in world.ended() {
        let event = m.metrics.outcome.id();
        let why = sampler.and_then(|s| s.why(m.id)).map_or("", Class::id);
        TraceRow {
            why,
            ..missile_row(world.tick(), world.time(), m, &m.body, event)
        }
        .write(out)?;
    }
    Ok(())
}

/// Whether anything is still going to happen: missiles in flight, launchers or turrets
/// with volleys scheduled, rain, or crowds (which never stop moving).
pub(crate) fn busy(world: &World) -> bool {
    !world.missiles().is_empty()
        || world.launchers().iter().any(|l| l.next_tick.is_some())
        || !world.turrets().is_empty()
        || world.rain().is_some()
        || !world.crowds().is_empty()
}

/// Runs a scenario headless for `seconds` (or until nothing more can happen when
/// `seconds` is `None`, capped at [`DEFAULT_SECONDS`]), optionally tracing every tick as
/// CSV. Returns the world at the end.
pub fn run(
    scenario: &Scenario,
    seconds: Option<f64>,
    csv: Option<&mut dyn Write>,
) -> Result<World, String> {
    let world = scenario.build()?;
    run_world(world, seconds, csv).map_err(|e| format!("cannot write the CSV trace: {e}"))
}

/// [`run`] on a world already built; only writing the trace can fail.
pub fn run_world(
    world: World,
    seconds: Option<f64>,
    csv: Option<&mut dyn Write>,
) -> std::io::Result<World> {
    run_diagnosed(world, seconds, csv, None)
}

/// [`run_world`], diagnosing every missile as it ends with `sampler`.
pub fn run_diagnosed(
    mut world: World,
    seconds: Option<f64>,
    mut csv: Option<&mut dyn Write>,
    mut sampler: Option<&mut diagnose::Sampler>,
) -> std::io::Result<World> {
    let limit = seconds.unwrap_or(DEFAULT_SECONDS);
    let ticks = (limit * f64::from(world.config.tick_rate)).round() as u64;
    if let Some(out) = csv.as_deref_mut() {
        writeln!(out, "{CSV_HEADER}")?;
        write_csv_rows(&world, out)?;
    }
    for _ in 0..ticks {
        world.step();
        if let Some(sampler) = sampler.as_deref_mut() {
            sampler.after_step(&world, world.events());
        }
        if let Some(out) = csv.as_deref_mut() {
            write_step_rows(&world, out, sampler.as_deref())?;
        }
        if seconds.is_none() && !busy(&world) {
            break;
        }
    }
    Ok(world)
}

/// The results table of a world: one row per missile and per launch refused for want
/// of a solution, in launch order (a tick's missiles by id, then its refusals).
pub fn rows(world: &World) -> Vec<Row> {
    rows_in(world, 0..usize::MAX)
}

/// How many rows [`rows`] gives.
pub fn row_count(world: &World) -> usize {
    world.missiles().len() + world.finished().len() + world.refusals().len()
}

/// The rows of [`rows`] at `range` of its order (clipped to it), the others not built: a
/// table shows a page of a volley of 10,000.
pub fn rows_in(world: &World, range: std::ops::Range<usize>) -> Vec<Row> {
    let (missiles, refusals) = (world.all_missiles(), world.refusals());
    // Each row's launch tick, whether it is a refusal, and its place in its list: sorted,
    // a tick's missiles by id, then its refusals in the order they came.
    let mut order: Vec<(u64, bool, usize)> = (missiles.iter().enumerate())
        .map(|(i, m)| (m.launched_tick, false, i))
        .chain(refusals.iter().enumerate().map(|(i, r)| (r.tick, true, i)))
        .collect();
    order.sort_unstable();
    let end = range.end.min(order.len());
    let dt = world.dt();
    order[range.start.min(end)..end]
        .iter()
        .map(|&(_, refused, i)| match refused {
            true => Row::refused(&refusals[i], dt),
            false => Row::of(missiles[i]),
        })
        .collect()
}

/// A run of `scenario` (see [`run`]) with every missile diagnosed under the scenario's
/// thresholds: the world at the end and what its missiles' flights showed.
pub fn run_and_diagnose(
    scenario: &Scenario,
    seconds: Option<f64>,
) -> Result<(World, diagnose::Sampler), String> {
    let world = scenario.build()?;
    let mut sampler = diagnose::Sampler::new(scenario.diagnosis.clone());
    let world = run_diagnosed(world, seconds, None, Some(&mut sampler))
        .map_err(|e| format!("cannot write the CSV trace: {e}"))?;
    Ok((world, sampler))
}

/// Runs the scenario once per compared algorithm from the same start and returns the
/// rows of each run, diagnosed, best first: hits before misses, then earliest time to
/// hit, then smallest miss distance.
pub fn compare(scenario: &Scenario, seconds: Option<f64>) -> Result<Vec<Row>, String> {
    let mut all = Vec::new();
    for algorithm in scenario.compared() {
        let (world, sampler) = run_and_diagnose(&scenario.restricted_to(algorithm), seconds)?;
        all.extend(
            diagnose::rows(&world, &sampler)
                .into_iter()
                .filter(|r| r.algorithm == algorithm)
                .map(|r| Row {
                    lane: Some(algorithm.id().to_string()),
                    ..r
                }),
        );
    }
    all.sort_by(|a, b| {
        let key = |r: &Row| {
            (
                r.time_to_hit.is_none(),
                r.time_to_hit.unwrap_or(f32::MAX),
                r.miss_distance,
            )
        };
        let (ka, kb) = (key(a), key(b));
        ka.0.cmp(&kb.0)
            .then(ka.1.total_cmp(&kb.1))
            .then(ka.2.total_cmp(&kb.2))
    });
    Ok(all)
}

/// Formats rows as an aligned text table. The missile is `M3` (or who refused to fire,
/// `launcher 0 at 6.00 s`), or `quartic/M0` for a row of a compared run. "closest" is the closest approach to the target over the flight so
/// far; "vs predicted" is the time to hit over the time the exact solver predicted at
/// launch for a target that keeps its launch velocity (intercept and quartic hits only;
/// below 1 when the target came toward the missile after launch, and a little below 1
/// for any target, since a hit is contact of the radii and the prediction centre on
/// centre). "why" is a miss's primary failure class (docs/diagnosis.md), when the run
/// was diagnosed.
pub fn table(rows: &[Row]) -> String {
    // The algorithm column fits the longest id (a script's may be long).
    let w = rows
        .iter()
        .map(|r| r.algorithm.id().len())
        .fold(12, usize::max);
    let mut out = format!(
        "{:<24} {:<w$} {:<37} {:>9} {:>10} {:>10} {:>10} {:>12}  {}\n",
        "missile",
        "algorithm",
        "outcome",
        "hit (s)",
        "closest",
        "path",
        "peak turn",
        "vs predicted",
        "why"
    );
    for r in rows {
        let opt =
            |v: Option<f32>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
        let missile = match &r.lane {
            Some(lane) => format!("{lane}/{}", r.who),
            None => r.who.clone(),
        };
        out.push_str(&format!(
            "{:<24} {:<w$} {:<37} {:>9} {:>10.2} {:>10.1} {:>10.2} {:>12}  {}\n",
            missile,
            r.algorithm.id(),
            r.outcome.describe(),
            opt(r.time_to_hit, 3),
            r.miss_distance,
            r.path_length,
            r.peak_turn_rate,
            opt(r.optimum_ratio, 3),
            r.why.map_or("-", |c| c.id()),
        ));
    }
    out
}
