//! The five target languages: how each writes a name, a number, a type, a call and a
//! block. The tree walk that uses them is [`super::emit`].

use super::step::Op;

/// A language steerlab exports to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    CSharp,
    GdScript,
    Cpp,
    Rust,
    TypeScript,
}

/// What a name is, which decides how each language spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A tuned parameter (`GA`).
    Const,
    /// The body or the law's per-missile state (`pos_x`, `dir_x`).
    Field,
    /// A local or a function's argument.
    Local,
}

/// gdlint's longest line (its `max-line-length` by default).
const GDLINT_LINE_LENGTH: usize = 100;

impl Lang {
    pub const ALL: [Lang; 5] = [
        Lang::CSharp,
        Lang::GdScript,
        Lang::Cpp,
        Lang::Rust,
        Lang::TypeScript,
    ];

    /// As written after `--lang`.
    pub fn id(self) -> &'static str {
        match self {
            Lang::CSharp => "cs",
            Lang::GdScript => "gd",
            Lang::Cpp => "cpp",
            Lang::Rust => "rs",
            Lang::TypeScript => "ts",
        }
    }

    /// For people: the language and the engine its adapter is for.
    pub fn name(self) -> &'static str {
        match self {
            Lang::CSharp => "C# (Unity)",
            Lang::GdScript => "GDScript (Godot 4)",
            Lang::Cpp => "C++ (Unreal)",
            Lang::Rust => "Rust (Bevy)",
            Lang::TypeScript => "TypeScript (web games)",
        }
    }

    pub fn from_id(id: &str) -> Result<Lang, String> {
        Lang::ALL
            .into_iter()
            .find(|l| l.id() == id)
            .ok_or_else(|| format!("no language `{id}` (cs, gd, cpp, rs or ts)"))
    }

    /// The exported file's name for the law `id` (`smoothed_missile.h`, `SmoothedMissile.cs`).
    pub fn file_name(self, id: &str) -> String {
        let snake = id.replace('-', "_");
        match self {
            Lang::CSharp => format!("{}Missile.cs", pascal(&snake)),
            Lang::GdScript => format!("{snake}_missile.gd"),
            Lang::Cpp => format!("{snake}_missile.h"),
            Lang::Rust => format!("{snake}_missile.rs"),
            Lang::TypeScript => format!("{}Missile.ts", camel(&snake)),
        }
    }

    /// The generated test's file name.
    pub fn test_file_name(self, id: &str) -> String {
        let snake = id.replace('-', "_");
        match self {
            Lang::CSharp => format!("{}MissileTest.cs", pascal(&snake)),
            Lang::GdScript => format!("{snake}_missile_test.gd"),
            Lang::Cpp => format!("{snake}_missile_test.cpp"),
            Lang::Rust => format!("{snake}_missile_test.rs"),
            Lang::TypeScript => format!("{}MissileTest.ts", camel(&snake)),
        }
    }

    /// Line comment marker.
    pub fn comment(self) -> &'static str {
        match self {
            Lang::GdScript => "#",
            _ => "//",
        }
    }

    /// The comment a comment line needs before it when it is longer than the language's
    /// linter takes (a link carrying a whole scenario runs to a thousand characters):
    /// gdlint's `max-line-length` (100) in GDScript; the others' compilers take any.
    pub fn long_line_allowance(self, line: &str) -> Option<&'static str> {
        let long = line.chars().count() > GDLINT_LINE_LENGTH;
        (self == Lang::GdScript && long).then_some("# gdlint: ignore=max-line-length")
    }

    /// `name` (snake case in step files) as this language writes it in `role`.
    pub fn name_of(self, name: &str, role: Role) -> String {
        match (self, role) {
            (Lang::CSharp | Lang::TypeScript, Role::Local) => camel(name),
            (Lang::CSharp, Role::Field) => camel(name),
            (Lang::TypeScript, Role::Field) => format!("this.{}", camel(name)),
            (Lang::Rust, Role::Field) => format!("self.{name}"),
            (_, Role::Const) => name.to_uppercase(),
            _ => name.to_string(),
        }
    }

    /// A field's name where it is declared (no `self.` or `this.`).
    pub fn member(self, name: &str) -> String {
        match self {
            Lang::CSharp | Lang::TypeScript => camel(name),
            _ => name.to_string(),
        }
    }

    /// A number literal of the law's number type (`0.5f`, `0.5`): single precision
    /// where the language has it, unless `wide` (a law computed in doubles).
    pub fn number(self, text: &str, wide: bool) -> String {
        let float = if text.contains(['.', 'e', 'E']) || text.contains("inf") {
            text.to_string()
        } else {
            format!("{text}.0")
        };
        match self {
            Lang::CSharp | Lang::Cpp if wide => float,
            Lang::CSharp | Lang::Cpp => format!("{float}f"),
            Lang::TypeScript => text.to_string(),
            Lang::Rust | Lang::GdScript => float,
        }
    }

    /// `value` rounded to single precision, in a language of doubles computing a law
    /// defined in floats (`Math.fround`, and GDScript's `f32` helper: a `Vector2`
    /// holds floats); unchanged elsewhere.
    pub fn rounded(self, value: &str) -> String {
        match self {
            Lang::TypeScript => format!("Math.fround({value})"),
            Lang::GdScript => format!("f32({value})"),
            _ => value.to_string(),
        }
    }

    /// GDScript's rounding to single precision ([`Lang::rounded`]), defined in a file
    /// that needs it.
    pub const GD_TO_SINGLE: &'static str = "# Rounded to single precision: a Vector2 holds floats in Godot's usual builds.\nstatic func f32(a: float) -> float:\n\treturn Vector2(a, 0.0).x";

    /// Whether its numbers are single precision, as steerlab's (TypeScript's and
    /// GDScript's are doubles).
    pub fn has_single_precision(self) -> bool {
        matches!(self, Lang::CSharp | Lang::Cpp | Lang::Rust)
    }

    /// The law's number type (`wide`: in doubles, where the language has a choice).
    pub fn number_type(self, wide: bool) -> &'static str {
        match self {
            Lang::CSharp | Lang::Cpp if wide => "double",
            Lang::Rust if wide => "f64",
            Lang::CSharp | Lang::Cpp | Lang::GdScript => "float",
            Lang::Rust => "f32",
            Lang::TypeScript => "number",
        }
    }

    pub fn flag_type(self) -> &'static str {
        match self {
            Lang::TypeScript => "boolean",
            _ => "bool",
        }
    }

    /// A call of one of the step language's functions: the language's own where it has
    /// one that means the same, else a helper defined in the file ([`Lang::helper`]);
    /// `wide`: the law computes in doubles.
    pub fn call(self, function: &str, args: &[String], wide: bool) -> String {
        // TypeScript and GDScript compute in doubles whatever the law says.
        let wide = wide && self.has_single_precision();
        let joined = args.join(", ");
        // Widened without the arguments (already in the law's type, and names of its own).
        let args = if wide { "\u{0}" } else { joined.as_str() };
        if self.helper(function, wide).is_some() {
            let name = match self {
                Lang::CSharp => pascal(function),
                Lang::TypeScript => camel(function),
                _ => function.to_string(),
            };
            return format!("{name}({joined})");
        }
        let call = match (self, function) {
            // Half away from zero, as steerlab rounds (C#'s own default is to even).
            (Lang::CSharp, "round") => {
                format!("MathF.Round({args}, MidpointRounding.AwayFromZero)")
            }
            (Lang::Cpp, "finite") => format!("std::isfinite({args})"),
            (Lang::CSharp, "nan") => format!("float.IsNaN({args})"),
            (Lang::Cpp, "nan") => format!("std::isnan({args})"),
            (Lang::Rust, "nan") => format!("f32::is_nan({args})"),
            (Lang::TypeScript, "nan") => format!("Number.isNaN({args})"),
            (Lang::GdScript, "nan") => format!("is_nan({args})"),
            (Lang::Rust, "finite") => format!("f32::is_finite({args})"),
            (Lang::Rust, "pow") => format!("f32::powf({args})"),
            (Lang::TypeScript, "finite") => format!("Number.isFinite({args})"),
            (Lang::CSharp, "trunc") => format!("MathF.Truncate({args})"),
            (Lang::GdScript, "trunc") => format!("float(int({args}))"),
            (Lang::CSharp, _) => format!("MathF.{}({args})", pascal(function)),
            (Lang::Cpp, _) => format!("std::{function}({args})"),
            (Lang::Rust, _) => format!("f32::{function}({args})"),
            (Lang::TypeScript, _) => format!("Math.{function}({args})"),
            (Lang::GdScript, _) => format!("{function}({args})"),
        };
        if wide {
            widen(&call).replace('\u{0}', &joined)
        } else {
            call
        }
    }

    /// The helper a function needs in this language (its definition, at depth 0), when
    /// the language has nothing that means the same: an angle wrapped into (-pi, pi]
    /// everywhere (steerlab's formula: shift by pi, the remainder of a turn, back),
    /// whether a number is finite in C# (Mono's `float` has no `IsFinite`) and GDScript, a sign that is 0 at 0 (Rust's `signum` is 1 there, C#'s `Sign` throws
    /// on NaN), and rounding half away from zero in TypeScript (`Math.round` rounds
    /// -2.5 to -2). `wide`: in doubles.
    pub fn helper(self, function: &str, wide: bool) -> Option<String> {
        let text = match (self, function) {
            (Lang::CSharp, "wrap_angle") => {
                "static float WrapAngle(float a)\n{\n    float r = (a + MathF.PI) % (2f * MathF.PI);\n    if (r < 0f) r += 2f * MathF.PI;\n    r -= MathF.PI;\n    return r <= -MathF.PI ? r + 2f * MathF.PI : r;\n}"
            }
            (Lang::Cpp, "wrap_angle") => {
                "static float wrap_angle(float a) {\n    const float pi = 3.14159265358979f;\n    float r = std::fmod(a + pi, 2.0f * pi);\n    if (r < 0.0f) r += 2.0f * pi;\n    r -= pi;\n    return r <= -pi ? r + 2.0f * pi : r;\n}"
            }
            (Lang::Rust, "wrap_angle") => {
                "fn wrap_angle(a: f32) -> f32 {\n    use std::f32::consts::{PI, TAU};\n    let r = (a + PI).rem_euclid(TAU) - PI;\n    if r <= -PI {\n        r + TAU\n    } else {\n        r\n    }\n}"
            }
            (Lang::TypeScript, "wrap_angle") => {
                "function wrapAngle(a: number): number {\n    let r = (a + Math.PI) % (2 * Math.PI);\n    if (r < 0) r += 2 * Math.PI;\n    r -= Math.PI;\n    return r <= -Math.PI ? r + 2 * Math.PI : r;\n}"
            }
            (Lang::GdScript, "wrap_angle") => {
                "static func wrap_angle(a: float) -> float:\n\tvar r: float = fmod(a + PI, TAU)\n\tif r < 0.0:\n\t\tr += TAU\n\tr -= PI\n\treturn r + TAU if r <= -PI else r"
            }
            (Lang::CSharp, "finite") => "static bool Finite(float a) => !float.IsNaN(a) && !float.IsInfinity(a);",
            (Lang::GdScript, "finite") => "static func finite(a: float) -> bool:\n\treturn not is_nan(a) and not is_inf(a)",
            (Lang::CSharp, "sign") => "static float Sign(float a) => a > 0f ? 1f : a < 0f ? -1f : 0f;",
            (Lang::Cpp, "sign") => {
                "static float sign(float a) { return a > 0.0f ? 1.0f : a < 0.0f ? -1.0f : 0.0f; }"
            }
            (Lang::Rust, "sign") => {
                "fn sign(a: f32) -> f32 {\n    if a > 0.0 {\n        1.0\n    } else if a < 0.0 {\n        -1.0\n    } else {\n        0.0\n    }\n}"
            }
            (Lang::TypeScript, "round") => {
                "function round(a: number): number {\n    return Math.sign(a) * Math.round(Math.abs(a));\n}"
            }
            _ => return None,
        };
        Some(if wide && self.has_single_precision() {
            widen(text)
        } else {
            text.to_string()
        })
    }

    /// An operator's spelling (the same everywhere: GDScript takes `&&`, `||` and `!`).
    pub fn op(self, op: Op) -> &'static str {
        op.text()
    }

    /// Whether an `if`'s test is written in parentheses.
    pub fn parenthesised_tests(self) -> bool {
        !matches!(self, Lang::Rust | Lang::GdScript)
    }

    /// The statement end (`;`, or nothing in GDScript).
    pub fn end(self) -> &'static str {
        match self {
            Lang::GdScript => "",
            _ => ";",
        }
    }

    /// A signal's value as a step returns it (`Signal.Detonate`, `"detonate"`).
    pub fn signal(self, signal: &str) -> String {
        match self {
            Lang::CSharp => format!("Signal.{}", pascal(signal)),
            Lang::Cpp | Lang::Rust => format!("Signal::{}", pascal(signal)),
            Lang::TypeScript => format!("\"{}\"", signal.replace('_', "-")),
            Lang::GdScript => format!("Outcome.{}", signal.to_uppercase()),
        }
    }
}

/// Code written for single precision, in doubles: C#'s `MathF` is `Math`, `float` is
/// `double`, Rust's `f32` is `f64`, and a number's `f` suffix goes (`2.0f`, `0f`).
pub fn widen(code: &str) -> String {
    let code = code
        .replace("MathF.", "Math.")
        .replace("float", "double")
        .replace("f32", "f64");
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    for (i, &c) in chars.iter().enumerate() {
        let suffix = c == 'f'
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && !chars
                .get(i + 1)
                .is_some_and(|n| n.is_alphanumeric() || *n == '_')
            && !number_start_is_name(&chars[..i]);
        if !suffix {
            out.push(c);
        }
    }
    out
}

/// Whether the digits that end `before` belong to a name (`x2`), not a number.
fn number_start_is_name(before: &[char]) -> bool {
    let start = before
        .iter()
        .rposition(|c| !(c.is_ascii_digit() || *c == '.'))
        .map(|i| before[i]);
    start.is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// `dir_x` → `dirX`.
pub fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// `dir_x` → `DirX`.
pub fn pascal(snake: &str) -> String {
    let camel = camel(snake);
    let mut chars = camel.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_each_language_s_custom() {
        assert_eq!(camel("last_target_vel_x"), "lastTargetVelX");
        assert_eq!(pascal("solver_failed"), "SolverFailed");
        // Upper case in C# too: Pascal case would make `step` clash with `Step()`.
        assert_eq!(Lang::CSharp.name_of("step", Role::Const), "STEP");
        assert_eq!(Lang::CSharp.name_of("dir_x", Role::Field), "dirX");
        assert_eq!(Lang::TypeScript.name_of("dir_x", Role::Field), "this.dirX");
        assert_eq!(Lang::Rust.name_of("dir_x", Role::Field), "self.dir_x");
        assert_eq!(Lang::Cpp.name_of("dir_x", Role::Field), "dir_x");
        assert_eq!(Lang::GdScript.name_of("ga", Role::Const), "GA");
        assert_eq!(Lang::TypeScript.name_of("to_x", Role::Local), "toX");
        assert_eq!(Lang::Rust.name_of("to_x", Role::Local), "to_x");
    }

    #[test]
    fn numbers_are_single_precision_literals_where_the_language_has_them() {
        assert_eq!(Lang::CSharp.number("1", false), "1.0f");
        assert_eq!(Lang::Cpp.number("0.5", false), "0.5f");
        assert_eq!(Lang::Rust.number("2", false), "2.0");
        assert_eq!(Lang::GdScript.number("1e-5", false), "1e-5");
        assert_eq!(Lang::TypeScript.number("2", false), "2");
    }

    #[test]
    fn calls_use_each_language_s_maths() {
        let args = ["y".to_string(), "x".to_string()];
        assert_eq!(
            Lang::CSharp.call("atan2", &args, false),
            "MathF.Atan2(y, x)"
        );
        assert_eq!(Lang::Cpp.call("atan2", &args, false), "std::atan2(y, x)");
        assert_eq!(Lang::Rust.call("atan2", &args, false), "f32::atan2(y, x)");
        assert_eq!(
            Lang::TypeScript.call("atan2", &args, false),
            "Math.atan2(y, x)"
        );
        assert_eq!(Lang::GdScript.call("atan2", &args, false), "atan2(y, x)");
        let a = ["a".to_string()];
        assert_eq!(Lang::CSharp.call("wrap_angle", &a, false), "WrapAngle(a)");
        assert_eq!(
            Lang::TypeScript.call("wrap_angle", &a, false),
            "wrapAngle(a)"
        );
        assert_eq!(Lang::Rust.call("wrap_angle", &a, false), "wrap_angle(a)");
        assert_eq!(Lang::Rust.call("sign", &a, false), "sign(a)");
        assert_eq!(Lang::TypeScript.call("sign", &a, false), "Math.sign(a)");
        assert_eq!(Lang::TypeScript.call("round", &a, false), "round(a)");
        assert_eq!(Lang::Rust.call("round", &a, false), "f32::round(a)");
        assert_eq!(
            Lang::CSharp.call("round", &a, false),
            "MathF.Round(a, MidpointRounding.AwayFromZero)"
        );
        assert_eq!(Lang::GdScript.call("trunc", &a, false), "float(int(a))");
        assert_eq!(Lang::Cpp.call("trunc", &a, false), "std::trunc(a)");
        // Every helper a call names is defined under that name.
        for lang in Lang::ALL {
            for (function, _) in crate::export::step::FUNCTIONS {
                if let Some(definition) = lang.helper(function, false) {
                    let call = lang.call(function, &a, false);
                    let name = call.split('(').next().unwrap();
                    assert!(
                        definition.contains(&format!(" {name}(")),
                        "{lang:?} {definition}"
                    );
                }
            }
        }
    }

    #[test]
    fn languages_are_named_by_their_ids() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_id(lang.id()), Ok(lang));
        }
        assert!(Lang::from_id("java").unwrap_err().contains("`java`"));
        assert_eq!(Lang::CSharp.file_name("turn-rate"), "TurnRateMissile.cs");
        assert_eq!(Lang::Cpp.file_name("turn-rate"), "turn_rate_missile.h");
        assert_eq!(
            Lang::TypeScript.test_file_name("pro-nav"),
            "proNavMissileTest.ts"
        );
    }

    #[test]
    fn a_law_in_doubles_uses_each_language_s_double_type() {
        assert_eq!(Lang::CSharp.number("1", true), "1.0");
        assert_eq!(Lang::Cpp.number("0.5", true), "0.5");
        assert_eq!(Lang::Rust.number("2", true), "2.0");
        assert_eq!(Lang::TypeScript.number("2", true), "2");
        assert_eq!(Lang::CSharp.number_type(true), "double");
        assert_eq!(Lang::Cpp.number_type(true), "double");
        assert_eq!(Lang::Rust.number_type(true), "f64");
        assert_eq!(Lang::GdScript.number_type(true), "float");
        assert_eq!(Lang::TypeScript.number_type(true), "number");
        let args = ["y".to_string(), "x".to_string()];
        assert_eq!(Lang::CSharp.call("atan2", &args, true), "Math.Atan2(y, x)");
        assert_eq!(Lang::Rust.call("atan2", &args, true), "f64::atan2(y, x)");
        assert_eq!(Lang::Cpp.call("atan2", &args, true), "std::atan2(y, x)");
        assert_eq!(
            Lang::GdScript.call("trunc", &args[..1], true),
            "float(int(y))"
        );
        assert_eq!(
            Lang::TypeScript.call("nan", &args[..1], true),
            "Number.isNaN(y)"
        );
        assert_eq!(
            Lang::CSharp.call("nan", &args[..1], true),
            "double.IsNaN(y)"
        );
        assert_eq!(
            Lang::Rust.call("finite", &args[..1], true),
            "f64::is_finite(y)"
        );
        // The arguments are left alone: a name holding `float` or `2f` stays.
        let named = ["floaty2f".to_string()];
        assert_eq!(
            Lang::CSharp.call("round", &named, true),
            "Math.Round(floaty2f, MidpointRounding.AwayFromZero)"
        );
        assert_eq!(
            Lang::CSharp.call("finite", &named, true),
            "Finite(floaty2f)"
        );
        assert_eq!(
            Lang::CSharp.helper("sign", true).unwrap(),
            "static double Sign(double a) => a > 0 ? 1 : a < 0 ? -1 : 0;"
        );
        assert_eq!(
            Lang::Cpp.helper("sign", true).unwrap(),
            "static double sign(double a) { return a > 0.0 ? 1.0 : a < 0.0 ? -1.0 : 0.0; }"
        );
        assert!(Lang::Rust
            .helper("sign", true)
            .unwrap()
            .starts_with("fn sign(a: f64) -> f64"));
        // GDScript's and TypeScript's helpers are the same either way.
        for lang in [Lang::GdScript, Lang::TypeScript] {
            for (function, _) in crate::export::step::FUNCTIONS {
                assert_eq!(lang.helper(function, true), lang.helper(function, false));
            }
        }
    }

    #[test]
    fn widening_drops_number_suffixes_but_not_names() {
        assert_eq!(
            widen("2f * MathF.PI + x2f - 1.5f"),
            "2 * Math.PI + x2f - 1.5"
        );
        assert_eq!(widen("float a = 0.0f;"), "double a = 0.0;");
        assert_eq!(
            widen("f32::consts::PI; fn(a: f32)"),
            "f64::consts::PI; fn(a: f64)"
        );
        assert_eq!(widen("if_2f"), "if_2f");
        assert_eq!(widen("3.14f)"), "3.14)");
        // An `f` with a letter, a digit or `_` after it is part of a word, not a suffix.
        assert_eq!(widen("2fx 2f_ 2f1"), "2fx 2f_ 2f1");
    }

    #[test]
    fn powers_are_each_language_s_own() {
        let args = ["a".to_string(), "b".to_string()];
        assert_eq!(Lang::Rust.call("pow", &args, false), "f32::powf(a, b)");
        assert_eq!(Lang::Rust.call("pow", &args, true), "f64::powf(a, b)");
        assert_eq!(Lang::CSharp.call("pow", &args, false), "MathF.Pow(a, b)");
        assert_eq!(Lang::CSharp.call("pow", &args, true), "Math.Pow(a, b)");
        assert_eq!(Lang::Cpp.call("pow", &args, false), "std::pow(a, b)");
        assert_eq!(Lang::TypeScript.call("pow", &args, false), "Math.pow(a, b)");
        assert_eq!(Lang::GdScript.call("pow", &args, false), "pow(a, b)");
    }
}
