//! Saving is atomic, and save then load gives back an equal scenario (property test).

mod scenario_common;
use scenario_common::*;

// ---------------------------------------------------------------------------------------
// Atomic save
// ---------------------------------------------------------------------------------------

fn sample() -> Scenario {
    scenario::parse(presets::shipped("missile-command").unwrap(), "sample").unwrap()
}

#[test]
fn save_replaces_an_existing_file_with_the_new_text() {
    let dir = temp_dir("save-replaces");
    let path = dir.join("scene.ron");
    std::fs::write(&path, "old contents, not even RON").unwrap();
    let scenario = sample();
    scenario::save(&scenario, &path).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        scenario::to_text(&scenario)
    );
    assert_eq!(scenario::load(&path).unwrap(), scenario);
    // Only the file itself: no temporary left beside it.
    assert_eq!(listing(&dir), ["scene.ron"]);
    // Saving again over it works the same way.
    let mut changed = scenario.clone();
    changed.name = "changed".into();
    scenario::save(&changed, &path).unwrap();
    assert_eq!(scenario::load(&path).unwrap(), changed);
    assert_eq!(listing(&dir), ["scene.ron"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_rename_leaves_what_was_there_and_no_temporary() {
    // The final rename is impossible: the target is a directory (holding an old file).
    let dir = temp_dir("save-rename-fails");
    let target = dir.join("scene.ron");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("inside.ron"), "old").unwrap();
    let err = scenario::save(&sample(), &target);
    assert!(err.is_err(), "saving over a directory succeeded");
    assert!(target.is_dir());
    assert_eq!(
        std::fs::read_to_string(target.join("inside.ron")).unwrap(),
        "old"
    );
    assert_eq!(
        listing(&dir),
        ["scene.ron"],
        "a temporary file was left behind"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_that_fails_before_the_rename_leaves_the_old_file_intact() {
    // The save is cut short after the old file exists and before anything replaces it:
    // the temporary cannot be written (its name is taken by a directory).
    let dir = temp_dir("save-write-fails");
    let path = dir.join("scene.ron");
    let old = presets::shipped("default").unwrap();
    std::fs::write(&path, old).unwrap();
    let blocker = dir.join(format!(".scene.ron.{}.tmp", std::process::id()));
    std::fs::create_dir(&blocker).unwrap();
    std::fs::write(blocker.join("keep"), "x").unwrap();
    let result = scenario::save(&sample(), &path);
    assert!(
        result.is_err(),
        "save succeeded although its temporary could not be written (temporary renamed?)"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        old,
        "the old file changed"
    );
    assert_eq!(scenario::load(&path).unwrap(), presets::default_scenario());
    let mut expected = vec![
        blocker.file_name().unwrap().to_string_lossy().into_owned(),
        "scene.ron".to_string(),
    ];
    expected.sort();
    assert_eq!(listing(&dir), expected, "something else was left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_save_into_a_read_only_directory_fails_and_leaves_the_old_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("save-read-only");
    let path = dir.join("scene.ron");
    let old = presets::shipped("default").unwrap();
    std::fs::write(&path, old).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    // A privileged user (root) ignores the permission: nothing to check then.
    let privileged = std::fs::write(dir.join("probe"), "x").is_ok();
    if !privileged {
        assert!(scenario::save(&sample(), &path).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), old);
        assert_eq!(listing(&dir), ["scene.ron"]);
    }
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Round trip of random valid scenarios
// ---------------------------------------------------------------------------------------

/// A value within a parameter's range, from a fraction `u` in 0..=1.
fn param_value(spec: &ParamSpec, u: f64) -> ParamValue {
    match spec.kind {
        ParamKind::Float { min, max } => {
            ParamValue::Float(((f64::from(min) + u * f64::from(max - min)) as f32).clamp(min, max))
        }
        ParamKind::Int { min, max } => {
            ParamValue::Int((min + (u * (max - min + 1) as f64).floor() as i64).clamp(min, max))
        }
        ParamKind::Bool => ParamValue::Bool(u >= 0.5),
        ParamKind::Choice(names) => {
            ParamValue::Choice(((u * names.len() as f64) as usize).min(names.len() - 1))
        }
    }
}

/// How many parameters all the algorithms have.
fn param_count() -> usize {
    Algorithm::ALL.iter().map(|a| a.specs().len()).sum()
}

fn tuning() -> impl Strategy<Value = Tuning> {
    prop::collection::vec(0.0f64..=1.0, param_count()).prop_map(|fractions| {
        let mut tuning = Tuning::default();
        let mut next = fractions.into_iter();
        for algorithm in Algorithm::ALL {
            for spec in algorithm.specs() {
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
    prop::collection::vec(0.0f64..=1.0, TurnRateParams::SPECS.len()).prop_map(|fractions| {
        let mut params = TurnRateParams::default();
        for (spec, u) in TurnRateParams::SPECS.iter().zip(fractions) {
            let value = param_value(spec, u);
            assert!(spec.check(value).is_ok());
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
    )
        .prop_map(|(width, height, tick_rate, seed, margin)| WorldConfig {
            width,
            height,
            tick_rate,
            seed,
            margin,
        })
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
    (program(), -200.0f32..200.0, steering(), hero).prop_map(|(program, shift, steering, hero)| {
        Motion::FlyProgram(FlyProgramSpec {
            program,
            shift,
            steering,
            hero,
        })
    })
}

fn motion(names: Vec<String>) -> impl Strategy<Value = Motion> {
    prop_oneof![
        point(5000.0).prop_map(|pos| Motion::Static { pos }),
        (point(5000.0), point(1000.0)).prop_map(|(pos, vel)| Motion::Constant { pos, vel }),
        (
            point(5000.0),
            0.0f32..1000.0,
            -10.0f32..10.0,
            -10.0f32..10.0
        )
            .prop_map(|(center, radius, angular_speed, phase)| Motion::Circle {
                center,
                radius,
                angular_speed,
                phase
            }),
        (point(5000.0), point(1000.0), 0.0f32..200.0, 0.0f32..5.0).prop_map(
            |(pos, vel, amplitude, frequency)| Motion::Weave {
                pos,
                vel,
                amplitude,
                frequency
            }
        ),
        (
            prop::collection::vec(point(5000.0), 1..6),
            0.0f32..500.0,
            any::<bool>()
        )
            .prop_map(|(points, speed, looping)| Motion::Path {
                points,
                speed,
                looping
            }),
        fly_program(names),
        (point(5000.0), 0.0f32..=100.0)
            .prop_map(|(pos, smoothing)| Motion::Driven { pos, smoothing }),
    ]
}

fn targets() -> impl Strategy<Value = Vec<TargetSpec>> {
    (1usize..5).prop_flat_map(|n| {
        let names: Vec<String> = (0..n).map(|i| format!("target {i}")).collect();
        let specs: Vec<_> = names
            .iter()
            .map(|name| {
                let name = name.clone();
                (0.001f32..100.0, any::<bool>(), motion(names.clone())).prop_map(
                    move |(radius, destructible, motion)| TargetSpec {
                        name: name.clone(),
                        radius,
                        destructible,
                        motion,
                    },
                )
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
    )
        .prop_map(|(lifetime, fuel, radius)| MissileSpec {
            lifetime,
            fuel,
            radius,
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
                }
            },
        )
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
    )
        .prop_map(
            |(name, pos, ai_poll_time, first_poll, danger_height, skip_engaged, missile)| {
                TurretSpec {
                    name,
                    pos,
                    ai_poll_time,
                    first_poll,
                    danger_height,
                    skip_engaged,
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
            prop::collection::vec(algorithm(), 0..3),
        ),
        targets(),
        prop::collection::vec(turret(), 0..3),
        prop::option::of(rain()),
    )
        .prop_flat_map(
            |((name, description, world, algorithms, compare), targets, turrets, rain)| {
                let names: Vec<String> = targets.iter().map(|t| t.name.clone()).collect();
                prop::collection::vec(launcher(names), 0..3).prop_map(move |launchers| Scenario {
                    version: scenario::VERSION,
                    name: name.clone(),
                    description: description.clone(),
                    world: world.clone(),
                    algorithms: algorithms.clone(),
                    compare: compare.clone(),
                    targets: targets.clone(),
                    launchers,
                    turrets: turrets.clone(),
                    rain: rain.clone(),
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
        scenario::save(&scenario, &path).unwrap();
        let loaded = scenario::load(&path);
        prop_assert!(loaded.is_ok(), "{}", loaded.unwrap_err());
        prop_assert_eq!(loaded.unwrap(), scenario.clone());
        prop_assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
