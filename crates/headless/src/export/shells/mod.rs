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

mod cpp;
mod csharp;
mod gdscript;
mod rust;
mod typescript;
pub use {cpp::cpp, csharp::csharp, gdscript::gdscript, rust::rust, typescript::typescript};

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

/// A C-like function body whose opening line is already written.
fn inner(w: &mut Writer, text: &str) {
    w.depth += 1;
    w.lines(text);
    w.depth -= 1;
    w.line("}");
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
