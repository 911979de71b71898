//! The generated test in GDScript: a SceneTree script holding its vectors (Godot 3 and
//! 4 read files differently).

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
	var rows = 0{seekers}
	for i in range(1, lines.size()):
		if lines[i] == "":
			continue
		cells = Array(lines[i].split(","))"#,
        seekers = seeker.as_ref().map_or(String::new(), |_| {
            "\n\tvar seekers = {}\n\tvar looks = 0".to_string()
        }),
    ));
    w.depth = 2;
    if let Some(s) = seeker {
        look(w, Lang::GdScript, s, "_col", "_check");
    }
    w.line(&format!("var m = Law.{class}.new()"));
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
    let checks = Checks {
        call: "_check",
        number: &|m| m.to_string(),
        flag: &|m| format!("(1.0 if {m} else 0.0)"),
        want: &|n| format!("_col(\"after_{n}\")"),
    };
    check_fields(w, Lang::GdScript, checked, &checks);
    w.line("rows += 1");
    w.depth = 0;
    if let Some(s) = seeker {
        w.line(&format!("\tprint(\"{s} GDScript: %d looks\" % looks)"));
    }
    w.lines(&format!(
        r#"	print("{class} GDScript: %d steps, worst error %s (%s), %d failures" % [rows, str(worst), worst_at, failures])
	quit(0 if failures == 0 and rows > 0 else 1)


func _col(name):
	# steerlab's numbers are single precision: each is read as exactly that number (a
	# Vector2 holds floats in Godot's usual builds).
	return Vector2(float(cells[header.find(name)]), 0.0).x


func _check(field, got, want, angle, scale):
	if skip:
		return
	var gap = abs(atan2(sin(got - want), cos(got - want))) if angle else abs(got - want)
	var error = gap / max(scale, abs(want))
	if not (error <= worst):
		worst = error
		worst_at = "%s at tick %s" % [field, cells[1]]
	if not (error <= {TOLERANCE}):
		failures += 1
		print("tick %s: %s is %s, steerlab has %s" % [cells[1], field, got, want])


const VECTORS = """{vectors}""""#
    ));
}
