//! The shipped scenarios parse and are embedded; the documented format and its examples
//! match the code.

// This crate's tests name it as the program does (`steerlab::...`).
extern crate steerlab_scenario as steerlab;

#[path = "../../../tests/scenario_common/mod.rs"]
mod scenario_common;
use scenario_common::*;
use std::collections::BTreeMap;
use steerlab::core::field::{Applies, Described, Field, Kind};
use steerlab::sim::goal::Goal;
use steerlab::sim::Motion;

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

/// The rows of the first table after `heading` in `doc`, by their first cell's name:
/// the cells, trimmed (a `\|` inside a cell is a `|`).
fn table_after(doc: &str, heading: &str) -> BTreeMap<String, Vec<String>> {
    let at = doc
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("no heading `{heading}`"));
    let mut rows = BTreeMap::new();
    let mut started = false;
    for line in doc[at + heading.len() + 2..].lines() {
        if line.starts_with('#') {
            break;
        }
        if !line.starts_with("| `") {
            if started && !line.starts_with('|') {
                break;
            }
            continue;
        }
        started = true;
        let cells: Vec<String> = line
            .replace("\\|", "\u{1}")
            .split('|')
            .map(|c| c.trim().replace('\u{1}', "|"))
            .collect();
        let name = cells[1].trim_matches('`').to_string();
        rows.insert(name, cells[2..cells.len() - 1].to_vec());
    }
    rows
}

/// A cell's text as a help sentence says it: no links, no backticks.
fn plain(cell: &str) -> String {
    let mut out = String::new();
    let mut rest = cell;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|k| open + k) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|k| close + k) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out.replace('`', "")
}

/// What the reference's "type" cell starts with for a kind.
fn type_word(kind: &Kind) -> &'static str {
    match kind {
        Kind::Number { .. } => "number",
        Kind::Whole { .. } => "integer",
        Kind::Flag => "bool",
        Kind::Choice(_) => "",
        Kind::Point { .. } => "point",
        Kind::Vector { .. } => "vector",
        Kind::Points { .. } => "list of points",
        Kind::Keyframes { .. } => "list of",
        Kind::Text { .. } | Kind::TargetName => "string",
        Kind::Samples { .. } => "list of",
        Kind::Program => "list of integers",
    }
}

/// What the reference's "range" cell says for a kind (empty: nothing to check).
fn range_words(kind: &Kind) -> String {
    match kind {
        Kind::Number { min, max } => format!("{min} to {max}"),
        Kind::Whole { min, max } => format!("{min} to {max}"),
        Kind::Point { limit } | Kind::Vector { limit } => format!("±{limit}"),
        Kind::Points { limit, max } => format!("{max} points, each ±{limit}"),
        Kind::Keyframes {
            max_time,
            max_value,
            ..
        } => {
            format!("times 0 to {max_time} in order (not decreasing); rates 0 to {max_value}")
        }
        Kind::Samples { max } => format!("at most {max}"),
        Kind::Choice(names) => names
            .iter()
            .map(|n| format!("`\"{n}\"`"))
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    }
}

/// Every described field of `value` against its row under `heading`: type, range, unit,
/// help (and, for a law, when it applies); every part has a row; every row is a field,
/// a part or one of `others` (what the descriptions do not cover: references, ids).
fn check_table(
    doc: &str,
    heading: &str,
    fields: &[Field],
    parts: &[&str],
    others: &[&str],
    law: bool,
) -> Vec<String> {
    let rows = table_after(doc, heading);
    let mut wrong = Vec::new();
    let unit = |u: &str| match u {
        "" | "—" => "—".to_string(),
        u => u.replace("^2", "²"),
    };
    for field in fields {
        let at = format!("{heading} `{}`", field.name);
        let Some(cells) = rows.get(field.name) else {
            wrong.push(format!("{at}: no row"));
            continue;
        };
        let (ty, range) = (&cells[0], &cells[2]);
        let (unit_cell, help) = (&cells[3], cells.last().unwrap());
        if !ty.starts_with(type_word(&field.kind)) {
            wrong.push(format!("{at}: type `{ty}`, described {:?}", field.kind));
        }
        // A target name says "none" itself; other optional fields may be left out.
        let optional = field.optional || matches!(field.kind, Kind::TargetName);
        if optional != ty.contains("*optional*") {
            wrong.push(format!("{at}: optional is {}", field.optional));
        }
        let words = range_words(&field.kind);
        let choices = matches!(field.kind, Kind::Choice(_));
        let range_text = if choices && range.is_empty() {
            ty
        } else {
            range
        };
        if !range_text
            .replace("`", "")
            .contains(&words.replace("`", ""))
        {
            wrong.push(format!("{at}: range `{range}` does not say `{words}`"));
        }
        if unit(field.unit) != unit(unit_cell) {
            wrong.push(format!(
                "{at}: unit `{unit_cell}`, described `{}`",
                field.unit
            ));
        }
        if plain(help) != field.help {
            wrong.push(format!(
                "{at}: the reference says\n    {}\n  the description\n    {}",
                plain(help),
                field.help
            ));
        }
        if law {
            let applies = match field.applies {
                Applies::Live => "live",
                Applies::NextLaunch => "next launch",
            };
            if cells[4] != applies {
                wrong.push(format!("{at}: applies `{}`, described {applies}", cells[4]));
            }
        }
    }
    for part in parts {
        if !rows.contains_key(*part) {
            wrong.push(format!("{heading}: no row for the part `{part}`"));
        }
    }
    for name in rows.keys() {
        let known = fields.iter().any(|f| f.name == name)
            || parts.contains(&name.as_str())
            || others.contains(&name.as_str());
        if !known {
            wrong.push(format!("{heading}: `{name}` is described nowhere"));
        }
    }
    wrong
}

#[test]
fn every_described_field_has_its_row_in_the_format_reference_and_every_row_a_field() {
    let doc = std::fs::read_to_string(root().join("docs").join("scenario-format.md")).unwrap();
    let s = scenario::parse(
        r#"(version: 1,
            targets: [(name: "t", motion: Static(pos: (0, 0)),
                       flares: (count: 1, range: 1, every: 1, lifetime: 1, eject_speed: 1))],
            launchers: [(pos: (0, 0), target: "t", algorithms: ["smoothed"],
                         missile: (airframe: (), seeker: (), avoid: ()))],
            turrets: [(pos: (0, 0))],
            rain: (min_speed: 1, max_speed: 2),
            obstacles: [Circle(center: (0, 0), radius: 1),
                        Polygon(points: [(0, 0), (1, 0), (0, 1)]),
                        Wall(from: (0, 0), to: (1, 0))],
            crowds: [(count: 1, from: (0, 0), to: (1, 1), goal: Seek(at: (0, 0)))])"#,
        "reference",
    )
    .unwrap();
    let l = &s.launchers[0];
    let missile: &dyn Described = &l.missile;
    let d = |v: &dyn Described| (v.fields(), v.part_names());
    // (heading, fields, parts, other rows)
    type Table<'a> = (String, &'a [Field], &'a [&'a str], &'a [&'a str]);
    let mut tables: Vec<Table> = vec![
        ("## `world`".into(), d(&s.world).0, &[], &["seed"]),
        (
            "## `targets`".into(),
            d(&s.targets[0]).0,
            d(&s.targets[0]).1,
            &[],
        ),
        (
            "### `flares`".into(),
            d(s.targets[0].flares.as_ref().unwrap()).0,
            &[],
            &[],
        ),
        (
            "## `launchers`".into(),
            d(l).0,
            d(l).1,
            &["target", "algorithms", "params"],
        ),
        ("### `missile`".into(), d(missile).0, d(missile).1, &[]),
        (
            "### `airframe`".into(),
            d(l.missile.airframe.as_ref().unwrap()).0,
            &[],
            &[],
        ),
        (
            "### `seeker`".into(),
            d(l.missile.seeker.as_ref().unwrap()).0,
            &[],
            &[],
        ),
        (
            "### `avoid`".into(),
            d(l.missile.avoid.as_ref().unwrap()).0,
            &[],
            &[],
        ),
        (
            "## `turrets`".into(),
            d(&s.turrets[0]).0,
            d(&s.turrets[0]).1,
            &["algorithm"],
        ),
        ("## `rain`".into(), d(s.rain.as_ref().unwrap()).0, &[], &[]),
        (
            "### `Circle` obstacle".into(),
            d(&s.obstacles[0]).0,
            &[],
            &[],
        ),
        (
            "### `Polygon` obstacle".into(),
            d(&s.obstacles[1]).0,
            &[],
            &[],
        ),
        ("### `Wall` obstacle".into(), d(&s.obstacles[2]).0, &[], &[]),
        (
            "## `crowds`".into(),
            d(&s.crowds[0]).0,
            d(&s.crowds[0]).1,
            &["seed"],
        ),
        ("## `diagnosis`".into(), d(&s.diagnosis).0, &[], &[]),
    ];
    let motions: Vec<Motion> = (0..Motion::KINDS.len())
        .map(|k| Motion::of_kind(k, Vec2::ZERO))
        .collect();
    for motion in &motions {
        let m: &dyn Described = motion;
        tables.push((
            format!("#### `{}`", motion.name()),
            m.fields(),
            m.part_names(),
            &[],
        ));
    }
    let goals: Vec<Goal> = (0..Goal::KINDS.len())
        .map(|k| Goal::of_kind(k, Vec2::ZERO))
        .collect();
    for goal in &goals {
        let g: &dyn Described = goal;
        tables.push((format!("#### `{}` goal", goal.name()), g.fields(), &[], &[]));
    }
    let mut wrong = Vec::new();
    for (heading, fields, parts, others) in &tables {
        wrong.extend(check_table(&doc, heading, fields, parts, others, false));
    }
    for algorithm in Algorithm::ALL {
        let heading = format!(
            "### `{}` (`{}` in `launchers`)",
            algorithm.section(),
            algorithm.id()
        );
        wrong.extend(check_table(
            &doc,
            &heading,
            algorithm.params(),
            &[],
            &[],
            true,
        ));
    }
    assert!(
        wrong.is_empty(),
        "docs/scenario-format.md:\n{}",
        wrong.join("\n")
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
