//! The live link's messages and captures (docs/live.md): what each message reads as,
//! what each rule refuses and how the refusal names the field, and that a capture
//! writes the numbers exactly as sent and reopens as a recording.

use steerlab_headless::live::capture::Capture;
use steerlab_headless::live::protocol::{parse, FromGame, ProtocolError, ToGame};
use steerlab_headless::recording::{self, Kind};

fn problem(line: &str) -> ProtocolError {
    parse(line).expect_err(line)
}

const HELLO: &str = r#"{"type":"hello","protocol":1,"game":"Skirmish","tick_rate":60}"#;

fn frame(tick: u64, time: f64, entities: &str) -> String {
    format!(r#"{{"type":"frame","tick":{tick},"time":{time},"entities":[{entities}]}}"#)
}

fn target(id: u64, x: f64) -> String {
    format!(r#"{{"id":{id},"kind":"target","x":{x},"y":300,"vx":-60,"vy":20,"heading":2.8}}"#)
}

fn missile(id: u64, x: f64) -> String {
    format!(
        r#"{{"id":{id},"kind":"missile","label":"chaser","x":{x},"y":0.1,"vx":150,"vy":0,"heading":0,"ax":1.5,"ay":-2,"seen_x":400,"seen_y":300}}"#
    )
}

#[test]
fn each_message_reads_as_what_it_says() {
    let FromGame::Hello(hello) = parse(HELLO).unwrap() else {
        panic!()
    };
    assert_eq!((hello.game.as_str(), hello.tick_rate), ("Skirmish", 60));
    let FromGame::Params(params) = parse(
        r#"{"type":"params","params":[{"name":"gain","min":0,"max":20,"default":2,"unit":"1/s"},{"name":"lag","min":-1,"max":1,"default":0,"value":0.5}]}"#,
    )
    .unwrap() else {
        panic!()
    };
    assert_eq!(params.len(), 2);
    assert_eq!(
        (
            params[0].min,
            params[0].max,
            params[0].default,
            params[0].value
        ),
        (0.0, 20.0, 2.0, 2.0)
    );
    assert_eq!(params[0].unit, "1/s");
    assert_eq!((params[1].value, params[1].unit.as_str()), (0.5, ""));
    let FromGame::Frame(f) = parse(&frame(
        3,
        0.05,
        &format!("{},{}", target(1, 400.0), missile(7, 2.5)),
    ))
    .unwrap() else {
        panic!()
    };
    assert_eq!((f.tick, f.time, f.entities.len()), (3, 0.05, 2));
    let (t, m) = (&f.entities[0], &f.entities[1]);
    assert_eq!(
        (t.id, t.kind, t.label.as_str(), t.accel, t.seen),
        (1, Kind::Target, "", None, None)
    );
    assert_eq!(
        (t.x, t.y, t.vx, t.vy, t.heading),
        (400.0, 300.0, -60.0, 20.0, 2.8)
    );
    assert_eq!(
        (m.id, m.kind, m.label.as_str()),
        (7, Kind::Missile, "chaser")
    );
    assert_eq!((m.accel, m.seen), (Some([1.5, -2.0]), Some([400.0, 300.0])));
    assert_eq!(
        parse(r#"{"type":"applied","name":"gain","value":6,"tick":12}"#).unwrap(),
        FromGame::Applied {
            name: "gain".into(),
            value: 6.0,
            tick: 12
        }
    );
    assert_eq!(parse(r#"{"type":"bye"}"#).unwrap(), FromGame::Bye);
}

#[test]
fn a_bad_message_is_refused_naming_its_field_and_what_was_expected() {
    let cases: &[(&str, &str, &str)] = &[
        ("{\"type\":\"hello\"", "", "expected one JSON object per line; at column 15: the line ends inside the object"),
        ("[1,2]", "", "expected a JSON object, found a list"),
        ("POST / HTTP/1.1", "", "expected one JSON object per line"),
        (r#"{"type":"hi"}"#, "type", "expected hello, params, frame, applied or bye, found `hi`"),
        (r#"{"tick":1}"#, "type", "missing"),
        (r#"{"type":"hello","protocol":2,"game":"g","tick_rate":60}"#, "protocol", "expected version 1 (this steerlab's), found 2"),
        (r#"{"type":"hello","protocol":1,"game":"g","tick_rate":0}"#, "tick_rate", "expected ticks per second from 1 to 1000, found 0"),
        (r#"{"type":"hello","protocol":1,"game":"g","tick_rate":1001}"#, "tick_rate", "expected a whole number from 0 to 1000, found 1001"),
        (r#"{"type":"hello","protocol":1,"game":"g","tick_rate":60.5}"#, "tick_rate", "expected a whole number from 0 to 1000, found 60.5"),
        (r#"{"type":"hello","protocol":1,"game":7,"tick_rate":60}"#, "game", "expected text, found 7"),
        (r#"{"type":"hello","protocol":1,"game":"a\u0007b","tick_rate":60}"#, "game", "expected text without control characters"),
        (r#"{"type":"frame","tick":-1,"time":0,"entities":[]}"#, "tick", "expected a whole number from 0 to 9007199254740992, found -1"),
        (r#"{"type":"frame","tick":1,"time":1e400,"entities":[]}"#, "", "a number too large for a 64-bit float"),
        (r#"{"type":"frame","tick":1,"time":NaN,"entities":[]}"#, "", "expected one JSON object per line; at column 33: expected a value (NaN and infinities are not JSON)"),
        (r#"{"type":"frame","tick":1,"time":0,"entities":{}}"#, "entities", "expected a list, found an object"),
        (r#"{"type":"frame","tick":1,"time":0,"entities":[3]}"#, "entities[0]", "expected an object, found a number"),
        (r#"{"type":"params","params":[{"name":"g","min":5,"max":1,"default":2}]}"#, "params[0].max", "expected at least min (5), found 1"),
        (r#"{"type":"params","params":[{"name":"g","min":0,"max":1,"default":2}]}"#, "params[0].default", "expected a number from 0 to 1, found 2"),
        (r#"{"type":"params","params":[{"name":"g","min":0,"max":1,"default":1,"value":-1}]}"#, "params[0].value", "expected a number from 0 to 1, found -1"),
        (r#"{"type":"params","params":[{"name":"","min":0,"max":1,"default":1}]}"#, "params[0].name", "expected a name, found none"),
        (r#"{"type":"params","params":[{"name":"g","min":0,"max":1,"default":1},{"name":"g","min":0,"max":1,"default":1}]}"#, "params[1].name", "`g` is declared twice"),
        (r#"{"type":"applied","name":"g","value":"6","tick":1}"#, "value", "expected a number, found text `6`"),
    ];
    for (line, field, message) in cases {
        let e = problem(line);
        assert_eq!(e.field, *field, "{line}: {e}");
        assert!(e.message.contains(message), "{line}: {e}");
    }
    let entity_cases: &[(&str, &str, &str)] = &[
        (
            r#"{"id":1,"kind":"boat","x":0,"y":0,"vx":0,"vy":0,"heading":0}"#,
            "entities[0].kind",
            "expected target or missile, found `boat`",
        ),
        (
            r#"{"id":1,"kind":"target","x":1e300,"y":0,"vx":0,"vy":0,"heading":0}"#,
            "entities[0].x",
            "expected a number within ±10000000, found 1e+300",
        ),
        (
            r#"{"id":1,"kind":"target","x":0,"y":-2e7,"vx":0,"vy":0,"heading":0}"#,
            "entities[0].y",
            "within ±10000000",
        ),
        (
            r#"{"id":1,"kind":"target","x":0,"y":0,"vx":2e6,"vy":0,"heading":0}"#,
            "entities[0].vx",
            "within ±1000000",
        ),
        (
            r#"{"id":1,"kind":"target","x":0,"y":0,"vx":0,"vy":0,"heading":2e6}"#,
            "entities[0].heading",
            "within ±1000000",
        ),
        (
            r#"{"id":1,"kind":"target","x":0,"y":0,"vx":0,"vy":0}"#,
            "entities[0].heading",
            "missing",
        ),
        (
            r#"{"id":1,"kind":"target","x":null,"y":0,"vx":0,"vy":0,"heading":0}"#,
            "entities[0].x",
            "found null",
        ),
        (
            r#"{"id":9007199254740993,"kind":"target","x":0,"y":0,"vx":0,"vy":0,"heading":0}"#,
            "entities[0].id",
            "expected a whole number from 0 to 9007199254740992",
        ),
        (
            r#"{"id":1,"kind":"missile","x":0,"y":0,"vx":0,"vy":0,"heading":0,"ax":1}"#,
            "entities[0].ay",
            "expected ay beside ax",
        ),
        (
            r#"{"id":1,"kind":"missile","x":0,"y":0,"vx":0,"vy":0,"heading":0,"seen_y":1}"#,
            "entities[0].seen_x",
            "expected seen_x beside seen_y",
        ),
        (
            r#"{"id":1,"kind":"missile","label":" pn","x":0,"y":0,"vx":0,"vy":0,"heading":0}"#,
            "entities[0].label",
            "expected no spaces at either end",
        ),
        (
            r#"{"id":1,"kind":"missile","label":"an extremely long label for one missile!!","x":0,"y":0,"vx":0,"vy":0,"heading":0}"#,
            "entities[0].label",
            "expected text of at most 40 characters",
        ),
    ];
    for (entity, field, message) in entity_cases {
        let e = problem(&frame(0, 0.0, entity));
        assert_eq!(e.field, *field, "{entity}: {e}");
        assert!(e.message.contains(message), "{entity}: {e}");
    }
    let twice = problem(&frame(
        0,
        0.0,
        &format!("{},{}", missile(7, 0.0), missile(7, 1.0)),
    ));
    assert_eq!(twice.field, "entities[1].id");
    assert_eq!(twice.message, "missile 7 appears twice in this frame");
    // A target and a missile may share an id.
    assert!(parse(&frame(
        0,
        0.0,
        &format!("{},{}", target(7, 0.0), missile(7, 1.0))
    ))
    .is_ok());
}

#[test]
fn messages_lists_and_names_are_bounded() {
    let big = format!(r#"{{"type":"bye","pad":"{}"}}"#, "x".repeat(1 << 20));
    assert!(problem(&big).message.contains("at most 1048576 bytes"));
    // Exactly 1 MiB is within the bound.
    let bye = r#"{"type":"bye"}"#;
    let exact = format!("{bye}{}", " ".repeat((1 << 20) - bye.len()));
    assert_eq!(parse(&exact).unwrap(), FromGame::Bye);
    // A name of exactly 40 characters, and a range of one value, are fine.
    let forty = "n".repeat(40);
    let FromGame::Hello(h) = parse(&format!(
        r#"{{"type":"hello","protocol":1,"game":"{forty}","tick_rate":60}}"#
    ))
    .unwrap() else {
        panic!()
    };
    assert_eq!(h.game, forty);
    let FromGame::Params(p) =
        parse(r#"{"type":"params","params":[{"name":"g","min":3,"max":3,"default":3}]}"#).unwrap()
    else {
        panic!()
    };
    assert_eq!((p[0].min, p[0].max), (3.0, 3.0));
    let many: Vec<String> = (0..1001).map(|k| target(k, 0.0)).collect();
    let e = problem(&frame(0, 0.0, &many.join(",")));
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("entities", "expected at most 1000 items, found 1001")
    );
    assert!(parse(&frame(0, 0.0, &many[..1000].join(","))).is_ok());
    let params: Vec<String> = (0..65)
        .map(|k| format!(r#"{{"name":"p{k}","min":0,"max":1,"default":0}}"#))
        .collect();
    let e = problem(&format!(
        r#"{{"type":"params","params":[{}]}}"#,
        params.join(",")
    ));
    assert_eq!(e.message, "expected at most 64 items, found 65");
    let name = "n".repeat(41);
    let e = problem(&format!(
        r#"{{"type":"hello","protocol":1,"game":"{name}","tick_rate":60}}"#
    ));
    assert!(
        e.message
            .starts_with("expected text of at most 40 characters"),
        "{e}"
    );
}

#[test]
fn steerlabs_messages_are_one_line_of_json_each() {
    let line = ToGame::Set {
        name: "gain".into(),
        value: 6.25,
    }
    .to_line();
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(
        (v["type"].as_str(), v["name"].as_str(), v["value"].as_f64()),
        (Some("set"), Some("gain"), Some(6.25))
    );
    for (m, kind) in [
        (ToGame::Pause, "pause"),
        (ToGame::Step, "step"),
        (ToGame::Resume, "resume"),
    ] {
        assert_eq!(m.to_line(), format!(r#"{{"type":"{kind}"}}"#));
    }
    let welcome: serde_json::Value = serde_json::from_str(&ToGame::Welcome.to_line()).unwrap();
    assert_eq!(
        (welcome["type"].as_str(), welcome["protocol"].as_u64()),
        (Some("welcome"), Some(1))
    );
    assert_eq!(
        welcome["steerlab"].as_str(),
        Some(env!("CARGO_PKG_VERSION"))
    );
    let error = ToGame::Error(ProtocolError::new(
        "entities[0].x",
        "expected \"a\"\nnumber",
    ))
    .to_line();
    assert!(!error.contains('\n'));
    let v: serde_json::Value = serde_json::from_str(&error).unwrap();
    assert_eq!(
        (v["field"].as_str(), v["message"].as_str()),
        (Some("entities[0].x"), Some("expected \"a\"\nnumber"))
    );
}

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
