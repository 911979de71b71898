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

/// Rewords ron's messages in the "expected ..., found ..." form.
fn reword(error: &ron::Error) -> String {
    use ron::Error;
    match error {
        Error::InvalidValueForType { expected, found } => format!("expected {expected}, found {found}"),
        Error::NoSuchStructField { expected, found, outer } => {
            let outer = outer.as_deref().map(|o| format!(" in {o}")).unwrap_or_default();
            format!("unknown field `{found}`{outer}, expected one of: {}", expected.join(", "))
        }
        Error::NoSuchEnumVariant { expected, found, outer } => {
            let outer = outer.as_deref().map(|o| format!(" of {o}")).unwrap_or_default();
            format!("unknown variant `{found}`{outer}, expected one of: {}", expected.join(", "))
        }
        Error::MissingStructField { field, outer } => {
            let outer = outer.as_deref().map(|o| format!(" of {o}")).unwrap_or_default();
            format!("missing field `{field}`{outer}")
        }
        Error::DuplicateStructField { field, .. } => format!("field `{field}` given twice"),
        other => other.to_string(),
    }
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
            return Err(ScenarioErrors(vec![at(spans.find("version"), "version".into(), message)]));
        }
    }
    let mut de = ron::Deserializer::from_str_with_options(text, &options())
        .map_err(|e| ScenarioErrors(vec![at(Pos { line: e.span.start.line, col: e.span.start.col }, String::new(), reword(&e.code))]))?;
    let result: Result<Scenario, _> = serde_path_to_error::deserialize(&mut de);
    let scenario = match result {
        Ok(s) => s,
        Err(e) => {
            let path = render_path(e.path());
            let code = e.into_inner();
            let span = de.span_error(code.clone()).span;
            // ron points just past the offending token; a path we can see is more precise.
            let pos = if spans.contains(&path) && !matches!(code, ron::Error::NoSuchStructField { .. }) {
                spans.find(&path)
            } else {
                Pos { line: span.start.line, col: span.start.col }
            };
            return Err(ScenarioErrors(vec![at(pos, path, reword(&code))]));
        }
    };
    if let Err(e) = de.end() {
        let span = de.span_error(e.clone()).span;
        return Err(ScenarioErrors(vec![at(
            Pos { line: span.start.line, col: span.start.col },
            String::new(),
            reword(&e),
        )]));
    }
    let mut errors: Vec<ScenarioError> = spans
        .non_finite()
        .iter()
        .map(|(path, pos, text)| at(*pos, path.clone(), format!("expected a finite number, found {text}")))
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
    let rest: String = line.chars().skip(pos.col - 1).take_while(|c| c.is_ascii_digit()).collect();
    rest.parse().ok()
}

/// Reads, parses and validates a scenario file.
pub fn load(path: &Path) -> Result<Scenario, ScenarioErrors> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        ScenarioErrors(vec![ScenarioError { file: file.clone(), line: 1, col: 1, path: String::new(), message: format!("cannot read: {e}") }])
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
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "scenario".into());
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
