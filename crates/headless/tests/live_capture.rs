//! A game's stream as a capture (docs/live.md): hello first and a frame every tick on
//! its clock, the bounds of a capture, the newest frames a view reads, and that a capture
//! writes the numbers exactly as sent and reopens as a recording; random frames (fuzz).

mod live_lines;

use live_lines::{frame, missile, target, HELLO};
use steerlab_headless::live::capture::Capture;
use steerlab_headless::live::protocol::{parse, ProtocolError};
use steerlab_headless::recording::{self, Kind};

/// A capture fed lines in order; the first problem.
fn feed(lines: &[String]) -> (Capture, Option<ProtocolError>) {
    let mut capture = Capture::default();
    for line in lines {
        if let Err(e) = parse(line).and_then(|m| capture.take(m, None)) {
            return (capture, Some(e));
        }
    }
    (capture, None)
}

#[test]
fn a_stream_must_say_hello_first_and_send_a_frame_every_tick_on_its_clock() {
    let (_, e) = feed(&[frame(0, 0.0, &target(1, 0.0))]);
    assert!(e.unwrap().message.starts_with("expected hello first"));
    let (_, e) = feed(&[HELLO.into(), HELLO.into()]);
    assert_eq!(e.unwrap().message, "expected one hello, found a second");
    let (c, e) = feed(&[
        HELLO.into(),
        frame(5, 1.0, &target(1, 0.0)),
        frame(7, 1.0 + 2.0 / 60.0, &target(1, 0.0)),
    ]);
    let e = e.unwrap();
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("tick", "expected tick 6 (a frame every tick), found 7")
    );
    assert_eq!(c.frames.len(), 1, "the good frame is kept");
    let (_, e) = feed(&[
        HELLO.into(),
        frame(5, 1.0, &target(1, 0.0)),
        frame(6, 1.1, &target(1, 0.0)),
    ]);
    let e = e.unwrap();
    assert_eq!(e.field, "time");
    assert!(e.message.starts_with("expected 1.0166666666666666 for tick 6 (60 ticks per second from 1 at tick 5), found 1.1"), "{e}");
    // Within 1% of a tick is on the clock (a float clock's rounding).
    let (c, e) = feed(&[
        HELLO.into(),
        frame(5, 1.0, &target(1, 0.0)),
        frame(6, 1.0 + 1.0 / 60.0 + 0.009 / 60.0, &target(1, 0.0)),
    ]);
    assert_eq!((c.frames.len(), e), (2, None));
    let (_, e) = feed(&[HELLO.into(), r#"{"type":"bye"}"#.into(), frame(0, 0.0, "")]);
    assert_eq!(e.unwrap().message, "expected nothing after bye");
    let (_, e) = feed(&[
        HELLO.into(),
        r#"{"type":"applied","name":"gain","value":1,"tick":0}"#.into(),
    ]);
    let e = e.unwrap();
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("name", "expected a declared parameter, found `gain`")
    );
}

#[test]
fn a_capture_keeps_the_newest_thousand_sets_the_game_took() {
    let mut c = Capture::default();
    c.take(parse(HELLO).unwrap(), None).unwrap();
    c.take(
        parse(r#"{"type":"params","params":[{"name":"g","min":0,"max":5000,"default":0}]}"#)
            .unwrap(),
        None,
    )
    .unwrap();
    for k in 0..1001 {
        let line = format!(r#"{{"type":"applied","name":"g","value":{k},"tick":0}}"#);
        c.take(parse(&line).unwrap(), None).unwrap();
    }
    assert_eq!(c.applied.len(), 1000);
    assert_eq!((c.applied[0].value, c.applied[999].value), (1.0, 1000.0));
    c.let_go();
    assert_eq!((c.frames.len(), c.rows(), c.name()), (0, 0, "Skirmish"));
}

#[test]
fn a_full_capture_refuses_the_frame_that_would_overflow_it_and_keeps_the_rest() {
    let mut capture = Capture::holding(5);
    capture.take(parse(HELLO).unwrap(), None).unwrap();
    let two = format!("{},{}", target(1, 0.0), missile(7, 0.0));
    for t in 0..2 {
        let m = parse(&frame(t, t as f64 / 60.0, &two)).unwrap();
        capture.take(m, None).unwrap();
    }
    // 4 rows held: one more fits exactly, two more do not.
    let e = capture
        .take(parse(&frame(2, 2.0 / 60.0, &two)).unwrap(), None)
        .unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        (
            "entities",
            "the capture is full (5 rows): save it and reconnect"
        )
    );
    assert_eq!((capture.rows(), capture.last_tick()), (4, Some(1)));
    let one = parse(&frame(2, 2.0 / 60.0, &target(1, 0.0))).unwrap();
    capture.take(one, None).unwrap();
    assert_eq!((capture.rows(), capture.last_tick()), (5, Some(2)));
    assert_eq!(Capture::default().last_tick(), None);
}

#[test]
fn an_entity_that_left_does_not_come_back_and_a_game_has_at_most_1000() {
    let (c, e) = feed(&[
        HELLO.into(),
        frame(0, 0.0, &format!("{},{}", target(1, 0.0), missile(7, 0.0))),
        frame(1, 1.0 / 60.0, &target(1, 0.0)),
        frame(
            2,
            2.0 / 60.0,
            &format!("{},{}", target(1, 0.0), missile(7, 0.0)),
        ),
    ]);
    let e = e.unwrap();
    assert_eq!(e.field, "entities[1].id");
    assert_eq!(
        e.message,
        "missile 7 left and came back: give a new entity a new id"
    );
    assert_eq!(c.frames.len(), 2);
    // 1000 different entities over a game are fine; the 1001st is refused.
    let mut lines = vec![HELLO.to_string()];
    for t in 0..11u64 {
        let ids: Vec<String> = (0..100).map(|k| missile(t * 100 + k, 0.0)).collect();
        lines.push(frame(t, t as f64 / 60.0, &ids.join(",")));
    }
    let (c, e) = feed(&lines);
    assert_eq!(c.frames.len(), 10);
    let e = e.unwrap();
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        (
            "entities[0].id",
            "expected at most 1000 entities in one game"
        )
    );
}

#[test]
fn the_newest_frames_within_a_number_of_rows_and_their_recording() {
    // Five ticks of a target and a missile (two rows each); a third entity from tick 3.
    let mut lines = vec![HELLO.to_string()];
    for t in 0..5u64 {
        let mut list = format!("{},{}", target(1, t as f64), missile(2, 10.0 * t as f64));
        if t >= 3 {
            list += &format!(",{}", target(3, 50.0));
        }
        lines.push(frame(t, t as f64 / 60.0, &list));
    }
    let (c, e) = feed(&lines);
    assert_eq!(e, None);
    // From the end: 3 rows (tick 4), 6 (ticks 3-4), 8 (2-4), 10 (1-4), 12 (all).
    assert_eq!(c.newest(100), 0);
    assert_eq!(c.newest(12), 0);
    assert_eq!(c.newest(11), 1);
    assert_eq!(c.newest(8), 2);
    assert_eq!(c.newest(7), 3);
    assert_eq!(c.newest(6), 3);
    assert_eq!(c.newest(5), 4);
    // The newest frame always, however many rows it holds.
    assert_eq!(c.newest(0), 4);
    let r = c.recording_since(3, "capture.csv").unwrap();
    assert_eq!(r.tick0, 3);
    let firsts: Vec<(u64, u64, usize)> = r
        .tracks
        .iter()
        .map(|t| (t.id, t.first, t.samples.len()))
        .collect();
    assert_eq!(firsts.len(), 3);
    assert!(firsts.iter().all(|&(_, first, len)| (first, len) == (0, 2)));
    // Their lines are the lines of the capture's file: tick 3's first row.
    let text = c.csv_text();
    let line = text.lines().position(|l| l.starts_with("3,")).unwrap() as u64 + 1;
    assert_eq!(r.tracks.iter().map(|t| t.line).min(), Some(line));
    // From the first frame, the whole capture's recording; past the end, nothing.
    assert_eq!(
        c.recording_since(0, "capture.csv"),
        c.recording("capture.csv")
    );
    assert!(c.recording_since(9, "capture.csv").is_err());
}

#[test]
fn a_capture_writes_the_numbers_as_sent_and_reopens_as_a_recording() {
    // Numbers whose shortest forms are long, negative zero, and a label with a comma.
    let xs = [0.1 + 0.2, -0.0, 1.0 / 3.0, 123456.78901234567, 5e-324];
    let mut lines = vec![
        HELLO.to_string(),
        r#"{"type":"params","params":[{"name":"gain","min":0,"max":20,"default":2,"unit":"1/s"}]}"#
            .into(),
    ];
    for (t, x) in xs.iter().enumerate() {
        let m = format!(
            r#"{{"id":7,"kind":"missile","label":"pn, aug","x":{x:?},"y":0,"vx":150,"vy":0,"heading":0}}"#
        );
        lines.push(frame(
            t as u64,
            t as f64 * (1.0 / 60.0),
            &format!("{},{m}", target(1, *x)),
        ));
    }
    lines.push(r#"{"type":"applied","name":"gain","value":6,"tick":3}"#.into());
    let (c, e) = feed(&lines);
    assert_eq!(e, None);
    assert!(c.is_recording());
    assert_eq!(c.params[0].value, 6.0, "applied sets the value");
    let text = c.csv_text();
    assert!(text.starts_with("# steerlab live capture: Skirmish, 60 ticks per second\n# param gain = 6 (0 to 20, default 2, 1/s)\n# applied gain = 6 from tick 3\ntick,time,id,kind,algorithm,x,y,vx,vy,heading,ax,ay,seen_x,seen_y\n"), "{text}");
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 10);
    for (k, x) in xs.iter().enumerate() {
        let (t, m) = (&rows[2 * k], &rows[2 * k + 1]);
        assert_eq!(t[5].parse::<f64>().unwrap().to_bits(), x.to_bits(), "{t:?}");
        assert_eq!(m[5].parse::<f64>().unwrap().to_bits(), x.to_bits(), "{m:?}");
        assert_eq!(&m[4], "pn, aug");
        assert_eq!((&t[10], &t[13]), ("", ""));
    }
    let recording = recording::parse(&text, "capture.csv").unwrap();
    assert_eq!((recording.tick_rate, recording.tracks.len()), (60, 2));
    // Made straight from the frames, the same recording, bit for bit.
    assert_eq!(c.recording("capture.csv").unwrap(), recording);
    let flown = recording
        .tracks
        .iter()
        .find(|t| t.kind == Kind::Missile)
        .unwrap();
    assert_eq!(
        (flown.algorithm.as_str(), flown.samples.len()),
        ("pn, aug", 5)
    );
    // Rows on one tick only (the frames before were empty) are not a recording.
    let (c, _) = feed(&[
        HELLO.into(),
        frame(0, 0.0, ""),
        frame(
            1,
            1.0 / 60.0,
            &format!("{},{}", target(1, 0.0), missile(7, 0.0)),
        ),
    ]);
    assert!(!c.is_recording());
    // A game that streams empty frames before anything flies: its recording starts at
    // its first frame with rows (the view's tick 0 is that game tick).
    let both = |x: f64| format!("{},{}", target(1, x), missile(7, x));
    let (c, e) = feed(&[
        HELLO.into(),
        frame(0, 0.0, ""),
        frame(1, 1.0 / 60.0, ""),
        frame(2, 2.0 / 60.0, &both(0.0)),
        frame(3, 3.0 / 60.0, &both(1.0)),
    ]);
    assert_eq!(e, None);
    assert!(c.is_recording());
    let late = c.recording("capture.csv").unwrap();
    assert_eq!(late.tick0, 2);
    assert!(late.tracks.iter().all(|t| t.samples.len() == 2));
    // A capture with no missile writes, but is not a recording.
    let (c, _) = feed(&[
        HELLO.into(),
        frame(0, 0.0, &target(1, 0.0)),
        frame(1, 1.0 / 60.0, &target(1, 0.0)),
    ]);
    assert!(!c.is_recording());
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// A frame's worth of entities from random numbers (some out of bounds, some ids
    /// repeated), written as a game would.
    fn entities() -> impl Strategy<Value = String> {
        let number = prop_oneof![
            -1e3f64..1e3,
            Just(1e300),
            Just(-0.0),
            Just(f64::MIN_POSITIVE),
            -2e7f64..2e7
        ];
        let entity = (0u64..6, any::<bool>(), number.clone(), number.clone(), number.clone(), number)
            .prop_map(|(id, missile, x, y, v, h)| {
                let kind = if missile { "missile" } else { "target" };
                format!(r#"{{"id":{id},"kind":"{kind}","x":{x:?},"y":{y:?},"vx":{v:?},"vy":0,"heading":{h:?}}}"#)
            });
        proptest::collection::vec(entity, 0..5).prop_map(|e| e.join(","))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any text at all reads as a message or a problem; never a panic.
        #[test]
        fn any_line_is_a_message_or_a_problem(line in ".{0,200}") {
            if let Err(e) = parse(&line) {
                prop_assert!(!e.message.is_empty());
            }
        }

        /// Random frames (ticks that skip or repeat, entities that come and go, numbers
        /// in and out of bounds) go into a capture or are refused; what the capture
        /// keeps always writes a CSV whose rows are the frames kept.
        #[test]
        fn random_streams_keep_only_what_follows_the_rules(
            steps in proptest::collection::vec((0u64..3, entities()), 1..12)
        ) {
            let mut capture = Capture::default();
            capture.take(parse(HELLO).unwrap(), None).unwrap();
            let mut tick = 0u64;
            for (skip, list) in steps {
                tick += skip;
                let line = frame(tick, tick as f64 / 60.0, &list);
                let before = capture.frames.len();
                match parse(&line).and_then(|m| capture.take(m, None)) {
                    Ok(()) => prop_assert_eq!(capture.frames.len(), before + 1),
                    Err(e) => {
                        prop_assert_eq!(capture.frames.len(), before);
                        prop_assert!(!e.message.is_empty());
                    }
                }
            }
            let text = capture.csv_text();
            let rows = text.lines().filter(|l| !l.starts_with('#')).count() - 1;
            prop_assert_eq!(rows, capture.rows());
            if capture.is_recording() {
                // What the capture kept always reopens (gaps and clocks were refused),
                // and made straight from the frames it is the same recording.
                let read = recording::parse(&text, "capture.csv");
                prop_assert!(read.is_ok());
                prop_assert_eq!(capture.recording("capture.csv").ok(), read.ok());
            }
        }
    }
}
