//! The browser's files: there is no file system on wasm32, so the files steerlab reads
//! and writes live in memory, by path. An upload puts files here, a link's scripts too;
//! a write replaces the file here and is queued as a download for the page to hand to
//! the user ([`take_downloads`]). Reads keep the native rules: a size limit, and the
//! same errors naming the file.

use super::error::FileError;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

struct Store {
    files: BTreeMap<PathBuf, Vec<u8>>,
    downloads: Vec<(PathBuf, Vec<u8>)>,
    /// Files put since [`take_changed`] was last called.
    changed: Vec<PathBuf>,
}

static STORE: Mutex<Store> = Mutex::new(Store {
    files: BTreeMap::new(),
    downloads: Vec::new(),
    changed: Vec::new(),
});

fn store() -> std::sync::MutexGuard<'static, Store> {
    // A panic while holding the lock cannot leave the maps half-changed: each change is
    // one insert or push.
    STORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Puts a file in memory (an upload, a script carried by a link).
pub fn put(path: &Path, bytes: Vec<u8>) {
    let mut store = store();
    store.files.insert(normal(path), bytes);
    store.changed.push(normal(path));
}

/// The files put since the last call (the browser's "a script was saved": an upload).
pub fn take_changed() -> Vec<PathBuf> {
    std::mem::take(&mut store().changed)
}

/// Reads a file put in memory, at most `limit` bytes.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let store = store();
    let bytes = store.files.get(&normal(path)).ok_or_else(|| {
        FileError::new(
            path,
            "cannot read: no such file (in the browser, open files with Open…, which uploads them)",
        )
    })?;
    if bytes.len() as u64 > limit {
        return Err(FileError::new(
            path,
            format!(
                "the file is too large ({} bytes); at most {limit} bytes are read",
                bytes.len()
            ),
        ));
    }
    Ok(bytes.clone())
}

/// Writes a file: whole or not at all (the contents are made first), kept in memory and
/// queued for download.
pub fn write(path: &Path, bytes: Vec<u8>) {
    let mut store = store();
    store.files.insert(normal(path), bytes.clone());
    store.downloads.push((path.to_path_buf(), bytes));
}

/// The files written since the last call, oldest first, to hand to the user.
pub fn take_downloads() -> Vec<(PathBuf, Vec<u8>)> {
    std::mem::take(&mut store().downloads)
}

/// `a/./b` and `a/b` are one file; `..` is kept (there are no folders to climb out of).
fn normal(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect()
}
