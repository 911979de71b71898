//! What the live server's socket tests share: a server, a game over TCP or WebSocket,
//! the messages a game sends, and waiting for the server to catch up.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use steerlab_headless::live::server::{Options, Server};

pub fn server(options: Options) -> Server {
    Server::start("127.0.0.1:0".parse().unwrap(), options).unwrap()
}

/// A server whose games have `patience` to say hello and finish a message.
pub fn patient(patience: Duration) -> Server {
    server(Options {
        patience,
        ..Options::default()
    })
}

/// A game over plain TCP.
pub struct TcpGame {
    pub stream: TcpStream,
    pub reader: BufReader<TcpStream>,
}

impl TcpGame {
    pub fn connect(addr: SocketAddr) -> TcpGame {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        TcpGame { stream, reader }
    }

    /// A game that connected and said hello, its welcome read.
    pub fn attached(addr: SocketAddr, name: &str) -> TcpGame {
        let mut game = TcpGame::connect(addr);
        game.send(&hello(name));
        game.read();
        game
    }

    pub fn send(&mut self, line: &str) {
        self.stream.write_all(line.as_bytes()).unwrap();
        self.stream.write_all(b"\n").unwrap();
    }

    /// The next line steerlab sent, as JSON.
    pub fn read(&mut self) -> serde_json::Value {
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    /// Whether steerlab closed the connection (after what it said last).
    pub fn closed(&mut self) -> bool {
        let mut rest = String::new();
        matches!(self.reader.read_line(&mut rest), Ok(0))
    }
}

pub fn hello(name: &str) -> String {
    format!(r#"{{"type":"hello","protocol":1,"game":"{name}","tick_rate":60}}"#)
}

pub fn frame(tick: u64) -> String {
    format!(
        r#"{{"type":"frame","tick":{tick},"time":{},"entities":[{{"id":1,"kind":"target","x":{tick},"y":0,"vx":60,"vy":0,"heading":0}}]}}"#,
        tick as f64 / 60.0
    )
}

/// Waits (at most 5 s) until `ready` holds for the server.
pub fn until(server: &Server, what: &str, ready: impl Fn(&Server) -> bool) {
    let started = Instant::now();
    while !ready(server) {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "waited for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A WebSocket handshake from a page at `origin` (none: a program).
pub fn websocket(
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

pub fn ws_read(socket: &mut tungstenite::WebSocket<TcpStream>) -> serde_json::Value {
    loop {
        if let tungstenite::Message::Text(t) = socket.read().unwrap() {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// A WebSocket from a program (no origin).
pub fn websocket_to(addr: SocketAddr) -> tungstenite::WebSocket<TcpStream> {
    websocket(addr, None).unwrap()
}
