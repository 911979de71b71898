//! The live link's server: a listener thread on one port, and a thread per game that
//! reads its messages (newline-delimited JSON over plain TCP, or WebSocket text messages
//! when the connection opens with an HTTP upgrade), checks them into the game's
//! [`Capture`] and sends it steerlab's requests. Nothing here waits on the caller: the
//! window or `steerlab live` looks at [`Server::games`] and drains [`Server::events`]
//! when it likes, and a game that misbehaves is closed with an `error` naming the field
//! without touching the others.

use super::capture::{Applied, Capture};
use super::protocol::{self, FromGame, ProtocolError, ToGame, MAX_MESSAGE_BYTES};
use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// Most games connected at once.
pub const MAX_CONNECTIONS: usize = 8;
/// Most messages a game may send in one second.
/// (Twice the fastest tick rate: a frame every tick, and room for the rest.)
pub const MAX_MESSAGES_PER_SECOND: u32 = 2000;
/// How long a game has to say hello, and to finish a message it began (by default).
pub const PATIENCE: Duration = Duration::from_secs(10);
/// Most WebSocket messages read in one poll.
const MESSAGES_PER_POLL: usize = 64;
/// Games that left whose captures are kept (the newest); older ones are let go.
pub const KEPT_LEFT: usize = 8;
/// How often a game's thread looks for its messages and steerlab's requests.
const POLL: Duration = Duration::from_millis(2);
/// The port `--listen` takes when given none.
pub const DEFAULT_PORT: u16 = 7878;

/// Where to listen: `PORT` (on 127.0.0.1), `ADDRESS:PORT`, `localhost:PORT` or
/// `[IPv6]:PORT`.
pub fn parse_listen(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    }
    if let Some(port) = text.strip_prefix("localhost:") {
        if let Ok(port) = port.parse::<u16>() {
            return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
        }
    }
    text.parse::<SocketAddr>().map_err(|_| {
        format!("expected PORT or ADDRESS:PORT (such as 7878 or 127.0.0.1:7878), found `{text}`")
    })
}

/// What the server tells its user.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A game connected (its index in [`Server::games`]).
    Connected(usize),
    /// A game said hello.
    Hello(usize),
    /// A game declared its parameters.
    Params(usize),
    /// A game took a `set`.
    Applied(usize, Applied),
    /// A game left; why, if it was closed for a problem.
    Closed(usize, Option<String>),
    /// A connection refused before it became a game (a foreign web page, too many games).
    Refused(SocketAddr, String),
}

/// One connected (or once connected) game.
pub struct Game {
    pub peer: SocketAddr,
    pub websocket: bool,
    pub capture: Capture,
    /// Still connected.
    pub connected: bool,
    /// Why steerlab closed it, if it did.
    pub problem: Option<String>,
    /// Whether its capture was let go (it left long ago: [`KEPT_LEFT`]).
    pub let_go: bool,
    requests: Sender<ToGame>,
}

/// The server's options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Web pages (their `Origin`, such as `https://example.com`) allowed to attach
    /// besides those of this machine.
    pub allowed_origins: Vec<String>,
    /// How long a game has to say hello, and to finish a message it began.
    pub patience: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            allowed_origins: Vec::new(),
            patience: PATIENCE,
        }
    }
}

/// A listening server; dropping it closes every connection.
pub struct Server {
    local: SocketAddr,
    games: Arc<Mutex<Vec<Game>>>,
    events: Receiver<Event>,
    stop: Arc<AtomicBool>,
    listener: Option<JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` (port 0: any free port, see [`Server::local_addr`]).
    pub fn start(addr: SocketAddr, options: Options) -> io::Result<Server> {
        let listener = TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        let local = listener.local_addr()?;
        let games: Arc<Mutex<Vec<Game>>> = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let (events_in, events) = mpsc::sync_channel(1024);
        let shared = Shared {
            games: games.clone(),
            events: events_in,
            stop: stop.clone(),
            options: Arc::new(options),
            open: Arc::default(),
        };
        let listener = std::thread::Builder::new()
            .name("live listener".into())
            .spawn(move || listen(listener, shared))?;
        Ok(Server {
            local,
            games,
            events,
            stop,
            listener: Some(listener),
        })
    }

    /// Where it listens.
    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Every game that connected, in order (their captures are kept after they leave).
    pub fn games(&self) -> MutexGuard<'_, Vec<Game>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What happened since the last call.
    pub fn events(&self) -> Vec<Event> {
        self.events.try_iter().collect()
    }

    /// Sends a request to game `game`.
    pub fn send(&self, game: usize, request: ToGame) -> Result<(), String> {
        let games = self.games();
        let game = games.get(game).ok_or("no such game")?;
        if !game.connected {
            return Err(format!("{} has left", game.capture.name()));
        }
        game.requests
            .send(request)
            .map_err(|_| format!("{} has left", game.capture.name()))
    }

    /// Asks game `game` to set its parameter `name` to `value`, if it declared one of
    /// that name whose range holds the value.
    pub fn set(&self, game: usize, name: &str, value: f64) -> Result<(), String> {
        {
            let games = self.games();
            let capture = &games.get(game).ok_or("no such game")?.capture;
            let param = capture
                .params
                .iter()
                .find(|p| p.name == name)
                .ok_or_else(|| format!("{} declared no parameter `{name}`", capture.name()))?;
            if !(param.min..=param.max).contains(&value) {
                return Err(format!(
                    "{name}: expected a value from {} to {}, found {value}",
                    param.min, param.max
                ));
            }
        }
        self.send(
            game,
            ToGame::Set {
                name: name.into(),
                value,
            },
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(listener) = self.listener.take() {
            let _ = listener.join();
        }
    }
}

/// What the threads share.
#[derive(Clone)]
struct Shared {
    games: Arc<Mutex<Vec<Game>>>,
    events: SyncSender<Event>,
    stop: Arc<AtomicBool>,
    options: Arc<Options>,
    /// Connections open (counted from accepting to the end of their thread).
    open: Arc<AtomicUsize>,
}

impl Shared {
    fn games(&self) -> MutexGuard<'_, Vec<Game>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Tells the user, unless they have not looked for a long while (the games' state
    /// says it all the same).
    fn tell(&self, event: Event) {
        let _ = self.events.try_send(event);
    }
}

/// Accepts games until the server stops. Each game's thread ends on its own within a
/// poll of the stop (the listener does not wait for them: a game in the middle of a slow
/// handshake must not hold up whoever stops the server, such as the window).
fn listen(listener: TcpListener, shared: Shared) {
    while !shared.stop.load(Ordering::Relaxed) {
        let Ok((stream, peer)) = listener.accept() else {
            // None waiting (or none can be taken now, out of files): look again soon.
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        if shared.open.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            let reason = format!("refused: {MAX_CONNECTIONS} games are connected already");
            let mut stream = stream;
            // (On some systems an accepted socket inherits the listener's non-blocking.)
            let _ = stream.set_nonblocking(false);
            let _ = stream.set_write_timeout(Some(Duration::from_millis(100)));
            let _ = writeln!(
                stream,
                "{}",
                ToGame::Error(ProtocolError::new("", reason.clone())).to_line()
            );
            shared.tell(Event::Refused(peer, reason));
            continue;
        }
        shared.open.fetch_add(1, Ordering::SeqCst);
        let for_thread = shared.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("live game {peer}"))
            .spawn(move || {
                serve(stream, peer, &for_thread);
                for_thread.open.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            shared.open.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// A game's connection, either kind.
enum Link {
    Lines {
        stream: TcpStream,
        buffer: Vec<u8>,
        /// When the unfinished message in `buffer` began.
        since: Option<Instant>,
    },
    Web(Box<WebSocket<TcpStream>>),
}

/// Why a link ended.
enum Ended {
    /// The game closed it.
    Left,
    /// A problem with what it sent.
    Problem(ProtocolError),
}

impl Link {
    /// Reads what has come (complete messages into `lines`).
    fn poll(&mut self, lines: &mut Vec<String>, patience: Duration) -> Result<(), Ended> {
        match self {
            Link::Lines {
                stream,
                buffer,
                since,
            } => {
                let mut chunk = [0u8; 64 * 1024];
                match stream.read(&mut chunk) {
                    Ok(0) => return Err(Ended::Left),
                    Ok(n) => buffer.extend_from_slice(&chunk[..n]),
                    Err(e) if is_quiet(&e) => {}
                    Err(_) => return Err(Ended::Left),
                }
                // Every whole line, then one drain (a flood of newlines costs one pass).
                let mut start = 0;
                while let Some(end) = buffer[start..].iter().position(|&b| b == b'\n') {
                    let line = std::str::from_utf8(&buffer[start..start + end]).map_err(|_| {
                        Ended::Problem(ProtocolError::new("", "expected UTF-8 text"))
                    })?;
                    lines.push(line.trim_end_matches('\r').to_string());
                    start += end + 1;
                }
                buffer.drain(..start);
                if buffer.len() > MAX_MESSAGE_BYTES {
                    return Err(Ended::Problem(ProtocolError::new(
                        "",
                        format!("expected a message of at most {MAX_MESSAGE_BYTES} bytes ending in a newline"),
                    )));
                }
                if buffer.is_empty() {
                    *since = None;
                } else if overdue(*since.get_or_insert_with(Instant::now), patience) {
                    return Err(Ended::Problem(ProtocolError::new(
                        "",
                        format!(
                            "a message began {} s ago and has not ended (expected a newline)",
                            patience.as_secs_f32()
                        ),
                    )));
                }
                Ok(())
            }
            // At most a few messages a poll, so the rate limit and a stop are looked at
            // however fast a page sends.
            Link::Web(socket) => {
                for _ in 0..MESSAGES_PER_POLL {
                    match socket.read() {
                        Ok(Message::Text(text)) => {
                            lines.extend(text.as_str().lines().map(str::to_string));
                        }
                        Ok(Message::Binary(_)) => {
                            return Err(Ended::Problem(ProtocolError::new(
                                "",
                                "expected text messages, found a binary one",
                            )))
                        }
                        Ok(Message::Close(_)) => return Err(Ended::Left),
                        Ok(_) => {}
                        Err(tungstenite::Error::Io(e)) if is_quiet(&e) => return Ok(()),
                        Err(tungstenite::Error::Capacity(_)) => {
                            return Err(Ended::Problem(ProtocolError::new(
                                "",
                                format!("expected a message of at most {MAX_MESSAGE_BYTES} bytes"),
                            )))
                        }
                        Err(tungstenite::Error::Protocol(e)) => {
                            return Err(Ended::Problem(ProtocolError::new(
                                "",
                                format!("not a WebSocket message: {e}"),
                            )))
                        }
                        Err(_) => return Err(Ended::Left),
                    }
                }
                Ok(())
            }
        }
    }

    fn send(&mut self, message: &ToGame) -> io::Result<()> {
        let line = message.to_line();
        match self {
            Link::Lines { stream, .. } => {
                stream.write_all(line.as_bytes())?;
                stream.write_all(b"\n")
            }
            Link::Web(socket) => socket
                .send(Message::text(line))
                .map_err(|e| io::Error::other(e.to_string())),
        }
    }
}

/// Whether more than `patience` has passed since `since`.
fn overdue(since: Instant, patience: Duration) -> bool {
    since.elapsed() > patience
}

/// A read that found nothing yet.
fn is_quiet(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut | io::ErrorKind::Interrupted
    )
}

/// Whether a web page's origin may attach: this machine's pages, and those allowed.
pub fn origin_allowed(origin: &str, allowed: &[String]) -> bool {
    if allowed.iter().any(|a| a.trim_end_matches('/') == origin) {
        return true;
    }
    let Some((scheme, rest)) = origin.split_once("://") else {
        return false;
    };
    if scheme != "http" && scheme != "https" {
        return false;
    }
    let host = match rest.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => rest.split(':').next().unwrap_or(""),
    };
    let port_ok = match rest.rsplit_once(':') {
        Some((_, port)) if !rest.ends_with(']') => port.parse::<u16>().is_ok(),
        _ => true,
    };
    port_ok && matches!(host, "localhost" | "127.0.0.1" | "::1")
}

/// Opens the link: an HTTP upgrade (a browser or a WebSocket library) or plain lines.
fn open(stream: TcpStream, peer: SocketAddr, shared: &Shared) -> Result<Link, String> {
    // (On some systems an accepted socket inherits the listener's non-blocking, and its
    // timeouts would do nothing.)
    stream.set_nonblocking(false).map_err(|e| e.to_string())?;
    stream.set_nodelay(true).ok();
    stream
        .set_write_timeout(Some(Duration::from_secs(2)))
        .map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(POLL))
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut first = [0u8; 4];
    let websocket = loop {
        match stream.peek(&mut first) {
            Ok(0) => return Err("left before sending anything".into()),
            Ok(n) if n >= 4 || !b"GET ".starts_with(&first[..n]) => break &first == b"GET ",
            Ok(_) => {}
            Err(e) if is_quiet(&e) => {}
            Err(e) => return Err(e.to_string()),
        }
        if overdue(started, shared.options.patience) || shared.stop.load(Ordering::Relaxed) {
            return Err("sent nothing".into());
        }
        std::thread::sleep(POLL);
    };
    if !websocket {
        return Ok(Link::Lines {
            stream,
            buffer: Vec::new(),
            since: None,
        });
    }
    stream
        .set_read_timeout(Some(shared.options.patience))
        .map_err(|e| e.to_string())?;
    let allowed = shared.options.allowed_origins.clone();
    // The refusal's type is tungstenite's (an HTTP response), large or not.
    #[allow(clippy::result_large_err)]
    let check = move |request: &tungstenite::handshake::server::Request,
                      response: tungstenite::handshake::server::Response| {
        let origin = request
            .headers()
            .get("origin")
            .map(|o| o.to_str().unwrap_or("?").to_string());
        match origin {
            Some(origin) if !origin_allowed(&origin, &allowed) => {
                let reason = format!(
                    "a web page at {} (not this machine) tried to attach: refused (allow it with --allow-origin {})",
                    crate::core::text::quote(&origin),
                    crate::core::text::quote(&origin)
                );
                Err(tungstenite::http::Response::builder()
                    .status(403)
                    .body(Some(reason))
                    .expect("a plain response"))
            }
            _ => Ok(response),
        }
    };
    let config = tungstenite::protocol::WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES));
    let socket = tungstenite::accept_hdr_with_config(stream, check, Some(config)).map_err(|e| {
        let reason = match &e {
            tungstenite::HandshakeError::Failure(tungstenite::Error::Http(response)) => response
                .body()
                .clone()
                .and_then(|b| String::from_utf8(b).ok())
                .unwrap_or_else(|| "refused".into()),
            other => format!("not a WebSocket handshake: {other}"),
        };
        shared.tell(Event::Refused(peer, reason.clone()));
        reason
    })?;
    socket
        .get_ref()
        .set_read_timeout(Some(POLL))
        .map_err(|e| e.to_string())?;
    Ok(Link::Web(Box::new(socket)))
}

/// One game's thread: opens the link, then reads and checks its messages and sends it
/// steerlab's requests until either side ends.
fn serve(stream: TcpStream, peer: SocketAddr, shared: &Shared) {
    let Ok(mut link) = open(stream, peer, shared) else {
        return;
    };
    let mut index = None;
    let problem = converse(&mut link, peer, &mut index, shared);
    if let Some(problem) = &problem {
        let _ = link.send(&ToGame::Error(problem.clone()));
        if let Link::Web(socket) = &mut link {
            let _ = socket.close(None);
            let _ = socket.flush();
        }
    }
    let problem = problem.map(|p| p.to_string());
    let Some(index) = index else {
        // It never said hello: not a game, only a refusal (a browser's stray request).
        if let Some(problem) = problem {
            shared.tell(Event::Refused(peer, problem));
        }
        return;
    };
    {
        let mut games = shared.games();
        games[index].connected = false;
        games[index].problem = problem.clone();
        let_go_of_old(&mut games);
    }
    shared.tell(Event::Closed(index, problem));
}

/// Keeps the captures of the [`KEPT_LEFT`] newest games that left; older ones are let
/// go (their rows, not their place in the list), so games that come and go cannot fill
/// the memory.
fn let_go_of_old(games: &mut [Game]) {
    let mut kept = 0;
    for game in games.iter_mut().rev() {
        if game.connected || game.let_go {
            continue;
        }
        kept += 1;
        if kept > KEPT_LEFT {
            game.capture.let_go();
            game.let_go = true;
        }
    }
}

/// The conversation with a game; the problem that ended it, if one did. The game is
/// registered (`index`) when it says hello.
fn converse(
    link: &mut Link,
    peer: SocketAddr,
    index: &mut Option<usize>,
    shared: &Shared,
) -> Option<ProtocolError> {
    let connected = Instant::now();
    let mut inbox: Option<Receiver<ToGame>> = None;
    let mut sets: BTreeMap<String, Instant> = BTreeMap::new();
    let mut lines = Vec::new();
    let (mut second, mut in_second) = (Instant::now(), 0u32);
    let mut count = 0u64;
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return None;
        }
        while let Some(request) = inbox.as_ref().and_then(|i| i.try_recv().ok()) {
            if let ToGame::Set { name, .. } = &request {
                sets.insert(name.clone(), Instant::now());
            }
            if link.send(&request).is_err() {
                return Some(ProtocolError::new("", "the game stopped reading"));
            }
        }
        // What came before a problem (or the end) is taken first, in order.
        let polled = link.poll(&mut lines, shared.options.patience);
        for line in lines.drain(..) {
            // Every line counts towards the rate, blank ones too.
            if second.elapsed() >= Duration::from_secs(1) {
                (second, in_second) = (Instant::now(), 0);
            }
            in_second += 1;
            if in_second > MAX_MESSAGES_PER_SECOND {
                return Some(ProtocolError::new(
                    "",
                    format!(
                        "expected at most {MAX_MESSAGES_PER_SECOND} messages a second (a flood)"
                    ),
                ));
            }
            if line.trim().is_empty() {
                continue;
            }
            count += 1;
            let message = match protocol::parse(&line) {
                Ok(message) => message,
                Err(e) => return Some(numbered(e, count)),
            };
            let Some(at) = *index else {
                // Before hello: only a hello makes it a game.
                let mut capture = Capture::default();
                if let Err(e) = capture.take(message, None) {
                    return Some(numbered(e, count));
                }
                let (requests, receiver) = mpsc::channel();
                let at = {
                    let mut games = shared.games();
                    games.push(Game {
                        peer,
                        websocket: matches!(link, Link::Web(_)),
                        capture,
                        connected: true,
                        problem: None,
                        let_go: false,
                        requests,
                    });
                    games.len() - 1
                };
                *index = Some(at);
                inbox = Some(receiver);
                if link.send(&ToGame::Welcome).is_err() {
                    return None;
                }
                shared.tell(Event::Connected(at));
                shared.tell(Event::Hello(at));
                continue;
            };
            let is_params = matches!(message, FromGame::Params(_));
            let round_trip = match &message {
                FromGame::Applied { name, .. } => sets.remove(name).map(|sent| sent.elapsed()),
                _ => None,
            };
            let is_applied = matches!(message, FromGame::Applied { .. });
            let result = {
                let mut games = shared.games();
                let capture = &mut games[at].capture;
                capture
                    .take(message, round_trip)
                    .map(|()| capture.applied.last().cloned())
            };
            match result {
                Err(e) => return Some(numbered(e, count)),
                Ok(applied) => {
                    if is_params {
                        shared.tell(Event::Params(at));
                    }
                    if let Some(applied) = applied.filter(|_| is_applied) {
                        shared.tell(Event::Applied(at, applied));
                    }
                }
            }
        }
        match polled {
            Ok(()) => {}
            Err(Ended::Left) => return None,
            Err(Ended::Problem(p)) => return Some(p),
        }
        if index.is_none() && overdue(connected, shared.options.patience) {
            return Some(ProtocolError::new(
                "",
                format!(
                    "expected hello within {} s of connecting",
                    shared.options.patience.as_secs_f32()
                ),
            ));
        }
    }
}

/// A problem named with the message it was in (counted from 1 on the connection).
fn numbered(e: ProtocolError, count: u64) -> ProtocolError {
    ProtocolError::new(e.field, format!("{} (message {count})", e.message))
}
