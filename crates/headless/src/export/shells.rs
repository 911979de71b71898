//! Each language's file around a law's `launch` and `step`: the class with its tuned
//! constants and fields, the helper it needs, and a short adapter for the engine (kept
//! out of the engine-free core by the engine's own switch, so the core compiles alone).

use super::emit::{
    arguments, constant_doc, constant_value, doc, member_names, Member, Parts, Source, Writer,
    LAUNCH_INPUTS, STEP_INPUTS,
};
use super::lang::{Lang, Role};

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
    constants(
        w,
        p,
        |w, text| doc(w, "///", text),
        |name, value| format!("public const float {name} = {value};"),
    );
    w.line("");
    w.line("// The missile's body (position, velocity, heading in radians) and the law's state.");
    fields(w, s, |m| {
        format!("public {} {} = {};", c_type(m), m.name, m.start)
    });
    w.line("");
    w.line("/// <summary>Starts the missile; false when the law has no solution and does not fire.</summary>");
    w.signature(
        "public bool Launch(",
        &arguments(lang, &LAUNCH_INPUTS, p.launch_reads),
        ")",
    );
    body(w, p.launch);
    w.line("");
    w.line("/// <summary>One fixed tick of dt seconds against the target as the seeker sees it.</summary>");
    w.signature(
        "public Signal Step(",
        &arguments(lang, &STEP_INPUTS, p.step_reads),
        ")",
    );
    body(w, p.step);
    helpers(w, p);
    w.depth -= 1;
    w.line("}");
    w.line("");
    w.lines(&format!(
        r#"#if UNITY_5_3_OR_NEWER
/// <summary>Unity adapter: flies this GameObject (on the XY plane) at the target in
/// FixedUpdate and destroys it when it detonates.</summary>
public sealed class {class}Behaviour : UnityEngine.MonoBehaviour
{{
    public UnityEngine.Transform target;
    readonly {class} missile = new {class}();
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
        var signal = missile.Step(t.x, t.y, v.x, v.y, dt);
        transform.position = new UnityEngine.Vector3(missile.posX, missile.posY, transform.position.z);
        transform.rotation = UnityEngine.Quaternion.Euler(0f, 0f, missile.heading * UnityEngine.Mathf.Rad2Deg);
        if (signal == {class}.Signal.Detonate) Destroy(gameObject);
    }}
}}
#endif"#
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
        w.line(&declare(&name, &constant_value(lang, c)));
    }
}

/// The missile's fields, each after its comment, as `declare` writes them.
fn fields(w: &mut Writer, s: &Source, declare: impl Fn(&Member) -> String) {
    for m in member_names(w.lang, s) {
        m.write_doc(w);
        w.line(&declare(&m));
    }
}

/// A field's type where it is `bool` or `float` (C#, C++, GDScript).
fn c_type(m: &Member) -> &'static str {
    if m.flag {
        "bool"
    } else {
        "float"
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
    w.line("#include <cmath>");
    w.line("");
    w.line(&format!("class {class} {{"));
    w.line("public:");
    w.depth += 1;
    w.line("// What a tick tells the game: nothing, or that the missile detonates, or that its");
    w.line("// solver found no answer.");
    w.line("enum class Signal { None, Detonate, SolverFailed };");
    constants(
        w,
        p,
        |w, text| doc(w, "//", text),
        |name, value| format!("static constexpr float {name} = {value};"),
    );
    w.line("");
    w.line("// The missile's body (position, velocity, heading in radians) and the law's state.");
    fields(w, s, |m| format!("{} {} = {};", c_type(m), m.name, m.start));
    w.line("");
    w.line("// Starts the missile; false when the law has no solution and does not fire.");
    w.signature(
        "bool launch(",
        &arguments(lang, &LAUNCH_INPUTS, p.launch_reads),
        ") {",
    );
    inner(w, p.launch);
    w.line("");
    w.line("// One fixed tick of dt seconds against the target as the seeker sees it.");
    w.signature(
        "Signal step(",
        &arguments(lang, &STEP_INPUTS, p.step_reads),
        ") {",
    );
    inner(w, p.step);
    if !p.helpers.is_empty() {
        w.line("");
        w.depth -= 1;
        w.line("private:");
        w.depth += 1;
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
    w.lines(&format!(
        r#"#if WITH_ENGINE
// Unreal adapter: call Tick from your actor component's TickComponent with a fixed
// DeltaTime; it flies the owner on the XY plane at the target and says when it detonates.
struct F{class}Driver {{
    {class} Missile;
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
        const auto Signal = Missile.step(T.X, T.Y, V.X, V.Y, DeltaTime);
        Owner.SetActorLocationAndRotation(
            FVector(Missile.pos_x, Missile.pos_y, Owner.GetActorLocation().Z),
            FRotator(0.f, FMath::RadiansToDegrees(Missile.heading), 0.f));
        return Signal == {class}::Signal::Detonate;
    }}
}};
#endif"#
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
    constants(
        w,
        p,
        |w, text| doc(w, "///", text),
        |name, value| format!("pub const {name}: f32 = {value};"),
    );
    w.line("");
    w.line("/// The missile's body (position, velocity, heading in radians) and the law's state.");
    w.line("#[derive(Clone, Debug, PartialEq)]");
    w.line(&format!("pub struct {class} {{"));
    w.depth += 1;
    fields(w, s, |m| {
        format!("pub {}: {},", m.name, if m.flag { "bool" } else { "f32" })
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
    w.line("/// Starts the missile; false when the law has no solution and does not fire.");
    w.line("#[allow(clippy::too_many_arguments)]");
    let mut args = vec!["&mut self".to_string()];
    args.extend(arguments(lang, &LAUNCH_INPUTS, p.launch_reads));
    w.signature("pub fn launch(", &args, ") -> bool {");
    inner(w, p.launch);
    w.line("");
    w.line("/// One fixed tick of dt seconds against the target as the seeker sees it.");
    let mut args = vec!["&mut self".to_string()];
    args.extend(arguments(lang, &STEP_INPUTS, p.step_reads));
    w.signature("pub fn step(", &args, ") -> Signal {");
    inner(w, p.step);
    w.depth -= 1;
    w.line("}");
    helpers(w, p);
    w.line("");
    w.lines(&format!(
        r#"/// Bevy adapter (with your crate's `bevy` feature): add `Homing` to a missile entity and
/// `steer` to `FixedUpdate`; it flies the entity on the XY plane at its target.
#[cfg(feature = "bevy")]
pub mod bevy_adapter {{
    use bevy::prelude::*;

    #[derive(Component)]
    pub struct Homing {{
        pub missile: super::{class},
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
            let Ok(target) = targets.get(homing.target) else {{ continue }};
            let t = target.translation.truncate();
            let v = (t - homing.last_target) / dt;
            homing.last_target = t;
            let signal = homing.missile.step(t.x, t.y, v.x, v.y, dt);
            transform.translation.x = homing.missile.pos_x;
            transform.translation.y = homing.missile.pos_y;
            transform.rotation = Quat::from_rotation_z(homing.missile.heading);
            if signal == super::Signal::Detonate {{
                commands.entity(entity).despawn();
            }}
        }}
    }}
}}"#
    ));
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
        &arguments(lang, &LAUNCH_INPUTS, p.launch_reads),
        "): boolean {",
    );
    inner(w, p.launch);
    w.line("");
    w.line("/** One fixed tick of dt seconds against the target as the seeker sees it. */");
    w.signature(
        "step(",
        &arguments(lang, &STEP_INPUTS, p.step_reads),
        "): Signal {",
    );
    inner(w, p.step);
    w.depth -= 1;
    w.line("}");
    w.line("");
    w.lines(&format!(
        r#"/** Web-game adapter: call the returned function once per fixed tick with where the
 * target is; it estimates the target's velocity and steps the missile. */
export function homing(missile: {class}, dt: number): (targetX: number, targetY: number) => Signal {{
    let last: [number, number] | null = null;
    return (targetX, targetY) => {{
        const [lx, ly] = last ?? [targetX, targetY];
        last = [targetX, targetY];
        return missile.step(targetX, targetY, (targetX - lx) / dt, (targetY - ly) / dt, dt);
    }};
}}"#
    ));
}

pub fn gdscript(w: &mut Writer, s: &Source, p: &Parts) {
    let class = s.class();
    let lang = Lang::GdScript;
    w.lines(&format!(
        r#"extends Node2D
# Godot adapter: flies this node at `target` in _physics_process and frees it when it
# detonates. The law itself is the inner class {class}, which uses nothing from Godot.

var target: Node2D
var missile = {class}.new()
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
	var outcome = missile.step(t.x, t.y, v.x, v.y, delta)
	position = Vector2(missile.pos_x, missile.pos_y)
	rotation = missile.heading
	if outcome == {class}.Outcome.DETONATE:
		queue_free()

"#
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
        format!("var {}: {} = {}", m.name, c_type(m), m.start)
    });
    w.line("");
    w.line("# Starts the missile; false when the law has no solution and does not fire.");
    w.signature(
        "func launch(",
        &arguments(lang, &LAUNCH_INPUTS, p.launch_reads),
        ") -> bool:",
    );
    w.depth += 1;
    w.lines(p.launch);
    w.depth -= 1;
    w.line("");
    w.line("# One fixed tick of dt seconds against the target as the seeker sees it.");
    w.signature(
        "func step(",
        &arguments(lang, &STEP_INPUTS, p.step_reads),
        ") -> int:",
    );
    w.depth += 1;
    w.lines(p.step);
    w.depth -= 1;
    helpers(w, p);
    w.depth -= 1;
}
