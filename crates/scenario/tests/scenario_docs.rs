//! The shipped scenarios parse and are embedded; the documented format and its examples
//! match the code.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/scenario_common/mod.rs"]
mod scenario_common;
use scenario_common::*;
use steerlab::sim::airframe::AirframeSpec;
use steerlab::sim::flares::FlareSpec;
use steerlab::sim::motion::Described;
use steerlab::sim::seeker::SeekerSpec;

// ---------------------------------------------------------------------------------------
// Shipped scenarios and the documentation
// ---------------------------------------------------------------------------------------

#[test]
fn every_shipped_scenario_file_parses_and_is_embedded() {
    let files = ron_files(&root().join("scenarios"));
    assert!(!files.is_empty());
    let mut names = BTreeSet::new();
    for file in &files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).unwrap();
        let loaded = scenario::load(file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(loaded.version, scenario::VERSION);
        assert!(!loaded.name.is_empty(), "{name} has no name");
        loaded.build().unwrap_or_else(|e| panic!("{name}: {e}"));
        let embedded =
            presets::shipped(&name).unwrap_or_else(|| panic!("{name} is not in presets::SHIPPED"));
        assert_eq!(
            embedded, text,
            "the embedded {name} differs from scenarios/{name}.ron"
        );
        assert_eq!(presets::shipped(&format!("{name}.ron")), Some(embedded));
        names.insert(name);
    }
    let shipped: BTreeSet<String> = presets::SHIPPED
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    assert_eq!(shipped, names, "presets::SHIPPED and scenarios/ differ");
    assert_eq!(
        presets::SHIPPED.len(),
        names.len(),
        "a name is listed twice in SHIPPED"
    );
    assert_eq!(presets::SHIPPED[0].0, "default");
    assert_eq!(
        presets::default_scenario(),
        scenario::parse(presets::SHIPPED[0].1, "x").unwrap()
    );
}

#[test]
fn shipped_scenarios_survive_a_text_round_trip() {
    for (name, text) in presets::SHIPPED {
        let parsed = scenario::parse(text, name).unwrap();
        let again = scenario::parse(&scenario::to_text(&parsed), name)
            .unwrap_or_else(|e| panic!("{name}: saved text does not parse: {e}"));
        assert_eq!(again, parsed, "{name}");
    }
}

/// The bodies of the ```ron code blocks of a Markdown text.
fn ron_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in markdown.lines().enumerate() {
        let fence = line.trim_start();
        match &mut current {
            None if fence.starts_with("```ron") => current = Some((i + 2, String::new())),
            Some(_) if fence.starts_with("```") => blocks.push(current.take().unwrap()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    assert!(current.is_none(), "an unclosed ```ron block");
    blocks
}

#[test]
fn the_documented_examples_parse() {
    let doc_path = root().join("docs").join("scenario-format.md");
    let doc = std::fs::read_to_string(&doc_path).unwrap();
    let blocks = ron_blocks(&doc);
    assert!(
        !blocks.is_empty(),
        "no ```ron blocks in docs/scenario-format.md"
    );
    let mut kinds = BTreeSet::new();
    for (line, body) in &blocks {
        let label = format!("docs/scenario-format.md (block at line {line})");
        let scenario = scenario::parse(body, &label).unwrap_or_else(|e| panic!("{e}"));
        scenario.build().unwrap_or_else(|e| panic!("{label}: {e}"));
        for target in &scenario.targets {
            kinds.insert(
                format!("{:?}", target.motion)
                    .split([' ', '(', '{'])
                    .next()
                    .unwrap()
                    .to_string(),
            );
        }
        if scenario.rain.is_some() {
            kinds.insert("rain".into());
        }
    }
    // The complete example shows a fly program and rain, as promised.
    for kind in ["FlyProgram", "rain"] {
        assert!(
            kinds.contains(kind),
            "no documented example has {kind}: {kinds:?}"
        );
    }
}

#[test]
fn the_documentation_names_every_field_and_parameter() {
    let doc = std::fs::read_to_string(root().join("docs").join("scenario-format.md")).unwrap();
    let mut missing = Vec::new();
    let mut need = |word: &str| {
        if !doc.contains(&format!("`{word}`")) {
            missing.push(word.to_string());
        }
    };
    for field in [
        "version",
        "name",
        "description",
        "world",
        "algorithms",
        "compare",
        "targets",
        "launchers",
        "turrets",
        "rain",
        "width",
        "height",
        "tick_rate",
        "seed",
        "margin",
        "radius",
        "destructible",
        "motion",
        "Static",
        "Constant",
        "Circle",
        "Weave",
        "Path",
        "FlyProgram",
        "Driven",
        "Evade",
        "BreakTurn",
        "Jink",
        "Flare",
        "flares",
        "program",
        "shift",
        "steering",
        "hero",
        "pos",
        "target",
        "launch_velocity",
        "first_at",
        "every",
        "salvo",
        "spread",
        "missile",
        "lifetime",
        "fuel",
        "ai_poll_time",
        "first_poll",
        "danger_height",
        "skip_engaged",
        "min_speed",
        "max_speed",
        "min_radius",
        "max_radius",
        "rate",
        "ground",
        "gravity",
        "airframe",
        "seeker",
    ] {
        need(field);
    }
    let parts: [&dyn Described; 3] = [
        &AirframeSpec::default(),
        &SeekerSpec::default(),
        &FlareSpec::default(),
    ];
    for field in parts.iter().flat_map(|part| part.fields()) {
        need(field.name);
    }
    for algorithm in Algorithm::ALL {
        need(algorithm.id());
        need(&algorithm.id().replace('-', "_"));
        for spec in algorithm.specs() {
            need(spec.name);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/scenario-format.md does not mention: {missing:?}"
    );
}

#[test]
fn the_readme_and_the_format_list_exactly_the_overlays_of_the_registry() {
    use steerlab::core::overlay::OVERLAYS;
    for doc in ["README.md", "docs/scenario-format.md"] {
        let text = std::fs::read_to_string(root().join(doc)).unwrap();
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("| `") && l.matches(" | ").count() == 3)
            .filter(|l| l.contains(" | yes | ") || l.contains(" | no | "))
            .collect();
        let want: Vec<String> = OVERLAYS
            .iter()
            .map(|o| {
                let on = if o.on { "yes" } else { "no" };
                format!("| `{}` | {} | {on} | {} |", o.id, o.label, o.help)
            })
            .collect();
        assert_eq!(rows, want, "{doc}'s overlay table");
    }
}
