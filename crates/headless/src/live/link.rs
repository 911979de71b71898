//! A game's connection to the live server, either kind: newline-delimited JSON over
//! plain TCP, or WebSocket text messages when it opens with an HTTP upgrade (whose
//! `Origin` must be this machine's or an allowed one). Reading is in polls: each takes
//! what has come and never waits longer than [`POLL`].

use super::protocol::{ProtocolError, ToGame, MAX_MESSAGE_BYTES};
use super::server::{Event, Shared};
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// Most WebSocket messages read in one poll.
const MESSAGES_PER_POLL: usize = 64;
/// How often a game's thread looks for its messages and steerlab's requests.
pub(super) const POLL: Duration = Duration::from_millis(2);

/// A game's connection, either kind.
pub(super) enum Link {
    Lines {
        stream: TcpStream,
        buffer: Vec<u8>,
        /// When the unfinished message in `buffer` began.
        since: Option<Instant>,
    },
    Web(Box<WebSocket<TcpStream>>),
}

/// Why a link ended.
pub(super) enum Ended {
    /// The game closed it.
    Left,
    /// A problem with what it sent.
    Problem(ProtocolError),
}

impl Link {
    /// Reads what has come (complete messages into `lines`).
    pub(super) fn poll(
        &mut self,
        lines: &mut Vec<String>,
        patience: Duration,
    ) -> Result<(), Ended> {
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

    pub(super) fn send(&mut self, message: &ToGame) -> io::Result<()> {
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
pub(super) fn overdue(since: Instant, patience: Duration) -> bool {
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
pub(super) fn open(stream: TcpStream, peer: SocketAddr, shared: &Shared) -> Result<Link, String> {
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
