//! The live link's server over real sockets: games over TCP and WebSocket, hello,
//! frames, `set` and its round trip, pause and its kin, a bad message closing only its
//! game, handshakes that arrive slowly or in pieces, and stopping.

mod live_net;

use live_net::*;
use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;
use steerlab_headless::live::protocol::ToGame;
use steerlab_headless::live::server::{parse_listen, Event, Options};

#[test]
fn a_game_says_hello_streams_frames_takes_a_set_and_leaves_with_its_capture_kept() {
    let server = server(Options::default());
    let mut game = TcpGame::connect(server.local_addr());
    game.send(&hello("Skirmish"));
    let welcome = game.read();
    assert_eq!(
        (welcome["type"].as_str(), welcome["protocol"].as_u64()),
        (Some("welcome"), Some(1))
    );
    game.send(r#"{"type":"params","params":[{"name":"gain","min":0,"max":20,"default":2}]}"#);
    for tick in 0..5 {
        game.send(&frame(tick));
    }
    until(&server, "the params", |s| {
        !s.games()[0].capture.params.is_empty()
    });
    assert_eq!(
        server.set(0, "gain", 21.0).unwrap_err(),
        "gain: expected a value from 0 to 20, found 21"
    );
    assert_eq!(
        server.set(0, "lag", 1.0).unwrap_err(),
        "Skirmish declared no parameter `lag`"
    );
    server.set(0, "gain", 6.0).unwrap();
    let set = game.read();
    assert_eq!(
        (
            set["type"].as_str(),
            set["name"].as_str(),
            set["value"].as_f64()
        ),
        (Some("set"), Some("gain"), Some(6.0))
    );
    game.send(r#"{"type":"applied","name":"gain","value":6,"tick":5}"#);
    game.send(&frame(5));
    for request in [ToGame::Pause, ToGame::Step, ToGame::Resume] {
        server.send(0, request.clone()).unwrap();
        assert_eq!(game.read().to_string(), request.to_line());
    }
    game.send(r#"{"type":"bye"}"#);
    drop(game);
    until(&server, "the game to leave", |s| !s.games()[0].connected);
    let events = server.events();
    assert_eq!(
        &events[..3],
        &[Event::Connected(0), Event::Hello(0), Event::Params(0)]
    );
    let Event::Applied(0, applied) = &events[3] else {
        panic!("{events:?}")
    };
    assert_eq!(
        (applied.name.as_str(), applied.value, applied.tick),
        ("gain", 6.0, 5)
    );
    assert!(applied.round_trip.unwrap() < Duration::from_secs(5));
    assert_eq!(events[4], Event::Closed(0, None));
    let games = server.games();
    let capture = &games[0].capture;
    assert_eq!(
        (
            capture.frames.len(),
            capture.params[0].value,
            capture.said_bye
        ),
        (6, 6.0, true)
    );
    assert_eq!(games[0].problem, None);
    assert!(!games[0].websocket);
    drop(games);
    assert_eq!(
        server.send(0, ToGame::Pause).unwrap_err(),
        "Skirmish has left"
    );
    assert_eq!(server.send(5, ToGame::Pause).unwrap_err(), "no such game");
}

#[test]
fn a_bad_message_closes_only_its_game_with_an_error_naming_the_field() {
    let server = server(Options::default());
    let mut good = TcpGame::connect(server.local_addr());
    let mut bad = TcpGame::connect(server.local_addr());
    good.send(&hello("good"));
    good.read();
    bad.send(&hello("bad"));
    bad.read();
    good.send(&frame(0));
    bad.send(&frame(0));
    bad.send(
        &frame(0)
            .replace(r#""x":0"#, r#""x":1e300"#)
            .replace(r#""tick":0"#, r#""tick":1"#),
    );
    let error = bad.read();
    assert_eq!(error["type"].as_str(), Some("error"));
    assert_eq!(error["field"].as_str(), Some("entities[0].x"));
    assert_eq!(
        error["message"].as_str(),
        Some("expected a number within ±10000000, found 1e+300 (message 3)")
    );
    assert!(bad.closed());
    good.send(&frame(1));
    good.send(&frame(2));
    until(&server, "the good game's frames", |s| {
        s.games()
            .iter()
            .any(|g| g.capture.name() == "good" && g.capture.frames.len() == 3)
    });
    let games = server.games();
    let bad = games.iter().find(|g| g.capture.name() == "bad").unwrap();
    assert!(!bad.connected);
    assert_eq!(
        bad.capture.frames.len(),
        1,
        "what came before the problem is kept"
    );
    assert_eq!(
        bad.problem.as_deref(),
        Some("entities[0].x: expected a number within ±10000000, found 1e+300 (message 3)")
    );
    assert!(
        games
            .iter()
            .find(|g| g.capture.name() == "good")
            .unwrap()
            .connected
    );
}

#[test]
fn a_browser_game_on_this_machine_attaches_over_websocket_on_the_same_port() {
    let server = server(Options::default());
    for origin in [
        None,
        Some("http://localhost:5173"),
        Some("http://127.0.0.1:8000"),
    ] {
        let mut socket = websocket(server.local_addr(), origin).unwrap();
        // Two messages in one text message, and one per message.
        socket
            .send(tungstenite::Message::text(format!(
                "{}\n{}",
                hello("web"),
                frame(0)
            )))
            .unwrap();
        assert_eq!(ws_read(&mut socket)["type"].as_str(), Some("welcome"));
        socket.send(tungstenite::Message::text(frame(1))).unwrap();
        socket
            .send(tungstenite::Message::text(
                r#"{"type":"params","params":[{"name":"gain","min":0,"max":20,"default":2}]}"#,
            ))
            .unwrap();
        let index = server.games().len() - 1;
        until(&server, "the params", |s| {
            !s.games()[index].capture.params.is_empty()
        });
        server.set(index, "gain", 3.0).unwrap();
        assert_eq!(ws_read(&mut socket)["type"].as_str(), Some("set"));
        socket
            .send(tungstenite::Message::Binary(vec![1, 2, 3].into()))
            .unwrap();
        let error = ws_read(&mut socket);
        assert_eq!(
            error["message"].as_str(),
            Some("expected text messages, found a binary one")
        );
        until(&server, "the close", |s| !s.games()[index].connected);
        let games = server.games();
        assert!(games[index].websocket);
        assert_eq!(games[index].capture.frames.len(), 2);
    }
}

#[test]
fn a_game_that_waits_before_speaking_or_splits_its_handshake_is_still_heard() {
    let server = server(Options::default());
    // A game that connects, thinks for a while, then says hello.
    let mut slow = TcpGame::connect(server.local_addr());
    std::thread::sleep(Duration::from_millis(60));
    slow.send(&hello("thinker"));
    assert_eq!(slow.read()["type"].as_str(), Some("welcome"));
    // A browser whose handshake arrives in pieces ("GE", then the rest).
    let stream = TcpStream::connect(server.local_addr()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    (&stream).write_all(b"GE").unwrap();
    std::thread::sleep(Duration::from_millis(30));
    let request = tungstenite::client::IntoClientRequest::into_client_request(format!(
        "ws://{}/",
        server.local_addr()
    ))
    .unwrap();
    // The rest of the request line goes through a stream that first drops "GE".
    struct Skip<'a>(&'a TcpStream, usize);
    impl std::io::Read for Skip<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            (&mut self.0).read(buf)
        }
    }
    impl std::io::Write for Skip<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let skip = self.1.min(buf.len());
            self.1 -= skip;
            (&mut self.0).write_all(&buf[skip..])?;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let (mut socket, _) = tungstenite::client(request, Skip(&stream, 2)).unwrap();
    socket
        .send(tungstenite::Message::text(hello("pieces")))
        .unwrap();
    let reply = loop {
        if let tungstenite::Message::Text(t) = socket.read().unwrap() {
            break t.as_str().to_string();
        }
    };
    assert!(reply.contains("welcome"), "{reply}");
}

#[test]
fn stopping_the_server_closes_every_game() {
    let server = server(Options::default());
    let mut game = TcpGame::attached(server.local_addr(), "stopped");
    drop(server);
    assert!(game.closed(), "the game's connection ends with the server");
}

#[test]
fn listen_addresses_default_to_this_machine() {
    assert_eq!(parse_listen("7878").unwrap().to_string(), "127.0.0.1:7878");
    assert_eq!(
        parse_listen("localhost:80").unwrap().to_string(),
        "127.0.0.1:80"
    );
    assert_eq!(parse_listen("0.0.0.0:9").unwrap().to_string(), "0.0.0.0:9");
    assert_eq!(parse_listen("[::1]:9").unwrap().to_string(), "[::1]:9");
    for bad in ["", "x", "70000", "1.2.3.4", "localhost:x"] {
        let e = parse_listen(bad).unwrap_err();
        assert!(e.starts_with("expected PORT or ADDRESS:PORT"), "{bad}: {e}");
    }
}
