//! What a failing script is told, in its own words: no Rust or Rhai type names, what was
//! expected said plainly, the place where it went wrong (a bad `launch` at `launch`'s
//! line), thrown text escaped on the terminal, and a comment left open refused where it
//! starts.

mod cli_common;
use cli_common::*;
use steerlab::script::ScriptLaw;

/// Flies `script` (as `law.rhai`) from one launcher for `seconds`; `run`'s output.
fn run_script(name: &str, script: &str, seconds: &str) -> Output {
    let dir = temp_dir(name);
    std::fs::write(dir.join("law.rhai"), script).unwrap();
    let file = dir.join("s.ron");
    std::fs::write(
        &file,
        "(version: 1, scripts: [(id: \"law\", path: \"law.rhai\")], \
         targets: [(name: \"t\", motion: Static(pos: (600, 300)))], \
         launchers: [(pos: (100, 300), target: \"t\", algorithms: [\"law\"])])",
    )
    .unwrap();
    run(&["run", &file.to_string_lossy(), "--seconds", seconds])
}

/// The `law failed` line of a run's output.
fn failure(out: &Output) -> String {
    stdout(out)
        .lines()
        .find(|l| l.starts_with("law failed"))
        .unwrap_or_else(|| panic!("no law failure in:\n{}", stdout(out)))
        .to_string()
}

#[test]
fn runtime_errors_say_what_was_expected_in_words() {
    for (name, script, said) in [
        (
            "wrong-call",
            "fn steer(missile, target, params, dt) {\n    let x = param(\"a\", 1.0);\n    vec2(1.0, 0.0)\n}\n",
            "no function `param` takes (text, a decimal number)",
        ),
        (
            "mistyped-param",
            "param(\"max_speed\", 2.0, 0.0, 10.0, \"\", \"\");\nfn steer(missile, target, params, dt) {\n    let top = params.max_sped;\n    vec2(1.0, 0.0) * top\n}\n",
            "law.rhai:3:22: no property `max_sped` here",
        ),
        (
            "whole-number",
            "fn steer(missile, target, params, dt) {\n    5\n}\n",
            "steer returned a whole number: return the new velocity (a vec2)",
        ),
        (
            "nothing",
            "fn steer(missile, target, params, dt) {\n    let x = 1;\n}\n",
            "steer returned nothing: return the new velocity",
        ),
        (
            "list-state",
            "fn steer(missile, target, params, dt) {\n    this.hist = [1, 2];\n    vec2(1.0, 0.0)\n}\n",
            "state `hist`: a number, true or false, a vec2 or text can be kept, found a list",
        ),
        (
            "mixed-numbers",
            "fn steer(missile, target, params, dt) {\n    let v = vec2(1.0, 0.0);\n    v.x = 3;\n    v\n}\n",
            "law.rhai:3:7: `x` of a vec2 cannot take a whole number",
        ),
    ] {
        let out = run_script(name, script, "0.1");
        assert_code(&out, 0, name);
        let line = failure(&out);
        assert!(line.contains(said), "{name}: {line}");
        for internal in ["i64", "f32", "ImmutableString", "&str", "()", "Function not found"] {
            assert!(!line.contains(internal), "{name}: `{internal}` in {line}");
        }
    }
}

#[test]
fn a_launch_that_answers_a_non_finite_state_is_placed_at_launch() {
    let script = "// a law\nfn steer(missile, target, params, dt) {\n    vec2(1.0, 0.0)\n}\n\nfn launch(missile, target, params, dt) {\n    #{ vel: vec2(0.0 / 0.0, 1.0) }\n}\n";
    let line = failure(&run_script("launch-nan", script, "0.1"));
    assert!(line.contains("law.rhai:6:1: launch returned a state that is not finite: pos [100, 300], vel [NaN, 1]"), "{line}");
}

#[test]
fn thrown_text_reaches_the_terminal_escaped() {
    let script =
        "fn steer(missile, target, params, dt) {\n    throw \"red\\x1b[31m alert\\x07\";\n}\n";
    let out = run_script("throw", script, "0.1");
    let text = stdout(&out);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(
        failure(&out).contains("red\\u{1b}[31m alert\\u{7}"),
        "{text}"
    );
}

#[test]
fn a_comment_left_open_is_refused_where_it_starts() {
    let source = "fn steer(missile, target, params, dt) {\n    vec2(1.0, 0.0)\n}\n  /* a note never closed\n";
    let e = ScriptLaw::compile("open", "open.rhai", source, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "open.rhai:4:3: this comment `/*` is never closed with `*/`"
    );
    // Through check: the scenario's error names the script and the place.
    let dir = temp_dir("open-comment");
    std::fs::write(dir.join("law.rhai"), source).unwrap();
    let file = dir.join("s.ron");
    std::fs::write(
        &file,
        "(version: 1, scripts: [(id: \"law\", path: \"law.rhai\")])",
    )
    .unwrap();
    let out = run(&["check", &file.to_string_lossy()]);
    assert_code(&out, 2, "check");
    assert!(stderr(&out).contains("law.rhai:4:3: "), "{}", stderr(&out));
    // Closed, or nested and closed, it compiles.
    ScriptLaw::compile(
        "shut",
        "shut.rhai",
        &source.replace("closed\n", "closed */\n"),
        None,
    )
    .unwrap();
}
