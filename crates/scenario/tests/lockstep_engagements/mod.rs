//! Engagements the lockstep path is checked on (`tests/lockstep.rs` here, and the
//! diagnosis on that path in `crates/headless/tests/lockstep_diagnosis.rs`): one missile
//! of a law with a four-lane step against one target, every number varied.

#![allow(dead_code)] // Each test file uses its own share.

use steerlab::scenario::{self, Scenario};

/// The laws with a four-lane step.
pub const LAWS: [&str; 9] = [
    "smoothed",
    "naive-accel",
    "pro-nav",
    "turn-rate",
    "heat-seeker",
    "quartic",
    "intercept",
    "ballistic",
    "newton",
];

/// The laws whose step takes up a body something else moved (gravity's, an airframe's, a
/// blind seeker's coast).
pub const MOVED_ON: [&str; 8] = [
    "smoothed",
    "naive-accel",
    "pro-nav",
    "heat-seeker",
    "quartic",
    "intercept",
    "newton",
    "ballistic",
];

/// Whether engagement `i` of a law in [`MOVED_ON`] has an airframe (two in nine).
pub fn framed(i: u32) -> bool {
    matches!(i % 9, 5 | 8)
}

/// A smoothed missile against one target, with the numbers varied by `i`.
pub fn engagement(i: u32) -> Scenario {
    engagement_with(i, None)
}

/// [`engagement`], the target flying `motion` if given.
pub fn engagement_with(i: u32, motion: Option<&str>) -> Scenario {
    engagement_of("smoothed", i, motion)
}

/// One missile of `law` (one of [`LAWS`]) against one target, with the law's numbers and
/// the rest varied by `i`, the target flying `motion` if given.
pub fn engagement_of(law: &str, i: u32, motion: Option<&str>) -> Scenario {
    let f = |k: u32, lo: f32, hi: f32| {
        lo + (hi - lo) * (((i * 7919 + k * 104_729) % 1000) as f32 / 999.0)
    };
    // How near a missile comes before an evasive target reacts (0: from any distance).
    let reach = if i.is_multiple_of(2) {
        0.0
    } else {
        f(31, 50.0, 600.0)
    };
    let motions = [
        format!("Constant(pos: ({}, {}), vel: ({}, {}))", f(1, 600.0, 1800.0), f(2, 100.0, 900.0), f(3, -300.0, 300.0), f(4, -300.0, 300.0)),
        format!("Circle(center: ({}, 450), radius: {}, angular_speed: {})", f(5, 500.0, 1500.0), f(6, 50.0, 400.0), f(7, -2.0, 2.0)),
        format!("Jink(pos: (1000, 640), vel: ({}, 0), max_accel: {}, period: 0.6, seed: {})", f(8, -200.0, 200.0), f(9, 100.0, 900.0), i),
        "Path(points: [(-100, 250), (1700, 250)], speed: 225, looping: true)".to_string(),
        format!("Static(pos: ({}, {}))", f(10, 100.0, 1900.0), f(11, 100.0, 1100.0)),
        // Crosses a death line and is lost: its missile misses with the target gone.
        "FlyProgram(program: [25, 143, 91, 168, 233], steering: (radial_speed: 150, angular_speed: 1.5))".to_string(),
        // Appears at a grid point, chases the hero (none named: the centre of the
        // visible screen) for 2 s, then flies to another point.
        "FlyProgram(program: [25, 242, 91], steering: (radial_speed: 150, angular_speed: 1.5))".to_string(),
        // Reacting to the missile after them: from any distance, or once it comes within
        // a range.
        format!("Evade(pos: ({}, {}), vel: ({}, 60), max_accel: {}, range: {})", f(27, 600.0, 1400.0), f(28, 300.0, 900.0), f(29, -200.0, 200.0), f(30, 100.0, 800.0), reach),
        format!("Hide(pos: ({}, {}), max_speed: {}, max_accel: {}, range: {})", f(27, 600.0, 1400.0), f(28, 300.0, 900.0), f(29, 50.0, 250.0), f(30, 100.0, 800.0), reach),
        format!("RunForFlag(pos: (200, {}), flag: (1800, {}), max_speed: {}, max_accel: {}, range: {})", f(28, 300.0, 900.0), f(27, 300.0, 900.0), f(29, 50.0, 250.0), f(30, 100.0, 800.0), reach),
        format!("BreakTurn(pos: ({}, {}), vel: ({}, 0), accel: {}, at_range: {})", f(27, 600.0, 1400.0), f(28, 300.0, 900.0), f(29, -200.0, 200.0), f(30, 100.0, 900.0), f(31, 50.0, 600.0)),
    ];
    let motion = motion.unwrap_or(&motions[i as usize % motions.len()]);
    // The program that crosses its death line, against a slow missile.
    let crossing = motion.contains("233]");
    let fuel = if i.is_multiple_of(5) && !crossing {
        format!("fuel: {}, ", f(12, 100.0, 2000.0))
    } else {
        String::new()
    };
    // Against the crossing program: slow enough that it gets away across its death line.
    let speed = |lo: f32, hi: f32, slow: f32| if crossing { slow } else { f(15, lo, hi) };
    let form = ["classic", "pure", "true"][i as usize % 3];
    // Gravity for the shell always, and for every fourth flight of the laws whose step
    // flies under it.
    let moved_on = MOVED_ON.contains(&law);
    let gravity = law == "ballistic" || (moved_on && i % 4 == 2);
    let numbers = match law {
        "smoothed" => format!(
            "smoothed: (ga: {}, speed: {})",
            f(14, 0.0, 0.999),
            speed(0.5, 30.0, 0.3)
        ),
        "naive-accel" => format!(
            "naive_accel: (acceleration: {})",
            speed(20.0, 3000.0, 1.0)
        ),
        "pro-nav" => format!(
            "pro_nav: (gain: {}, speed: {}, max_accel: {}, form: {form:?})",
            f(14, 0.0, 10.0),
            speed(30.0, 1500.0, 5.0),
            f(23, 0.0, 8000.0),
        ),
        "turn-rate" => format!(
            "turn_rate: (radial_speed: {}, angular_speed: {}, dead_zone: {}, mass_rule: {}, mass: {})",
            speed(30.0, 1500.0, 5.0),
            f(14, 0.0, 12.0),
            f(23, 0.0, 1.0),
            i.is_multiple_of(4),
            f(24, 100.0, 2000.0),
        ),
        "heat-seeker" => format!(
            "heat_seeker: (max_speed: {}, step: {}, lead: {}, divide_first: {})",
            speed(1.0, 40.0, 1.0).round(),
            f(14, 1.0, 100.0).round(),
            f(23, 0.0, 100.0).round(),
            i.is_multiple_of(5),
        ),
        "quartic" => format!(
            "quartic: (acceleration: {})",
            speed(20.0, 3000.0, 1.0)
        ),
        "intercept" => format!(
            "intercept: (speed: {}, blast_radius: {}, root_rule: {:?})",
            speed(30.0, 1500.0, 5.0),
            f(23, 0.0, 200.0),
            ["earliest", "article-max"][i as usize % 2],
        ),
        "ballistic" => format!(
            "ballistic: (speed: {}, blast_radius: {}, arc: {:?})",
            speed(500.0, 2500.0, 5.0),
            f(23, 0.0, 200.0),
            ["low", "high"][i as usize % 2],
        ),
        // Few iterations and a fine epsilon now and then: its solves fail.
        "newton" => format!(
            "newton: (acceleration: {}, iterations: {}, epsilon: {})",
            speed(20.0, 3000.0, 1.0),
            f(14, 1.0, 12.0).round(),
            [0.001, 0.00001, 0.1][i as usize % 3],
        ),
        other => panic!("no four-lane step: {other}"),
    };
    // A seeker on two flights in seven (all round: late, held, noisy, and now and then
    // blind beyond its lock range, when the missile coasts).
    // (Blind, it coasts: only under a law whose step takes up a body something else
    // moved, as under gravity.)
    let blinded = i % 7 == 5 && moved_on;
    let seeker = match i % 7 {
        2 | 5 => format!(
            "seeker: (latency: {}, rate: {}, bearing_noise: {}, range_noise: {}, lock_range: {}), ",
            f(32, 0.0, 20.0).round(),
            [0.0, 10.0, 25.0][i as usize % 3],
            f(33, 0.0, 6.0),
            f(34, 0.0, 60.0),
            if blinded { f(35, 150.0, 900.0) } else { 0.0 },
        ),
        _ => String::new(),
    };
    // An airframe on two flights in nine under the laws whose step takes up a body
    // something else moved (as under gravity): lateral limits that bind (fixed, or growing
    // with lift), a lagging actuator and a speed cap; or a thrust profile with drag.
    let framed = moved_on && framed(i);
    let pick = |k: usize, value: f32| {
        if (i as usize >> k) % 2 == 1 {
            value
        } else {
            0.0
        }
    };
    let airframe = match (framed, i % 9) {
        (false, _) => String::new(),
        (true, 5) => format!(
            "airframe: (max_accel: {}, lift: {}, lag: {}, max_speed: {}), ",
            f(36, 20.0, 2000.0),
            pick(0, f(37, 0.0001, 0.01)),
            pick(1, f(38, 0.01, 0.5)),
            pick(2, f(39, 50.0, 1500.0)),
        ),
        (true, _) => format!(
            "airframe: (max_accel: {}, lag: {}, thrust: true, boost_accel: {}, boost_time: {}, sustain_accel: {}, sustain_time: {}, drag: {}), ",
            f(36, 100.0, 3000.0),
            pick(1, f(38, 0.01, 0.5)),
            f(40, 0.0, 800.0),
            f(41, 0.0, 2.0),
            f(42, 0.0, 300.0),
            f(43, 0.0, 4.0),
            pick(0, f(44, 0.0, 0.001)),
        ),
    };
    let text = format!(
        "(version: 1, name: \"lane {i}\", world: (width: 2000, height: 1200, margin: {margin}, tick_rate: {rate}, gravity: ({gx}, {gy})),
          algorithms: ({numbers}),
          targets: [(name: \"t\", radius: {radius}, motion: {motion})],
          launchers: [(name: \"l\", pos: ({lx}, {ly}), target: \"t\", algorithms: [{law:?}],
                       launch_velocity: ({vx}, {vy}), missile: ({fuel}{seeker}{airframe}lifetime: {life}, radius: {mr}))])",
        margin = f(13, 0.0, 600.0),
        gx = if gravity { f(25, -100.0, 100.0) } else { 0.0 },
        gy = if gravity { f(26, 50.0, 600.0) } else { 0.0 },
        rate = [60.0, 30.0, 120.0][i as usize % 3],
        radius = f(16, 1.0, 30.0),
        lx = f(17, 0.0, 2000.0),
        ly = f(18, 0.0, 1200.0),
        vx = f(19, -100.0, 100.0),
        vy = f(20, -100.0, 100.0),
        life = if crossing { 12.0 } else { f(21, 0.5, 12.0) },
        mr = f(22, 0.0, 5.0),
    );
    scenario::parse(&text, "lane.ron").unwrap_or_else(|e| panic!("{e}\n{text}"))
}
