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

/// A row of entity `id` of `kind` at `tick`, its x telling them apart: the id times 100
/// plus the tick.
fn at(tick: u64, kind: Kind, id: u64) -> Streamed<'static> {
    Streamed {
        tick,
        time: tick as f64 / 60.0,
        id,
        kind,
        algorithm: "",
        state: [(id * 100 + tick) as f64, 0.0, 10.0, 0.0, 0.0],
    }
}

#[test]
fn entities_listed_in_any_order_make_one_track_each_in_order_of_kind_and_id() {
    use Kind::{Missile as M, Target as T};
    // Tick 0 in one order, tick 1 reversed (and a missile first seen there), tick 2
    // shuffled; a target and a missile share id 3.
    let order: [&[(Kind, u64)]; 3] = [
        &[(M, 9), (T, 3), (M, 3), (T, 1)],
        &[(T, 1), (M, 3), (M, 5), (T, 3), (M, 9)],
        &[(M, 5), (T, 3), (M, 9), (T, 1), (M, 3)],
    ];
    let rows: Vec<Streamed> = (0..3u64)
        .flat_map(|tick| {
            order[tick as usize]
                .iter()
                .map(move |&(k, id)| at(tick, k, id))
        })
        .collect();
    for recording in [
        from_stream(rows.clone(), "live", 2).unwrap(),
        recording::parse(&as_text(&rows), "live").unwrap(),
    ] {
        let tracks: Vec<(Kind, u64, u64, Vec<f32>)> = (recording.tracks.iter())
            .map(|t| {
                let xs = t.samples.iter().map(|s| s.pos.x).collect();
                (t.kind, t.id, t.first, xs)
            })
            .collect();
        assert_eq!(
            tracks,
            [
                (T, 1, 0, vec![100.0, 101.0, 102.0]),
                (T, 3, 0, vec![300.0, 301.0, 302.0]),
                (M, 3, 0, vec![300.0, 301.0, 302.0]),
                (M, 5, 1, vec![501.0, 502.0]),
                (M, 9, 0, vec![900.0, 901.0, 902.0]),
            ]
        );
        // Each track's first line: rows 0, 1, 2, 3 of tick 0 on lines 2-5, and
        // missile 5 the third row of tick 1 (line 8).
        let lines: Vec<u64> = recording.tracks.iter().map(|t| t.line).collect();
        assert_eq!(lines, [5, 3, 4, 8, 2]);
    }
}

#[test]
fn a_second_row_for_a_tick_is_refused_wherever_it_is_listed() {
    use Kind::{Missile as M, Target as T};
    // Missile 3 twice at tick 1: right after its row there, and after the target's.
    for (second, line) in [
        (&[(T, 1), (M, 3), (M, 3)][..], 6),
        (&[(M, 3), (T, 1), (M, 3)], 6),
    ] {
        let mut rows = vec![at(0, T, 1), at(0, M, 3)];
        rows.extend(second.iter().map(|&(k, id)| at(1, k, id)));
        let e = from_stream(rows, "live", 2).unwrap_err();
        assert_eq!((e.line, e.column.as_deref()), (line, Some("tick")));
        assert!(
            e.message.contains("missile 3 has two rows for tick 1"),
            "{e}"
        );
    }
}

#[test]
fn a_label_keeps_its_first_40_characters_counted_as_characters() {
    // 45 two-byte characters, padded: the first 40 kept, in a stream as in a file; 40
    // are all kept.
    let long = format!("  {}  ", "é".repeat(45));
    for (label, kept) in [(long, "é".repeat(40)), ("x".repeat(40), "x".repeat(40))] {
        let rows = rows_labelled(label);
        let direct = from_stream(rows.clone(), "live", 2).unwrap();
        let read = recording::parse(&as_text(&rows), "live").unwrap();
        for recording in [direct, read] {
            let missile = recording.tracks.iter().find(|t| t.id == 7).unwrap();
            assert_eq!(missile.algorithm, kept);
        }
    }
}

/// [`rows`] with the missile labelled `label`.
fn rows_labelled(label: String) -> Vec<Streamed<'static>> {
    let label: &'static str = Box::leak(label.into_boxed_str());
    let mut rows = rows();
    for r in rows.iter_mut().filter(|r| r.kind == Kind::Missile) {
        r.algorithm = label;
    }
    rows
}
