//! A world's size and clock, and the limits on what it may be asked to fly: missiles in
//! flight and targets alive, derived from the tick rate.

use crate::core::field::{described, number, vector, whole};
use crate::sim::limits::{MAX_COORD, MAX_GRAVITY, MAX_MISSILES};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_width: f32 = 800.0);
crate::core::field_default!(default_height: f32 = 600.0);
crate::core::field_default!(default_tick_rate: f32 = 60.0);
crate::core::field_default!(default_margin: f32 = 400.0);

/// The world's size and clock.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorldConfig {
    #[serde(
        default = "default_width::value",
        skip_serializing_if = "default_width::is"
    )]
    pub width: f32,
    #[serde(
        default = "default_height::value",
        skip_serializing_if = "default_height::is"
    )]
    pub height: f32,
    #[serde(
        default = "default_tick_rate::value",
        skip_serializing_if = "default_tick_rate::is"
    )]
    pub tick_rate: f32,
    /// Seed of the world's random generator.
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub seed: u64,
    #[serde(
        default = "default_margin::value",
        skip_serializing_if = "default_margin::is"
    )]
    pub margin: f32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_missiles: Option<u32>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub gravity: Vec2,
}

described!(WorldConfig {
    width: number(1.0, MAX_COORD)
        .unit("units")
        .help("Width of the world rectangle (x from 0)."),
    height: number(1.0, MAX_COORD)
        .unit("units")
        .help("Height of the world rectangle (y from 0, down the screen)."),
    tick_rate: number(1.0, 1000.0)
        .label("tick rate")
        .unit("ticks/s")
        .help("The fixed simulation rate; a tick is 1 / tick_rate s."),
    margin: number(0.0, MAX_COORD)
        .unit("units")
        .help("A missile this far outside the rectangle has left the world (a miss)."),
    gravity: vector(MAX_GRAVITY)
        .unit("units/s²")
        .help("Pulls every missile (not the targets, which move by their motions), added after the law and the airframe. Off, runs are exactly as without it."),
    max_missiles: whole(1, MAX_MISSILES as i64)
        .optional()
        .label("max missiles")
        .unit("missiles")
        .help("Most missiles in flight at once. A launch beyond it is refused, and the run reports it (a missile cap reached event)."),
});

/// Missile and target updates per simulated second that a scenario may ask for by
/// default: at 60 ticks/s, 10,000 missiles; at 1,000 ticks/s, 600.
pub const WORK_PER_SECOND: f32 = 600_000.0;
/// Most missiles in flight by default, whatever the tick rate.
pub const DEFAULT_MAX_MISSILES: u32 = 10_000;
/// Most targets alive at once (placed, spawned by rain or added while running).
pub const MAX_LIVE_TARGETS: usize = 10_000;

impl Default for WorldConfig {
    fn default() -> Self {
        Self {
            width: default_width::value(),
            height: default_height::value(),
            tick_rate: default_tick_rate::value(),
            seed: 0,
            margin: default_margin::value(),
            max_missiles: None,
            gravity: Vec2::ZERO,
        }
    }
}

impl WorldConfig {
    /// The world's rectangle grown by its margin (low and high corners): beyond it a
    /// missile has left the world.
    pub fn edges(&self) -> (Vec2, Vec2) {
        (
            Vec2::splat(-self.margin),
            Vec2::new(self.width, self.height) + self.margin,
        )
    }

    /// The tick length in seconds.
    pub fn dt(&self) -> f32 {
        1.0 / self.tick_rate
    }

    /// Most missiles in flight at once: `max_missiles`, or by default
    /// [`DEFAULT_MAX_MISSILES`] within [`WORK_PER_SECOND`] at this tick rate.
    pub fn missile_cap(&self) -> usize {
        match self.max_missiles {
            Some(n) => n as usize,
            None => (WORK_PER_SECOND / self.tick_rate.max(1.0)).min(DEFAULT_MAX_MISSILES as f32)
                as usize,
        }
    }

    /// Most targets alive at once: [`MAX_LIVE_TARGETS`] within [`WORK_PER_SECOND`] at
    /// this tick rate.
    pub fn target_cap(&self) -> usize {
        ((WORK_PER_SECOND / self.tick_rate.max(1.0)) as usize).min(MAX_LIVE_TARGETS)
    }
}

/// Converts seconds to a whole number of ticks (at least `min`).
pub fn ticks(seconds: f32, dt: f32, min: u64) -> u64 {
    ((seconds / dt).round().max(0.0) as u64).max(min)
}
