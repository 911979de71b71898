//! Reading and writing scenario files: RON, versioned, parsed whole or not at all, with
//! errors that name the file, line, column and field; saved atomically (temporary file,
//! flush, rename), so a crash mid-save leaves the old file intact.

use super::spans::{Pos, Spans};
use super::validate::validate;
use super::Scenario;
use ron::extensions::Extensions;
use std::fmt;
use std::io::Write;
use std::path::Path;

/// One problem in a scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// The file (as given), or a label such as `<default>`.
    pub file: String,
    pub line: usize,
    pub col: usize,
    /// The field's path, such as `targets[2].motion.radius` (empty for the whole file).
    pub path: String,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.col)?;
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        f.write_str(&self.message)
    }
}

/// Everything wrong with a file (at least one entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioErrors(pub Vec<ScenarioError>);

impl fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioErrors {}

/// The RON dialect of scenario files: `Some(..)` may be left out, and newtype variants
/// are written without their extra parentheses.
fn options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .with_default_extension(Extensions::UNWRAP_VARIANT_NEWTYPES)
}

/// Renders a serde path in the same form as [`Spans`] paths.
fn render_path(path: &serde_path_to_error::Path) -> String {
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

/// Rewords ron's messages in the "expected ..., found ..." form. `found` describes the
/// text at the error's position.
fn reword(error: &ron::Error, found: &str) -> String {
    use ron::Error;
    let expected = |what: &str| format!("expected {what}, found {found}");
    match error {
        Error::InvalidValueForType { expected, found } => {
            format!("expected {expected}, found {found}")
        }
        // The field path says where; Rust type names (`TargetSpec`) would only confuse.
        Error::NoSuchStructField {
            expected, found, ..
        } => {
            format!(
                "unknown field `{found}`, expected one of: {}",
                expected.join(", ")
            )
        }
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
                "unknown {what} `{found}`, expected one of: {}",
                expected.join(", ")
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
        Error::ExpectedNamedStructLike("Scenario") => expected("a scenario `(version: 1, ...)`"),
        Error::ExpectedNamedStructLike(name) => expected(&format!("`(...)` for {name}")),
        Error::ExpectedStructLikeEnd => expected("`,` or a closing `)`"),
        Error::ExpectedUnit => expected("`()`"),
        Error::ExpectedComma => expected("`,`"),
        Error::ExpectedIdentifier => expected("a field name or a closing `)`"),
        Error::SuggestRawIdentifier(_) | Error::InvalidIdentifier(_) => expected("a name"),
        Error::UnexpectedChar(_) => format!("unexpected character: found {found}"),
        Error::Eof => expected("more (the file ends too early)"),
        Error::TrailingCharacters => expected("the end of the file after the scenario"),
        other => other.to_string(),
    }
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
            | Error::SuggestRawIdentifier(_)
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
fn pos_of(text: &str, offset: usize) -> Pos {
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
    let word = |rest: &str| -> String {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '+' | '-')))
            .unwrap_or(rest.len());
        rest[..end].to_string()
    };
    let shorten = |s: &str| -> String {
        if s.chars().count() > 40 {
            format!("{}...", s.chars().take(40).collect::<String>())
        } else {
            s.to_string()
        }
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
            format!("the string {}", shorten(&rest[..end]))
        }
        c if c.is_ascii_digit() || matches!(c, '+' | '-' | '.') => {
            format!("the number {}", shorten(&word(rest)))
        }
        c if c.is_alphabetic() || c == '_' => match word(rest).as_str() {
            w @ ("true" | "false") => format!("the boolean {w}"),
            w @ ("inf" | "NaN") => format!("the number {w}"),
            _ => {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                format!("`{}`", shorten(&rest[..end]))
            }
        },
        '[' => "a list `[`".into(),
        '{' => "a map `{`".into(),
        c => format!("`{c}`"),
    }
}

/// A number with a fraction or exponent where ron expected an integer: ron reads the
/// integer part, then stops at the `.` or `e` and reports a missing separator. Returns
/// the position where the number starts and its text.
fn fractional_integer(text: &str, pos: Pos) -> Option<(Pos, String)> {
    let at = offset_of(text, pos)?;
    let rest = &text[at..];
    if !rest.starts_with(['.', 'e', 'E']) {
        return None;
    }
    let before = &text[..at];
    if !before.ends_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let start = before
        .rfind(|c: char| !(c.is_ascii_digit() || c == '_' || c == '+' || c == '-'))
        .map_or(0, |i| i + 1);
    // Not a float read to its end and followed by more junk (`1.5.3`).
    if before[..start].ends_with(['.', 'e', 'E']) {
        return None;
    }
    let end = at
        + rest
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '+' | '-')))
            .unwrap_or(rest.len());
    Some((pos_of(text, start), text[start..end].to_string()))
}

/// Parses and validates a scenario from text. `file` labels the errors.
pub fn parse(text: &str, file: &str) -> Result<Scenario, ScenarioErrors> {
    let spans = Spans::index(text);
    let at = |pos: Pos, path: String, message: String| ScenarioError {
        file: file.to_string(),
        line: pos.line,
        col: pos.col,
        path,
        message,
    };
    // A future version is reported before anything else: its fields may mean other things.
    if let Some(version) = peek_version(text) {
        if version > u64::from(super::VERSION) {
            let message = format!(
                "expected version {} or older, found {version}: this file is from a newer steerlab",
                super::VERSION
            );
            return Err(ScenarioErrors(vec![at(
                spans.find("version"),
                "version".into(),
                message,
            )]));
        }
    }
    // Where a ron error is reported: value errors at the start of the value when the
    // file has it (ron points at the whitespace before it, or past it), syntax errors at
    // the next token from where ron stopped.
    let locate = |code: &ron::Error, path: &str, ron_pos: Pos| -> (Pos, String, String) {
        if matches!(
            code,
            ron::Error::ExpectedComma
                | ron::Error::ExpectedArrayEnd
                | ron::Error::ExpectedStructLikeEnd
                | ron::Error::ExpectedMapEnd
        ) {
            if let Some((pos, number)) = fractional_integer(text, ron_pos) {
                let path = spans.path_at(pos).unwrap_or(path).to_string();
                return (
                    pos,
                    path,
                    format!("expected an integer, found the number {number}"),
                );
            }
        }
        let pos = if is_value_error(code) && spans.contains(path) {
            spans.find(path)
        } else {
            next_token(text, ron_pos)
        };
        (pos, path.to_string(), reword(code, &describe(text, pos)))
    };
    let mut de = ron::Deserializer::from_str_with_options(text, &options()).map_err(|e| {
        let (pos, path, message) = locate(
            &e.code,
            "",
            Pos {
                line: e.span.start.line,
                col: e.span.start.col,
            },
        );
        ScenarioErrors(vec![at(pos, path, message)])
    })?;
    let result: Result<Scenario, _> = serde_path_to_error::deserialize(&mut de);
    let scenario = match result {
        Ok(s) => s,
        Err(e) => {
            let path = render_path(e.path());
            let code = e.into_inner();
            let span = de.span_error(code.clone()).span;
            let (pos, path, message) = locate(
                &code,
                &path,
                Pos {
                    line: span.start.line,
                    col: span.start.col,
                },
            );
            return Err(ScenarioErrors(vec![at(pos, path, message)]));
        }
    };
    if let Err(e) = de.end() {
        let span = de.span_error(e.clone()).span;
        let (pos, path, message) = locate(
            &e,
            "",
            Pos {
                line: span.start.line,
                col: span.start.col,
            },
        );
        return Err(ScenarioErrors(vec![at(pos, path, message)]));
    }
    let mut errors: Vec<ScenarioError> = spans
        .non_finite()
        .iter()
        .map(|(path, pos, number)| {
            let message = if number.trim_start_matches(['+', '-']).starts_with(['i', 'N']) {
                format!("expected a finite number, found {number}")
            } else {
                format!("expected a number of at most about 3.4e38 in size (a 32-bit float), found {number}, which overflows")
            };
            at(*pos, path.clone(), message)
        })
        .collect();
    for (path, message) in validate(&scenario) {
        if !errors.iter().any(|e| e.path == path) {
            errors.push(at(spans.find(&path), path, message));
        }
    }
    if errors.is_empty() {
        Ok(scenario)
    } else {
        errors.sort_by_key(|e| (e.line, e.col));
        Err(ScenarioErrors(errors))
    }
}

/// The `version` number, if the text has a top-level `version: N` that reads as one.
fn peek_version(text: &str) -> Option<u64> {
    let spans = Spans::index(text);
    if !spans.contains("version") {
        return None;
    }
    let pos = spans.find("version");
    let line = text.lines().nth(pos.line - 1)?;
    let rest: String = line
        .chars()
        .skip(pos.col - 1)
        .take_while(|c| c.is_ascii_digit())
        .collect();
    rest.parse().ok()
}

/// Reads, parses and validates a scenario file.
pub fn load(path: &Path) -> Result<Scenario, ScenarioErrors> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        ScenarioErrors(vec![ScenarioError {
            file: file.clone(),
            line: 1,
            col: 1,
            path: String::new(),
            message: format!("cannot read: {e}"),
        }])
    })?;
    parse(&text, &file)
}

/// The text a scenario saves as.
pub fn to_text(scenario: &Scenario) -> String {
    let pretty = ron::ser::PrettyConfig::new()
        .depth_limit(6)
        .indentor("    ".to_string())
        .extensions(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES);
    // Plain data always serialises.
    ron::Options::default()
        .to_string_pretty(scenario, pretty)
        .expect("scenario serialises")
}

/// Saves atomically: writes a temporary file beside the target, flushes it to disk, then
/// renames it over the target. A crash or kill at any point leaves either the old file
/// or the new one, never a mix.
pub fn save(scenario: &Scenario, path: &Path) -> std::io::Result<()> {
    let text = to_text(scenario);
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "scenario".into());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)?;
        // Make the rename itself durable where the platform allows it.
        if let Ok(dir) = std::fs::File::open(dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
