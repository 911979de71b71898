//! The live link's server: a listener thread on one port, and a thread per game that
//! reads its messages (newline-delimited JSON over plain TCP, or WebSocket text messages
//! when the connection opens with an HTTP upgrade), checks them into the game's
//! [`Capture`] and sends it steerlab's requests. Nothing here waits on the caller: the
//! window or `steerlab live` looks at [`Server::games`] and drains [`Server::events`]
//! when it likes, and a game that misbehaves is closed with an `error` naming the field
//! without touching the others.

use super::capture::{Applied, Capture};
pub use super::link::origin_allowed;
use super::link::{open, overdue, Ended, Link};
use super::protocol::{self, FromGame, ProtocolError, ToGame};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Most games connected at once.
pub const MAX_CONNECTIONS: usize = 8;
/// Most messages a game may send in one second.
/// (Twice the fastest tick rate: a frame every tick, and room for the rest.)
pub const MAX_MESSAGES_PER_SECOND: u32 = 2000;
/// How long a game has to say hello, and to finish a message it began (by default).
pub const PATIENCE: Duration = Duration::from_secs(10);
/// Games that left whose captures are kept (the newest); older ones are let go.
pub const KEPT_LEFT: usize = 8;

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
pub(super) struct Shared {
    games: Arc<Mutex<Vec<Game>>>,
    events: SyncSender<Event>,
    pub(super) stop: Arc<AtomicBool>,
    pub(super) options: Arc<Options>,
    /// Connections open (counted from accepting to the end of their thread).
    open: Arc<AtomicUsize>,
}

impl Shared {
    fn games(&self) -> MutexGuard<'_, Vec<Game>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Tells the user, unless they have not looked for a long while (the games' state
    /// says it all the same).
    pub(super) fn tell(&self, event: Event) {
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
