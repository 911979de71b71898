//! The demo engagement of docs/live.md, flown through the link: a missile chasing a
//! target with a `gain` steerlab can set. `cargo run -p steerlab-link --example demo --
//! 127.0.0.1 7878 demo.csv` against `steerlab live --listen 7878` (or the window's
//! Attach section).

use steerlab_link::{Entity, Kind, Link};

/// Flies the demo against steerlab at `host:port`, recording what it sends to `out`.
pub fn fly(host: &str, port: u16, out: &str) -> std::io::Result<()> {
    let dt = 1.0 / 60.0;
    let mut link = Link::new("rust demo", 60);
    link.record(out)?;
    if let Err(e) = link.connect((host, port)) {
        eprintln!("steerlab is not there ({e}): recording offline");
    }
    link.declare("gain", 0.0, 20.0, 2.0, "1/s");
    let (mut target, target_v) = ([400.0f64, 300.0], [-60.0f64, 20.0]);
    let (mut missile, mut v) = ([0.0f64, 0.0], [150.0f64, 0.0]);
    let mut tick = 0u64;
    while tick < 240 {
        std::thread::sleep(std::time::Duration::from_secs_f64(dt));
        let mut step = false;
        for request in link.poll() {
            match request {
                steerlab_link::Request::Step => step = true,
                steerlab_link::Request::Error(e) => eprintln!("steerlab: {e}"),
                _ => {}
            }
        }
        if link.paused && !step {
            continue;
        }
        let gain = link.value("gain").unwrap_or(2.0);
        let seen = target;
        let to = [target[0] - missile[0], target[1] - missile[1]];
        let d = (to[0] * to[0] + to[1] * to[1]).sqrt();
        let desired = [to[0] * (150.0 / d), to[1] * (150.0 / d)];
        let a = [(desired[0] - v[0]) * gain, (desired[1] - v[1]) * gain];
        v = [v[0] + a[0] * dt, v[1] + a[1] * dt];
        missile = [missile[0] + v[0] * dt, missile[1] + v[1] * dt];
        target = [target[0] + target_v[0] * dt, target[1] + target_v[1] * dt];
        let mut chaser = Entity::new(
            7,
            Kind::Missile,
            missile[0],
            missile[1],
            v[0],
            v[1],
            v[1].atan2(v[0]),
        );
        chaser.label = "chaser".into();
        chaser.accel = Some(a);
        chaser.seen = Some(seen);
        let goal = Entity::new(
            1,
            Kind::Target,
            target[0],
            target[1],
            target_v[0],
            target_v[1],
            target_v[1].atan2(target_v[0]),
        );
        link.frame(tick, tick as f64 * (1.0 / 60.0), &[goal, chaser]);
        tick += 1;
    }
    link.close();
    Ok(())
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (host, port, out) = match args.as_slice() {
        [_, host, port, out] => (host.clone(), port.parse().unwrap_or(7878), out.clone()),
        _ => {
            eprintln!("usage: demo HOST PORT OUT.csv");
            std::process::exit(2);
        }
    };
    if let Err(e) = fly(&host, port, &out) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
}
