//! The live link's messages (docs/live.md): what each message reads as, what each rule
//! refuses and how the refusal names the field. A stream of them as a capture:
//! `live_capture.rs`.

mod live_lines;

use live_lines::{frame, missile, target, HELLO};
use steerlab_headless::live::protocol::{parse, FromGame, ProtocolError, ToGame};
use steerlab_headless::recording::Kind;

fn problem(line: &str) -> ProtocolError {
    parse(line).expect_err(line)
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
