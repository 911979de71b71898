//! The generated test that comes with an exported file: it reads the vectors
//! ([`super::vectors`]), sets a missile's fields from each row, steps it once against the
//! row's target, and checks the signal and every field after the step within
//! [`TOLERANCE`] (relative above 1, absolute below; headings modulo a turn). It prints
//! the worst error and exits non-zero on a failure.

use super::emit::{Source, Writer};
use super::lang::Lang;

mod cpp;
mod csharp;
mod gdscript;
mod rust;
mod typescript;

/// The largest error a field may have after one step: `|got - want| / max(1, |want|)`, or
/// `/ max(scale, |want|)` for a field the step file gives a scale (a component of a
/// vector of known size, such as the quartic's acceleration of magnitude k).
/// Covers the languages' own sines and square roots against steerlab's, and f64
/// languages (TypeScript, GDScript) against steerlab's f32.
pub const TOLERANCE: &str = "1e-3";

/// The farthest, in world units, the Rust and C++ exports' own flight of a missile (each
/// step from their own state, not steerlab's) may stray from steerlab's path.
pub const FLIGHT_TOLERANCE: &str = "0.05";

/// The test for `source` in `lang`, reading the vectors file named `vectors` (beside it,
/// or the path given as its first argument); GDScript's test holds `vectors_text` itself.
pub fn test(
    lang: Lang,
    source: &Source,
    law_file: &str,
    vectors: &str,
    vectors_text: &str,
) -> String {
    let class = source.class();
    let names = source.fields();
    // A state marked `scratch` is set from the vectors but not compared after a step.
    let checked: Vec<Checked> = names
        .iter()
        .filter_map(|(name, flag)| {
            let state = source.step.state.iter().find(|s| s.name == *name);
            if state.is_some_and(|s| s.scratch) {
                return None;
            }
            let scale = state
                .and_then(|s| s.scale.as_deref())
                .and_then(|p| match source.param(&p.to_lowercase())?.value {
                    super::emit::ParamValue::Number(v, ..) => Some(f64::from(v).max(1.0)),
                    _ => None,
                })
                .unwrap_or(1.0);
            Some(Checked {
                name: name.clone(),
                flag: *flag,
                scale: format!("{scale:?}"),
            })
        })
        .collect();
    let seeker = source
        .seeker
        .as_ref()
        .map(|_| super::seeker::class_name(&class));
    let mut w = Writer::new(lang);
    let c = lang.comment();
    w.line(&format!(
        "{c} Replays steerlab's test vectors ({vectors}) through {class}: one step from each"
    ));
    w.line(&format!(
        "{c} row's state, then every field checked within {TOLERANCE} (relative above 1)."
    ));
    w.line(&format!("{c} {}", super::version_line()));
    match lang {
        Lang::CSharp => csharp::write(&mut w, &class, &names, &checked, vectors, &seeker),
        Lang::Cpp => cpp::write(
            &mut w,
            &class,
            &names,
            &checked,
            (law_file, vectors),
            falls(source),
            &seeker,
        ),
        Lang::Rust => rust::write(
            &mut w,
            &class,
            &names,
            &checked,
            (law_file, vectors),
            (lang.number_type(source.step.double), falls(source)),
            &seeker,
        ),
        Lang::TypeScript => {
            typescript::write(&mut w, &class, &names, &checked, law_file, vectors, &seeker)
        }
        Lang::GdScript => gdscript::write(
            &mut w,
            &class,
            &names,
            &checked,
            law_file,
            vectors_text.trim_end(),
            &seeker,
        ),
    }
    w.out
}

/// Whether the law is aimed under the world's gravity (reads `GRAVITY_X` or `_Y`) and
/// flies without an airframe (whose `fly` adds it): its own flight then adds the gravity
/// after each step, as steerlab's world does.
fn falls(source: &Source) -> bool {
    if !source.step.fly.is_empty() {
        return false;
    }
    let mut used = std::collections::BTreeSet::new();
    super::tree::uses(&source.step.launch, &mut used);
    super::tree::uses(&source.step.step, &mut used);
    used.iter().any(|n| n.starts_with("GRAVITY_"))
}

/// A look row's check, in `lang`, for the seeker class `seeker` (`prefix` before it:
/// `law::` in Rust): the row's missile's seeker looks at the row's target, then what it
/// shows is checked with `check(field, got, want, angle, scale)`; `col` reads a column.
pub(super) fn look(w: &mut Writer, lang: Lang, seeker: &str, col: &str, check: &str) {
    let end = lang.end();
    let args = step_args(|i| format!("{col}(\"{i}\")"));
    let (open, close) = match lang {
        Lang::GdScript => ("if cells[0] == \"look\":", None),
        Lang::TypeScript => ("if (cells[0] === \"look\") {", Some("}")),
        Lang::Rust => ("if cells[0] == \"look\" {", Some("}")),
        Lang::Cpp => ("if (cells[0] == \"look\") {", Some("}")),
        // C#'s braces on their own lines, as the rest of its test.
        Lang::CSharp => ("if (cells[0] == \"look\")\n{", Some("}")),
    };
    w.lines(open);
    w.depth += 1;
    w.line(&format!(
        "{} The seeker of the row's missile looks at the target as it truly is.",
        lang.comment()
    ));
    match lang {
        Lang::CSharp => {
            w.line("if (!seekers.TryGetValue(cells[2], out var seeker))");
            w.line(&format!("    seekers[cells[2]] = seeker = new {seeker}();"));
        }
        Lang::Cpp => w.line(&format!("{seeker}& seeker = seekers[cells[2]];")),
        Lang::Rust => w.line("let seeker = seekers.entry(cells[2].to_string()).or_default();"),
        Lang::TypeScript => {
            w.line(&format!(
                "const seeker = seekers.get(cells[2]) ?? new {seeker}();"
            ));
            w.line("seekers.set(cells[2], seeker);");
        }
        Lang::GdScript => {
            w.line("if not seekers.has(cells[2]):");
            w.line(&format!("\tseekers[cells[2]] = Law.{seeker}.new()"));
            w.line("var seeker = seekers[cells[2]]");
        }
    }
    let method = if lang == Lang::CSharp { "Look" } else { "look" };
    w.line(&format!("seeker.{method}({args}){end}"));
    if lang == Lang::Rust {
        // The row's check closure is made after the step (it reads whether to skip).
        let shown: Vec<String> = super::vectors::SEEN
            .iter()
            .map(|f| format!("(\"{f}\", seeker.{f})"))
            .collect();
        w.lines(&format!(
            r#"for (field, got) in [{}] {{
    let want = f64::from(col(field));
    let error = (f64::from(got) - want).abs() / f64::max(1.0, want.abs());
    if !(error <= worst) {{
        worst = error;
        worst_at = format!("{{field}} at tick {{}}", cells[1]);
    }}
    if !(error <= {TOLERANCE}) {{
        failures += 1;
        println!("tick {{}}: {{field}} is {{got}}, steerlab has {{want}}", cells[1]);
    }}
}}"#,
            shown.join(", ")
        ));
    } else {
        w.line(&format!("skip = false{end}"));
        for field in super::vectors::SEEN {
            let got = format!("seeker.{}", lang.member(field));
            let want = format!("{col}(\"{field}\")");
            w.line(&format!(
                "{check}(\"{field}\", {got}, {want}, false, 1.0){end}"
            ));
        }
    }
    w.line(&format!("looks += 1{end}"));
    w.line(&format!("continue{end}"));
    w.depth -= 1;
    if let Some(close) = close {
        w.line(close);
    }
}

/// The step's arguments from a row, through `col`.
pub(super) fn step_args(col: impl Fn(&str) -> String) -> String {
    super::emit::STEP_INPUTS
        .iter()
        .map(|i| col(i))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The launch's arguments from a launch row: its position and velocity are the row's
/// `pos_*` and `vel_*`, the rest (the target, dt) go by their own names.
pub(super) fn launch_args(col: impl Fn(&str) -> String) -> String {
    super::emit::LAUNCH_INPUTS
        .iter()
        .map(|i| match i.strip_prefix("launch_") {
            Some("x") => col("pos_x"),
            Some("y") => col("pos_y"),
            Some("vx") => col("vel_x"),
            Some("vy") => col("vel_y"),
            _ => col(i),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line per field, setting it from the row: `read` gives its number, a flag is that
/// number compared with 0 (`nonzero`).
pub(super) fn set_fields(
    w: &mut Writer,
    lang: Lang,
    names: &[(String, bool)],
    read: impl Fn(&str) -> String,
    nonzero: &str,
) {
    for (name, flag) in names {
        let value = read(name);
        let value = if *flag {
            format!("{value} {nonzero}")
        } else {
            value
        };
        w.line(&format!("m.{} = {value}{}", member(lang, name), lang.end()));
    }
}

/// How a test checks a field after a step: its checking function, how it reads the
/// missile's field (`m.x`) as a number and as a flag, and steerlab's value after.
pub(super) struct Checks<'a> {
    call: &'a str,
    number: &'a dyn Fn(&str) -> String,
    flag: &'a dyn Fn(&str) -> String,
    want: &'a dyn Fn(&str) -> String,
}

/// One line per checked field: `call("name", got, want, is_heading, scale)`.
/// A field a test checks after a step.
pub(super) struct Checked {
    name: String,
    flag: bool,
    /// What its error is relative to, at least (a number literal, 1.0 unless the step
    /// file gives a scale).
    scale: String,
}

pub(super) fn check_fields(w: &mut Writer, lang: Lang, checked: &[Checked], c: &Checks) {
    for Checked { name, flag, scale } in checked {
        let field = format!("m.{}", member(lang, name));
        let got = if *flag {
            (c.flag)(&field)
        } else {
            (c.number)(&field)
        };
        let (call, want, end) = (c.call, (c.want)(name), lang.end());
        let angle = name == "heading";
        w.line(&format!(
            "{call}(\"{name}\", {got}, {want}, {angle}, {scale}){end}"
        ));
    }
}

pub(super) fn member(lang: Lang, name: &str) -> String {
    lang.member(name)
}
