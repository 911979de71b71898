//! C++: a header with the law's class and, behind `WITH_ENGINE`, a driver for an Unreal actor component.

use super::*;

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
