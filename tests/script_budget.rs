//! Scripts share a budget of operations per tick, all missiles together
//! (`runtime::TICK_OPERATIONS`): 1,000 missiles each just under the per-call limit no
//! longer make a tick take seconds; the calls past the budget end their missiles with
//! an error naming the script and the budget, and the others fly on. Which calls those
//! are is the same on every run. And `bench --script` says a failing script's place.

mod cli_common;
use cli_common::*;
use steerlab::guidance::runtime::{tick_operations_left, TICK_OPERATIONS};
use steerlab::sim::EventKind;

/// A law that burns `loops` iterations of a loop on every call, then flies straight.
fn heavy(loops: u32) -> String {
    format!(
        "fn steer(missile, target, params, dt) {{\n    let s = 0;\n    for i in 0..{loops} {{ s += i; }}\n    vec2(100.0, 0.0)\n}}\n"
    )
}

/// `count` missiles of the law in `script`, written into `dir`, all launched on tick 0.
fn scenario_in(dir: &Path, script: &str, count: u32) -> PathBuf {
    std::fs::write(dir.join("heavy.rhai"), script).unwrap();
    let text = format!(
        "(version: 1, scripts: [(id: \"heavy\", path: \"heavy.rhai\")], \
         world: (max_missiles: 5000), \
         targets: [(name: \"t\", motion: Static(pos: (900, 300)))], \
         launchers: [(pos: (100, 300), target: \"t\", algorithms: [\"heavy\"], salvo: {count}, \
         missile: (lifetime: 1))])"
    );
    let path = dir.join("heavy.ron");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_tick_of_scripts_runs_within_its_budget_and_the_calls_past_it_end_their_missiles() {
    let dir = temp_dir("budget");
    // One call's cost, measured as what it takes off the tick's budget.
    let one = scenario::load(&scenario_in(&dir, &heavy(60_000), 1)).unwrap();
    let mut world = one.build().unwrap();
    world.step();
    let per_call = TICK_OPERATIONS - tick_operations_left();
    assert!(
        per_call > 100_000 && per_call < 200_000,
        "a call ran {per_call} operations: under the per-call limit, over a fifth of the tick's"
    );
    // Five thousand of them: as many as fit in the budget fly on; the rest end on tick 0.
    // (So many built-in missiles would fly in slices on every core: scripts, whose
    // budget is the world thread's, fly one by one there.)
    let many = scenario::load(&scenario_in(&dir, &heavy(60_000), 5000)).unwrap();
    let mut world = many.build().unwrap();
    world.step();
    let fit = (TICK_OPERATIONS / per_call) as usize;
    assert_eq!(world.missiles().len(), fit);
    assert_eq!(world.finished().len(), 5000 - fit);
    assert_eq!(
        tick_operations_left(),
        0,
        "the tick spent all of its budget, no more"
    );
    let failures = world.law_failures();
    assert!(!failures.is_empty());
    for failure in failures {
        let EventKind::LawFailed { error, .. } = &failure.kind else {
            panic!("{failure:?}")
        };
        assert!(error.place.ends_with("heavy.rhai:1:1"), "{error}");
        assert!(
            error.message.starts_with(&format!(
                "the scripts went past their budget of {TICK_OPERATIONS} operations in one tick"
            )),
            "{error}"
        );
    }
    // The same calls on every run.
    let again = {
        let mut w = many.build().unwrap();
        w.step();
        w.state_hash()
    };
    assert_eq!(again, world.state_hash());
    // Each tick has its own budget: the survivors fly the next tick too.
    world.step();
    assert_eq!(world.missiles().len(), fit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_with_a_thousand_heavy_scripts_ends_and_says_why_they_stopped() {
    let dir = temp_dir("budget-run");
    let file = scenario_in(&dir, &heavy(60_000), 1000);
    let out = run(&["run", &file.to_string_lossy(), "--seconds", "1"]);
    assert_code(&out, 0, "run 1000 heavy scripts");
    let text = stdout(&out);
    assert!(
        text.contains("its law failed (script error)") && text.contains("went past their budget"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_script_says_where_a_failing_script_failed() {
    let dir = temp_dir("bench-script");
    for (name, body, said) in [
        (
            "runaway.rhai",
            "fn steer(missile, target, params, dt) {\n    loop { }\n}\n",
            "runaway.rhai:1:1: the script ran more than 200000 operations in one call",
        ),
        (
            "nan.rhai",
            "fn steer(missile, target, params, dt) {\n    vec2(0.0 / 0.0, 0.0)\n}\n",
            "nan.rhai:1:1: steer returned a non-finite state",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        let out = run(&[
            "bench",
            "--script",
            &path.to_string_lossy(),
            "--missiles",
            "10",
            "--ticks",
            "5",
        ]);
        assert_code(&out, 2, name);
        assert!(stderr(&out).contains(said), "{name}: {}", stderr(&out));
        assert!(!stderr(&out).contains("internal error"), "{}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_refuses_flags_that_do_not_go_together_naming_both() {
    for (args, both) in [
        (
            &["bench", "--script", "x.rhai", "--history"][..],
            ["--script", "--history"],
        ),
        (
            &["bench", "--script", "x.rhai", "--sweep"][..],
            ["--script", "--sweep"],
        ),
        (
            &["bench", "--sweep", "--missiles", "5"][..],
            ["--sweep", "--missiles"],
        ),
        (
            &["bench", "--budget-mb", "5"][..],
            ["--budget-mb", "--history"],
        ),
    ] {
        let out = run(args);
        assert_code(&out, 2, &args.join(" "));
        for flag in both {
            assert!(stderr(&out).contains(flag), "{args:?}: {}", stderr(&out));
        }
    }
}
