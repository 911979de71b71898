//! The step language and its printing: parsing, deciding, pruning, and each language's
//! form of the same statements.

use super::emit::{self, Param, ParamValue, Source};
use super::step::{self, Expr, Op, Stmt};
use super::*;

pub(super) fn source<'a>(step: &'a step::StepFile, params: &'a [Param]) -> Source<'a> {
    Source {
        id: "test-law",
        summary: "a law for the tests",
        step,
        params,
        provenance: &[],
        seeker: None,
    }
}

pub(super) fn number(name: &str, value: f32) -> Param {
    Param {
        name: name.into(),
        label: String::new(),
        help: format!("What {name} does."),
        unit: "units".into(),
        value: ParamValue::Number(value, 0.0, 10.0),
    }
}

pub(super) fn flag(name: &str, on: bool) -> Param {
    Param {
        value: ParamValue::Flag(on),
        ..number(name, 0.0)
    }
}

pub(super) fn choice(name: &str, chosen: &str) -> Param {
    Param {
        value: ParamValue::Choice(chosen.into(), vec!["one".into(), "two".into()]),
        ..number(name, 0.0)
    }
}

/// The step function's body of `step` (a body with its `fn step { }`) in `lang`.
pub(super) fn step_in(lang: Lang, body: &str, params: &[Param]) -> Result<String, String> {
    let file = step::parse(&format!("fn step {{\n{body}\n}}\n")).unwrap();
    emit::file(lang, &source(&file, params))
}

#[test]
fn the_parser_reads_precedence_left_to_right() {
    let file = step::parse("fn step { let a = 1 - 2 - 3 * 4 / 5; }").unwrap();
    let n = |s: &str| Box::new(Expr::Num(s.into()));
    // (1 - 2) - ((3 * 4) / 5)
    let expected = Expr::Binary(
        Op::Sub,
        Box::new(Expr::Binary(Op::Sub, n("1"), n("2"))),
        Box::new(Expr::Binary(
            Op::Div,
            Box::new(Expr::Binary(Op::Mul, n("3"), n("4"))),
            n("5"),
        )),
    );
    assert_eq!(file.step, vec![Stmt::Let("a".into(), expected)]);
}

#[test]
fn blank_lines_inside_a_function_and_an_expression_are_skipped() {
    let plain = step::parse("fn step {\n    let a = 1 + 2;\n    a = a * 3;\n}\n").unwrap();
    let spaced = "fn step {\n\n    let a = 1 +\n\n        2;\n   \n    a = a\n\n * 3;\n\n}\n";
    assert_eq!(step::parse(spaced).unwrap().step, plain.step);
}

#[test]
fn the_parser_keeps_the_file_s_description_state_and_comments() {
    let text = "// What it is.\n// Where from.\n\n// The kept thing.\nstate kept = -1;\n// Known.\n\nstate known = false;\nfn launch {\n    // set it\n    kept = 2;\n}\n";
    let file = step::parse(text).unwrap();
    assert_eq!(file.doc, ["What it is.", "Where from."]);
    assert_eq!(file.state.len(), 2);
    assert_eq!(file.state[0].name, "kept");
    assert_eq!(file.state[0].doc, ["The kept thing."]);
    assert_eq!(
        file.state[0].initial,
        Expr::Neg(Box::new(Expr::Num("1".into())))
    );
    assert_eq!(file.state[1].initial, Expr::Bool(false));
    // A comment after the description, a blank line before its declaration: still its.
    assert_eq!(file.state[1].doc, ["Known."]);
    assert_eq!(
        file.launch,
        vec![
            Stmt::Comment("set it".into()),
            Stmt::Set("kept".into(), Expr::Num("2".into()))
        ]
    );
}

#[test]
fn the_parser_names_the_line_and_column_of_a_mistake() {
    let cases = [
        (
            "fn step {\n    let a = 1\n}",
            "line 3, column 1: expected `;`",
        ),
        (
            "fn step {\n    let a = cube(2);\n}",
            "line 2, column 13: no function `cube`",
        ),
        (
            "fn step {\n    let a = min(2);\n}",
            "line 2, column 13: `min` takes 2 arguments",
        ),
        (
            "fn step {\n    let range = 2;\n}",
            "line 2, column 9: `range` is a reserved word",
        ),
        (
            "fn step { return boom; }",
            "line 1, column 11: no signal `boom`",
        ),
        (
            "fn land { }",
            "line 1, column 1: no function `land` (launch, step or fly)",
        ),
        (
            "when x { }",
            "line 1, column 1: expected `state`, `keep`, `block`, `precision` or `fn`",
        ),
        (
            "fn step { use solve; }",
            "line 1, column 11: no block `solve` above",
        ),
        (
            "keep ga;",
            "line 1, column 6: expected a parameter's name in capitals",
        ),
        ("fn step { let a = \"open; }", "line 1, column 19: unclosed"),
        (
            "fn step { let a = 1 @ 2; }",
            "line 1, column 21: unexpected `@`",
        ),
        (
            "fn step { let a = 1 < 2 < 3; }",
            "line 1, column 25: expected `;`",
        ),
        // A `break` after its `repeat` has ended is outside it.
        (
            "fn step { repeat 2 { } break; }",
            "line 1, column 24: `break` outside a `repeat`",
        ),
        // A keyword is not a name to set, nor a value.
        (
            "fn step { else = 1; }",
            "line 1, column 11: expected a statement",
        ),
        (
            "fn step { let a = if; }",
            "line 1, column 19: expected a value",
        ),
    ];
    for (text, expected) in cases {
        let error = step::parse(text).unwrap_err();
        assert!(error.starts_with(expected), "{text:?}: {error}");
    }
}

#[test]
fn expressions_keep_their_meaning_in_every_language() {
    // a - (b - c), (a + b) * c, -(a + b), !(a < b): the parentheses that matter stay.
    let body = "let a = 1;\nlet b = 2;\nlet c = a - (b - a) + (a + b) * 2 / (a / b);\nlet d = -(a + c);\nlet e = !(a < d) && (b > c || c == d);\nif e { pos_x = d; }";
    for lang in Lang::ALL {
        let code = step_in(lang, body, &[]).unwrap();
        let (a, b, c, d) = match lang {
            Lang::CSharp | Lang::TypeScript => ("a", "b", "c", "d"),
            _ => ("a", "b", "c", "d"),
        };
        assert!(
            code.contains(&format!("{a} - ({b} - {a}) + ({a} + {b}) * ")),
            "{lang:?}: {code}"
        );
        assert!(code.contains(&format!("/ ({a} / {b})")), "{lang:?}: {code}");
        assert!(code.contains(&format!("-({a} + {c})")), "{lang:?}: {code}");
        assert!(
            code.contains(&format!("!({a} < {d}) && ({b} > {c} || {c} == {d})")),
            "{lang:?}: {code}"
        );
    }
}

#[test]
fn a_when_keeps_only_the_tuned_branch_and_its_locals_stay_visible() {
    let body = "when fast {\n    let s = SPEED * 2;\n} else {\n    let s = SPEED;\n}\nwhen form == \"two\" {\n    // second form\n    pos_y = 7;\n}\npos_x = s;";
    let on = [
        number("speed", 3.0),
        flag("fast", true),
        choice("form", "two"),
    ];
    let code = step_in(Lang::Rust, body, &on).unwrap();
    assert!(code.contains("let s = SPEED * 2.0;"), "{code}");
    assert!(!code.contains("let s = SPEED;"), "{code}");
    assert!(
        code.contains("// second form\n        self.pos_y = 7.0;"),
        "{code}"
    );
    assert!(code.contains("// Tuned with fast on: this code flies that setting only."));
    assert!(code.contains("// Tuned with form two: this code flies that setting only."));
    let off = [
        number("speed", 3.0),
        flag("fast", false),
        choice("form", "one"),
    ];
    let code = step_in(Lang::Rust, body, &off).unwrap();
    assert!(code.contains("let s = SPEED;"), "{code}");
    assert!(!code.contains("second form"), "{code}");
    assert!(code.contains("// Tuned with fast off"));
    // A choice that does not exist, and a `when` on a number, are mistakes.
    let bad = step_in(Lang::Rust, "when form == \"three\" { }", &off).unwrap_err();
    assert!(bad.contains("no such choice"), "{bad}");
    let bad = step_in(Lang::Rust, "when speed { }", &off).unwrap_err();
    assert!(bad.contains("not a flag or a choice"), "{bad}");
}

#[test]
fn locals_nothing_reads_go_with_their_comment_and_empty_ifs_go_too() {
    let body = "let used = 1;\n// About the unused one.\nlet unused = 2;\nlet only_for_unused = used * 3;\nunused = only_for_unused;\nif used > 0 {\n    unused = 4;\n}\nif used > 1 {\n    unused = 5;\n} else {\n    pos_x = 6;\n}\npos_y = used;";
    let code = step_in(Lang::Cpp, body, &[]).unwrap();
    assert!(!code.contains("unused"), "{code}");
    assert!(!code.contains("About the unused one"), "{code}");
    assert!(code.contains("if (!(used > 1.0f)) {"), "{code}");
    assert!(code.contains("const float used = 1.0f;"), "{code}");
}

#[test]
fn a_block_is_written_where_it_is_used_and_kept_constants_stay() {
    let file = step::parse(
        "keep GA;\nblock half {\n    // halve it\n    let half = from * 0.5;\n}\nfn launch {\n    let from = launch_x;\n    use half;\n    pos_x = half;\n}\nfn step {\n    let from = target_x;\n    use half;\n    pos_y = half;\n}\n",
    )
    .unwrap();
    assert_eq!(file.keep, ["GA"]);
    let code = emit::file(Lang::Rust, &source(&file, &[number("ga", 0.5)])).unwrap();
    // Once in each function, with its comment, and GA although nothing reads it.
    assert_eq!(
        code.matches("// halve it\n        let half = from * 0.5;")
            .count(),
        2,
        "{code}"
    );
    assert!(code.contains("pub const GA: f32 = 0.5;"), "{code}");
}

#[test]
fn a_state_may_carry_steerlab_s_own_name_for_it() {
    let file = step::parse("state cell_x = 0 as pos_x;\nstate dir_x = 1;\n").unwrap();
    assert_eq!(file.state[0].name, "cell_x");
    assert_eq!(file.state[0].steerlab.as_deref(), Some("pos_x"));
    assert_eq!(file.state[1].steerlab, None);
    let error = step::parse("state cell_x = 0 as 5;").unwrap_err();
    assert!(
        error.contains("line 1, column 21: expected steerlab's name"),
        "{error}"
    );
}

#[test]
fn helpers_are_written_once_each_and_only_when_called() {
    let body = "pos_x = sign(target_x) + sign(target_y) + round(dt);";
    let rust = step_in(Lang::Rust, body, &[]).unwrap();
    assert_eq!(
        rust.matches("fn sign(a: f32) -> f32 {").count(),
        1,
        "{rust}"
    );
    assert!(!rust.contains("fn wrap_angle"), "{rust}");
    assert!(rust.contains("f32::round(dt)"), "{rust}");
    let ts = step_in(Lang::TypeScript, body, &[]).unwrap();
    assert!(ts.contains("function round(a: number): number {"), "{ts}");
    assert!(
        ts.contains("Math.sign(this.targetX)") || ts.contains("Math.sign(targetX)"),
        "{ts}"
    );
    let cpp = step_in(Lang::Cpp, body, &[]).unwrap();
    assert!(
        cpp.contains("private:\n    static float sign(float a)"),
        "{cpp}"
    );
}

#[test]
fn only_reassigned_locals_are_mutable() {
    let body = "let a = 1;\nlet b = 2;\nb = a + b;\npos_x = b;";
    let rust = step_in(Lang::Rust, body, &[]).unwrap();
    assert!(
        rust.contains("let a = 1.0;") && rust.contains("let mut b = 2.0;"),
        "{rust}"
    );
    let ts = step_in(Lang::TypeScript, body, &[]).unwrap();
    assert!(
        ts.contains("const a = 1;") && ts.contains("let b = 2;"),
        "{ts}"
    );
    let cpp = step_in(Lang::Cpp, body, &[]).unwrap();
    assert!(
        cpp.contains("const float a = 1.0f;") && cpp.contains("\n        float b = 2.0f;"),
        "{cpp}"
    );
    let gd = step_in(Lang::GdScript, body, &[]).unwrap();
    assert!(
        gd.contains("var a: float = 1.0") && gd.contains("var b: float = 2.0"),
        "{gd}"
    );
    let cs = step_in(Lang::CSharp, body, &[]).unwrap();
    assert!(
        cs.contains("float a = 1.0f;") && cs.contains("float b = 2.0f;"),
        "{cs}"
    );
}

#[test]
fn names_that_do_not_fit_are_refused() {
    let cases = [
        ("pos_x = nowhere;", "no name `nowhere`"),
        ("target_x = 1;", "`target_x = …`: no such field or local"),
        ("let pos_x = 1;", "`let pos_x`: `pos_x` is already a name"),
        ("pos_x = 1 < 2;", "a flag and a number mixed"),
        ("if pos_x { }", "an `if` tests a number"),
        (
            "pos_x = MISSING;",
            "`MISSING`, which is not a number the law has",
        ),
        ("return refused;", "`return refused` in the wrong function"),
    ];
    for (body, expected) in cases {
        let error = step_in(Lang::Rust, body, &[]).unwrap_err();
        assert!(error.contains(expected), "{body}: {error}");
    }
}

#[test]
fn a_launch_starts_afresh_only_the_fields_it_does_not_set() {
    let file = step::parse(
        "state kept = 3;\nstate other = 4;\nfn launch {\n    pos_x = launch_x;\n    kept = 1;\n    if launch_y > 0 {\n        other = 2;\n    }\n}\n",
    )
    .unwrap();
    let code = emit::file(Lang::Rust, &source(&file, &[])).unwrap();
    // other is set only inside an if: it starts at 4 first; kept and pos_x are set.
    assert!(
        code.contains("// Start afresh.\n        self.pos_y = 0.0;"),
        "{code}"
    );
    assert!(code.contains("self.other = 4.0;"), "{code}");
    assert!(!code.contains("self.kept = 3.0;"), "{code}");
    assert!(!code.contains("self.pos_x = 0.0;"), "{code}");
    // A launch that sets everything says nothing of starting afresh.
    let file = step::parse(
        "fn launch {\n    pos_x = 1;\n    pos_y = 1;\n    vel_x = 1;\n    vel_y = 1;\n    heading = 1;\n}\n",
    )
    .unwrap();
    let code = emit::file(Lang::Rust, &source(&file, &[])).unwrap();
    assert!(!code.contains("Start afresh"), "{code}");
}

#[test]
fn a_refused_launch_changes_nothing() {
    let file = step::parse("fn launch {\n    pos_x = 1;\n    return refused;\n}\n").unwrap();
    let error = emit::file(Lang::Rust, &source(&file, &[])).unwrap_err();
    assert!(
        error.contains("a launch refuses before it sets any field"),
        "{error}"
    );
    // The fresh start comes after the refusal.
    let file = step::parse(
        "fn launch {\n    let far = target_x > 100;\n    if far {\n        return refused;\n    }\n    pos_x = 1;\n}\n",
    )
    .unwrap();
    let code = emit::file(Lang::Rust, &source(&file, &[])).unwrap();
    assert!(
        code.contains(
            "return false;\n        }\n        // Start afresh.\n        self.pos_y = 0.0;"
        ),
        "{code}"
    );
}

#[test]
fn locals_are_declared_once_a_function_and_states_are_not_arguments() {
    let error = step_in(
        Lang::CSharp,
        "if dt > 0 {\n    let x = 1;\n    pos_x = x;\n}\nlet x = 2;\npos_y = x;",
        &[],
    )
    .unwrap_err();
    assert!(error.contains("`let x` twice in one function"), "{error}");
    let file = step::parse("state dt = 1;\nfn step { }\n").unwrap();
    let error = emit::file(Lang::Rust, &source(&file, &[])).unwrap_err();
    assert!(
        error.contains("`state dt`: an argument has that name"),
        "{error}"
    );
    for name in ["sign", "step", "try", "elif"] {
        let error = step::parse(&format!("state {name} = 1;")).unwrap_err();
        assert!(error.contains("reserved"), "{name}: {error}");
    }
    for bad in ["state x = 1.;", "state x = 1.2.3;"] {
        assert!(
            step::parse(bad).unwrap_err().contains("is not a number"),
            "{bad}"
        );
    }
    let error = step::parse("state x = 1 + 2;").unwrap_err();
    assert!(error.contains("a state starts at a number"), "{error}");
}

#[test]
fn mixed_case_names_are_not_parameters() {
    let error = step_in(Lang::Rust, "pos_x = Ga;", &[number("ga", 1.0)]).unwrap_err();
    assert!(error.contains("no name `Ga`"), "{error}");
}

#[test]
fn decisions_inside_ifs_and_blocks_are_named_in_the_header() {
    let file = step::parse(
        "block b {\n    when fast {\n        pos_x = 1;\n    }\n}\nfn step {\n    if dt > 0 {\n        when form == \"two\" {\n            pos_y = 1;\n        }\n    }\n    use b;\n}\n",
    )
    .unwrap();
    let params = [flag("fast", true), choice("form", "one")];
    let code = emit::file(Lang::Rust, &source(&file, &params)).unwrap();
    assert!(code.contains("// Tuned with fast on"), "{code}");
    assert!(code.contains("// Tuned with form one"), "{code}");
}

#[test]
fn a_local_assigned_inside_an_if_is_mutable_and_a_final_return_is_not_doubled() {
    let rust = step_in(
        Lang::Rust,
        "let x = 1;\nif dt > 0 {\n    x = 2;\n}\npos_x = x;\nreturn detonate;\n// done",
        &[],
    )
    .unwrap();
    assert!(rust.contains("let mut x = 1.0;"), "{rust}");
    assert!(rust.contains("return Signal::Detonate;"), "{rust}");
    assert!(!rust.contains("Signal::None\n"), "{rust}");
}

#[test]
fn a_local_used_only_inside_an_if_that_goes_goes_too() {
    let cpp = step_in(
        Lang::Cpp,
        "if dt > 0 {\n    let lonely = 1;\n}\npos_x = 2;",
        &[],
    )
    .unwrap();
    assert!(!cpp.contains("lonely") && !cpp.contains("if (dt"), "{cpp}");
}

#[test]
fn expressions_keep_their_grouping_exactly() {
    let body = "let a = 1;\nlet b = a + (a + a);\nlet c = a * (b / a);\nlet d = -(-c);\nlet e = (a < b) == (c < d);\nlet f = e || (e && e);\nif f { pos_x = d; }";
    for lang in [Lang::Rust, Lang::Cpp, Lang::TypeScript] {
        let code = step_in(lang, body, &[]).unwrap();
        assert!(code.contains("a + (a + a)"), "{lang:?}: {code}");
        assert!(code.contains("a * (b / a)"), "{lang:?}: {code}");
        assert!(code.contains("-(-c)"), "{lang:?}: {code}");
        assert!(code.contains("(a < b) == (c < d)"), "{lang:?}: {code}");
        assert!(code.contains("e || (e && e)"), "{lang:?}: {code}");
    }
}

#[test]
fn a_state_named_like_a_launch_argument_is_refused() {
    let file = step::parse("state launch_x = 1;\nfn step { }\n").unwrap();
    let error = emit::file(Lang::Rust, &source(&file, &[])).unwrap_err();
    assert!(
        error.contains("`state launch_x`: an argument has that name"),
        "{error}"
    );
}
