//! Save then load gives back an equal scenario (property test), and a save writes only
//! what differs from the defaults. Atomic saving is in `save_atomic.rs`.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/scenario_common/mod.rs"]
mod scenario_common;
mod scenario_save_world;
use scenario_common::*;
use scenario_save_world::{crowd, obstacle};
use std::collections::BTreeMap;
use steerlab::core::field::WrittenValue;
use steerlab::sim::airframe::AirframeSpec;
use steerlab::sim::avoid::AvoidSpec;
use steerlab::sim::flares::FlareSpec;
use steerlab::sim::motion;
use steerlab::sim::motion::{Described, Kind, Value};
use steerlab::sim::seeker::SeekerSpec;

// ---------------------------------------------------------------------------------------
// Round trip of random valid scenarios
// ---------------------------------------------------------------------------------------

/// A value within a parameter's range, from a fraction `u` in 0..=1.
fn param_value(spec: &Field, u: f64) -> Value {
    match spec.kind {
        Kind::Number { min, max } => {
            Value::Number(((f64::from(min) + u * f64::from(max - min)) as f32).clamp(min, max))
        }
        Kind::Whole { min, max } => {
            Value::Whole((min + (u * (max - min + 1) as f64).floor() as i64).clamp(min, max))
        }
        Kind::Flag => Value::Flag(u >= 0.5),
        Kind::Choice(names) => {
            Value::Choice(((u * names.len() as f64) as usize).min(names.len() - 1))
        }
        other => unreachable!("a law's parameter is a number, a flag or a choice: {other:?}"),
    }
}

/// How many parameters all the algorithms have.
fn param_count() -> usize {
    Algorithm::ALL.iter().map(|a| a.params().len()).sum()
}

fn tuning() -> impl Strategy<Value = Tuning> {
    prop::collection::vec(0.0f64..=1.0, param_count()).prop_map(|fractions| {
        let mut tuning = Tuning::default();
        let mut next = fractions.into_iter();
        for algorithm in Algorithm::ALL {
            for spec in algorithm.params() {
                let value = param_value(spec, next.next().unwrap());
                tuning
                    .set(algorithm, spec.name, value)
                    .unwrap_or_else(|e| panic!("{algorithm}.{}: {e}", spec.name));
            }
        }
        tuning
    })
}

fn steering() -> impl Strategy<Value = TurnRateParams> {
    prop::collection::vec(0.0f64..=1.0, TurnRateParams::FIELDS.len()).prop_map(|fractions| {
        let mut params = TurnRateParams::default();
        for (spec, u) in TurnRateParams::FIELDS.iter().zip(fractions) {
            let value = param_value(spec, u);
            assert_eq!(spec.refusal(&value), None);
            assert!(params.set(spec.name, value), "{}", spec.name);
        }
        params
    })
}

fn algorithm() -> impl Strategy<Value = Algorithm> {
    prop::sample::select(Algorithm::ALL.to_vec())
}

fn point(limit: f32) -> impl Strategy<Value = Vec2> {
    (-limit..=limit, -limit..=limit).prop_map(|(x, y)| Vec2::new(x, y))
}

fn world() -> impl Strategy<Value = WorldConfig> {
    (
        1.0f32..5000.0,
        1.0f32..5000.0,
        1.0f32..=1000.0,
        any::<u64>(),
        0.0f32..2000.0,
        prop_oneof![Just(Vec2::ZERO), point(1000.0)],
    )
        .prop_map(
            |(width, height, tick_rate, seed, margin, gravity)| WorldConfig {
                width,
                height,
                tick_rate,
                seed,
                margin,
                max_missiles: None,
                gravity,
            },
        )
}

/// A valid fly program: a grid point first, then points and hero, chase and straight
/// commands, maybe ending in a jump back to a command that is not a jump.
fn program() -> impl Strategy<Value = Vec<u16>> {
    let grid = (0u16..12, 0u16..15).prop_map(|(row, col)| 20 * row + col);
    let command = prop_oneof![
        4 => (0u16..12, 0u16..15).prop_map(|(row, col)| 20 * row + col),
        1 => Just(240u16),
        1 => 241u16..=249,
        1 => 250u16..=259,
    ];
    (
        grid,
        prop::collection::vec(command, 0..6),
        any::<bool>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(first, rest, jump, to)| {
            let mut program = vec![first];
            program.extend(rest);
            if jump {
                let to = to.index(program.len()) as u16;
                program.push(260 + to);
            }
            program
        })
}

fn fly_program(names: Vec<String>) -> impl Strategy<Value = Motion> {
    let hero = prop::option::of(prop::sample::select(names));
    // The shift is a fraction of the room the first point has within the death lines
    // (x from -128 to 768): a program starting beyond them is refused.
    (program(), 0.001f32..0.999, steering(), hero).prop_map(|(program, room, steering, hero)| {
        let x = f32::from(program[0] % 20) * 64.0 - 128.0;
        Motion::FlyProgram(FlyProgramSpec {
            program,
            shift: (-128.0 - x) + room * 896.0,
            steering,
            hero,
        })
    })
}

fn motion(names: Vec<String>) -> impl Strategy<Value = Motion> {
    prop_oneof![
        point(5000.0).prop_map(|pos| Motion::Static(motion::Static { pos })),
        (point(5000.0), point(1000.0))
            .prop_map(|(pos, vel)| Motion::Constant(motion::Constant { pos, vel })),
        (
            point(5000.0),
            0.0f32..1000.0,
            -10.0f32..10.0,
            -10.0f32..10.0
        )
            .prop_map(|(center, radius, angular_speed, phase)| Motion::Circle(
                motion::Circle {
                    center,
                    radius,
                    angular_speed,
                    phase
                }
            )),
        (point(5000.0), point(1000.0), 0.0f32..200.0, 0.0f32..5.0).prop_map(
            |(pos, vel, amplitude, frequency)| Motion::Weave(motion::Weave {
                pos,
                vel,
                amplitude,
                frequency
            })
        ),
        (
            prop::collection::vec(point(5000.0), 1..6),
            0.0f32..500.0,
            any::<bool>()
        )
            .prop_map(|(points, speed, looping)| Motion::Path(motion::Path {
                points,
                speed,
                looping
            })),
        fly_program(names),
        (point(5000.0), 0.0f32..=100.0)
            .prop_map(|(pos, smoothing)| Motion::Driven(motion::Driven { pos, smoothing })),
    ]
}

fn targets() -> impl Strategy<Value = Vec<TargetSpec>> {
    (1usize..5).prop_flat_map(|n| {
        let names: Vec<String> = (0..n).map(|i| format!("target {i}")).collect();
        let specs: Vec<_> = names
            .iter()
            .map(|name| {
                let name = name.clone();
                let flares = prop::option::of(described::<FlareSpec>());
                (
                    0.001f32..100.0,
                    any::<bool>(),
                    motion(names.clone()),
                    flares,
                )
                    .prop_map(move |(radius, destructible, motion, flares)| {
                        TargetSpec {
                            name: name.clone(),
                            radius,
                            destructible,
                            motion,
                            flares,
                        }
                    })
            })
            .collect();
        specs
    })
}

fn missile() -> impl Strategy<Value = MissileSpec> {
    (
        0.001f32..1000.0,
        prop::option::of(0.001f32..1.0e6),
        0.0f32..100.0,
        prop::option::of(described::<AirframeSpec>()),
        prop::option::of(described::<SeekerSpec>()),
        prop::option::of(described::<AvoidSpec>()),
    )
        .prop_map(
            |(lifetime, fuel, radius, airframe, seeker, avoid)| MissileSpec {
                lifetime,
                fuel,
                radius,
                airframe,
                seeker,
                avoid,
            },
        )
}

/// A self-describing value (an airframe, a seeker) with every field anywhere in its
/// range (flags either way).
fn described<T: Described + Default + std::fmt::Debug>() -> impl Strategy<Value = T> {
    let fields = T::default().fields();
    let picks = prop::collection::vec((0.0f32..=1.0, any::<bool>()), fields.len());
    picks.prop_map(move |picks| {
        let mut spec = T::default();
        for (field, (at, on)) in fields.iter().zip(picks) {
            let value = match field.kind {
                Kind::Number { min, max } => Value::Number(min + (max - min) * at),
                Kind::Whole { min, max } => Value::Whole(min + ((max - min) as f32 * at) as i64),
                _ => Value::Flag(on),
            };
            assert!(spec.set(field.name, value), "{}", field.name);
        }
        spec
    })
}

fn launcher(names: Vec<String>) -> impl Strategy<Value = LauncherSpec> {
    (
        "[a-z ]{0,8}",
        point(5000.0),
        prop::sample::select(names),
        prop::collection::vec(algorithm(), 1..4),
        point(1000.0),
        prop::option::of(0.0f32..100.0),
        prop::option::of(0.001f32..100.0),
        1u32..20,
        0.0f32..=360.0,
        missile(),
        overrides(),
    )
        .prop_map(
            |(
                name,
                pos,
                target,
                algorithms,
                launch_velocity,
                first_at,
                every,
                salvo,
                spread,
                missile,
                params,
            )| {
                LauncherSpec {
                    name,
                    pos,
                    target,
                    algorithms,
                    launch_velocity,
                    first_at,
                    every,
                    salvo,
                    spread,
                    missile,
                    params,
                }
            },
        )
}

/// A launcher's parameter overrides: every kind of written value.
fn overrides() -> impl Strategy<Value = BTreeMap<String, WrittenValue>> {
    let one = prop_oneof![
        prop::sample::select(vec!["earliest", "article-max"]).prop_map(|n| (
            "intercept.root_rule".to_string(),
            WrittenValue::Name(n.into())
        )),
        (0.0f64..1.0).prop_map(|v| ("smoothed.ga".to_string(), WrittenValue::Number(v))),
        (1i32..50).prop_map(|v| (
            "newton.iterations".to_string(),
            WrittenValue::Number(v.into())
        )),
        any::<bool>().prop_map(|v| ("smoothed.constant_speed".to_string(), WrittenValue::Flag(v))),
    ];
    prop::collection::vec(one, 0..4).prop_map(|pairs| pairs.into_iter().collect())
}

fn turret() -> impl Strategy<Value = TurretSpec> {
    (
        "[a-z]{0,6}",
        point(5000.0),
        0.001f32..10.0,
        0.0f32..10.0,
        0.0f32..1000.0,
        any::<bool>(),
        missile(),
        algorithm(),
    )
        .prop_map(
            |(
                name,
                pos,
                ai_poll_time,
                first_poll,
                danger_height,
                skip_engaged,
                missile,
                algorithm,
            )| {
                TurretSpec {
                    name,
                    pos,
                    ai_poll_time,
                    first_poll,
                    danger_height,
                    skip_engaged,
                    algorithm,
                    missile,
                }
            },
        )
}

fn rain() -> impl Strategy<Value = RainSpec> {
    (
        0.0f32..200.0,
        0.0f32..200.0,
        0.001f32..50.0,
        0.0f32..50.0,
        prop::collection::vec((0.0f32..100.0, 0.0f32..=1000.0), 1..5),
        prop::option::of(0.0f32..5000.0),
    )
        .prop_map(
            |(min_speed, extra_speed, min_radius, extra_radius, mut rate, ground)| {
                rate.sort_by(|a, b| a.0.total_cmp(&b.0));
                RainSpec {
                    min_speed,
                    max_speed: min_speed + extra_speed,
                    min_radius,
                    max_radius: min_radius + extra_radius,
                    rate,
                    ground,
                }
            },
        )
}

fn valid_scenario() -> impl Strategy<Value = Scenario> {
    let text = "[ -~]{0,24}|\\PC{0,8}";
    (
        (
            text,
            text,
            world(),
            tuning(),
            // A compare list names each algorithm once.
            prop::collection::btree_set(algorithm(), 0..3)
                .prop_map(|set| set.into_iter().collect::<Vec<_>>()),
        ),
        targets(),
        prop::collection::vec(turret(), 0..3),
        prop::option::of(rain()),
        (
            prop::collection::vec(obstacle(), 0..3),
            prop::collection::vec(crowd(), 0..2),
        ),
    )
        .prop_flat_map(
            |(
                (name, description, world, algorithms, compare),
                targets,
                turrets,
                rain,
                (obstacles, crowds),
            )| {
                let names: Vec<String> = targets.iter().map(|t| t.name.clone()).collect();
                prop::collection::vec(launcher(names), 0..3).prop_map(move |launchers| Scenario {
                    version: scenario::VERSION,
                    name: name.clone(),
                    description: description.clone(),
                    world: world.clone(),
                    scripts: Vec::new(),
                    algorithms: algorithms.clone(),
                    compare: compare.clone(),
                    targets: targets.clone(),
                    launchers,
                    turrets: turrets.clone(),
                    obstacles: obstacles.clone(),
                    crowds: crowds.clone(),
                    rain: rain.clone(),
                    view: None,
                    sweep: None,
                    // Those with rain name two embed sliders (the round trip keeps them).
                    embed: rain.is_some().then(|| scenario::EmbedSpec {
                        sliders: vec!["smoothed.ga".into(), "pro-nav.gain".into()],
                    }),
                    // Those with rain diagnose with thresholds of their own.
                    diagnosis: steerlab::sim::diagnosis::Thresholds {
                        orbit_turns: if rain.is_some() { 2.5 } else { 1.0 },
                        ..Default::default()
                    },
                    // Half of them carry a header comment, which a save keeps.
                    header: if compare.is_empty() {
                        String::new()
                    } else {
                        "// A header comment\n//\n// kept by every save".into()
                    },
                })
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_valid_scenarios_survive_text_and_disk_round_trips(scenario in valid_scenario()) {
        let text = scenario::to_text(&scenario);
        let parsed = scenario::parse(&text, "round-trip.ron");
        prop_assert!(parsed.is_ok(), "{}\n--- text ---\n{text}", parsed.unwrap_err());
        prop_assert_eq!(parsed.unwrap(), scenario.clone());

        let dir = temp_dir("round-trip");
        let path = dir.join("scene.ron");
        scenario::save(&scenario, &path, None, &[]).unwrap();
        let loaded = scenario::load(&path);
        prop_assert!(loaded.is_ok(), "{}", loaded.unwrap_err());
        prop_assert_eq!(loaded.unwrap(), scenario.clone());
        prop_assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_save_keeps_the_header_writes_only_what_differs_and_one_entry_per_line() {
    let text = presets::shipped("default").unwrap();
    let saved = scenario::to_text(&scenario::parse(text, "default").unwrap());
    // The header comment is kept.
    assert!(saved.starts_with(
        "// The scenario steerlab opens with: every algorithm against one target you can drag.\n(\n"
    ));
    // default.ron spells out turn-rate's default angular speed (3): a save leaves it out,
    // and writes no field the file did not have (the missile's speed, the trail, ...).
    assert!(text.contains("angular_speed: 3)"));
    assert!(saved.contains("\n        turn_rate: (radial_speed: 300.0),\n"));
    assert!(!saved.contains("trail"));
    assert!(saved.contains("missile: (lifetime: 12.0))"));
    // One target and one launcher per line.
    assert!(saved.contains(
        "\n        (name: \"target\", radius: 12.0, motion: Circle(center: (780.0, 380.0), radius: 180.0, angular_speed: 0.6)),\n"
    ));
    assert!(
        saved.contains("\n        (name: \"launcher\", pos: (200.0, 680.0), target: \"target\", ")
    );
    assert_eq!(saved.lines().count(), 26, "{saved}");
    // Saving what was saved changes nothing, so saves diff only where something changed.
    assert_eq!(
        scenario::to_text(&scenario::parse(&saved, "saved").unwrap()),
        saved
    );
}

// ---------------------------------------------------------------------------------------
// Scripts' paths saved into another folder
// ---------------------------------------------------------------------------------------

#[test]
fn a_script_path_is_rebased_relative_to_the_folder_saved_into() {
    use steerlab::scenario::file::rebased;
    use steerlab::scenario::scripts::ScriptSpec;
    let root = tempfile::tempdir().unwrap();
    let (a, b) = (root.path().join("a"), root.path().join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(b.join("deeper")).unwrap();
    std::fs::write(a.join("law.rhai"), "").unwrap();
    let mut scenario = steerlab::scenario::Scenario::default();
    scenario.scripts.push(ScriptSpec {
        id: "mine".into(),
        path: "law.rhai".into(),
        color: None,
        params: BTreeMap::new(),
    });
    let path = |s: &steerlab::scenario::Scenario| s.scripts[0].path.clone();
    // A sibling folder, and one a level further down: up and across, relative.
    assert_eq!(path(&rebased(&scenario, &a, &b)), "../a/law.rhai");
    assert_eq!(
        path(&rebased(&scenario, &a, &b.join("deeper"))),
        "../../a/law.rhai"
    );
    // The same folder: the path as written.
    assert_eq!(path(&rebased(&scenario, &a, &a)), "law.rhai");
}
