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
            (Lang::CSharp, Role::Const) => pascal(name),
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

    /// A call of one of the step language's functions.
    pub fn call(self, function: &str, args: &[String]) -> String {
        let args = args.join(", ");
        let prefix = match (self, function) {
            (_, "wrap_angle") => {
                let helper = match self {
                    Lang::CSharp => "WrapAngle",
                    Lang::TypeScript => "wrapAngle",
                    _ => "wrap_angle",
                };
                return format!("{helper}({args})");
            }
            (Lang::CSharp, _) => "MathF.",
            (Lang::Cpp, _) => "std::",
            (Lang::Rust, _) => "f32::",
            (Lang::TypeScript, _) => "Math.",
            (Lang::GdScript, _) => "",
        };
        let name = match self {
            Lang::CSharp => pascal(function),
            _ => function.to_string(),
        };
        format!("{prefix}{name}({args})")
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
        assert_eq!(Lang::CSharp.name_of("ga", Role::Const), "Ga");
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
        assert_eq!(Lang::Rust.call("wrap_angle", &a), "wrap_angle(a)");
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
