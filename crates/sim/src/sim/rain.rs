//! D's asteroid rain: asteroids spawn above the top at a random x with a random speed,
//! heading for a random point on the ground; the spawn rate follows piecewise-linear
//! keyframes over time. All randomness comes from the world's seeded generator.

use super::motion;
use super::motion::Motion;
use super::rng::Rng;
use super::target::TargetSpec;
use crate::core::field::{described, field, number, Kind};
use crate::sim::limits::{MAX_COORD, MAX_RAIN_KEYFRAMES, MAX_SPEED};
use glam::Vec2;
use serde::{Deserialize, Serialize};

crate::core::field_default!(default_rate: Vec<(f32, f32)> = vec![(0.0, 0.5), (30.0, 1.5)]);

/// The rain as a scenario gives it.
///
/// Each field's meaning, range and unit: its description in `described!` below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RainSpec {
    pub min_speed: f32,
    pub max_speed: f32,
    #[serde(
        default = "default_min_radius::value",
        skip_serializing_if = "default_min_radius::is"
    )]
    pub min_radius: f32,
    #[serde(
        default = "default_max_radius::value",
        skip_serializing_if = "default_max_radius::is"
    )]
    pub max_radius: f32,
    #[serde(
        default = "default_rate::value",
        skip_serializing_if = "default_rate::is"
    )]
    pub rate: Vec<(f32, f32)>,
    #[serde(default, skip_serializing_if = "crate::core::is_default")]
    pub ground: Option<f32>,
}

described!(RainSpec {
    min_speed: number(0.0, MAX_SPEED)
        .label("min speed")
        .unit("units/s")
        .help("Slowest asteroid."),
    max_speed: number(0.0, MAX_SPEED)
        .label("max speed")
        .unit("units/s")
        .help("Fastest asteroid."),
    min_radius: number(0.001, 1.0e5)
        .label("min radius")
        .unit("units")
        .help("Smallest asteroid."),
    max_radius: number(0.001, 1.0e5)
        .label("max radius")
        .unit("units")
        .help("Largest asteroid."),
    rate: field(Kind::Keyframes {
        max: MAX_RAIN_KEYFRAMES,
        max_time: 1.0e6,
        max_value: 1000.0,
    })
        .label("spawn rate")
        .unit("(s, asteroids/s)")
        .help("Spawn rate keyframes, linear in between and held flat before the first and after the last."),
    ground: number(0.0, MAX_COORD)
        .optional()
        .unit("units")
        .help("Height (y) of the ground."),
});

crate::core::field_default!(default_min_radius: f32 = 6.0);

crate::core::field_default!(default_max_radius: f32 = 14.0);

impl RainSpec {
    /// The spawn rate at `time`.
    pub fn rate_at(&self, time: f32) -> f32 {
        let keys = &self.rate;
        match keys.iter().position(|&(t, _)| t > time) {
            None => keys.last().map_or(0.0, |k| k.1),
            Some(0) => keys[0].1,
            Some(i) => {
                let ((t0, r0), (t1, r1)) = (keys[i - 1], keys[i]);
                let f = if t1 > t0 {
                    (time - t0) / (t1 - t0)
                } else {
                    1.0
                };
                r0 + (r1 - r0) * f
            }
        }
    }
}

/// The rain's running state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rain {
    pub spec: RainSpec,
    /// Fractional asteroids owed.
    pub owed: f32,
    pub spawned: u32,
}

impl Rain {
    pub fn new(spec: RainSpec) -> Self {
        Self {
            spec,
            owed: 0.0,
            spawned: 0,
        }
    }

    /// The asteroids due this tick, with their ground heights.
    pub fn spawn(
        &mut self,
        time: f32,
        dt: f32,
        width: f32,
        ground: f32,
        rng: &mut Rng,
    ) -> Vec<TargetSpec> {
        self.owed += self.spec.rate_at(time).max(0.0) * dt;
        let mut out = Vec::new();
        while self.owed >= 1.0 {
            self.owed -= 1.0;
            self.spawned += 1;
            let radius = rng.range(self.spec.min_radius, self.spec.max_radius);
            let start = Vec2::new(rng.range(0.0, width), -radius - 1.0);
            let aim = Vec2::new(rng.range(0.0, width), ground);
            let speed = rng.range(self.spec.min_speed, self.spec.max_speed);
            let vel = (aim - start).normalize_or_zero() * speed;
            out.push(TargetSpec {
                name: format!("asteroid {}", self.spawned),
                radius,
                destructible: true,
                motion: Motion::Constant(motion::Constant { pos: start, vel }),
                flares: None,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> RainSpec {
        RainSpec {
            min_speed: 40.0,
            max_speed: 80.0,
            min_radius: 5.0,
            max_radius: 10.0,
            rate: vec![(0.0, 1.0), (10.0, 3.0)],
            ground: None,
        }
    }

    #[test]
    fn rate_is_piecewise_linear_and_held_outside() {
        let s = spec();
        assert_eq!(s.rate_at(-5.0), 1.0);
        assert_eq!(s.rate_at(5.0), 2.0);
        assert_eq!(s.rate_at(50.0), 3.0);
    }

    #[test]
    fn asteroids_spawn_above_the_top_and_head_for_the_ground_at_speed_in_range() {
        let mut rain = Rain::new(spec());
        let mut rng = Rng::new(3);
        let dt = 1.0 / 60.0;
        let mut all = Vec::new();
        for tick in 0..600 {
            all.extend(rain.spawn(tick as f32 * dt, dt, 800.0, 600.0, &mut rng));
        }
        // Integral of the rate over 10 s: (1 + 3) / 2 * 10 = 20.
        assert!((19..=20).contains(&all.len()), "{}", all.len());
        for a in &all {
            let Motion::Constant(motion::Constant { pos, vel }) = a.motion else {
                panic!()
            };
            assert!(pos.y < 0.0 && (0.0..800.0).contains(&pos.x));
            assert!((40.0..80.0).contains(&vel.length()) && vel.y > 0.0);
            // It lands inside the ground strip.
            let land_x = pos.x + vel.x * (600.0 - pos.y) / vel.y;
            assert!((-0.01..800.01).contains(&land_x));
        }
    }
}
