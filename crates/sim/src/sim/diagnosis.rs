//! Why a missile missed: its flight, sampled once a tick, and how it ended, sorted into
//! the failure classes game programmers keep describing (docs/diagnosis.md). A hit has no
//! class; a miss has at least one; several may apply, and the first in time is the
//! primary one. Every class is a rule on the kinematics (or on how the flight ended),
//! with its thresholds in [`Thresholds`].
//!
//! Pure and deterministic: the same samples give the same findings on every machine.

use super::event::MissReason;
use super::metrics::Outcome;
use crate::core::field::{described, number};
use crate::core::wrap_angle;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::f32::consts::TAU;

pub use super::failure_class::Class;

#[path = "diagnosis_measures.rs"]
mod measures;
use measures::{measured, Measures};

/// A class found in a flight: when (seconds after launch) and what shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub class: Class,
    pub start: f32,
    pub end: f32,
    /// In the user's words: "orbit from 3.2 s to 9.8 s: 2.4 turns at about 18 units".
    pub evidence: String,
}

/// What a flight looked like on one tick, after that tick's move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Seconds since launch.
    pub time: f32,
    pub pos: Vec2,
    pub vel: Vec2,
    /// The target it was launched at (where it truly is).
    pub target_pos: Vec2,
    pub target_vel: Vec2,
    /// With an airframe: the lateral acceleration its law asked for, and the airframe's
    /// limit (units/s^2).
    pub lateral: Option<(f32, f32)>,
    /// Its seeker has the target (true without a seeker).
    pub locked: bool,
}

crate::core::field_default!(default_orbit_turns: f32 = 1.0);
crate::core::field_default!(default_orbit_band: f32 = 3.0);
crate::core::field_default!(default_overshoot_angle: f32 = 90.0);
crate::core::field_default!(default_tail_ratio: f32 = 0.25);
crate::core::field_default!(default_lead_angle: f32 = 10.0);
crate::core::field_default!(default_lasting: f32 = 1.0);
crate::core::field_default!(default_saturated_share: f32 = 0.25);
crate::core::field_default!(default_swerve_angle: f32 = 45.0);
crate::core::field_default!(default_swerve_share: f32 = 0.1);

/// The numbers the classes are decided by (`diagnosis` in a scenario file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thresholds {
    #[serde(
        default = "default_orbit_turns::value",
        skip_serializing_if = "default_orbit_turns::is"
    )]
    pub orbit_turns: f32,
    #[serde(
        default = "default_orbit_band::value",
        skip_serializing_if = "default_orbit_band::is"
    )]
    pub orbit_band: f32,
    #[serde(
        default = "default_overshoot_angle::value",
        skip_serializing_if = "default_overshoot_angle::is"
    )]
    pub overshoot_angle: f32,
    #[serde(
        default = "default_tail_ratio::value",
        skip_serializing_if = "default_tail_ratio::is"
    )]
    pub tail_ratio: f32,
    #[serde(
        default = "default_lead_angle::value",
        skip_serializing_if = "default_lead_angle::is"
    )]
    pub lead_angle: f32,
    #[serde(
        default = "default_lasting::value",
        skip_serializing_if = "default_lasting::is"
    )]
    pub lasting: f32,
    #[serde(
        default = "default_saturated_share::value",
        skip_serializing_if = "default_saturated_share::is"
    )]
    pub saturated_share: f32,
    #[serde(
        default = "default_swerve_angle::value",
        skip_serializing_if = "default_swerve_angle::is"
    )]
    pub swerve_angle: f32,
    #[serde(
        default = "default_swerve_share::value",
        skip_serializing_if = "default_swerve_share::is"
    )]
    pub swerve_share: f32,
}

described!(Thresholds {
    orbit_turns: number(0.1, 100.0)
        .label("orbit: turns")
        .unit("turns")
        .help("An orbit is this many full turns of the line of sight while the range stays within the band."),
    orbit_band: number(1.01, 100.0)
        .label("orbit: range band")
        .help("While orbiting, the largest range is at most this many times the smallest."),
    overshoot_angle: number(1.0, 180.0)
        .label("overshoot: turn back")
        .unit("degrees")
        .help("An overshoot passes its closest approach, opens the range to twice that, and turns through more than this."),
    tail_ratio: number(0.0, 1.0)
        .label("tail chase: closing share")
        .help("A tail chase closes at less than this share of the missile's speed while pointing at the target."),
    lead_angle: number(0.0, 90.0)
        .label("tail chase: lead under")
        .unit("degrees")
        .help("Pointing at the target: the velocity within this angle of the line of sight (no lead)."),
    lasting: number(0.0, 60.0)
        .label("tail chase, out-run: lasting")
        .unit("s")
        .help("How long a tail chase or an out-run must last."),
    saturated_share: number(0.0, 1.0)
        .label("saturation: share of the flight")
        .help("Saturated when the command exceeds the airframe's limit for this share of the flight (or at the closest approach)."),
    swerve_angle: number(1.0, 180.0)
        .label("late swerve: turn")
        .unit("degrees")
        .help("A late swerve turns the heading through more than this within its last share of the flight."),
    swerve_share: number(0.0, 1.0)
        .label("late swerve: last share")
        .help("The share of the flight, up to the closest approach, a late swerve looks at (where no orbit, overshoot or tail chase explains the turn)."),
});

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            orbit_turns: default_orbit_turns::value(),
            orbit_band: default_orbit_band::value(),
            overshoot_angle: default_overshoot_angle::value(),
            tail_ratio: default_tail_ratio::value(),
            lead_angle: default_lead_angle::value(),
            lasting: default_lasting::value(),
            saturated_share: default_saturated_share::value(),
            swerve_angle: default_swerve_angle::value(),
            swerve_share: default_swerve_share::value(),
        }
    }
}

/// How a flight ended, beyond its samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub outcome: Outcome,
    /// Seconds after launch its solver failed, each time it did.
    pub solver_failed: Vec<f32>,
    /// Seconds after launch it ended.
    pub time: f32,
}

/// The classes of a flight from its `samples` (one a tick, in order) and its `ending`,
/// first in time first (ties in [`Class`] order). A hit (or a flight still flying) has
/// none; a miss has at least one.
pub fn diagnose(samples: &[Sample], ending: &Ending, t: &Thresholds) -> Vec<Finding> {
    let reason = match ending.outcome {
        Outcome::Missed(reason) => reason,
        Outcome::Hit { .. } | Outcome::Flying => return Vec::new(),
    };
    let mut out = measured(samples, |m| {
        let mut out = shown(m, t);
        saturation(m, t, &mut out);
        late_swerve(m, t, &mut out);
        out
    });
    if let Some(first) = ending.solver_failed.first() {
        let times = ending.solver_failed.len();
        out.push(Finding {
            class: Class::NoSolution,
            start: *first,
            end: *ending.solver_failed.last().unwrap_or(first),
            evidence: format!(
                "the solver failed {times} time{} from {first:.2} s",
                if times == 1 { "" } else { "s" }
            ),
        });
    }
    ended(reason, ending.time, &mut out);
    out.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.class.cmp(&b.class)));
    out
}

/// The classes a flight still flying shows so far (`samples`, one a tick, in order),
/// first in time first: orbit, overshoot, tail chase, out-run and lost lock. Saturation
/// (a share of the whole flight) and late swerve (the last share before the closest
/// approach) are decided when it ends, in [`diagnose`]. A flight so far may show an
/// overshoot that later turns out to be an orbit's first loop.
pub fn in_flight(samples: &[Sample], t: &Thresholds) -> Vec<Finding> {
    let mut out = measured(samples, |m| shown(m, t));
    out.sort_by(|a, b| a.start.total_cmp(&b.start).then(a.class.cmp(&b.class)));
    out
}

/// The classes the samples show however the flight ends (unsorted).
fn shown(m: &Measures, t: &Thresholds) -> Vec<Finding> {
    let mut out = Vec::new();
    orbits(m, t, &mut out);
    overshoots(m, t, &mut out);
    // An orbit passes and turns back on every loop: its own overshoots are the orbit.
    let orbiting: Vec<(f32, f32)> = out
        .iter()
        .filter(|f| f.class == Class::Orbit)
        .map(|f| (f.start, f.end))
        .collect();
    out.retain(|f| {
        f.class != Class::Overshoot || !orbiting.iter().any(|(a, b)| f.start >= *a && f.end <= *b)
    });
    sustained(m, t, &mut out);
    lost_lock(m.samples, &mut out);
    out
}

/// The class how it ended gives (every miss has one here, or a kinematic one).
fn ended(reason: MissReason, time: f32, out: &mut Vec<Finding>) {
    let (class, evidence) = match reason {
        MissReason::FuelOut => (Class::OutOfEnergy, "its fuel ran out"),
        MissReason::LifetimeOut => (Class::OutOfEnergy, "its lifetime ran out"),
        MissReason::LeftWorld => (Class::LeftWorld, "it left the world"),
        MissReason::TargetLost => (Class::TargetGone, "its target was removed"),
        MissReason::Detonated => (Class::BlastMissed, "it detonated with nothing in the blast"),
        MissReason::NonFinite => (Class::NonFinite, "a number in its state was not finite"),
        MissReason::LawFailed => (Class::ScriptError, "its law failed"),
        MissReason::Decoyed => (Class::Decoyed, "its seeker took a flare for the target"),
        MissReason::NoSolution => (Class::NoSolution, "its law found no solution at launch"),
        MissReason::Terrain => (Class::HitTerrain, "it flew into terrain"),
    };
    out.push(Finding {
        class,
        start: time,
        end: time,
        evidence: format!("{evidence} at {time:.2} s"),
    });
}

/// Full turns of the line of sight while the range stays within the band.
fn orbits(m: &Measures, t: &Thresholds, out: &mut Vec<Finding>) {
    let samples = m.samples;
    // An orbit found and still going on: its first and latest sample, turns and mean
    // range (its evidence is written once it ends).
    let orbit = |(from, to, turns, about): (usize, usize, f32, f32)| {
        let (at, now) = (samples[from].time, samples[to].time);
        Finding {
            class: Class::Orbit,
            start: at,
            end: now,
            evidence: format!(
                "orbit from {at:.2} s to {now:.2} s: {turns:.1} turns at about {about:.0} units"
            ),
        }
    };
    let mut start = 0;
    let mut turned = 0.0f32;
    let (mut lo, mut hi, mut sum) = (f32::INFINITY, 0.0f32, 0.0f32);
    let mut open = None;
    for i in 0..samples.len() {
        let r = m.range[i];
        if i > start {
            turned += wrap_angle(m.los[i] - m.los[i - 1]);
        }
        lo = lo.min(r);
        hi = hi.max(r);
        sum += r;
        if hi > t.orbit_band * lo {
            // The range closed or opened: whatever orbit there was has ended.
            out.extend(open.take().map(orbit));
            start = i;
            turned = 0.0;
            (lo, hi, sum) = (r, r, r);
            continue;
        }
        let turns = turned.abs() / TAU;
        if turns >= t.orbit_turns {
            open = Some((start, i, turns, sum / (i - start + 1) as f32));
        }
    }
    out.extend(open.map(orbit));
}

/// Passes of the closest approach (a least range) after which, before the next pass, the
/// range opens to twice the pass (and a unit) and the heading turns back through more
/// than the angle.
fn overshoots(m: &Measures, t: &Thresholds, out: &mut Vec<Finding>) {
    let (samples, range) = (m.samples, &m.range);
    let limit = t.overshoot_angle.to_radians();
    let mut i = 1;
    while i + 1 < samples.len() {
        let (before, at, after) = (range[i - 1], range[i], range[i + 1]);
        if !(at < before && at <= after) {
            i += 1;
            continue;
        }
        // A pass at i: follow it until the next pass.
        let heading = m.heading[i];
        let (mut turned, mut last, mut opened) = (0.0f32, heading, false);
        let mut j = i + 1;
        let mut found = None;
        while j < samples.len() {
            let r = range[j];
            let next = range.get(j + 1).copied().unwrap_or(f32::INFINITY);
            if r < range[j - 1] && r <= next {
                // The next pass: this one did not turn back.
                break;
            }
            opened |= r >= 2.0 * at + 1.0;
            let now = m.heading[j];
            turned += wrap_angle(now - last);
            last = now;
            if opened && turned.abs() > limit {
                found = Some(j);
                break;
            }
            j += 1;
        }
        if let Some(j) = found {
            let (from, to) = (samples[i].time, samples[j].time);
            out.push(Finding {
                class: Class::Overshoot,
                start: from,
                end: to,
                evidence: format!(
                    "passed {at:.0} units from the target at {from:.2} s and turned back \
                     {} degrees by {to:.2} s",
                    degrees_past(turned.abs(), t.overshoot_angle)
                ),
            });
        }
        // On from where the following stopped (the next pass, or the turn back).
        i = j;
    }
}

/// Tail chases (pointing at the target, no lead, yet closing slowly, the target not
/// faster) and out-runs (the target faster along the line of sight), each lasting at
/// least `t.lasting`.
fn sustained(m: &Measures, t: &Thresholds, out: &mut Vec<Finding>) {
    let samples = m.samples;
    let mut spans: [(Class, Option<usize>); 2] = [(Class::TailChase, None), (Class::OutRun, None)];
    for i in 1..=samples.len() {
        let now = samples.get(i).map(|s| {
            let (prev, s) = (&samples[i - 1], s);
            let dt = s.time - prev.time;
            let closing = if dt > 0.0 {
                (m.range[i - 1] - m.range[i]) / dt
            } else {
                0.0
            };
            let (speed, away) = (m.speed[i], m.away[i]);
            let off = wrap_angle(m.heading[i] - m.unit[i]).abs();
            // (A missile at rest is never in a tail chase: closing below a share of no
            // speed would mean the range opens, and away below no speed that it closes.)
            let pointing = off < t.lead_angle.to_radians();
            [
                pointing && closing < t.tail_ratio * speed && away < speed,
                away > speed,
            ]
        });
        for (k, (class, started)) in spans.iter_mut().enumerate() {
            match (now.map(|n| n[k]), *started) {
                (Some(true), None) => *started = Some(i),
                (Some(true), Some(_)) => {}
                (_, Some(first)) => {
                    *started = None;
                    let (from, to) = (samples[first].time, samples[i - 1].time);
                    if to - from >= t.lasting {
                        out.push(Finding {
                            class: *class,
                            start: from,
                            end: to,
                            evidence: match class {
                                Class::TailChase => format!(
                                    "tail chase from {from:.2} s to {to:.2} s: pointing at the \
                                     target, closing at under {:.0}% of its speed",
                                    t.tail_ratio * 100.0
                                ),
                                _ => format!(
                                    "out-run from {from:.2} s to {to:.2} s: the target drew \
                                     away faster than the missile flies"
                                ),
                            },
                        });
                    }
                }
                (_, None) => {}
            }
        }
    }
}

/// The command past the airframe's limit for a share of the flight, or at the closest
/// approach.
fn saturation(m: &Measures, t: &Thresholds, out: &mut Vec<Finding>) {
    let samples = m.samples;
    let over: Vec<(usize, f32, f32)> = samples
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.lateral.map(|(asked, limit)| (i, asked, limit)))
        .filter(|(_, asked, limit)| asked.abs() > *limit)
        .collect();
    let (Some(first), Some(last)) = (over.first(), over.last()) else {
        return;
    };
    let share = over.len() as f32 / samples.len() as f32;
    let closest = m.closest();
    let at_closest = over.iter().any(|(i, ..)| Some(*i) == closest);
    if share < t.saturated_share && !at_closest {
        return;
    }
    let peak = over.iter().map(|(_, a, _)| a.abs()).fold(0.0, f32::max);
    let (from, to) = (samples[first.0].time, samples[last.0].time);
    out.push(Finding {
        class: Class::Saturation,
        start: from,
        end: to,
        evidence: format!(
            "the command passed the {:.0} units/s^2 limit for {:.0}% of the flight{} (at most {peak:.0})",
            first.2,
            share * 100.0,
            if at_closest { ", and at the closest approach" } else { "" }
        ),
    });
}

/// Every stretch its seeker did not have the target.
fn lost_lock(samples: &[Sample], out: &mut Vec<Finding>) {
    let mut from: Option<f32> = None;
    for (i, s) in samples.iter().enumerate() {
        match (s.locked, from) {
            (false, None) => from = Some(s.time),
            (true, Some(at)) => {
                from = None;
                let to = samples[i - 1].time;
                out.push(lock_finding(at, to, true));
            }
            _ => {}
        }
    }
    if let (Some(at), Some(last)) = (from, samples.last()) {
        out.push(lock_finding(at, last.time, false));
    }
}

fn lock_finding(from: f32, to: f32, regained: bool) -> Finding {
    Finding {
        class: Class::LostLock,
        start: from,
        end: to,
        evidence: if regained {
            format!("its seeker lost the target from {from:.2} s to {to:.2} s")
        } else {
            format!("its seeker lost the target at {from:.2} s and never had it again")
        },
    }
}

/// A turn of more than the angle in the last share of the flight before the closest
/// approach, outside an orbit, an overshoot or a tail chase found already.
fn late_swerve(m: &Measures, t: &Thresholds, out: &mut Vec<Finding>) {
    let samples = m.samples;
    let (Some(c), Some(last)) = (m.closest(), samples.last()) else {
        return;
    };
    let end = samples[c].time;
    let from = end - t.swerve_share * last.time;
    let explained = out.iter().any(|f| {
        matches!(f.class, Class::Orbit | Class::Overshoot | Class::TailChase)
            && f.start <= end
            && f.end >= from
    });
    if explained {
        return;
    }
    let window: Vec<usize> = (0..=c).filter(|&i| samples[i].time >= from).collect();
    let mut turned = 0.0f32;
    let mut most = 0.0f32;
    for pair in window.windows(2) {
        turned += wrap_angle(m.heading[pair[1]] - m.heading[pair[0]]);
        most = most.max(turned.abs());
    }
    if most > t.swerve_angle.to_radians() {
        out.push(Finding {
            class: Class::LateSwerve,
            start: from.max(0.0),
            end,
            evidence: format!(
                "turned {} degrees in the {:.2} s before its closest approach",
                degrees_past(most, t.swerve_angle),
                end - from.max(0.0)
            ),
        });
    }
}

#[cfg(test)]
#[path = "diagnosis_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "diagnosis_edge_tests.rs"]
mod edge_tests;

/// An angle (radians) that passed a threshold of `threshold` degrees, in degrees for
/// the evidence: whole, or with as many decimals (up to four) as it takes to read as
/// more than the threshold (180.3 degrees past a threshold of 180 is not "180").
fn degrees_past(angle: f32, threshold: f32) -> String {
    let degrees = angle.to_degrees();
    (0..4)
        .map(|decimals| format!("{degrees:.decimals$}"))
        .find(|shown| shown.parse::<f32>().is_ok_and(|shown| shown > threshold))
        .unwrap_or_else(|| format!("{degrees:.4}"))
}
