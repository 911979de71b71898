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

/// Whether a file is in memory.
pub fn contains(path: &Path) -> bool {
    store().files.contains_key(&normal(path))
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

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the store is one for the whole process.
    #[test]
    fn files_put_in_memory_read_back_and_writes_queue_downloads() {
        let path = Path::new("memory-test/./law.rhai");
        assert!(read(path, 100)
            .unwrap_err()
            .to_string()
            .contains("no such file"));
        assert!(!contains(path));
        put(path, b"fn steer() {}".to_vec());
        assert!(
            contains(Path::new("memory-test/law.rhai")),
            "`./` names the same file"
        );
        assert_eq!(take_changed(), vec![PathBuf::from("memory-test/law.rhai")]);
        assert_eq!(take_changed(), Vec::<PathBuf>::new(), "each change once");
        // `./` names the same file.
        let same = Path::new("memory-test/law.rhai");
        assert_eq!(read(same, 100).unwrap(), b"fn steer() {}");
        assert_eq!(read(same, 13).unwrap().len(), 13, "at the limit reads");
        let error = read(same, 12).unwrap_err().to_string();
        assert!(error.contains("too large (13 bytes)"), "{error}");
        assert!(error.starts_with("memory-test/law.rhai"), "{error}");
        // A write replaces the file and queues one download, named as written.
        let out = Path::new("memory-test/out.ron");
        write(out, b"(version: 1)".to_vec());
        assert_eq!(read(out, 100).unwrap(), b"(version: 1)");
        let downloads: Vec<_> = take_downloads()
            .into_iter()
            .filter(|(p, _)| p.starts_with("memory-test"))
            .collect();
        assert_eq!(
            downloads,
            vec![(out.to_path_buf(), b"(version: 1)".to_vec())]
        );
        assert!(take_downloads()
            .iter()
            .all(|(p, _)| !p.starts_with("memory-test")));
    }
}
