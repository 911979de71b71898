//! The live link's server over real sockets: games over TCP and WebSocket, `set` and
//! its round trip, and everything hostile (foreign pages, floods, slow or oversized
//! messages, too many games, garbage) closing only the game that sent it.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use steerlab_headless::live::protocol::ToGame;
use steerlab_headless::live::server::{Event, Options, Server, MAX_CONNECTIONS};

fn server(options: Options) -> Server {
    Server::start("127.0.0.1:0".parse().unwrap(), options).unwrap()
}

/// A server whose games have `patience` to say hello and finish a message.
fn patient(patience: Duration) -> Server {
    server(Options {
        patience,
        ..Options::default()
    })
}

/// A game over plain TCP.
struct TcpGame {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl TcpGame {
    fn connect(addr: SocketAddr) -> TcpGame {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        TcpGame { stream, reader }
    }

    fn send(&mut self, line: &str) {
        self.stream.write_all(line.as_bytes()).unwrap();
        self.stream.write_all(b"\n").unwrap();
    }

    /// The next line steerlab sent, as JSON.
    fn read(&mut self) -> serde_json::Value {
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    /// Whether steerlab closed the connection (after what it said last).
    fn closed(&mut self) -> bool {
        let mut rest = String::new();
        matches!(self.reader.read_line(&mut rest), Ok(0))
    }
}

fn hello(name: &str) -> String {
    format!(r#"{{"type":"hello","protocol":1,"game":"{name}","tick_rate":60}}"#)
}

fn frame(tick: u64) -> String {
    format!(
        r#"{{"type":"frame","tick":{tick},"time":{},"entities":[{{"id":1,"kind":"target","x":{tick},"y":0,"vx":60,"vy":0,"heading":0}}]}}"#,
        tick as f64 / 60.0
    )
}

/// Waits (at most 5 s) until `ready` holds for the server.
fn until(server: &Server, what: &str, ready: impl Fn(&Server) -> bool) {
    let started = Instant::now();
    while !ready(server) {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "waited for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

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
    let mut flood = TcpGame::connect(server.local_addr());
    flood.send(&hello("flood"));
    flood.read();
    let lines: String = (0..2001).map(|t| frame(t) + "\n").collect();
    flood.stream.write_all(lines.as_bytes()).unwrap();
    let error = flood.read();
    assert_eq!(
        error["message"].as_str(),
        Some("expected at most 2000 messages a second (a flood)")
    );
    // A message past 1 MiB with no newline.
    let mut big = TcpGame::connect(server.local_addr());
    big.send(&hello("big"));
    big.read();
    let _ = big.stream.write_all(&vec![b' '; (1 << 20) + 70_000]);
    let error = big.read();
    assert_eq!(
        error["message"].as_str(),
        Some("expected a message of at most 1048576 bytes ending in a newline")
    );
    // A message begun and never finished (slowloris).
    let mut slow = TcpGame::connect(server.local_addr());
    slow.send(&hello("slow"));
    slow.read();
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
            let mut g = TcpGame::connect(server.local_addr());
            g.send(&hello(&format!("g{k}")));
            g.read();
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

/// A WebSocket handshake from a page at `origin` (none: a program).
fn websocket(
    addr: SocketAddr,
    origin: Option<&str>,
) -> Result<tungstenite::WebSocket<TcpStream>, Box<tungstenite::Error>> {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut request =
        tungstenite::client::IntoClientRequest::into_client_request(format!("ws://{addr}/"))
            .unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("Origin", origin.parse().unwrap());
    }
    tungstenite::client(request, stream)
        .map(|(socket, _)| socket)
        .map_err(|e| match e {
            tungstenite::HandshakeError::Failure(e) => Box::new(e),
            other => panic!("{other}"),
        })
}

fn ws_read(socket: &mut tungstenite::WebSocket<TcpStream>) -> serde_json::Value {
    loop {
        if let tungstenite::Message::Text(t) = socket.read().unwrap() {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
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
    let mut game = TcpGame::connect(server.local_addr());
    game.send(&hello("big"));
    game.read();
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
fn stopping_the_server_closes_every_game() {
    let server = server(Options::default());
    let mut game = TcpGame::connect(server.local_addr());
    game.send(&hello("stopped"));
    game.read();
    drop(server);
    assert!(game.closed(), "the game's connection ends with the server");
}

/// A WebSocket from a program (no origin).
fn websocket_to(addr: SocketAddr) -> tungstenite::WebSocket<TcpStream> {
    websocket(addr, None).unwrap()
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
    let mut game = TcpGame::connect(server.local_addr());
    game.send(&hello("paused"));
    game.read();
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
    let mut game = TcpGame::connect(server.local_addr());
    game.send(&hello("blank"));
    game.read();
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
        let mut game = TcpGame::connect(server.local_addr());
        game.send(&hello(&format!("g{k}")));
        game.read();
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
    let mut staying = TcpGame::connect(server.local_addr());
    staying.send(&hello("staying"));
    staying.read();
    staying.send(&frame(0));
    for k in 1..10 {
        let mut game = TcpGame::connect(server.local_addr());
        game.send(&hello(&format!("g{k}")));
        game.read();
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
