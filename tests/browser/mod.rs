//! Headless Chromium for the web page's tests: a static server on 127.0.0.1 for the
//! built page (`web/build.sh` writes it to `target/web`), and a browser driven over the
//! DevTools protocol, which tells console messages by level, evaluates expressions and
//! takes screenshots. Both stop when dropped.

#![allow(dead_code)] // each test binary uses its own part

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The built page, or a panic saying how to build it.
pub fn site() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    let site = target.join("web");
    assert!(
        site.join("steerlab.wasm").is_file(),
        "{} has no steerlab.wasm: build the page first with web/build.sh",
        site.display()
    );
    site
}

/// Serves a folder's files on 127.0.0.1 (GET only, no listings).
pub struct Server {
    pub port: u16,
    stop: Arc<AtomicBool>,
}

impl Server {
    pub fn start(root: PathBuf) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream {
                    let root = root.clone();
                    std::thread::spawn(move || serve(stream, &root));
                }
            }
        });
        Server { port, stop }
    }

    pub fn url(&self, rest: &str) -> String {
        format!("http://127.0.0.1:{}/{rest}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

fn serve(mut stream: TcpStream, root: &Path) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).map_or(true, |n| n == 0) || header.trim().is_empty() {
            break;
        }
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let path = if path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    let file = root.join(path.trim_start_matches('/'));
    let inside = !path.contains("..");
    match std::fs::read(&file) {
        Ok(body) if inside => {
            let kind = match file.extension().and_then(|e| e.to_str()) {
                Some("html") => "text/html; charset=utf-8",
                Some("js") => "text/javascript",
                Some("wasm") => "application/wasm",
                _ => "application/octet-stream",
            };
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&body);
        }
        _ => {
            let _ = stream.write_all(
                b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            );
        }
    }
}

/// A console message or uncaught exception.
#[derive(Clone, Debug)]
pub struct Console {
    /// `log`, `warning`, `error`, ... (`exception` for an uncaught one).
    pub level: String,
    pub text: String,
}

/// Headless Chromium with one page.
pub struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    pub console: Vec<Console>,
    /// Every other event, oldest first.
    pub events: Vec<Value>,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts Chromium (`/usr/bin/chromium`, or `CHROMIUM`) with a `width` x `height`
    /// page on `about:blank`.
    pub fn start(width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "chromium".into());
        // The flags of a closed network (no background connections) and of a machine
        // without a GPU (WebGL through SwiftShader).
        let mut child = Command::new(&binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                &format!("--window-size={width},{height}"),
                &format!("--user-data-dir={}", profile.path().display()),
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {binary}: {e} (apt-get install chromium)"));
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let address = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("Chromium printed no DevTools address");
        let (socket, _) = tungstenite::connect(address.as_str()).unwrap();
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream
                .set_read_timeout(Some(Duration::from_millis(200)))
                .unwrap();
        }
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            console: Vec::new(),
            events: Vec::new(),
            _profile: profile,
        };
        let targets = browser.call("Target.getTargets", json!({}));
        let page = targets["targetInfos"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .expect("a page")["targetId"]
            .clone();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": page, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            browser.call(domain, json!({}));
        }
        // The page's own size, whatever the window around it takes.
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser
    }

    /// Sends a command (to the page once attached) and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::Text(message.to_string().into()))
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            assert!(Instant::now() < deadline, "no answer to {method}");
            if let Some(reply) = self.receive() {
                if reply["id"] == id {
                    if let Some(error) = reply.get("error") {
                        panic!("{method}: {error}");
                    }
                    return reply["result"].clone();
                }
            }
        }
    }

    /// One message, if one comes within the read timeout; console events are kept.
    fn receive(&mut self) -> Option<Value> {
        let text = match self.socket.read() {
            Ok(Message::Text(text)) => text.to_string(),
            Ok(_) => return None,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return None
            }
            Err(e) => panic!("the DevTools connection failed: {e}"),
        };
        let message: Value = serde_json::from_str(&text).unwrap();
        let params = &message["params"];
        match message["method"].as_str() {
            Some("Runtime.consoleAPICalled") => {
                let text: Vec<String> = params["args"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|a| a["value"].as_str().map_or(a.to_string(), str::to_string))
                    .collect();
                self.console.push(Console {
                    level: params["type"].as_str().unwrap_or("?").to_string(),
                    text: text.join(" "),
                });
            }
            Some("Runtime.exceptionThrown") => self.console.push(Console {
                level: "exception".into(),
                text: params["exceptionDetails"].to_string(),
            }),
            Some("Log.entryAdded") => self.console.push(Console {
                level: params["entry"]["level"].as_str().unwrap_or("?").to_string(),
                text: params["entry"]["text"].as_str().unwrap_or("").to_string(),
            }),
            Some(_) => self.events.push(message.clone()),
            None => {}
        }
        Some(message)
    }

    /// Opens `url` in the page, loaded afresh (a link that differs only after `#` from
    /// the page open would otherwise not reload it); console messages start over.
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": "about:blank"}));
        self.wait(0.2);
        self.console.clear();
        self.call("Page.navigate", json!({"url": url}));
    }

    /// The value of a JavaScript expression in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        result["result"]["value"].clone()
    }

    /// Waits (up to `seconds`) until `expression` is true in the page.
    pub fn wait_for(&mut self, expression: &str, seconds: u64) {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        while self.eval(expression) != json!(true) {
            assert!(
                Instant::now() < deadline,
                "waited {seconds} s for `{expression}`; the page said: {:#?}",
                self.console
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Lets the page run for `seconds` of wall time, keeping its console messages.
    pub fn wait(&mut self, seconds: f64) {
        let deadline = Instant::now() + Duration::from_secs_f64(seconds);
        while Instant::now() < deadline {
            self.receive();
        }
    }

    /// A left click at a point of the page, in CSS pixels.
    pub fn click(&mut self, x: f64, y: f64) {
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
            self.wait(0.1);
        }
    }

    /// A left click at `(x, y)` with Shift held (the key pressed before, released after).
    pub fn shift_click(&mut self, x: f64, y: f64) {
        let shift = |kind: &str| {
            json!({"type": kind, "key": "Shift", "code": "ShiftLeft",
                   "windowsVirtualKeyCode": 16, "modifiers": 8})
        };
        self.call("Input.dispatchKeyEvent", shift("rawKeyDown"));
        self.wait(0.1);
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left",
                       "clickCount": 1, "modifiers": 8}),
            );
            self.wait(0.1);
        }
        self.call("Input.dispatchKeyEvent", shift("keyUp"));
        self.wait(0.1);
    }

    /// Ctrl and a letter key (`o`), pressed and released.
    pub fn ctrl_key(&mut self, letter: char) {
        let upper = letter.to_ascii_uppercase();
        let ctrl = |kind: &str| {
            json!({"type": kind, "key": "Control", "code": "ControlLeft",
                   "windowsVirtualKeyCode": 17, "modifiers": 2})
        };
        let key = |kind: &str| {
            json!({"type": kind, "key": letter.to_string(), "code": format!("Key{upper}"),
                   "windowsVirtualKeyCode": upper as u32, "modifiers": 2})
        };
        self.call("Input.dispatchKeyEvent", ctrl("rawKeyDown"));
        self.call("Input.dispatchKeyEvent", key("rawKeyDown"));
        self.wait(0.2);
        self.call("Input.dispatchKeyEvent", key("keyUp"));
        self.call("Input.dispatchKeyEvent", ctrl("keyUp"));
        self.wait(0.1);
    }

    /// Waits (up to `seconds`) for an event named `method`, and takes it.
    pub fn event(&mut self, method: &str, seconds: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        loop {
            if let Some(at) = self.events.iter().position(|e| e["method"] == method) {
                return self.events.remove(at);
            }
            assert!(Instant::now() < deadline, "no {method} in {seconds} s");
            self.receive();
        }
    }

    /// The page as a PNG.
    pub fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine;
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .unwrap()
    }

    /// The console messages at `level` (and uncaught exceptions for `error`).
    pub fn messages(&self, level: &str) -> Vec<&Console> {
        self.console
            .iter()
            .filter(|c| c.level == level || (level == "error" && c.level == "exception"))
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut rest = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut rest);
        }
    }
}
