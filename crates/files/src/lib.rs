//! Reading and writing the user's files safely, for every file steerlab touches
//! (scenarios, CSV traces, telemetry, screenshots):
//! - reads take regular files only (never a device, a FIFO or a directory, which could
//!   block forever or never end), at most [`MAX_READ_BYTES`], and report bad UTF-8 at
//!   the line and column of the bad byte;
//! - everything steerlab writes (scenarios, worst runs, CSV traces and sweeps, telemetry,
//!   PNG screenshots and heatmaps, GIFs) goes through [`write_output`], with one policy:
//!   regular files only (a directory, a device, a FIFO or a socket is refused by name,
//!   before anything is opened: nothing replaces a device, nothing waits on a pipe);
//!   atomic (a randomly named temporary created exclusively beside the target, flushed
//!   to disk, then renamed over it, so a failure at any step leaves the old file as it
//!   was); a new file is made like any other (mode 0666 less the umask, 0644 usually), an
//!   existing one keeps its permissions; a symlink is written through to its target,
//!   as a save through a link updates the linked file; and an output that is one of the
//!   run's inputs (the same file, however it is named, through links too) is refused;
//! - in the browser (wasm32) there is no file system: files live in memory ([`memory`]),
//!   put there by uploads, and a write is also a download.

mod error;
pub mod memory;

pub use error::FileError;

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The largest file read (64 MiB): far beyond any real scenario or recording.
pub const MAX_READ_BYTES: u64 = 64 * 1024 * 1024;

/// What kind of thing a path is, in words, for "not a regular file" messages.
fn kind_of(file_type: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

fn refuse_irregular(path: &Path, file_type: fs::FileType) -> Result<(), FileError> {
    if file_type.is_file() {
        Ok(())
    } else {
        Err(FileError::new(
            path,
            format!(
                "cannot read {}: only regular files are read",
                kind_of(file_type)
            ),
        ))
    }
}

/// Whether there is a file at `path` to read: on disk, or in the browser, in memory (an
/// upload, a link's script).
pub fn exists(path: &Path) -> bool {
    #[cfg(target_arch = "wasm32")]
    return memory::contains(path);
    #[cfg(not(target_arch = "wasm32"))]
    path.exists()
}

/// Reads a whole regular file of at most `limit` bytes.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    if cfg!(target_arch = "wasm32") {
        return memory::read(path, limit);
    }
    let io = |e: io::Error| FileError::new(path, format!("cannot read: {}", in_words(&e)));
    // Checked before opening: opening a FIFO without a writer blocks.
    let meta = fs::metadata(path).map_err(io)?;
    refuse_irregular(path, meta.file_type())?;
    let too_large = |size: u64| {
        FileError::new(
            path,
            format!(
                "the file is too large ({size} bytes); at most {limit} bytes ({} MiB) are read",
                limit / (1024 * 1024)
            ),
        )
    };
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let file = File::open(path).map_err(io)?;
    // The file may have been swapped since: check what was opened.
    refuse_irregular(path, file.metadata().map_err(io)?.file_type())?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Reads a regular text file (UTF-8, at most [`MAX_READ_BYTES`]); a leading byte-order
/// mark is skipped.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = read_bytes(path, MAX_READ_BYTES)?;
    text_of(bytes).map_err(|(line, col, byte)| FileError {
        path: path.to_path_buf(),
        at: Some((line, col)),
        message: format!("the file is not valid UTF-8 text: byte 0x{byte:02x} here"),
    })
}

/// Decodes UTF-8, skipping a byte-order mark; on failure, the 1-based line and column of
/// the first bad byte (columns count characters) and the byte.
pub fn text_of(bytes: Vec<u8>) -> Result<String, (usize, usize, u8)> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let good = e.utf8_error().valid_up_to();
        // The prefix is valid by definition.
        let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col, bytes[good])
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Where writing `path` really goes: a symlink is followed to its target (which may not
/// exist yet), so saving through a link updates the linked file.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The steps of an atomic write, in order (for testing a failure at each one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    CreateTemporary,
    Write,
    Flush,
    KeepPermissions,
    Sync,
    Rename,
}

impl Step {
    pub const ALL: [Step; 6] = [
        Step::CreateTemporary,
        Step::Write,
        Step::Flush,
        Step::KeepPermissions,
        Step::Sync,
        Step::Rename,
    ];
}

/// An error of the operating system's in words: without its number, nor the temporary
/// file a write goes through (`No such file or directory (os error 2) at path
/// "/x/.a.png.Cc.tmp"` is `no such file or folder`).
fn in_words(e: &io::Error) -> String {
    let text = match e.kind() {
        io::ErrorKind::NotFound => return "no such file or folder".into(),
        io::ErrorKind::PermissionDenied => return "permission denied".into(),
        _ => e.to_string(),
    };
    let text = text.split(" at path ").next().unwrap_or_default();
    text.split(" (os error ")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Whether `path` can take an output of a run that read `inputs`: not one of them, and
/// (if it exists, through any symlink) a regular file. Call it before long work, so a
/// bad output is refused before the work is done; [`write_output`] checks again.
pub fn check_output(path: &Path, inputs: &[PathBuf]) -> Result<(), FileError> {
    if cfg!(target_arch = "wasm32") {
        return Ok(());
    }
    let cannot = |e: io::Error| FileError::new(path, format!("cannot write: {}", in_words(&e)));
    let target = resolve(path).map_err(cannot)?;
    let folder = (target.parent())
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(FileError::new(
            path,
            format!("cannot write: there is no folder {}", folder.display()),
        ));
    }
    if let Ok(meta) = fs::metadata(&target) {
        if !meta.is_file() {
            return Err(FileError::new(
                path,
                format!(
                    "cannot write {}: only regular files are written",
                    kind_of(meta.file_type())
                ),
            ));
        }
    }
    if let Some(input) = inputs.iter().find(|input| same_file(path, input)) {
        return Err(FileError::new(
            path,
            format!(
                "cannot write: it is the input {}, and writing it would destroy it; \
                 choose another output file",
                input.display()
            ),
        ));
    }
    Ok(())
}

/// Writes a file steerlab makes (see the module notes), never over one of `inputs`.
/// `write` produces the contents; an error from it, or from any later step, leaves the
/// old file untouched and no temporary behind.
pub fn write_output(
    path: &Path,
    inputs: &[PathBuf],
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), FileError> {
    write_output_checked(path, inputs, write, |_| Ok(()))
}

/// [`write_output`], calling `before(step)` ahead of each step so a test can make any
/// step fail.
pub fn write_output_checked(
    path: &Path,
    inputs: &[PathBuf],
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    before: impl Fn(Step) -> io::Result<()>,
) -> Result<(), FileError> {
    let fail = |e: io::Error| FileError::new(path, format!("cannot write: {}", in_words(&e)));
    if cfg!(target_arch = "wasm32") {
        // The browser: made whole in memory first, then kept and downloaded.
        let mut bytes = Vec::new();
        write(&mut bytes).map_err(fail)?;
        memory::write(path, bytes);
        return Ok(());
    }
    check_output(path, inputs)?;
    let target = resolve(path).map_err(fail)?;
    let existing = fs::metadata(&target).ok();
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // Created like any new file (the umask applies); an existing file's mode is kept below.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    before(Step::CreateTemporary).map_err(fail)?;
    // From here on, dropping `temp` on any error removes the temporary.
    let temp = builder.tempfile_in(dir).map_err(fail)?;
    {
        let mut out = BufWriter::new(temp.as_file());
        before(Step::Write).map_err(fail)?;
        write(&mut out).map_err(fail)?;
        before(Step::Flush).map_err(fail)?;
        out.flush().map_err(fail)?;
    }
    if let Some(meta) = &existing {
        before(Step::KeepPermissions).map_err(fail)?;
        temp.as_file()
            .set_permissions(meta.permissions())
            .map_err(fail)?;
    }
    before(Step::Sync).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    before(Step::Rename).map_err(fail)?;
    temp.persist(&target).map_err(|e| fail(e.error))?;
    // Make the rename itself durable where the platform allows it.
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Whether two paths name the same existing file (through links, `..` or hard links).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        ma.dev() == mb.dev() && ma.ino() == mb.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("steerlab-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn bad_utf8_is_located_at_its_line_and_column() {
        // Line 2, after "é" (one character, two bytes) and "x": column 3.
        let bytes = b"first\n\xc3\xa9x\xffrest".to_vec();
        assert_eq!(text_of(bytes), Err((2, 3, 0xff)));
        assert_eq!(text_of(b"\xef\xbb\xbf(a)".to_vec()).unwrap(), "(a)");
    }

    #[test]
    fn the_systems_errors_are_said_in_words_and_a_missing_folder_before_any_work() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_bytes(&dir.path().join("nope.ron"), 100).unwrap_err();
        assert_eq!(e.message, "cannot read: no such file or folder");
        let out = dir.path().join("no-folder").join("x.png");
        let e = check_output(&out, &[]).unwrap_err();
        let folder = dir.path().join("no-folder");
        assert_eq!(
            e.message,
            format!("cannot write: there is no folder {}", folder.display())
        );
        // Neither the number nor the temporary file a write goes through.
        let made = io::Error::other("Disk quota exceeded (os error 122) at path \"/x/.a.tmp\"");
        assert_eq!(in_words(&made), "Disk quota exceeded");
        // (The system's own says `Permission denied (os error 13)`.)
        let denied = io::Error::from_raw_os_error(13);
        assert_eq!(in_words(&denied), "permission denied");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_by_name_and_size() {
        let d = dir("limit");
        let path = d.join("big.ron");
        fs::write(&path, vec![b' '; 101]).unwrap();
        let e = read_bytes(&path, 100).unwrap_err().to_string();
        assert!(e.contains("big.ron") && e.contains("101 bytes"), "{e}");
        assert_eq!(read_bytes(&path, 101).unwrap().len(), 101);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn directories_and_devices_are_not_read() {
        let d = dir("irregular");
        let e = read_text(&d).unwrap_err().to_string();
        assert!(e.contains("a directory"), "{e}");
        #[cfg(unix)]
        {
            let e = read_text(Path::new("/dev/zero")).unwrap_err().to_string();
            assert!(e.contains("a device"), "{e}");
        }
        fs::remove_dir_all(&d).unwrap();
    }
}
