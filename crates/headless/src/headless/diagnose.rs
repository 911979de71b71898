//! Why each missile of a run missed: its flight sampled once a tick while it flies and
//! sorted into the failure classes when it ends ([`crate::sim::diagnosis`]), for the
//! results table's "why" column, `steerlab diagnose`, and the window (its inspector,
//! timeline and breakpoints).

use super::Row;
use crate::sim::diagnosis::{diagnose, in_flight, Class, Ending, Finding, Sample, Thresholds};
use crate::sim::{Event, EventKind, MissReason, Missile, MissileId, Outcome, World};
use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write;

/// One missile's flight as sampled: a sample a tick from `first` on.
#[derive(Debug, Default)]
struct Flight {
    /// The world's tick after the step of its first sample.
    first: u64,
    launched: u64,
    samples: Vec<Sample>,
    /// Each time its solver failed: the tick after that step, and seconds after launch.
    solver_failed: Vec<(u64, f32)>,
    /// Once it has ended: the tick after the step it ended in, and how.
    ended: Option<(u64, Outcome)>,
    /// Its samples were dropped to stay within the sampler's `keep`.
    dropped: bool,
    /// Not diagnosed: its samples were dropped and are needed again.
    forgotten: bool,
    /// The classes already announced ([`Sampler::news`]), with the tick they were.
    announced: Vec<(Class, u64)>,
}

impl Flight {
    fn diagnose(&self, thresholds: &Thresholds, dt: f32) -> Vec<Finding> {
        let Some((end, outcome)) = self.ended else {
            return Vec::new();
        };
        let ending = Ending {
            outcome,
            solver_failed: self.solver_failed.iter().map(|(_, t)| *t).collect(),
            time: (end - self.launched) as f32 * dt,
        };
        diagnose(&self.samples, &ending, thresholds)
    }
}

/// Missile `id`'s flight (new from tick `now`), unless it is forgotten.
fn flight(
    flights: &mut BTreeMap<MissileId, Flight>,
    id: MissileId,
    launched: u64,
    now: u64,
) -> Option<&mut Flight> {
    let flight = flights.entry(id).or_insert_with(|| Flight {
        first: now,
        launched,
        ..Flight::default()
    });
    (!flight.forgotten).then_some(flight)
}

/// Samples the missiles of a world tick by tick and diagnoses each as it ends.
///
/// A batch run's sampler ([`Sampler::new`]) drops a flight once it is diagnosed. The
/// window's ([`Sampler::keeping`]) keeps the samples of ended flights, up to a number,
/// so that a branch from a past tick ([`Sampler::truncate_after`]) diagnoses the
/// missiles that fly on again, and new thresholds ([`Sampler::set_thresholds`])
/// diagnose every kept flight again at once.
#[derive(Debug, Default)]
pub struct Sampler {
    thresholds: Thresholds,
    dt: f32,
    flights: BTreeMap<MissileId, Flight>,
    /// What each ended missile's flight showed, by missile.
    pub findings: BTreeMap<MissileId, Vec<Finding>>,
    /// Most samples held (0: a batch run, which holds only flights in the air).
    keep: usize,
    /// Samples held, flying and ended.
    held: usize,
    /// The ended flights whose samples are held, oldest end first.
    ended: VecDeque<MissileId>,
    /// The tick up to which the ends were heard by [`Sampler::news`].
    heard: u64,
    /// The last [`Sampler::so_far`] of a flight in the air, by missile and samples (the
    /// window asks for the selected missile's every frame, twice).
    so_far: RefCell<Option<(MissileId, usize, Vec<Finding>)>>,
}

impl Sampler {
    /// A batch run's sampler: each flight is dropped once it is diagnosed.
    pub fn new(thresholds: Thresholds) -> Self {
        Sampler {
            thresholds,
            ..Sampler::default()
        }
    }

    /// The window's sampler: holds up to `keep` samples. Over that, the samples of the
    /// oldest ended flights go first, then the newest missiles in flight stop being
    /// sampled (they are not diagnosed).
    pub fn keeping(thresholds: Thresholds, keep: usize) -> Self {
        Sampler {
            keep,
            ..Sampler::new(thresholds)
        }
    }

    /// The thresholds the flights are diagnosed by.
    pub fn thresholds(&self) -> &Thresholds {
        &self.thresholds
    }

    /// Diagnoses every ended flight whose samples are held again, by `thresholds`.
    pub fn set_thresholds(&mut self, thresholds: Thresholds) {
        self.thresholds = thresholds;
        self.so_far.take();
        for (id, flight) in &self.flights {
            if flight.ended.is_some() && !flight.dropped {
                self.findings
                    .insert(*id, flight.diagnose(&self.thresholds, self.dt));
            }
        }
    }

    /// After a step of `world` that reported `events`.
    pub fn after_step(&mut self, world: &World, events: &[Event]) {
        self.dt = world.dt();
        let now = world.tick();
        for event in events {
            if let EventKind::SolverFailed { missile, .. } = event.kind {
                if let Some(m) = world.missile(missile) {
                    let time = (event.tick + 1 - m.launched_tick) as f32 * self.dt;
                    if let Some(f) = flight(&mut self.flights, missile, m.launched_tick, now) {
                        f.solver_failed.push((now, time));
                    }
                }
            }
        }
        // The missiles in flight are in id order, as the flights are: one walk finds
        // each one's flight (10,000 looked up one by one took the window a millisecond
        // a tick). New ones, and the ended, are looked up.
        let mut looked_up = Vec::new();
        let mut flights = self.flights.iter_mut().peekable();
        for missile in world.missiles() {
            let Some(sample) = sample(world, missile) else {
                continue;
            };
            while flights.next_if(|(id, _)| **id < missile.id).is_some() {}
            match flights.peek_mut() {
                Some((id, f)) if **id == missile.id => {
                    if !f.forgotten {
                        f.samples.push(sample);
                        self.held += 1;
                    }
                }
                _ => looked_up.push((missile, sample)),
            }
        }
        let ended = world.ended().iter();
        let ended = ended.filter_map(|m| Some((m, sample(world, m)?)));
        for (missile, sample) in looked_up.into_iter().chain(ended) {
            if let Some(f) = flight(&mut self.flights, missile.id, missile.launched_tick, now) {
                f.samples.push(sample);
                self.held += 1;
            }
        }
        for missile in world.ended() {
            // (With no sample: its target was gone before its first tick.)
            let Some(f) = flight(&mut self.flights, missile.id, missile.launched_tick, now) else {
                continue;
            };
            f.ended = Some((now, missile.metrics.outcome));
            self.findings
                .insert(missile.id, f.diagnose(&self.thresholds, self.dt));
            if self.keep == 0 {
                self.held -= f.samples.len();
                self.flights.remove(&missile.id);
            } else {
                self.ended.push_back(missile.id);
            }
        }
        self.stay_within();
    }

    /// Missile `id`'s flight so far, handed over to be flown on and diagnosed elsewhere
    /// (the lockstep path, [`crate::sim::lockstep::Handoff::diagnosed`]): its samples,
    /// and the seconds after launch its solver failed. This sampler forgets it (it is
    /// not sampled or diagnosed here again).
    pub fn hand_off(&mut self, id: MissileId) -> (Vec<Sample>, Vec<f32>) {
        let Some(f) = self.flights.get_mut(&id).filter(|f| !f.forgotten) else {
            return (Vec::new(), Vec::new());
        };
        self.held -= f.samples.len();
        f.forgotten = true;
        let failed = f.solver_failed.drain(..).map(|(_, t)| t).collect();
        (std::mem::take(&mut f.samples), failed)
    }

    /// Drops samples until at most `keep` are held (a batch run holds those in flight).
    fn stay_within(&mut self) {
        if self.keep == 0 {
            return;
        }
        while self.held > self.keep {
            if let Some(id) = self.ended.pop_front() {
                if let Some(f) = self.flights.get_mut(&id) {
                    self.held -= f.samples.len();
                    f.samples = Vec::new();
                    f.dropped = true;
                }
                continue;
            }
            // Only flights in the air are left: the newest stops being sampled.
            let newest = self.flights.iter_mut().rev().find(|(_, f)| !f.forgotten);
            let Some((_, f)) = newest else {
                break;
            };
            self.held -= f.samples.len();
            f.samples = Vec::new();
            f.solver_failed.clear();
            f.forgotten = true;
        }
    }

    /// Back to what the sampler held after the step to tick `tick` (a branch from there):
    /// flights first sampled later are gone; the rest lose their later samples, and
    /// those that ended later fly again (not diagnosed; forgotten if their samples
    /// were dropped).
    pub fn truncate_after(&mut self, tick: u64) {
        let mut gone = 0;
        self.flights.retain(|_, f| {
            if f.first > tick {
                gone += f.samples.len();
            }
            f.first <= tick
        });
        self.held -= gone;
        for (id, f) in &mut self.flights {
            let keep = (tick - f.first + 1) as usize;
            if f.samples.len() > keep {
                self.held -= f.samples.len() - keep;
                f.samples.truncate(keep);
            }
            f.solver_failed.retain(|(t, _)| *t <= tick);
            f.announced.retain(|(_, t)| *t <= tick);
            if f.ended.is_some_and(|(end, _)| end > tick) {
                f.ended = None;
                self.findings.remove(id);
                if f.dropped {
                    f.forgotten = true;
                }
            }
        }
        self.heard = self.heard.min(tick);
        self.so_far.take();
        let flights = &self.flights;
        self.findings.retain(|id, _| flights.contains_key(id));
        self.ended
            .retain(|id| flights.get(id).is_some_and(|f| f.ended.is_some()));
    }

    /// The primary class of missile `id` (none: a hit, still flying, or unknown).
    pub fn why(&self, id: MissileId) -> Option<Class> {
        self.findings.get(&id)?.first().map(|f| f.class)
    }

    /// Whether missile `id` is not diagnosed: its samples were dropped to stay within
    /// the samples held.
    pub fn is_forgotten(&self, id: MissileId) -> bool {
        self.flights.get(&id).is_some_and(|f| f.forgotten)
    }

    /// What missile `id`'s flight shows so far while it flies ([`in_flight`]); once it
    /// has ended, what it showed.
    pub fn so_far(&self, id: MissileId) -> Vec<Finding> {
        if let Some(found) = self.findings.get(&id) {
            return found.clone();
        }
        let Some(f) = self.flights.get(&id).filter(|f| f.ended.is_none()) else {
            return Vec::new();
        };
        let mut cache = self.so_far.borrow_mut();
        match &*cache {
            Some((i, n, found)) if *i == id && *n == f.samples.len() => found.clone(),
            _ => {
                let found = in_flight(&f.samples, &self.thresholds);
                *cache = Some((id, f.samples.len(), found.clone()));
                found
            }
        }
    }

    /// The first class among `classes` a missile shows that was not announced before
    /// for it, announced now: of the missiles that ended since the last call, from
    /// their diagnosis; of those in flight, every `every` ticks of their flight, from
    /// what it shows so far. `now` is the world's tick. Called once a tick; with no
    /// classes it only notes the ends as heard (switching a class on later does not
    /// announce old missiles).
    pub fn news(
        &mut self,
        classes: &[Class],
        every: u64,
        now: u64,
    ) -> Option<(MissileId, Finding)> {
        if classes.is_empty() {
            self.heard = now;
            return None;
        }
        for (id, f) in &mut self.flights {
            let found = match f.ended {
                Some((end, _)) if end > self.heard => {
                    self.findings.get(id).cloned().unwrap_or_default()
                }
                None if !f.forgotten && (now - f.first).is_multiple_of(every.max(1)) => {
                    in_flight(&f.samples, &self.thresholds)
                }
                _ => continue,
            };
            let new = found.into_iter().find(|finding| {
                classes.contains(&finding.class)
                    && !f.announced.iter().any(|(c, _)| *c == finding.class)
            });
            if let Some(finding) = new {
                f.announced.push((finding.class, now));
                // The rest of this tick's ends are heard on the next call.
                return Some((*id, finding));
            }
        }
        self.heard = now;
        None
    }
}

/// A missile after a tick's move, against the target it was launched at.
fn sample(world: &World, missile: &Missile) -> Option<Sample> {
    let target = world.target(missile.target)?;
    let dt = world.dt();
    let lateral = (missile.airframe.as_ref()).map(|a| a.state.sampled(missile.body.vel));
    Some(Sample {
        time: (world.tick() - missile.launched_tick) as f32 * dt,
        pos: missile.body.pos,
        vel: missile.body.vel,
        target_pos: target.pos,
        target_vel: target.vel,
        lateral,
        locked: missile.seeker.as_ref().is_none_or(|s| s.lost.is_none()),
    })
}

/// A class's colour ([`crate::palette::CLASSES`]).
pub fn class_rgb(class: Class) -> [u8; 3] {
    crate::palette::CLASSES[class as usize]
}

/// The results table of a diagnosed world: [`super::rows`] with each row's primary class.
pub fn rows(world: &World, sampler: &Sampler) -> Vec<Row> {
    rows_in(world, sampler, 0..usize::MAX)
}

/// [`rows`] at `range` of its order, the others not built ([`super::rows_in`]).
pub fn rows_in(world: &World, sampler: &Sampler, range: std::ops::Range<usize>) -> Vec<Row> {
    super::rows_in(world, range)
        .into_iter()
        .map(|row| {
            let why = match row.missile {
                Some(id) => sampler.why(id),
                None => Some(Class::NoSolution),
            };
            Row { why, ..row }
        })
        .collect()
}

/// What `steerlab diagnose` prints: every missile's classes with their evidence (the
/// first is the primary one), then a summary per law as its launchers fly it ("pro-nav"
/// apart from "pro-nav (augmented)"): its missiles, hits, misses, and how many misses
/// each primary class explains.
pub fn report(world: &World, sampler: &Sampler) -> String {
    let mut out = String::new();
    let mut laws: BTreeMap<String, (usize, usize, BTreeMap<Class, usize>)> = BTreeMap::new();
    for row in rows(world, sampler) {
        let flown = crate::scene::flavour(world, row.algorithm, Some(row.source)).label();
        let law = laws.entry(flown.clone()).or_default();
        law.0 += 1;
        let findings = match row.missile {
            Some(id) => sampler.findings.get(&id).cloned().unwrap_or_default(),
            None => vec![Finding {
                class: Class::NoSolution,
                start: 0.0,
                end: 0.0,
                evidence: MissReason::NoSolution.describe().to_string(),
            }],
        };
        if matches!(row.outcome, Outcome::Hit { .. }) {
            law.1 += 1;
        }
        if let Some(why) = row.why {
            *law.2.entry(why).or_default() += 1;
        }
        let _ = writeln!(
            out,
            "{} {} {}{}",
            row.who,
            flown,
            row.outcome.describe(),
            row.why.map_or(String::new(), |c| format!(": {}", c.id()))
        );
        for finding in &findings {
            let _ = writeln!(out, "    {}: {}", finding.class.id(), finding.evidence);
        }
    }
    out.push('\n');
    for (law, (missiles, hits, whys)) in laws {
        let misses: usize = whys.values().sum();
        let whys: Vec<String> = whys
            .iter()
            .map(|(c, n)| format!("{} {n}", c.id()))
            .collect();
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let _ = writeln!(
            out,
            "{law}: {}, {}{}",
            plural(missiles, "missile", "missiles"),
            plural(hits, "hit", "hits"),
            if whys.is_empty() {
                String::new()
            } else {
                format!(
                    ", {}: {}",
                    plural(misses, "miss", "misses"),
                    whys.join(", ")
                )
            }
        );
    }
    out
}

#[cfg(test)]
#[path = "diagnose_tests.rs"]
mod tests;
