//! Blasts and hits: what flashed on a tick, kept while it fades
//! ([`crate::palette::BLAST_FADE_TICKS`]).

use crate::palette;
use crate::sim::{EventKind, World};
use glam::Vec2;

/// What flashed: a detonation (its blast radius) or a hit (radius 0: drawn small).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blast {
    pub tick: u64,
    pub pos: Vec2,
    pub radius: f32,
}

impl Blast {
    /// Adds the detonations and hits of the world's last tick to `blasts`, after
    /// dropping those faded out ([`palette::BLAST_FADE_TICKS`]).
    pub fn record(blasts: &mut Vec<Blast>, world: &World) {
        let now = world.tick();
        blasts.retain(|b| now.saturating_sub(b.tick) < palette::BLAST_FADE_TICKS);
        for event in world.events() {
            let (pos, radius) = match event.kind {
                EventKind::Detonated { pos, radius, .. } => (pos, radius),
                EventKind::Hit { pos, .. } => (pos, 0.0),
                _ => continue,
            };
            blasts.push(Blast {
                tick: event.tick,
                pos,
                radius,
            });
        }
    }
}
