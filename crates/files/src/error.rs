//! Why a file could not be read or written, naming the file.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a file could not be read or written. Its `Display` names the file.
#[derive(Debug)]
pub struct FileError {
    pub path: PathBuf,
    /// 1-based line and column, for a problem inside the text (bad UTF-8).
    pub at: Option<(usize, usize)>,
    pub message: String,
}

impl FileError {
    pub(crate) fn new(path: &Path, message: impl Into<String>) -> Self {
        Self {
            path: path.to_path_buf(),
            at: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, col)) => write!(f, "{}:{line}:{col}: ", self.path.display())?,
            None => write!(f, "{}: ", self.path.display())?,
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for FileError {}
