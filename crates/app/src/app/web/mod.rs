//! The browser build (wasm32): the same window, set up from the page's address instead
//! of the command line. `#NAME` opens a shipped scenario, `#s=...` a scenario carried by
//! the link ([`crate::scenario::link`]); a link that does not read opens the default
//! scenario and says why. `?embed` shows the view alone, for an article's iframe;
//! `?selftest` first prints the state hash of every shipped scenario after
//! [`SELFTEST_TICKS`] ticks, to compare with `steerlab selftest` on the desktop.
//! `?bench` reports when the first frame was drawn, then runs the open scenario's
//! sweep as the Sweep panel's Run does and reports how fast it went.
//!
//! What the desktop does with files the page does with the browser: files live in
//! memory ([`crate::files::memory`]), Open… uploads, a save downloads ([`js`]).

pub mod js;

use super::frame::Frame;
use super::session::Session;
use crate::headless::{selftest, SELFTEST_TICKS};
use crate::scenario::link::{self, Linked};
use crate::scenario::{presets, Scenario};
use macroquad::prelude::next_frame;
use std::path::Path;

/// Starts the page's window (called by the page's loader through `main`).
pub fn main() {
    macroquad::Window::from_config(super::window::window_conf(None, 1), run());
}

/// How the page was asked for, from its query (`?embed&selftest`).
struct Query {
    embed: bool,
    selftest: bool,
    bench: bool,
}

fn query() -> Query {
    let parameters = quad_url::get_program_parameters();
    let has = |name: &str| {
        parameters
            .iter()
            .skip(1)
            .any(|p| p.trim_start_matches('-').split('=').next() == Some(name))
    };
    Query {
        embed: has("embed"),
        selftest: has("selftest"),
        bench: has("bench"),
    }
}

async fn run() {
    let query = query();
    if query.selftest {
        for (name, hash) in selftest(SELFTEST_TICKS) {
            let line = match hash {
                Ok(hash) => format!("selftest {name} {hash:016x}"),
                Err(why) => format!("selftest {name} error: {why}"),
            };
            js::log(&line, false);
            js::report(&line);
        }
        js::report("selftest done");
    }
    let (scenario, what, problem) = opening(&quad_url::get_hash());
    // Greek and Cyrillic labels in the view (no system fonts on the page for CJK).
    let _ = super::fonts::install_scene();
    let mut session = Session::new(scenario, None);
    session.messages.status = Some(format!("opened {what}"));
    if let Some(problem) = problem {
        js::log(&problem, true);
        session.messages.error = Some(problem);
    }
    session.restart();
    session.open_view();
    let mut frame = Frame::new(session);
    frame.set_embed(query.embed);
    let mut shown = Shown {
        title: None,
        opened: frame.session.doc.opened,
        dirty: false,
        error: None,
    };
    let mut bench = query.bench.then_some(Bench::FirstFrame);
    loop {
        frame.run(macroquad::time::get_frame_time());
        page(&mut frame, &mut shown);
        next_frame().await;
        if let Some(at) = &mut bench {
            at.after_frame(&mut frame.session);
        }
    }
}

/// Where `?bench` is: the first frame, then the sweep, then done.
enum Bench {
    FirstFrame,
    Sweeping,
    Done,
}

impl Bench {
    fn after_frame(&mut self, session: &mut Session) {
        match self {
            Bench::FirstFrame => {
                Bench::say(&format!(
                    "bench first frame {:.0} ms after the page began loading",
                    js::since_load()
                ));
                session.sweeps.start(&session.doc.scenario);
                *self = Bench::Sweeping;
            }
            Bench::Sweeping if !session.sweeps.running() => {
                let sweeps = &session.sweeps;
                let said = sweeps.error.as_ref().or(sweeps.status.as_ref());
                Bench::say(&format!("bench sweep {}", said.map_or("?", |s| s.as_str())));
                Bench::say("bench done");
                *self = Bench::Done;
            }
            Bench::Sweeping | Bench::Done => {}
        }
    }

    /// A line in the console and the page's report.
    fn say(line: &str) {
        js::log(line, false);
        js::report(line);
    }
}

/// What the page shows of the session, to update when it changes.
struct Shown {
    /// The scenario's name in the title.
    title: Option<String>,
    /// Which opening of a scenario the address names ([`crate::app::session::Document::opened`]).
    opened: u64,
    /// Whether the page knows of unsaved edits.
    dirty: bool,
    /// The last error written to the page's log.
    error: Option<String>,
}

/// What the page does after each frame: hands written files to the user, takes
/// uploads, shares a link asked for, and keeps the title on the scenario's name
/// (`title`: the name the title shows).
fn page(frame: &mut Frame, shown: &mut Shown) {
    for (path, bytes) in crate::files::memory::take_downloads() {
        let name = path.file_name().map_or_else(
            || "steerlab-file".into(),
            |n| n.to_string_lossy().into_owned(),
        );
        js::download(&name, &bytes);
    }
    let mut opened = None;
    let mut scripts = Vec::new();
    while let Some((name, bytes)) = js::take_upload() {
        match bytes {
            Ok(bytes) => {
                crate::files::memory::put(Path::new(&name), bytes);
                // A script is kept for the scenario that names it (an upload of one it
                // names reloads it); anything else opens, whatever its extension's case
                // (`MOD.RON`), as the desktop opens any file: a recording if `.csv`,
                // else a scenario, whose errors say what is wrong.
                if crate::app::session::is_script(Path::new(&name)) {
                    scripts.push(name);
                } else {
                    opened = Some(name);
                }
            }
            Err(why) => frame.session.messages.error = Some(format!("{name}: {why}")),
        }
    }
    if let Some(name) = opened {
        if let Err(errors) = frame.session.open(Path::new(&name)) {
            frame.session.messages.error = Some(errors.to_string());
        }
    } else if !scripts.is_empty() {
        frame.session.messages.status = Some(format!(
            "uploaded {} (a script the open scenario names reloads)",
            scripts.join(", ")
        ));
    }
    if let Some(fragment) = frame.take_link_request() {
        let url = js::set_fragment(&fragment);
        js::copy(&url);
        frame.session.messages.status = Some(format!(
            "the address bar holds the link ({} characters); copied",
            url.len()
        ));
    }
    // Another scenario opened: the address names it (a shipped one by name; a file or
    // an upload has no address), so a reload opens what is on screen.
    let doc = &frame.session.doc;
    if doc.opened != shown.opened {
        shown.opened = doc.opened;
        js::set_fragment(doc.shipped.unwrap_or(""));
    }
    let dirty = doc.dirty();
    if dirty != shown.dirty {
        js::set_dirty(dirty);
        shown.dirty = dirty;
    }
    // Each new error in the page's log too (the browser's console), for whoever looks
    // there and for the page's tests.
    let error = &frame.session.messages.error;
    if error.is_some() && *error != shown.error {
        js::log(error.as_deref().unwrap_or_default(), true);
    }
    shown.error.clone_from(error);
    let name = &doc.scenario.name;
    if shown.title.as_ref() != Some(name) {
        js::set_title(&format!("steerlab: {name}"));
        shown.title = Some(name.clone());
    }
}

/// The scenario a page's fragment asks for, what to call it, and why the link did not
/// open (then the scenario is the default).
fn opening(fragment: &str) -> (Scenario, String, Option<String>) {
    let fragment = fragment.trim_start_matches('#');
    let default = |why: String| {
        let why = format!("{why}; the default scenario is open instead");
        (
            presets::default_scenario(),
            "the default scenario".into(),
            Some(why),
        )
    };
    if fragment.is_empty() {
        return (
            presets::default_scenario(),
            "the default scenario".into(),
            None,
        );
    }
    let linked = match link::decode(fragment) {
        Ok(linked) => linked,
        Err(why) => return default(why),
    };
    let (what, base) = match &linked {
        Linked::Shipped(name, _) => (name.to_string(), None),
        Linked::Carried(carried) => {
            for (path, text) in &carried.files {
                crate::files::memory::put(Path::new(path), text.clone().into_bytes());
            }
            ("the link's scenario".to_string(), Some(Path::new("")))
        }
    };
    match linked.scenario(base) {
        Ok(scenario) => (scenario, what, None),
        Err(errors) => default(format!("the link's scenario does not open: {errors}")),
    }
}
