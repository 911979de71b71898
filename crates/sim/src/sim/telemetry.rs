//! Telemetry for the plots: per tick, for chosen missiles, the range to the target,
//! closing speed, heading error, speed, turn rate, line-of-sight rate, time-to-go and
//! zero-effort miss, and the lateral acceleration commanded and achieved, derived by
//! replaying the recorded history (nothing extra is stored while running).

use super::history::History;
use super::ids::MissileId;
use super::missile::Missile;
use super::world::World;
use crate::core::wrap_angle;
use crate::core::Portable;
use glam::Vec2;
use std::collections::BTreeMap;

/// The quantities plotted against time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Quantity {
    #[default]
    Range,
    ClosingSpeed,
    HeadingError,
    Speed,
    TurnRate,
    LosRate,
    TimeToGo,
    ZeroEffortMiss,
    CommandedAccel,
    AchievedAccel,
}

impl Quantity {
    pub const ALL: [Quantity; 10] = [
        Quantity::Range,
        Quantity::ClosingSpeed,
        Quantity::HeadingError,
        Quantity::Speed,
        Quantity::TurnRate,
        Quantity::LosRate,
        Quantity::TimeToGo,
        Quantity::ZeroEffortMiss,
        Quantity::CommandedAccel,
        Quantity::AchievedAccel,
    ];

    /// The names files use, in the order of [`Quantity::ALL`].
    pub const IDS: [&'static str; 10] = [
        "range",
        "closing-speed",
        "heading-error",
        "speed",
        "turn-rate",
        "los-rate",
        "time-to-go",
        "zero-effort-miss",
        "commanded-accel",
        "achieved-accel",
    ];

    /// The name files use.
    pub fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    /// Name and unit for axes, legends and CSV headers.
    pub fn label(self) -> &'static str {
        match self {
            Quantity::Range => "range to target (units)",
            Quantity::ClosingSpeed => "closing speed (units/s)",
            Quantity::HeadingError => "heading error (rad)",
            Quantity::Speed => "speed (units/s)",
            Quantity::TurnRate => "turn rate (rad/s)",
            Quantity::LosRate => "line-of-sight rate (rad/s)",
            Quantity::TimeToGo => "time-to-go (s)",
            Quantity::ZeroEffortMiss => "zero-effort miss (units)",
            Quantity::CommandedAccel => "commanded lateral accel (units/s^2)",
            Quantity::AchievedAccel => "achieved lateral accel (units/s^2)",
        }
    }
}

impl serde::Serialize for Quantity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Quantity {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::core::field::named(deserializer, "quantity", &Self::IDS, &Self::ALL)
    }
}

/// One tick of one missile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub tick: u64,
    pub time: f64,
    pub pos: Vec2,
    pub vel: Vec2,
    /// Heading, radians.
    pub heading: f32,
    pub range: f32,
    pub closing_speed: f32,
    pub heading_error: f32,
    pub speed: f32,
    pub turn_rate: f32,
    pub los_rate: f32,
    /// Seconds until the closest approach if neither turned from now on.
    pub time_to_go: f32,
    /// How far apart they would pass if neither turned from now on.
    pub zero_effort_miss: f32,
    /// Lateral acceleration the law asked for on the tick that ended here (signed,
    /// towards the left-hand perpendicular of the velocity before it).
    pub commanded_accel: f32,
    /// Lateral acceleration flown on that tick (gravity included).
    pub achieved_accel: f32,
}

impl Sample {
    pub fn get(&self, q: Quantity) -> f32 {
        match q {
            Quantity::Range => self.range,
            Quantity::ClosingSpeed => self.closing_speed,
            Quantity::HeadingError => self.heading_error,
            Quantity::Speed => self.speed,
            Quantity::TurnRate => self.turn_rate,
            Quantity::LosRate => self.los_rate,
            Quantity::TimeToGo => self.time_to_go,
            Quantity::ZeroEffortMiss => self.zero_effort_miss,
            Quantity::CommandedAccel => self.commanded_accel,
            Quantity::AchievedAccel => self.achieved_accel,
        }
    }
}

/// One missile's sample at the world's current tick (`None` once it or its target is
/// gone). `previous` is its sample of the tick before, for the turn rate.
pub fn sample(world: &World, missile: &Missile, previous: Option<&Sample>) -> Option<Sample> {
    let target = world.target(missile.target)?;
    let d = target.pos - missile.body.pos;
    let rel = target.vel - missile.body.vel;
    let range = d.length();
    let (closing_speed, los_rate) = if range > 0.0 {
        (-d.dot(rel) / range, d.perp_dot(rel) / (range * range))
    } else {
        (0.0, 0.0)
    };
    let heading = missile.body.heading;
    let speed2 = rel.length_squared();
    let time_to_go = if speed2 > 0.0 {
        (-d.dot(rel) / speed2).max(0.0)
    } else {
        0.0
    };
    let (commanded_accel, achieved_accel) = previous.map_or((0.0, 0.0), |p| {
        let dt = world.dt();
        let achieved = (missile.body.vel - p.vel) / dt;
        let commanded = match &missile.airframe {
            Some(airframe) => airframe.state.commanded,
            None => achieved - world.config.gravity,
        };
        let normal = p
            .vel
            .try_normalize()
            .unwrap_or(Vec2::from_angle(p.heading))
            .perp();
        (commanded.dot(normal), achieved.dot(normal))
    });
    Some(Sample {
        tick: world.tick(),
        time: world.time(),
        pos: missile.body.pos,
        vel: missile.body.vel,
        heading,
        range,
        closing_speed,
        heading_error: wrap_angle(heading - d.y.patan2(d.x)),
        speed: missile.body.vel.length(),
        turn_rate: previous.map_or(0.0, |p| wrap_angle(heading - p.heading) / world.dt()),
        los_rate,
        time_to_go,
        zero_effort_miss: (d + rel * time_to_go).length(),
        commanded_accel,
        achieved_accel,
    })
}

/// The samples of each requested missile, by tick, over the recorded range.
pub fn telemetry(history: &History, missiles: &[MissileId]) -> BTreeMap<MissileId, Vec<Sample>> {
    let mut out: BTreeMap<MissileId, Vec<Sample>> =
        missiles.iter().map(|id| (*id, Vec::new())).collect();
    let Some(mut world) = history.world_at(history.earliest()) else {
        return out;
    };
    loop {
        for m in world.missiles() {
            if let Some(samples) = out.get_mut(&m.id) {
                if let Some(s) = sample(&world, m, samples.last()) {
                    samples.push(s);
                }
            }
        }
        let done = missiles
            .iter()
            .all(|id| world.finished().iter().any(|m| m.id == *id));
        if done || world.tick() >= history.latest() {
            return out;
        }
        let next = world.tick() + 1;
        history.replay(&mut world, next);
    }
}

/// Writes samples as CSV.
pub fn write_csv(samples: &[Sample], out: &mut impl std::io::Write) -> std::io::Result<()> {
    writeln!(
        out,
        "tick,time,x,y,vx,vy,range,closing_speed,heading_error,speed,turn_rate,los_rate,\
         time_to_go,zero_effort_miss,commanded_accel,achieved_accel"
    )?;
    for s in samples {
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            s.tick,
            s.time,
            s.pos.x,
            s.pos.y,
            s.vel.x,
            s.vel.y,
            s.range,
            s.closing_speed,
            s.heading_error,
            s.speed,
            s.turn_rate,
            s.los_rate,
            s.time_to_go,
            s.zero_effort_miss,
            s.commanded_accel,
            s.achieved_accel
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guidance::{Algorithm, Tuning};
    use crate::sim::launcher::LauncherSpec;
    use crate::sim::motion::{Circle, Motion};
    use crate::sim::{TargetSpec, WorldConfig};

    /// The default scenario's engagement: a smoothed missile (ga 0.92, speed 5) from
    /// (200, 680) after a target circling (780, 380) at radius 180, 0.6 rad/s.
    fn engagement() -> World {
        let mut tuning = Tuning::default();
        (tuning.smoothed.ga, tuning.smoothed.speed) = (0.92, 5.0);
        let config = WorldConfig {
            width: 1200.0,
            height: 800.0,
            ..WorldConfig::default()
        };
        let mut world = World::new(config, tuning);
        let motion = Motion::Circle(Circle {
            center: Vec2::new(780.0, 380.0),
            radius: 180.0,
            angular_speed: 0.6,
            phase: 0.0,
        });
        let target = TargetSpec {
            name: "target".into(),
            radius: 12.0,
            destructible: false,
            motion,
            flares: None,
        };
        world.add_target(&target).unwrap();
        let launcher = LauncherSpec {
            name: String::new(),
            pos: Vec2::new(200.0, 680.0),
            target: "target".into(),
            algorithms: vec![Algorithm::from_id("smoothed").unwrap()],
            launch_velocity: Vec2::new(0.0, -60.0),
            first_at: Some(0.0),
            every: None,
            salvo: 1,
            spread: 0.0,
            missile: Default::default(),
            params: Default::default(),
        };
        world.add_launcher(launcher).unwrap();
        world
    }

    #[test]
    fn telemetry_follows_a_missile_from_launch_to_hit_with_range_shrinking() {
        let mut world = engagement();
        let mut history = History::new(&world, 30, usize::MAX);
        for _ in 0..240 {
            history.step(&mut world);
        }
        let smoothed = world.all_missiles()[0].id;
        let samples = &telemetry(&history, &[smoothed])[&smoothed];
        assert!(samples.len() > 60);
        assert!(samples.first().unwrap().range > samples.last().unwrap().range + 300.0);
        assert!(samples
            .iter()
            .all(|s| s.range.is_finite() && s.speed >= 0.0));
        // Closing: the range shrinks at about the closing speed.
        let (a, b) = (samples[20], samples[21]);
        let dt = (b.time - a.time) as f32;
        assert!(
            ((a.range - b.range) / dt - a.closing_speed).abs()
                < 0.2 * a.closing_speed.abs().max(10.0)
        );
        let mut csv = Vec::new();
        write_csv(samples, &mut csv).unwrap();
        assert_eq!(
            String::from_utf8(csv).unwrap().lines().count(),
            samples.len() + 1
        );
    }
}
