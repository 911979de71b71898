use super::*;
use crate::scenario::presets::SHIPPED;
use crate::sim::Motion;

fn shipped(name: &str) -> Scenario {
    let text = SHIPPED.iter().find(|(n, _)| *n == name).unwrap().1;
    crate::scenario::parse(text, name).unwrap()
}

#[test]
fn every_number_read_back_unchanged_gives_the_same_scenario() {
    for (name, text) in SHIPPED {
        let Ok(scenario) = crate::scenario::parse(text, name) else {
            continue; // shipped scenarios with scripts need their folder
        };
        let fields = Fields::of(&scenario);
        let names: Vec<&str> = fields.names().take(300).collect();
        assert!(names.len() > 10, "{name}");
        for path in names {
            if path.starts_with("launch.") && scenario.launchers.len() > 1 {
                continue; // the geometry places every launcher where the first is
            }
            let value = fields.value(path).unwrap();
            let same = fields.set(&[(path, value)]).unwrap();
            assert_eq!(same, scenario, "{name}: {path} = {value}");
        }
    }
}

#[test]
fn a_set_number_lands_in_its_field_and_nowhere_else() {
    let s = shipped("default");
    let fields = Fields::of(&s);
    // Fields left at their defaults are there too.
    assert_eq!(fields.value("world.margin"), Some(400.0));
    assert_eq!(fields.value("algorithms.newton.iterations"), Some(8.0));
    let set = fields
        .set(&[
            ("targets[0].motion.radius", 250.5),
            ("launchers[0].pos[0]", 123.0),
            ("launchers[0].pos.y", 456.0),
            ("algorithms.smoothed.ga", 0.5),
            ("launchers[0].salvo", 2.6),
        ])
        .unwrap();
    let Motion::Circle(c) = &set.targets[0].motion else {
        panic!("a circle")
    };
    assert_eq!(c.radius, 250.5);
    assert_eq!(set.launchers[0].pos, Vec2::new(123.0, 456.0));
    assert_eq!(
        set.launchers[0].salvo, 3,
        "whole fields take the nearest whole number"
    );
    assert_eq!(
        set.algorithms
            .get("smoothed".parse::<Algorithm>().unwrap(), "ga"),
        Some(Value::Number(0.5))
    );
    let mut expected = s.clone();
    expected.targets = set.targets.clone();
    expected.launchers = set.launchers.clone();
    expected.algorithms = set.algorithms.clone();
    assert_eq!(set, expected, "nothing else moved");
    assert!(fields.set(&[("targets[0].motion.speed", 1.0)]).is_err());
    assert!(fields.name_of("version").is_none());
    assert!(
        fields.name_of("world.seed").is_none(),
        "each run has its own seed"
    );
    assert!(fields.name_of("targets[0].name").is_none(), "not a number");
    assert_eq!(
        fields.name_of(" launchers[0].pos[1] "),
        Some("launchers[0].pos.y")
    );
}

#[test]
fn launch_geometry_places_launchers_around_the_target_s_start_and_heading() {
    let s = crate::scenario::parse(
        r#"(version: 1, world: (width: 4000, height: 4000),
            targets: [(name: "t", radius: 5, motion: Constant(pos: (1000, 1000), vel: (0, 50)))],
            launchers: [(pos: (0, 0), target: "t", algorithms: ["smoothed"], launch_velocity: (30, 40))])"#,
        "geometry",
    )
    .unwrap();
    let fields = Fields::of(&s);
    // The target heads +y (down the screen): bearing 0 is ahead of it, 90 on its right
    // as seen on screen (-x: turning clockwise, the world's y points down), 180 behind.
    for (bearing, expected) in [
        (0.0, Vec2::new(1000.0, 1500.0)),
        (90.0, Vec2::new(500.0, 1000.0)),
        (180.0, Vec2::new(1000.0, 500.0)),
        (-90.0, Vec2::new(1500.0, 1000.0)),
    ] {
        let set = fields
            .set(&[("launch.range", 500.0), ("launch.bearing", bearing)])
            .unwrap();
        let l = &set.launchers[0];
        assert!(l.pos.distance(expected) < 1e-3, "{bearing}: {}", l.pos);
        // The launch velocity (30, 40) turns with the launcher, from bearing 135.
        let turned =
            Vec2::from_angle((bearing as f32 - 135.0).to_radians()).rotate(Vec2::new(30.0, 40.0));
        assert!(
            l.launch_velocity.distance(turned) < 1e-3,
            "{bearing}: {}",
            l.launch_velocity
        );
    }
    // Each part alone keeps the other: range 1414.2 at bearing 135 (behind-left) today.
    assert!((fields.value("launch.range").unwrap() - 1414.2136).abs() < 1e-3);
    assert!((fields.value("launch.bearing").unwrap() - 135.0).abs() < 1e-3);
    let set = fields.set(&[("launch.range", 100.0)]).unwrap();
    let expected = Vec2::new(1000.0, 1000.0) - Vec2::splat(100.0 / 2f32.sqrt());
    assert!(set.launchers[0].pos.distance(expected) < 1e-3);
}

#[test]
fn setting_onto_a_set_scenario_is_setting_both_and_only_launch_geometry_places_launchers() {
    let s = shipped("smoothed-envelope");
    let fields = Fields::of(&s);
    let first = [
        ("algorithms.smoothed.ga", 0.75),
        ("targets[0].motion.vel.y", 250.0),
    ];
    let then = [
        ("targets[0].motion.pos[1]", 333.5),
        ("algorithms.smoothed.ga", 0.6),
    ];
    let mut onto = fields.set(&first).unwrap();
    fields.set_onto(&mut onto, &then).unwrap();
    let both: Vec<(&str, f64)> = first.iter().chain(&then).copied().collect();
    assert_eq!(onto, fields.set(&both).unwrap());
    // Worked by hand: the later ga wins, the point keeps its x and takes the y.
    assert_eq!(
        onto.algorithms.get("smoothed".parse().unwrap(), "ga"),
        Some(Value::Number(0.6))
    );
    let Motion::Constant(c) = &onto.targets[0].motion else {
        panic!()
    };
    assert_eq!(
        (c.pos, c.vel),
        (Vec2::new(1500.0, 333.5), Vec2::new(0.0, 250.0))
    );
    // An unknown field is refused by name.
    let mut other = s.clone();
    assert_eq!(
        fields.set_onto(&mut other, &[("targets[0].nope", 1.0)]),
        Err("unknown field `targets[0].nope`".to_string())
    );
    for (path, places) in [
        ("launch.range", true),
        ("launch.bearing", true),
        (" launch.range ", true),
        ("launchers[0].pos.x", false),
        ("launchers[0].pos[0]", false),
        ("algorithms.smoothed.ga", false),
        ("nope", false),
    ] {
        assert_eq!(fields.places_launchers(path), places, "{path}");
    }
}

#[test]
fn a_listed_name_and_a_point_part_written_as_errors_write_it_are_both_found() {
    let fields = Fields::of(&shipped("smoothed-envelope"));
    for (path, name) in [
        ("targets[0].motion.pos.y", Some("targets[0].motion.pos.y")),
        (
            "  targets[0].motion.pos.y ",
            Some("targets[0].motion.pos.y"),
        ),
        ("targets[0].motion.pos[1]", Some("targets[0].motion.pos.y")),
        ("targets[0].motion.pos[0]", Some("targets[0].motion.pos.x")),
        ("targets[0].motion.pos[2]", None),
        ("targets[0].motion.pos", None),
    ] {
        assert_eq!(fields.name_of(path), name, "{path}");
    }
}

#[test]
fn a_positive_bearing_turns_clockwise_on_screen() {
    // A target moving along +x (to the right of the screen): bearing 90 stands the
    // launcher below it on screen (larger y), -90 above it.
    let s = crate::scenario::parse(
        r#"(version: 1, world: (width: 4000, height: 4000),
            targets: [(name: "t", radius: 5, motion: Constant(pos: (1000, 1000), vel: (50, 0)))],
            launchers: [(pos: (0, 0), target: "t", algorithms: ["smoothed"])])"#,
        "clockwise",
    )
    .unwrap();
    let fields = Fields::of(&s);
    for (bearing, below) in [(90.0, true), (-90.0, false)] {
        let set = fields
            .set(&[("launch.range", 300.0), ("launch.bearing", bearing)])
            .unwrap();
        let pos = set.launchers[0].pos;
        let expected = Vec2::new(1000.0, if below { 1300.0 } else { 700.0 });
        assert!(pos.distance(expected) < 1e-3, "{bearing}: {pos}");
    }
}

#[test]
fn bounds_are_each_field_s_accepted_values() {
    let s = crate::scenario::parse(
        r#"(version: 1, world: (width: 4000, height: 4000),
            algorithms: (smoothed: (ga: 0.92)),
            targets: [(name: "t", radius: 5, motion: Static(pos: (10, 10)))],
            launchers: [(pos: (0, 0), target: "t", algorithms: ["smoothed"], every: 2, salvo: 3)])"#,
        "bounds",
    )
    .unwrap();
    let fields = Fields::of(&s);
    // From the format reference: ga is 0 to 1, a position ±1e7, a salvo 1 to 10000
    // whole, a spread 0 to 360.
    assert_eq!(fields.bounds("algorithms.smoothed.ga"), Some((0.0, 1.0)));
    assert_eq!(fields.bounds("launchers[0].pos.x"), Some((-1e7, 1e7)));
    assert_eq!(fields.bounds("launchers[0].salvo"), Some((1.0, 10000.0)));
    assert_eq!(fields.bounds("launchers[0].spread"), Some((0.0, 360.0)));
    assert_eq!(fields.bounds("launch.bearing"), Some((-180.0, 180.0)));
    assert_eq!(fields.bounds("launch.range"), Some((0.0, 1e7)));
    assert_eq!(fields.bounds("no.such.field"), None);
    // A first sweep range stays inside: ga 0.92 gives 0.46..1 (not 1.38), a salvo of 3
    // 1.5..4.5, a position at 0 0..100, the bearing -180..165.
    assert_eq!(
        fields.suggested_range("algorithms.smoothed.ga"),
        (0.46000000834465027, 1.0)
    );
    assert_eq!(fields.suggested_range("launchers[0].salvo"), (1.5, 4.5));
    assert_eq!(fields.suggested_range("launchers[0].pos.x"), (0.0, 100.0));
    assert_eq!(fields.suggested_range("launch.bearing"), (-180.0, 165.0));
    assert_eq!(fields.suggested_range("launchers[0].spread"), (0.0, 100.0));
    // Every 2 s: 1 to 3 (half to one and a half times).
    assert_eq!(fields.suggested_range("launchers[0].every"), (1.0, 3.0));
    // A keyframe's time and its value have their own ranges (the rain's rate: times up
    // to 1e6 s, values up to 1000 asteroids a second).
    let command = crate::scenario::parse(
        crate::scenario::presets::shipped("missile-command").unwrap(),
        "missile-command",
    )
    .unwrap();
    let fields = Fields::of(&command);
    assert_eq!(fields.bounds("rain.rate[1][0]"), Some((0.0, 1.0e6)));
    assert_eq!(fields.bounds("rain.rate[1][1]"), Some((0.0, 1000.0)));
}

#[test]
fn script_parameters_are_fields_with_their_kind_and_value() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_path_buf();
    std::fs::write(
        dir.join("law.rhai"),
        "param(\"gain\", 2.5, 0.0, 10.0, \"\", \"A gain.\");\n\
         param(\"ticks\", 3, 1, 9, \"\", \"A count.\");\n\
         fn steer(missile, target, params, dt) { missile.vel }\n",
    )
    .unwrap();
    let text = r#"(version: 1, scripts: [(id: "mine", path: "law.rhai", params: {"gain": 4})],
        targets: [(name: "t", radius: 5, motion: Static(pos: (100, 0)))],
        launchers: [(pos: (0, 0), target: "t", algorithms: ["mine"])])"#;
    let s = crate::scenario::parse_in(text, "mine.ron", Some(&dir)).unwrap();
    let fields = Fields::of(&s);
    assert_eq!(fields.value("scripts[0].params.gain"), Some(4.0));
    assert_eq!(fields.value("scripts[0].params.ticks"), Some(3.0));
    assert!(!fields.is_whole("scripts[0].params.gain"));
    assert!(fields.is_whole("scripts[0].params.ticks"));
    let set = fields
        .set(&[
            ("scripts[0].params.ticks", 6.6),
            ("scripts[0].params.gain", 1.5),
        ])
        .unwrap();
    let mine = "mine".parse::<Algorithm>().unwrap();
    assert_eq!(set.algorithms.get(mine, "ticks"), Some(Value::Whole(7)));
    assert_eq!(set.algorithms.get(mine, "gain"), Some(Value::Number(1.5)));
}

#[test]
fn a_saved_sweep_and_the_view_are_not_fields() {
    let s = shipped("smoothed-envelope");
    assert!(s.sweep.is_some());
    let fields = Fields::of(&s);
    assert!(fields
        .names()
        .all(|n| !n.starts_with("sweep") && !n.starts_with("view")));
    assert!(fields.name_of("algorithms.smoothed.ga").is_some());
}

/// The scenario written with every field, defaults included (no header, no sweep).
fn every_field_text(scenario: &Scenario) -> String {
    let bare = Scenario {
        header: String::new(),
        sweep: None,
        ..scenario.clone()
    };
    crate::core::written::with_every_field(|| crate::scenario::text::to_text(&bare))
}

/// Byte offsets of every number literal in `text`, by the path an error message gives it.
fn literals(text: &str) -> Vec<(String, usize, usize)> {
    use crate::scenario::spans::Spans;
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let mut out = Vec::new();
    for (path, pos) in Spans::index(text).iter() {
        let line = starts[pos.line - 1];
        let Some((start, _)) = text[line..].char_indices().nth(pos.col - 1) else {
            continue;
        };
        let start = line + start;
        let rest = &text[start..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-')))
            .unwrap_or(rest.len());
        if rest[..len].parse::<f64>().is_ok() {
            out.push((path.to_string(), start, start + len));
        }
    }
    out
}

#[test]
fn every_number_a_file_writes_is_a_field_path_but_the_unsettable_ones() {
    // A new numeric file field without a description would be missing here. Not
    // settable: the version, the seed (each run has its own), how misses are named (the
    // diagnosis thresholds change no run), how the window shows it,
    // a recording's samples, fly-program commands, a saved sweep, a launcher's
    // parameter overrides (set the law's own parameter instead), a script's colour.
    let unsettable = |path: &str| {
        path == "version"
            || path == "world.seed"
            || (path.starts_with("crowds[") && path.ends_with(".seed"))
            || ["view", "embed", "sweep", "diagnosis"]
                .iter()
                .any(|p| path.starts_with(p))
            || path.contains(".samples[")
            || path.contains(".program[")
            || (path.starts_with("launchers[") && path.contains(".params."))
            || (path.starts_with("scripts[") && path.contains(".color"))
    };
    let mut checked = 0;
    for (name, text) in SHIPPED {
        let Ok(scenario) = crate::scenario::parse(text, name) else {
            continue;
        };
        let fields = Fields::of(&scenario);
        for (path, _, _) in literals(&every_field_text(&scenario)) {
            if unsettable(&path) {
                continue;
            }
            assert!(fields.name_of(&path).is_some(), "{name}: {path}");
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn a_set_number_is_the_one_its_decimal_literal_would_read_as() {
    // Against the file: the scenario with the literal written into its text and read.
    let scenario = shipped("smoothed-envelope");
    let fields = Fields::of(&scenario);
    let text = every_field_text(&scenario);
    let spans = literals(&text);
    let cases = [
        (
            "algorithms.smoothed.ga",
            [0.5, 0.7123456789, 0.98999999, 1.0 / 3.0, 1.5],
        ),
        (
            "targets[0].radius",
            [0.1, 12.345678912, 1.0e-7, 3.0, 1.0 / 7.0],
        ),
        (
            "world.gravity[1]",
            [0.3, 9.80665, -1.0 / 3.0, 1.0e5, 2.0f64.sqrt()],
        ),
    ];
    for (path, values) in cases {
        let (_, start, end) = spans.iter().find(|(p, _, _)| p == path).unwrap();
        for value in values {
            let direct = fields.set(&[(path, value)]).unwrap();
            let spliced = format!("{}{value:?}{}", &text[..*start], &text[*end..]);
            let mut read: Scenario = crate::scenario::text::options().from_str(&spliced).unwrap();
            read.header = direct.header.clone();
            read.sweep = direct.sweep.clone();
            assert_eq!(direct, read, "{path} = {value}");
        }
    }
    // Out of its range it is still set, for the scenario's checks to judge.
    let wide = fields.set(&[("algorithms.smoothed.ga", 1.5)]).unwrap();
    assert!(!crate::scenario::validate::validate(&wide).is_empty());
}

#[test]
fn a_value_its_field_cannot_hold_is_refused() {
    let s = shipped("default");
    let fields = Fields::of(&s);
    // A salvo is a count: not negative, not past u32.
    for value in [-1.0, 5.0e9, f64::NAN, f64::INFINITY, 1.0e300] {
        let refused = fields.set(&[("launchers[0].salvo", value)]);
        assert_eq!(
            refused,
            Err(format!("the value does not fit its field: {value}")),
            "{value}"
        );
    }
    assert_eq!(
        fields
            .set(&[("launchers[0].salvo", 4_294_967_295.0)])
            .unwrap()
            .launchers[0]
            .salvo,
        u32::MAX
    );
}

#[test]
fn path_points_and_keyframes_are_fields_by_index() {
    let s = crate::scenario::parse(
        r#"(version: 1,
            targets: [(name: "p", motion: Path(points: [(0, 0), (100, 50), (200, 0)], speed: 40))],
            rain: (min_speed: 10, max_speed: 20, rate: [(0, 1), (10, 2)]))"#,
        "lists",
    )
    .unwrap();
    let fields = Fields::of(&s);
    assert_eq!(fields.value("targets[0].motion.points[1].y"), Some(50.0));
    assert_eq!(fields.value("rain.rate[1][1]"), Some(2.0));
    assert_eq!(fields.value("rain.rate[1][0]"), Some(10.0));
    assert!(fields.name_of("targets[0].motion.points[3].x").is_none());
    let set = fields
        .set(&[
            ("targets[0].motion.points[2][0]", 250.0),
            ("rain.rate[0][1]", 0.5),
            ("rain.rate[1][0]", 12.0),
        ])
        .unwrap();
    let Motion::Path(path) = &set.targets[0].motion else {
        panic!("a path")
    };
    assert_eq!(path.points[2], Vec2::new(250.0, 0.0));
    assert_eq!(set.rain.as_ref().unwrap().rate, [(0.0, 0.5), (12.0, 2.0)]);
    // An optional field that is not set is not a number to set.
    assert!(fields.name_of("rain.ground").is_none());
    assert!(fields.name_of("launchers[0].missile.fuel").is_none());
}

#[test]
fn an_obstacles_numbers_are_field_paths_a_sweep_can_set() {
    let scenario = shipped("terrain");
    let fields = Fields::of(&scenario);
    // The tower: a circle at (1010, 240) of radius 30; the building's second corner.
    assert_eq!(fields.value("obstacles[2].radius"), Some(30.0));
    assert_eq!(fields.value("obstacles[2].center.x"), Some(1010.0));
    assert_eq!(fields.value("obstacles[0].points[1].y"), Some(420.0));
    assert_eq!(fields.value("obstacles[1].to.x"), Some(520.0));
    // A flag is not a number: not a path.
    assert!(fields.name_of("obstacles[2].terrain").is_none());
    let set = fields
        .set(&[
            ("obstacles[2].radius", 55.0),
            ("obstacles[1].from[1]", 260.0),
        ])
        .unwrap();
    let crate::sim::ObstacleSpec::Circle(tower) = &set.obstacles[2] else {
        panic!("{:?}", set.obstacles[2])
    };
    assert_eq!(tower.radius, 55.0);
    let crate::sim::ObstacleSpec::Wall(wall) = &set.obstacles[1] else {
        panic!("{:?}", set.obstacles[1])
    };
    assert_eq!(wall.from, Vec2::new(400.0, 260.0));
    // Nothing else moved.
    assert_eq!(set.obstacles[0], scenario.obstacles[0]);
    assert_eq!(set.obstacles[3], scenario.obstacles[3]);
}

#[test]
fn a_field_fits_when_its_own_description_takes_its_value() {
    let s = shipped("default");
    let fields = Fields::of(&s);
    let set = |path: &str, value: f64| fields.set(&[(path, value)]).unwrap();
    // A target's radius is at least 0.001 (its description), a coordinate within 1e7.
    assert_eq!(fields.fits(&s, "targets[0].radius"), Some(true));
    let radius = |r: f64| fields.fits(&set("targets[0].radius", r), "targets[0].radius");
    assert_eq!(radius(0.001), Some(true));
    assert_eq!(radius(0.0009), Some(false));
    let far = set("launchers[0].pos.y", 2e7);
    assert_eq!(fields.fits(&far, "launchers[0].pos.y"), Some(false));
    // The field alone: another field's bad value is not its concern.
    assert_eq!(fields.fits(&far, "targets[0].radius"), Some(true));
    // The launch geometry moves every launcher, and an unknown path is no field.
    assert_eq!(fields.fits(&s, "launch.range"), None);
    assert_eq!(fields.fits(&s, "targets[9].radius"), None);
}

#[test]
fn one_changed_number_is_valid_exactly_when_its_field_fits_and_the_rules_hold() {
    // What a jittered sweep relies on (`Plan::jittered`): from a valid scenario, a change
    // of one number is valid exactly when its own field takes it and the rules tying
    // fields together find nothing. Every number of every shipped scenario, set in and
    // far out of its range.
    use crate::scenario::validate::{validate, validate_rules};
    let values = [
        -1e12, -1000.0, -1.0, 0.0, 0.25, 1.0, 3.0, 150.0, 5000.0, 1e12,
    ];
    let (mut checked, mut unfit, mut broke_a_rule) = (0, 0, 0);
    for (name, text) in SHIPPED {
        let Ok(scenario) = crate::scenario::parse(text, name) else {
            continue; // shipped scenarios with scripts need their folder
        };
        let fields = Fields::of(&scenario);
        for path in fields.names() {
            if fields.places_launchers(path) {
                continue;
            }
            for value in values {
                let mut changed = scenario.clone();
                if fields.set_onto(&mut changed, &[(path, value)]).is_err() {
                    continue; // a count cannot be negative
                }
                let fits = fields.fits(&changed, path).unwrap();
                let rules = validate_rules(&changed).is_empty();
                let valid = validate(&changed).is_empty();
                assert_eq!(fits && rules, valid, "{name}: {path} = {value}");
                checked += 1;
                unfit += usize::from(!fits);
                broke_a_rule += usize::from(fits && !rules);
            }
        }
    }
    // Both halves of the claim were met many times.
    assert!(checked > 5_000, "{checked}");
    assert!(unfit > 1_000, "{unfit}");
    assert!(broke_a_rule > 10, "{broke_a_rule}");
}
