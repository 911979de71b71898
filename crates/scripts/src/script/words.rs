//! What a script's errors say, in the user's words: Rhai's and Rust's type names
//! (`i64`, `f32`, `ImmutableString`, `()`) become "a whole number", "a decimal number",
//! "text", "nothing"; a call that matches no function names the function and what it was
//! given; text the script threw is escaped (no terminal escape sequence reaches a
//! terminal). And the one thing Rhai's parser lets pass: a `/*` left open at the end.

use crate::core::text::escape_line;
use rhai::EvalAltResult;

/// A Rhai or Rust type name in the user's words.
pub fn plain_type(name: &str) -> String {
    let name = name.trim();
    let words = match name {
        "i64" | "i32" | "u64" | "u32" | "usize" | "INT" => "a whole number",
        "f32" | "f64" | "FLOAT" => "a decimal number",
        "bool" => "true or false",
        "char" => "a character",
        "()" => "nothing",
        "string" | "String" | "&str" | "ImmutableString" | "&str | ImmutableString | String" => {
            "text"
        }
        "array" | "Array" => "a list",
        "map" | "Map" => "a map",
        "vec2" | "Vec2" | "glam::f32::vec2::Vec2" => "a vec2",
        "Fn" | "FnPtr" => "a function pointer",
        other if other.contains("ImmutableString") || other.contains("&str") => "text",
        other => return format!("`{}`", escape_line(other)),
    };
    words.to_string()
}

/// A function signature as Rhai reports it, `param (&str | ImmutableString | String,
/// f32)`, as `param` with what it was given: "`param` taking (text, a decimal number)".
fn plain_call(signature: &str) -> String {
    let (name, args) = match signature.split_once(" (") {
        Some((name, rest)) => (name.trim(), rest.strip_suffix(')').unwrap_or(rest)),
        None => (signature.trim(), ""),
    };
    let mut given = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in args.char_indices() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                given.push(plain_type(&args[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    if !args.trim().is_empty() {
        given.push(plain_type(&args[start..]));
    }
    let name = escape_line(name);
    if given.is_empty() {
        format!("no function `{name}` takes nothing")
    } else {
        format!("no function `{name}` takes ({})", given.join(", "))
    }
}

/// A runtime error's message, in words (no position: the caller gives the place).
pub fn message_of(e: &EvalAltResult, max_operations: u64) -> String {
    use EvalAltResult as E;
    match e {
        E::ErrorTooManyOperations(_) => format!(
            "the script ran more than {max_operations} operations in one call (a loop that never ends?)"
        ),
        E::ErrorTerminated(why, _) => escape_line(&why.to_string()),
        // What the script threw, as it threw it, escaped.
        E::ErrorRuntime(value, _) if value.is_unit() => "the script threw nothing".into(),
        E::ErrorRuntime(value, _) => escape_line(&value.to_string()),
        E::ErrorFunctionNotFound(signature, _) => {
            format!("{}: see docs/scripting.md for the functions there are", plain_call(signature))
        }
        E::ErrorMismatchDataType(expected, actual, _)
        | E::ErrorMismatchOutputType(expected, actual, _) => match (actual.is_empty(), expected.is_empty()) {
            (true, _) => format!("expected {}", plain_type(expected)),
            (_, true) => format!("did not expect {}", plain_type(actual)),
            _ => format!("expected {}, found {}", plain_type(expected), plain_type(actual)),
        },
        E::ErrorIndexingType(what, _) => format!("{} cannot be indexed with `[...]`", plain_type(what)),
        E::ErrorVariableNotFound(name, _) => format!("no variable `{}` here", escape_line(name)),
        E::ErrorPropertyNotFound(name, _) => format!("no property `{}` here", escape_line(name)),
        E::ErrorFor(_) => "`for` needs a list, a range or text to go through".into(),
        E::ErrorUnboundThis(_) => "`this` is the missile's state only inside steer and launch".into(),
        E::ErrorDotExpr(text, _) => plain_property(text),
        other => {
            let text = plain_quoted(&escape_line(&other.to_string()));
            // Rhai adds "(line x, position y)": the caller says where.
            match text.rfind(" (line ") {
                Some(cut) if text.ends_with(')') => text[..cut].to_string(),
                _ => text,
            }
        }
    }
}

/// Rhai's words for a property it cannot read or write: "No writable property 'x' - a
/// setter is not registered for type 'vec2' to handle 'i64'" becomes "`x` of a vec2
/// cannot take a whole number".
fn plain_property(text: &str) -> String {
    let quoted: Vec<&str> = text.split('\'').skip(1).step_by(2).collect();
    match quoted.as_slice() {
        [property, of, value] if text.starts_with("No writable property") => format!(
            "`{}` of {} cannot take {}",
            escape_line(property),
            plain_type(of),
            plain_type(value)
        ),
        [property, of] if text.starts_with("Unknown property") => {
            format!("{} has no `{}`", plain_type(of), escape_line(property))
        }
        _ => plain_quoted(&escape_line(text)),
    }
}

/// A message with each type name Rhai quotes (`'i64'`) put in words.
fn plain_quoted(text: &str) -> String {
    let mut out = String::new();
    for (k, part) in text.split('\'').enumerate() {
        if k % 2 == 1 && plain_type(part) != format!("`{part}`") {
            out.push_str(&plain_type(part));
        } else if k % 2 == 1 {
            out.push('\'');
            out.push_str(part);
            out.push('\'');
        } else {
            out.push_str(part);
        }
    }
    out
}

/// Where a block comment `/*` that never closes starts (line, column), if one does:
/// Rhai ends such a comment at the end of the file without a word. Strings, characters,
/// line comments and nested block comments are followed as Rhai reads them.
pub fn unclosed_comment(source: &str) -> Option<(usize, usize)> {
    let mut chars = source.chars().peekable();
    let (mut line, mut col) = (1, 1);
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut quote: Option<char> = None;
    let mut line_comment = false;
    while let Some(c) = chars.next() {
        let at = (line, col);
        if c == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
        let next = chars.peek().copied();
        let mut skip = || {
            if let Some(n) = chars.next() {
                if n == '\n' {
                    line += 1;
                    col = 1;
                } else {
                    col += 1;
                }
            }
        };
        if line_comment {
            line_comment = c != '\n';
        } else if !open.is_empty() {
            match (c, next) {
                ('*', Some('/')) => {
                    skip();
                    open.pop();
                }
                ('/', Some('*')) => {
                    skip();
                    open.push(at);
                }
                _ => {}
            }
        } else if let Some(q) = quote {
            match c {
                '\\' => skip(),
                _ if c == q => quote = None,
                _ => {}
            }
        } else {
            match (c, next) {
                ('/', Some('/')) => line_comment = true,
                ('/', Some('*')) => {
                    skip();
                    open.push(at);
                }
                ('"' | '`' | '\'', _) => quote = Some(c),
                _ => {}
            }
        }
    }
    open.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::Position;

    #[test]
    fn rust_and_rhai_type_names_become_words() {
        assert_eq!(plain_type("i64"), "a whole number");
        assert_eq!(plain_type("f32"), "a decimal number");
        assert_eq!(plain_type("()"), "nothing");
        assert_eq!(plain_type("&str | ImmutableString | String"), "text");
        assert_eq!(plain_type("map"), "a map");
        assert_eq!(plain_type("vec2"), "a vec2");
        assert_eq!(plain_type("bool"), "true or false");
        assert_eq!(plain_type("weird\u{1b}"), "`weird\\u{1b}`");
    }

    #[test]
    fn a_call_that_matches_no_function_says_what_it_was_given() {
        let e = EvalAltResult::ErrorFunctionNotFound(
            "param (&str | ImmutableString | String, f32)".into(),
            Position::NONE,
        );
        assert_eq!(
            message_of(&e, 1),
            "no function `param` takes (text, a decimal number): see docs/scripting.md for the functions there are"
        );
        let e = EvalAltResult::ErrorFunctionNotFound("nothing ()".into(), Position::NONE);
        assert!(message_of(&e, 1).starts_with("no function `nothing` takes nothing"));
        let e = EvalAltResult::ErrorMismatchDataType("f32".into(), "i64".into(), Position::NONE);
        assert_eq!(
            message_of(&e, 1),
            "expected a decimal number, found a whole number"
        );
    }

    #[test]
    fn commas_inside_brackets_do_not_split_what_a_call_was_given() {
        // A function pointer's, a list's and a generic's commas stay inside them.
        let e = EvalAltResult::ErrorFunctionNotFound(
            "f (Fn(i64, i64), Array<[f32, 2]>, f32)".into(),
            Position::NONE,
        );
        assert!(
            message_of(&e, 1).starts_with(
                "no function `f` takes (`Fn(i64, i64)`, `Array<[f32, 2]>`, a decimal number)"
            ),
            "{}",
            message_of(&e, 1)
        );
    }

    #[test]
    fn a_throw_of_nothing_says_so_and_a_place_is_cut_only_at_the_end() {
        let e = EvalAltResult::ErrorRuntime(rhai::Dynamic::UNIT, Position::NONE);
        assert_eq!(message_of(&e, 1), "the script threw nothing");
        // " (line " inside a message that does not end with ')' is the message's own.
        let e =
            EvalAltResult::ErrorArithmetic("divided (line 3 of the table".into(), Position::NONE);
        assert_eq!(message_of(&e, 1), "divided (line 3 of the table");
        let e = EvalAltResult::ErrorArithmetic("divided by zero".into(), Position::new(3, 9));
        assert_eq!(message_of(&e, 1), "divided by zero");
    }

    #[test]
    fn a_property_that_cannot_be_set_or_read_is_said_in_words() {
        let set = EvalAltResult::ErrorDotExpr(
            "No writable property 'x' - a setter is not registered for type 'vec2' to handle 'i64'"
                .into(),
            Position::NONE,
        );
        assert_eq!(
            message_of(&set, 1),
            "`x` of a vec2 cannot take a whole number"
        );
        let get = EvalAltResult::ErrorDotExpr(
            "Unknown property 'z' - a getter is not registered for type 'vec2'".into(),
            Position::NONE,
        );
        assert_eq!(message_of(&get, 1), "a vec2 has no `z`");
        // Two quoted names, but not an unknown property: the names in words, no more.
        let two = EvalAltResult::ErrorDotExpr("Cannot use 'z' of 'vec2'".into(), Position::NONE);
        assert_eq!(message_of(&two, 1), "Cannot use 'z' of a vec2");
        let other =
            EvalAltResult::ErrorDotExpr("Something about 'f32' here".into(), Position::NONE);
        assert_eq!(
            message_of(&other, 1),
            "Something about a decimal number here"
        );
    }

    #[test]
    fn thrown_text_is_escaped() {
        let e = EvalAltResult::ErrorRuntime("red\u{1b}[31m\nnext".into(), Position::NONE);
        assert_eq!(message_of(&e, 1), "red\\u{1b}[31m\\nnext");
    }

    #[test]
    fn a_block_comment_left_open_is_found_where_it_starts() {
        assert_eq!(
            unclosed_comment("fn steer() {}\n/* never closed"),
            Some((2, 1))
        );
        assert_eq!(unclosed_comment("/* a /* nested */ one */ x"), None);
        assert_eq!(unclosed_comment("x /* a /* nested */ open"), Some((1, 3)));
        assert_eq!(
            unclosed_comment("let s = \"/* in text\"; // /* in a comment"),
            None
        );
        assert_eq!(unclosed_comment("let s = \"\\\" /*\";"), None);
        assert_eq!(unclosed_comment("let c = '/'; /*"), Some((1, 14)));
        assert_eq!(unclosed_comment("/**/"), None);
    }
}
