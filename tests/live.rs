//! `steerlab live` from the command line: the hostile-input corpus of the protocol
//! (tests/broken-live, each file a game's conversation that breaks one rule), the
//! warnings and refusals of its options, and captures of several games.

mod live_common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Output};
use std::time::Duration;

/// Each corpus file, the field the error names, and how its message starts.
const BROKEN: &[(&str, &str, &str)] = &[
    ("applied-undeclared.jsonl", "name", "expected a declared parameter, found `gain` (message 2)"),
    ("came-back.jsonl", "entities[0].id", "target 1 left and came back: give a new entity a new id (message 4)"),
    ("control-characters.jsonl", "entities[0].label", "expected text without control characters"),
    ("default-out-of-range.jsonl", "params[0].default", "expected a number from 0 to 20, found 30"),
    ("fractional-tick.jsonl", "tick", "expected a whole number from 0 to 9007199254740992, found 0.5"),
    ("half-a-pair.jsonl", "entities[0].ay", "expected ay beside ax"),
    ("http-post.jsonl", "", "expected one JSON object per line; at column 1: expected a value (NaN and infinities are not JSON) (message 1)"),
    ("nan.jsonl", "", "expected one JSON object per line; at column 75: expected a value (NaN and infinities are not JSON) (message 2)"),
    ("no-hello.jsonl", "type", "expected hello first"),
    ("number-too-large.jsonl", "", "expected one JSON object per line; at column 79: a number too large for a 64-bit float (message 2)"),
    ("off-clock.jsonl", "time", "expected 0.016666666666666666 for tick 1 (60 ticks per second from 0 at tick 0), found 0.5"),
    ("param-twice.jsonl", "params[1].name", "`gain` is declared twice"),
    ("same-entity-twice.jsonl", "entities[1].id", "target 1 appears twice in this frame"),
    ("speed-too-large.jsonl", "entities[0].vx", "expected a number within ±1000000, found 2000000.0"),
    ("tick-gap.jsonl", "tick", "expected tick 1 (a frame every tick), found 2 (message 3)"),
    ("truncated-json.jsonl", "", "expected one JSON object per line; at column 37: the line ends inside the object (message 3)"),
    ("wrong-version.jsonl", "protocol", "expected version 1 (this steerlab's), found 2 (message 1)"),
];

fn corpus() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/broken-live")
}

fn live(args: &[&str]) -> (Child, u16) {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    live_common::start(&args)
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Sends `bytes` as a game and reads all steerlab says until it closes.
fn converse(port: u16, bytes: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(bytes).unwrap();
    let mut said = String::new();
    let _ = stream.read_to_string(&mut said);
    said
}

#[test]
fn every_broken_conversation_is_closed_with_an_error_naming_its_field() {
    let mut on_disk: Vec<String> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f != "not-json.jsonl")
        .collect();
    on_disk.sort();
    let listed: Vec<&str> = BROKEN.iter().map(|(f, _, _)| *f).collect();
    assert_eq!(on_disk, listed, "tests/broken-live and BROKEN differ");
    for (file, field, message) in BROKEN {
        let (child, port) = live(&["--listen", "0", "--seconds", "4"]);
        let said = converse(port, &std::fs::read(corpus().join(file)).unwrap());
        let error: serde_json::Value = said
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|v| v["type"] == "error")
            .unwrap_or_else(|| panic!("{file}: no error in {said:?}"));
        assert_eq!(error["field"].as_str(), Some(*field), "{file}: {error}");
        let got = error["message"].as_str().unwrap();
        assert!(got.starts_with(message), "{file}: {got}");
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let printed = text(&out);
        let shown = if field.is_empty() {
            got.to_string()
        } else {
            format!("{field}: {got}")
        };
        // A game that broke a rule was closed; a connection that never said hello was
        // refused (it never became a game).
        let closed = printed.contains(&format!("closed: {shown}"));
        let refused =
            printed.contains(&format!(": {shown}")) && printed.contains("refused 127.0.0.1:");
        assert!(closed || refused, "{file}: {printed}");
        assert_eq!(refused, !printed.contains("game 1"), "{file}: {printed}");
    }
}

#[test]
fn a_get_that_is_not_a_websocket_handshake_is_refused_and_never_a_game() {
    let (child, port) = live(&["--listen", "0", "--seconds", "1"]);
    let said = converse(
        port,
        &std::fs::read(corpus().join("not-json.jsonl")).unwrap(),
    );
    assert!(!said.contains("welcome"), "{said}");
    let out = child.wait_with_output().unwrap();
    let printed = text(&out);
    assert!(printed.contains("not a WebSocket handshake"), "{printed}");
    assert!(!printed.contains("game 1"), "{printed}");
}

const HELLO: &str = r#"{"type":"hello","protocol":1,"game":"G","tick_rate":60}"#;
const PARAMS: &str = r#"{"type":"params","params":[{"name":"gain","min":0,"max":20,"default":2}]}"#;

fn frames(n: u64) -> String {
    (0..n)
        .map(|t| {
            format!(
                r#"{{"type":"frame","tick":{t},"time":{},"entities":[{{"id":1,"kind":"target","x":{t},"y":0,"vx":60,"vy":0,"heading":0}},{{"id":2,"kind":"missile","x":0,"y":{t},"vx":0,"vy":60,"heading":1.5}}]}}"#,
                t as f64 * (1.0 / 60.0)
            ) + "\n"
        })
        .collect()
}

#[test]
fn each_game_is_recorded_to_its_own_file_and_reopens_as_a_recording() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("capture.csv");
    let (child, port) = live(&[
        "--listen",
        "0",
        "--seconds",
        "30",
        "--record",
        record.to_str().unwrap(),
    ]);
    let a =
        std::thread::spawn(move || converse(port, format!("{HELLO}\n{}", frames(10)).as_bytes()));
    let b = std::thread::spawn(move || {
        converse(
            port,
            format!("{}\n{}", HELLO.replace("\"G\"", "\"H\""), frames(4)).as_bytes(),
        )
    });
    a.join().unwrap();
    b.join().unwrap();
    let out = child.wait_with_output().unwrap();
    let printed = text(&out);
    assert!(out.status.success(), "{printed}");
    let first = std::fs::read_to_string(&record).unwrap();
    let second = std::fs::read_to_string(dir.path().join("capture-2.csv")).unwrap();
    let sizes = [first.lines().count(), second.lines().count()];
    // Comment, header, 2 rows a frame: the games arrive in either order.
    assert!(
        sizes == [22, 10] || sizes == [10, 22],
        "{sizes:?}\n{printed}"
    );
    let run = Command::new(env!("CARGO_BIN_EXE_steerlab"))
        .args(["run"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run));
    assert!(String::from_utf8_lossy(&run.stdout).contains("rec-missile"));
}

#[test]
fn a_set_the_game_did_not_declare_or_outside_its_range_is_a_warning() {
    let (child, port) = live(&[
        "--listen",
        "0",
        "--seconds",
        "30",
        "--set",
        "lag=1",
        "--set",
        "gain=99",
    ]);
    let said = converse(port, format!("{HELLO}\n{PARAMS}\n{}", frames(2)).as_bytes());
    assert!(!said.contains("\"set\""), "{said}");
    let printed = text(&child.wait_with_output().unwrap());
    assert!(
        printed.contains("warning: --set lag=1: G declared no parameter `lag`"),
        "{printed}"
    );
    assert!(
        printed.contains("warning: --set gain=99: gain: expected a value from 0 to 20, found 99"),
        "{printed}"
    );
}

fn steerlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_steerlab"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn bad_options_are_refused_before_listening() {
    for (args, expected) in [
        (vec!["--listen", "99999"], "expected PORT or ADDRESS:PORT"),
        (
            vec!["--listen", "0", "--set", "gain"],
            "expected NAME=VALUE, found `gain`",
        ),
        (
            vec!["--listen", "0", "--set", "gain=inf"],
            "expected a number after `=`, found `inf`",
        ),
        (
            vec!["--listen", "0", "--seconds", "0"],
            "expected seconds above 0 and at most 86400",
        ),
        (vec!["--listen", "0", "--record", "/dev/null"], "/dev/null"),
    ] {
        let mut all = vec!["live"];
        all.extend(args.iter());
        let out = steerlab(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(text(&out).contains(expected), "{all:?}: {}", text(&out));
        assert!(!text(&out).contains("listening"), "{all:?}");
    }
}

#[test]
fn listening_beyond_this_machine_is_said_out_loud() {
    let out = steerlab(&["live", "--listen", "0.0.0.0:0", "--seconds", "0.2"]);
    assert!(out.status.success());
    assert!(
        text(&out).contains(
            "warning: listening on 0.0.0.0:0: games (and anyone) on other machines can connect"
        ),
        "{}",
        text(&out)
    );
    let quiet = steerlab(&["live", "--listen", "0", "--seconds", "0.2"]);
    assert!(!text(&quiet).contains("warning"));
}

/// A WebSocket handshake from a web page at `origin`: the first line of the answer.
fn handshake(port: u16, origin: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
    )
    .unwrap();
    let mut answer = [0u8; 256];
    let n = stream.read(&mut answer).unwrap_or(0);
    let answer = String::from_utf8_lossy(&answer[..n]).into_owned();
    answer.lines().next().unwrap_or_default().to_string()
}

#[test]
fn a_page_from_elsewhere_attaches_only_when_its_origin_is_allowed() {
    let origin = "https://game.example";
    let (mut child, port) = live(&["--listen", "0", "--allow-origin", origin, "--seconds", "5"]);
    let allowed = handshake(port, origin);
    child.kill().ok();
    child.wait().ok();
    assert!(allowed.starts_with("HTTP/1.1 101"), "{allowed}");
    let (mut child, port) = live(&["--listen", "0", "--seconds", "5"]);
    let refused = handshake(port, origin);
    child.kill().ok();
    child.wait().ok();
    assert!(refused.starts_with("HTTP/1.1 403"), "{refused}");
}

#[test]
fn the_summary_s_round_trips_are_the_applied_ones_in_milliseconds() {
    let (child, port) = live(&["--listen", "0", "--seconds", "30", "--set", "gain=6"]);
    // A game that answers the set once it has it.
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(stream, "{HELLO}\n{PARAMS}\n").unwrap();
    let mut said = String::new();
    let mut chunk = [0u8; 512];
    while !said.contains("\"set\"") {
        let n = stream.read(&mut chunk).unwrap();
        assert!(n > 0, "closed before a set: {said}");
        said.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
    let applied = r#"{"type":"applied","name":"gain","value":6,"tick":0}"#;
    write!(stream, "{applied}\n{}", frames(3)).unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let _ = stream.read_to_string(&mut said);
    let printed = text(&child.wait_with_output().unwrap());
    let number = |after: &str| -> f64 {
        let at = printed
            .find(after)
            .unwrap_or_else(|| panic!("{after}: {printed}"));
        let rest = &printed[at + after.len()..];
        rest.split(" ms").next().unwrap().parse().unwrap()
    };
    let trip = number("(round trip ");
    assert!(printed.contains("set round trips: 1, median "), "{printed}");
    // One round trip: the median is it, in milliseconds, and under a second here.
    assert_eq!(number("median "), trip, "{printed}");
    assert!((0.0..1000.0).contains(&trip), "{printed}");
}
