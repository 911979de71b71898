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

    /// A number literal of the language's single-precision type (`0.5f`, `0.5`).
    pub fn number(self, text: &str) -> String {
        let float = if text.contains(['.', 'e', 'E']) || text.contains("inf") {
            text.to_string()
        } else {
            format!("{text}.0")
        };
        match self {
            Lang::CSharp | Lang::Cpp => format!("{float}f"),
            Lang::TypeScript => text.to_string(),
            Lang::Rust | Lang::GdScript => float,
        }
    }

    /// Whether its numbers are single precision, as steerlab's (TypeScript's and
    /// GDScript's are doubles).
    pub fn has_single_precision(self) -> bool {
        matches!(self, Lang::CSharp | Lang::Cpp | Lang::Rust)
    }

    pub fn number_type(self) -> &'static str {
        match self {
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
    /// one that means the same, else a helper defined in the file ([`Lang::helper`]).
    pub fn call(self, function: &str, args: &[String]) -> String {
        let args = args.join(", ");
        if self.helper(function).is_some() {
            let name = match self {
                Lang::CSharp => pascal(function),
                Lang::TypeScript => camel(function),
                _ => function.to_string(),
            };
            return format!("{name}({args})");
        }
        match (self, function) {
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
            (Lang::TypeScript, "finite") => format!("Number.isFinite({args})"),
            (Lang::CSharp, "trunc") => format!("MathF.Truncate({args})"),
            (Lang::GdScript, "trunc") => format!("float(int({args}))"),
            (Lang::CSharp, _) => format!("MathF.{}({args})", pascal(function)),
            (Lang::Cpp, _) => format!("std::{function}({args})"),
            (Lang::Rust, _) => format!("f32::{function}({args})"),
            (Lang::TypeScript, _) => format!("Math.{function}({args})"),
            (Lang::GdScript, _) => format!("{function}({args})"),
        }
    }

    /// The helper a function needs in this language (its definition, at depth 0), when
    /// the language has nothing that means the same: an angle wrapped into (-pi, pi]
    /// everywhere (steerlab's formula: shift by pi, the remainder of a turn, back),
    /// whether a number is finite in C# (Mono's `float` has no `IsFinite`) and GDScript, a sign that is 0 at 0 (Rust's `signum` is 1 there, C#'s `Sign` throws
    /// on NaN), and rounding half away from zero in TypeScript (`Math.round` rounds
    /// -2.5 to -2).
    pub fn helper(self, function: &str) -> Option<&'static str> {
        Some(match (self, function) {
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
        assert_eq!(Lang::CSharp.number("1"), "1.0f");
        assert_eq!(Lang::Cpp.number("0.5"), "0.5f");
        assert_eq!(Lang::Rust.number("2"), "2.0");
        assert_eq!(Lang::GdScript.number("1e-5"), "1e-5");
        assert_eq!(Lang::TypeScript.number("2"), "2");
    }

    #[test]
    fn calls_use_each_language_s_maths() {
        let args = ["y".to_string(), "x".to_string()];
        assert_eq!(Lang::CSharp.call("atan2", &args), "MathF.Atan2(y, x)");
        assert_eq!(Lang::Cpp.call("atan2", &args), "std::atan2(y, x)");
        assert_eq!(Lang::Rust.call("atan2", &args), "f32::atan2(y, x)");
        assert_eq!(Lang::TypeScript.call("atan2", &args), "Math.atan2(y, x)");
        assert_eq!(Lang::GdScript.call("atan2", &args), "atan2(y, x)");
        let a = ["a".to_string()];
        assert_eq!(Lang::CSharp.call("wrap_angle", &a), "WrapAngle(a)");
        assert_eq!(Lang::TypeScript.call("wrap_angle", &a), "wrapAngle(a)");
        assert_eq!(Lang::Rust.call("wrap_angle", &a), "wrap_angle(a)");
        assert_eq!(Lang::Rust.call("sign", &a), "sign(a)");
        assert_eq!(Lang::TypeScript.call("sign", &a), "Math.sign(a)");
        assert_eq!(Lang::TypeScript.call("round", &a), "round(a)");
        assert_eq!(Lang::Rust.call("round", &a), "f32::round(a)");
        assert_eq!(
            Lang::CSharp.call("round", &a),
            "MathF.Round(a, MidpointRounding.AwayFromZero)"
        );
        assert_eq!(Lang::GdScript.call("trunc", &a), "float(int(a))");
        assert_eq!(Lang::Cpp.call("trunc", &a), "std::trunc(a)");
        // Every helper a call names is defined under that name.
        for lang in Lang::ALL {
            for (function, _) in crate::export::step::FUNCTIONS {
                if let Some(definition) = lang.helper(function) {
                    let call = lang.call(function, &a);
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
}
