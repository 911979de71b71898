//! The wording and placing of scenario-file errors: ron's errors reworded as "expected
//! ..., found ...", located at the value or token they are about, in plain words (no
//! Rust type names), with the text they quote shortened and invisible characters
//! escaped.

use super::spans::{Pos, Spans, Unbalanced};

/// An error's place and words, before the file name is added.
pub(super) struct Located {
    pub pos: Pos,
    pub path: String,
    pub message: String,
}

/// Renders a serde path in the same form as [`Spans`] paths.
pub(super) fn render_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    out
}

pub(super) use crate::core::text::{escape, quote, QUOTED};

/// A field path safe to print: escaped, and each long name in it shortened.
pub(super) fn quote_path(path: &str) -> String {
    if path.len() <= QUOTED {
        return escape(path);
    }
    path.split('.').map(quote).collect::<Vec<_>>().join(".")
}

/// The words a user sees for a Rust type that serde or ron names in a message.
fn plain(type_name: &str) -> Option<&'static str> {
    Some(match type_name {
        "Scenario" => "a scenario `(version: 1, ...)`",
        "Vec2" => "a point `(x, y)`",
        "TargetSpec" => "a target `(name: ..., motion: ...)`",
        "LauncherSpec" => "a launcher `(pos: ..., target: ..., algorithms: [...])`",
        "TurretSpec" => "a turret `(pos: ...)`",
        "MissileSpec" => "missile settings `(lifetime: ..., ...)`",
        "WorldConfig" => "world settings `(width: ..., height: ..., ...)`",
        "RainSpec" => "rain settings `(min_speed: ..., max_speed: ..., ...)`",
        "Tuning" => "the algorithms' parameters `(smoothed: (...), ...)`",
        "FlyProgramSpec" => "a fly program `(program: [...], ...)`",
        "Motion" => "a motion such as `Static(pos: (x, y))`",
        name if name.ends_with("Params") => "parameters `(name: value, ...)`",
        _ => return None,
    })
}

/// Replaces Rust type names (as whole words, with a leading "struct " or "tuple struct "
/// if serde wrote one) with plain words.
fn plain_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(start) = rest.find(|c: char| c.is_ascii_uppercase()) {
        let (before, word_on) = rest.split_at(start);
        let end = word_on
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(word_on.len());
        let word = &word_on[..end];
        let boundary = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
        match plain(word).filter(|_| boundary) {
            Some(words) => {
                let before = before
                    .strip_suffix("tuple struct ")
                    .or_else(|| before.strip_suffix("struct "))
                    .unwrap_or(before);
                out.push_str(before);
                out.push_str(words);
            }
            None => {
                out.push_str(before);
                out.push_str(word);
            }
        }
        rest = &word_on[end..];
    }
    out.push_str(rest);
    out
}

/// Rewords ron's messages in the "expected ..., found ..." form. `found` describes the
/// text at the error's position.
fn reword(error: &ron::Error, found: &str) -> String {
    use ron::Error;
    let expected = |what: &str| format!("expected {what}, found {found}");
    let names = |list: &[&str]| list.join(", ");
    let message = match error {
        Error::InvalidValueForType { expected, found } => {
            format!("expected {expected}, found {}", quote(found))
        }
        // The field path says where; Rust type names (`TargetSpec`) would only confuse.
        Error::NoSuchStructField {
            expected, found, ..
        } => format!(
            "unknown field `{}`, expected one of: {}",
            quote(found),
            names(expected)
        ),
        Error::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => {
            let what = match outer.as_deref() {
                Some("Motion") => "motion kind",
                _ => "name",
            };
            format!(
                "unknown {what} `{}`, expected one of: {}",
                quote(found),
                names(expected)
            )
        }
        Error::MissingStructField { field, .. } => format!("missing field `{field}`"),
        Error::DuplicateStructField { field, .. } => format!("field `{field}` given twice"),
        Error::ExpectedDifferentLength { expected, found } => {
            format!("expected {expected}, found {found} elements")
        }
        Error::ExpectedBoolean => expected("true or false"),
        Error::ExpectedChar => expected("a character"),
        Error::ExpectedFloat => expected("a number"),
        Error::ExpectedInteger | Error::InvalidIntegerDigit { .. } => expected("an integer"),
        Error::IntegerOutOfBounds => expected("an integer within this field's range"),
        Error::ExpectedString | Error::ExpectedByteString => expected("a string in double quotes"),
        Error::ExpectedStringEnd => expected("a closing `\"` (unclosed string)"),
        Error::ExpectedArray => expected("a list `[...]`"),
        Error::ExpectedArrayEnd => expected("`,` or a closing `]`"),
        Error::ExpectedMap => expected("a map `{...}`"),
        Error::ExpectedMapEnd => expected("`,` or a closing `}`"),
        Error::ExpectedMapColon => expected("`:`"),
        Error::ExpectedOption => expected("an optional value"),
        Error::ExpectedOptionEnd => expected("a closing `)` after `Some(...`"),
        Error::ExpectedStructLike => expected("`(...)`"),
        Error::ExpectedNamedStructLike(name) => match plain(name) {
            Some(words) => expected(words),
            None => expected(&format!("`(...)` for {name}")),
        },
        Error::ExpectedStructLikeEnd => expected("`,` or a closing `)`"),
        Error::ExpectedUnit => expected("`()`"),
        Error::ExpectedComma => expected("`,`"),
        Error::ExpectedIdentifier => expected("a field name or a closing `)`"),
        Error::SuggestRawIdentifier(name) => {
            let fixed: String = name
                .chars()
                .map(|c| if c.is_alphanumeric() { c } else { '_' })
                .collect();
            format!(
                "field names are written with `_`, not `-`: expected `{}`, found `{}`",
                quote(&fixed),
                quote(name)
            )
        }
        Error::InvalidIdentifier(_) => expected("a name"),
        Error::ExpectedDifferentStructName {
            expected: name,
            found: written,
        } => format!(
            "expected {} (written `(...)`, with no name before it), found the name `{}` before its `(`",
            plain(name).unwrap_or("`(...)`"),
            quote(written)
        ),
        Error::ExpectedStructName(_) => expected("a name before `(`"),
        Error::ExceededRecursionLimit => too_deep(),
        Error::UnclosedBlockComment => {
            "the file ends inside a comment: its closing `*/` is missing".into()
        }
        Error::InvalidEscape(what) => format!("expected a valid escape in this string: {what}"),
        Error::FloatUnderscore | Error::UnderscoreAtBeginning => {
            expected("a number that does not start with `_`")
        }
        Error::NoSuchExtension(name) => format!(
            "unknown extension `{}` in `#![enable(...)]`, expected one of: implicit_some, unwrap_newtypes, unwrap_variant_newtypes",
            quote(name)
        ),
        Error::ExpectedAttribute | Error::ExpectedAttributeEnd => {
            expected("an attribute `#![enable(...)]`")
        }
        Error::UnexpectedChar(_) => format!("unexpected character: found {found}"),
        Error::Eof => expected("more (the file ends too early)"),
        Error::TrailingCharacters => expected("the end of the file after the scenario"),
        other => other.to_string(),
    };
    plain_words(&message)
}

/// Whether ron reports this error at or near a value (a wrong type, a bad name, a number
/// out of its type's range), rather than at a point in the syntax where something is
/// missing or extra. Value errors are located at the start of the value.
fn is_value_error(error: &ron::Error) -> bool {
    use ron::Error;
    matches!(
        error,
        Error::InvalidValueForType { .. }
            | Error::ExpectedDifferentLength { .. }
            | Error::NoSuchEnumVariant { .. }
            | Error::MissingStructField { .. }
            | Error::ExpectedBoolean
            | Error::ExpectedChar
            | Error::ExpectedFloat
            | Error::ExpectedInteger
            | Error::InvalidIntegerDigit { .. }
            | Error::IntegerOutOfBounds
            | Error::ExpectedString
            | Error::ExpectedByteString
            | Error::ExpectedStringEnd
            | Error::ExpectedArray
            | Error::ExpectedMap
            | Error::ExpectedOption
            | Error::ExpectedStructLike
            | Error::ExpectedNamedStructLike(_)
            | Error::ExpectedUnit
            | Error::InvalidIdentifier(_)
            | Error::Message(_)
    )
}

/// The byte offset of a 1-based line and (character) column, if it is inside the text.
fn offset_of(text: &str, pos: Pos) -> Option<usize> {
    let mut line_start = 0;
    for _ in 1..pos.line {
        line_start += text[line_start..].find('\n')? + 1;
    }
    let line = &text[line_start..];
    let mut chars = line.char_indices();
    for _ in 1..pos.col {
        chars.next()?;
    }
    Some(line_start + chars.next().map_or(line.len(), |(i, _)| i))
}

/// The position of a byte offset.
pub(super) fn pos_of(text: &str, offset: usize) -> Pos {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Pos { line, col }
}

/// Skips whitespace and comments from a byte offset.
fn skip_trivia(text: &str, mut at: usize) -> usize {
    loop {
        let rest = &text[at..];
        let trimmed = rest.trim_start();
        at += rest.len() - trimmed.len();
        if trimmed.starts_with("//") {
            at += trimmed.find('\n').unwrap_or(trimmed.len());
        } else if trimmed.starts_with("/*") {
            at += trimmed.find("*/").map_or(trimmed.len(), |end| end + 2);
        } else {
            return at;
        }
    }
}

/// Moves a position past whitespace and comments to the next token, unless only the end
/// of the file follows (then the position stays where it is).
fn next_token(text: &str, pos: Pos) -> Pos {
    match offset_of(text, pos) {
        Some(at) => {
            let token = skip_trivia(text, at);
            if token < text.len() {
                pos_of(text, token)
            } else {
                pos
            }
        }
        None => pos,
    }
}

/// The word (number or name) starting at `rest`.
fn word(rest: &str) -> &str {
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '+' | '-')))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Describes the token at a position, for "found ..." in messages.
fn describe(text: &str, pos: Pos) -> String {
    let Some(at) = offset_of(text, pos) else {
        return "the end of the file".into();
    };
    let rest = &text[skip_trivia(text, at)..];
    let Some(first) = rest.chars().next() else {
        return if text.trim().is_empty() {
            "an empty file".into()
        } else {
            "the end of the file".into()
        };
    };
    match first {
        '"' => {
            // An unclosed string is shown up to the end of its line.
            let mut end = rest.find('\n').unwrap_or(rest.len());
            let mut escaped = false;
            for (i, c) in rest.char_indices().skip(1) {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    end = i + 1;
                    break;
                }
            }
            format!("the string {}", quote(&rest[..end]))
        }
        c if c.is_ascii_digit() || matches!(c, '+' | '-' | '.') => {
            format!("the number {}", quote(word(rest)))
        }
        c if c.is_alphabetic() || c == '_' => match word(rest) {
            w @ ("true" | "false") => format!("the boolean {w}"),
            w @ ("inf" | "NaN") => format!("the number {w}"),
            _ => {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                format!("`{}`", quote(&rest[..end]))
            }
        },
        '[' => "a list `[`".into(),
        '{' => "a map `{`".into(),
        c => format!("`{}`", escape(&c.to_string())),
    }
}

/// A number ron stopped reading part-way (`1.5` where an integer was expected: ron reads
/// `1` and stops at the `.`; `0x10` where a float was expected: ron reads `0` and stops
/// at the `x`). Returns where the number starts, its whole text, and what was expected.
fn cut_number(text: &str, pos: Pos) -> Option<(Pos, String, &'static str)> {
    let at = offset_of(text, pos)?;
    let rest = &text[at..];
    let before = &text[..at];
    if !before.ends_with(|c: char| c.is_ascii_digit())
        || !rest.starts_with(char::is_alphanumeric) && !rest.starts_with('.')
    {
        return None;
    }
    let start = before
        .rfind(|c: char| !(c.is_ascii_digit() || c == '_' || c == '+' || c == '-'))
        .map_or(0, |i| i + 1);
    // Not a float read to its end and followed by more junk (`1.5.3`).
    if before[..start].ends_with(['.', 'e', 'E']) {
        return None;
    }
    let end = at + word(rest).len();
    let number = text[start..end].to_string();
    let expected = if rest.starts_with(['.', 'e', 'E']) {
        "an integer"
    } else {
        "a number"
    };
    Some((pos_of(text, start), number, expected))
}

/// Where and how to report a ron error at `ron_pos` about the value at `path`: value
/// errors at the start of the value when the file has it (ron points at the whitespace
/// before it, or past it), syntax errors at the next token from where ron stopped.
pub(super) fn locate(
    text: &str,
    spans: &Spans,
    code: &ron::Error,
    path: &str,
    ron_pos: Pos,
) -> Located {
    if matches!(
        code,
        ron::Error::ExpectedComma
            | ron::Error::ExpectedArrayEnd
            | ron::Error::ExpectedStructLikeEnd
            | ron::Error::ExpectedMapEnd
    ) {
        if let Some((pos, number, expected)) = cut_number(text, ron_pos) {
            let path = spans.path_at(pos).unwrap_or(path).to_string();
            let message = if expected == "an integer" {
                format!("expected an integer, found the number {}", quote(&number))
            } else {
                format!("expected a number, found `{}`", quote(&number))
            };
            return Located { pos, path, message };
        }
    }
    if let ron::Error::SuggestRawIdentifier(name) = code {
        // Point at the name itself, after where ron stopped.
        if let Some(at) = offset_of(text, ron_pos) {
            if let Some(found) = text[at..].find(name.as_str()) {
                let pos = pos_of(text, at + found);
                let message = reword(code, "");
                return Located {
                    pos,
                    path: path.to_string(),
                    message,
                };
            }
        }
    }
    let pos = if is_value_error(code) && spans.contains(path) {
        spans.find(path)
    } else {
        next_token(text, ron_pos)
    };
    Located {
        pos,
        path: path.to_string(),
        message: reword(code, &describe(text, pos)),
    }
}

/// An open bracket in words: `the scenario's (`, `the [ of launchers`, `a (`.
fn owner(spans: &Spans, bracket: char, at: Pos) -> String {
    match spans.path_at(at) {
        Some("") => format!("the scenario's `{bracket}`"),
        Some(path) => format!("the `{bracket}` of `{path}`"),
        None => format!("a `{bracket}`"),
    }
}

/// The message for a bracket, string or comment problem found before parsing.
pub(super) fn unbalanced(text: &str, spans: &Spans, problem: &Unbalanced) -> Located {
    let path_of = |at: Pos| spans.path_at(at).unwrap_or("").to_string();
    match *problem {
        Unbalanced::Unclosed {
            open: (bracket, at),
            depth,
        } => {
            let more = match depth {
                1 => String::new(),
                2 => "; 1 bracket around it is open too".into(),
                n => format!("; {} brackets around it are open too", n - 1),
            };
            Located {
                pos: pos_of(text, text.len()),
                path: path_of(at),
                message: format!(
                    "the file ends before {} (opened at {}:{}) was closed{more}",
                    owner(spans, bracket, at),
                    at.line,
                    at.col
                ),
            }
        }
        Unbalanced::Mismatched { open, close } => {
            let (found, at) = close;
            let message = match open {
                Some((bracket, from)) => {
                    let closer = match bracket {
                        '(' => ')',
                        '[' => ']',
                        _ => '}',
                    };
                    format!(
                        "expected `{closer}` to close {} (opened at {}:{}), found `{found}`",
                        owner(spans, bracket, from),
                        from.line,
                        from.col
                    )
                }
                None => format!("found `{found}`, but every bracket before it is already closed"),
            };
            Located {
                pos: at,
                path: open.map(|(_, from)| path_of(from)).unwrap_or_default(),
                message,
            }
        }
        Unbalanced::UnclosedString(at) => Located {
            pos: at,
            path: path_of(at),
            message: "the file ends inside this string: its closing `\"` is missing".into(),
        },
        Unbalanced::UnclosedComment(at) => Located {
            pos: at,
            path: String::new(),
            message: "the file ends inside this comment: its closing `*/` is missing".into(),
        },
        Unbalanced::TooDeep(at) => Located {
            pos: at,
            path: path_of(at),
            message: too_deep(),
        },
    }
}

/// Brackets nested deeper than the parser reads (ron's recursion limit).
fn too_deep() -> String {
    format!(
        "the brackets nest too deeply here (more than {} levels)",
        super::spans::MAX_NESTING
    )
}

/// The message for a number literal that is not a finite f32.
pub(super) fn non_finite(number: &str) -> String {
    if number
        .trim_start_matches(['+', '-'])
        .starts_with(['i', 'N'])
    {
        format!("expected a finite number, found {number}")
    } else {
        format!(
            "expected a number of at most about 3.4e38 in size (a 32-bit float), found {}, which overflows",
            quote(number)
        )
    }
}

#[cfg(test)]
#[path = "messages_tests.rs"]
mod tests;
