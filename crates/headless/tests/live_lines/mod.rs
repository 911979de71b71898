//! A game's lines for the live link's tests: its hello, frames, a target and a missile.
#![allow(dead_code)]

pub const HELLO: &str = r#"{"type":"hello","protocol":1,"game":"Skirmish","tick_rate":60}"#;

pub fn frame(tick: u64, time: f64, entities: &str) -> String {
    format!(r#"{{"type":"frame","tick":{tick},"time":{time},"entities":[{entities}]}}"#)
}

pub fn target(id: u64, x: f64) -> String {
    format!(r#"{{"id":{id},"kind":"target","x":{x},"y":300,"vx":-60,"vy":20,"heading":2.8}}"#)
}

pub fn missile(id: u64, x: f64) -> String {
    format!(
        r#"{{"id":{id},"kind":"missile","label":"chaser","x":{x},"y":0.1,"vx":150,"vy":0,"heading":0,"ax":1.5,"ay":-2,"seen_x":400,"seen_y":300}}"#
    )
}
