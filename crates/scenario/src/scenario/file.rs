//! Reading and writing scenario files: RON, versioned, parsed whole or not at all, with
//! errors that name the file, line, column and field; saved atomically (temporary file,
//! flush, rename), so a crash mid-save leaves the old file intact.

use super::messages::{self, Located};
use super::model::Scenario;
use super::scripts;
use super::spans::{Pos, Spans};
use super::text::options;
use super::validate::validate;
use std::fmt;
use std::path::{Component, Path, PathBuf};

/// One problem in a scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// The file (as given), or a label such as `<default>`.
    pub file: String,
    /// 1-based; 0 (and `col` 0) for the whole file, one that cannot be read.
    pub line: usize,
    pub col: usize,
    /// The field's path, such as `targets[2].motion.radius` (empty for the whole file).
    pub path: String,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}: ", self.file)?,
            line => write!(f, "{}:{line}:{}: ", self.file, self.col)?,
        }
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        f.write_str(&self.message)
    }
}

/// Everything wrong with a file (at least one entry), up to [`MAX_ERRORS`]; `more`
/// counts the ones left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioErrors {
    pub errors: Vec<ScenarioError>,
    pub more: usize,
}

/// Most errors reported for one file: the first ones are what a user fixes first, and
/// a file with a million bad values must not take a million lines (or minutes) to say so.
pub const MAX_ERRORS: usize = 50;

impl ScenarioErrors {
    /// A single error.
    pub fn one(error: ScenarioError) -> Self {
        Self {
            errors: vec![error],
            more: 0,
        }
    }
}

impl fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        if self.more > 0 {
            write!(f, "\n... and {} more problems", self.more)?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioErrors {}

/// Parses and validates a scenario from text. `file` labels the errors. A text that names
/// scripts must come from a file: see [`parse_in`].
pub fn parse(text: &str, file: &str) -> Result<Scenario, ScenarioErrors> {
    parse_in(text, file, None)
}

/// Parses and validates a scenario from text whose scripts are found relative to
/// `base`, the scenario file's folder.
pub fn parse_in(text: &str, file: &str, base: Option<&Path>) -> Result<Scenario, ScenarioErrors> {
    let spans = Spans::index(text);
    let error = |located: Located| ScenarioError {
        file: file.to_string(),
        line: located.pos.line,
        col: located.pos.col,
        path: messages::quote_path(&located.path),
        message: messages::escape(&located.message),
    };
    let one = |located: Located| Err(ScenarioErrors::one(error(located)));
    // A future version is reported before anything else: its fields may mean other things.
    if let Some(version) = peek_version(text, &spans) {
        if version > u64::from(super::model::VERSION) {
            return one(Located {
                pos: spans.find("version"),
                path: "version".into(),
                message: format!(
                    "expected version {} or older, found {version}: this file is from a newer steerlab",
                    super::model::VERSION
                ),
            });
        }
    }
    // A bracket left open or closed wrongly is the root of whatever ron would say.
    if let Some(problem) = spans.unbalanced() {
        return one(messages::unbalanced(text, &spans, problem));
    }
    // A list longer than any a scenario holds is refused before it is parsed.
    if let Some((path, pos, length)) = spans.too_long() {
        return one(Located {
            pos: *pos,
            path: path.clone(),
            message: format!(
                "expected at most {} entries in a list (the longest a scenario holds), found {length}",
                super::spans::MAX_LIST
            ),
        });
    }
    // Scripts first: the rest of the file names their laws.
    let compiled = scripts::compile(text, &options(), base).map_err(|failed| {
        let errors: Vec<ScenarioError> = failed
            .into_iter()
            .map(|f| ScenarioError {
                file: f.error.file,
                line: f.error.line,
                col: f.error.col,
                path: format!("scripts[{}]", f.index),
                message: messages::escape(&f.error.message),
            })
            .collect();
        ScenarioErrors { errors, more: 0 }
    })?;
    let mut scenario = deserialize(text, &spans).map_err(|e| ScenarioErrors::one(error(e)))?;
    scenario.header = header_of(text);
    let attached = scripts::attach(&mut scenario.algorithms, &scenario.scripts, &compiled.laws);
    // The scenario holds its laws now.
    drop(compiled.held);
    let non_finite = spans
        .non_finite()
        .iter()
        .map(|(path, pos, number)| Located {
            pos: *pos,
            path: path.clone(),
            message: messages::non_finite(number),
        });
    let swept = scenario.sweep.as_ref().map_or(Vec::new(), |sweep| {
        let found = super::validate_sweep::problems(&scenario, sweep);
        found
            .into_iter()
            .map(|(path, why)| (format!("sweep.{path}"), why))
            .collect()
    });
    let invalid = attached
        .into_iter()
        .chain(validate(&scenario))
        .chain(swept)
        .map(|(path, message)| Located {
            pos: spans.find(&path),
            path,
            message,
        });
    // One error per field (a non-finite number also fails its range check).
    let mut seen = std::collections::HashSet::new();
    let mut errors: Vec<ScenarioError> = non_finite
        .chain(invalid)
        .filter(|e| seen.insert(e.path.clone()))
        .map(error)
        .collect();
    if errors.is_empty() {
        return Ok(scenario);
    }
    errors.sort_by_key(|e| (e.line, e.col));
    let more = errors.len().saturating_sub(MAX_ERRORS);
    errors.truncate(MAX_ERRORS);
    Err(ScenarioErrors { errors, more })
}

/// Deserializes with ron; a failure is located and worded for the user.
fn deserialize(text: &str, spans: &Spans) -> Result<Scenario, Located> {
    let at = |span: ron::error::Span| Pos {
        line: span.start.line,
        col: span.start.col,
    };
    let mut de = ron::Deserializer::from_str_with_options(text, &options())
        .map_err(|e| messages::locate(text, spans, &e.code, "", at(e.span)))?;
    let scenario: Scenario = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = messages::render_path(e.path());
        let code = e.into_inner();
        let span = de.span_error(code.clone()).span;
        messages::locate(text, spans, &code, &path, at(span))
    })?;
    de.end().map_err(|code| {
        let span = de.span_error(code.clone()).span;
        messages::locate(text, spans, &code, "", at(span))
    })?;
    Ok(scenario)
}

/// The `version` number, if the text has a top-level `version: N` that reads as one.
fn peek_version(text: &str, spans: &Spans) -> Option<u64> {
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

/// Reads, parses and validates a scenario file (a regular file of at most
/// [`crate::files::MAX_READ_BYTES`], UTF-8).
pub fn load(path: &Path) -> Result<Scenario, ScenarioErrors> {
    let text = crate::files::read_text(path).map_err(|e| {
        let (line, col) = e.at.unwrap_or((0, 0));
        ScenarioErrors::one(ScenarioError {
            file: path.display().to_string(),
            line,
            col,
            path: String::new(),
            message: e.message,
        })
    })?;
    parse_in(&text, &path.display().to_string(), path.parent())
}

/// The comment lines (and blank lines between them) that open a text, before its first
/// line of content.
pub fn header_of(text: &str) -> String {
    let mut header = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") || trimmed.is_empty() {
            header.push_str(line);
            header.push('\n');
        } else {
            break;
        }
    }
    header.trim_end().to_string()
}

/// Saves `scenario`, read from the folder `from` (none: the working folder), to `path`,
/// as everything is written ([`crate::files::write_output`]: atomically, never over a
/// device or an input); returns it as saved. Its scripts' paths are rebased so they are
/// found from `path`'s folder, so the saved file reopens to the same run wherever it
/// is; its scripts, and `inputs`, are never written over.
pub fn save(
    scenario: &Scenario,
    path: &Path,
    from: Option<&Path>,
    inputs: &[PathBuf],
) -> Result<Scenario, crate::files::FileError> {
    let from = from.map_or_else(
        || std::env::current_dir().unwrap_or_default(),
        Path::to_path_buf,
    );
    let to = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let saved = rebased(scenario, &from, to);
    let mut read: Vec<PathBuf> = scenario
        .scripts
        .iter()
        .map(|s| from.join(&s.path))
        .collect();
    read.extend_from_slice(inputs);
    let text = super::text::to_text(&saved);
    crate::files::write_output(path, &read, |out| out.write_all(text.as_bytes()))?;
    Ok(saved)
}

/// `scenario` with its scripts' relative paths, given from the folder `from`, rebased to
/// be found from the folder `to` (as relative paths where the two share a root, else
/// absolute). Absolute paths, and every path when the folders are the same, are kept.
pub fn rebased(scenario: &Scenario, from: &Path, to: &Path) -> Scenario {
    let (Ok(from), Ok(to)) = (from.canonicalize(), to.canonicalize()) else {
        return scenario.clone();
    };
    let mut out = scenario.clone();
    if from == to {
        return out;
    }
    for spec in &mut out.scripts {
        if Path::new(&spec.path).is_absolute() {
            continue;
        }
        let target = from.join(&spec.path);
        let target = target.canonicalize().unwrap_or(target);
        spec.path = relative(&target, &to)
            .unwrap_or(target)
            .to_string_lossy()
            .replace('\\', "/");
    }
    out
}

/// `target` as a path relative to the folder `base` (both absolute), if they share a root.
fn relative(target: &Path, base: &Path) -> Option<PathBuf> {
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = base.components().collect();
    if t.first() != b.first() {
        return None;
    }
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for part in &t[common..] {
        out.push(part);
    }
    Some(out)
}
