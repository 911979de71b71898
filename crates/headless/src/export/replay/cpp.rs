//! The generated test in C++: a program reading the vectors file, then the first
//! missile's own flight.

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
    falls: bool,
    seeker: &Option<String>,
) {
    w.lines(&format!(
        r#"#include "{law_file}"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
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

static void check(const char* field, double got, double want, bool angle, double scale) {{
    if (skip) return;
    double gap = angle ? std::fabs(std::atan2(std::sin(got - want), std::cos(got - want))) : std::fabs(got - want);
    double error = gap / std::max(scale, std::fabs(want));
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
    int rows = 0;{seekers}
    std::vector<std::vector<std::string>> all;
    while (std::getline(in, line)) {{
        if (line.empty()) continue;
        cells = split(line);
        all.push_back(cells);"#,
        seekers = seeker.as_ref().map_or(String::new(), |s| format!(
            "\n    std::map<std::string, {s}> seekers;\n    int looks = 0;"
        )),
    ));
    w.depth = 2;
    if let Some(s) = seeker {
        look(w, Lang::Cpp, s, "col", "check");
    }
    w.line(&format!("{class} m;"));
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
    let checks = Checks {
        call: "check",
        number: &|m| m.to_string(),
        flag: &|m| format!("({m} ? 1.0 : 0.0)"),
        want: &|n| format!("col(\"after_{n}\")"),
    };
    check_fields(w, Lang::Cpp, checked, &checks);
    w.line("rows++;");
    w.depth = 0;
    w.line("    }");
    if let Some(s) = seeker {
        w.line(&format!(
            "    std::printf(\"{s} C++: %d looks\\n\", looks);"
        ));
    }
    w.lines(&format!(
        r#"    std::printf("{class} C++: %d steps, worst error %.2e (%s), %d failures\n", rows, worst, worst_at.c_str(), failures);
    if (failures != 0 || rows == 0) return 1;

    // The first missile's whole flight, each step from the export's own state.
    std::size_t first = 0;
    while (all[first][0] != "step") first++;
    const std::string missile = all[first][2];
    {class} m;
    cells = all[first];"#
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
        // Only while each step starts where the one before ended (the world can change
        // the body between: the last of the fuel, gravity without an airframe).
        if (!before.empty()) {{
            bool chained = true;
            for (const char* f : {{"pos_x", "pos_y", "vel_x", "vel_y"}}) {{
{chain}
            }}
            if (!chained) break;
        }}
        before = row;
        cells = row;
        // The same signal at the same tick (a detonation: the hit tick).
        if (static_cast<int>(m.step({})) != static_cast<int>(col("signal"))) {{
            std::printf("{class} C++ flight: another signal at tick %s\n", row[1].c_str());
            return 1;
        }}
        farthest = std::max(farthest, std::hypot(double(m.pos_x) - col("after_pos_x"), double(m.pos_y) - col("after_pos_y")));
        ticks++;{fall}
    }}
    std::printf("{class} C++ flight: missile %s, %d ticks, at most %.2e units from steerlab's path\n", missile.c_str(), ticks, farthest);
    return farthest <= {FLIGHT_TOLERANCE} ? 0 : 1;
}}"#,
        step_args(|i| format!("col(\"{i}\")")),
        chain = if falls {
            FALLING_CHAIN.replace("{class}", class)
        } else {
            CHAIN.to_string()
        },
        fall = if falls {
            FALL.replace("{class}", class)
        } else {
            String::new()
        },
    ));
}

/// Whether a step starts where the one before ended.
const CHAIN: &str = r#"                cells = before;
                const float ended = col((std::string("after_") + f).c_str());
                cells = row;
                chained = chained && col(f) == ended;"#;

/// The same under the world's gravity, which steerlab adds after each step (in its
/// floats: to 1e-4).
const FALLING_CHAIN: &str = r#"                cells = before;
                const double dt = col("dt");
                const double g = f[4] == 'x' ? double({class}::GRAVITY_X) : double({class}::GRAVITY_Y);
                const double ended = col((std::string("after_") + f).c_str()) + g * (f[0] == 'v' ? dt : dt * dt);
                cells = row;
                chained = chained && std::fabs(col(f) - ended) <= 1e-4 * std::max(1.0, std::fabs(double(col(f))));"#;

/// The world's gravity on the export's own missile after its step.
const FALL: &str = r#"
        const double dt = col("dt");
        m.vel_x += {class}::GRAVITY_X * dt;
        m.vel_y += {class}::GRAVITY_Y * dt;
        m.pos_x += {class}::GRAVITY_X * dt * dt;
        m.pos_y += {class}::GRAVITY_Y * dt * dt;"#;
