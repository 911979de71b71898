//! TypeScript: the law as an exported class, and its `Signal` type.

use super::*;

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
