//! The live link's `set` round trip on this machine: steerlab's server and a game (the
//! Rust client) in one process over a localhost socket. The game runs at 60 ticks per
//! second and reads steerlab's messages once a tick, as a game would; steerlab sends a
//! `set` at a random moment of the tick, 300 times. Prints the median and the 99th
//! percentile from sending the `set` to reading the game's `applied` (what the window's
//! Attach section shows). Then what each build of the live view starts with: the newest
//! 500,000 rows of a 1,000-entity game's capture made a recording and its scenario.
//! `cargo bench --bench live`.

use std::sync::Arc;
use std::time::{Duration, Instant};
use steerlab::live::capture::FrameRow;
use steerlab::live::protocol::Entity as Row;
use steerlab::live::{Capture, Event, Options, Server};
use steerlab_link::{Entity, Kind, Link};

/// The capture of 500 ticks of a game like `clients/rust/examples/flood.rs`: 100
/// targets on a circle, 900 missiles on rings inside it.
fn flood_capture() -> Capture {
    let mut capture = Capture::default();
    for tick in 0..500u64 {
        let t = (tick + 1) as f64 / 60.0;
        let entity = |id, kind, r: f64, a: f64, w: f64, label: &str| {
            let (s, c) = a.sin_cos();
            Row {
                id,
                kind,
                label: label.into(),
                x: 1000.0 + r * c,
                y: 800.0 + r * s,
                vx: -w * r * s,
                vy: w * r * c,
                heading: a + 1.57,
                accel: None,
                seen: None,
            }
        };
        let targets = (0..100u64).map(|i| {
            let kind = steerlab::recording::Kind::Target;
            entity(i, kind, 600.0, t * 0.5 + i as f64 * 0.0628, 0.5, "")
        });
        let missiles = (0..900u64).map(|i| {
            let (r, a) = (200.0 + (i % 30) as f64 * 20.0, t * 0.8 + i as f64 * 0.007);
            entity(i, steerlab::recording::Kind::Missile, r, a, 0.8, "m")
        });
        let entities: Arc<[Row]> = targets.chain(missiles).collect();
        capture.frames.push(FrameRow {
            tick,
            time: tick as f64 / 60.0,
            entities,
        });
    }
    capture
}

/// The median of five timings of the live view's recording and scenario.
fn view_recording() {
    let capture = flood_capture();
    let (mut recording, mut scenario) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        let start = Instant::now();
        let made = capture.recording_since(0, "live").unwrap();
        recording.push(start.elapsed().as_secs_f64() * 1e3);
        let start = Instant::now();
        let opened = steerlab::recording::to_scenario(&made, "live").unwrap();
        scenario.push(start.elapsed().as_secs_f64() * 1e3);
        assert_eq!(opened.launchers.len(), 900);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "a live view's start, 500,000 rows (1,000 entities, 500 ticks): the recording {:.1} ms, its scenario {:.1} ms (medians of 5)",
        median(recording),
        median(scenario)
    );
}

fn main() {
    view_recording();
    let server = Server::start("127.0.0.1:0".parse().unwrap(), Options::default()).unwrap();
    let address = server.local_addr();
    let game = std::thread::spawn(move || {
        let mut link = Link::new("round trip", 60);
        link.declare("gain", 0.0, 1000.0, 0.0, "");
        link.connect(address).unwrap();
        let started = Instant::now();
        for tick in 0..(60 * 12) {
            link.poll();
            let target = Entity::new(1, Kind::Target, tick as f64, 0.0, 60.0, 0.0, 0.0);
            link.frame(tick, tick as f64 * (1.0 / 60.0), &[target]);
            // The next tick at its time (a fixed 60 Hz clock, like a game's).
            let next = Duration::from_secs_f64((tick + 1) as f64 / 60.0);
            std::thread::sleep(next.saturating_sub(started.elapsed()));
        }
        link.close();
    });
    while server
        .games()
        .first()
        .is_none_or(|g| g.capture.params.is_empty())
    {
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut trips = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for k in 0..300 {
        server.set(0, "gain", f64::from(k)).unwrap();
        let sent = Instant::now();
        loop {
            let applied = server.events().into_iter().find_map(|e| match e {
                Event::Applied(_, a) => a.round_trip,
                _ => None,
            });
            if let Some(trip) = applied {
                trips.push(trip.as_secs_f64() * 1e3);
                break;
            }
            assert!(sent.elapsed() < Duration::from_secs(2), "no applied");
            std::thread::sleep(Duration::from_micros(200));
        }
        // A random moment of the game's tick for the next one.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(Duration::from_micros(seed % 16_667));
    }
    game.join().unwrap();
    trips.sort_by(f64::total_cmp);
    let at = |q: f64| trips[((trips.len() - 1) as f64 * q).round() as usize];
    println!(
        "set round trip over localhost, a 60 Hz game reading once a tick ({} sets): median {:.2} ms, p99 {:.2} ms, worst {:.2} ms",
        trips.len(),
        at(0.5),
        at(0.99),
        trips[trips.len() - 1]
    );
}
