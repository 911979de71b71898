//! The live window's benchmark game: 1,000 entities at 60 ticks a second (100 targets
//! circling, 900 missiles circling inside them), streamed for a number of seconds.
//! `cargo run --release -p steerlab-link --example flood -- 127.0.0.1 7878 20` against
//! `steerlab --listen 7878 --stats 600` (docs/live.md, "How fast"). Written in Rust so the
//! game itself takes little of the machine the window is measured on.

use std::time::{Duration, Instant};
use steerlab_link::{Entity, Kind, Link};

/// The benchmark's entities at `tick`: 100 targets on a circle of 600 units, 900
/// missiles on 30 rings of 200 to 780 units, all turning.
pub fn crowd(tick: u64) -> Vec<Entity> {
    let t = (tick + 1) as f64 / 60.0;
    let mut all = Vec::with_capacity(1000);
    for i in 0..100u64 {
        let a = t * 0.5 + i as f64 * 0.0628;
        let (s, c) = a.sin_cos();
        all.push(Entity::new(
            i,
            Kind::Target,
            1000.0 + 600.0 * c,
            800.0 + 600.0 * s,
            -300.0 * s,
            300.0 * c,
            a + 1.57,
        ));
    }
    for i in 0..900u64 {
        let r = 200.0 + (i % 30) as f64 * 20.0;
        let a = t * 0.8 + i as f64 * 0.007;
        let (s, c) = a.sin_cos();
        let mut m = Entity::new(
            i,
            Kind::Missile,
            1000.0 + r * c,
            800.0 + r * s,
            -0.8 * r * s,
            0.8 * r * c,
            a + 1.57,
        );
        m.label = "m".into();
        all.push(m);
    }
    all
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (host, port, seconds) = match args.as_slice() {
        [_, host, port, seconds] => (host.clone(), port.parse::<u16>(), seconds.parse::<f64>()),
        _ => {
            eprintln!("usage: flood HOST PORT SECONDS");
            std::process::exit(2);
        }
    };
    let (Ok(port), Ok(seconds)) = (port, seconds) else {
        eprintln!("usage: flood HOST PORT SECONDS (a port number and a number of seconds)");
        std::process::exit(2);
    };
    let mut link = Link::new("flood", 60);
    if let Err(e) = link.connect((host.as_str(), port)) {
        eprintln!("steerlab is not there: {e}");
        std::process::exit(1);
    }
    let start = Instant::now();
    let (mut tick, mut late) = (0u64, 0u64);
    while (tick as f64) < seconds * 60.0 {
        link.poll();
        link.frame(tick, tick as f64 / 60.0, &crowd(tick));
        tick += 1;
        let due = start + Duration::from_secs_f64(tick as f64 / 60.0);
        match due.checked_duration_since(Instant::now()) {
            Some(wait) => std::thread::sleep(wait),
            None => late += 1,
        }
    }
    link.close();
    println!(
        "frames {tick}, late {late}, in {:.2} s",
        start.elapsed().as_secs_f64()
    );
}
