//! The generated test in Rust: `#[test]`s over the vectors `include_str!`'d beside it,
//! the replay and the first missile's own flight.

use super::{
    check_fields, launch_args, look, set_fields, step_args, Checked, Checks, FLIGHT_TOLERANCE,
    TOLERANCE,
};
use crate::export::emit::Writer;
use crate::export::lang::Lang;

pub(super) fn write(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[Checked],
    (law_file, vectors): (&str, &str),
    (number, falls): (&str, bool),
    seeker: &Option<String>,
) {
    w.lines(&format!(
        r#"// Run: rustc --edition 2021 --test {{this file}} -o replay && ./replay

#[allow(dead_code)]
#[path = "{law_file}"]
mod law;

const VECTORS: &str = include_str!("{vectors}");

#[test]
fn it_flies_like_steerlab() {{
    let mut lines = VECTORS.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let (mut rows, mut failures, mut worst, mut worst_at) = (0, 0, 0.0f64, String::new());{seekers}
    for line in lines.filter(|l| !l.is_empty()) {{
        let cells: Vec<&str> = line.split(',').collect();
        let col = |name: &str| -> {number} {{
            let at = header.iter().position(|h| *h == name).unwrap();
            // steerlab's numbers are f32: read as one, exactly (then widened if need be).
            {number}::from(cells[at].parse::<f32>().unwrap())
        }};"#,
        seekers = seeker.as_ref().map_or(String::new(), |s| format!(
            "\n    let mut seekers: std::collections::HashMap<String, law::{s}> = Default::default();\n    let mut looks = 0;"
        )),
    ));
    w.depth = 2;
    if let Some(s) = seeker {
        look(w, Lang::Rust, s, "col", "check");
    }
    w.line(&format!("let mut m = law::{class}::default();"));
    set_fields(w, Lang::Rust, names, |n| format!("col(\"{n}\")"), "!= 0.0");
    w.line("let launch = cells[0] == \"launch\";");
    w.line("let signal = if launch {");
    w.line(&format!(
        "    i32::from(m.launch({}))",
        launch_args(|i| format!("col(\"{i}\")"))
    ));
    w.line("} else {");
    w.line(&format!(
        "    m.step({}) as i32",
        step_args(|i| format!("col(\"{i}\")"))
    ));
    w.line("};");
    w.line("// A refused launch has no fields after it to check.");
    w.line("let skip = launch && signal == 0;");
    w.line("if signal != col(\"signal\") as i32 {");
    w.line("    failures += 1;");
    w.line("    println!(\"tick {}: signal {signal}\", cells[1]);");
    w.line("}");
    w.depth = 0;
    w.lines(&format!(
        r#"        let mut check = |field: &str, got: f64, want: f64, angle: bool, scale: f64| {{
            if skip {{
                return;
            }}
            let gap = if angle {{
                f64::atan2(f64::sin(got - want), f64::cos(got - want)).abs()
            }} else {{
                (got - want).abs()
            }};
            let error = gap / f64::max(scale, want.abs());
            if !(error <= worst) {{
                worst = error;
                worst_at = format!("{{field}} at tick {{}}", cells[1]);
            }}
            if !(error <= {TOLERANCE}) {{
                failures += 1;
                println!("tick {{}}: {{field}} is {{got}}, steerlab has {{want}}", cells[1]);
            }}
        }};"#
    ));
    w.depth = 2;
    let checks = Checks {
        call: "check",
        number: &|m| format!("f64::from({m})"),
        flag: &|m| format!("f64::from(u8::from({m}))"),
        want: &|n| format!("f64::from(col(\"after_{n}\"))"),
    };
    check_fields(w, Lang::Rust, checked, &checks);
    w.line("rows += 1;");
    w.depth = 0;
    w.line("    }");
    if let Some(s) = seeker {
        w.line(&format!("    println!(\"{s} Rust: {{looks}} looks\");"));
    }
    w.lines(&format!(
        r#"    println!("{class} Rust: {{rows}} steps, worst error {{worst:.2e}} ({{worst_at}}), {{failures}} failures");
    assert!(failures == 0 && rows > 0);
}}

/// The first missile's whole flight, each step from the export's own state.
#[test]
fn its_own_flight_follows_steerlab_s() {{
    let mut lines = VECTORS.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = lines.filter(|l| !l.is_empty()).map(|l| l.split(',').collect()).collect();
    let missile = rows[0][at("missile")];
    let flight: Vec<&Vec<&str>> = rows
        .iter()
        .filter(|r| r[at("call")] == "step" && r[at("missile")] == missile)
        .collect();
    let num = |row: &[&str], name: &str| -> {number} {{ {number}::from(row[at(name)].parse::<f32>().unwrap()) }};
    let start = flight[0];
    let mut m = law::{class}::default();"#
    ));
    w.depth = 1;
    set_fields(
        w,
        Lang::Rust,
        names,
        |n| format!("num(start, \"{n}\")"),
        "!= 0.0",
    );
    w.depth = 0;
    w.lines(&format!(
        r#"    let mut farthest: {number} = 0.0;
    let mut ticks = 0;
    for (i, row) in flight.iter().enumerate() {{
        // Only while each step starts where the one before ended (the world can change
        // the body between: the last of the fuel, gravity without an airframe).
{chain}
        if !chained {{
            break;
        }}
        // The same signal at the same tick (a detonation: the hit tick).
        let signal = m.step({}) as i32;
        assert_eq!(signal, num(row, "signal") as i32, "the signal at tick {{}}", row[at("tick")]);
        let gap = {number}::hypot(m.pos_x - num(row, "after_pos_x"), m.pos_y - num(row, "after_pos_y"));
        farthest = farthest.max(gap);
        ticks += 1;{fall}
    }}
    println!("{class} Rust flight: missile {{missile}}, {{ticks}} ticks, at most {{farthest:.2e}} units from steerlab's path");
    assert!(farthest <= {FLIGHT_TOLERANCE});
}}"#,
        step_args(|i| format!("num(row, \"{i}\")")),
        chain = if falls { FALLING_CHAIN } else { CHAIN },
        fall = if falls { FALL } else { "" },
    ));
}

/// Whether a step starts where the one before ended.
const CHAIN: &str = r#"        let chained = ["pos_x", "pos_y", "vel_x", "vel_y"]
            .iter()
            .all(|f| i == 0 || num(row, f) == num(flight[i - 1], &format!("after_{f}")));"#;

/// The same under the world's gravity, which steerlab adds after each step (in its
/// floats: to 1e-4).
const FALLING_CHAIN: &str = r#"        let fallen = |f: &str| {
            let (g, times) = match f {
                "vel_x" => (law::GRAVITY_X, 1),
                "vel_y" => (law::GRAVITY_Y, 1),
                "pos_x" => (law::GRAVITY_X, 2),
                _ => (law::GRAVITY_Y, 2),
            };
            let dt = num(flight[i - 1], "dt");
            num(flight[i - 1], &format!("after_{f}")) + g * dt.powi(times)
        };
        let chained = ["pos_x", "pos_y", "vel_x", "vel_y"].iter().all(|f| {
            i == 0 || (num(row, f) - fallen(f)).abs() <= 1e-4 * num(row, f).abs().max(1.0)
        });"#;

/// The world's gravity on the export's own missile after its step.
const FALL: &str = r#"
        let dt = num(row, "dt");
        m.vel_x += law::GRAVITY_X * dt;
        m.vel_y += law::GRAVITY_Y * dt;
        m.pos_x += law::GRAVITY_X * dt * dt;
        m.pos_y += law::GRAVITY_Y * dt * dt;"#;
