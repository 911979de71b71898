//! The names a step may give its states and locals: not a keyword or a built-in of any
//! of the five languages, nor one of the step language's own words or functions.

use super::step::FUNCTIONS;

/// Names a step may not give a state or a local: a keyword or a built-in name in one of
/// the five languages (GDScript's `range` and `signal`, C#'s `out` and `base`, ...).
const RESERVED: &[&str] = &[
    "abstract",
    "and",
    "any",
    "arguments",
    "as",
    "assert",
    "async",
    "auto",
    "await",
    "base",
    "bool",
    "break",
    "breakpoint",
    "byte",
    "case",
    "catch",
    "char",
    "checked",
    "class",
    "const",
    "continue",
    "crate",
    "decimal",
    "declare",
    "default",
    "delegate",
    "delete",
    "do",
    "double",
    "dyn",
    "elif",
    "enum",
    "eval",
    "event",
    "explicit",
    "export",
    "extends",
    "extern",
    // Rust's number types.
    "f32",
    "f64",
    "finally",
    "fixed",
    "float",
    "for",
    "foreach",
    "friend",
    "func",
    "function",
    "goto",
    "impl",
    "implicit",
    "in",
    "inline",
    "instanceof",
    "int",
    "interface",
    "internal",
    "is",
    "launch",
    "len",
    "load",
    "lock",
    "long",
    "loop",
    "main",
    "match",
    "math",
    "mathf",
    "mod",
    "module",
    "move",
    "mut",
    "namespace",
    "new",
    "not",
    "null",
    "number",
    "object",
    "of",
    "onready",
    "operator",
    "or",
    "out",
    "outcome",
    "override",
    "params",
    "pass",
    "preload",
    "print",
    "private",
    "protected",
    "pub",
    "public",
    "range",
    "readonly",
    "ref",
    "register",
    "require",
    "sealed",
    "self",
    "signal",
    "sizeof",
    "stackalloc",
    "static",
    "std",
    "step",
    "str",
    "string",
    "struct",
    "super",
    "switch",
    "template",
    "this",
    "throw",
    "tool",
    "trait",
    "try",
    "type",
    "typeof",
    "unchecked",
    "union",
    "unsafe",
    "using",
    "var",
    "virtual",
    "void",
    "volatile",
    "where",
    "while",
    "with",
    "yield",
];

/// Whether `name` may be a state's or a local's name: not a keyword or built-in name of
/// a language, not one of the step language's functions (a local `sign` would hide the
/// helper in C++), and not the name of a function or class member every file has.
pub fn allowed(name: &str) -> bool {
    !RESERVED.contains(&name) && !is_keyword(name) && !FUNCTIONS.iter().any(|(f, _)| *f == name)
}

pub(super) fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "let"
            | "if"
            | "else"
            | "when"
            | "return"
            | "state"
            | "fn"
            | "true"
            | "false"
            | "use"
            | "block"
            | "keep"
            | "as"
            | "repeat"
            | "break"
            | "scratch"
            | "precision"
    )
}
