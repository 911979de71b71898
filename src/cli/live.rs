//! `steerlab live`: the live link without a window ([`steerlab::live`]). It listens for
//! games, sends them the `--set`s they declared, prints what happens, and when it ends
//! (once every game that came has left, or after `--seconds`) writes each game's capture
//! as a CSV recording.

use super::input::{check_output, Failure};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use steerlab::live::{parse_listen, Event, Options, Server};

/// What the command line gives `live`.
#[derive(clap::Args)]
pub struct LiveArgs {
    /// Where to listen: PORT (on 127.0.0.1, this machine only), or ADDRESS:PORT to be
    /// reached from elsewhere (say 0.0.0.0:7878; steerlab warns). Port 0 takes any free
    /// port; the first line printed says which.
    #[arg(long, value_name = "[ADDR:]PORT", value_parser = parse_listen)]
    listen: SocketAddr,
    /// Write each game's capture as a CSV recording: the first game to this file, the
    /// n-th to FILE-n.csv beside it.
    #[arg(long, value_name = "OUT.csv")]
    record: Option<PathBuf>,
    /// Stop after at most this many seconds of wall time, above 0 and at most 86400
    /// (it stops anyway once every game that connected has left).
    #[arg(long, value_parser = seconds_arg, allow_hyphen_values = true)]
    seconds: Option<f64>,
    /// Set a game's parameter as soon as it declares it: NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE", value_parser = set_arg)]
    set: Vec<(String, f64)>,
    /// Also let web pages from this origin attach (such as https://example.com);
    /// pages of this machine (localhost, 127.0.0.1) always may (repeatable).
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Vec<String>,
}

/// Wall seconds: above 0, at most a day.
fn seconds_arg(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 86_400.0 => Ok(v),
        _ => Err(format!(
            "expected seconds above 0 and at most 86400, found `{text}`"
        )),
    }
}

/// `NAME=VALUE`, the value a finite number.
fn set_arg(text: &str) -> Result<(String, f64), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=VALUE, found `{text}`"))?;
    let value: f64 = value
        .trim()
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| format!("expected a number after `=`, found `{}`", value.trim()))?;
    Ok((name.trim().to_string(), value))
}

/// Where game `index`'s capture goes: `record` for the first, `record-n.csv` after.
pub fn record_path(record: &Path, index: usize) -> PathBuf {
    if index == 0 {
        return record.to_path_buf();
    }
    let stem = record.file_stem().unwrap_or_default().to_string_lossy();
    let ext = record
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    record.with_file_name(format!("{stem}-{}{ext}", index + 1))
}

pub fn run(args: LiveArgs) -> Result<(), Failure> {
    if let Some(record) = &args.record {
        check_output(record, &[])?;
    }
    if !args.listen.ip().is_loopback() {
        eprintln!(
            "warning: listening on {}: games (and anyone) on other machines can connect",
            args.listen
        );
    }
    let options = Options {
        allowed_origins: args.allow_origin.clone(),
        ..Options::default()
    };
    let server = Server::start(args.listen, options)
        .map_err(|e| Failure::Input(format!("cannot listen on {}: {e}", args.listen)))?;
    outln!("listening on {}", server.local_addr());
    let _ = std::io::stdout().flush();
    let started = Instant::now();
    let deadline = args.seconds.map(Duration::from_secs_f64);
    let mut any = false;
    loop {
        for event in server.events() {
            any |= matches!(event, Event::Connected(_));
            report(&server, &event, &args.set);
        }
        let left = any && server.games().iter().all(|g| !g.connected);
        let late = deadline.is_some_and(|d| started.elapsed() >= d);
        if left || late {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    for event in server.events() {
        report(&server, &event, &args.set);
    }
    // Copies (their frames are shared, not copied): nothing is printed or written while
    // the games' list is locked.
    let games: Vec<Game> = server.games().iter().map(Game::of).collect();
    let mut round_trips: Vec<f64> = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let c = &game.capture;
        let ticks = match (c.frames.first(), c.frames.last()) {
            (Some(a), Some(b)) => format!("ticks {} to {}", a.tick, b.tick),
            _ => "no frames".into(),
        };
        outln!(
            "game {} \"{}\" from {}{}: {} frames ({ticks}), {} rows",
            index + 1,
            steerlab::core::text::escape(c.name()),
            game.peer,
            if game.websocket { " (WebSocket)" } else { "" },
            c.frames.len(),
            c.rows()
        );
        for a in &c.applied {
            let trip = a.round_trip.map_or_else(String::new, |t| {
                round_trips.push(t.as_secs_f64() * 1000.0);
                format!(" (round trip {:.2} ms)", t.as_secs_f64() * 1000.0)
            });
            outln!(
                "  applied {} = {} from tick {}{trip}",
                a.name,
                a.value,
                a.tick
            );
        }
        if let Some(problem) = &game.problem {
            outln!("  closed: {}", steerlab::core::text::escape(problem));
        }
        if let Some(record) = &args.record {
            if c.frames.is_empty() {
                continue;
            }
            let path = record_path(record, index);
            steerlab::files::write_output(&path, &[], |out| c.write_csv(out))
                .map_err(|e| Failure::Input(e.to_string()))?;
            let opens = if c.is_recording() {
                ""
            } else {
                " (it needs a target and a missile over two ticks to open as a recording)"
            };
            outln!("  recorded to {}{opens}", path.display());
        }
    }
    if !round_trips.is_empty() {
        round_trips.sort_by(f64::total_cmp);
        let at = |q: f64| round_trips[((round_trips.len() - 1) as f64 * q).round() as usize];
        outln!(
            "set round trips: {}, median {:.2} ms, p99 {:.2} ms",
            round_trips.len(),
            at(0.5),
            at(0.99)
        );
    }
    Ok(())
}

/// What the summary needs of a game.
struct Game {
    peer: std::net::SocketAddr,
    websocket: bool,
    problem: Option<String>,
    capture: steerlab::live::Capture,
}

impl Game {
    fn of(game: &steerlab::live::Game) -> Self {
        Self {
            peer: game.peer,
            websocket: game.websocket,
            problem: game.problem.clone(),
            capture: game.capture.clone(),
        }
    }
}

/// Says what happened on stderr, and sends a game that declares its parameters the
/// `--set`s it has.
fn report(server: &Server, event: &Event, sets: &[(String, f64)]) {
    let name = |index: usize| {
        steerlab::core::text::escape(server.games()[index].capture.name()).to_string()
    };
    match event {
        Event::Connected(i) => {
            let peer = server.games()[*i].peer;
            eprintln!("game {} connected from {peer}", i + 1)
        }
        Event::Hello(i) => eprintln!("game {} is \"{}\"", i + 1, name(*i)),
        Event::Params(i) => {
            let declared: Vec<String> = server.games()[*i]
                .capture
                .params
                .iter()
                .map(|p| p.name.clone())
                .collect();
            eprintln!("game {} declares: {}", i + 1, declared.join(", "));
            for (param, value) in sets {
                if let Err(e) = server.set(*i, param, *value) {
                    eprintln!("warning: --set {param}={value}: {e}");
                }
            }
        }
        Event::Applied(i, a) => eprintln!(
            "game {} applied {} = {} from tick {}",
            i + 1,
            a.name,
            a.value,
            a.tick
        ),
        Event::Closed(i, None) => eprintln!("game {} (\"{}\") left", i + 1, name(*i)),
        Event::Closed(i, Some(problem)) => eprintln!(
            "game {} (\"{}\") closed: {}",
            i + 1,
            name(*i),
            steerlab::core::text::escape(problem)
        ),
        Event::Refused(peer, reason) => {
            eprintln!("refused {peer}: {}", steerlab::core::text::escape(reason))
        }
    }
}
