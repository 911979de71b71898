//! Links on the command line against hostile text: any characters at all, in any
//! encoding, are an error that says what is wrong (exit 2), never a panic.

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
            assert!(!err.contains('\u{1b}'), "an escape sequence reached the terminal: {err:?}");
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
