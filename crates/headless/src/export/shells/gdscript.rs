//! GDScript: a Node2D script that flies the law, written as its inner class.

use super::*;

pub fn gdscript(w: &mut Writer, s: &Source, p: &Parts) {
    let class = s.class();
    let lang = Lang::GdScript;
    let seeker = Look::new(
        p,
        s,
        lang,
        "seeker.",
        strings(["t.x", "t.y", "v.x", "v.y", "delta"]),
    );
    w.lines(&format!(
        r#"extends Node2D
# Godot adapter: flies this node at `target` in _physics_process and frees it when it
# detonates. The law itself is the inner class {class}, which uses nothing from Godot.

var target: Node2D
var missile = {class}.new(){field}
var _last_target = Vector2.ZERO


func _ready():
	_last_target = target.position
	var t = _last_target
	var dt = get_physics_process_delta_time()
	if not missile.launch(position.x, position.y, 0.0, 0.0, t.x, t.y, 0.0, 0.0, dt):
		queue_free()


func _physics_process(delta):
	var t = target.position
	var v = (t - _last_target) / delta
	_last_target = t
	{look}var outcome = missile.step({args}, delta){fall}
	position = Vector2(missile.pos_x, missile.pos_y)
	rotation = missile.heading
	if outcome == {class}.Outcome.DETONATE:
		queue_free()

"#,
        fall = gravity(p, lang, "missile", &format!("{class}."), "delta", 1),
        field = seeker.field(|c| format!("\nvar seeker = {c}.new()")),
        look = seeker.call("look", "\n\t"),
        args = seeker.args(),
    ));
    w.line(&format!("class {class}:"));
    w.depth += 1;
    w.line("# What a tick tells the game: nothing, or that the missile detonates, or that its");
    w.line("# solver found no answer.");
    w.line("enum Outcome { NONE, DETONATE, SOLVER_FAILED }");
    constants(
        w,
        p,
        |w, text| doc(w, "#", text),
        |name, value| format!("const {name} = {value}"),
    );
    w.line("");
    w.line("# The missile's body (position, velocity, heading in radians) and the law's state.");
    fields(w, s, |m| {
        format!("var {}: {} = {}", m.name, c_type(m, false), m.start)
    });
    w.line("");
    w.line("# Starts the missile; false when the law has no solution and does not fire.");
    w.signature(
        "func launch(",
        &arguments(lang, w.wide, &LAUNCH_INPUTS, p.launch_reads),
        ") -> bool:",
    );
    w.depth += 1;
    w.lines(p.launch);
    w.depth -= 1;
    w.line("");
    steps(w, p, &|w, m| {
        doc(w, "#", m.doc);
        let open = format!("func {}(", method_name(lang, m.name, m.public));
        let close = if m.signals { ") -> int:" } else { ") -> void:" };
        w.signature(&open, &m.args, close);
        w.depth += 1;
        w.lines(&m.body);
        w.depth -= 1;
    });
    helpers(w, p);
    w.depth -= 1;
    if p.seeker.is_some() {
        w.line("");
        w.line("");
        seeker_class(w, p);
    }
}
