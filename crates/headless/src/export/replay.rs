//! The generated test that comes with an exported file: it reads the vectors
//! ([`super::vectors`]), sets a missile's fields from each row, steps it once against the
//! row's target, and checks the signal and every field after the step within
//! [`TOLERANCE`] (relative above 1, absolute below; headings modulo a turn). It prints
//! the worst error and exits non-zero on a failure.

use super::emit::{Source, Writer};
use super::lang::Lang;

/// The largest error a field may have after one step: `|got - want| / max(1, |want|)`.
/// Covers the languages' own sines and square roots against steerlab's, and f64
/// languages (TypeScript, GDScript) against steerlab's f32.
pub const TOLERANCE: &str = "1e-3";

/// The farthest, in world units, the Rust and C++ exports' own flight of a missile (each
/// step from their own state, not steerlab's) may stray from steerlab's path.
pub const FLIGHT_TOLERANCE: &str = "0.05";

/// The test for `source` in `lang`, reading the vectors file named `vectors` (beside it,
/// or the path given as its first argument); GDScript's test holds `vectors_text` itself.
pub fn test(
    lang: Lang,
    source: &Source,
    law_file: &str,
    vectors: &str,
    vectors_text: &str,
) -> String {
    let class = source.class();
    let names = source.fields();
    // A state marked `scratch` is set from the vectors but not compared after a step.
    let checked: Vec<(String, bool)> = names
        .iter()
        .filter(|(n, _)| !source.step.state.iter().any(|s| s.scratch && s.name == *n))
        .cloned()
        .collect();
    let mut w = Writer::new(lang);
    let c = lang.comment();
    w.line(&format!(
        "{c} Replays steerlab's test vectors ({vectors}) through {class}: one step from each"
    ));
    w.line(&format!(
        "{c} row's state, then every field checked within {TOLERANCE} (relative above 1)."
    ));
    w.line(&format!("{c} {}", super::version_line()));
    match lang {
        Lang::CSharp => csharp(&mut w, &class, &names, &checked, vectors),
        Lang::Cpp => cpp(&mut w, &class, &names, &checked, law_file, vectors),
        Lang::Rust => rust(&mut w, &class, &names, &checked, law_file, vectors),
        Lang::TypeScript => typescript(&mut w, &class, &names, &checked, law_file, vectors),
        Lang::GdScript => gdscript(
            &mut w,
            &class,
            &names,
            &checked,
            law_file,
            vectors_text.trim_end(),
        ),
    }
    w.out
}

/// The step's arguments from a row, through `col`.
fn step_args(col: impl Fn(&str) -> String) -> String {
    super::emit::STEP_INPUTS
        .iter()
        .map(|i| col(i))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The launch's arguments from a launch row: its position and velocity are the row's
/// `pos_*` and `vel_*`, the rest (the target, dt) go by their own names.
fn launch_args(col: impl Fn(&str) -> String) -> String {
    super::emit::LAUNCH_INPUTS
        .iter()
        .map(|i| match i.strip_prefix("launch_") {
            Some("x") => col("pos_x"),
            Some("y") => col("pos_y"),
            Some("vx") => col("vel_x"),
            Some("vy") => col("vel_y"),
            _ => col(i),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line per field, setting it from the row: `read` gives its number, a flag is that
/// number compared with 0 (`nonzero`).
fn set_fields(
    w: &mut Writer,
    lang: Lang,
    names: &[(String, bool)],
    read: impl Fn(&str) -> String,
    nonzero: &str,
) {
    for (name, flag) in names {
        let value = read(name);
        let value = if *flag {
            format!("{value} {nonzero}")
        } else {
            value
        };
        w.line(&format!("m.{} = {value}{}", member(lang, name), lang.end()));
    }
}

/// One line per checked field, from the field's name and whether it is a flag.
fn check_fields(w: &mut Writer, checked: &[(String, bool)], line: impl Fn(&str, bool) -> String) {
    for (name, flag) in checked {
        w.line(&line(name, *flag));
    }
}

fn member(lang: Lang, name: &str) -> String {
    lang.member(name)
}

fn csharp(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[(String, bool)],
    vectors: &str,
) {
    w.lines(&format!(
        r#"using System;
using System.Globalization;
using System.IO;

public static class {class}Test
{{
    const double Tolerance = {TOLERANCE};
    static string[] header, cells;
    static int failures;
    static double worst;
    static string worstAt = "";
    // A refused launch has no fields after it to check.
    static bool skip;

    static float Col(string name) =>
        float.Parse(cells[Array.IndexOf(header, name)], CultureInfo.InvariantCulture);

    static void Check(string field, double got, double want, bool angle)
    {{
        if (skip) return;
        double gap = angle ? Math.Abs(Math.Atan2(Math.Sin(got - want), Math.Cos(got - want))) : Math.Abs(got - want);
        double error = gap / Math.Max(1.0, Math.Abs(want));
        if (!(error <= worst)) {{ worst = error; worstAt = field + " at tick " + cells[1]; }}
        if (!(error <= Tolerance))
        {{
            failures++;
            Console.WriteLine("tick " + cells[1] + ": " + field + " is " + got + ", steerlab has " + want);
        }}
    }}

    public static int Main(string[] args)
    {{
        string[] lines = File.ReadAllLines(args.Length > 0 ? args[0] : "{vectors}");
        header = lines[0].Split(',');
        int rows = 0;
        for (int i = 1; i < lines.Length; i++)
        {{
            if (lines[i].Length == 0) continue;
            cells = lines[i].Split(',');
            var m = new {class}();"#
    ));
    w.depth = 3;
    set_fields(w, Lang::CSharp, names, |n| format!("Col(\"{n}\")"), "!= 0f");
    w.line("bool launch = cells[0] == \"launch\";");
    w.line(&format!(
        "int signal = launch ? (m.Launch({}) ? 1 : 0) : (int)m.Step({});",
        launch_args(|i| format!("Col(\"{i}\")")),
        step_args(|i| format!("Col(\"{i}\")"))
    ));
    w.line("skip = launch && signal == 0;");
    w.line("if (signal != (int)Col(\"signal\")) { failures++; Console.WriteLine(\"tick \" + cells[1] + \": signal \" + signal); }");
    check_fields(w, checked, |name, flag| {
        let got = format!("m.{}", member(Lang::CSharp, name));
        let got = if flag {
            format!("({got} ? 1 : 0)")
        } else {
            got
        };
        format!(
            "Check(\"{name}\", {got}, Col(\"after_{name}\"), {});",
            name == "heading"
        )
    });
    w.line("rows++;");
    w.depth = 0;
    w.lines(&format!(
        r#"        }}
        Console.WriteLine("{class} C#: " + rows + " steps, worst error " + worst.ToString("E2", CultureInfo.InvariantCulture) + " (" + worstAt + "), " + failures + " failures");
        return failures == 0 && rows > 0 ? 0 : 1;
    }}
}}"#
    ));
}

fn cpp(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[(String, bool)],
    law_file: &str,
    vectors: &str,
) {
    w.lines(&format!(
        r#"#include "{law_file}"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static std::vector<std::string> header, cells;
static int failures = 0;
static double worst = 0.0;
static std::string worst_at;
// A refused launch has no fields after it to check.
static bool skip = false;

static std::vector<std::string> split(const std::string& line) {{
    std::vector<std::string> out;
    std::stringstream s(line);
    std::string cell;
    while (std::getline(s, cell, ',')) out.push_back(cell);
    return out;
}}

static float col(const char* name) {{
    auto at = std::find(header.begin(), header.end(), name) - header.begin();
    return std::stof(cells.at(at));
}}

static void check(const char* field, double got, double want, bool angle) {{
    if (skip) return;
    double gap = angle ? std::fabs(std::atan2(std::sin(got - want), std::cos(got - want))) : std::fabs(got - want);
    double error = gap / std::max(1.0, std::fabs(want));
    if (!(error <= worst)) {{
        worst = error;
        worst_at = std::string(field) + " at tick " + cells[1];
    }}
    if (!(error <= {TOLERANCE})) {{
        failures++;
        std::printf("tick %s: %s is %.9g, steerlab has %.9g\n", cells[1].c_str(), field, got, want);
    }}
}}

int main(int argc, char** argv) {{
    std::ifstream in(argc > 1 ? argv[1] : "{vectors}");
    std::string line;
    std::getline(in, line);
    header = split(line);
    int rows = 0;
    std::vector<std::vector<std::string>> all;
    while (std::getline(in, line)) {{
        if (line.empty()) continue;
        cells = split(line);
        all.push_back(cells);
        {class} m;"#
    ));
    w.depth = 2;
    set_fields(w, Lang::Cpp, names, |n| format!("col(\"{n}\")"), "!= 0.0f");
    w.line("const bool launch = cells[0] == \"launch\";");
    w.line(&format!(
        "int signal = launch ? (m.launch({}) ? 1 : 0) : static_cast<int>(m.step({}));",
        launch_args(|i| format!("col(\"{i}\")")),
        step_args(|i| format!("col(\"{i}\")"))
    ));
    w.line("skip = launch && signal == 0;");
    w.line("if (signal != static_cast<int>(col(\"signal\"))) {");
    w.line("    failures++;");
    w.line("    std::printf(\"tick %s: signal %d\\n\", cells[1].c_str(), signal);");
    w.line("}");
    check_fields(w, checked, |name, flag| {
        let got = if flag {
            format!("(m.{name} ? 1.0 : 0.0)")
        } else {
            format!("m.{name}")
        };
        format!(
            "check(\"{name}\", {got}, col(\"after_{name}\"), {});",
            name == "heading"
        )
    });
    w.line("rows++;");
    w.depth = 0;
    w.lines(&format!(
        r#"    }}
    std::printf("{class} C++: %d steps, worst error %.2e (%s), %d failures\n", rows, worst, worst_at.c_str(), failures);
    if (failures != 0 || rows == 0) return 1;

    // The first missile's whole flight, each step from the export's own state.
    const std::string missile = all[0][2];
    {class} m;
    cells = all[0];"#
    ));
    w.depth = 1;
    set_fields(w, Lang::Cpp, names, |n| format!("col(\"{n}\")"), "!= 0.0f");
    w.depth = 0;
    w.lines(&format!(
        r#"    double farthest = 0.0;
    int ticks = 0;
    std::vector<std::string> before;
    for (const auto& row : all) {{
        if (row[0] != "step" || row[2] != missile) continue;
        // Only while steerlab's world flies the law's own move (no airframe or gravity
        // between): each step starts where the one before ended.
        if (!before.empty()) {{
            bool chained = true;
            for (const char* f : {{"pos_x", "pos_y", "vel_x", "vel_y"}}) {{
                cells = before;
                const float ended = col((std::string("after_") + f).c_str());
                cells = row;
                chained = chained && col(f) == ended;
            }}
            if (!chained) break;
        }}
        before = row;
        cells = row;
        m.step({});
        farthest = std::max(farthest, std::hypot(double(m.pos_x) - col("after_pos_x"), double(m.pos_y) - col("after_pos_y")));
        ticks++;
    }}
    std::printf("{class} C++ flight: missile %s, %d ticks, at most %.2e units from steerlab's path\n", missile.c_str(), ticks, farthest);
    return farthest <= {FLIGHT_TOLERANCE} ? 0 : 1;
}}"#,
        step_args(|i| format!("col(\"{i}\")"))
    ));
}

fn rust(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[(String, bool)],
    law_file: &str,
    vectors: &str,
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
    let (mut rows, mut failures, mut worst, mut worst_at) = (0, 0, 0.0f64, String::new());
    for line in lines.filter(|l| !l.is_empty()) {{
        let cells: Vec<&str> = line.split(',').collect();
        let col = |name: &str| -> f32 {{
            let at = header.iter().position(|h| *h == name).unwrap();
            cells[at].parse().unwrap()
        }};
        let mut m = law::{class}::default();"#
    ));
    w.depth = 2;
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
        r#"        let mut check = |field: &str, got: f64, want: f64, angle: bool| {{
            if skip {{
                return;
            }}
            let gap = if angle {{
                f64::atan2(f64::sin(got - want), f64::cos(got - want)).abs()
            }} else {{
                (got - want).abs()
            }};
            let error = gap / f64::max(1.0, want.abs());
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
    check_fields(w, checked, |name, flag| {
        let got = if flag {
            format!("f64::from(u8::from(m.{name}))")
        } else {
            format!("f64::from(m.{name})")
        };
        let want = format!("f64::from(col(\"after_{name}\"))");
        format!("check(\"{name}\", {got}, {want}, {});", name == "heading")
    });
    w.line("rows += 1;");
    w.depth = 0;
    w.lines(&format!(
        r#"    }}
    println!("{class} Rust: {{rows}} steps, worst error {{worst:.2e}} ({{worst_at}}), {{failures}} failures");
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
    let num = |row: &[&str], name: &str| -> f32 {{ row[at(name)].parse().unwrap() }};
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
        r#"    let mut farthest = 0.0f32;
    let mut ticks = 0;
    for (i, row) in flight.iter().enumerate() {{
        // Only while steerlab's world flies the law's own move (no airframe or gravity
        // between): each step starts where the one before ended.
        let chained = ["pos_x", "pos_y", "vel_x", "vel_y"]
            .iter()
            .all(|f| i == 0 || num(row, f) == num(flight[i - 1], &format!("after_{{f}}")));
        if !chained {{
            break;
        }}
        m.step({});
        let gap = f32::hypot(m.pos_x - num(row, "after_pos_x"), m.pos_y - num(row, "after_pos_y"));
        farthest = farthest.max(gap);
        ticks += 1;
    }}
    println!("{class} Rust flight: missile {{missile}}, {{ticks}} ticks, at most {{farthest:.2e}} units from steerlab's path");
    assert!(farthest <= {FLIGHT_TOLERANCE});
}}"#,
        step_args(|i| format!("num(row, \"{i}\")"))
    ));
}

fn typescript(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[(String, bool)],
    law_file: &str,
    vectors: &str,
) {
    let module = law_file.trim_end_matches(".ts");
    w.lines(&format!(
        r#"// Run: tsc --strict --module commonjs --target es2020 {{this file}} && node {{its .js}}
import {{ {class} }} from "./{module}";

declare const process: {{ argv: string[]; exitCode?: number }};
declare function require(module: "node:fs"): {{ readFileSync(path: string, encoding: "utf8"): string }};

const signals = ["none", "detonate", "solver-failed"];
const lines = require("node:fs").readFileSync(process.argv[2] ?? "{vectors}", "utf8").split("\n");
const header = lines[0].split(",");
let rows = 0;
let failures = 0;
let worst = 0;
let worstAt = "";
for (const line of lines.slice(1)) {{
    if (line === "") continue;
    const cells = line.split(",");
    const col = (name: string): number => Number(cells[header.indexOf(name)]);
    const check = (field: string, got: number, want: number, angle: boolean): void => {{
        if (skip) return;
        const gap = angle ? Math.abs(Math.atan2(Math.sin(got - want), Math.cos(got - want))) : Math.abs(got - want);
        const error = gap / Math.max(1, Math.abs(want));
        if (!(error <= worst)) {{
            worst = error;
            worstAt = `${{field}} at tick ${{cells[1]}}`;
        }}
        if (!(error <= {TOLERANCE})) {{
            failures++;
            console.log(`tick ${{cells[1]}}: ${{field}} is ${{got}}, steerlab has ${{want}}`);
        }}
    }};
    const m = new {class}();"#
    ));
    w.depth = 1;
    set_fields(
        w,
        Lang::TypeScript,
        names,
        |n| format!("col(\"{n}\")"),
        "!== 0",
    );
    w.line("const launch = cells[0] === \"launch\";");
    w.line(&format!(
        "const signal = launch ? (m.launch({}) ? 1 : 0) : signals.indexOf(m.step({}));",
        launch_args(|i| format!("col(\"{i}\")")),
        step_args(|i| format!("col(\"{i}\")"))
    ));
    w.line("// A refused launch has no fields after it to check.");
    w.line("const skip = launch && signal === 0;");
    w.line("if (signal !== col(\"signal\")) {");
    w.line("    failures++;");
    w.line("    console.log(`tick ${cells[1]}: signal ${signal}`);");
    w.line("}");
    check_fields(w, checked, |name, flag| {
        let got = format!("m.{}", member(Lang::TypeScript, name));
        let got = if flag {
            format!("({got} ? 1 : 0)")
        } else {
            got
        };
        format!(
            "check(\"{name}\", {got}, col(\"after_{name}\"), {});",
            name == "heading"
        )
    });
    w.line("rows++;");
    w.depth = 0;
    w.lines(&format!(
        r#"}}
console.log(`{class} TypeScript: ${{rows}} steps, worst error ${{worst.toExponential(2)}} (${{worstAt}}), ${{failures}} failures`);
process.exitCode = failures === 0 && rows > 0 ? 0 : 1;"#
    ));
}

fn gdscript(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[(String, bool)],
    law_file: &str,
    vectors: &str,
) {
    w.lines(&format!(
        r#"# Run: godot --headless -s {{this file}} (Godot 4), or godot3 --no-window -s {{this file}}.
# The vectors are written into this file (Godot 3 and 4 read files differently).
extends SceneTree

const Law = preload("{law_file}")

var header = []
var cells = []
var failures = 0
var worst = 0.0
var worst_at = ""
var skip = false


func _init():
	var lines = VECTORS.split("\n")
	header = Array(lines[0].split(","))
	var rows = 0
	for i in range(1, lines.size()):
		if lines[i] == "":
			continue
		cells = Array(lines[i].split(","))
		var m = Law.{class}.new()"#
    ));
    w.depth = 2;
    set_fields(
        w,
        Lang::GdScript,
        names,
        |n| format!("_col(\"{n}\")"),
        "!= 0.0",
    );
    w.line("var launch = cells[0] == \"launch\"");
    w.line("var outcome = 0");
    w.line("if launch:");
    w.line(&format!(
        "\toutcome = 1 if m.launch({}) else 0",
        launch_args(|i| format!("_col(\"{i}\")"))
    ));
    w.line("else:");
    w.line(&format!(
        "\toutcome = m.step({})",
        step_args(|i| format!("_col(\"{i}\")"))
    ));
    w.line("# A refused launch has no fields after it to check.");
    w.line("skip = launch and outcome == 0");
    w.line("if outcome != int(_col(\"signal\")):");
    w.line("\tfailures += 1");
    w.line("\tprint(\"tick %s: signal %d\" % [cells[1], outcome])");
    check_fields(w, checked, |name, flag| {
        let got = if flag {
            format!("(1.0 if m.{name} else 0.0)")
        } else {
            format!("m.{name}")
        };
        format!(
            "_check(\"{name}\", {got}, _col(\"after_{name}\"), {})",
            name == "heading"
        )
    });
    w.line("rows += 1");
    w.depth = 0;
    w.lines(&format!(
        r#"	print("{class} GDScript: %d steps, worst error %s (%s), %d failures" % [rows, str(worst), worst_at, failures])
	quit(0 if failures == 0 and rows > 0 else 1)


func _col(name):
	return float(cells[header.find(name)])


func _check(field, got, want, angle):
	if skip:
		return
	var gap = abs(atan2(sin(got - want), cos(got - want))) if angle else abs(got - want)
	var error = gap / max(1.0, abs(want))
	if not (error <= worst):
		worst = error
		worst_at = "%s at tick %s" % [field, cells[1]]
	if not (error <= {TOLERANCE}):
		failures += 1
		print("tick %s: %s is %s, steerlab has %s" % [cells[1], field, got, want])


const VECTORS = """{vectors}""""#
    ));
}
