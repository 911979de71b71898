//! A recorded missile as a law: each tick it puts the missile where the recording has it
//! (position, velocity, heading), so everything that reads missiles (trails, plots, the
//! inspector, closest approach, hits) works on the recording. After its last sample it
//! coasts one tick on its last velocity (the tick a missile hits on has no row in a
//! game's recording; a steerlab trace says where a flight ended, and there it does not),
//! then stops until its lifetime ends.

use super::track::{RecordedTrack, Sample};
use crate::core::Value;
use crate::core::{Body, Readout, Seen};
use crate::guidance::runtime::{intern, RuntimeState, StateValue};
use crate::guidance::{Algorithm, Launch, LawError, LawInfo, RuntimeLaw, Signal, Tuning};
use glam::Vec2;
use std::any::Any;

/// The law id of a recorded missile: `rec-` and its algorithm column (letters, digits
/// and `-`, other characters as `-`, at most 24), with `-<id>` when several missiles'
/// columns give the same name ([`name_of`]).
pub fn law_id(algorithm: &str, id: u64, shared: bool) -> String {
    let name = name_of(algorithm);
    if shared {
        format!("rec-{name}-{id}")
    } else {
        format!("rec-{name}")
    }
}

/// What a recorded missile's algorithm column becomes in its law id: letters, digits and
/// `-` (anything else as `-`), at most 24 of them; `missile` when empty.
pub fn name_of(algorithm: &str) -> String {
    let name = crate::core::text::id_part(algorithm, 24);
    if name.is_empty() {
        "missile".to_string()
    } else {
        name
    }
}

/// One recorded missile's track, flown back.
#[derive(Debug)]
pub struct Replay {
    id: &'static str,
    summary: &'static str,
    color: [u8; 3],
    track: RecordedTrack,
}

impl Replay {
    /// The `index`th recorded missile's law (its colour from the palette).
    pub fn new(id: &str, track: &RecordedTrack, index: usize) -> Self {
        let track = track.clone();
        Self {
            color: crate::guidance::runtime::palette(index),
            id: intern(id),
            summary: intern(&format!(
                "recorded missile {} ({})",
                track.id,
                if track.algorithm.is_empty() {
                    "no algorithm column"
                } else {
                    &track.algorithm
                }
            )),
            track,
        }
    }

    /// Its recorded track (world ticks).
    pub fn track(&self) -> &RecordedTrack {
        &self.track
    }
}

/// The recorded track behind `algorithm`, if it is a recorded missile.
pub fn track_of(tuning: &Tuning, algorithm: Algorithm) -> Option<&RecordedTrack> {
    let (law, _) = tuning.runtime.law(algorithm)?;
    law.as_any()?.downcast_ref::<Replay>().map(Replay::track)
}

fn put(body: &mut Body, s: &Sample) {
    body.pos = s.pos;
    body.vel = s.vel;
    body.heading = s.heading;
}

impl RuntimeLaw for Replay {
    fn info(&self) -> LawInfo {
        LawInfo {
            id: self.id,
            section: self.id,
            summary: self.summary,
            color: self.color,
            params: &[],
            contact_fused: true,
            four_lane: false,
            lane_gravity: false,
        }
    }

    fn defaults(&self) -> Vec<Value> {
        Vec::new()
    }

    fn launch(
        &self,
        _: &[Value],
        launch: &Launch,
        state: &mut RuntimeState,
    ) -> Result<Option<Body>, LawError> {
        // The sample its next move puts it on, less one: a track launched on its first
        // sample moves to its second. So does one recorded from the very first tick: it
        // is launched on that tick (there is no tick before) and must keep step with the
        // recording, showing sample k at tick k like the targets.
        let first = if self.track.launched || self.track.first == 0 {
            0.0
        } else {
            -1.0
        };
        state
            .values
            .insert("sample".into(), StateValue::Number(first));
        Ok(Some(Body {
            pos: launch.pos,
            vel: launch.vel,
            heading: self.track.samples[0].heading,
        }))
    }

    fn steer(
        &self,
        _: &[Value],
        state: &mut RuntimeState,
        body: &mut Body,
        seen: &Seen,
    ) -> Result<Option<Signal>, LawError> {
        let k = match state.values.get("sample") {
            Some(StateValue::Number(k)) => *k + 1.0,
            _ => 0.0,
        };
        state.values.insert("sample".into(), StateValue::Number(k));
        let len = self.track.samples.len();
        match self.track.samples.get(k as usize) {
            Some(s) => put(body, s),
            // A recording has no row for the tick a missile hit on (it is gone by the
            // time that tick is written): coast one tick on the last velocity, so a hit
            // inside that tick is still found...
            None if k as usize == len && !self.track.ended => body.pos += body.vel * seen.dt,
            // A miss its last row names ends it there, for that reason...
            None if self.track.missed.is_some() => return Ok(self.track.missed.map(Signal::Ended)),
            // ...otherwise it stays until the lifetime ends.
            None => body.vel = Vec2::ZERO,
        }
        Ok(None)
    }

    fn readouts(&self, state: &RuntimeState) -> Vec<Readout> {
        let k = match state.values.get("sample") {
            Some(StateValue::Number(k)) => *k,
            _ => 0.0,
        };
        vec![
            Readout::text(
                "recorded",
                format!("missile {} of the recording", self.track.id),
            ),
            Readout::number("sample", k as f32, ""),
        ]
    }

    fn fingerprint(&self) -> u64 {
        self.track.samples.iter().fold(self.track.id, |h, s| {
            [s.pos.x, s.pos.y, s.vel.x, s.vel.y, s.heading]
                .iter()
                .fold(h, |h, v| {
                    (h ^ u64::from(v.to_bits())).wrapping_mul(0x100_0000_01b3)
                })
        })
    }

    fn as_any(&self) -> Option<&dyn Any> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::track::Kind;

    fn sample(x: f32) -> Sample {
        Sample {
            pos: Vec2::new(x, 0.0),
            vel: Vec2::new(60.0, 0.0),
            heading: 0.25,
        }
    }

    fn replay(xs: &[f32]) -> Replay {
        let track = RecordedTrack {
            id: 7,
            kind: Kind::Missile,
            algorithm: "mine".into(),
            line: 2,
            first: 1,
            samples: xs.iter().map(|&x| sample(x)).collect(),
            launched: false,
            ended: false,
            missed: None,
        };
        Replay::new("rec-mine-test", &track, 0)
    }

    /// What a missile flying `r` sees (a still target), its state and body at launch.
    fn launched(r: &Replay) -> (Seen, RuntimeState, Body) {
        let seen = Seen {
            target_pos: Vec2::ZERO,
            target_vel: Vec2::ZERO,
            dt: 1.0 / 60.0,
        };
        let launch = Launch::toward(
            Vec2::new(10.0, 0.0),
            Vec2::new(60.0, 0.0),
            Vec2::X * 100.0,
            Vec2::ZERO,
            seen.dt,
        );
        let mut state = RuntimeState::default();
        let body = r.launch(&[], &launch, &mut state).unwrap().unwrap();
        (seen, state, body)
    }

    #[test]
    fn it_flies_its_samples_then_coasts_one_tick_then_stays() {
        let r = replay(&[10.0, 11.0, 12.0]);
        let (seen, mut state, mut body) = launched(&r);
        assert_eq!(
            (body.pos, body.vel, body.heading),
            (Vec2::new(10.0, 0.0), Vec2::new(60.0, 0.0), 0.25)
        );
        let mut xs = Vec::new();
        for _ in 0..6 {
            r.steer(&[], &mut state, &mut body, &seen).unwrap();
            xs.push(body.pos.x);
        }
        // Samples 10, 11, 12; one tick on at 60 units/s (+1); then still.
        assert_eq!(xs, [10.0, 11.0, 12.0, 13.0, 13.0, 13.0]);
        assert_eq!(body.vel, Vec2::ZERO);
        let labels: Vec<String> = r
            .readouts(&state)
            .iter()
            .map(|r| format!("{}={:?}", r.label, r.value))
            .collect();
        assert_eq!(labels[0], "recorded=Text(\"missile 7 of the recording\")");
        assert_eq!(labels[1], "sample=Number(5.0)");
        assert!(r.defaults().is_empty());
        assert_eq!(r.info().id, "rec-mine-test");
        assert_eq!(r.info().color, crate::guidance::runtime::palette(0));
    }

    #[test]
    fn a_track_from_the_first_tick_keeps_step_with_the_recording() {
        // Recorded from tick 0: launched on tick 0 at sample 0, so the step to tick 1
        // puts it on sample 1 (not sample 0, a tick behind the targets).
        let mut r = replay(&[10.0, 11.0, 12.0]);
        r.track.first = 0;
        let (seen, mut state, mut body) = launched(&r);
        assert_eq!(body.pos.x, 10.0);
        let mut xs = Vec::new();
        for _ in 0..3 {
            r.steer(&[], &mut state, &mut body, &seen).unwrap();
            xs.push(body.pos.x);
        }
        assert_eq!(xs, [11.0, 12.0, 13.0]);
    }

    #[test]
    fn different_tracks_have_different_fingerprints() {
        let a = replay(&[10.0, 11.0, 12.0]).fingerprint();
        assert_eq!(a, replay(&[10.0, 11.0, 12.0]).fingerprint());
        for other in [
            [10.0, 11.0, 12.5],
            [0.0, 11.0, 12.0],
            [10.0, 11.0, -12.0],
            [12.0, 11.0, 10.0],
        ] {
            assert_ne!(a, replay(&other).fingerprint(), "{other:?}");
        }
    }
}
