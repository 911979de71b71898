//! Tests of the message wording: plain words for Rust types, quoting.

use super::*;

#[test]
fn rust_type_names_become_plain_words() {
    assert_eq!(
        plain_words("expected struct TargetSpec, found 5"),
        "expected a target `(name: ..., motion: ...)`, found 5"
    );
    assert_eq!(
        plain_words("a Vec2 here, MyVec2 stays"),
        "a a point `(x, y)` here, MyVec2 stays"
    );
}

#[test]
fn every_type_a_message_can_name_reads_as_plain_words() {
    for (rust, words) in [
        ("Scenario", "a scenario `(version: 1, ...)`"),
        ("TurretSpec", "a turret `(pos: ...)`"),
        (
            "LauncherSpec",
            "a launcher `(pos: ..., target: ..., algorithms: [...])`",
        ),
        ("MissileSpec", "missile settings `(lifetime: ..., ...)`"),
        (
            "WorldConfig",
            "world settings `(width: ..., height: ..., ...)`",
        ),
        (
            "RainSpec",
            "rain settings `(min_speed: ..., max_speed: ..., ...)`",
        ),
        (
            "Tuning",
            "the algorithms' parameters `(smoothed: (...), ...)`",
        ),
        ("FlyProgramSpec", "a fly program `(program: [...], ...)`"),
        ("Motion", "a motion such as `Static(pos: (x, y))`"),
        ("SmoothedParams", "parameters `(name: value, ...)`"),
    ] {
        assert_eq!(
            plain_words(&format!("expected {rust}, found 5")),
            format!("expected {words}, found 5")
        );
    }
    assert_eq!(plain_words("expected Unknown"), "expected Unknown");
}

#[test]
fn quoted_text_is_shortened_and_escaped() {
    assert_eq!(quote("a\u{200b}b\0"), "a\\u{200b}b\\u{0}");
    let long = "x".repeat(1000);
    let q = quote(&long);
    assert!(q.len() < 80 && q.ends_with("(1000 characters)"), "{q}");
}
