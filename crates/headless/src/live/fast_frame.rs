//! A well-formed `frame` read straight into its entities (a game streams 60,000 of them a
//! second): JSON to typed fields, with [`protocol`](super::protocol)'s rules for each.
//! Whatever this path does not take whole — another message, a field missing, out of
//! bounds or of the wrong kind, a key written twice — is read again by the general
//! path, which names the field at fault. So this path changes speed, never meaning: a
//! frame it takes is the one the general path would have read (a test holds them
//! equal over random frames).

use super::protocol::{kind_of, label_fits, number_fits, text_fits, Entity, Frame};
use super::protocol::{MAX_ACCEL, MAX_ENTITIES, MAX_ID, MAX_NAME_CHARS};
use crate::recording::MAX_HEADING;
use crate::sim::limits::{MAX_COORD, MAX_SPEED};
use serde::de::value::MapAccessDeserializer;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::marker::PhantomData;

#[derive(Deserialize)]
struct WireFrame<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    tick: u64,
    time: f64,
    #[serde(borrow)]
    entities: Vec<Object<WireEntity<'a>>>,
}

/// Text written without escapes is borrowed from the line; with them, the general path
/// reads the frame.
#[derive(Deserialize)]
struct WireEntity<'a> {
    id: u64,
    kind: &'a str,
    #[serde(default, deserialize_with = "present")]
    label: Option<&'a str>,
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
    heading: f64,
    #[serde(default, deserialize_with = "present")]
    ax: Option<f64>,
    #[serde(default, deserialize_with = "present")]
    ay: Option<f64>,
    #[serde(default, deserialize_with = "present")]
    seen_x: Option<f64>,
    #[serde(default, deserialize_with = "present")]
    seen_y: Option<f64>,
}

/// An optional field that, when written, holds a value (`null` is not taken here).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A JSON object read as `T` (serde would take a list of the fields' values too).
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Fields<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(Fields(PhantomData)).map(Object)
    }
}

/// The frame `line` holds, if it is a frame this path takes whole.
pub fn frame(line: &str) -> Option<Frame> {
    let Object(wire): Object<WireFrame> = serde_json::from_str(line).ok()?;
    let whole = wire.kind == "frame"
        && wire.tick <= MAX_ID
        && number_fits(wire.time, 1.0e9)
        && wire.entities.len() <= MAX_ENTITIES;
    if !whole {
        return None;
    }
    let mut seen = std::collections::HashSet::with_capacity(wire.entities.len());
    let mut entities = Vec::with_capacity(wire.entities.len());
    for Object(one) in wire.entities {
        let entity = entity(one)?;
        if !seen.insert((entity.id, entity.kind)) {
            return None;
        }
        entities.push(entity);
    }
    Some(Frame {
        tick: wire.tick,
        time: wire.time,
        entities,
    })
}

fn entity(one: WireEntity) -> Option<Entity> {
    let (coord, speed) = (f64::from(MAX_COORD), f64::from(MAX_SPEED));
    let pair = |a: Option<f64>, b: Option<f64>, bound: f64| match (a, b) {
        (None, None) => Some(None),
        (Some(a), Some(b)) if number_fits(a, bound) && number_fits(b, bound) => Some(Some([a, b])),
        _ => None,
    };
    let label = one.label.unwrap_or_default();
    let fits = one.id <= MAX_ID
        && text_fits(one.kind, 20)
        && text_fits(label, MAX_NAME_CHARS)
        && label_fits(label)
        && number_fits(one.x, coord)
        && number_fits(one.y, coord)
        && number_fits(one.vx, speed)
        && number_fits(one.vy, speed)
        && number_fits(one.heading, MAX_HEADING);
    if !fits {
        return None;
    }
    Some(Entity {
        id: one.id,
        kind: kind_of(one.kind)?,
        label: label.to_string(),
        x: one.x,
        y: one.y,
        vx: one.vx,
        vy: one.vy,
        heading: one.heading,
        accel: pair(one.ax, one.ay, MAX_ACCEL)?,
        seen: pair(one.seen_x, one.seen_y, coord)?,
    })
}

#[cfg(test)]
mod tests {
    use super::super::protocol::{parse_general, FromGame};
    use super::*;
    use crate::recording::Kind;
    use proptest::prelude::*;

    /// What a field may be written as: absent, or one of these.
    fn written(choices: &'static [&'static str]) -> impl Strategy<Value = Option<&'static str>> {
        prop_oneof![Just(None), proptest::sample::select(choices).prop_map(Some)]
    }

    const NUMBERS: &[&str] = &[
        "0",
        "-0",
        "12.5",
        "-3.25e2",
        "7",
        "1e7",
        "2e9",
        "1e400",
        "null",
        "\"4\"",
        "[]",
        "{}",
        "true",
        "1.0000000000000002",
        "18446744073709551615",
    ];
    const IDS: &[&str] = &[
        "0",
        "1",
        "2",
        "-0",
        "1.0",
        "-1",
        "9007199254740992",
        "9007199254740993",
    ];
    const TEXTS: &[&str] = &[
        "\"target\"",
        "\"missile\"",
        "\"rock\"",
        "\"\\u0074arget\"",
        "null",
        "3",
        "\"m\"",
        "\" m\"",
        "\"é\"",
        "\"a\\u0001b\"",
        "\"\"",
        "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
    ];

    /// Mostly `usual`, sometimes anything of `choices` (or absent).
    fn mostly(
        usual: &'static str,
        choices: &'static [&'static str],
    ) -> impl Strategy<Value = Option<&'static str>> {
        prop_oneof![9 => Just(Some(usual)), 1 => written(choices)]
    }

    fn entity() -> impl Strategy<Value = String> {
        let kind = prop_oneof![
            3 => proptest::sample::select(&["\"target\"", "\"missile\""][..]).prop_map(Some),
            1 => written(TEXTS),
        ];
        let label = prop_oneof![2 => Just(None), 2 => Just(Some("\"m\"")), 1 => written(TEXTS)];
        let numbers = proptest::collection::vec(mostly("1.5", NUMBERS), 9);
        let id = prop_oneof![
            4 => proptest::sample::select(&["0", "1", "2"][..]).prop_map(Some),
            1 => written(IDS),
        ];
        (id, kind, label, numbers).prop_map(|(id, kind, label, n)| {
            let names = [
                "x", "y", "vx", "vy", "heading", "ax", "ay", "seen_x", "seen_y",
            ];
            let mut fields: Vec<String> = Vec::new();
            for (name, value) in [("id", id), ("kind", kind), ("label", label)] {
                if let Some(v) = value {
                    fields.push(format!("\"{name}\": {v}"));
                }
            }
            for (name, value) in names.iter().zip(n) {
                // The required ones mostly written, the optional ones mostly not.
                if let Some(v) = value {
                    fields.push(format!("\"{name}\": {v}"));
                }
            }
            format!("{{{}}}", fields.join(", "))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// A frame this path takes is the frame the general path reads; a frame the
        /// general path reads and this one does not holds an escape.
        #[test]
        fn the_fast_path_reads_what_the_general_path_reads(
            kind in prop_oneof![
                8 => Just("\"frame\""),
                1 => proptest::sample::select(&["\"hello\"", "\"fr\\u0061me\"", "3"][..])
            ],
            tick in mostly("3", IDS),
            time in mostly("0.05", NUMBERS),
            entities in proptest::collection::vec(entity(), 0..4),
            as_list in proptest::bool::weighted(0.05),
        ) {
            let list = entities.join(", ");
            let field = |name: &str, value: Option<&str>| match value {
                Some(v) => format!("\"{name}\": {v}, "),
                None => String::new(),
            };
            let line = if as_list {
                format!("[{kind}, {}, {}, [{list}]]", tick.unwrap_or("1"), time.unwrap_or("1"))
            } else {
                format!(
                    "{{\"type\": {kind}, {}{}\"entities\": [{list}]}}",
                    field("tick", tick),
                    field("time", time)
                )
            };
            let general = parse_general(&line);
            match frame(&line) {
                Some(fast) => prop_assert_eq!(general, Ok(FromGame::Frame(fast)), "{}", line),
                None => prop_assert!(
                    !matches!(general, Ok(FromGame::Frame(_))) || line.contains('\\'),
                    "the fast path left a frame without escapes to the general path: {}",
                    line
                ),
            }
        }
    }

    #[test]
    fn a_frame_of_more_entities_than_a_game_may_have_is_left_to_the_general_path() {
        let list = |n: usize| -> String {
            let one = |k: usize| {
                format!(r#"{{"id":{k},"kind":"target","x":1,"y":2,"vx":3,"vy":4,"heading":0}}"#)
            };
            let all: Vec<String> = (0..n).map(one).collect();
            format!(
                r#"{{"type":"frame","tick":1,"time":0,"entities":[{}]}}"#,
                all.join(",")
            )
        };
        assert_eq!(
            frame(&list(MAX_ENTITIES)).map(|f| f.entities.len()),
            Some(MAX_ENTITIES)
        );
        assert!(frame(&list(MAX_ENTITIES + 1)).is_none());
        assert!(parse_general(&list(MAX_ENTITIES + 1)).is_err());
    }

    #[test]
    fn a_game_frame_is_taken_whole_with_its_optional_fields() {
        let line = r#"{"type":"frame","tick":3,"time":0.05,"entities":[
            {"id":1,"kind":"target","x":1,"y":2,"vx":3,"vy":4,"heading":0.5},
            {"id":1,"kind":"missile","label":"pn","x":-1.5,"y":2e2,"vx":0,"vy":-0,"heading":-3,
             "ax":10,"ay":-20,"seen_x":5,"seen_y":6,"comment":"ignored"}]}"#;
        let f = frame(line).expect("taken");
        assert_eq!((f.tick, f.time, f.entities.len()), (3, 0.05, 2));
        let m = &f.entities[1];
        assert_eq!((m.id, m.kind, m.label.as_str()), (1, Kind::Missile, "pn"));
        assert_eq!((m.x, m.y, m.vx, m.heading), (-1.5, 200.0, 0.0, -3.0));
        assert_eq!((m.accel, m.seen), (Some([10.0, -20.0]), Some([5.0, 6.0])));
        assert_eq!(
            (f.entities[0].accel, f.entities[0].label.as_str()),
            (None, "")
        );
    }
}
