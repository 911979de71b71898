//! The missile class's per-tick methods, for every shell: `step` alone, or, when the lane
//! has an airframe, `step` calling the law's own move (`steer`) and then the airframe's
//! (`fly`), each printed by the shell in its language's way.

use super::emit::{arguments, Parts, Writer, FLY_INPUTS, STEP_INPUTS};
use super::lang::{Lang, Role};

/// A method of the missile's class, for a shell to print in its own way.
pub(super) struct Method<'a> {
    /// Its comment.
    pub(super) doc: &'a str,
    /// As the step language names it: `step`, `steer` or `fly`.
    pub(super) name: &'a str,
    /// Called from outside the class (else only by `step`).
    pub(super) public: bool,
    /// Its typed arguments.
    pub(super) args: Vec<String>,
    /// It returns a signal (else nothing).
    pub(super) signals: bool,
    /// Its statements, at depth 0.
    pub(super) body: String,
}

/// The class's per-tick methods: `step`, or, when the lane has an airframe, `step`
/// calling the law's own move (`steer`) and then the airframe's `fly`.
pub(super) fn steps(w: &mut Writer, p: &Parts, print: &dyn Fn(&mut Writer, &Method)) {
    let (lang, wide) = (w.lang, w.wide);
    let step_args =
        |used: &std::collections::BTreeSet<String>| arguments(lang, wide, &STEP_INPUTS, used);
    let Some(fly) = &p.fly else {
        let step = Method {
            doc: "One fixed tick of dt seconds against the target as the seeker sees it.",
            name: "step",
            public: true,
            args: step_args(p.step_reads),
            signals: true,
            body: p.step.to_string(),
        };
        return print(w, &step);
    };
    let all: std::collections::BTreeSet<String> =
        STEP_INPUTS.iter().map(|s| s.to_string()).collect();
    let step = Method {
        doc: "One fixed tick of dt seconds against the target as the seeker sees it: the \
              law's move, then what the airframe makes of it.",
        name: "step",
        public: true,
        args: step_args(&all),
        signals: true,
        body: step_then_fly(lang, wide),
    };
    print(w, &step);
    w.line("");
    let steer = Method {
        doc: "The law's move, as if the missile were an ideal point.",
        name: "steer",
        public: false,
        args: step_args(p.step_reads),
        signals: true,
        body: p.step.to_string(),
    };
    print(w, &steer);
    w.line("");
    let fly = Method {
        doc: "What the airframe makes of the law's move from the velocity and heading before \
              it.",
        name: "fly",
        public: false,
        args: arguments(lang, wide, &FLY_INPUTS, &fly.reads),
        signals: false,
        body: fly.body.clone(),
    };
    print(w, &fly);
}

/// A method's name in `lang` (a private one starts with `_` in GDScript).
pub(super) fn method_name(lang: Lang, name: &str, public: bool) -> String {
    match lang {
        Lang::CSharp => super::lang::pascal(name),
        Lang::GdScript if !public => format!("_{name}"),
        _ => name.to_string(),
    }
}

/// `step`'s body when the lane has an airframe: keep the body, steer, fly.
fn step_then_fly(lang: Lang, wide: bool) -> String {
    let number = lang.number_type(wide);
    let end = lang.end();
    let mut out = String::new();
    let mut before = Vec::new();
    for field in ["vel_x", "vel_y", "heading"] {
        let local = lang.name_of(&format!("before_{field}"), Role::Local);
        let value = lang.name_of(field, Role::Field);
        out.push_str(&match lang {
            Lang::CSharp => format!("{number} {local} = {value};\n"),
            Lang::Cpp => format!("const {number} {local} = {value};\n"),
            Lang::Rust => format!("let {local} = {value};\n"),
            Lang::TypeScript => format!("const {local} = {value};\n"),
            Lang::GdScript => format!("var {local}: float = {value}\n"),
        });
        before.push(local);
    }
    let receiver = match lang {
        Lang::Rust => "self.",
        Lang::TypeScript => "this.",
        _ => "",
    };
    let call = |name: &str, args: Vec<String>| {
        format!(
            "{receiver}{}({})",
            method_name(lang, name, false),
            args.join(", ")
        )
    };
    let inputs: Vec<String> = STEP_INPUTS
        .iter()
        .map(|i| lang.name_of(i, Role::Local))
        .collect();
    let steer = call("steer", inputs);
    out.push_str(&match lang {
        Lang::CSharp => format!("Signal signal = {steer};\n"),
        Lang::Cpp => format!("const Signal signal = {steer};\n"),
        Lang::Rust => format!("let signal = {steer};\n"),
        Lang::TypeScript => format!("const signal = {steer};\n"),
        // `signal` is a keyword in GDScript.
        Lang::GdScript => format!("var outcome: int = {steer}\n"),
    });
    before.push(lang.name_of("dt", Role::Local));
    out.push_str(&format!("{}{end}\n", call("fly", before)));
    out.push_str(if lang == Lang::Rust {
        "signal\n"
    } else if lang == Lang::GdScript {
        "return outcome\n"
    } else {
        "return signal;\n"
    });
    out
}
