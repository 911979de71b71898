//! One row of a recording, read from a line of its file or streamed by the live link,
//! and checked on its own: its columns, its numbers and their bounds, its kind and its
//! `event`. What the rows make together (the clock, the tracks) is the module's.

use super::{Kind, Place, RecordingError, Sample, MAX_HEADING, MAX_ROWS, REQUIRED};
use crate::sim::limits::{MAX_COORD, MAX_SPEED};
use crate::sim::MissReason;
use glam::Vec2;
use std::borrow::Cow;

pub(super) struct Row<'a> {
    pub(super) line: u64,
    pub(super) tick: u64,
    pub(super) time: f64,
    pub(super) id: u64,
    pub(super) kind: Kind,
    /// Its first 40 characters ([`label_of`]), borrowed from a streamed row.
    pub(super) algorithm: Cow<'a, str>,
    pub(super) sample: Sample,
    /// The `event` column (steerlab's traces): `launch`, how a flight ended, or empty.
    pub(super) event: Event,
}

/// What a row's `event` column says of its entity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Event {
    None,
    /// Where it started: it is launched on this row's tick.
    Launch,
    /// Its last row: its flight (or life) ended on this tick; a miss, if the word
    /// names one ([`MissReason::id`]: `left-world`, `detonated`, ...).
    End(Option<MissReason>),
}

impl Event {
    /// Whether it says the flight ended on this row.
    pub(super) fn ended(self) -> bool {
        matches!(self, Event::End(_))
    }

    /// The miss it names, if any.
    pub(super) fn missed(self) -> Option<MissReason> {
        match self {
            Event::End(missed) => missed,
            Event::None | Event::Launch => None,
        }
    }
}

/// The `algorithm` column as a recording keeps it: its first 40 characters.
pub(super) fn label_of(algorithm: &str) -> &str {
    match algorithm.char_indices().nth(40) {
        Some((end, _)) => &algorithm[..end],
        None => algorithm,
    }
}

/// One entity's state at a tick as a live link streams it: a recording's row without a
/// file between (the `algorithm` column is its label; no `event`).
#[derive(Clone, Copy, Debug)]
pub struct Streamed<'a> {
    pub tick: u64,
    pub time: f64,
    pub id: u64,
    pub kind: Kind,
    pub algorithm: &'a str,
    /// x, y, vx, vy, heading.
    pub state: [f64; 5],
}

/// Every row of the file in order, each checked on its own (a launch that was refused,
/// a `launcher` or `turret` row, is skipped: nothing flew).
pub(super) fn read_rows(text: &str, at: &Place) -> Result<Vec<Row<'static>>, RecordingError> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(true)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| at.error(1, None, format!("cannot read the header line: {e}")))?
        .clone();
    let columns = Columns::find(&headers, at)?;
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            at.error(line, None, format!("cannot read the row: {e}"))
        })?;
        let line = record.position().map_or(0, |p| p.line());
        if rows.len() >= MAX_ROWS {
            return Err(at.error(line, None, format!("expected at most {MAX_ROWS} rows")));
        }
        if let Some(row) = columns.row(&record, line, at)? {
            rows.push(row);
        }
    }
    if rows.is_empty() {
        return Err(at.error(1, None, "expected rows after the header, found none".into()));
    }
    Ok(rows)
}

/// Where each column is in the file.
struct Columns {
    /// The [`REQUIRED`] columns, in that order.
    required: Vec<usize>,
    algorithm: Option<usize>,
    event: Option<usize>,
}

impl Columns {
    fn find(headers: &csv::StringRecord, at: &Place) -> Result<Self, RecordingError> {
        let index = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
        let missing: Vec<&str> = REQUIRED
            .iter()
            .copied()
            .filter(|c| index(c).is_none())
            .collect();
        if !missing.is_empty() {
            return Err(at.error(
                1,
                None,
                format!(
                    "expected the columns {}, missing: {}",
                    REQUIRED.join(","),
                    missing.join(", ")
                ),
            ));
        }
        Ok(Self {
            required: REQUIRED.iter().map(|c| index(c).unwrap_or(0)).collect(),
            algorithm: index("algorithm"),
            event: index("event"),
        })
    }

    /// One row read and checked; `None` for a row of a launcher or turret.
    fn row(
        &self,
        record: &csv::StringRecord,
        line: u64,
        at: &Place,
    ) -> Result<Option<Row<'static>>, RecordingError> {
        let cell = |k: usize| record.get(self.required[k]).unwrap_or("");
        let number = |k: usize| -> Result<f64, RecordingError> {
            let text = cell(k);
            let shown: String = text.chars().take(40).collect();
            let v: f64 = text.parse().map_err(|_| {
                at.error(
                    line,
                    Some(REQUIRED[k]),
                    format!("expected a number, found \"{}\"", shown.escape_debug()),
                )
            })?;
            if v.is_finite() {
                Ok(v)
            } else {
                Err(at.error(
                    line,
                    Some(REQUIRED[k]),
                    format!("expected a finite number, found {shown}"),
                ))
            }
        };
        let whole = |k: usize| -> Result<u64, RecordingError> {
            let text = cell(k);
            text.parse().map_err(|_| {
                let shown: String = text.chars().take(40).collect();
                at.error(
                    line,
                    Some(REQUIRED[k]),
                    format!(
                        "expected a whole number of 0 or more, found \"{}\"",
                        shown.escape_debug()
                    ),
                )
            })
        };
        let kind = match cell(3).to_ascii_lowercase().as_str() {
            "target" => Kind::Target,
            "missile" => Kind::Missile,
            // A steerlab trace's launch refused for want of a solution: nothing flew.
            "launcher" | "turret" => return Ok(None),
            other => {
                let shown: String = other.chars().take(40).collect();
                return Err(at.error(
                    line,
                    Some("kind"),
                    format!(
                        "expected target or missile, found \"{}\"",
                        shown.escape_debug()
                    ),
                ));
            }
        };
        let state = [number(4)?, number(5)?, number(6)?, number(7)?, number(8)?];
        let algorithm = self.algorithm.and_then(|k| record.get(k)).unwrap_or("");
        let algorithm = Cow::Owned(label_of(algorithm).to_owned());
        let event = match self.event.and_then(|k| record.get(k)).unwrap_or("") {
            "" => Event::None,
            "launch" => Event::Launch,
            word => Event::End(MissReason::from_id(word)),
        };
        let shown = |k: usize| cell(k).to_string();
        let (tick, time, id) = (whole(0)?, number(1)?, whole(2)?);
        checked(
            line,
            (tick, time, id),
            kind,
            algorithm,
            state,
            event,
            shown,
            at,
        )
        .map(Some)
    }
}

/// A row whose numbers are read, checked against their bounds (`shown(column)` gives a
/// value as the file has it, for the message).
#[allow(clippy::too_many_arguments)]
pub(super) fn checked<'a>(
    line: u64,
    (tick, time, id): (u64, f64, u64),
    kind: Kind,
    algorithm: Cow<'a, str>,
    [x, y, vx, vy, heading]: [f64; 5],
    event: Event,
    shown: impl Fn(usize) -> String,
    at: &Place,
) -> Result<Row<'a>, RecordingError> {
    // Each column's bound and how a value past it is described (only when one is:
    // every row of a live capture is checked again at each build of its view).
    let coordinate = || format!("a coordinate within ±{MAX_COORD}");
    let speed = || format!("a speed up to {MAX_SPEED}");
    let bounds: [(usize, f64, f64, &dyn Fn() -> String); 5] = [
        (4, x, f64::from(MAX_COORD), &coordinate),
        (5, y, f64::from(MAX_COORD), &coordinate),
        (8, heading, MAX_HEADING, &|| {
            format!("radians within ±{MAX_HEADING}")
        }),
        (6, vx, f64::from(MAX_SPEED), &speed),
        (7, vy, f64::from(MAX_SPEED), &speed),
    ];
    for (k, v, bound, expected) in bounds {
        // Not within the bound (a NaN is not either).
        if v.is_nan() || v.abs() > bound {
            return Err(at.error(
                line,
                Some(REQUIRED[k]),
                format!(
                    "expected {}, found {}",
                    expected(),
                    crate::core::text::quote(&shown(k))
                ),
            ));
        }
    }
    Ok(Row {
        line,
        tick,
        time,
        id,
        kind,
        algorithm,
        event,
        sample: Sample {
            pos: Vec2::new(x as f32, y as f32),
            vel: Vec2::new(vx as f32, vy as f32),
            heading: heading as f32,
        },
    })
}
