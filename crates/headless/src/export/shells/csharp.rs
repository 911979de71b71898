//! C#: a sealed class and, behind `UNITY_5_3_OR_NEWER`, a Unity MonoBehaviour that flies it.

use super::*;

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
