//! The command line against hostile input, round 2: links with any characters at all, in
//! any encoding (an error that says what is wrong, exit 2, never a panic), and limits that
//! belong to a scenario, not to the process.

mod cli_common;
use cli_common::*;

#[test]
fn a_link_with_a_character_that_does_not_belong_says_which_and_where() {
    for (link, said) in [
        (
            "http://x/#s=AAA\u{e9}",
            "`\u{e9}` at character 4 after `#s=` does not belong in a link",
        ),
        (
            "http://x/#s=AA\u{1b}[2J",
            "`\\u{1b}` at character 3 after `#s=` does not belong in a link",
        ),
        ("http://x/#s=\u{1F680}", "`\u{1F680}` at character 1"),
    ] {
        for command in ["check", "run"] {
            let out = run(&[command, link]);
            assert_code(&out, 2, link);
            let err = stderr(&out);
            assert!(err.contains(said), "{command} {link}: {err}");
            assert!(
                !err.contains('\u{1b}'),
                "an escape sequence reached the terminal: {err:?}"
            );
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_refused_without_a_panic() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    for bytes in [
        &b"http://x/#s=AA\xff\xfeAA"[..],
        &b"\xff\xfe.ron"[..],
        &b"#s=\xc3"[..],
    ] {
        let out = steerlab()
            .arg("check")
            .arg(OsStr::from_bytes(bytes))
            .current_dir(root())
            .output()
            .unwrap();
        assert_code(&out, 2, &String::from_utf8_lossy(bytes));
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
}

#[test]
fn check_takes_any_number_of_files_whatever_their_laws_add_up_to() {
    // 40 files of 32 scripts each, every id distinct: 1280 laws, more than the 1024 one
    // process could once add ("at most 1024 laws can be added while steerlab runs").
    let dir = temp_dir("many-scripts");
    std::fs::copy(
        root().join("scenarios/scripts/smoothed.rhai"),
        dir.join("law.rhai"),
    )
    .unwrap();
    let mut files = Vec::new();
    for f in 0..40 {
        let scripts: Vec<String> = (0..32)
            .map(|k| format!("(id: \"f{f}-law{k}\", path: \"law.rhai\")"))
            .collect();
        let text = format!(
            "(version: 1, scripts: [{}], targets: [(name: \"t\", motion: Static(pos: (500, 300)))], \
             launchers: [(pos: (100, 300), target: \"t\", algorithms: [\"f{f}-law0\"])])",
            scripts.join(", ")
        );
        let path = dir.join(format!("s{f}.ron"));
        std::fs::write(&path, text).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let out = run(&args);
    assert_code(&out, 0, "check 40 files");
    let _ = std::fs::remove_dir_all(&dir);
}
