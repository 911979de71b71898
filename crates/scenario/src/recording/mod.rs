//! Recordings from a game: a CSV of `tick,time,id,kind,algorithm,x,y,vx,vy,heading` (the
//! columns `steerlab run --csv` writes; `algorithm` may be any name or missing, extra
//! columns are ignored, the tick length comes from the time column). A recording opens
//! as a scenario ([`to_scenario`]): each recorded target replays its track as a motion,
//! each recorded missile flies its track as a law of its own ([`replay`]), so trails,
//! the timeline, plots, the inspector, closest approach and hits work on them unchanged;
//! reference laws can then be flown from any recorded missile's state
//! ([`fly_references`]).

pub mod replay;
mod rows;
mod track;

pub use rows::Streamed;
use rows::{checked, label_of, read_rows, Event, Row};
use track::label;
pub use track::{label as entity_name, Kind, RecordedTrack, Sample};

use crate::guidance::{Algorithm, Tuning};
use crate::scenario::Scenario;
use crate::sim::launcher::{LauncherSpec, MissileSpec};
use crate::sim::limits::MAX_TRACK_SAMPLES;
use crate::sim::motion::Track;
use crate::sim::{Motion, TargetSpec, WorldConfig};
use glam::Vec2;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// Most entities (targets and missiles) in one recording.
pub const MAX_ENTITIES: usize = 1000;
/// Largest heading a row may give, in radians (any angle is one within ±π; past this an
/// f32 keeps no fraction of a turn).
pub const MAX_HEADING: f64 = 1.0e6;
/// Most rows read from one recording.
pub const MAX_ROWS: usize = 2_000_000;

/// The columns a recording must have (`algorithm` may be left out).
pub const REQUIRED: [&str; 9] = [
    "tick", "time", "id", "kind", "x", "y", "vx", "vy", "heading",
];

/// A problem in a recording: `file:line: column: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordingError {
    pub file: String,
    /// 1-based; 0 for the whole file, one that cannot be read.
    pub line: u64,
    /// The column, if the problem is in one.
    pub column: Option<String>,
    pub message: String,
}

impl fmt::Display for RecordingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}: ", self.file)?,
            line => write!(f, "{}:{line}: ", self.file)?,
        }
        if let Some(column) = &self.column {
            write!(f, "{column}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for RecordingError {}

/// A whole recording.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// Seconds per tick (from the time column).
    pub dt: f64,
    /// Ticks per second, the whole number `1 / dt` is.
    pub tick_rate: u32,
    /// The file's first tick (world tick 0).
    pub tick0: u64,
    pub tracks: Vec<RecordedTrack>,
}

/// Reads a recording file (a regular file of at most [`crate::files::MAX_READ_BYTES`]).
pub fn load(path: &Path) -> Result<Recording, RecordingError> {
    let file = path.display().to_string();
    let text = crate::files::read_text(path).map_err(|e| RecordingError {
        file: file.clone(),
        line: e.at.map_or(0, |(line, _)| line as u64),
        column: None,
        message: e.message,
    })?;
    parse(&text, &file)
}

/// Parses a recording's text; `file` labels the errors.
pub fn parse(text: &str, file: &str) -> Result<Recording, RecordingError> {
    let at = Place { file };
    let rows = read_rows(text, &at)?;
    assemble(rows, &at)
}

/// The recording streamed rows make: exactly what [`parse`] reads from them written as
/// a file (each row checked the same way, numbers taken as they are: a file's text of
/// a number reads back as that number), without writing and reading the text. `file`
/// labels the errors, which name the line each row would have in the file: the first
/// on `first_line` (2 below a header line), each on its own.
pub fn from_stream<'a>(
    rows: impl IntoIterator<Item = Streamed<'a>>,
    file: &str,
    first_line: u64,
) -> Result<Recording, RecordingError> {
    let at = Place { file };
    let mut out = Vec::new();
    for (k, r) in rows.into_iter().enumerate() {
        let line = first_line + k as u64;
        if out.len() >= MAX_ROWS {
            return Err(at.error(line, None, format!("expected at most {MAX_ROWS} rows")));
        }
        if !r.time.is_finite() {
            let found = format!("expected a finite number, found {}", r.time);
            return Err(at.error(line, Some("time"), found));
        }
        let algorithm = Cow::Borrowed(label_of(r.algorithm.trim()));
        let shown = |k: usize| r.state[k - 4].to_string();
        let row = checked(
            line,
            (r.tick, r.time, r.id),
            r.kind,
            algorithm,
            r.state,
            Event::None,
            shown,
            &at,
        )?;
        out.push(row);
    }
    if out.is_empty() {
        return Err(at.error(1, None, "expected rows after the header, found none".into()));
    }
    assemble(out, &at)
}

/// A recording from its rows read one by one.
fn assemble(rows: Vec<Row<'_>>, at: &Place) -> Result<Recording, RecordingError> {
    let clock = Clock::measure(&rows, at)?;
    let tracks = into_tracks(rows, clock.tick0, at)?;
    for (kind, name) in [(Kind::Target, "target"), (Kind::Missile, "missile")] {
        if !tracks.iter().any(|t| t.kind == kind) {
            return Err(at.error(
                1,
                Some("kind"),
                format!("expected at least one {name}, found none"),
            ));
        }
    }
    Ok(Recording {
        dt: clock.dt,
        tick_rate: clock.tick_rate,
        tick0: clock.tick0,
        tracks,
    })
}

/// The file the errors name.
pub(crate) struct Place<'a> {
    file: &'a str,
}

impl Place<'_> {
    fn error(&self, line: u64, column: Option<&str>, message: String) -> RecordingError {
        RecordingError {
            file: self.file.into(),
            line,
            column: column.map(str::to_string),
            message,
        }
    }
}

/// The recording's fixed tick, measured from its time column.
struct Clock {
    /// The file's first tick.
    tick0: u64,
    dt: f64,
    tick_rate: u32,
}

impl Clock {
    /// Ticks never go back, and every row's time is where a fixed tick of a whole number
    /// per second puts it. `rows` is not empty.
    fn measure(rows: &[Row<'_>], at: &Place) -> Result<Self, RecordingError> {
        let (first, last) = (&rows[0], &rows[rows.len() - 1]);
        for pair in rows.windows(2) {
            if pair[1].tick < pair[0].tick {
                return Err(at.error(
                    pair[1].line,
                    Some("tick"),
                    format!(
                        "ticks must not decrease: tick {} follows tick {}",
                        pair[1].tick, pair[0].tick
                    ),
                ));
            }
        }
        let (tick0, span) = (first.tick, last.tick - first.tick);
        if span == 0 {
            return Err(at.error(
                last.line,
                Some("tick"),
                "expected at least two ticks, found one".into(),
            ));
        }
        // Where a row's time should be at a tick of `dt` ([`on_clock`]).
        let expected = |row: &Row<'_>, dt: f64| first.time + (row.tick - tick0) as f64 * dt;
        let fits = |row: &Row<'_>, dt: f64| on_clock(first.time, row.tick - tick0, dt, row.time);
        let measured = (last.time - first.time) / span as f64;
        let rate = 1.0 / measured;
        let tick_rate = rate.round();
        let dt = 1.0 / tick_rate;
        let fixed_tick = || {
            at.error(
                last.line,
                Some("time"),
                format!("expected a fixed tick of 1/1 to 1/1000 s (a whole number of ticks per second), found {measured} s per tick"),
            )
        };
        // (Times that stand still or run back give an infinite or negative rate, and NaN
        // is in no range.)
        if !(1.0..=1000.0).contains(&tick_rate) {
            return Err(fixed_tick());
        }
        if let Some(row) = rows.iter().find(|r| !fits(r, dt)) {
            // Measured near a whole rate: that row is off (a clock that drifts or jumps).
            // Far from one: the tick itself is not whole (times from a float clock in a
            // short recording measure roughly, and are fine as long as every row fits).
            let near_whole = (rate - tick_rate).abs() <= 1e-3 * tick_rate;
            if !near_whole {
                return Err(fixed_tick());
            }
            return Err(at.error(
                row.line,
                Some("time"),
                format!(
                    "expected {} for tick {} (a fixed tick of {dt} s), found {}, more \
                     than {:.6} s off",
                    expected(row, dt),
                    row.tick,
                    row.time,
                    allowance(dt, expected(row, dt)),
                ),
            ));
        }
        Ok(Self {
            tick0,
            dt,
            tick_rate: tick_rate as u32,
        })
    }
}

/// Whether `time` is where a fixed tick of `dt` puts the tick `ticks` after one at
/// `first`: within [`allowance`].
pub fn on_clock(first: f64, ticks: u64, dt: f64, time: f64) -> bool {
    let expected = first + ticks as f64 * dt;
    (time - expected).abs() <= allowance(dt, expected)
}

/// How far a time `expected` on a clock of tick `dt` may be off: 1% of a tick, or half
/// a millisecond (a game that logs its time rounded to milliseconds) where that is at
/// most a quarter of a tick; plus what a time written as an f32 (a game's float clock)
/// loses in its digits, about 1e-7 of itself.
fn allowance(dt: f64, expected: f64) -> f64 {
    const HALF_A_MILLISECOND: f64 = 0.0005 * (1.0 + 1e-9);
    (0.01 * dt).max(HALF_A_MILLISECOND.min(0.25 * dt)) + 1e-7 * expected.abs()
}

/// The rows gathered into tracks: one per kind and id (targets and missiles are numbered
/// apart), one row per tick, no gaps; in order of kind, then id.
fn into_tracks(
    rows: Vec<Row<'_>>,
    tick0: u64,
    at: &Place,
) -> Result<Vec<RecordedTrack>, RecordingError> {
    // Each track with the tick and the line of its last row, in the order of their first
    // rows, found by kind and id. A game lists its entities in the same order every tick:
    // the track after the last row's is tried first (a live view reads 500,000 rows at
    // each build, and a map's look-up was most of the time it took).
    let mut tracks: Vec<(RecordedTrack, u64, u64)> = Vec::new();
    let mut index: HashMap<(u8, u64), usize> = HashMap::new();
    let mut next = 0;
    for row in rows {
        let tick = row.tick - tick0;
        if tick as usize >= MAX_TRACK_SAMPLES {
            return Err(at.error(
                row.line,
                Some("tick"),
                format!("expected a recording of at most {MAX_TRACK_SAMPLES} ticks"),
            ));
        }
        let key = (row.kind as u8, row.id);
        let found = match tracks.get(next) {
            Some((t, ..)) if (t.kind as u8, t.id) == key => Some(next),
            _ => index.get(&key).copied(),
        };
        let Some(k) = found else {
            if tracks.len() >= MAX_ENTITIES {
                return Err(at.error(
                    row.line,
                    Some("id"),
                    format!("expected at most {MAX_ENTITIES} ids"),
                ));
            }
            index.insert(key, tracks.len());
            let track = RecordedTrack {
                id: row.id,
                kind: row.kind,
                algorithm: row.algorithm.into_owned(),
                line: row.line,
                first: tick,
                samples: vec![row.sample],
                launched: row.event == Event::Launch,
                ended: row.event.ended(),
                missed: row.event.missed(),
            };
            tracks.push((track, tick, row.line));
            next = tracks.len();
            continue;
        };
        let (track, prev, prev_line) = &mut tracks[k];
        if tick == *prev {
            return Err(at.error(
                row.line,
                Some("tick"),
                format!(
                    "{} has two rows for tick {} (lines {prev_line} and {})",
                    label(row.kind, row.id),
                    row.tick,
                    row.line
                ),
            ));
        }
        if tick != *prev + 1 {
            return Err(at.error(
                row.line,
                Some("tick"),
                format!(
                    "{} jumps from tick {} to tick {}: a gap in its track",
                    label(row.kind, row.id),
                    *prev + tick0,
                    row.tick
                ),
            ));
        }
        track.samples.push(row.sample);
        track.ended = row.event.ended();
        track.missed = row.event.missed();
        (*prev, *prev_line) = (tick, row.line);
        next = k + 1;
    }
    let mut tracks: Vec<RecordedTrack> = tracks.into_iter().map(|(t, ..)| t).collect();
    tracks.sort_unstable_by_key(|t| (t.kind as u8, t.id));
    Ok(tracks)
}

/// The scenario a recording opens as: the world fits every track, the targets replay
/// theirs, each missile flies its own as a law registered in the scenario's parameters
/// (`rec-<algorithm>` or `rec-<algorithm>-<id>`), launched so it shows its first sample
/// on its first tick. A missile recorded on the very first tick shows from its second.
pub fn to_scenario(recording: &Recording, file: &str) -> Result<Scenario, String> {
    let mut lo = Vec2::ZERO;
    let mut hi = Vec2::ZERO;
    for s in recording.tracks.iter().flat_map(|t| &t.samples) {
        lo = lo.min(s.pos);
        hi = hi.max(s.pos);
    }
    // The game's own coordinates: the world spans the origin to the largest, and its
    // margin reaches the smallest (a missile leaving the margin ends).
    let size = hi.max(Vec2::splat(100.0));
    let margin = (-lo.min_element()).max(0.0) + 0.25 * size.max_element();
    let dt = recording.dt as f32;
    let mut scenario = Scenario {
        name: format!("recording {file}"),
        description: "A game's recording: its targets replay their tracks, its missiles fly theirs. Select a recorded missile and fly the references from any tick (Inspector).".into(),
        world: WorldConfig {
            width: size.x,
            height: size.y,
            tick_rate: recording.tick_rate as f32,
            margin,
            ..WorldConfig::default()
        },
        ..Scenario::default()
    };
    let mut tuning = Tuning::default();
    let ids = law_ids(recording, file)?;
    let mut missiles = 0;
    for track in &recording.tracks {
        match track.kind {
            Kind::Target => scenario.targets.push(TargetSpec {
                name: track.name(),
                radius: 12.0,
                destructible: false,
                motion: Motion::Track(Track {
                    dt,
                    first: track.first as f32,
                    samples: track.samples.iter().map(|s| (s.pos, s.vel)).collect(),
                }),
                flares: None,
            }),
            Kind::Missile => {
                let law = replay::Replay::new(&ids[&track.id], track, missiles);
                missiles += 1;
                let algorithm: Algorithm = tuning.register(Arc::new(law))?;
                // Launched the tick before its first sample: that tick's move puts it
                // on the sample. On the first tick there is no tick before. A track
                // whose first row is its launch (a steerlab trace's) is launched there.
                let launch_tick = if track.launched {
                    track.first
                } else {
                    track.first.saturating_sub(1)
                };
                scenario.launchers.push(LauncherSpec {
                    name: track.name(),
                    pos: track.samples[0].pos,
                    target: nearest_target(recording, track),
                    algorithms: vec![algorithm],
                    launch_velocity: track.samples[0].vel,
                    first_at: Some(launch_tick as f32 * dt),
                    every: None,
                    salvo: 1,
                    spread: 0.0,
                    missile: MissileSpec {
                        // Its samples, the tick it coasts, and half a tick to spare.
                        lifetime: (track.samples.len() as f32 + 1.5) * dt,
                        fuel: None,
                        radius: 2.0,
                        ..MissileSpec::default()
                    },
                    params: BTreeMap::new(),
                });
            }
        }
    }
    scenario.algorithms = tuning;
    Ok(scenario)
}

/// Each recorded missile's law id, by its id: [`replay::law_id`], with its id added
/// wherever two algorithm columns give the same name (`a b` and `a-b` both give `a-b`),
/// so no two missiles fly as one law. A recording whose ids collide even so (a missile
/// named `x-1` beside two named `x`) is refused, naming both lines.
fn law_ids(recording: &Recording, file: &str) -> Result<BTreeMap<u64, String>, String> {
    let missiles: Vec<&RecordedTrack> = recording
        .tracks
        .iter()
        .filter(|t| t.kind == Kind::Missile)
        .collect();
    let mut counts = BTreeMap::<String, usize>::new();
    for t in &missiles {
        *counts.entry(replay::name_of(&t.algorithm)).or_default() += 1;
    }
    let mut ids = BTreeMap::new();
    let mut taken: BTreeMap<String, &RecordedTrack> = BTreeMap::new();
    for t in missiles {
        let shared = counts[&replay::name_of(&t.algorithm)] > 1;
        let id = replay::law_id(&t.algorithm, t.id, shared);
        if let Some(other) = taken.get(&id) {
            return Err(format!(
                "{file}:{}: algorithm: missile {} (\"{}\") and missile {} (\"{}\", line {}) \
                 would both fly as the law `{id}`: rename one of them",
                t.line,
                t.id,
                crate::core::text::quote(&t.algorithm),
                other.id,
                crate::core::text::quote(&other.algorithm),
                other.line,
            ));
        }
        taken.insert(id.clone(), t);
        ids.insert(t.id, id);
    }
    Ok(ids)
}

/// The target a recorded missile was after: the one nearest its last sample.
/// (A recording always has a target and every track a sample: [`parse`] checks.)
fn nearest_target(recording: &Recording, missile: &RecordedTrack) -> String {
    let end = missile.first + missile.samples.len() as u64 - 1;
    let pos = missile.samples[missile.samples.len() - 1].pos;
    recording
        .tracks
        .iter()
        .filter(|t| t.kind == Kind::Target)
        .filter_map(|t| {
            let at = t.at(end).or_else(|| t.samples.last().copied())?;
            Some((at.pos.distance(pos), t.name()))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or_else(String::new, |(_, name)| name)
}

/// Adds a launcher that flies `algorithms` from recorded missile `missile`'s state at
/// world tick `tick` (its position and velocity then) against the target that missile
/// was after; returns the launcher's index.
pub fn fly_references(
    scenario: &mut Scenario,
    missile: &str,
    tick: u64,
    algorithms: &[Algorithm],
) -> Result<usize, String> {
    if algorithms.is_empty() {
        return Err("choose at least one law to fly".into());
    }
    let launcher = scenario
        .launchers
        .iter()
        .find(|l| l.name == missile)
        .ok_or_else(|| format!("no recorded missile `{missile}`"))?;
    let law = launcher.algorithms[0];
    let track = replay::track_of(&scenario.algorithms, law)
        .ok_or_else(|| format!("`{missile}` is not a recorded missile"))?;
    let sample = track.at(tick).ok_or_else(|| {
        format!(
            "{missile} was recorded from tick {} to {}, not at tick {tick}",
            track.first,
            track.first + track.samples.len() as u64 - 1
        )
    })?;
    let spec = LauncherSpec {
        name: format!("{missile} from tick {tick}"),
        pos: sample.pos,
        target: launcher.target.clone(),
        algorithms: algorithms.to_vec(),
        launch_velocity: sample.vel,
        first_at: Some(tick as f32 / scenario.world.tick_rate),
        every: None,
        salvo: 1,
        spread: 0.0,
        missile: MissileSpec::default(),
        params: BTreeMap::new(),
    };
    scenario.launchers.push(spec);
    Ok(scenario.launchers.len() - 1)
}

/// Whether a path names a recording (by its `.csv` extension) rather than a scenario.
pub fn is_recording(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

/// Why a file did not open.
#[derive(Clone, Debug, PartialEq)]
pub enum OpenError {
    Scenario(crate::scenario::ScenarioErrors),
    Recording(RecordingError),
    /// A recording that reads but does not make a scenario (too many laws, say).
    Other(String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Scenario(e) => e.fmt(f),
            OpenError::Recording(e) => e.fmt(f),
            OpenError::Other(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for OpenError {}

/// Opens what a user names: a scenario file, a recording (`.csv`) as the scenario it
/// makes, or, when no such file exists, a shipped scenario by name (`default`) or a
/// link of the web build (`https://...#s=...`; one carrying scripts opens only in the
/// browser, where its scripts can live).
pub fn open(path: &Path) -> Result<Scenario, OpenError> {
    if path.as_os_str().is_empty() {
        return Err(OpenError::Other(
            "no file named: give a scenario's or a recording's path (or a shipped name such as `default`)"
                .into(),
        ));
    }
    if !crate::files::exists(path) {
        let text = path.to_string_lossy();
        if let Some(shipped) = crate::scenario::presets::shipped(&text) {
            return crate::scenario::parse(shipped, &text).map_err(OpenError::Scenario);
        }
        if let Some((_, fragment)) = text.split_once('#') {
            let linked = crate::scenario::link::decode(fragment).map_err(OpenError::Other)?;
            return linked.scenario(None).map_err(OpenError::Scenario);
        }
    }
    if is_recording(path) {
        let recording = load(path).map_err(OpenError::Recording)?;
        to_scenario(&recording, &path.display().to_string()).map_err(OpenError::Other)
    } else {
        crate::scenario::load(path).map_err(OpenError::Scenario)
    }
}
