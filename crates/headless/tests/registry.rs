//! The law registry takes entries that exist only at run time, through the same table as
//! the built-ins: a throwaway law written here, registered into a scenario, flies
//! headless like a built-in (its own algorithm, parameters, readouts, events), and a
//! law that fails ends only its own missile.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_headless as steerlab;

use glam::Vec2;
use std::sync::Arc;
use steerlab::core::field::number;
use steerlab::core::{Body, Readout, Seen, Value};
use steerlab::guidance::runtime::leak_fields;
use steerlab::guidance::{
    Algorithm, Launch, LawError, LawInfo, RuntimeLaw, RuntimeState, Signal, Tuning,
};
use steerlab::scenario::presets::default_scenario;
use steerlab::sim::{EventKind, MissReason, Outcome, World};

/// Flies straight at where the target is, at a constant speed; counts its ticks.
#[derive(Debug)]
struct Beeline {
    id: &'static str,
    /// Fails on this tick (to test failures).
    fail_at: Option<f64>,
    /// Whether it looks at the other missiles in flight (it counts them).
    sees: bool,
}

impl RuntimeLaw for Beeline {
    fn info(&self) -> LawInfo {
        LawInfo {
            id: self.id,
            section: self.id,
            summary: "a throwaway law: straight at the target",
            color: [10, 20, 30],
            params: leak_fields(vec![number(1.0, 1000.0)
                .unit("units/s")
                .help("Constant speed.")
                .named("speed")]),
            contact_fused: true,
            four_lane: false,
            lane_gravity: false,
        }
    }

    fn defaults(&self) -> Vec<Value> {
        vec![Value::Number(250.0)]
    }

    fn launch(
        &self,
        params: &[Value],
        launch: &Launch,
        _state: &mut RuntimeState,
    ) -> Result<Option<Body>, LawError> {
        let &Value::Number(speed) = &params[0] else {
            unreachable!("a float parameter")
        };
        Ok(Some(Body {
            pos: launch.pos,
            vel: launch.dir * speed,
            heading: launch.dir.to_angle(),
        }))
    }

    fn steer(
        &self,
        params: &[Value],
        state: &mut RuntimeState,
        body: &mut Body,
        seen: &Seen,
    ) -> Result<Option<Signal>, LawError> {
        use steerlab::guidance::runtime::StateValue;
        let ticks = match state.values.get("ticks") {
            Some(StateValue::Number(n)) => *n + 1.0,
            _ => 1.0,
        };
        state
            .values
            .insert("ticks".into(), StateValue::Number(ticks));
        if self.fail_at == Some(ticks) {
            return Err(LawError {
                place: "beeline.rhai:3:7".into(),
                message: "planted failure".into(),
            });
        }
        let &Value::Number(speed) = &params[0] else {
            unreachable!("a float parameter")
        };
        let dir = (seen.target_pos - body.pos).normalize_or_zero();
        body.vel = dir * speed;
        body.heading = dir.to_angle();
        body.pos += body.vel * seen.dt;
        Ok(None)
    }

    fn sees_others(&self) -> bool {
        self.sees
    }

    fn steer_among(
        &self,
        params: &[Value],
        state: &mut RuntimeState,
        body: &mut Body,
        seen: &Seen,
        others: &[steerlab::steering::Mover],
    ) -> Result<Option<Signal>, LawError> {
        use steerlab::guidance::runtime::StateValue;
        let count = StateValue::Number(others.len() as f64);
        state.values.insert("others".into(), count);
        self.steer(params, state, body, seen)
    }

    fn readouts(&self, state: &RuntimeState) -> Vec<Readout> {
        use steerlab::guidance::runtime::StateValue;
        match state.values.get("ticks") {
            Some(StateValue::Number(n)) => vec![Readout::number("ticks flown", *n as f32, "")],
            _ => Vec::new(),
        }
    }
}

/// The default scenario with its launcher firing `algorithm` (plus smoothed) once.
fn world_with(law: Beeline) -> (World, Algorithm) {
    let mut scenario = default_scenario();
    let algorithm = scenario.algorithms.register(Arc::new(law)).unwrap();
    scenario.launchers[0].algorithms = vec![algorithm, Algorithm::from_id("smoothed").unwrap()];
    scenario.launchers[0].every = None;
    (scenario.build().unwrap(), algorithm)
}

#[test]
fn a_law_registered_at_run_time_flies_headless_like_a_built_in() {
    let (mut world, beeline) = world_with(Beeline {
        id: "test-beeline",
        fail_at: None,
        sees: false,
    });
    assert!(!beeline.is_builtin());
    assert_eq!(beeline.id(), "test-beeline");
    assert_eq!(Algorithm::from_id("test-beeline"), Some(beeline));
    assert_eq!(beeline.color(), [10, 20, 30]);
    assert_eq!(beeline.params()[0].name, "speed");
    assert_eq!(
        world.tuning.get(beeline, "speed"),
        Some(Value::Number(250.0))
    );
    let mut hit = None;
    for _ in 0..600 {
        world.step();
        for event in world.events() {
            if let EventKind::Hit { algorithm, .. } = event.kind {
                if algorithm == beeline {
                    hit = Some(world.tick());
                }
            }
        }
    }
    let missile = world
        .all_missiles()
        .into_iter()
        .find(|m| m.algorithm() == beeline)
        .expect("it was launched")
        .clone();
    assert!(
        matches!(missile.metrics.outcome, Outcome::Hit { .. }),
        "{:?}",
        missile.metrics.outcome
    );
    assert!(hit.is_some());
    // Its state is readable like a built-in's internals.
    let readouts = missile.guidance.readouts(&world.tuning, world.dt());
    assert_eq!(readouts[0].label, "ticks flown");
}

#[test]
fn a_runtime_law_is_deterministic_and_its_parameters_are_tuned_like_a_built_ins() {
    let run = |speed: Option<f32>| {
        let (mut world, beeline) = world_with(Beeline {
            id: "test-beeline-2",
            fail_at: None,
            sees: false,
        });
        if let Some(speed) = speed {
            world
                .apply(steerlab::sim::Input::SetParam {
                    algorithm: beeline,
                    name: "speed".into(),
                    value: Value::Number(speed),
                })
                .unwrap();
        }
        for _ in 0..120 {
            world.step();
        }
        world.state_hash()
    };
    assert_eq!(run(None), run(None));
    assert_ne!(run(None), run(Some(400.0)));
    // Out of its declared range: refused like a built-in's.
    let mut tuning = Tuning::default();
    let beeline = tuning
        .register(Arc::new(Beeline {
            id: "test-beeline-3",
            fail_at: None,
            sees: false,
        }))
        .unwrap();
    assert!(tuning.set(beeline, "speed", Value::Number(5000.0)).is_err());
    assert!(tuning.set(beeline, "speed", Value::Number(10.0)).is_ok());
    // A built-in's id cannot be taken.
    assert!(tuning
        .register(Arc::new(Beeline {
            id: "smoothed",
            fail_at: None,
            sees: false,
        }))
        .is_err());
}

#[test]
fn a_law_that_fails_ends_only_its_own_missile_and_says_where() {
    let (mut world, beeline) = world_with(Beeline {
        id: "test-beeline-failing",
        fail_at: Some(10.0),
        sees: false,
    });
    let mut failure = None;
    for _ in 0..40 {
        world.step();
        for event in world.events() {
            if let EventKind::LawFailed { error, .. } = &event.kind {
                failure = Some(error.to_string());
            }
        }
    }
    assert_eq!(
        failure.as_deref(),
        Some("beeline.rhai:3:7: planted failure")
    );
    let all = world.all_missiles();
    let failed = all.iter().find(|m| m.algorithm() == beeline).unwrap();
    assert_eq!(
        failed.metrics.outcome,
        Outcome::Missed(MissReason::LawFailed)
    );
    // The other missile flies on.
    let other = all.iter().find(|m| m.algorithm() != beeline).unwrap();
    assert_eq!(other.metrics.outcome, Outcome::Flying);
    assert!(failed.body.pos.distance(Vec2::ZERO) > 0.0);
}

#[test]
fn only_a_runtime_law_that_looks_at_the_other_missiles_is_handed_them() {
    use steerlab::guidance::runtime::StateValue;
    use steerlab::guidance::Guidance;
    for (sees, want) in [(false, 0.0), (true, 1.0)] {
        let law = Beeline {
            id: if sees {
                "beeline-sees"
            } else {
                "beeline-blind"
            },
            fail_at: None,
            sees,
        };
        let (mut world, algorithm) = world_with(law);
        for _ in 0..3 {
            world.step();
        }
        let mine = world.missiles().iter().find(|m| m.algorithm() == algorithm);
        let Guidance::Runtime(g) = &mine.unwrap().guidance else {
            panic!("a runtime law");
        };
        // Beside it flies the smoothed missile of the same launch.
        assert_eq!(
            g.state.values.get("others"),
            Some(&StateValue::Number(want)),
            "{sees}"
        );
    }
}
