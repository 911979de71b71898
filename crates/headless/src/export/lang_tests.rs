//! Each language's form of the same step: declarations, signatures, blocks, loops,
//! returns, comments, and the file names a test may embed.

use super::emit;
use super::step;
use super::tests::{number, source, step_in};
use super::*;

#[test]
fn arguments_the_law_does_not_read_are_marked_where_compilers_warn() {
    let body = "pos_x = target_x * dt;";
    let rust = step_in(Lang::Rust, body, &[]).unwrap();
    // Past 96 columns, one argument a line.
    assert!(
        rust.contains("    pub fn step(\n        &mut self,\n        target_x: f32,\n        _target_y: f32,\n        _target_vx: f32,\n        _target_vy: f32,\n        dt: f32\n    ) -> Signal {"),
        "{rust}"
    );
    let cpp = step_in(Lang::Cpp, body, &[]).unwrap();
    assert!(
        cpp.contains("        float target_x,\n        float /*target_y*/,\n"),
        "{cpp}"
    );
    let gd = step_in(Lang::GdScript, body, &[]).unwrap();
    assert!(
        gd.contains("\tfunc step(\n\t\ttarget_x: float,\n\t\t_target_y: float,\n"),
        "{gd}"
    );
    let cs = step_in(Lang::CSharp, body, &[]).unwrap();
    assert!(
        cs.contains("        float targetX,\n        float targetY,\n"),
        "{cs}"
    );
}

#[test]
fn constants_carry_their_value_help_range_and_unit() {
    let code = step_in(Lang::CSharp, "pos_x = GA;", &[number("ga", 0.25)]).unwrap();
    assert!(
        code.contains(
            "/// What ga does. Valid: 0 to 10 units.\n    public const float GA = 0.25f;"
        ),
        "{code}"
    );
    let code = step_in(Lang::GdScript, "pos_x = GA;", &[number("ga", 0.25)]).unwrap();
    assert!(
        code.contains("\t# What ga does. Valid: 0 to 10 units.\n\tconst GA = 0.25"),
        "{code}"
    );
    // A parameter the step does not read is left out.
    let code = step_in(Lang::Rust, "pos_x = 1;", &[number("ga", 0.25)]).unwrap();
    assert!(!code.contains("GA"), "{code}");
}

#[test]
fn returns_are_signals_in_step_and_refusals_in_launch() {
    let file = step::parse("fn launch {\n    if target_x > 0 {\n        return refused;\n    }\n}\nfn step {\n    if dt > 0 {\n        return detonate;\n    }\n}\n").unwrap();
    let expect = [
        (
            Lang::CSharp,
            "return false;",
            "return Signal.Detonate;",
            "return Signal.None;",
        ),
        (
            Lang::Cpp,
            "return false;",
            "return Signal::Detonate;",
            "return Signal::None;",
        ),
        (
            Lang::Rust,
            "return false;",
            "return Signal::Detonate;",
            "        Signal::None\n",
        ),
        (
            Lang::TypeScript,
            "return false;",
            "return \"detonate\";",
            "return \"none\";",
        ),
        (
            Lang::GdScript,
            "return false",
            "return Outcome.DETONATE",
            "return Outcome.NONE",
        ),
    ];
    for (lang, refused, detonate, none) in expect {
        let code = emit::file(lang, &source(&file, &[])).unwrap();
        for part in [refused, detonate, none] {
            assert!(code.contains(part), "{lang:?} lacks {part}: {code}");
        }
    }
}

#[test]
fn a_signature_goes_one_argument_a_line_past_96_columns() {
    let args = |total: usize| vec!["a".repeat(total - "f(".len() - ")".len())];
    let mut w = emit::Writer::new(Lang::Rust);
    w.depth = 1;
    w.signature("f(", &args(92), ")");
    assert_eq!(w.out.lines().count(), 1, "{}", w.out);
    let mut w = emit::Writer::new(Lang::Rust);
    w.depth = 1;
    w.signature("f(", &args(93), ")");
    assert_eq!(w.out.lines().count(), 3, "{}", w.out);
}

#[test]
fn if_chains_are_written_in_each_language_s_form() {
    let body = "if dt > 1 {\n    pos_x = 1;\n} else if dt > 2 {\n    pos_x = 2;\n} else {\n    pos_x = 3;\n}\nif dt > 4 {\n    pos_y = 4;\n}";
    let gd = step_in(Lang::GdScript, body, &[]).unwrap();
    assert!(
        gd.contains("\t\tif dt > 1.0:\n\t\t\tpos_x = 1.0\n\t\telif dt > 2.0:\n\t\t\tpos_x = 2.0\n\t\telse:\n\t\t\tpos_x = 3.0\n\t\tif dt > 4.0:\n\t\t\tpos_y = 4.0\n\t\treturn"),
        "{gd}"
    );
    let rust = step_in(Lang::Rust, body, &[]).unwrap();
    assert!(
        rust.contains("        if dt > 1.0 {\n            self.pos_x = 1.0;\n        } else if dt > 2.0 {\n            self.pos_x = 2.0;\n        } else {\n            self.pos_x = 3.0;\n        }\n        if dt > 4.0 {\n            self.pos_y = 4.0;\n        }\n"),
        "{rust}"
    );
    let cs = step_in(Lang::CSharp, body, &[]).unwrap();
    assert!(
        cs.contains("if (dt > 1.0f) {\n            posX = 1.0f;\n        } else if (dt > 2.0f) {"),
        "{cs}"
    );
    // An `if` with only comments in it is `pass` in GDScript.
    let gd = step_in(
        Lang::GdScript,
        "if dt > 1 {\n    // nothing\n}\npos_x = dt;",
        &[],
    )
    .unwrap();
    assert!(
        gd.contains("if dt > 1.0:\n\t\t\t# nothing\n\t\t\tpass\n"),
        "{gd}"
    );
}

#[test]
fn a_repeat_is_a_bounded_loop_in_every_language() {
    let body = "let total = 0;\nrepeat 3 as i {\n    total = total + i;\n    repeat COUNT {\n        if total > 5 {\n            break;\n        }\n        total = total + 1;\n    }\n}\npos_x = total;";
    let params = [number("count", 4.0)];
    let expect = [
        (Lang::Rust, "for i in 0..3 {\n            let i = i as f32;"),
        (Lang::Rust, "for _ in 0..COUNT as usize {"),
        (Lang::CSharp, "for (int i = 0; i < 3; i++) {"),
        (
            Lang::CSharp,
            "for (int pass1 = 0; pass1 < (int)COUNT; pass1++) {",
        ),
        (
            Lang::Cpp,
            "for (int pass1 = 0; pass1 < static_cast<int>(COUNT); pass1++) {",
        ),
        (
            Lang::TypeScript,
            "for (let pass1 = 0; pass1 < COUNT; pass1++) {",
        ),
        (Lang::GdScript, "for i in range(3):"),
        (Lang::GdScript, "for _pass1 in range(int(COUNT)):"),
    ];
    for (lang, part) in expect {
        let code = step_in(lang, body, &params).unwrap();
        assert!(code.contains(part), "{lang:?} lacks {part}: {code}");
        assert!(code.contains("break"), "{lang:?}");
    }
    // The counter is read, not written; a break belongs in a repeat; a count is whole.
    let error = step_in(Lang::Rust, "repeat 2 as i {\n    i = 1;\n}", &[]).unwrap_err();
    assert!(error.contains("no such field or local"), "{error}");
    let error = step::parse("fn step { break; }").unwrap_err();
    assert!(error.contains("`break` outside a `repeat`"), "{error}");
    let error = step::parse("fn step { repeat 2.5 { } }").unwrap_err();
    assert!(
        error.contains("repeat takes a whole number or a parameter"),
        "{error}"
    );
}

#[test]
fn fields_are_declared_with_their_starting_values_and_comments() {
    let file = step::parse(
        "// Whether it is on.\nstate on_target = true;\nstate back = -2;\nfn step {\n    let near = dt > 0;\n    if near && on_target {\n        back = 1;\n    }\n}\n",
    )
    .unwrap();
    let expect = [
        (
            Lang::CSharp,
            vec![
                "// Whether it is on.\n    public bool onTarget = true;",
                "public float back = -2.0f;",
                "public float posX = 0.0f;",
                "bool near = dt > 0.0f;",
            ],
        ),
        (
            Lang::Cpp,
            vec![
                "// Whether it is on.\n    bool on_target = true;",
                "float back = -2.0f;",
                "const bool near = dt > 0.0f;",
            ],
        ),
        (
            Lang::Rust,
            vec![
                "// Whether it is on.\n    pub on_target: bool,",
                "back: -2.0,",
                "pub back: f32,",
                "let near = dt > 0.0;",
            ],
        ),
        (
            Lang::TypeScript,
            vec![
                "// Whether it is on.\n    onTarget = true;",
                "back = -2;",
                "posX = 0;",
                "const near = dt > 0;",
            ],
        ),
        (
            Lang::GdScript,
            vec![
                "# Whether it is on.\n\tvar on_target: bool = true",
                "var back: float = -2.0",
                "var near: bool = dt > 0.0",
            ],
        ),
    ];
    for (lang, parts) in expect {
        let code = emit::file(lang, &source(&file, &[])).unwrap();
        for part in parts {
            assert!(code.contains(part), "{lang:?} lacks {part:?}: {code}");
        }
    }
}

#[test]
fn only_the_languages_of_floats_have_single_precision() {
    assert!(Lang::CSharp.has_single_precision());
    assert!(Lang::Cpp.has_single_precision());
    assert!(Lang::Rust.has_single_precision());
    assert!(!Lang::TypeScript.has_single_precision());
    assert!(!Lang::GdScript.has_single_precision());
}

#[test]
fn a_name_the_test_embeds_is_plain() {
    for good in ["law.rs", "pro_nav-2.csv", "proNavMissile.ts"] {
        assert_eq!(
            embeddable(good, Lang::TypeScript).is_ok(),
            good.ends_with(".ts") || good.ends_with(".csv"),
            "{good}"
        );
        assert_eq!(embeddable(good, Lang::Rust), Ok(()), "{good}");
    }
    for bad in ["", "my law.rs", "a\"b.rs", "dir/law.rs", "law\n.rs", "é.rs"] {
        let error = embeddable(bad, Lang::Rust).unwrap_err();
        assert!(
            error.contains("letters, digits, `.`, `_` and `-`"),
            "{bad:?}: {error}"
        );
    }
    let error = embeddable("law.js", Lang::TypeScript).unwrap_err();
    assert!(
        error.contains("TypeScript imports a file ending in .ts"),
        "{error}"
    );
    assert_eq!(embeddable("law.js", Lang::CSharp), Ok(()));
}

#[test]
fn long_help_is_wrapped_at_the_comment_width() {
    let help = "word ".repeat(40);
    let mut w = emit::Writer::new(Lang::Rust);
    emit::doc(&mut w, "///", help.trim());
    let lines: Vec<&str> = w.out.lines().collect();
    assert_eq!(lines.len(), 3, "{}", w.out);
    // At most 84 characters of words: 17 of them (84), an 18th would make 89.
    assert_eq!(lines[0], format!("/// {}", "word ".repeat(17).trim_end()));
    assert!(lines.iter().all(|l| l.len() <= 88), "{}", w.out);
    assert_eq!(lines.concat().matches("word").count(), 40);
}
