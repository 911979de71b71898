use super::*;

fn problems(field: Field, value: Value) -> Vec<(String, String)> {
    check(&field.named("f"), "f", &value, &["alpha", "beta"])
}

fn one(field: Field, value: Value) -> String {
    let found = problems(field, value);
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].1.clone()
}

#[test]
fn a_value_of_the_wrong_kind_is_refused_in_words() {
    assert_eq!(
        one(number(0.0, 1.0), Value::Flag(true)),
        "expected a number from 0 to 1, found true"
    );
    assert_eq!(
        one(whole(1, 64), Value::Number(2.5)),
        "expected a whole number from 1 to 64, found 2.5"
    );
    assert_eq!(
        one(flag(), Value::Whole(1)),
        "expected true or false, found 1"
    );
    assert_eq!(
        one(choice(&["low", "high"]), Value::Choice(2)),
        "expected one of: low, high, found #2"
    );
    assert!(problems(choice(&["low", "high"]), Value::Choice(1)).is_empty());
    assert_eq!(
        one(point(10.0), Value::Text("x".into())),
        "expected a point (x, y), each within ±10, found \"x\""
    );
}

#[test]
fn a_number_s_range_includes_its_ends_and_no_nan_or_infinity() {
    let f = number(-2.0, 3.5);
    for v in [-2.0, 0.0, 3.5] {
        assert!(problems(f, Value::Number(v)).is_empty(), "{v}");
    }
    assert_eq!(
        one(f, Value::Number(3.6)),
        "expected a value from -2 to 3.5, found 3.6"
    );
    assert_eq!(
        one(f, Value::Number(-2.1)),
        "expected a value from -2 to 3.5, found -2.1"
    );
    assert_eq!(
        one(f, Value::Number(f32::NAN)),
        "expected a value from -2 to 3.5, found NaN (not finite)"
    );
    assert_eq!(
        one(f, Value::Number(f32::INFINITY)),
        "expected a value from -2 to 3.5, found inf (not finite)"
    );
}

#[test]
fn a_whole_number_s_range_includes_its_ends() {
    let f = whole(0, 600);
    assert!(problems(f, Value::Whole(0)).is_empty());
    assert!(problems(f, Value::Whole(600)).is_empty());
    assert_eq!(
        one(f, Value::Whole(601)),
        "expected an integer from 0 to 600, found 601"
    );
    assert_eq!(
        one(f, Value::Whole(-1)),
        "expected an integer from 0 to 600, found -1"
    );
}

#[test]
fn a_point_names_the_coordinate_that_is_out() {
    let found = problems(point(100.0), Value::Point(Vec2::new(100.0, -100.5)));
    assert_eq!(
        found,
        [(
            "f[1]".to_string(),
            "expected a value from -100 to 100, found -100.5".to_string()
        )]
    );
    let found = problems(vector(1.0), Value::Point(Vec2::new(2.0, f32::NAN)));
    let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["f[0]", "f[1]"]);
}

#[test]
fn each_point_of_a_list_is_checked_by_its_index() {
    let f = field(Kind::Points {
        limit: 10.0,
        max: 5,
    });
    let points = vec![Vec2::ZERO, Vec2::new(1.0, 2.0), Vec2::new(11.0, 0.0)];
    assert_eq!(
        problems(f, Value::Points(points)),
        [(
            "f[2][0]".to_string(),
            "expected a value from -10 to 10, found 11".to_string()
        )]
    );
}

#[test]
fn a_list_of_points_holds_at_most_its_most_and_only_those_are_checked() {
    let f = field(Kind::Points {
        limit: 10.0,
        max: 2,
    });
    // Exactly the most is fine.
    assert!(problems(f, Value::Points(vec![Vec2::ZERO, Vec2::ONE])).is_empty());
    // One more is refused once, and a point past the most is not looked at.
    let three = vec![Vec2::ZERO, Vec2::ONE, Vec2::splat(99.0)];
    assert_eq!(
        problems(f, Value::Points(three)),
        [(
            "f".to_string(),
            "expected at most 2 points, found 3".to_string()
        )]
    );
}

#[test]
fn keyframes_are_present_few_enough_in_order_and_in_range() {
    let f = field(Kind::Keyframes {
        max: 3,
        max_time: 100.0,
        max_value: 10.0,
    });
    assert!(problems(f, Value::Keyframes(vec![(0.0, 0.0), (100.0, 10.0)])).is_empty());
    // Equal times are in order (a step); exactly the most keyframes is fine.
    assert!(problems(f, Value::Keyframes(vec![(5.0, 1.0), (5.0, 2.0)])).is_empty());
    assert!(problems(
        f,
        Value::Keyframes(vec![(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)])
    )
    .is_empty());
    assert_eq!(
        one(f, Value::Keyframes(vec![])),
        "expected at least one (time, rate) keyframe, found none"
    );
    assert_eq!(
        one(f, Value::Keyframes(vec![(0.0, 0.0); 4])),
        "expected at most 3 keyframes, found 4"
    );
    assert_eq!(
        problems(f, Value::Keyframes(vec![(5.0, 1.0), (4.0, 11.0)])),
        [
            (
                "f[1][0]".to_string(),
                "expected keyframe times in order, at or after the previous 5, found 4".to_string()
            ),
            (
                "f[1][1]".to_string(),
                "expected a value from 0 to 10, found 11".to_string()
            )
        ]
    );
    assert_eq!(
        problems(f, Value::Keyframes(vec![(-1.0, 0.0), (101.0, 0.0)])),
        [
            (
                "f[0][0]".to_string(),
                "expected a value from 0 to 100, found -1".to_string()
            ),
            (
                "f[1][0]".to_string(),
                "expected a value from 0 to 100, found 101".to_string()
            )
        ]
    );
}

#[test]
fn a_text_is_counted_in_characters() {
    // 3 'é' are 6 bytes: a limit of 3 characters holds them.
    assert!(problems(text(3), Value::Text("ééé".into())).is_empty());
    assert_eq!(
        one(text(3), Value::Text("éééé".into())),
        "expected at most 3 characters, found 4"
    );
}

#[test]
fn samples_past_their_limit_and_unknown_targets_are_refused() {
    let samples = field(Kind::Samples { max: 2 });
    assert!(problems(samples, Value::Samples(2)).is_empty());
    assert_eq!(
        one(samples, Value::Samples(3)),
        "expected at most 2 samples, found 3"
    );
    let target = field(Kind::TargetName);
    assert!(problems(target, Value::TargetName(None)).is_empty());
    assert!(problems(target, Value::TargetName(Some("beta".into()))).is_empty());
    assert_eq!(
        one(target, Value::TargetName(Some("gamma".into()))),
        "unknown target `gamma`, expected one of: alpha, beta"
    );
    assert!(problems(number(0.0, 1.0), Value::Absent).is_empty());
}

#[test]
fn an_unknown_target_lists_ten_names_and_counts_the_rest() {
    let names: Vec<String> = (0..12).map(|i| format!("t{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    assert_eq!(
        unknown_target("x", &names),
        "unknown target `x`, expected one of: t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 and 2 more"
    );
    assert_eq!(
        unknown_target("x", &names[..10]),
        "unknown target `x`, expected one of: t0, t1, t2, t3, t4, t5, t6, t7, t8, t9"
    );
}

#[test]
fn a_field_is_labelled_by_its_name_unless_given_a_label() {
    let plain = number(0.0, 1.0).named("ga");
    assert_eq!(plain.label, "ga");
    assert_eq!(plain.labelled(), "ga");
    let given = number(0.0, 1.0)
        .label("missile speed")
        .unit("units/s")
        .next_launch()
        .help("How fast.")
        .named("speed");
    assert_eq!(given.name, "speed");
    assert_eq!(given.label, "missile speed");
    assert_eq!(given.labelled(), "missile speed (units/s)");
    assert_eq!(given.applies, Applies::NextLaunch);
    assert_eq!(given.help, "How fast.");
    assert_eq!(plain.applies, Applies::Live);
}

#[test]
fn kinds_say_what_they_take() {
    assert_eq!(
        Kind::Points { limit: 5.0, max: 3 }.describe(),
        "a list of at most 3 points, each coordinate within ±5"
    );
    assert_eq!(
        Kind::Text { max: 9 }.describe(),
        "a text of at most 9 characters"
    );
    assert_eq!(
        Kind::Samples { max: 4 }.describe(),
        "at most 4 recorded samples"
    );
    assert_eq!(Kind::TargetName.describe(), "the name of a target");
    assert_eq!(Kind::Program.describe(), "a list of fly-program commands");
    assert_eq!(
        Kind::Keyframes {
            max: 2,
            max_time: 1.0,
            max_value: 1.0
        }
        .describe(),
        "a list of at most 2 (time, value)"
    );
    assert!(Kind::Number { min: 0.0, max: 1.0 }.is_numeric());
    assert!(Kind::Whole { min: 0, max: 1 }.is_numeric());
    assert!(!Kind::Flag.is_numeric());
    assert!(!Kind::Point { limit: 1.0 }.is_numeric());
}

#[test]
fn a_written_value_reads_back_as_its_kind() {
    let n = number(0.0, 10.0).named("n");
    assert_eq!(
        n.value_of(&WrittenValue::Number(2.5)),
        Ok(Value::Number(2.5))
    );
    assert_eq!(
        n.value_of(&WrittenValue::Number(11.0)),
        Err("expected a value from 0 to 10, found 11".into())
    );
    assert_eq!(
        n.value_of(&WrittenValue::Flag(true)),
        Err("expected a number, found true".into())
    );
    let w = whole(0, 5).named("w");
    assert_eq!(w.value_of(&WrittenValue::Number(3.0)), Ok(Value::Whole(3)));
    assert_eq!(
        w.value_of(&WrittenValue::Number(3.5)),
        Err("expected an integer from 0 to 5, found 3.5".into())
    );
    let c = choice(&["earliest", "article-max"]).named("c");
    assert_eq!(
        c.value_of(&WrittenValue::Name("article-max".into())),
        Ok(Value::Choice(1))
    );
    assert_eq!(
        c.value_of(&WrittenValue::Name("latest".into())),
        Err("expected one of: earliest, article-max, found \"latest\"".into())
    );
    assert_eq!(
        c.value_of(&WrittenValue::Number(1.0)),
        Err("expected one of: earliest, article-max, found the number 1".into())
    );
    assert_eq!(
        flag()
            .named("b")
            .value_of(&WrittenValue::Name("yes".into())),
        Err("expected true or false, found \"yes\"".into())
    );
    // And back: what a file writes for each.
    assert_eq!(
        c.written(&Value::Choice(1)),
        Some(WrittenValue::Name("article-max".into()))
    );
    assert_eq!(w.written(&Value::Whole(4)), Some(WrittenValue::Number(4.0)));
    assert_eq!(
        n.written(&Value::Number(0.5)),
        Some(WrittenValue::Number(0.5))
    );
    assert_eq!(
        flag().written(&Value::Flag(false)),
        Some(WrittenValue::Flag(false))
    );
    assert_eq!(
        n.written(&Value::Choice(3)),
        Some(WrittenValue::Number(3.0))
    );
    assert_eq!(point(1.0).written(&Value::Point(Vec2::ZERO)), None);
}

#[test]
fn values_convert_only_to_the_types_that_hold_them() {
    assert_eq!(u32::from_value(Value::Whole(-1)), None);
    assert_eq!(u32::from_value(Value::Whole(7)), Some(7));
    assert_eq!(u32::from_value(Value::Number(7.0)), None);
    assert_eq!(i32::from_value(Value::Whole(i64::MAX)), None);
    assert_eq!(u16::from_value(Value::Whole(65_536)), None);
    assert_eq!(<Option<f32>>::from_value(Value::Absent), Some(None));
    assert_eq!(
        <Option<f32>>::from_value(Value::Number(2.0)),
        Some(Some(2.0))
    );
    assert_eq!(Some(2.0f32).to_value(), Value::Number(2.0));
    assert_eq!(None::<f32>.to_value(), Value::Absent);
    assert_eq!(<Option<u32>>::from_value(Value::Whole(3)), Some(Some(3)));
    assert_eq!(<Option<u32>>::from_value(Value::Whole(-3)), None);
    assert_eq!(<Option<u32>>::from_value(Value::Absent), Some(None));
    assert_eq!(Some(3u32).to_value(), Value::Whole(3));
    assert_eq!(None::<u32>.to_value(), Value::Absent);
}

#[test]
fn values_say_what_they_are() {
    let shown: Vec<String> = [
        Value::Number(1.5),
        Value::Whole(-2),
        Value::Flag(true),
        Value::Choice(1),
        Value::Text("a\"b".into()),
        Value::Point(Vec2::new(1.0, 2.0)),
        Value::Points(vec![Vec2::ZERO; 2]),
        Value::Keyframes(vec![(0.0, 0.0)]),
        Value::Program(vec![1, 2, 3]),
        Value::TargetName(Some("t".into())),
        Value::TargetName(None),
        Value::Samples(4),
        Value::Absent,
    ]
    .iter()
    .map(Value::to_string)
    .collect();
    assert_eq!(
        shown,
        [
            "1.5",
            "-2",
            "true",
            "#1",
            "\"a\\\"b\"",
            "(1, 2)",
            "2 points",
            "1 keyframes",
            "3 commands",
            "\"t\"",
            "no target",
            "4 samples",
            "nothing"
        ]
    );
}

/// A described struct with a part and an optional part, as the macros make them.
#[derive(Clone, Debug, Default, PartialEq)]
struct Inner {
    x: f32,
}

crate::described!(Inner {
    x: number(0.0, 1.0).help("An inner number."),
});

#[derive(Clone, Debug, Default, PartialEq)]
struct Outer {
    n: u32,
    at: Vec2,
    inner: Inner,
    extra: Option<Inner>,
}

crate::described!(Outer {
    n: whole(0, 9).label("count"),
    at: point(10.0),
    ; parts: inner, extra
});

#[test]
fn a_described_struct_reads_sets_and_checks_its_fields_and_parts() {
    let mut o = Outer::default();
    let d: &mut dyn Described = &mut o;
    let names: Vec<&str> = d.fields().iter().map(|f| f.name).collect();
    assert_eq!(names, ["n", "at"]);
    assert_eq!(d.field("n").map(|f| f.label), Some("count"));
    assert_eq!(d.part_names(), ["inner", "extra"]);
    assert_eq!(
        (d.part_label("inner"), d.part_label("nothing")),
        ("inner", "")
    );
    let mut inner = Inner::default();
    assert!(inner.part_names().is_empty(), "no parts");
    assert!(!inner.part_is_optional("x"));
    assert!(!inner.set_part_present("x", true), "nothing to add");
    assert!(d.set("n", Value::Whole(4)));
    assert!(!d.set("n", Value::Number(4.0)), "a number is not a count");
    assert!(!d.set("n", Value::Whole(-4)), "nor is a negative one");
    assert!(!d.set("nothing", Value::Whole(4)));
    assert_eq!(d.get("n"), Some(Value::Whole(4)));
    assert_eq!(d.get("nothing"), None);
    assert!(d.part("extra").is_none(), "an absent optional part");
    assert!(d.part("nothing").is_none());
    assert!(d.part_mut("inner").unwrap().set("x", Value::Number(2.0)));
    assert!(d.set("at", Value::Point(Vec2::new(11.0, 0.0))));
    assert_eq!(
        d.problems("o", &[]),
        [
            (
                "o.at[0]".to_string(),
                "expected a value from -10 to 10, found 11".to_string()
            ),
            (
                "o.inner.x".to_string(),
                "expected a value from 0 to 1, found 2".to_string()
            )
        ]
    );
    assert_eq!(o.n, 4);
    assert_eq!(o.inner.x, 2.0);
    o.extra = Some(Inner { x: -1.0 });
    let d: &dyn Described = &o;
    assert_eq!(
        d.problems("", &[]).last().map(|(p, _)| p.as_str()),
        Some("extra.x"),
        "a present optional part is checked, and a root has no prefix"
    );
    assert!(d.part("extra").is_some());
}

#[test]
fn an_optional_part_is_added_and_removed_and_a_plain_one_stays() {
    let mut o = Outer::default();
    let d: &mut dyn Described = &mut o;
    assert!(d.part_is_optional("extra") && !d.part_is_optional("inner"));
    assert!(d.set_part_present("extra", true), "added");
    assert!(!d.set_part_present("extra", true), "already there");
    assert!(d.part_mut("extra").unwrap().set("x", Value::Number(0.5)));
    assert!(!d.set_part_present("inner", false), "a plain part stays");
    assert!(d.part("inner").is_some());
    assert_eq!(o.extra, Some(Inner { x: 0.5 }));
    let d: &mut dyn Described = &mut o;
    assert!(d.set_part_present("extra", false), "removed");
    assert_eq!(o.extra, None);
}

#[test]
fn a_name_reads_as_its_value_and_an_unknown_one_lists_the_names() {
    let read = |text: &str| {
        let mut de = ron::Deserializer::from_str(text).unwrap();
        named(&mut de, "letter", &["a", "b"], &[1, 2])
    };
    assert_eq!(read("\"b\"").unwrap(), 2);
    assert_eq!(read("\"a\"").unwrap(), 1);
    let error = read("\"c\"").unwrap_err().to_string();
    assert!(
        error.contains("unknown letter `c`, expected one of: a, b"),
        "{error}"
    );
}

#[test]
fn a_checked_set_refuses_unknown_fields_ranges_and_kinds() {
    let mut o = Outer::default();
    let d: &mut dyn Described = &mut o;
    assert_eq!(
        d.set_checked("m", Value::Whole(1)),
        Err("no field `m`".to_string())
    );
    assert_eq!(
        d.set_checked("n", Value::Whole(10)),
        Err("expected an integer from 0 to 9, found 10".to_string())
    );
    assert_eq!(
        d.set_checked("n", Value::Flag(true)),
        Err("expected a whole number from 0 to 9, found true".to_string())
    );
    assert_eq!(d.set_checked("n", Value::Whole(9)), Ok(()));
    assert_eq!(o.n, 9);
}

crate::tunable! {
    /// A parameter set for the tests.
    pub struct Knobs {
        gain: f32 = 4.0 => number(0.0, 10.0).help("Gain."),
        steps: u32 = 8 => whole(1, 64).label("step count").next_launch(),
        on: bool = false => flag(),
    }
}

#[test]
fn a_tunable_struct_has_its_defaults_and_is_written_with_only_its_changes() {
    let k = Knobs::default();
    assert_eq!((k.gain, k.steps, k.on), (4.0, 8, false));
    let names: Vec<&str> = Knobs::FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["gain", "steps", "on"]);
    assert_eq!(Knobs::FIELDS[0].help, "Gain.");
    assert_eq!(Knobs::FIELDS[1].label, "step count");
    assert_eq!(Knobs::FIELDS[1].applies, Applies::NextLaunch);
    let changed = Knobs {
        steps: 3,
        ..k.clone()
    };
    assert_eq!(ron::to_string(&changed).unwrap(), "(steps:3)");
    assert_eq!(ron::to_string(&k).unwrap(), "()");
    let every = crate::core::written::with_every_field(|| ron::to_string(&k).unwrap());
    assert_eq!(every, "(gain:4.0,steps:8,on:false)");
    let read: Knobs = ron::from_str("(on: true)").unwrap();
    assert_eq!(read, Knobs { on: true, ..k });
    assert!(
        ron::from_str::<Knobs>("(off: true)").is_err(),
        "unknown fields"
    );
}

/// Described by hand, with a part it names but does not label.
struct Manual;

impl Described for Manual {
    fn fields(&self) -> &'static [Field] {
        &[]
    }
    fn get(&self, _name: &str) -> Option<Value> {
        None
    }
    fn set(&mut self, _name: &str, _value: Value) -> bool {
        false
    }
    fn part_names(&self) -> &'static [&'static str] {
        &["wing"]
    }
}

#[test]
fn a_part_without_a_label_is_labelled_by_its_name() {
    assert_eq!(Manual.part_label("wing"), "wing");
    assert_eq!(Manual.part_label("tail"), "", "not a part");
}
