//! One game's capture: what it sent, checked as a whole stream (a `hello` first, a frame
//! every tick on a fixed clock, each entity's track without gaps, within a recording's
//! bounds), kept as it came and written as a CSV recording that reopens as one.

use super::protocol::{Entity, FromGame, Hello, Param, ProtocolError, MAX_ENTITIES};
use crate::recording::{
    entity_name, on_clock, Kind, Recording, RecordingError, Streamed, MAX_ROWS,
};
use crate::sim::limits::MAX_TRACK_SAMPLES;
use std::collections::BTreeSet;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

/// Most `applied` kept (the newest): a game may answer as often as it likes.
pub const MAX_APPLIED: usize = 1000;

/// A `set` the game took.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    pub name: String,
    pub value: f64,
    /// The first tick the game flew with it.
    pub tick: u64,
    /// From steerlab sending the `set` to the game saying it took it.
    pub round_trip: Option<Duration>,
}

/// One tick of the game: its time and its entities (shared: a copy of the capture, for
/// a build away from the game's thread, copies no entity).
#[derive(Clone, Debug, PartialEq)]
pub struct FrameRow {
    pub tick: u64,
    pub time: f64,
    pub entities: Arc<[Entity]>,
}

/// Everything one game sent, in order.
#[derive(Clone, Debug)]
pub struct Capture {
    pub hello: Option<Hello>,
    /// Its parameters, with the values it last said it flies.
    pub params: Vec<Param>,
    pub frames: Vec<FrameRow>,
    pub applied: Vec<Applied>,
    /// Rows (entities over every frame) held.
    rows: usize,
    /// Entities in the last frame, by kind and id.
    present: BTreeSet<(u8, u64)>,
    /// Entities that were in a frame and left.
    gone: BTreeSet<(u8, u64)>,
    /// How many entities have been seen.
    seen: usize,
    /// Whether the game said goodbye.
    pub said_bye: bool,
    /// Most rows it holds ([`MAX_ROWS`], a recording's bound).
    max_rows: usize,
}

impl Default for Capture {
    fn default() -> Self {
        Self::holding(MAX_ROWS)
    }
}

fn key(entity: &Entity) -> (u8, u64) {
    (entity.kind as u8, entity.id)
}

impl Capture {
    /// An empty capture that holds at most `max_rows` rows.
    pub fn holding(max_rows: usize) -> Self {
        Self {
            hello: None,
            params: Vec::new(),
            frames: Vec::new(),
            applied: Vec::new(),
            rows: 0,
            present: BTreeSet::new(),
            gone: BTreeSet::new(),
            seen: 0,
            said_bye: false,
            max_rows,
        }
    }

    /// The game's name (`game` until it says hello).
    pub fn name(&self) -> &str {
        self.hello.as_ref().map_or("game", |h| h.game.as_str())
    }

    /// The last tick captured.
    pub fn last_tick(&self) -> Option<u64> {
        self.frames.last().map(|f| f.tick)
    }

    /// Lets go of the frames (their memory), keeping the game's name and parameters.
    pub fn let_go(&mut self) {
        self.frames = Vec::new();
        self.rows = 0;
    }

    /// Rows held: entities over every frame.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Takes one message from the game, if it fits the stream so far; `round_trip` is
    /// the time since the matching `set` went out (for an `applied`).
    pub fn take(
        &mut self,
        message: FromGame,
        round_trip: Option<Duration>,
    ) -> Result<(), ProtocolError> {
        if self.said_bye {
            return Err(ProtocolError::new("type", "expected nothing after bye"));
        }
        match message {
            FromGame::Hello(hello) => {
                if self.hello.is_some() {
                    return Err(ProtocolError::new(
                        "type",
                        "expected one hello, found a second",
                    ));
                }
                self.hello = Some(hello);
                return Ok(());
            }
            _ if self.hello.is_none() => {
                return Err(ProtocolError::new(
                    "type",
                    "expected hello first (the game's name, tick rate and protocol version)",
                ));
            }
            FromGame::Params(params) => self.params = params,
            FromGame::Frame(frame) => self.frame(frame.tick, frame.time, frame.entities)?,
            FromGame::Applied { name, value, tick } => {
                let Some(param) = self.params.iter_mut().find(|p| p.name == name) else {
                    return Err(ProtocolError::new(
                        "name",
                        format!(
                            "expected a declared parameter, found `{}`",
                            crate::core::text::quote(&name)
                        ),
                    ));
                };
                param.value = value;
                if self.applied.len() >= MAX_APPLIED {
                    self.applied.remove(0);
                }
                self.applied.push(Applied {
                    name,
                    value,
                    tick,
                    round_trip,
                });
            }
            FromGame::Bye => self.said_bye = true,
        }
        Ok(())
    }

    fn frame(&mut self, tick: u64, time: f64, entities: Vec<Entity>) -> Result<(), ProtocolError> {
        let rate = self.hello.as_ref().map_or(60, |h| h.tick_rate);
        if let (Some(first), Some(last)) = (self.frames.first(), self.frames.last()) {
            if tick != last.tick + 1 {
                return Err(ProtocolError::new(
                    "tick",
                    format!(
                        "expected tick {} (a frame every tick), found {tick}",
                        last.tick + 1
                    ),
                ));
            }
            let ticks = tick - first.tick;
            if ticks as usize >= MAX_TRACK_SAMPLES {
                return Err(ProtocolError::new(
                    "tick",
                    format!(
                        "the capture is full ({MAX_TRACK_SAMPLES} ticks): save it and reconnect"
                    ),
                ));
            }
            let dt = 1.0 / f64::from(rate);
            if !on_clock(first.time, ticks, dt, time) {
                return Err(ProtocolError::new(
                    "time",
                    format!(
                        "expected {} for tick {tick} ({rate} ticks per second from {} at tick {}), found {time}",
                        first.time + ticks as f64 * dt,
                        first.time,
                        first.tick
                    ),
                ));
            }
        }
        if self.rows + entities.len() > self.max_rows {
            return Err(ProtocolError::new(
                "entities",
                format!(
                    "the capture is full ({} rows): save it and reconnect",
                    self.max_rows
                ),
            ));
        }
        let now: BTreeSet<(u8, u64)> = entities.iter().map(key).collect();
        for (k, entity) in entities.iter().enumerate() {
            let key = key(entity);
            if self.gone.contains(&key) {
                return Err(ProtocolError::new(
                    format!("entities[{k}].id"),
                    format!(
                        "{} left and came back: give a new entity a new id",
                        entity_name(entity.kind, entity.id)
                    ),
                ));
            }
            if !self.present.contains(&key) {
                self.seen += 1;
                if self.seen > MAX_ENTITIES {
                    return Err(ProtocolError::new(
                        format!("entities[{k}].id"),
                        format!("expected at most {MAX_ENTITIES} entities in one game"),
                    ));
                }
            }
        }
        self.gone.extend(self.present.difference(&now).copied());
        self.present = now;
        self.rows += entities.len();
        self.frames.push(FrameRow {
            tick,
            time,
            entities: entities.into(),
        });
        Ok(())
    }

    /// Whether the capture holds a target and a missile, and rows on two ticks or more
    /// (what a recording needs to open: its clock is measured from its rows).
    pub fn is_recording(&self) -> bool {
        let has = |kind: Kind| {
            self.frames
                .iter()
                .any(|f| f.entities.iter().any(|e| e.kind == kind))
        };
        let mut with_rows = self.frames.iter().filter(|f| !f.entities.is_empty());
        let first = with_rows.next().map(|f| f.tick);
        let last = with_rows.next_back().map(|f| f.tick);
        first.is_some() && last.is_some() && has(Kind::Target) && has(Kind::Missile)
    }

    /// Writes the capture as a CSV recording: comment lines naming the game, its
    /// parameters and the `set`s it took, then one row per entity per tick with the
    /// numbers exactly as sent.
    pub fn write_csv(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "# steerlab live capture: {}, {} ticks per second",
            self.name(),
            self.hello.as_ref().map_or(60, |h| h.tick_rate)
        )?;
        for p in &self.params {
            writeln!(
                out,
                "# param {} = {} ({} to {}, default {}{}{})",
                p.name,
                p.value,
                p.min,
                p.max,
                p.default,
                if p.unit.is_empty() { "" } else { ", " },
                p.unit
            )?;
        }
        for a in &self.applied {
            writeln!(
                out,
                "# applied {} = {} from tick {}",
                a.name, a.value, a.tick
            )?;
        }
        let mut csv = csv::Writer::from_writer(out);
        csv.write_record([
            "tick",
            "time",
            "id",
            "kind",
            "algorithm",
            "x",
            "y",
            "vx",
            "vy",
            "heading",
            "ax",
            "ay",
            "seen_x",
            "seen_y",
        ])?;
        let pair = |p: Option<[f64; 2]>| {
            p.map_or([String::new(), String::new()], |[a, b]| {
                [a.to_string(), b.to_string()]
            })
        };
        for frame in &self.frames {
            for e in frame.entities.iter() {
                let [ax, ay] = pair(e.accel);
                let [sx, sy] = pair(e.seen);
                let kind = match e.kind {
                    Kind::Target => "target",
                    Kind::Missile => "missile",
                };
                csv.write_record([
                    frame.tick.to_string(),
                    frame.time.to_string(),
                    e.id.to_string(),
                    kind.to_string(),
                    e.label.clone(),
                    e.x.to_string(),
                    e.y.to_string(),
                    e.vx.to_string(),
                    e.vy.to_string(),
                    e.heading.to_string(),
                    ax,
                    ay,
                    sx,
                    sy,
                ])?;
            }
        }
        csv.flush()
    }

    /// The capture as the recording its CSV file (written now) reads as
    /// ([`crate::recording::parse`]), its lines too, made straight from the frames (no
    /// text between: a build of the live view reads a growing capture again and again).
    pub fn recording(&self, file: &str) -> Result<Recording, RecordingError> {
        self.recording_since(0, file)
    }

    /// The capture from frame `first` on as a recording (its first tick that frame's),
    /// its errors naming the lines those rows have in the capture's file.
    pub fn recording_since(&self, first: usize, file: &str) -> Result<Recording, RecordingError> {
        let frames = self.frames.get(first..).unwrap_or_default();
        let rows = frames.iter().flat_map(|frame| {
            frame.entities.iter().map(move |e| Streamed {
                tick: frame.tick,
                time: frame.time,
                id: e.id,
                kind: e.kind,
                algorithm: &e.label,
                state: [e.x, e.y, e.vx, e.vy, e.heading],
            })
        });
        // Below the comment lines and the header [`Capture::write_csv`] writes, and the
        // rows of the frames before.
        let before: usize = self.frames[..first.min(self.frames.len())]
            .iter()
            .map(|f| f.entities.len())
            .sum();
        let first_line = 3 + (self.params.len() + self.applied.len() + before) as u64;
        crate::recording::from_stream(rows, file, first_line)
    }

    /// The first frame of the newest frames holding at most `rows` rows in all (the
    /// newest frame always, however many it holds).
    pub fn newest(&self, rows: usize) -> usize {
        let mut held = 0;
        for (k, frame) in self.frames.iter().enumerate().rev() {
            held += frame.entities.len();
            if held > rows && k + 1 < self.frames.len() {
                return k + 1;
            }
        }
        0
    }

    /// The capture as CSV text.
    pub fn csv_text(&self) -> String {
        let mut bytes = Vec::new();
        self.write_csv(&mut bytes).expect("writing to memory");
        String::from_utf8(bytes).expect("the capture's text is UTF-8")
    }
}
