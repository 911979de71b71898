//! A recording made from streamed rows (the live link's capture, no file between) is
//! the recording the same rows read from a file would be, and a bad row is refused the
//! same way, naming its line and column.

use steerlab_scenario::recording::{self, from_stream, Kind, Streamed};

/// Two ticks of a target and a missile, with awkward numbers and a padded label.
fn rows() -> Vec<Streamed<'static>> {
    let mut rows = Vec::new();
    for tick in 0..3u64 {
        let t = tick as f64 / 60.0;
        rows.push(Streamed {
            tick,
            time: t,
            id: 1,
            kind: Kind::Target,
            algorithm: "",
            state: [0.1 + 0.2 + tick as f64, -0.0, 30.0, 0.0, 0.0],
        });
        rows.push(Streamed {
            tick,
            time: t,
            id: 7,
            kind: Kind::Missile,
            algorithm: "  pn aug ",
            state: [
                1.0 / 3.0,
                123456.78901234567 + tick as f64,
                150.0,
                -2.5,
                0.7,
            ],
        });
    }
    rows
}

const HEADER: &str = "tick,time,id,kind,algorithm,x,y,vx,vy,heading\n";

/// The rows as a file writes them (Rust's shortest text of each number).
fn as_text(rows: &[Streamed]) -> String {
    let mut text = HEADER.to_string();
    for r in rows {
        let kind = match r.kind {
            Kind::Target => "target",
            Kind::Missile => "missile",
        };
        let [x, y, vx, vy, h] = r.state;
        text += &format!(
            "{},{},{},{kind},{},{x},{y},{vx},{vy},{h}\n",
            r.tick, r.time, r.id, r.algorithm
        );
    }
    text
}

#[test]
fn streamed_rows_make_the_recording_their_file_reads_as() {
    let direct = from_stream(rows(), "live", 2).unwrap();
    let read = recording::parse(&as_text(&rows()), "live").unwrap();
    assert_eq!(direct, read);
    // Checked by hand: the missile's label is trimmed, its first y kept to f32.
    let missile = direct.tracks.iter().find(|t| t.id == 7).unwrap();
    assert_eq!(missile.algorithm, "pn aug");
    assert_eq!(missile.samples[0].pos.y, 123456.79_f32);
    assert_eq!((direct.tick_rate, direct.tick0), (60, 0));
    // Below three comment lines and the header, the rows start on line 5.
    let lines: Vec<u64> = from_stream(rows(), "live", 5)
        .unwrap()
        .tracks
        .iter()
        .map(|t| t.line)
        .collect();
    assert_eq!(lines, [5, 6]);
}

#[test]
fn a_row_past_a_bound_is_refused_naming_its_line_and_column() {
    let mut bad = rows();
    // Row 4 of the stream: line 5, the header being line 1.
    bad[3].state[0] = 2.0e7;
    let e = from_stream(bad.clone(), "live: game", 2).unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("live: game", 5));
    assert_eq!(e.column.as_deref(), Some("x"));
    assert_eq!(
        e.message,
        "expected a coordinate within ±10000000, found 20000000"
    );
    // The file with the same row says the same.
    let read = recording::parse(&as_text(&bad), "live: game").unwrap_err();
    assert_eq!(read, e);
}

#[test]
fn a_not_a_number_or_an_endless_time_is_refused() {
    let mut bad = rows();
    bad[1].state[4] = f64::NAN;
    let e = from_stream(bad, "live", 2).unwrap_err();
    assert_eq!((e.line, e.column.as_deref()), (3, Some("heading")));
    assert_eq!(e.message, "expected radians within ±1000000, found NaN");
    let mut bad = rows();
    bad[2].time = f64::INFINITY;
    let e = from_stream(bad, "live", 2).unwrap_err();
    assert_eq!((e.line, e.column.as_deref()), (4, Some("time")));
    assert_eq!(e.message, "expected a finite number, found inf");
}

#[test]
fn no_rows_make_no_recording() {
    let e = from_stream(Vec::new(), "live", 2).unwrap_err();
    assert_eq!(e.line, 1);
    assert_eq!(e.message, "expected rows after the header, found none");
}

#[test]
fn a_stream_without_a_missile_or_without_a_target_is_refused() {
    let targets: Vec<Streamed> = rows()
        .into_iter()
        .filter(|r| r.kind == Kind::Target)
        .collect();
    let e = from_stream(targets, "live", 2).unwrap_err();
    assert_eq!((e.line, e.column.as_deref()), (1, Some("kind")));
    assert_eq!(e.message, "expected at least one missile, found none");
    let missiles: Vec<Streamed> = rows()
        .into_iter()
        .filter(|r| r.kind == Kind::Missile)
        .collect();
    let e = from_stream(missiles, "live", 2).unwrap_err();
    assert_eq!(e.message, "expected at least one target, found none");
}
