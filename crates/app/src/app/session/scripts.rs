//! Hot reload of the open scenario's scripts: their files are watched (`notify`, on
//! their folders, so an editor that saves by renaming is seen too); a change recompiles
//! the script. A script that compiles replaces the law in every lane from the tick on
//! screen (from a past tick the run branches and the old future stays as the ghost); one
//! that does not leaves the previous version flying and says why, with `file:line:col`.

use crate::scenario::scripts::ScriptSpec;
use crate::script::{ScriptError, ScriptLaw};
#[cfg(not(target_arch = "wasm32"))]
use notify::{RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc::{channel, Receiver};

/// One watched script.
#[derive(Clone, Debug, PartialEq)]
pub struct Watched {
    pub id: String,
    /// The file as the scenario names it, joined to the scenario's folder.
    pub path: PathBuf,
    /// The same file with its folder resolved, as the watcher reports it.
    resolved: PathBuf,
    pub color: Option<[u8; 3]>,
}

impl Watched {
    /// Compiles the file as it is now.
    pub fn compile(&self) -> Result<ScriptLaw, ScriptError> {
        let file = self.path.display().to_string();
        ScriptLaw::load(&self.id, &self.path, &file, self.color)
    }
}

/// Where changes come from: the file system's notifications on the desktop; in the
/// browser, uploads (a script uploaded again replaces the one in memory).
#[cfg(not(target_arch = "wasm32"))]
type Source = (notify::RecommendedWatcher, Receiver<PathBuf>);
#[cfg(target_arch = "wasm32")]
type Source = ();

/// The watcher of one scenario's scripts.
#[derive(Default)]
pub struct ScriptWatch {
    watched: Vec<Watched>,
    watcher: Option<Source>,
    /// Why watching failed, once (the scripts still run; they just do not reload).
    pub problem: Option<String>,
}

impl ScriptWatch {
    /// Watches the scripts `scripts` names, relative to the scenario file `file` (none:
    /// nothing to watch).
    pub fn follow(&mut self, scripts: &[ScriptSpec], file: Option<&Path>) {
        self.watched.clear();
        self.watcher = None;
        self.problem = None;
        let Some(dir) = file.and_then(Path::parent) else {
            return;
        };
        for (index, spec) in scripts.iter().enumerate() {
            let path = dir.join(&spec.path);
            let resolved = in_resolved_folder(&path);
            self.watched.push(Watched {
                id: spec.id.clone(),
                path,
                resolved,
                color: Some(spec.color_at(index)),
            });
        }
        if self.watched.is_empty() {
            return;
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.watcher = Some(());
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.watch_folders();
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn watch_folders(&mut self) {
        let (tx, rx) = channel();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if let Ok(event) = event {
                if !event.kind.is_access() {
                    for path in event.paths {
                        let _ = tx.send(path);
                    }
                }
            }
        });
        let mut watcher = match watcher {
            Ok(w) => w,
            Err(e) => {
                self.problem = Some(format!("scripts will not reload on save: {e}"));
                return;
            }
        };
        let mut folders: Vec<PathBuf> = self
            .watched
            .iter()
            .filter_map(|w| w.resolved.parent().map(Path::to_path_buf))
            .collect();
        folders.sort();
        folders.dedup();
        for folder in folders {
            if let Err(e) = watcher.watch(&folder, RecursiveMode::NonRecursive) {
                self.problem = Some(format!(
                    "scripts in {} will not reload on save: {e}",
                    folder.display()
                ));
            }
        }
        self.watcher = Some((watcher, rx));
    }

    /// The scripts whose files changed since the last call (each once).
    pub fn changed(&mut self) -> Vec<Watched> {
        let Some(source) = &self.watcher else {
            return Vec::new();
        };
        #[cfg(not(target_arch = "wasm32"))]
        let paths: Vec<PathBuf> = source.1.try_iter().collect();
        #[cfg(target_arch = "wasm32")]
        let paths: Vec<PathBuf> = {
            let () = source;
            crate::files::memory::take_changed()
        };
        self.watched
            .iter()
            .filter(|w| paths.iter().any(|p| same_file(p, &w.resolved)))
            .cloned()
            .collect()
    }
}

/// Whether a file is a script (`.rhai`, in any case), kept for the scenario that names
/// it rather than opened.
pub fn is_script(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("rhai"))
}

/// Whether a changed path names a watched file: the same path once `.` parts are
/// dropped (the browser's uploads are named `law.rhai`, a scenario's folder there is
/// `.`, so its script is `./law.rhai`), or the same file once links are resolved.
fn same_file(changed: &Path, watched: &Path) -> bool {
    let plain = |p: &Path| -> PathBuf {
        p.components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .collect()
    };
    plain(changed) == plain(watched)
        || resolve(changed) == *watched
        || in_resolved_folder(changed) == *watched
}

/// A path with its folder's links and `..` resolved (the file itself may not exist
/// yet: an editor saving by renaming).
fn in_resolved_folder(path: &Path) -> PathBuf {
    match (path.parent().map(resolve), path.file_name()) {
        (Some(parent), Some(name)) => parent.join(name),
        _ => path.to_path_buf(),
    }
}

/// A path with its links and `..` resolved, if it exists (else as given).
fn resolve(path: &Path) -> PathBuf {
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_are_told_by_their_extension_in_any_case() {
        assert!(is_script(Path::new("law.rhai")));
        assert!(is_script(Path::new("LAW.RHAI")));
        assert!(!is_script(Path::new("MOD.RON")));
        assert!(!is_script(Path::new("notes.txt")));
        assert!(!is_script(Path::new("rhai")));
    }

    #[test]
    fn an_upload_named_like_the_script_is_the_script() {
        // In the browser: the scenario's folder is `.`; the upload is the bare name.
        assert!(same_file(
            Path::new("seek-arrival.rhai"),
            Path::new("./seek-arrival.rhai")
        ));
        assert!(same_file(Path::new("a/./b.rhai"), Path::new("a/b.rhai")));
        assert!(!same_file(
            Path::new("other.rhai"),
            Path::new("./seek-arrival.rhai")
        ));
        assert!(!same_file(
            Path::new("x/seek.rhai"),
            Path::new("y/seek.rhai")
        ));
        // On the desktop, a path through a link names the file it links to.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("law.rhai");
        std::fs::write(&file, "").unwrap();
        let canonical = file.canonicalize().unwrap();
        assert!(same_file(
            &dir.path().join(".").join("law.rhai"),
            &canonical
        ));
    }

    #[test]
    fn a_path_s_folder_is_resolved_even_when_the_file_is_not_there_yet() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().canonicalize().unwrap();
        // An editor saving by renaming: the file is briefly missing, its folder is not.
        let missing = dir.path().join(".").join("law.rhai");
        assert_eq!(in_resolved_folder(&missing), real.join("law.rhai"));
        // A file that exists resolves whole; one that does not stays as given.
        std::fs::write(dir.path().join("law.rhai"), "").unwrap();
        assert_eq!(resolve(&missing), real.join("law.rhai"));
        assert_eq!(
            resolve(Path::new("/no/such/file")),
            Path::new("/no/such/file")
        );
        // No folder part: the file's own name in the working directory.
        let cwd = std::env::current_dir().unwrap().canonicalize().unwrap();
        assert_eq!(in_resolved_folder(Path::new("x.rhai")), cwd.join("x.rhai"));
    }

    #[test]
    fn a_scenario_in_the_browser_s_folder_watches_its_scripts_by_their_names() {
        let mut watch = ScriptWatch::default();
        let spec: ScriptSpec = ron::from_str(r#"(id: "law", path: "law.rhai")"#).unwrap();
        watch.follow(&[spec], Some(Path::new("own-missile.ron")));
        // What an upload of `law.rhai` reports as changed is this script.
        let watched = &watch.watched[0];
        assert!(same_file(Path::new("law.rhai"), &watched.resolved));
    }
}
