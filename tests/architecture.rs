//! The architecture, checked from the source: the modules form layers (each uses only
//! those below it: palette <- core <- guidance <- sim <- scenario <- headless <- app), no file
//! imports one that imports it back (directly or around a loop), no law is named outside
//! `src/guidance`, and the simulation never touches the window's crates.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `src`, relative, with `/` separators.
fn files() -> Vec<String> {
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
    walk(&src(), &mut out);
    let mut names: Vec<String> = out
        .iter()
        .map(|p| {
            p.strip_prefix(src())
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
    let text = match text.find("#[cfg(test)]\nmod tests") {
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

#[test]
fn layers_only_use_the_layers_below_them() {
    let order = [
        "palette",
        "core",
        "guidance",
        "sim",
        "scenario",
        "files",
        "recording",
        "headless",
        "app",
    ];
    let rank = |l: &str| order.iter().position(|o| *o == l);
    let mut bad = Vec::new();
    for (module, uses) in graph() {
        let Some(mine) = rank(layer(&module)) else {
            continue;
        };
        for used in uses {
            if let Some(theirs) = rank(layer(&used)) {
                // `files` is a leaf any layer above core may use.
                if theirs > mine && layer(&used) != "files" {
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

#[test]
fn no_law_is_named_outside_the_guidance_folder() {
    let laws = [
        "Smoothed",
        "TurnRate",
        "Newton",
        "Quartic",
        "NaiveAccel",
        "Intercept",
        "HeatSeeker",
        "ProNav",
    ];
    let mut bad = Vec::new();
    for file in files().iter().filter(|f| !f.starts_with("guidance/")) {
        let text = std::fs::read_to_string(src().join(file)).unwrap();
        for law in laws {
            for prefix in ["Algorithm::", "Guidance::"] {
                if text.contains(&format!("{prefix}{law}")) {
                    bad.push(format!("{file}: {prefix}{law}"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_simulation_never_touches_the_window() {
    for file in files().iter().filter(|f| {
        [
            "palette",
            "core/",
            "guidance/",
            "sim/",
            "scenario/",
            "headless",
        ]
        .iter()
        .any(|l| f.starts_with(l))
    }) {
        let text = std::fs::read_to_string(src().join(file)).unwrap();
        for window in ["macroquad", "egui"] {
            assert!(!text.contains(window), "{file} uses {window}");
        }
    }
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
    for file in files().iter().filter(|f| {
        ["core/", "guidance/", "sim/", "scenario/", "headless/"]
            .iter()
            .any(|l| f.starts_with(l))
            && !f.ends_with("_tests.rs")
    }) {
        let code = code(file);
        for form in std_forms {
            if code.contains(form) {
                found.push(format!("{file}: {form}"));
            }
        }
    }
    assert!(found.is_empty(), "use core::Portable instead: {found:#?}");
}
