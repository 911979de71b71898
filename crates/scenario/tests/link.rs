//! Scenarios as links (`steerlab::scenario::link`): every shipped scenario round-trips,
//! unchanged shipped scenarios get their short name, and every broken link is an error
//! that says what is wrong.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

use std::collections::BTreeMap;
use steerlab::scenario::link::{self, Carried, Linked, MAX_TEXT_BYTES, PREFIX};
use steerlab::scenario::{self, presets::SHIPPED};

fn carried(fragment: &str) -> Carried {
    match link::decode(fragment).unwrap() {
        Linked::Carried(c) => c,
        other => panic!("expected a carried scenario, got {other:?}"),
    }
}

#[test]
fn every_shipped_scenario_round_trips_through_a_link() {
    for (name, text) in SHIPPED {
        let original = scenario::parse(text, name).unwrap();
        // Unchanged: the short link names it.
        let short = link::fragment(&original, &BTreeMap::new());
        assert_eq!(short, *name);
        match link::decode(&format!("#{short}")).unwrap() {
            Linked::Shipped(n, t) => assert_eq!((n, t), (*name, *text)),
            other => panic!("{name}: {other:?}"),
        }
        // Changed: the link carries the whole text, which reads back equal.
        let mut changed = original.clone();
        changed.name = format!("{} (changed)", original.name);
        let long = link::fragment(&changed, &BTreeMap::new());
        assert!(long.starts_with(PREFIX), "{name}: {long}");
        assert!(
            long.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(&b)),
            "{name}: a fragment needs no escaping in a URL"
        );
        let back = carried(&long);
        assert_eq!(
            scenario::parse(&back.scenario, "link").unwrap(),
            changed,
            "{name}"
        );
    }
}

#[test]
fn a_link_carries_the_scripts_it_names() {
    let files = BTreeMap::from([("law.rhai".to_string(), "fn steer() { 1.0 }\n".to_string())]);
    let original = scenario::parse(SHIPPED[0].1, "default").unwrap();
    let fragment = link::fragment(&original, &files);
    assert!(fragment.starts_with(PREFIX), "files force the long form");
    assert_eq!(carried(&fragment).files, files);
}

#[test]
fn a_long_scenario_compresses() {
    let text = SHIPPED.iter().map(|(_, t)| t.len()).max().unwrap();
    let (_, longest) = SHIPPED.iter().find(|(_, t)| t.len() == text).unwrap();
    let fragment = link::encode(&Carried {
        scenario: longest.to_string(),
        files: BTreeMap::new(),
    });
    // base64 costs 4/3; deflate must win that back and more on RON text.
    assert!(
        fragment.len() < longest.len(),
        "{} >= {}",
        fragment.len(),
        longest.len()
    );
}

#[test]
fn a_broken_link_says_what_is_wrong() {
    let good = link::encode(&Carried {
        scenario: SHIPPED[0].1.to_string(),
        files: BTreeMap::new(),
    });
    let cases: Vec<(String, &str)> = vec![
        (good[..good.len() / 2].to_string(), "cut short"),
        (
            format!("{PREFIX}abc$%def"),
            "`$` at character 4 after `#s=` does not belong in a link",
        ),
        (
            format!("{PREFIX}AAA\u{e9}"),
            "`\u{e9}` at character 4 after `#s=` does not belong in a link",
        ),
        (format!("{PREFIX}AA\u{1b}[2J"), "`\\u{1b}` at character 3"),
        (format!("{PREFIX}A=AA"), "its letters do not decode"),
        (format!("{PREFIX}____"), "damaged"),
        ("nosuchscenario".to_string(), "names no shipped scenario"),
        (String::new(), "names no shipped scenario"),
        (
            link::encode(&Carried::default()).replace("s=", "s=A"),
            "damaged",
        ),
    ];
    for (fragment, expected) in cases {
        let error = link::decode(&fragment).unwrap_err();
        assert!(error.contains(expected), "{fragment:?}: {error}");
    }
    // Valid link contents that are not RON of a link.
    let deflated = miniz_oxide::deflate::compress_to_vec(b"hello", 9);
    use base64::Engine;
    let fragment = format!(
        "{PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflated)
    );
    assert!(link::decode(&fragment)
        .unwrap_err()
        .ends_with("its contents do not read as a scenario and its files"));
    // Nested past the parser's depth: the same words, none of the parser's own.
    let deep = format!("{}{}", "(".repeat(500), ")".repeat(500));
    let deflated = miniz_oxide::deflate::compress_to_vec(deep.as_bytes(), 9);
    let fragment = format!(
        "{PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflated)
    );
    let error = link::decode(&fragment).unwrap_err();
    assert!(
        error.ends_with("its contents do not read as a scenario and its files"),
        "{error}"
    );
    assert!(
        !error.contains("ron") && !error.contains("recursion"),
        "{error}"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 2000, failure_persistence: None, ..Default::default() })]

    /// Any text at all, after `#`, after `#s=`, or mixed into a good link: an answer,
    /// never a panic, and an error never carries the text's control characters raw.
    #[test]
    fn any_text_as_a_link_is_an_answer_never_a_panic(
        text in proptest::prelude::any::<String>(),
        bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64),
        at in 0usize..200,
    ) {
        let good = link::encode(&Carried { scenario: SHIPPED[0].1.to_string(), files: BTreeMap::new() });
        let lossy = String::from_utf8_lossy(&bytes).into_owned();
        let cut = good.char_indices().map(|(i, _)| i).nth(at).unwrap_or(good.len());
        for fragment in [
            text.clone(),
            format!("#{text}"),
            format!("{PREFIX}{text}"),
            format!("{PREFIX}{lossy}"),
            format!("{}{text}{}", &good[..cut], &good[cut..]),
        ] {
            if let Err(e) = link::decode(&fragment) {
                proptest::prop_assert!(!e.chars().any(|c| c.is_control()), "{:?}", e);
            }
        }
    }
}

#[test]
fn a_link_that_inflates_past_the_limit_is_refused() {
    let zeros = vec![b' '; MAX_TEXT_BYTES + 1];
    let deflated = miniz_oxide::deflate::compress_to_vec(&zeros, 9);
    use base64::Engine;
    let fragment = format!(
        "{PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&deflated)
    );
    assert!(fragment.len() < 20_000, "a small link: {}", fragment.len());
    let error = link::decode(&fragment).unwrap_err();
    assert!(error.contains("larger than 4 MiB"), "{error}");
}

#[test]
fn a_scenario_error_in_a_link_names_the_line_and_field() {
    let fragment = link::encode(&Carried {
        scenario: "(version: 1,\n targets: [(name: 5)])".into(),
        files: BTreeMap::new(),
    });
    let text = carried(&fragment).scenario;
    let error = scenario::parse(&text, "link").unwrap_err().to_string();
    assert!(error.starts_with("link:2:"), "{error}");
}

#[test]
fn a_link_cut_anywhere_says_it_is_cut_short() {
    let good = link::encode(&Carried {
        scenario: SHIPPED[3].1.to_string(),
        files: BTreeMap::new(),
    });
    // Every length of the base64 text modulo 4, including a lone last symbol.
    for cut in 1..=8 {
        let fragment = &good[..good.len() - cut];
        let error = link::decode(fragment).unwrap_err();
        assert!(error.contains("cut short"), "cut {cut}: {error}");
    }
}

#[test]
fn an_unknown_name_is_quoted_whole_or_shortened() {
    let short = link::decode("#lunar-blasts").unwrap_err();
    assert!(short.contains("`#lunar-blasts`"), "{short}");
    assert!(
        short.contains("#default, #lunar-blast,"),
        "lists the shipped: {short}"
    );
    let long = "y".repeat(100);
    let error = link::decode(&long).unwrap_err();
    assert!(
        error.contains(&format!("`#{}... (100 characters)`", "y".repeat(40))),
        "{error}"
    );
    assert!(!error.contains(&"y".repeat(41)), "{error}");
    // A terminal's escape sequence comes back escaped.
    let error = link::decode("#red\u{1b}[31m").unwrap_err();
    assert!(error.contains("`#red\\u{1b}[31m`"), "{error}");
}
