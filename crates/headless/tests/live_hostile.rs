//! The live server against hostile peers over real sockets: garbage, floods, oversized,
//! slow or silent connections, too many games, foreign web pages, resets and random
//! bytes each close only the connection that sent them; and what it keeps of games that
//! left is bounded.

mod live_net;

use live_net::*;
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};
use steerlab_headless::live::server::{origin_allowed, Event, Options, MAX_CONNECTIONS};

#[test]
fn garbage_an_http_request_or_a_second_hello_closes_the_game() {
    let server = server(Options::default());
    for (lines, field, message) in [
        (
            vec!["POST / HTTP/1.1".to_string()],
            "",
            "expected one JSON object per line",
        ),
        (vec![frame(0)], "type", "expected hello first"),
        (
            vec![hello("a"), hello("a")],
            "type",
            "expected one hello, found a second",
        ),
        (
            vec![hello("a"), "\u{0}\u{1}{{{".into()],
            "",
            "expected one JSON object per line",
        ),
    ] {
        let mut game = TcpGame::connect(server.local_addr());
        for line in &lines {
            game.send(line);
        }
        let mut error = game.read();
        if error["type"] == "welcome" {
            error = game.read();
        }
        assert_eq!(error["type"].as_str(), Some("error"), "{lines:?}");
        assert_eq!(error["field"].as_str(), Some(field), "{lines:?}");
        assert!(
            error["message"].as_str().unwrap().starts_with(message),
            "{lines:?}: {error}"
        );
        assert!(game.closed());
    }
    let mut game = TcpGame::connect(server.local_addr());
    game.stream.write_all(&[0xff, 0xfe, b'\n']).unwrap();
    assert_eq!(game.read()["message"].as_str(), Some("expected UTF-8 text"));
}

#[test]
fn a_flood_an_oversized_message_or_a_slow_one_is_closed() {
    let patience = Duration::from_millis(300);
    let server = patient(patience);
    // A flood: 2001 messages in well under a second.
    let mut flood = TcpGame::attached(server.local_addr(), "flood");
    let lines: String = (0..2001).map(|t| frame(t) + "\n").collect();
    flood.stream.write_all(lines.as_bytes()).unwrap();
    let error = flood.read();
    assert_eq!(
        error["message"].as_str(),
        Some("expected at most 2000 messages a second (a flood)")
    );
    // A message past 1 MiB with no newline.
    let mut big = TcpGame::attached(server.local_addr(), "big");
    let _ = big.stream.write_all(&vec![b' '; (1 << 20) + 70_000]);
    let error = big.read();
    assert_eq!(
        error["message"].as_str(),
        Some("expected a message of at most 1048576 bytes ending in a newline")
    );
    // A message begun and never finished (slowloris).
    let mut slow = TcpGame::attached(server.local_addr(), "slow");
    let started = Instant::now();
    slow.stream.write_all(b"{\"type\":").unwrap();
    let error = slow.read();
    assert!(started.elapsed() >= patience);
    assert_eq!(
        error["message"].as_str(),
        Some("a message began 0.3 s ago and has not ended (expected a newline)")
    );
    // A game that never says hello.
    let mut mute = TcpGame::connect(server.local_addr());
    mute.stream.write_all(b"\n").unwrap();
    let error = mute.read();
    assert_eq!(
        error["message"].as_str(),
        Some("expected hello within 0.3 s of connecting")
    );
    assert!(mute.closed());
}

#[test]
fn the_ninth_game_is_refused_and_a_place_frees_when_one_leaves() {
    let server = server(Options::default());
    let mut games: Vec<TcpGame> = (0..MAX_CONNECTIONS)
        .map(|k| {
            let g = TcpGame::attached(server.local_addr(), &format!("g{k}"));
            g
        })
        .collect();
    let mut ninth = TcpGame::connect(server.local_addr());
    let error = ninth.read();
    assert_eq!(
        error["message"].as_str(),
        Some("refused: 8 games are connected already")
    );
    assert!(ninth.closed());
    until(&server, "the refusal", |s| {
        s.events()
            .iter()
            .any(|e| matches!(e, Event::Refused(_, r) if r.contains("8 games")))
    });
    drop(games.pop());
    until(&server, "a game to leave", |s| {
        s.games().iter().filter(|g| g.connected).count() == 7
    });
    std::thread::sleep(Duration::from_millis(50));
    let mut next = TcpGame::connect(server.local_addr());
    next.send(&hello("next"));
    assert_eq!(next.read()["type"].as_str(), Some("welcome"));
}

#[test]
fn a_web_page_from_elsewhere_is_refused_unless_allowed() {
    let server = server(Options::default());
    for origin in [
        "https://evil.example",
        "null",
        "http://localhost.evil.example",
    ] {
        let Err(error) = websocket(server.local_addr(), Some(origin)) else {
            panic!("{origin} was let in");
        };
        let tungstenite::Error::Http(response) = *error else {
            panic!("{origin}: {error}");
        };
        assert_eq!(response.status(), 403);
        let body = String::from_utf8(response.body().clone().unwrap()).unwrap();
        assert!(
            body.contains("(not this machine) tried to attach: refused"),
            "{body}"
        );
    }
    let mut refused = Vec::new();
    let started = Instant::now();
    while refused.len() < 3 && started.elapsed() < Duration::from_secs(5) {
        refused.extend(
            server
                .events()
                .into_iter()
                .filter(|e| matches!(e, Event::Refused(..))),
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(refused.len(), 3, "{refused:?}");
    assert!(server.games().is_empty(), "no refused page became a game");
    let allowing = self::server(Options {
        allowed_origins: vec!["https://evil.example".into()],
        ..Options::default()
    });
    let mut socket = websocket(allowing.local_addr(), Some("https://evil.example")).unwrap();
    socket
        .send(tungstenite::Message::text(hello("allowed")))
        .unwrap();
    assert_eq!(ws_read(&mut socket)["type"].as_str(), Some("welcome"));
}

#[test]
fn random_bytes_from_many_games_never_stop_the_server() {
    // A fixed-seed stream of garbage: each game sends a hello then random bytes.
    let server = server(Options::default());
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..24 {
        let mut game = TcpGame::connect(server.local_addr());
        game.send(&hello(&format!("noise {round}")));
        let bytes: Vec<u8> = (0..next() % 4000)
            .map(|_| {
                let b = next() as u8;
                // Mostly JSON-ish characters, some newlines.
                let table = b"{}[]\":,0123456789.eE-+ntrufalsxyidkhg \n\xff";
                table[(b as usize) % table.len()]
            })
            .collect();
        let _ = game.stream.write_all(&bytes);
        let _ = game.stream.write_all(b"\n");
        // Read what steerlab says until it closes (or, for noise that happened to be
        // blank lines, until we leave).
        let _ = game.stream.shutdown(std::net::Shutdown::Write);
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut game.reader, &mut rest);
    }
    // The server still takes a good game, once the noisy ones are closed.
    until(&server, "every noisy game closed", |s| {
        s.games().iter().all(|g| !g.connected)
    });
    std::thread::sleep(Duration::from_millis(20));
    let mut good = TcpGame::connect(server.local_addr());
    good.send(&hello("after"));
    assert_eq!(good.read()["type"].as_str(), Some("welcome"));
    let games = server.games();
    assert_eq!(games.len(), 25);
    // Every noisy game said hello and was closed for its noise (or left cleanly when its
    // bytes happened to be blank lines).
    assert!(games[..24].iter().filter(|g| g.problem.is_some()).count() >= 20);
}

#[test]
fn a_connection_that_sends_nothing_is_dropped_after_its_patience() {
    let patience = Duration::from_millis(300);
    let server = patient(patience);
    let mut mute = TcpStream::connect(server.local_addr()).unwrap();
    mute.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = std::io::Read::read_to_end(&mut mute, &mut rest);
    let waited = started.elapsed();
    assert!(waited >= patience, "dropped after {waited:?}");
    assert!(waited < patience * 5, "dropped after {waited:?}");
    assert!(server.games().is_empty(), "it never became a game");
}

#[test]
fn a_game_that_resets_its_connection_has_left() {
    let server = server(Options::default());
    for websocket in [false, true] {
        let before = server.games().len();
        if websocket {
            let mut socket = websocket_to(server.local_addr());
            socket
                .send(tungstenite::Message::text(hello("reset")))
                .unwrap();
            // The welcome comes and is never read: closing then resets the connection.
            std::thread::sleep(Duration::from_millis(50));
            drop(socket);
        } else {
            let mut game = TcpGame::connect(server.local_addr());
            game.send(&hello("reset"));
            std::thread::sleep(Duration::from_millis(50));
            drop(game);
        }
        until(&server, "the reset game to leave", |s| {
            s.games().len() == before + 1 && !s.games()[before].connected
        });
    }
}

#[test]
fn a_message_of_exactly_the_largest_size_passes_even_when_it_arrives_in_two_parts() {
    let server = server(Options::default());
    let mut game = TcpGame::attached(server.local_addr(), "big");
    let params = r#"{"type":"params","params":[{"name":"g","min":0,"max":1,"default":0}]}"#;
    let line = format!("{params}{}", " ".repeat((1 << 20) - params.len()));
    game.stream.write_all(line.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    game.stream.write_all(b"\n").unwrap();
    until(&server, "the params", |s| {
        !s.games()[0].capture.params.is_empty()
    });
    assert!(server.games()[0].connected);
}

#[test]
fn two_thousand_messages_in_a_second_are_not_a_flood() {
    let server = server(Options::default());
    let mut game = TcpGame::connect(server.local_addr());
    // The hello and 1999 frames: 2000 messages at once.
    let lines: String = std::iter::once(hello("busy"))
        .chain((0..1999).map(frame))
        .map(|l| l + "\n")
        .collect();
    game.stream.write_all(lines.as_bytes()).unwrap();
    assert_eq!(game.read()["type"].as_str(), Some("welcome"));
    until(&server, "every frame", |s| {
        s.games()[0].capture.frames.len() == 1999
    });
    assert!(server.games()[0].connected);
    assert_eq!(server.games()[0].problem, None);
}

#[test]
fn a_game_that_said_hello_may_stay_quiet_past_the_patience() {
    // (A game paused in its debugger sends nothing for a long while.)
    let patience = Duration::from_millis(200);
    let server = patient(patience);
    let mut game = TcpGame::attached(server.local_addr(), "paused");
    std::thread::sleep(patience * 3);
    game.send(&frame(0));
    until(&server, "the frame", |s| {
        s.games()[0].capture.frames.len() == 1
    });
    assert!(server.games()[0].connected);
}

#[test]
fn a_connection_is_a_game_only_once_it_says_hello() {
    let server = server(Options::default());
    let mut post = TcpGame::connect(server.local_addr());
    post.stream
        .write_all(b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    assert_eq!(post.read()["type"].as_str(), Some("error"));
    let mut refused = Vec::new();
    let started = Instant::now();
    while refused.is_empty() && started.elapsed() < Duration::from_secs(5) {
        refused.extend(
            server
                .events()
                .into_iter()
                .filter(|e| matches!(e, Event::Refused(..))),
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let Event::Refused(_, why) = &refused[0] else {
        panic!()
    };
    assert!(
        why.starts_with("expected one JSON object per line"),
        "{why}"
    );
    assert!(server.games().is_empty());
}

#[test]
fn blank_lines_count_towards_the_flood() {
    let server = server(Options::default());
    let mut game = TcpGame::attached(server.local_addr(), "blank");
    game.stream.write_all(&[b'\n'; 2001]).unwrap();
    let error = game.read();
    assert_eq!(
        error["message"].as_str(),
        Some("expected at most 2000 messages a second (a flood)")
    );
}

#[test]
fn only_the_newest_games_that_left_keep_their_captures() {
    let server = server(Options::default());
    for k in 0..10 {
        let mut game = TcpGame::attached(server.local_addr(), &format!("g{k}"));
        game.send(&frame(0));
        game.send(r#"{"type":"bye"}"#);
        drop(game);
        until(&server, "the game to leave", |s| {
            s.games().len() == k + 1 && !s.games()[k].connected
        });
    }
    let games = server.games();
    for (k, game) in games.iter().enumerate() {
        let kept = k >= 2;
        assert_eq!(game.let_go, !kept, "game {k}");
        assert_eq!(game.capture.frames.len(), usize::from(kept), "game {k}");
        assert_eq!(game.capture.name(), format!("g{k}"), "its name stays");
    }
}

#[test]
fn a_game_still_attached_neither_loses_its_capture_nor_counts_among_those_that_left() {
    let server = server(Options::default());
    let mut staying = TcpGame::attached(server.local_addr(), "staying");
    staying.send(&frame(0));
    // Its frame is read on its own connection's thread: wait for it, or the
    // count below races the reader.
    until(&server, "the staying game's frame", |s| {
        s.games()[0].capture.frames.len() == 1
    });
    for k in 1..10 {
        let mut game = TcpGame::attached(server.local_addr(), &format!("g{k}"));
        game.send(&frame(0));
        drop(game);
        until(&server, "the game to leave", |s| {
            s.games().len() == k + 1 && !s.games()[k].connected
        });
    }
    let games = server.games();
    // Nine left: the newest eight keep their captures, the first to leave lets go.
    assert!(games[0].connected && !games[0].let_go);
    assert_eq!(games[0].capture.frames.len(), 1);
    let let_go: Vec<bool> = games[1..].iter().map(|g| g.let_go).collect();
    assert_eq!(
        let_go,
        [true, false, false, false, false, false, false, false, false]
    );
}

#[test]
fn only_this_machines_pages_and_allowed_origins_may_attach() {
    for ok in [
        "http://localhost",
        "http://localhost:8080",
        "https://127.0.0.1:3000",
        "http://[::1]:5173",
        "http://[::1]",
    ] {
        assert!(origin_allowed(ok, &[]), "{ok}");
    }
    for bad in [
        "https://example.com",
        "http://localhost.example.com",
        "http://127.0.0.1.nip.io",
        "null",
        "file://",
        "http://localhost:x",
        "ws://localhost",
        "http://[::2]:80",
    ] {
        assert!(!origin_allowed(bad, &[]), "{bad}");
    }
    let allowed = vec!["https://example.com/".to_string()];
    assert!(origin_allowed("https://example.com", &allowed));
    assert!(!origin_allowed("https://example.org", &allowed));
}
