//! The generated test in C++: a program reading the vectors file, then the first
//! missile's own flight.

use super::{
    check_fields, launch_args, set_fields, step_args, Checks, FLIGHT_TOLERANCE, TOLERANCE,
};
use crate::export::emit::Writer;
use crate::export::lang::Lang;

pub(super) fn write(
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
    let checks = Checks {
        call: "check",
        number: &|m| m.to_string(),
        flag: &|m| format!("({m} ? 1.0 : 0.0)"),
        want: &|n| format!("col(\"after_{n}\")"),
    };
    check_fields(w, Lang::Cpp, checked, &checks);
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
