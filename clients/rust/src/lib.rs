//! steerlab's live link for a Rust game (Bevy, macroquad, your own loop): stream your
//! missiles and targets to steerlab every tick, declare your tunables, and take the
//! values steerlab sets back. The protocol is `docs/live.md` (newline-delimited JSON
//! over TCP). Nothing here blocks your game: reads are non-blocking, and if steerlab is
//! not running the link works offline (it can still write the CSV recording).
//!
//! ```no_run
//! use steerlab_link::{Entity, Kind, Link};
//! let mut link = Link::new("my game", 60);
//! link.connect("127.0.0.1:7878").ok(); // offline if steerlab is not there
//! link.declare("gain", 0.0, 20.0, 2.0, "1/s");
//! for tick in 0..600 {
//!     link.poll(); // takes `set`s: link.value("gain") is the current value
//!     let gain = link.value("gain").unwrap();
//!     // ... step your game with `gain` ...
//!     let missile = Entity::new(7, Kind::Missile, 10.0, 20.0, 150.0, 0.0, 0.0);
//!     link.frame(tick, tick as f64 / 60.0, &[missile]);
//! }
//! link.close();
//! ```

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, ErrorKind, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::path::Path;
use std::time::Duration;

/// The protocol version this client speaks.
pub const PROTOCOL: u32 = 1;

/// What an entity is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Target,
    Missile,
}

/// One entity's state at a tick (a row of the recording).
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    /// Targets and missiles are numbered apart; a new missile takes a new id.
    pub id: u64,
    pub kind: Kind,
    /// What flies it, in your words (optional: empty).
    pub label: String,
    pub x: f64,
    pub y: f64,
    pub vx: f64,
    pub vy: f64,
    /// Radians.
    pub heading: f64,
    /// The acceleration your law commanded this tick, if you want it shown.
    pub accel: Option<[f64; 2]>,
    /// Where your seeker sees the target, if you want it shown.
    pub seen: Option<[f64; 2]>,
}

impl Entity {
    /// An entity with no label, commanded acceleration or seeker position.
    pub fn new(id: u64, kind: Kind, x: f64, y: f64, vx: f64, vy: f64, heading: f64) -> Self {
        Self {
            id,
            kind,
            label: String::new(),
            x,
            y,
            vx,
            vy,
            heading,
            accel: None,
            seen: None,
        }
    }
}

/// One of your tunables.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub min: f64,
    pub max: f64,
    pub default: f64,
    pub unit: String,
    /// Its value now.
    pub value: f64,
}

/// What steerlab asked for, as [`Link::poll`] returns it.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A parameter was set (already applied: [`Link::value`] gives it).
    Set { name: String, value: f64 },
    /// Stop your clock if you can ([`Link::paused`] is now true).
    Pause,
    /// Run one tick while paused.
    Step,
    /// Start your clock again.
    Resume,
    /// steerlab closed the link for a problem (also in [`Link::error`]).
    Error(String),
}

/// The link to steerlab.
pub struct Link {
    game: String,
    tick_rate: u32,
    stream: Option<TcpStream>,
    incoming: Vec<u8>,
    params: Vec<Param>,
    record: Option<BufWriter<File>>,
    /// The tick of the next frame (a `set` is applied from it).
    next_tick: u64,
    /// Whether steerlab asked the game to pause (and has not asked it to resume).
    pub paused: bool,
    /// The last problem steerlab reported, or the connection's; the link is offline after.
    pub error: Option<String>,
}

impl Link {
    /// A link for your game (its name, its ticks per second), not yet connected.
    pub fn new(game: &str, tick_rate: u32) -> Self {
        Self {
            game: game.to_string(),
            tick_rate,
            stream: None,
            incoming: Vec::new(),
            params: Vec::new(),
            record: None,
            next_tick: 0,
            paused: false,
            error: None,
        }
    }

    /// Connects to steerlab (`steerlab --listen 7878` or `steerlab live --listen 7878`)
    /// and says hello; waits at most a second. On failure the link stays offline.
    pub fn connect(&mut self, addr: impl ToSocketAddrs) -> io::Result<()> {
        let addr = addr
            .to_socket_addrs()?
            .next()
            .ok_or_else(|| io::Error::new(ErrorKind::NotFound, "no such address"))?;
        let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(1))?;
        stream.set_nodelay(true)?;
        stream.set_nonblocking(true)?;
        self.stream = Some(stream);
        self.send(&format!(
            "{{\"type\":\"hello\",\"protocol\":{PROTOCOL},\"game\":{},\"tick_rate\":{}}}",
            json_text(&self.game),
            self.tick_rate
        ));
        if !self.params.is_empty() {
            self.send_params();
        }
        Ok(())
    }

    /// Whether the link is connected.
    pub fn connected(&self) -> bool {
        self.stream.is_some()
    }

    /// Also writes every frame to a CSV recording (steerlab opens it, and it is the same
    /// file `steerlab live --record` writes), with or without steerlab running.
    pub fn record(&mut self, path: impl AsRef<Path>) -> io::Result<()> {
        let mut out = BufWriter::new(File::create(path)?);
        writeln!(
            out,
            "# {} recorded by steerlab-link, {} ticks per second",
            self.game.replace(['\n', '\r'], " "),
            self.tick_rate
        )?;
        writeln!(
            out,
            "tick,time,id,kind,algorithm,x,y,vx,vy,heading,ax,ay,seen_x,seen_y"
        )?;
        self.record = Some(out);
        Ok(())
    }

    /// Declares a tunable (sent at once, and again on connecting).
    pub fn declare(&mut self, name: &str, min: f64, max: f64, default: f64, unit: &str) {
        self.params.retain(|p| p.name != name);
        self.params.push(Param {
            name: name.into(),
            min,
            max,
            default,
            unit: unit.into(),
            value: default,
        });
        self.send_params();
    }

    /// A parameter's value now.
    pub fn value(&self, name: &str) -> Option<f64> {
        self.params.iter().find(|p| p.name == name).map(|p| p.value)
    }

    /// The declared parameters.
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    fn send_params(&mut self) {
        let mut list = String::new();
        for (k, p) in self.params.iter().enumerate() {
            let _ = write!(
                list,
                "{}{{\"name\":{},\"min\":{},\"max\":{},\"default\":{},\"value\":{},\"unit\":{}}}",
                if k == 0 { "" } else { "," },
                json_text(&p.name),
                json_number(p.min),
                json_number(p.max),
                json_number(p.default),
                json_number(p.value),
                json_text(&p.unit)
            );
        }
        self.send(&format!("{{\"type\":\"params\",\"params\":[{list}]}}"));
    }

    /// Reads what steerlab sent since the last call and applies it: a `set` changes the
    /// parameter and is answered with `applied` (from the next frame's tick).
    pub fn poll(&mut self) -> Vec<Request> {
        let mut requests = Vec::new();
        let Some(stream) = self.stream.as_mut() else {
            return requests;
        };
        let mut chunk = [0u8; 4096];
        loop {
            match stream.read(&mut chunk) {
                Ok(0) => {
                    self.stream = None;
                    break;
                }
                Ok(n) => self.incoming.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => {
                    self.error = Some(e.to_string());
                    self.stream = None;
                    break;
                }
            }
        }
        while let Some(end) = self.incoming.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.incoming.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line);
            if let Some(request) = self.take(&flat_object(line.trim())) {
                requests.push(request);
            }
        }
        requests
    }

    /// Acts on one message from steerlab.
    fn take(&mut self, fields: &[(String, Json)]) -> Option<Request> {
        let text = |key: &str| match fields.iter().find(|(k, _)| k == key) {
            Some((_, Json::Text(t))) => t.clone(),
            _ => String::new(),
        };
        let number = |key: &str| match fields.iter().find(|(k, _)| k == key) {
            Some((_, Json::Number(n))) => Some(*n),
            _ => None,
        };
        match text("type").as_str() {
            "set" => {
                let (name, value) = (text("name"), number("value")?);
                let param = self.params.iter_mut().find(|p| p.name == name)?;
                param.value = value;
                let tick = self.next_tick;
                self.send(&format!(
                    "{{\"type\":\"applied\",\"name\":{},\"value\":{},\"tick\":{tick}}}",
                    json_text(&name),
                    json_number(value)
                ));
                Some(Request::Set { name, value })
            }
            "pause" => {
                self.paused = true;
                Some(Request::Pause)
            }
            "step" => Some(Request::Step),
            "resume" => {
                self.paused = false;
                Some(Request::Resume)
            }
            "error" => {
                let message = format!("{}: {}", text("field"), text("message"));
                self.error = Some(message.clone());
                self.stream = None;
                Some(Request::Error(message))
            }
            _ => None,
        }
    }

    /// Sends (and records) the frame of `tick`: every entity's state after the tick.
    pub fn frame(&mut self, tick: u64, time: f64, entities: &[Entity]) {
        self.next_tick = tick + 1;
        if let Some(out) = self.record.as_mut() {
            for e in entities {
                let _ = writeln!(out, "{}", csv_row(tick, time, e));
            }
        }
        if self.stream.is_none() {
            return;
        }
        let mut list = String::new();
        for (k, e) in entities.iter().enumerate() {
            if k > 0 {
                list.push(',');
            }
            entity_json(&mut list, e);
        }
        self.send(&format!(
            "{{\"type\":\"frame\",\"tick\":{tick},\"time\":{},\"entities\":[{list}]}}",
            json_number(time)
        ));
    }

    /// Says goodbye and closes the link and the recording.
    pub fn close(mut self) {
        self.send("{\"type\":\"bye\"}");
        if let Some(mut out) = self.record.take() {
            let _ = out.flush();
        }
    }

    /// Sends one line; a connection that fails goes offline. (A frame is written whole:
    /// for a moment the socket blocks rather than send half a line.)
    fn send(&mut self, line: &str) {
        let Some(stream) = self.stream.as_mut() else {
            return;
        };
        let sent = stream
            .set_nonblocking(false)
            .and_then(|()| stream.write_all(line.as_bytes()))
            .and_then(|()| stream.write_all(b"\n"))
            .and_then(|()| stream.set_nonblocking(true));
        if let Err(e) = sent {
            self.error = Some(e.to_string());
            self.stream = None;
        }
    }
}

fn kind_word(kind: Kind) -> &'static str {
    match kind {
        Kind::Target => "target",
        Kind::Missile => "missile",
    }
}

/// A number as JSON: the shortest text that reads back to the same f64 (a NaN or an
/// infinity, which JSON cannot hold, as `null`, which steerlab refuses by name).
fn json_number(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        "null".into()
    }
}

/// Text as a JSON string.
fn json_text(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn entity_json(out: &mut String, e: &Entity) {
    let _ = write!(
        out,
        "{{\"id\":{},\"kind\":\"{}\",\"x\":{},\"y\":{},\"vx\":{},\"vy\":{},\"heading\":{}",
        e.id,
        kind_word(e.kind),
        json_number(e.x),
        json_number(e.y),
        json_number(e.vx),
        json_number(e.vy),
        json_number(e.heading)
    );
    if !e.label.is_empty() {
        let _ = write!(out, ",\"label\":{}", json_text(&e.label));
    }
    if let Some([ax, ay]) = e.accel {
        let _ = write!(
            out,
            ",\"ax\":{},\"ay\":{}",
            json_number(ax),
            json_number(ay)
        );
    }
    if let Some([sx, sy]) = e.seen {
        let _ = write!(
            out,
            ",\"seen_x\":{},\"seen_y\":{}",
            json_number(sx),
            json_number(sy)
        );
    }
    out.push('}');
}

/// One CSV row (steerlab's recording columns; a label with a comma or quote is quoted).
fn csv_row(tick: u64, time: f64, e: &Entity) -> String {
    let pair = |p: Option<[f64; 2]>| p.map_or(",".to_string(), |[a, b]| format!("{a},{b}"));
    let label = if e.label.contains([',', '"', '\n']) {
        format!("\"{}\"", e.label.replace('"', "\"\""))
    } else {
        e.label.clone()
    };
    format!(
        "{tick},{time},{},{},{label},{},{},{},{},{},{},{}",
        e.id,
        kind_word(e.kind),
        e.x,
        e.y,
        e.vx,
        e.vy,
        e.heading,
        pair(e.accel),
        pair(e.seen)
    )
}

/// A value in steerlab's messages.
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Text(String),
    Number(f64),
    Other,
}

/// Reads a flat JSON object (what steerlab sends: text and number values) into its
/// fields; anything else reads as no fields.
fn flat_object(line: &str) -> Vec<(String, Json)> {
    let mut fields = Vec::new();
    let mut chars = line.trim().chars().peekable();
    if chars.next() != Some('{') {
        return fields;
    }
    loop {
        skip_spaces(&mut chars);
        match chars.next() {
            Some('"') => {}
            _ => return fields,
        }
        let key = read_text(&mut chars);
        skip_spaces(&mut chars);
        if chars.next() != Some(':') {
            return fields;
        }
        skip_spaces(&mut chars);
        let value = match chars.peek() {
            Some('"') => {
                chars.next();
                Json::Text(read_text(&mut chars))
            }
            _ => {
                let mut raw = String::new();
                while let Some(&c) = chars.peek() {
                    if c == ',' || c == '}' {
                        break;
                    }
                    raw.push(c);
                    chars.next();
                }
                raw.trim().parse().map_or(Json::Other, Json::Number)
            }
        };
        fields.push((key, value));
        skip_spaces(&mut chars);
        if chars.next() != Some(',') {
            return fields;
        }
    }
}

fn skip_spaces(chars: &mut std::iter::Peekable<std::str::Chars>) {
    while chars.peek().is_some_and(|c| c.is_whitespace()) {
        chars.next();
    }
}

/// The rest of a JSON string after its opening quote.
fn read_text(chars: &mut std::iter::Peekable<std::str::Chars>) -> String {
    let mut text = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some('n') => text.push('\n'),
                Some('t') => text.push('\t'),
                Some('r') => text.push('\r'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        text.push(c);
                    }
                }
                Some(c) => text.push(c),
                None => break,
            },
            c => text.push(c),
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steerlabs_messages_read_as_their_fields() {
        let fields = flat_object(r#"{"name":"gain","type":"set","value":6.5}"#);
        assert_eq!(
            fields,
            [
                ("name".to_string(), Json::Text("gain".into())),
                ("type".to_string(), Json::Text("set".into())),
                ("value".to_string(), Json::Number(6.5)),
            ]
        );
        let error = flat_object(
            r#"{ "field" : "entities[0].x", "message": "a \"b\"\n\u00e9", "type":"error" }"#,
        );
        assert_eq!(error[1].1, Json::Text("a \"b\"\né".into()));
        assert_eq!(error[2].1, Json::Text("error".into()));
        assert!(flat_object("not json").is_empty());
        assert_eq!(flat_object(r#"{"a":true}"#)[0].1, Json::Other);
    }

    #[test]
    fn numbers_and_text_are_written_as_json_that_reads_back_exactly() {
        for v in [0.1, -0.0, 1.0 / 3.0, 1e300, 5e-324, 150.0] {
            assert_eq!(
                json_number(v).parse::<f64>().unwrap().to_bits(),
                v.to_bits()
            );
        }
        assert_eq!(json_number(f64::NAN), "null");
        assert_eq!(json_number(f64::INFINITY), "null");
        assert_eq!(json_text("a\"b\\c\n"), r#""a\"b\\c\u000a""#);
    }

    #[test]
    fn a_set_changes_the_value_and_pause_and_resume_the_flag() {
        let mut link = Link::new("test", 60);
        link.declare("gain", 0.0, 20.0, 2.0, "1/s");
        assert_eq!(link.value("gain"), Some(2.0));
        let set = flat_object(r#"{"type":"set","name":"gain","value":6}"#);
        assert_eq!(
            link.take(&set),
            Some(Request::Set {
                name: "gain".into(),
                value: 6.0
            })
        );
        assert_eq!(link.value("gain"), Some(6.0));
        assert_eq!(
            link.take(&flat_object(r#"{"type":"set","name":"other","value":6}"#)),
            None
        );
        assert_eq!(
            link.take(&flat_object(r#"{"type":"pause"}"#)),
            Some(Request::Pause)
        );
        assert!(link.paused);
        assert_eq!(
            link.take(&flat_object(r#"{"type":"step"}"#)),
            Some(Request::Step)
        );
        assert!(link.paused);
        assert_eq!(
            link.take(&flat_object(r#"{"type":"resume"}"#)),
            Some(Request::Resume)
        );
        assert!(!link.paused);
        let error = flat_object(r#"{"type":"error","field":"tick","message":"expected 3"}"#);
        assert_eq!(
            link.take(&error),
            Some(Request::Error("tick: expected 3".into()))
        );
        assert_eq!(link.error.as_deref(), Some("tick: expected 3"));
    }

    #[test]
    fn a_row_has_steerlabs_columns_with_empty_cells_for_what_is_not_given() {
        let mut e = Entity::new(7, Kind::Missile, 1.5, -2.0, 150.0, 0.0, 0.25);
        assert_eq!(
            csv_row(3, 0.05, &e),
            "3,0.05,7,missile,,1.5,-2,150,0,0.25,,,,"
        );
        e.label = "pro, nav \"x\"".into();
        e.accel = Some([1.0, 2.0]);
        e.seen = Some([3.0, 4.0]);
        assert_eq!(
            csv_row(3, 0.05, &e),
            "3,0.05,7,missile,\"pro, nav \"\"x\"\"\",1.5,-2,150,0,0.25,1,2,3,4"
        );
        let mut json = String::new();
        entity_json(&mut json, &e);
        assert_eq!(
            json,
            r#"{"id":7,"kind":"missile","x":1.5,"y":-2,"vx":150,"vy":0,"heading":0.25,"label":"pro, nav \"x\"","ax":1,"ay":2,"seen_x":3,"seen_y":4}"#
        );
    }

    /// A stand-in for steerlab: a listener the link connects to, read line by line.
    struct Steerlab {
        reader: std::io::BufReader<TcpStream>,
        writer: TcpStream,
    }

    impl Steerlab {
        fn attach(link: &mut Link) -> Steerlab {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            link.connect(listener.local_addr().unwrap()).unwrap();
            let (stream, _) = listener.accept().unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .unwrap();
            Steerlab {
                reader: std::io::BufReader::new(stream.try_clone().unwrap()),
                writer: stream,
            }
        }

        fn line(&mut self) -> String {
            let mut line = String::new();
            std::io::BufRead::read_line(&mut self.reader, &mut line).unwrap();
            line.trim_end().to_string()
        }

        fn say(&mut self, line: &str) {
            self.writer.write_all(line.as_bytes()).unwrap();
            self.writer.write_all(b"\n").unwrap();
        }
    }

    /// Polls until something comes (at most 5 s).
    fn poll_until(link: &mut Link) -> Vec<Request> {
        for _ in 0..5000 {
            let got = link.poll();
            if !got.is_empty() {
                return got;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("nothing came");
    }

    #[test]
    fn over_a_socket_the_link_says_hello_streams_frames_answers_a_set_and_says_bye() {
        let dir = std::env::temp_dir().join(format!("steerlab-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let csv = dir.join("own.csv");
        let mut link = Link::new("sock \"test\"", 30);
        link.declare("gain", 0.0, 20.0, 2.0, "1/s");
        link.declare("gain", 0.0, 10.0, 3.0, "1/s");
        link.declare("lag", -1.0, 1.0, 0.0, "s");
        assert_eq!(link.params().len(), 2, "a name declared again replaces it");
        assert!(!link.connected());
        link.record(&csv).unwrap();
        let mut steerlab = Steerlab::attach(&mut link);
        assert!(link.connected());
        assert_eq!(
            steerlab.line(),
            r#"{"type":"hello","protocol":1,"game":"sock \"test\"","tick_rate":30}"#
        );
        assert_eq!(
            steerlab.line(),
            r#"{"type":"params","params":[{"name":"gain","min":0,"max":10,"default":3,"value":3,"unit":"1/s"},{"name":"lag","min":-1,"max":1,"default":0,"value":0,"unit":"s"}]}"#
        );
        // Nothing to read: the link stays connected and says nothing.
        assert!(link.poll().is_empty());
        assert!(link.connected());
        let a = Entity::new(1, Kind::Target, 1.0, 2.0, 3.0, 4.0, 0.5);
        let b = Entity::new(2, Kind::Missile, 5.0, 6.0, 7.0, 8.0, 0.25);
        link.frame(4, 0.125, &[a.clone(), b.clone()]);
        assert_eq!(
            steerlab.line(),
            r#"{"type":"frame","tick":4,"time":0.125,"entities":[{"id":1,"kind":"target","x":1,"y":2,"vx":3,"vy":4,"heading":0.5},{"id":2,"kind":"missile","x":5,"y":6,"vx":7,"vy":8,"heading":0.25}]}"#
        );
        // Two messages in one write: a set (answered from the next frame's tick) and a pause.
        steerlab.say("{\"type\":\"set\",\"name\":\"gain\",\"value\":7.5}\n{\"type\":\"pause\"}");
        let mut got = poll_until(&mut link);
        if got.len() == 1 {
            got.extend(poll_until(&mut link));
        }
        assert_eq!(
            got,
            [
                Request::Set {
                    name: "gain".into(),
                    value: 7.5
                },
                Request::Pause
            ]
        );
        assert_eq!(
            steerlab.line(),
            r#"{"type":"applied","name":"gain","value":7.5,"tick":5}"#
        );
        link.frame(5, 5.0 / 30.0, &[a]);
        assert!(steerlab.line().starts_with(r#"{"type":"frame","tick":5,"#));
        link.close();
        assert_eq!(steerlab.line(), r#"{"type":"bye"}"#);
        let text = std::fs::read_to_string(&csv).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(
            rows[0],
            "# sock \"test\" recorded by steerlab-link, 30 ticks per second"
        );
        assert_eq!(
            rows[1],
            "tick,time,id,kind,algorithm,x,y,vx,vy,heading,ax,ay,seen_x,seen_y"
        );
        assert_eq!(
            &rows[2..],
            [
                csv_row(
                    4,
                    0.125,
                    &Entity::new(1, Kind::Target, 1.0, 2.0, 3.0, 4.0, 0.5)
                ),
                csv_row(4, 0.125, &b),
                csv_row(
                    5,
                    5.0 / 30.0,
                    &Entity::new(1, Kind::Target, 1.0, 2.0, 3.0, 4.0, 0.5)
                )
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_link_that_steerlab_leaves_or_refuses_goes_offline_and_keeps_recording() {
        let mut link = Link::new("left", 60);
        let mut steerlab = Steerlab::attach(&mut link);
        steerlab.line();
        steerlab.say(r#"{"type":"error","field":"tick","message":"expected 1"}"#);
        assert_eq!(
            poll_until(&mut link),
            [Request::Error("tick: expected 1".into())]
        );
        assert!(!link.connected());
        assert!(link.poll().is_empty(), "offline: nothing more to read");
        let mut other = Link::new("closed", 60);
        let steerlab = Steerlab::attach(&mut other);
        drop(steerlab);
        for _ in 0..5000 {
            other.poll();
            if !other.connected() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(
            !other.connected(),
            "steerlab closing the socket takes the link offline"
        );
        // Connecting where nothing listens fails and leaves the link offline.
        let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = free.local_addr().unwrap();
        drop(free);
        let mut lonely = Link::new("alone", 60);
        assert!(lonely.connect(addr).is_err());
        assert!(!lonely.connected());
        assert!(lonely.record("/nonexistent-folder/x.csv").is_err());
    }
}
