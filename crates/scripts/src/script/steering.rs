//! Reynolds' steering behaviours for scripts ([`crate::steering`], docs/steering.md):
//! `seek`, `flee`, `arrive`, `pursuit` and `evasion` return the steering force for a
//! missile at `pos` moving `vel` with top speed `max_speed` (the desired velocity less
//! `vel`), `separation`, `alignment` and `cohesion` the boids' forces from a list of
//! neighbours (`missile.neighbours`: the other missiles in flight), and `steer_step`
//! applies a force as Reynolds' vehicle does, returning the new velocity. The same
//! functions the crowds fly, so a script composes its own blend.

use crate::steering::group::{alignment, cohesion, separation};
use crate::steering::pursuit::{evasion, pursuit};
use crate::steering::seek::{arrive, flee, seek};
use crate::steering::{Mover, Vehicle};
use glam::Vec2;
use rhai::{Array, Engine, EvalAltResult, Map, FLOAT};

/// A missile as the behaviours see it (it pushes as hard as it likes: the script caps
/// the force, or `steer_step` does).
fn missile(pos: Vec2, vel: Vec2, max_speed: FLOAT) -> Vehicle {
    Vehicle::new(pos, vel, FLOAT::INFINITY, max_speed.max(0.0), 0.0)
}

fn other(pos: Vec2, vel: Vec2) -> Mover {
    Mover {
        pos,
        vel,
        radius: 0.0,
    }
}

/// The neighbours a script hands a group behaviour: maps with a `pos` and, if they
/// move, a `vel` (as `missile.neighbours` gives them).
fn neighbours(list: &Array, behaviour: &str) -> Result<Vec<Mover>, Box<EvalAltResult>> {
    let vec = |m: &Map, key: &str| m.get(key).and_then(|v| v.clone().try_cast::<Vec2>());
    (list.iter().enumerate())
        .map(|(k, item)| {
            let found = item.clone().try_cast::<Map>().and_then(|m| {
                let pos = vec(&m, "pos")?;
                let vel = match m.get("vel") {
                    None => Some(Vec2::ZERO),
                    Some(_) => vec(&m, "vel"),
                };
                Some(other(pos, vel?))
            });
            found.ok_or_else(|| {
                format!(
                    "{behaviour}: neighbour {} is not a map with a `pos` (and a `vel`) of vec2s, as in missile.neighbours",
                    k + 1
                )
                .into()
            })
        })
        .collect()
}

/// A group behaviour of a missile among neighbours.
type Group = fn(&Vehicle, &[Mover]) -> Vec2;

/// A behaviour towards or away from a point.
type ToPoint = fn(&Vehicle, Vec2) -> Vec2;
/// A behaviour leading or fleeing another mover.
type ToMover = fn(&Vehicle, &Mover, f32) -> Vec2;

pub fn register(engine: &mut Engine) {
    for (name, behaviour) in [("seek", seek as ToPoint), ("flee", flee)] {
        engine.register_fn(
            name,
            move |pos: Vec2, vel: Vec2, target: Vec2, max_speed: FLOAT| {
                behaviour(&missile(pos, vel, max_speed), target)
            },
        );
    }
    for (name, behaviour) in [("pursuit", pursuit as ToMover), ("evasion", evasion)] {
        engine.register_fn(
            name,
            move |pos: Vec2, vel: Vec2, other_pos: Vec2, other_vel: Vec2, max_speed: FLOAT| {
                behaviour(
                    &missile(pos, vel, max_speed),
                    &other(other_pos, other_vel),
                    1.0,
                )
            },
        );
    }
    for (name, behaviour) in [("alignment", alignment as Group), ("cohesion", cohesion)] {
        engine.register_fn(
            name,
            move |pos: Vec2, vel: Vec2, others: Array, max_speed: FLOAT| {
                let others = neighbours(&others, name)?;
                Ok::<_, Box<EvalAltResult>>(behaviour(&missile(pos, vel, max_speed), &others))
            },
        );
    }
    engine.register_fn(
        "separation",
        |pos: Vec2, vel: Vec2, others: Array, max_speed: FLOAT, spacing: FLOAT| {
            let others = neighbours(&others, "separation")?;
            let mut me = missile(pos, vel, max_speed);
            // A neighbour `spacing` away "touches" it: pushes at the top speed.
            me.radius = spacing.max(0.0);
            Ok::<_, Box<EvalAltResult>>(separation(&me, &others))
        },
    );
    engine
        .register_fn(
            "arrive",
            |pos: Vec2, vel: Vec2, target: Vec2, max_speed: FLOAT, slowing: FLOAT| {
                arrive(&missile(pos, vel, max_speed), target, slowing)
            },
        )
        .register_fn(
            "steer_step",
            |vel: Vec2, force: Vec2, max_force: FLOAT, max_speed: FLOAT, dt: FLOAT| {
                let mut v = Vehicle::new(Vec2::ZERO, vel, max_force, max_speed, 0.0);
                v.step(force, dt);
                v.vel
            },
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a script's expression evaluates to with these functions and `vec2`.
    fn eval(expression: &str) -> Vec2 {
        let mut engine = Engine::new();
        engine
            .register_type_with_name::<Vec2>("vec2")
            .register_fn("vec2", |x: FLOAT, y: FLOAT| Vec2::new(x, y));
        register(&mut engine);
        engine.eval::<Vec2>(expression).expect(expression)
    }

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-4
    }

    #[test]
    fn seek_and_flee_ask_for_full_speed_towards_and_away_less_the_velocity() {
        // From the origin moving (0, 2) at (30, 40), top speed 10: (6, 8) - (0, 2).
        let s = eval("seek(vec2(0.0, 0.0), vec2(0.0, 2.0), vec2(30.0, 40.0), 10.0)");
        assert!(close(s, Vec2::new(6.0, 6.0)), "{s}");
        let f = eval("flee(vec2(0.0, 0.0), vec2(0.0, 2.0), vec2(30.0, 40.0), 10.0)");
        assert!(close(f, Vec2::new(-6.0, -10.0)), "{f}");
        // A negative top speed is none.
        let n = eval("seek(vec2(0.0, 0.0), vec2(0.0, 2.0), vec2(30.0, 40.0), -5.0)");
        assert!(close(n, Vec2::new(0.0, -2.0)), "{n}");
    }

    #[test]
    fn arrive_slows_inside_its_radius() {
        // 20 away inside a slowing radius of 50, top speed 10: 4 towards it.
        let a = eval("arrive(vec2(0.0, 0.0), vec2(0.0, 0.0), vec2(0.0, 20.0), 10.0, 50.0)");
        assert!(close(a, Vec2::new(0.0, 4.0)), "{a}");
    }

    #[test]
    fn pursuit_and_evasion_lead_the_other_by_the_time_to_close() {
        // Quarry 100 away moving (0, 10), top speed 10: 5 s ahead it is at (100, 50).
        let p = eval(
            "pursuit(vec2(0.0, 0.0), vec2(0.0, 0.0), vec2(100.0, 0.0), vec2(0.0, 10.0), 10.0)",
        );
        assert!(close(p, Vec2::new(2.0, 1.0).normalize() * 10.0), "{p}");
        let e = eval(
            "evasion(vec2(0.0, 0.0), vec2(0.0, 0.0), vec2(100.0, 0.0), vec2(0.0, 10.0), 10.0)",
        );
        assert!(close(e, -Vec2::new(2.0, 1.0).normalize() * 10.0), "{e}");
    }

    #[test]
    fn steer_step_truncates_the_force_then_the_speed() {
        // Force (0, 100) cut to 10; after 0.5 s the velocity (1, 5); under a top speed of
        // 3 it is cut to (1, 5) * 3 / |(1, 5)|.
        let v = eval("steer_step(vec2(1.0, 0.0), vec2(0.0, 100.0), 10.0, 100.0, 0.5)");
        assert!(close(v, Vec2::new(1.0, 5.0)), "{v}");
        let v = eval("steer_step(vec2(1.0, 0.0), vec2(0.0, 100.0), 10.0, 3.0, 0.5)");
        assert!(close(v, Vec2::new(1.0, 5.0).normalize() * 3.0), "{v}");
    }

    #[test]
    fn separation_alignment_and_cohesion_work_on_a_list_of_neighbours() {
        // At the origin, at rest, top speed 10. Neighbours at (2, 0) and (0, 4), spacing
        // 2: away (-2, 0) x 2 / 4 and (0, -4) x 2 / 16, times 10: (-10, -5).
        let list = "[#{pos: vec2(2.0, 0.0), vel: vec2(3.0, 0.0)}, #{pos: vec2(0.0, 4.0), vel: vec2(0.0, 5.0)}]";
        let o = "vec2(0.0, 0.0)";
        let s = eval(&format!("separation({o}, {o}, {list}, 10.0, 2.0)"));
        assert!(close(s, Vec2::new(-10.0, -5.0)), "{s}");
        // Headings +x and +y: their mean (1, 1) at full speed, less the velocity (0, 0).
        let a = eval(&format!("alignment({o}, {o}, {list}, 10.0)"));
        assert!(close(a, Vec2::new(1.0, 1.0).normalize() * 10.0), "{a}");
        // Their centre (1, 2): seek it at full speed.
        let c = eval(&format!("cohesion({o}, vec2(1.0, 0.0), {list}, 10.0)"));
        assert!(
            close(c, Vec2::new(1.0, 2.0).normalize() * 10.0 - Vec2::X),
            "{c}"
        );
        // A neighbour given only its place is at rest; none at all: nothing.
        let still = eval(&format!(
            "alignment({o}, vec2(1.0, 0.0), [#{{pos: vec2(5.0, 0.0)}}], 10.0)"
        ));
        assert_eq!(still, Vec2::ZERO);
        let none = eval(&format!("separation({o}, {o}, [], 10.0, 2.0)"));
        assert_eq!(none, Vec2::ZERO);
        // A negative spacing is none.
        let flat = eval(&format!("separation({o}, {o}, {list}, 10.0, -1.0)"));
        assert_eq!(flat, Vec2::ZERO);
    }

    #[test]
    fn a_neighbour_that_is_not_a_place_is_an_error_naming_it() {
        let mut engine = Engine::new();
        engine
            .register_type_with_name::<Vec2>("vec2")
            .register_fn("vec2", |x: FLOAT, y: FLOAT| Vec2::new(x, y));
        register(&mut engine);
        let o = "vec2(0.0, 0.0)";
        for (list, behaviour) in [
            ("[#{pos: vec2(1.0, 0.0)}, 3]", "separation"),
            ("[#{place: vec2(1.0, 0.0)}]", "cohesion"),
            ("[#{pos: vec2(1.0, 0.0), vel: 2.0}]", "alignment"),
        ] {
            let call = if behaviour == "separation" {
                format!("separation({o}, {o}, {list}, 10.0, 2.0)")
            } else {
                format!("{behaviour}({o}, {o}, {list}, 10.0)")
            };
            let error = engine.eval::<Vec2>(&call).unwrap_err().to_string();
            let k = if list.contains(", 3]") { 2 } else { 1 };
            let want = format!(
                "{behaviour}: neighbour {k} is not a map with a `pos` (and a `vel`) of vec2s"
            );
            assert!(error.contains(&want), "{error}");
        }
    }
}
