//! Each language's file around a law's `launch` and `step`: the class with its tuned
//! constants and fields, the helper it needs, and a short adapter for the engine (kept
//! out of the engine-free core by the engine's own switch, so the core compiles alone).

use super::emit::{
    arguments, constant_doc, constant_value, doc, member_names, Member, Parts, Source, Writer,
    LAUNCH_INPUTS,
};
use super::lang::{Lang, Role};
use super::methods::{method_name, steps};
use super::seeker::{seeker_class, strings, Look};
use super::tree::has_block;

pub fn csharp(w: &mut Writer, s: &Source, p: &Parts) {
    let class = s.class();
    let lang = Lang::CSharp;
    w.line("using System;");
    w.line("");
    w.line(&format!("public sealed class {class}"));
    w.line("{");
    w.depth += 1;
    w.line("/// <summary>What a tick tells the game: nothing, or that the missile detonates, or");
    w.line("/// that its solver found no answer.</summary>");
    w.line("public enum Signal { None, Detonate, SolverFailed }");
    let (wide, number) = (w.wide, lang.number_type(w.wide));
    constants(
        w,
        p,
        |w, text| doc(w, "///", text),
        |name, value| format!("public const {number} {name} = {value};"),
    );
    w.line("");
    w.line("// The missile's body (position, velocity, heading in radians) and the law's state.");
    fields(w, s, |m| {
        format!("public {} {} = {};", c_type(m, wide), m.name, m.start)
    });
    w.line("");
    w.line("/// <summary>Starts the missile; false when the law has no solution and does not fire.</summary>");
    w.signature(
        "public bool Launch(",
        &arguments(lang, w.wide, &LAUNCH_INPUTS, p.launch_reads),
        ")",
    );
    body(w, p.launch);
    w.line("");
    steps(w, p, &|w, m| {
        w.line("/// <summary>");
        doc(w, "///", m.doc);
        w.line("/// </summary>");
        let open = format!(
            "{}{} {}(",
            if m.public { "public " } else { "" },
            if m.signals { "Signal" } else { "void" },
            method_name(lang, m.name, m.public)
        );
        w.signature(&open, &m.args, ")");
        body(w, &m.body);
    });
    helpers(w, p);
    w.depth -= 1;
    w.line("}");
    w.line("");
    seeker_class(w, p);
    let seeker = Look::new(
        p,
        s,
        lang,
        "seeker.",
        strings(["t.x", "t.y", "v.x", "v.y", "dt"]),
    );
    w.lines(&format!(
        r#"#if UNITY_5_3_OR_NEWER
/// <summary>Unity adapter: flies this GameObject (on the XY plane) at the target in
/// FixedUpdate and destroys it when it detonates.</summary>
public sealed class {class}Behaviour : UnityEngine.MonoBehaviour
{{
    public UnityEngine.Transform target;
    readonly {class} missile = new {class}();{field}
    UnityEngine.Vector3 lastTarget;

    void Start()
    {{
        var p = transform.position;
        lastTarget = target.position;
        float dt = UnityEngine.Time.fixedDeltaTime;
        if (!missile.Launch(p.x, p.y, 0f, 0f, lastTarget.x, lastTarget.y, 0f, 0f, dt)) Destroy(gameObject);
    }}

    void FixedUpdate()
    {{
        float dt = UnityEngine.Time.fixedDeltaTime;
        var t = target.position;
        var v = (t - lastTarget) / dt;
        lastTarget = t;
        {look}var signal = missile.Step({args}, dt);{fall}
        transform.position = new UnityEngine.Vector3({f}missile.posX, {f}missile.posY, transform.position.z);
        transform.rotation = UnityEngine.Quaternion.Euler(0f, 0f, {f}missile.heading * UnityEngine.Mathf.Rad2Deg);
        if (signal == {class}.Signal.Detonate) Destroy(gameObject);
    }}
}}
#endif"#,
        f = if wide { "(float)" } else { "" },
        fall = gravity(p, lang, "missile", &format!("{class}."), "dt", 2),
        field = seeker.field(|c| format!("\n    readonly {c} seeker = new {c}();")),
        look = seeker.call("Look", "\n        "),
        args = seeker.args(),
    ));
}

/// The tuned constants, each after an empty line and its comment (`doc_comment`), as
/// `declare(name, value)` writes them.
fn constants(
    w: &mut Writer,
    p: &Parts,
    doc_comment: impl Fn(&mut Writer, &str),
    declare: impl Fn(&str, &str) -> String,
) {
    let lang = w.lang;
    for c in p.constants {
        w.line("");
        doc_comment(w, &constant_doc(c));
        let name = lang.name_of(&c.name, Role::Const);
        w.line(&declare(&name, &constant_value(lang, c, w.wide, w.single)));
    }
}

/// The missile's fields, each after its comment, as `declare` writes them.
fn fields(w: &mut Writer, s: &Source, declare: impl Fn(&Member) -> String) {
    for m in member_names(w.lang, s) {
        m.write_doc(w);
        w.line(&declare(&m));
    }
}

/// A field's type where it is `bool`, `float` or (`wide`) `double` (C#, C++, GDScript,
/// whose `float` is a double).
fn c_type(m: &Member, wide: bool) -> &'static str {
    match (m.flag, wide) {
        (true, _) => "bool",
        (false, false) => "float",
        (false, true) => "double",
    }
}

/// The helpers the file's functions call, each after an empty line.
fn helpers(w: &mut Writer, p: &Parts) {
    for helper in &p.helpers {
        w.line("");
        w.lines(helper);
    }
}

fn body(w: &mut Writer, text: &str) {
    w.line("{");
    w.depth += 1;
    w.lines(text);
    w.depth -= 1;
    w.line("}");
}

pub fn cpp(w: &mut Writer, s: &Source, p: &Parts) {
    let class = s.class();
    let lang = Lang::Cpp;
    w.line("#pragma once");
    w.line("");
    w.line("#include <algorithm>");
    if p.seeker.is_some() {
        w.line("#include <array>");
    }
    w.line("#include <cmath>");
    if p.seeker.is_some() {
        w.line("#include <deque>");
    }
    w.line("");
    w.line(&format!("class {class} {{"));
    w.line("public:");
    w.depth += 1;
    w.line("// What a tick tells the game: nothing, or that the missile detonates, or that its");
    w.line("// solver found no answer.");
    w.line("enum class Signal { None, Detonate, SolverFailed };");
    let (wide, number) = (w.wide, lang.number_type(w.wide));
    constants(
        w,
        p,
        |w, text| doc(w, "//", text),
        |name, value| format!("static constexpr {number} {name} = {value};"),
    );
    w.line("");
    w.line("// The missile's body (position, velocity, heading in radians) and the law's state.");
    fields(w, s, |m| {
        format!("{} {} = {};", c_type(m, wide), m.name, m.start)
    });
    w.line("");
    w.line("// Starts the missile; false when the law has no solution and does not fire.");
    w.signature(
        "bool launch(",
        &arguments(lang, w.wide, &LAUNCH_INPUTS, p.launch_reads),
        ") {",
    );
    inner(w, p.launch);
    w.line("");
    steps(w, p, &|w, m| {
        if m.name == "steer" {
            w.depth -= 1;
            w.line("private:");
            w.depth += 1;
        }
        doc(w, "//", m.doc);
        let open = format!("{} {}(", if m.signals { "Signal" } else { "void" }, m.name);
        w.signature(&open, &m.args, ") {");
        inner(w, &m.body);
    });
    if !p.helpers.is_empty() {
        w.line("");
        if p.fly.is_none() {
            w.depth -= 1;
            w.line("private:");
            w.depth += 1;
        }
        for (i, helper) in p.helpers.iter().enumerate() {
            if i > 0 {
                w.line("");
            }
            w.lines(helper);
        }
    }
    w.depth -= 1;
    w.line("};");
    w.line("");
    seeker_class(w, p);
    let seeker = Look::new(
        p,
        s,
        lang,
        "Seeker.",
        strings(["T.X", "T.Y", "V.X", "V.Y", "DeltaTime"]),
    );
    w.lines(&format!(
        r#"#if WITH_ENGINE
// Unreal adapter: call Tick from your actor component's TickComponent with a fixed
// DeltaTime; it flies the owner on the XY plane at the target and says when it detonates.
struct F{class}Driver {{
    {class} Missile;{field}
    FVector LastTarget = FVector::ZeroVector;

    bool Launch(const AActor& Owner, const AActor& Target, float DeltaTime) {{
        const FVector P = Owner.GetActorLocation();
        LastTarget = Target.GetActorLocation();
        return Missile.launch(P.X, P.Y, 0.f, 0.f, LastTarget.X, LastTarget.Y, 0.f, 0.f, DeltaTime);
    }}

    bool Tick(AActor& Owner, const AActor& Target, float DeltaTime) {{
        const FVector T = Target.GetActorLocation();
        const FVector V = (T - LastTarget) / DeltaTime;
        LastTarget = T;
        {look}const auto Signal = Missile.step({args}, DeltaTime);{fall}
        Owner.SetActorLocationAndRotation(
            FVector(Missile.pos_x, Missile.pos_y, Owner.GetActorLocation().Z),
            FRotator(0.f, FMath::RadiansToDegrees(Missile.heading), 0.f));
        return Signal == {class}::Signal::Detonate;
    }}
}};
#endif"#,
        fall = gravity(p, lang, "Missile", &format!("{class}::"), "DeltaTime", 2),
        field = seeker.field(|c| format!("\n    {c} Seeker;")),
        look = seeker.call("look", "\n        "),
        args = seeker.args(),
    ));
}

/// A C-like function body whose opening line is already written.
fn inner(w: &mut Writer, text: &str) {
    w.depth += 1;
    w.lines(text);
    w.depth -= 1;
    w.line("}");
}

pub fn rust(w: &mut Writer, s: &Source, p: &Parts) {
    let class = s.class();
    let lang = Lang::Rust;
    w.line("/// What a tick tells the game: nothing, or that the missile detonates, or that its");
    w.line("/// solver found no answer.");
    w.line("#[derive(Clone, Copy, Debug, PartialEq, Eq)]");
    w.line("pub enum Signal {");
    w.line("    None,");
    w.line("    Detonate,");
    w.line("    SolverFailed,");
    w.line("}");
    let number = lang.number_type(w.wide);
    constants(
        w,
        p,
        |w, text| doc(w, "///", text),
        |name, value| format!("pub const {name}: {number} = {value};"),
    );
    w.line("");
    w.line("/// The missile's body (position, velocity, heading in radians) and the law's state.");
    w.line("#[derive(Clone, Debug, PartialEq)]");
    w.line(&format!("pub struct {class} {{"));
    w.depth += 1;
    fields(w, s, |m| {
        format!("pub {}: {},", m.name, if m.flag { "bool" } else { number })
    });
    w.depth -= 1;
    w.line("}");
    w.line("");
    w.line(&format!("impl Default for {class} {{"));
    w.line("    fn default() -> Self {");
    w.line("        Self {");
    w.depth += 3;
    for m in member_names(lang, s) {
        w.line(&format!("{}: {},", m.name, m.start));
    }
    w.depth -= 3;
    w.line("        }");
    w.line("    }");
    w.line("}");
    w.line("");
    w.line(&format!("impl {class} {{"));
    w.depth += 1;
    // A solver's working values start at zero and are set before they are read.
    let working = |w: &mut Writer, body: &[super::step::Stmt]| {
        if body.iter().any(has_block) {
            w.line("#[allow(unused_assignments)]");
        }
    };
    w.line("/// Starts the missile; false when the law has no solution and does not fire.");
    w.line("#[allow(clippy::too_many_arguments)]");
    working(w, &s.step.launch);
    let mut args = vec!["&mut self".to_string()];
    args.extend(arguments(lang, w.wide, &LAUNCH_INPUTS, p.launch_reads));
    w.signature("pub fn launch(", &args, ") -> bool {");
    inner(w, p.launch);
    w.line("");
    steps(w, p, &|w, m| {
        doc(w, "///", m.doc);
        // The law's own move (`steer`, or `step` when it is all there is); `fly` and a
        // `step` that calls it have no solver.
        if m.name == "steer" || (m.name == "step" && p.fly.is_none()) {
            working(w, &s.step.step);
        }
        let mut args = vec!["&mut self".to_string()];
        args.extend(m.args.iter().cloned());
        let open = format!("{}fn {}(", if m.public { "pub " } else { "" }, m.name);
        let close = if m.signals { ") -> Signal {" } else { ") {" };
        w.signature(&open, &args, close);
        inner(w, &m.body);
    });
    w.depth -= 1;
    w.line("}");
    helpers(w, p);
    w.line("");
    seeker_class(w, p);
    let wide = w.wide;
    let truth = ["t.x", "t.y", "v.x", "v.y", "dt"].map(|v| widened(wide, v));
    let seeker = Look::new(p, s, lang, "homing.seeker.", truth);
    w.lines(&format!(
        r#"/// Bevy adapter (with your crate's `bevy` feature): add `Homing` to a missile entity and
/// `steer` to `FixedUpdate`; it flies the entity on the XY plane at its target.
#[cfg(feature = "bevy")]
pub mod bevy_adapter {{
    use bevy::prelude::*;

    #[derive(Component)]
    pub struct Homing {{
        pub missile: super::{class},{field}
        pub target: Entity,
        pub last_target: Vec2,
    }}

    pub fn steer(
        time: Res<Time<Fixed>>,
        mut commands: Commands,
        mut missiles: Query<(Entity, &mut Transform, &mut Homing)>,
        targets: Query<&Transform, Without<Homing>>,
    ) {{
        let dt = time.delta_secs();
        for (entity, mut transform, mut homing) in &mut missiles {{
            let homing = &mut *homing;
            let Ok(target) = targets.get(homing.target) else {{ continue }};
            let t = target.translation.truncate();
            let v = (t - homing.last_target) / dt;
            homing.last_target = t;
            {look}let signal = homing.missile.step({args}, {dt});{fall}
            transform.translation.x = homing.missile.pos_x{narrow};
            transform.translation.y = homing.missile.pos_y{narrow};
            transform.rotation = Quat::from_rotation_z(homing.missile.heading{narrow});
            if signal == super::Signal::Detonate {{
                commands.entity(entity).despawn();
            }}
        }}
    }}
}}"#,
        dt = widened(w.wide, "dt"),
        narrow = if w.wide { " as f32" } else { "" },
        field = seeker.field(|c| format!("\n        pub seeker: super::{c},")),
        look = seeker.call("look", "\n            "),
        args = seeker.args(),
        fall = gravity(
            p,
            lang,
            "homing.missile",
            "super::",
            &widened(w.wide, "dt"),
            3
        ),
    ));
}

/// For a law aimed under the world's gravity (the ballistic shell) and no airframe, the
/// adapter's lines that add it after each step as steerlab's world does (`vel += g dt`,
/// `pos += g dt dt`), each on a new line `depth` levels in; nothing for the other laws.
fn gravity(p: &Parts, lang: Lang, missile: &str, owner: &str, dt: &str, depth: usize) -> String {
    // With an airframe, `fly` adds it.
    if p.fly.is_some() || !p.constants.iter().any(|c| c.name.starts_with("gravity_")) {
        return String::new();
    }
    let indent = if lang == Lang::GdScript {
        "\t".repeat(depth)
    } else {
        "    ".repeat(depth)
    };
    let mut out = format!(
        "\n{indent}{} The world's gravity, as steerlab adds it after every step.",
        lang.comment()
    );
    for (field, axis) in [("vel", "x"), ("vel", "y"), ("pos", "x"), ("pos", "y")] {
        let name = lang.member(&format!("{field}_{axis}"));
        let times = if field == "vel" {
            dt.to_string()
        } else {
            format!("{dt} * {dt}")
        };
        out.push_str(&format!(
            "\n{indent}{missile}.{name} += {owner}GRAVITY_{} * {times}{}",
            axis.to_uppercase(),
            lang.end()
        ));
    }
    out
}

/// A Bevy `f32` as the law's number (`f64::from(x)` for a law in doubles).
fn widened(wide: bool, value: &str) -> String {
    if wide {
        format!("f64::from({value})")
    } else {
        value.to_string()
    }
}

pub fn typescript(w: &mut Writer, s: &Source, p: &Parts) {
    let class = s.class();
    let lang = Lang::TypeScript;
    w.line("/** What a tick tells the game: nothing, or that the missile detonates, or that its");
    w.line(" * solver found no answer. */");
    w.line("export type Signal = \"none\" | \"detonate\" | \"solver-failed\";");
    let block_doc = |w: &mut Writer, text: &str| {
        w.line("/**");
        doc(w, " *", text);
        w.line(" */");
    };
    constants(w, p, block_doc, |name, value| {
        format!("export const {name} = {value};")
    });
    helpers(w, p);
    w.line("");
    w.line(
        "/** The missile's body (position, velocity, heading in radians) and the law's state. */",
    );
    w.line(&format!("export class {class} {{"));
    w.depth += 1;
    fields(w, s, |m| format!("{} = {};", m.name, m.start));
    w.line("");
    w.line("/** Starts the missile; false when the law has no solution and does not fire. */");
    w.signature(
        "launch(",
        &arguments(lang, w.wide, &LAUNCH_INPUTS, p.launch_reads),
        "): boolean {",
    );
    inner(w, p.launch);
    w.line("");
    steps(w, p, &|w, m| {
        w.line("/**");
        doc(w, " *", m.doc);
        w.line(" */");
        let open = format!("{}{}(", if m.public { "" } else { "private " }, m.name);
        let close = if m.signals {
            "): Signal {"
        } else {
            "): void {"
        };
        w.signature(&open, &m.args, close);
        inner(w, &m.body);
    });
    w.depth -= 1;
    w.line("}");
    w.line("");
    seeker_class(w, p);
    let seeker = Look::new(
        p,
        s,
        lang,
        "seeker.",
        strings([
            "targetX",
            "targetY",
            "(targetX - lx) / dt",
            "(targetY - ly) / dt",
            "dt",
        ]),
    );
    w.lines(&format!(
        r#"/** Web-game adapter: call the returned function once per fixed tick with where the
 * target is; it estimates the target's velocity and steps the missile. */
export function homing(missile: {class}, dt: number{field}): (targetX: number, targetY: number) => Signal {{
    let last: [number, number] | null = null;
    return (targetX, targetY) => {{
        const [lx, ly] = last ?? [targetX, targetY];
        last = [targetX, targetY];
        {step}
    }};
}}"#,
        field = seeker.field(|c| format!(", seeker = new {c}()")),
        step = match gravity(p, lang, "missile", "", "dt", 2) {
            fall if fall.is_empty() => format!(
                "{}return missile.step({}, dt);",
                seeker.call("look", "\n        "),
                seeker.args()
            ),
            fall => format!(
                "{}const signal = missile.step({}, dt);{fall}\n        return signal;",
                seeker.call("look", "\n        "),
                seeker.args()
            ),
        },
    ));
}

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
