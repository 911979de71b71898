//! A game flying one of steerlab's laws in its own loop: no world, no scenario, no
//! window. Each frame the game tells the law where its target is; the law moves the
//! missile's body; the game draws it and decides what a hit is.
//!
//! `cargo run -p steerlab-sim --example game_loop`

use glam::Vec2;
use steerlab_sim::core::{Body, Seen};
use steerlab_sim::guidance::{Algorithm, Guidance, Launch, Tuning};

/// The frame rate of this game.
pub const DT: f32 = 1.0 / 60.0;
/// Where the missile starts and the target crosses: (100, 500) and from (600, 100) at
/// (-80, 40) units/s.
pub const LAUNCHER: Vec2 = Vec2::new(100.0, 500.0);
pub const TARGET: Vec2 = Vec2::new(600.0, 100.0);
pub const TARGET_VEL: Vec2 = Vec2::new(-80.0, 40.0);
/// The game's own hit distance.
pub const HIT: f32 = 12.0;

/// Flies a pro-nav missile (400 units/s) at the crossing target for at most ten
/// seconds: the frame it hits on, and where it was then.
pub fn fly() -> Option<(u32, Body)> {
    // The law's parameters, as steerlab's panel would tune them.
    let mut tuning = Tuning::default();
    tuning.pro_nav.speed = 400.0;
    let law = Algorithm::from_id("pro-nav")?;
    let launch = Launch::toward(LAUNCHER, Vec2::new(0.0, -100.0), TARGET, TARGET_VEL, DT);
    let (mut guidance, mut body) = Guidance::launch(law, &tuning, &launch).ok()??;
    let mut target = TARGET;
    for frame in 0..600 {
        // What the missile sees this frame, then one step of its law.
        let seen = Seen {
            target_pos: target,
            target_vel: TARGET_VEL,
            dt: DT,
        };
        guidance.steer(&tuning, &mut body, &seen);
        target += TARGET_VEL * DT;
        if body.pos.distance(target) <= HIT {
            return Some((frame, body));
        }
    }
    None
}

fn main() {
    match fly() {
        Some((frame, body)) => println!(
            "hit on frame {frame} ({:.2} s) at ({:.1}, {:.1}), flying {:.0} units/s",
            frame as f32 * DT,
            body.pos.x,
            body.pos.y,
            body.vel.length()
        ),
        None => println!("missed"),
    }
}
