//! The window's side of the live link ([`crate::live`], `docs/live.md`): listening for
//! games, showing one game's capture as an opened recording that keeps growing, its
//! parameters sent back as `set`s, and the capture saved as a CSV recording.
//!
//! How the view grows: a game's capture up to its latest frame is made a recording's
//! scenario and run to that tick on a thread of its own (a [`Job`]); the lanes it
//! made replace the window's when it is done, and the next build starts once more
//! frames came. So the window never waits for a game or for a build; the view is as far
//! as the last build got (for a few missiles, a few milliseconds behind the game).
//!
//! A build reads at most [`VIEW_ROWS`] rows, the newest: its cost stays bounded however
//! long the game streams (the view of 1,000 entities holds their last 8 seconds, of a
//! few entities hours). The view's tick 0 is the game's tick [`Attach::tick0`]; the
//! capture (and Save capture) keeps every frame.

use super::breakpoints::{Breakpoints, Stop};
use super::runs::{Lane, Runs};
use super::{Selection, Session};
use crate::guidance::Algorithm;
use crate::live::{Event, Options, Server, ToGame};
use crate::scenario::Scenario;
use std::net::SocketAddr;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

impl Session {
    /// The live link's part of a frame: its news in the panel, and, while a game is
    /// shown, the view grown to the game's latest frame (the run itself does not step:
    /// there is nothing past what the game sent). Returns whether a game is shown.
    pub(super) fn follow_live(&mut self) -> bool {
        for (error, text) in self.live.events() {
            if error {
                self.messages.error = Some(text);
            } else {
                self.messages.status = Some(text);
            }
        }
        if !self.live.showing() {
            return false;
        }
        // Play means "back to now": the run has no frames past the game's.
        if self.runs.playing {
            self.runs.playing = false;
            self.runs.scrub(u64::MAX);
        }
        match self.live.finished() {
            Some(Ok(built)) => self.adopt_live(built),
            Some(Err(e)) => self.messages.error = Some(format!("cannot show the game: {e}")),
            None => {}
        }
        let keep = self.view.trail_keep(self.dt());
        self.live.start_build(&self.runs, keep);
        true
    }

    /// Shows game `game`'s capture as the open scenario, growing as it streams.
    pub fn show_game(&mut self, game: usize) {
        self.live.shown = Some(game);
        self.live.start_over();
        self.live.built_tick = None;
        self.live.references.clear();
        let ready = self.live.server.as_ref().is_some_and(|s| {
            s.games()
                .get(game)
                .is_some_and(|g| g.capture.is_recording())
        });
        self.messages.status = Some(if ready {
            "building the game's view...".into()
        } else {
            "waiting for the game to send a target and a missile over two ticks".into()
        });
    }

    /// Takes a finished build's lanes in place of the run's: the view stays where it
    /// was (the live edge, or the past tick being looked at); the first build of a game
    /// opens it like a recording.
    fn adopt_live(&mut self, built: Built) {
        let first = self.live.built_tick.is_none();
        if first {
            let what = built.scenario.name.clone();
            self.doc.settle_unsaved(built.scenario.clone());
            self.opened(format!("showing {what} as it streams"));
            // A game's entities go wherever it takes them: the camera keeps them in
            // view (G changes it, as anywhere).
            self.view.follow = super::Follow::Keep;
        } else {
            self.doc.reset_to(built.scenario);
        }
        // The tick looked at, the same game tick in the new view (its start, if the view
        // moved on past it).
        let past = self
            .runs
            .view_tick
            .map(|t| (t + self.live.tick0).saturating_sub(built.tick0));
        self.live.tick0 = built.tick0;
        let old = std::mem::replace(&mut self.runs.lanes, built.lanes);
        // A crowd's lanes hold millions of trail points and snapshots: freeing them
        // took the window's thread tens of milliseconds a build.
        std::thread::spawn(move || drop(old));
        self.runs.view_tick = None;
        self.runs.plots.stale();
        self.runs.playing = false;
        if let Some(tick) = past {
            self.runs.scrub(tick);
        }
        self.live.built_tick = Some(self.runs.recorded().1 + built.tick0);
        if self.runs.view_tick.is_none() {
            // Back at the live edge: a breakpoint's pause is over.
            self.runs.paused_by = None;
        }
        if let Some(((reason, missile), tick)) = built.stop {
            self.runs.scrub(tick);
            self.runs.paused_by = Some(reason.clone());
            if let Some((lane, id)) = missile {
                self.view.selected = Some(Selection::Missile { lane, id });
            }
            let asked = match (self.live.pause_game, self.live.shown) {
                (true, Some(game)) => match self.live.request(game, crate::live::ToGame::Pause) {
                    Ok(()) => "; asked the game to pause",
                    Err(_) => "",
                },
                _ => "",
            };
            self.messages.status = Some(format!("{reason} at tick {tick}{asked}"));
        }
    }
}

/// The address the Attach section offers first.
pub const DEFAULT_ADDRESS: &str = "127.0.0.1:7878";

/// Most capture rows a build of the view reads (the newest): 8 s of 1,000 entities at 60
/// ticks a second, whose builds kept the view under a second behind such a game on this
/// project's 2-core machine.
pub const VIEW_ROWS: usize = 500_000;

/// What one build made: the capture's scenario run to its last tick.
pub struct Built {
    /// The game tick of the view's tick 0.
    pub tick0: u64,
    pub scenario: Scenario,
    pub lanes: Vec<Lane>,
    /// Capture frames it holds.
    pub frames: usize,
    /// A breakpoint that fired on a tick new in this build, and on which tick.
    pub stop: Option<(Stop, u64)>,
}

/// A build's end: the capture frames it tried, and what it made. (Each build has its
/// own channel, so a view started over never hears of a build for the old one.)
type Finished = (usize, Result<Built, String>);

/// Reference laws flown from a live missile's state at a tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    pub missile: String,
    /// The game's tick (a view of its newest frames starts later and later).
    pub tick: u64,
    pub algorithms: Vec<Algorithm>,
}

/// The Attach section's state.
pub struct Attach {
    pub server: Option<Server>,
    /// The address field.
    pub address: String,
    /// The game whose capture is the open scenario.
    pub shown: Option<usize>,
    /// Frames of the shown capture the open scenario holds.
    pub built: usize,
    /// The game tick the open scenario reaches (none before the first build).
    pub built_tick: Option<u64>,
    /// The game tick of the open scenario's tick 0.
    pub tick0: u64,
    building: Option<Receiver<Finished>>,
    /// When the last build started and how long it took.
    started: Option<Instant>,
    last_cost: Duration,
    /// Whether a breakpoint on the live stream also asks the game to pause.
    pub pause_game: bool,
    /// Reference laws flown beside the live missiles (kept across builds).
    pub references: Vec<Reference>,
    /// The values the sliders hold, per game and parameter.
    pub sliders: Vec<(usize, String, f64)>,
    /// Most capture rows a build reads ([`VIEW_ROWS`]).
    pub view_rows: usize,
}

impl Default for Attach {
    fn default() -> Self {
        Self {
            server: None,
            address: DEFAULT_ADDRESS.into(),
            shown: None,
            built: 0,
            built_tick: None,
            tick0: 0,
            building: None,
            started: None,
            last_cost: Duration::ZERO,
            pause_game: true,
            references: Vec::new(),
            sliders: Vec::new(),
            view_rows: VIEW_ROWS,
        }
    }
}

impl Attach {
    /// Listens on `address` (`PORT`, `ADDR:PORT`); a bad address or a port in use is
    /// said in words. Another address than this machine's comes with a warning.
    pub fn listen(&mut self, address: &str) -> Result<String, String> {
        let addr: SocketAddr = crate::live::parse_listen(address)?;
        let server = Server::start(addr, Options::default())
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = server.local_addr();
        self.server = Some(server);
        self.address = local.to_string();
        if local.ip().is_loopback() {
            Ok(format!("listening on {local} for games (docs/live.md)"))
        } else {
            Ok(format!(
                "listening on {local}: games (and anyone) on other machines can connect"
            ))
        }
    }

    /// Stops listening; every game is disconnected (what they sent is gone unless saved).
    pub fn stop(&mut self) {
        self.server = None;
        self.shown = None;
        self.building = None;
        self.references.clear();
        self.sliders.clear();
    }

    /// Whether a game's capture is the open scenario.
    pub fn showing(&self) -> bool {
        self.shown.is_some()
    }

    /// What happened since the last look, as messages for the panel: `(error, status)`.
    pub fn events(&mut self) -> Vec<(bool, String)> {
        let Some(server) = &self.server else {
            return Vec::new();
        };
        let mut said = Vec::new();
        for event in server.events() {
            let games = server.games();
            let name = |i: usize| games[i].capture.name().to_string();
            match event {
                Event::Connected(i) => {
                    said.push((false, format!("a game connected from {}", games[i].peer)))
                }
                Event::Hello(i) => said.push((false, format!("{} attached", name(i)))),
                Event::Params(_) => {}
                Event::Applied(i, a) => {
                    let trip = a.round_trip.map_or_else(String::new, |t| {
                        format!(" ({:.1} ms round trip)", t.as_secs_f64() * 1e3)
                    });
                    said.push((
                        false,
                        format!(
                            "{} took {} = {} from tick {}{trip}",
                            name(i),
                            a.name,
                            a.value,
                            a.tick
                        ),
                    ));
                }
                Event::Closed(i, None) => said.push((false, format!("{} left", name(i)))),
                Event::Closed(i, Some(problem)) => {
                    said.push((true, format!("{} was closed: {problem}", name(i))))
                }
                Event::Refused(peer, why) => said.push((true, format!("refused {peer}: {why}"))),
            }
        }
        said
    }

    /// Sends `set` to a game (and keeps the slider's value).
    pub fn set(&mut self, game: usize, name: &str, value: f64) -> Result<(), String> {
        let server = self.server.as_ref().ok_or("not listening")?;
        server.set(game, name, value)?;
        match self
            .sliders
            .iter_mut()
            .find(|(g, n, _)| *g == game && n == name)
        {
            Some(slot) => slot.2 = value,
            None => self.sliders.push((game, name.to_string(), value)),
        }
        Ok(())
    }

    /// Asks a game to pause, step or resume.
    pub fn request(&self, game: usize, request: ToGame) -> Result<(), String> {
        self.server
            .as_ref()
            .ok_or("not listening")?
            .send(game, request)
    }

    /// Writes game `game`'s capture as a CSV recording (never over an input).
    pub fn save(&self, game: usize, path: &std::path::Path) -> Result<usize, String> {
        let server = self.server.as_ref().ok_or("not listening")?;
        // A copy (its frames are shared, not copied): the game streams on while it is
        // written.
        let capture = server
            .games()
            .get(game)
            .ok_or("no such game")?
            .capture
            .clone();
        crate::files::write_output(path, &[], |out| capture.write_csv(out))
            .map_err(|e| e.to_string())?;
        Ok(capture.frames.len())
    }

    /// Starts a build of the shown game's capture if it grew and none is running (and
    /// the last one finished long enough ago that builds take at most half the time).
    pub fn start_build(&mut self, runs: &Runs, keep: u64) {
        let (Some(server), Some(game)) = (&self.server, self.shown) else {
            return;
        };
        if self.building.is_some() {
            return;
        }
        if self
            .started
            .is_some_and(|s| s.elapsed() < (2 * self.last_cost).max(Duration::from_millis(50)))
        {
            return;
        }
        let capture = {
            let games = server.games();
            let Some(g) = games.get(game) else { return };
            if g.capture.frames.len() == self.built || !g.capture.is_recording() {
                return;
            }
            g.capture.clone()
        };
        let job = Job {
            from: capture.newest(self.view_rows),
            name: format!("live: {}", capture.name()),
            capture,
            references: self.references.clone(),
            breakpoints: runs.breakpoints.clone(),
            compare: runs.compare,
            budget: runs.history_budget,
            keep,
            // The first build shows the past as it was: its breakpoints are old news.
            new_from: self.built_tick.unwrap_or(u64::MAX),
        };
        let (send, receive) = mpsc::channel();
        self.started = Some(Instant::now());
        self.building = Some(receive);
        let frames = job.capture.frames.len();
        let fail = send.clone();
        // Named, so a profile tells the build from the window's own thread.
        let spawned = std::thread::Builder::new()
            .name("live view build".into())
            .spawn(move || {
                yield_to_the_window();
                let _ = send.send((frames, job.run()));
            });
        if let Err(e) = spawned {
            // Reported as a failed build: the next one is tried when more frames come.
            let why = format!("the system refused a thread to build it ({e})");
            let _ = fail.send((frames, Err(why)));
        }
    }

    /// The build that finished, if one did (for the view as it is now).
    pub fn finished(&mut self) -> Option<Result<Built, String>> {
        let (frames, result) = self.building.as_ref()?.try_recv().ok()?;
        self.building = None;
        self.last_cost = self.started.map_or(Duration::ZERO, |s| s.elapsed());
        // Failed or not, these frames were tried: the next build waits for more.
        self.built = frames;
        Some(result)
    }

    /// Starts the view over: a new game shown, or new references to fly (a build
    /// already running is for the old view: its channel is dropped, and its result
    /// with it).
    pub(super) fn start_over(&mut self) {
        self.building = None;
        self.started = None;
        self.built = 0;
    }
}

/// Lowers the calling thread's priority to the least (nice 19, on Linux): a view build
/// runs when the window and the OpenGL renderer leave a core free, rather than taking
/// one from them. Under Xvfb's software OpenGL with 1,000 streamed entities, the frames'
/// p90 went from 34-35 ms to 26-31 ms (three alternated runs each), the view as far
/// behind the game as before (0.3 to 1.3 s). Elsewhere the build keeps its priority.
fn yield_to_the_window() {
    // SAFETY: `setpriority` only reads its arguments. On Linux, `PRIO_PROCESS` with
    // `who` 0 is the calling thread alone (each thread has its own nice value).
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}

/// What a build works from (a copy: the game streams on meanwhile).
struct Job {
    /// The capture's first frame it reads.
    from: usize,
    name: String,
    capture: crate::live::Capture,
    references: Vec<Reference>,
    breakpoints: Breakpoints,
    compare: bool,
    budget: usize,
    keep: u64,
    /// Game ticks after this are new: a breakpoint there stops the view.
    new_from: u64,
}

impl Job {
    fn run(self) -> Result<Built, String> {
        let recording = self
            .capture
            .recording_since(self.from, &self.name)
            .map_err(|e| e.to_string())?;
        let tick0 = recording.tick0;
        let mut scenario = crate::recording::to_scenario(&recording, &self.name)?;
        scenario.name = self.name.clone();
        for r in &self.references {
            // From a tick the view still holds, of a missile it still holds.
            let held = scenario.launchers.iter().any(|l| l.name == r.missile);
            if let (Some(tick), true) = (r.tick.checked_sub(tick0), held) {
                crate::recording::fly_references(&mut scenario, &r.missile, tick, &r.algorithms)?;
            }
        }
        let mut runs = Runs::building(self.compare, self.budget, self.breakpoints);
        runs.rebuild(&scenario)?;
        let last = self.capture.last_tick().unwrap_or(0) - recording.tick0;
        let mut stop = None;
        while runs.tick() < last {
            if let Some(fired) = runs.step_once(self.keep) {
                if stop.is_none() && runs.tick() + tick0 > self.new_from {
                    stop = Some((fired, runs.tick()));
                }
            }
        }
        Ok(Built {
            tick0,
            scenario,
            lanes: std::mem::take(&mut runs.lanes),
            frames: self.capture.frames.len(),
            stop,
        })
    }
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod priority_tests {
    #[test]
    fn a_view_build_s_thread_yields_to_the_window_and_the_window_s_does_not() {
        // SAFETY: `getpriority` only reads its arguments; errno is cleared first, as a
        // nice value of -1 is also what an error returns.
        let nice = || unsafe {
            *libc::__errno_location() = 0;
            let n = libc::getpriority(libc::PRIO_PROCESS, 0);
            assert_eq!(*libc::__errno_location(), 0);
            n
        };
        let before = nice();
        let built = std::thread::spawn(move || {
            super::yield_to_the_window();
            nice()
        });
        assert_eq!(built.join().unwrap(), 19);
        // The thread that asked (the window's) keeps its own.
        assert_eq!(nice(), before);
    }
}
