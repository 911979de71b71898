//! The generated test in TypeScript: a node script reading the vectors file.

use super::{check_fields, launch_args, look, set_fields, step_args, Checked, Checks, TOLERANCE};
use crate::export::emit::Writer;
use crate::export::lang::Lang;

pub(super) fn write(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[Checked],
    law_file: &str,
    vectors: &str,
    seeker: &Option<String>,
) {
    let module = law_file.trim_end_matches(".ts");
    w.lines(&format!(
        r#"// Run: tsc --strict --module commonjs --target es2020 {{this file}} && node {{its .js}}
import {{ {class}{imported} }} from "./{module}";

declare const process: {{ argv: string[]; exitCode?: number }};
declare function require(module: "node:fs"): {{ readFileSync(path: string, encoding: "utf8"): string }};

const signals = ["none", "detonate", "solver-failed"];
const lines = require("node:fs").readFileSync(process.argv[2] ?? "{vectors}", "utf8").split("\n");
const header = lines[0].split(",");
let rows = 0;
let failures = 0;
let worst = 0;
let worstAt = "";{seekers}
for (const line of lines.slice(1)) {{
    if (line === "") continue;
    const cells = line.split(",");
    // steerlab's numbers are single precision: each is read as exactly that number.
    const col = (name: string): number => Math.fround(Number(cells[header.indexOf(name)]));
    // A refused launch has no fields after it to check.
    let skip = false;
    const check = (field: string, got: number, want: number, angle: boolean, scale: number): void => {{
        if (skip) return;
        const gap = angle ? Math.abs(Math.atan2(Math.sin(got - want), Math.cos(got - want))) : Math.abs(got - want);
        const error = gap / Math.max(scale, Math.abs(want));
        if (!(error <= worst)) {{
            worst = error;
            worstAt = `${{field}} at tick ${{cells[1]}}`;
        }}
        if (!(error <= {TOLERANCE})) {{
            failures++;
            console.log(`tick ${{cells[1]}}: ${{field}} is ${{got}}, steerlab has ${{want}}`);
        }}
    }};"#,
        imported = seeker.as_ref().map_or(String::new(), |s| format!(", {s}")),
        seekers = seeker.as_ref().map_or(String::new(), |s| format!(
            "\nconst seekers = new Map<string, {s}>();\nlet looks = 0;"
        )),
    ));
    w.depth = 1;
    if let Some(s) = seeker {
        look(w, Lang::TypeScript, s, "col", "check");
    }
    w.line(&format!("const m = new {class}();"));
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
    w.line("skip = launch && signal === 0;");
    w.line("if (signal !== col(\"signal\")) {");
    w.line("    failures++;");
    w.line("    console.log(`tick ${cells[1]}: signal ${signal}`);");
    w.line("}");
    let checks = Checks {
        call: "check",
        number: &|m| m.to_string(),
        flag: &|m| format!("({m} ? 1 : 0)"),
        want: &|n| format!("col(\"after_{n}\")"),
    };
    check_fields(w, Lang::TypeScript, checked, &checks);
    w.line("rows++;");
    w.depth = 0;
    w.line("}");
    if let Some(s) = seeker {
        w.line(&format!("console.log(`{s} TypeScript: ${{looks}} looks`);"));
    }
    w.lines(&format!(
        r#"console.log(`{class} TypeScript: ${{rows}} steps, worst error ${{worst.toExponential(2)}} (${{worstAt}}), ${{failures}} failures`);
process.exitCode = failures === 0 && rows > 0 ? 0 : 1;"#
    ));
}
