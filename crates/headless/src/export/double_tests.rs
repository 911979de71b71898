//! What the quartic and the ballistic shell brought to the export: laws in doubles,
//! blocks shared by several laws, numbers with exponents, a state's scale, the world's
//! gravity as constants, and nested state in the vectors.

use super::emit::{self, Param};
use super::step::{self, Expr, Stmt};
use super::tests::{number, source};
use super::*;
use crate::guidance::Algorithm;

/// `file` printed in `lang` with `params`.
fn print(file: &str, params: &[Param], lang: Lang) -> Result<String, String> {
    let step = step::parse(file)?;
    emit::file(lang, &source(&step, params))
}

#[test]
fn numbers_may_carry_an_exponent() {
    let file = step::parse("fn step { let a = 2.5e-3 + 1E5 + 7e+2; }").unwrap();
    let Stmt::Let(_, Expr::Binary(_, left, right)) = &file.step[0] else {
        panic!("{:?}", file.step)
    };
    assert_eq!(**right, Expr::Num("7e+2".into()));
    let Expr::Binary(_, a, b) = &**left else {
        panic!("{left:?}")
    };
    assert_eq!(**a, Expr::Num("2.5e-3".into()));
    assert_eq!(**b, Expr::Num("1E5".into()));
    // An `e` with no digits after it is not part of the number: `1` then a name `e`.
    let err = step::parse("fn step { let a = 1e; }").unwrap_err();
    assert!(err.contains("expected `;`"), "{err}");
    let code = print("fn step { pos_x = 2.5e-3; }", &[], Lang::Cpp).unwrap();
    assert!(code.contains("pos_x = 2.5e-3f;"), "{code}");
}

#[test]
fn a_law_may_use_the_blocks_of_a_library() {
    let library = ("laws/lib.step", "block twice { doubled = 2 * x; }\n");
    let file = step::parse_with(
        "fn step { let x = 3; let doubled = 0; use twice; pos_x = doubled; }",
        library,
    )
    .unwrap();
    let Stmt::Block(inner) = &file.step[2] else {
        panic!("{:?}", file.step)
    };
    assert_eq!(inner.len(), 1);
    // Without the library the block is unknown; a mistake in the library names it.
    assert!(step::parse("fn step { use twice; }").is_err());
    let err = step::parse_with("fn step { }", ("laws/lib.step", "block { }")).unwrap_err();
    assert!(err.starts_with("laws/lib.step: line 1"), "{err}");
}

#[test]
fn precision_double_writes_each_language_s_double_type() {
    let file = "precision double;\nstate kept = 0.5;\n\
                fn step { let r = sqrt(target_x) * K; kept = r + 1; pos_x = kept; }";
    let params = [number("k", 2.0)];
    let cs = print(file, &params, Lang::CSharp).unwrap();
    assert!(cs.contains("public const double K = 2.0;"), "{cs}");
    assert!(cs.contains("public double kept = 0.5;"), "{cs}");
    assert!(cs.contains("public double posX = 0.0;"), "{cs}");
    assert!(cs.contains("double r = Math.Sqrt(targetX) * K;"), "{cs}");
    assert!(cs.contains("double targetX,"), "{cs}");
    // (The Unity adapter's own numbers are Unity's floats.)
    let core = cs.split("#if UNITY").next().unwrap();
    assert!(!core.contains("MathF") && !core.contains("0f"), "{cs}");
    let cpp = print(file, &params, Lang::Cpp).unwrap();
    assert!(cpp.contains("static constexpr double K = 2.0;"), "{cpp}");
    assert!(cpp.contains("double kept = 0.5;"), "{cpp}");
    assert!(cpp.contains("kept = r + 1.0;"), "{cpp}");
    let rs = print(file, &params, Lang::Rust).unwrap();
    assert!(rs.contains("pub const K: f64 = 2.0;"), "{rs}");
    assert!(rs.contains("pub kept: f64,"), "{rs}");
    assert!(rs.contains("let r = f64::sqrt(target_x) * K;"), "{rs}");
    assert!(rs.contains("target_x: f64"), "{rs}");
    // (Bevy's numbers are f32.)
    let core = rs.split("#[cfg(feature = \"bevy\")]").next().unwrap();
    assert!(!core.contains("f32"), "{rs}");
    // The languages of doubles are unchanged by it.
    for lang in [Lang::TypeScript, Lang::GdScript] {
        let plain = file.replace("precision double;\n", "");
        assert_eq!(
            print(file, &params, lang).unwrap(),
            print(&plain, &params, lang).unwrap(),
            "{lang:?}"
        );
    }
    let err = step::parse("precision triple;").unwrap_err();
    assert!(err.contains("expected `single` or `double`"), "{err}");
}

#[test]
fn a_scale_measures_a_field_s_error_against_a_parameter() {
    let file = "state a_x = 0 scale K;\nstate b = 0;\nfn step { a_x = K; b = 1; }";
    let parsed = step::parse(file).unwrap();
    assert_eq!(parsed.state[0].scale.as_deref(), Some("K"));
    assert_eq!(parsed.state[1].scale, None);
    let err = step::parse("state a = 0 scale k;").unwrap_err();
    assert!(err.contains("a parameter's name in capitals"), "{err}");
    let params = [number("k", 300.0)];
    let s = source(&parsed, &params);
    for lang in Lang::ALL {
        let test = replay::test(lang, &s, "law.x", "v.csv", "call\n");
        let a = if matches!(lang, Lang::CSharp | Lang::TypeScript) {
            "aX"
        } else {
            "a_x"
        };
        assert!(test.contains("\"a_x\", "), "{lang:?}: {test}");
        let line = test.lines().find(|l| l.contains("(\"a_x\", ")).unwrap();
        assert!(line.contains(a) && line.ends_with(&format!(", false, 300.0){}", lang.end())));
        let line = test.lines().find(|l| l.contains("(\"b\", ")).unwrap();
        assert!(
            line.ends_with(&format!(", false, 1.0){}", lang.end())),
            "{line}"
        );
    }
    // A scale below 1 is 1 (errors are relative above 1 anyway).
    let small = [number("k", 0.25)];
    let test = replay::test(Lang::Rust, &source(&parsed, &small), "l", "v", "");
    assert!(test.contains("(\"a_x\", f64::from(m.a_x), f64::from(col(\"after_a_x\")), false, 1.0)"));
    // A scale that is not a number of the law is refused.
    let err = emit::file(Lang::Rust, &source(&parsed, &[])).unwrap_err();
    assert!(
        err.contains("its scale `K` is not a number the law has"),
        "{err}"
    );
}

#[test]
fn rust_allows_a_solver_s_working_values_only_where_a_block_is_used() {
    let file = "block solve { found = 2; }\n\
                fn launch { pos_x = launch_x; }\n\
                fn step { let found = 0; use solve; pos_x = found; }";
    let rs = print(file, &[], Lang::Rust).unwrap();
    let allows: Vec<usize> = rs
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == "#[allow(unused_assignments)]")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(allows.len(), 1, "{rs}");
    let next = rs.lines().nth(allows[0] + 1).unwrap();
    assert!(next.trim_start().starts_with("pub fn step("), "{rs}");
}

#[test]
fn a_block_used_inside_an_if_or_a_loop_counts_too() {
    let file = "block solve { found = 2; }\n\
                fn launch { let found = 0; if launch_x > 0 { use solve; } pos_x = found; }\n\
                fn step { let found = 0; repeat 2 { use solve; } pos_x = found; }";
    let rs = print(file, &[], Lang::Rust).unwrap();
    assert_eq!(
        rs.matches("#[allow(unused_assignments)]").count(),
        2,
        "{rs}"
    );
}

/// The shipped scenario `name`.
fn scenario(name: &str) -> crate::scenario::Scenario {
    let text = crate::scenario::presets::shipped(name).unwrap();
    crate::scenario::parse(text, name).unwrap()
}

/// `algorithm`'s code in `lang` under the shipped scenario `name`.
fn shipped(name: &str, algorithm: &str, lang: Lang) -> String {
    let scenario = scenario(name);
    code(
        Algorithm::from_id(algorithm).unwrap(),
        &scenario,
        lang,
        None,
    )
    .unwrap()
}

#[test]
fn the_world_s_gravity_is_a_constant_of_the_laws_that_read_it() {
    // artillery: gravity (0, 150).
    let rs = shipped("artillery", "ballistic", Lang::Rust);
    assert!(rs.contains("pub const GRAVITY_X: f64 = 0.0;"), "{rs}");
    assert!(rs.contains("pub const GRAVITY_Y: f64 = 150.0;"), "{rs}");
    assert!(rs.contains("Valid: -100000 to 100000"), "{rs}");
    let smoothed = shipped("artillery", "smoothed", Lang::Rust);
    assert!(!smoothed.contains("GRAVITY"), "{smoothed}");
    let params = world_params(&scenario("artillery").world);
    assert_eq!(params[1].name, "gravity_y");
    assert_eq!(params[1].value, ParamValue::Number(150.0, -1e5, 1e5));
    assert!(emit::constant_doc(&params[1]).ends_with("Valid: -100000 to 100000 units/s^2."));
}

#[test]
fn the_adapters_add_the_gravity_after_each_step_and_convert_doubles() {
    let cs = shipped("artillery", "ballistic", Lang::CSharp);
    let step = cs.find("var signal = missile.Step(").unwrap();
    let fall = cs
        .find("missile.velY += BallisticMissile.GRAVITY_Y * dt;")
        .unwrap();
    assert!(step < fall, "{cs}");
    assert!(cs.contains("missile.posY += BallisticMissile.GRAVITY_Y * dt * dt;"));
    assert!(cs.contains("new UnityEngine.Vector3((float)missile.posX, (float)missile.posY"));
    let cpp = shipped("artillery", "ballistic", Lang::Cpp);
    assert!(cpp.contains("Missile.vel_x += BallisticMissile::GRAVITY_X * DeltaTime;"));
    assert!(cpp.contains("Missile.pos_y += BallisticMissile::GRAVITY_Y * DeltaTime * DeltaTime;"));
    let rs = shipped("artillery", "ballistic", Lang::Rust);
    assert!(
        rs.contains("homing.missile.step(f64::from(t.x), f64::from(t.y),"),
        "{rs}"
    );
    assert!(rs.contains("homing.missile.vel_y += super::GRAVITY_Y * f64::from(dt);"));
    assert!(rs.contains("transform.translation.x = homing.missile.pos_x as f32;"));
    let ts = shipped("artillery", "ballistic", Lang::TypeScript);
    assert!(ts.contains("missile.posY += GRAVITY_Y * dt * dt;\n        return signal;"));
    let gd = shipped("artillery", "ballistic", Lang::GdScript);
    assert!(
        gd.contains("\tmissile.vel_y += BallisticMissile.GRAVITY_Y * delta\n"),
        "{gd}"
    );
    // A law without gravity: no such lines, and single precision stays as it was.
    for lang in Lang::ALL {
        let smoothed = shipped("artillery", "smoothed", lang);
        assert!(!smoothed.contains("The world's gravity"), "{lang:?}");
        assert!(
            !smoothed.contains("(float)") && !smoothed.contains("f64"),
            "{lang:?}"
        );
    }
}

#[test]
fn the_own_flight_of_a_shell_under_gravity_adds_it_too() {
    let scenario = scenario("artillery");
    let ballistic = Algorithm::from_id("ballistic").unwrap();
    let smoothed = Algorithm::from_id("smoothed").unwrap();
    for lang in [Lang::Rust, Lang::Cpp] {
        let test = test_code(ballistic, &scenario, lang, "law.x", "v.csv", "").unwrap();
        let owner = if lang == Lang::Rust {
            "law::"
        } else {
            "BallisticMissile::"
        };
        assert!(
            test.contains(&format!("m.vel_y += {owner}GRAVITY_Y * dt;")),
            "{test}"
        );
        assert!(test.contains("1e-4"), "{test}");
        let plain = test_code(smoothed, &scenario, lang, "law.x", "v.csv", "").unwrap();
        assert!(!plain.contains("GRAVITY"), "{plain}");
        // Both check the signal of every step of the flight (the hit tick).
        assert!(test.contains("signal at tick"), "{test}");
    }
}

#[test]
fn a_shell_launched_in_the_vectors_meets_its_target_under_the_world_s_gravity() {
    // Each launch row: the shell from (pos_x, pos_y) with the launch velocity (half a
    // tick's gravity added back: the world adds it after the move) reaches, after
    // time_left, where the target (target_x + target_vx t, ...) then is.
    let scenario = scenario("artillery");
    let ballistic = Algorithm::from_id("ballistic").unwrap();
    let text = vectors(&scenario, ballistic, 10.0).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (g, mut launches) = (150.0f64, 0);
    for line in lines {
        let row: Vec<f64> = line
            .split(',')
            .skip(1)
            .map(|c| c.parse().unwrap())
            .collect();
        let col = |name: &str| row[at(name) - 1];
        if !line.starts_with("launch,") || col("signal") != 1.0 {
            continue;
        }
        let t = col("after_time_left");
        let dt = col("dt");
        let (vx, vy) = (col("after_vel_x"), col("after_vel_y") + 0.5 * g * dt);
        let shell = (
            col("pos_x") + vx * t,
            col("pos_y") + vy * t + 0.5 * g * t * t,
        );
        let target = (
            col("target_x") + col("target_vx") * t,
            col("target_y") + col("target_vy") * t,
        );
        let miss = ((shell.0 - target.0).powi(2) + (shell.1 - target.1).powi(2)).sqrt();
        assert!(miss < 0.05, "{line}: misses by {miss}");
        launches += 1;
    }
    assert!(launches >= 10, "{launches}");
}

#[test]
fn rust_s_number_types_are_not_names() {
    for name in ["f32", "f64"] {
        let err = step::parse(&format!("fn step {{ let {name} = 1; }}")).unwrap_err();
        assert!(
            err.contains(&format!("`{name}` is a reserved word")),
            "{err}"
        );
    }
}

#[test]
fn a_law_in_single_precision_rounds_every_operation_in_a_language_of_doubles() {
    let file = "precision single;\n\
                fn step { let r = sqrt(target_x) * 0.1 + 0.5 * K; \
                if abs(r) < 0.1 { r = min(r, 2); } pos_x = -r; }";
    let params = [number("k", 0.92)];
    let ts = print(file, &params, Lang::TypeScript).unwrap();
    assert!(
        ts.contains(
            "let r = Math.fround(Math.fround(Math.fround(Math.sqrt(targetX)) * Math.fround(0.1)) \
             + Math.fround(0.5 * K));"
        ),
        "{ts}"
    );
    // Tests, flags, abs, min and a sign change are exact on floats: not rounded.
    assert!(ts.contains("if (Math.abs(r) < Math.fround(0.1)) {"), "{ts}");
    assert!(ts.contains("r = Math.min(r, 2);"), "{ts}");
    assert!(ts.contains("this.posX = -r;"), "{ts}");
    // A tuned number that is not a float is rounded once, where it is declared.
    assert!(ts.contains("export const K = Math.fround(0.92);"), "{ts}");
    assert!(ts.contains(
        "every\n// operation's result is rounded to single precision (Math.fround(...))"
    ));
    let gd = print(file, &params, Lang::GdScript).unwrap();
    assert!(gd.contains("var r: float = f32(f32(f32(sqrt(target_x)) * f32(0.1)) + f32(0.5 * K))"));
    // (A GDScript constant cannot call a function: the float's value in full.)
    assert!(gd.contains("const K = 0.9200000166893005"), "{gd}");
    assert_eq!(
        gd.matches("static func f32(a: float) -> float:").count(),
        1,
        "{gd}"
    );
    assert!(gd.contains("\treturn Vector2(a, 0.0).x"), "{gd}");
    // Languages of floats compute it in floats, as they would anyway.
    let cs = print(file, &params, Lang::CSharp).unwrap();
    assert!(
        cs.contains("float r = MathF.Sqrt(targetX) * 0.1f + 0.5f * K;"),
        "{cs}"
    );
    assert!(
        !cs.contains("fround") && !cs.contains("rounded to single"),
        "{cs}"
    );
    // A law without `precision single` is not rounded anywhere.
    let plain = print(
        &file.replace("precision single;\n", ""),
        &params,
        Lang::TypeScript,
    );
    assert!(!plain.unwrap().contains("fround"));
    // The helper's name is not a name a step may take.
    let err = step::parse("fn step { let f32 = 1; }").unwrap_err();
    assert!(err.contains("`f32` is a reserved word"), "{err}");
}

#[test]
fn a_law_in_single_precision_carries_steerlab_s_arctangent_where_it_calls_one() {
    let file = "precision single;\nfn step { heading = atan2(target_y, target_x); }";
    let ts = print(file, &[], Lang::TypeScript).unwrap();
    assert!(
        ts.contains("this.heading = atan2Single(targetY, targetX);"),
        "{ts}"
    );
    assert_eq!(ts.matches("function atan2Single(").count(), 1);
    assert_eq!(ts.matches("function atanSingle(").count(), 1);
    assert!(!ts.contains("Math.atan2"), "{ts}");
    let gd = print(file, &[], Lang::GdScript).unwrap();
    assert!(
        gd.contains("heading = atan2_single(target_y, target_x)"),
        "{gd}"
    );
    assert_eq!(gd.matches("static func atan2_single(").count(), 1);
    assert_eq!(gd.matches("static func atan_single(").count(), 1);
    let cs = print(file, &[], Lang::CSharp).unwrap();
    assert!(
        cs.contains("heading = MathF.Atan2(targetY, targetX);"),
        "{cs}"
    );
    assert!(
        !cs.contains("atan2Single") && !cs.contains("Atan2Single"),
        "{cs}"
    );
    // Without an arctangent, or without `precision single`, no such helper.
    let no_atan = print(
        "precision single;\nfn step { pos_x = sqrt(target_x); }",
        &[],
        Lang::TypeScript,
    )
    .unwrap();
    assert!(!no_atan.contains("atan2Single"), "{no_atan}");
    let plain = print(
        &file.replace("precision single;\n", ""),
        &[],
        Lang::GdScript,
    )
    .unwrap();
    assert!(
        plain.contains("heading = atan2(target_y, target_x)"),
        "{plain}"
    );
    assert!(!plain.contains("atan2_single"), "{plain}");
}
