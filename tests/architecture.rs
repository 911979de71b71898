//! The architecture, checked from the source. The workspace's crates are the layers,
//! each depending only on those below it (files <- sim <- scripts <- scenario <-
//! headless <- app <- the program), so an upward import does not compile; this test
//! reads the crate graph from the manifests and checks that order, that only the
//! window's crate (and the program, for it) use macroquad or egui, so every other crate's
//! tests build without them. Inside the simulation's crate, its modules form layers too
//! (core <- steering <- guidance <- sim), and no file imports one that imports it back. The laws,
//! read from the registry, are named nowhere outside `crates/sim/src/guidance`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use steerlab::guidance::Algorithm;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The simulation crate's sources, whose modules the layer checks read.
fn src() -> PathBuf {
    root().join("crates/sim/src")
}

/// Every `.rs` file under `src`, relative, with `/` separators.
fn files() -> Vec<String> {
    files_under(&src())
}

/// Every `.rs` file under `dir`, relative to it, with `/` separators.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    let mut names: Vec<String> = out
        .iter()
        .map(|p| {
            p.strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    names.sort();
    names
}

/// The module path of a file (`sim/motion/mod.rs` -> `sim::motion`).
fn module_of(file: &str) -> String {
    let stem = file.trim_end_matches(".rs");
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    if stem == "lib" || stem == "main" {
        String::new()
    } else {
        stem.replace('/', "::")
    }
}

/// The code of a file without its tests (`#[cfg(test)] mod tests { ... }` at the end)
/// and without comments (a doc link is not an import).
fn code(file: &str) -> String {
    let text = std::fs::read_to_string(src().join(file)).unwrap();
    // A test module (`mod tests`, `mod place_tests`) may use anything.
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => &text,
    };
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules a file refers to through `crate::` or `super::` paths, resolved to the
/// deepest module that is a file.
fn imports(file: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let here = module_of(file);
    // A file `a/b.rs` is module `a::b`; its `super` is `a`. A `mod.rs` is its module.
    let parent = |m: &str| {
        m.rsplit_once("::")
            .map_or(String::new(), |(p, _)| p.to_string())
    };
    let text = code(file);
    let mut out = BTreeSet::new();
    for (start, _) in text.match_indices(['c', 's']) {
        let rest = &text[start..];
        let before = text[..start].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let (base, path) = if let Some(path) = rest.strip_prefix("crate::") {
            (String::new(), path)
        } else if let Some(path) = rest.strip_prefix("super::") {
            let mut base = parent(&here);
            let mut path = path;
            while let Some(more) = path.strip_prefix("super::") {
                base = parent(&base);
                path = more;
            }
            (base, path)
        } else {
            continue;
        };
        let segments: Vec<&str> = path
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .next()
            .unwrap_or("")
            .split("::")
            .filter(|s| !s.is_empty())
            .collect();
        // The deepest prefix that is a module file.
        let mut found = None;
        for n in 1..=segments.len() {
            let candidate = if base.is_empty() {
                segments[..n].join("::")
            } else {
                format!("{base}::{}", segments[..n].join("::"))
            };
            if modules.contains(&candidate) {
                found = Some(candidate);
            }
        }
        if let Some(m) = found.or_else(|| (!base.is_empty()).then_some(base)) {
            if m != here {
                out.insert(m);
            }
        }
    }
    // Paths relative to the file's own child modules (`smoothed::Smoothed` in a
    // registry, `pub use circle::Circle`).
    let prefix = if here.is_empty() {
        String::new()
    } else {
        format!("{here}::")
    };
    for child in modules.iter().filter(|m| {
        m.strip_prefix(&prefix)
            .is_some_and(|rest| !rest.is_empty() && !rest.contains("::"))
    }) {
        let name = &child[prefix.len()..];
        let used = text.match_indices(&format!("{name}::")).any(|(at, _)| {
            !text[..at]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
        });
        if used {
            out.insert(child.clone());
        }
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = files();
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(f)).collect();
    files
        .iter()
        .map(|f| (module_of(f), imports(f, &modules)))
        .collect()
}

/// The top-level layer of a module.
fn layer(module: &str) -> &str {
    module.split("::").next().unwrap_or("")
}

/// The workspace's crates, lowest first, and the program on top.
const CRATES: [&str; 7] = [
    "steerlab-files",
    "steerlab-sim",
    "steerlab-scripts",
    "steerlab-scenario",
    "steerlab-headless",
    "steerlab-app",
    "steerlab",
];

/// A crate's manifest.
fn manifest(name: &str) -> String {
    let path = match name {
        "steerlab" => root().join("Cargo.toml"),
        _ => root()
            .join("crates")
            .join(name.trim_start_matches("steerlab-"))
            .join("Cargo.toml"),
    };
    std::fs::read_to_string(path).unwrap()
}

/// The names a manifest's dependency tables list (normal, target-specific and dev),
/// with the table each is in. The root's `[workspace.dependencies]` are left out.
fn dependencies(manifest: &str) -> Vec<(String, String)> {
    let mut table = String::new();
    let mut out = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            table = line.trim_matches(['[', ']']).to_string();
            continue;
        }
        let in_deps = table.ends_with("dependencies") && !table.starts_with("workspace");
        if let Some((name, _)) = line
            .split_once('=')
            .filter(|_| in_deps && !line.starts_with('#'))
        {
            let name = name
                .trim()
                .split('.')
                .next()
                .unwrap_or("")
                .trim()
                .to_string();
            out.push((table.clone(), name));
        }
    }
    out
}

#[test]
fn each_crate_depends_only_on_the_crates_below_it() {
    let mut bad = Vec::new();
    for (rank, name) in CRATES.iter().enumerate() {
        for (table, dep) in dependencies(&manifest(name)) {
            if let Some(theirs) = CRATES.iter().position(|c| *c == dep) {
                if theirs >= rank {
                    bad.push(format!("{name} [{table}] depends on {dep}"));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "upward or sideways dependencies:\n{}",
        bad.join("\n")
    );
    // And the workspace lists every crate.
    let root = manifest("steerlab");
    for name in &CRATES[..CRATES.len() - 1] {
        let dir = format!("\"crates/{}\"", name.trim_start_matches("steerlab-"));
        assert!(root.contains(&dir), "the workspace does not list {dir}");
    }
}

#[test]
fn only_the_window_uses_macroquad_or_egui() {
    for name in &CRATES[..CRATES.len() - 2] {
        for (table, dep) in dependencies(&manifest(name)) {
            assert!(
                !(dep.contains("macroquad") || dep.contains("egui")),
                "{name} [{table}] depends on {dep}: its tests would link the window"
            );
        }
        let dir = root()
            .join("crates")
            .join(name.trim_start_matches("steerlab-"));
        for file in files_under(&dir) {
            let text = std::fs::read_to_string(dir.join(&file)).unwrap();
            for window in ["macroquad", "egui"] {
                assert!(!text.contains(window), "{name}: {file} uses {window}");
            }
        }
    }
}

#[test]
fn the_simulations_modules_only_use_the_layers_below_them() {
    let order = ["core", "steering", "guidance", "sim"];
    let rank = |l: &str| order.iter().position(|o| *o == l);
    let mut bad = Vec::new();
    for (module, uses) in graph() {
        let Some(mine) = rank(layer(&module)) else {
            continue;
        };
        for used in uses {
            if let Some(theirs) = rank(layer(&used)) {
                if theirs > mine {
                    bad.push(format!("{module} uses {used}"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "upward imports:\n{}", bad.join("\n"));
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let graph = graph();
    // Depth-first search for a cycle.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, &graph, &mut Vec::new(), &mut done) {
            panic!("a cycle of imports: {}", cycle.join(" -> "));
        }
    }
}

/// A law's type name from its module's (`turn_rate` -> `TurnRate`).
fn camel(module: &str) -> String {
    module
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
        })
        .collect()
}

/// Every `.rs` file of the workspace's sources (the crates' `src` and the program's),
/// from the repository's folder.
fn every_source() -> Vec<PathBuf> {
    let mut dirs = vec![root().join("src")];
    for name in &CRATES[..CRATES.len() - 1] {
        dirs.push(
            root()
                .join("crates")
                .join(name.trim_start_matches("steerlab-"))
                .join("src"),
        );
    }
    dirs.iter()
        .flat_map(|d| files_under(d).into_iter().map(move |f| d.join(f)))
        .collect()
}

#[test]
fn no_law_is_named_outside_the_guidance_folder() {
    // The laws, from the registry: every built-in, by its module and its type.
    let laws: Vec<(String, String)> = Algorithm::ALL
        .iter()
        .map(|a| (a.section().to_string(), camel(a.section())))
        .collect();
    assert_eq!(laws.len(), Algorithm::ALL.len());
    assert!(laws
        .iter()
        .any(|(_, t)| t == "Ballistic" || t == "HeatSeeker"));
    let guidance = src().join("guidance");
    let mut bad = Vec::new();
    for file in every_source().iter().filter(|f| !f.starts_with(&guidance)) {
        let text = std::fs::read_to_string(file).unwrap();
        for (module, law) in &laws {
            for named in [
                format!("Algorithm::{law}"),
                format!("Guidance::{law}"),
                format!("guidance::{module}"),
            ] {
                let code = text.lines().filter(|l| !l.trim_start().starts_with("//"));
                if code.clone().any(|l| {
                    l.match_indices(&named).any(|(at, _)| {
                        !l[at + named.len()..]
                            .starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
                }) {
                    bad.push(format!("{}: {named}", file.display()));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_simulation_computes_transcendentals_the_same_way_on_every_target() {
    // std's `sin`, `atan2`, `exp`... call the platform's C library, which differs from
    // the browser's in the last bit; the simulation uses `core::Portable` (libm).
    let std_forms = [
        ".sin(",
        ".cos(",
        ".sin_cos(",
        ".tan(",
        ".atan(",
        ".atan2(",
        ".asin(",
        ".acos(",
        ".exp(",
        ".ln(",
        ".log10(",
        ".powf(",
        ".powi(",
    ];
    let mut found = Vec::new();
    let simulation: Vec<PathBuf> = ["sim", "scripts", "scenario", "headless"]
        .iter()
        .map(|c| root().join("crates").join(c).join("src"))
        .collect();
    // Code export writes other languages' maths as text (`Math.sin(` in TypeScript); it
    // computes nothing itself.
    let export = root().join("crates/headless/src/export");
    for file in every_source().iter().filter(|f| {
        simulation.iter().any(|d| f.starts_with(d))
            && !f.starts_with(&export)
            && !f.to_string_lossy().ends_with("_tests.rs")
    }) {
        let text = std::fs::read_to_string(file).unwrap();
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
        let code: String = text
            .lines()
            .map(|line| line.find("//").map_or(line, |at| &line[..at]))
            .collect::<Vec<_>>()
            .join("\n");
        for form in std_forms {
            if code.contains(form) {
                found.push(format!("{}: {form}", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "use core::Portable instead: {found:#?}");
}
