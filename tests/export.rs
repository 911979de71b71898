//! Code export (docs/export.md), proven with each language's own toolchain: every
//! exportable law, in every shipped article scenario where it flies (and in
//! tests/fixtures/export-options.ron, which turns on the options the articles leave
//! off), is exported by `steerlab export`, compiled, and its generated test run against
//! steerlab's vectors. Rust runs in `cargo test`; C#, C++, TypeScript and GDScript need
//! their toolchains, which `.ci/run` installs and runs
//! (`cargo test --test export -- --include-ignored --nocapture` prints the worst errors).

mod cli_common;
use cli_common::*;
use steerlab::export::{self, Lang};

/// The article scenarios, and the export's own.
const SCENARIOS: [&str; 10] = [
    "default",
    "lunar-blast",
    "fly-program",
    "accelerating",
    "missile-command",
    "heat-seeker",
    "apn-vs-pn",
    "artillery",
    "tests/fixtures/export-options.ron",
    "tests/fixtures/export-airframe.ron",
];

/// One law in one scenario, exported into its own folder.
struct Case {
    law: &'static str,
    scenario: &'static str,
    dir: PathBuf,
    law_file: String,
    test_file: String,
}

/// Every (law, scenario) where the law flies with the scenario's own tuning.
fn pairs() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    for law in export::exportable() {
        let algorithm = Algorithm::from_id(law).unwrap();
        for scenario in SCENARIOS {
            let loaded = steerlab::recording::open(Path::new(scenario)).unwrap();
            if export::vectors(&loaded, algorithm, 10.0).is_ok() {
                out.push((law, scenario));
            }
        }
    }
    out
}

/// Every pair exported in one language, in a scratch folder removed with it (a language's
/// compiled replays take half a gigabyte; left behind they fill the disk run after run).
struct Exported {
    cases: Vec<Case>,
    scratch: tempfile::TempDir,
}

/// Exports every pair in `lang` under a scratch folder, with `steerlab export`.
fn export_all(lang: Lang) -> Exported {
    let scratch = tempfile::Builder::new()
        .prefix(&format!("steerlab-export-{}-", lang.id()))
        .tempdir()
        .unwrap();
    let base = scratch.path();
    let cases: Vec<Case> = pairs()
        .into_iter()
        .enumerate()
        .map(|(i, (law, scenario))| {
            let dir = base.join(format!("{i:02}-{law}"));
            std::fs::create_dir_all(&dir).unwrap();
            Case {
                law,
                scenario,
                dir,
                law_file: lang.file_name(law),
                test_file: lang.test_file_name(law),
            }
        })
        .collect();
    // Every law flies in several scenarios; every scenario but missile-command has one.
    assert!(
        cases.len() >= 2 * export::exportable().len(),
        "{}",
        cases.len()
    );
    for case in &cases {
        let out = run(&[
            "export",
            case.scenario,
            "--algorithm",
            case.law,
            "--lang",
            lang.id(),
            "--out",
            case.dir.join(&case.law_file).to_str().unwrap(),
            "--vectors",
            case.dir.join("vectors.csv").to_str().unwrap(),
            "--test",
            case.dir.join(&case.test_file).to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}: {}", case.scenario, stderr(&out));
    }
    Exported { cases, scratch }
}

/// Runs a command in `dir`; its stdout, or a panic with everything it said.
fn sh(dir: &Path, program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(
        out.status.success(),
        "{program} {args:?} in {}:\n{text}",
        dir.display()
    );
    stdout(&out)
}

/// Checks every case's report (`... 0 failures`, and the flights where there are) and
/// prints the worst error of each law in `name`.
fn report(name: &str, cases: &[Case], outputs: &[String]) {
    let mut worst: Vec<(&str, f64, String)> = Vec::new();
    for (case, out) in cases.iter().zip(outputs) {
        let summary = out
            .lines()
            .find(|l| l.contains(" steps, worst error "))
            .unwrap_or_else(|| panic!("{} {}: no summary in {out}", case.law, case.scenario));
        assert!(summary.ends_with(", 0 failures"), "{summary}");
        // A lane with a seeker that sees late or seldom: its looks were checked too.
        let vectors = std::fs::read_to_string(case.dir.join("vectors.csv")).unwrap();
        if vectors
            .lines()
            .next()
            .is_some_and(|h| h.ends_with(",seen_vy"))
        {
            let looks: usize = out
                .lines()
                .find_map(|l| {
                    l.split("Seeker ")
                        .nth(1)?
                        .split(": ")
                        .nth(1)?
                        .strip_suffix(" looks")
                })
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{} {}: no looks in {out}", case.law, case.scenario));
            assert!(looks > 100, "{} {}: {looks} looks", case.law, case.scenario);
        }
        let error: f64 = summary
            .split("worst error ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|e| e.parse().ok())
            .unwrap_or_else(|| panic!("{summary}"));
        assert!(error <= 1e-3, "{summary}");
        match worst.iter_mut().find(|(law, ..)| *law == case.law) {
            Some(entry) if entry.1 < error => *entry = (case.law, error, case.scenario.into()),
            Some(_) => {}
            None => worst.push((case.law, error, case.scenario.into())),
        }
    }
    for (law, error, scenario) in worst {
        println!("{name}: {law} worst error {error:.2e} ({scenario})");
    }
    // The flights (Rust and C++): the farthest from steerlab's path, and the longest.
    let mut flights: Vec<(&str, f64, u64)> = Vec::new();
    for (case, out) in cases.iter().zip(outputs) {
        let Some(line) = out.lines().find(|l| l.contains(" flight: missile ")) else {
            continue;
        };
        let ticks: u64 = line
            .split(", ")
            .nth(1)
            .and_then(|t| t.strip_suffix(" ticks"))
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        let gap: f64 = line
            .split("at most ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|g| g.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert!(gap <= 0.05, "{line}");
        match flights.iter_mut().find(|(law, ..)| *law == case.law) {
            Some(entry) => *entry = (case.law, entry.1.max(gap), entry.2.max(ticks)),
            None => flights.push((case.law, gap, ticks)),
        }
    }
    for (law, gap, ticks) in flights {
        println!("{name}: {law} own flight at most {gap:.2e} units from steerlab's path (longest {ticks} ticks)");
    }
}

#[test]
fn the_rust_export_replays_steerlab_s_vectors_and_flies_its_path() {
    let exported = export_all(Lang::Rust);
    let cases = &exported.cases;
    let outputs: Vec<String> = cases
        .iter()
        .map(|case| {
            sh(
                &case.dir,
                "rustc",
                &[
                    "--edition",
                    "2021",
                    "--test",
                    &case.test_file,
                    "-o",
                    "replay",
                ],
            );
            let out = sh(
                &case.dir,
                "./replay",
                &["--nocapture", "--test-threads", "1"],
            );
            assert!(out.contains(" Rust flight: missile "), "{out}");
            out
        })
        .collect();
    report("Rust (rustc)", cases, &outputs);
}

#[test]
#[ignore = "needs g++; .ci/run runs it"]
fn the_cpp_export_replays_steerlab_s_vectors_and_flies_its_path() {
    let exported = export_all(Lang::Cpp);
    let cases = &exported.cases;
    let outputs: Vec<String> = cases
        .iter()
        .map(|case| {
            sh(
                &case.dir,
                "g++",
                &[
                    "-std=c++17",
                    "-Wall",
                    "-Wextra",
                    "-Werror",
                    "-O1",
                    "-o",
                    "replay",
                    &case.test_file,
                ],
            );
            let out = sh(&case.dir, "./replay", &["vectors.csv"]);
            assert!(out.contains(" C++ flight: missile "), "{out}");
            out
        })
        .collect();
    report("C++ (g++)", cases, &outputs);
}

#[test]
#[ignore = "needs mono; .ci/run runs it"]
fn the_csharp_export_replays_steerlab_s_vectors() {
    let exported = export_all(Lang::CSharp);
    let cases = &exported.cases;
    let outputs: Vec<String> = cases
        .iter()
        .map(|case| {
            let built = sh(
                &case.dir,
                "mcs",
                &[
                    "-warnaserror",
                    "-out:replay.exe",
                    &case.law_file,
                    &case.test_file,
                ],
            );
            assert!(!built.contains("warning"), "{built}");
            sh(&case.dir, "mono", &["replay.exe", "vectors.csv"])
        })
        .collect();
    report("C# (mono)", cases, &outputs);
}

#[test]
#[ignore = "needs node and npm (typescript from npm); .ci/run runs it"]
fn the_typescript_export_replays_steerlab_s_vectors() {
    let exported = export_all(Lang::TypeScript);
    let cases = &exported.cases;
    // One compiler run for every case (npx starts slowly), each to its own folder.
    let base = exported.scratch.path();
    let mut args: Vec<String> = [
        "-y",
        "-p",
        "typescript@5",
        "tsc",
        "--strict",
        "--noUnusedLocals",
        "--module",
        "commonjs",
        "--target",
        "es2020",
        "--rootDir",
        ".",
        "--outDir",
        "out",
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    for case in cases {
        let dir = case.dir.file_name().unwrap().to_string_lossy();
        args.push(format!("{dir}/{}", case.test_file));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sh(base, "npx", &args);
    let outputs: Vec<String> = cases
        .iter()
        .map(|case| {
            let dir = case.dir.file_name().unwrap().to_string_lossy();
            let js = base
                .join("out")
                .join(&*dir)
                .join(case.test_file.replace(".ts", ".js"));
            sh(&case.dir, "node", &[js.to_str().unwrap(), "vectors.csv"])
        })
        .collect();
    report("TypeScript (tsc, node)", cases, &outputs);
}

#[test]
#[ignore = "needs godot3, xvfb-run and gdtoolkit; .ci/run runs it"]
fn the_gdscript_export_parses_as_godot_4_and_replays_in_godot_3() {
    let exported = export_all(Lang::GdScript);
    let cases = &exported.cases;
    let outputs: Vec<String> = cases
        .iter()
        .map(|case| {
            // Godot 4's grammar and its linter (gdtoolkit), on the law and its test.
            sh(&case.dir, "gdparse", &[&case.law_file, &case.test_file]);
            sh(&case.dir, "gdlint", &[&case.law_file]);
            // The same files run in Godot 3 (the subset valid in both).
            let godot = "--no-window --audio-driver Dummy -s";
            let mut args = vec!["-a", "godot3"];
            args.extend(godot.split(' '));
            args.push(&case.test_file);
            sh(&case.dir, "xvfb-run", &args)
        })
        .collect();
    report("GDScript (godot3)", cases, &outputs);
    // A scenario file's link carries the whole scenario (a thousand characters): the
    // line that holds it passes gdlint too.
    let law = exported.scratch.path().join("from_a_file.gd");
    let fixture = "tests/fixtures/export-options.ron";
    let out = run(&[
        "export",
        fixture,
        "--algorithm",
        "smoothed",
        "--lang",
        "gd",
        "--out",
        law.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&law).unwrap();
    assert!(text.lines().any(|l| l.len() > 1000), "{text}");
    sh(exported.scratch.path(), "gdlint", &["from_a_file.gd"]);
}

#[test]
fn a_planted_change_in_the_step_turns_the_replay_red() {
    // The vectors come from the simulation's law; a step that flies differently must
    // fail them. Here the exported smoothing constant is nudged in the file.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let out = run(&[
        "export",
        "default",
        "--algorithm",
        "smoothed",
        "--lang",
        "rs",
        "--out",
        dir.join("smoothed_missile.rs").to_str().unwrap(),
        "--vectors",
        dir.join("vectors.csv").to_str().unwrap(),
        "--test",
        dir.join("smoothed_missile_test.rs").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let law = dir.join("smoothed_missile.rs");
    let code = std::fs::read_to_string(&law).unwrap();
    assert!(code.contains("pub const GA: f32 = 0.92;"), "{code}");
    std::fs::write(
        &law,
        code.replace("pub const GA: f32 = 0.92;", "pub const GA: f32 = 0.921;"),
    )
    .unwrap();
    sh(
        dir,
        "rustc",
        &[
            "--edition",
            "2021",
            "--test",
            "smoothed_missile_test.rs",
            "-o",
            "replay",
        ],
    );
    let ran = Command::new(dir.join("replay"))
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(!ran.status.success(), "{}", stdout(&ran));
    assert!(stdout(&ran).contains("steerlab has"), "{}", stdout(&ran));
}

#[test]
fn the_command_lines_code_carries_the_link_to_its_tuning() {
    // As the window's export does: the header has the link `steerlab link` prints for
    // the file, to the page at 127.0.0.1:8000 unless `--base` says where (its own
    // fragment left out).
    let file = "tests/fixtures/export-options.ron";
    let export = ["export", file, "--algorithm", "smoothed", "--lang", "rs"];
    let other = ["--base", "https://example.org/lab/#old"];
    for (base, given) in [
        ("http://127.0.0.1:8000/", &[][..]),
        ("https://example.org/lab/", &other[..]),
    ] {
        let code = run(&[&export[..], given].concat());
        assert_eq!(code.status.code(), Some(0), "{}", stderr(&code));
        let link = run(&[&["link", file][..], given].concat());
        let link = stdout(&link).trim().to_string();
        assert!(link.starts_with(&format!("{base}#s=")), "{link}");
        let line = format!("// The tuning in steerlab: {link}");
        assert!(
            stdout(&code).lines().any(|l| l == line),
            "{}",
            stdout(&code)
        );
    }
}

#[test]
fn the_command_line_refuses_what_it_cannot_export() {
    // A script, an unknown law and language, an output that is the scenario itself.
    let out = run(&[
        "export",
        "scenarios/scripts/own-missile.ron",
        "--algorithm",
        "seek-arrival",
        "--lang",
        "rs",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("seek-arrival is a script: scripts cannot be exported"),
        "{}",
        stderr(&out)
    );
    let out = run(&["export", "default", "--algorithm", "warp", "--lang", "rs"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no law `warp`"), "{}", stderr(&out));
    let out = run(&[
        "export",
        "default",
        "--algorithm",
        "smoothed",
        "--lang",
        "java",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no language `java` (cs, gd, cpp, rs or ts)"),
        "{}",
        stderr(&out)
    );
    let out = run(&[
        "export",
        "tests/fixtures/export-options.ron",
        "--algorithm",
        "smoothed",
        "--lang",
        "rs",
        "--out",
        "tests/fixtures/export-options.ron",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("export-options.ron"),
        "{}",
        stderr(&out)
    );
    let kept = std::fs::read_to_string(root().join("tests/fixtures/export-options.ron")).unwrap();
    assert!(kept.contains("Export options"));
    // A law that never flies in the scenario has no vectors.
    let out = run(&[
        "export",
        "missile-command",
        "--algorithm",
        "smoothed",
        "--lang",
        "rs",
        "--vectors",
        std::env::temp_dir()
            .join("steerlab-never.csv")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("smoothed flies no missile"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn newton_exports_to_every_language_in_single_precision() {
    // Where the language has floats it uses them; TypeScript and GDScript round every
    // operation to single precision.
    for (lang, rounding) in [
        ("ts", "Math.fround("),
        ("gd", "f32("),
        ("cs", "MathF."),
        ("cpp", "std::"),
        ("rs", "f32::"),
    ] {
        let out = run(&["export", "default", "--algorithm", "newton", "--lang", lang]);
        assert!(out.status.success(), "{lang}: {}", stderr(&out));
        assert!(stdout(&out).contains(rounding), "{lang}");
    }
}

#[test]
fn the_printed_code_is_the_written_code_and_the_same_every_time() {
    let first = run(&[
        "export",
        "lunar-blast",
        "--algorithm",
        "smoothed",
        "--lang",
        "gd",
    ]);
    let second = run(&[
        "export",
        "lunar-blast",
        "--algorithm",
        "smoothed",
        "--lang",
        "gd",
    ]);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(first.stdout, second.stdout);
    let text = stdout(&first);
    assert!(text.starts_with("# SmoothedMissile: "), "{text}");
    assert!(text.contains(&export::version_line()));
    // lunar-blast tunes ga and the speed; they are the ones written.
    let scenario = steerlab::recording::open(Path::new("lunar-blast")).unwrap();
    let algorithm = Algorithm::from_id("smoothed").unwrap();
    // With the link to the page at its default address: a shipped scenario's is its
    // name.
    let link = Some("http://127.0.0.1:8000/#lunar-blast");
    let expected = export::code(algorithm, &scenario, Lang::GdScript, link).unwrap();
    assert_eq!(text, expected);
}
