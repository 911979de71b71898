//! What a script sees of Rust: the `vec2` type and its maths, the article helpers
//! (`wrap_angle`, `turn_toward`, the quadratic intercept, the quartic meeting time), the
//! parameter declarations, and `readout`/`debug_*` for the inspector and overlays. The
//! engine is a sandbox: no modules, no file, network or process access, printing
//! discarded, and limits on operations per call, call depth, string, array and map sizes.

use super::shown;
use crate::core::{wrap_angle, DebugShape, Role, Shape};
use crate::guidance::helpers::{accelerating_meeting, quadratic_intercept, turn_toward, RootRule};
use glam::Vec2;
use rhai::{Array, Dynamic, Engine, EvalAltResult, Position, FLOAT, INT};
use std::sync::{Arc, Mutex};

/// Most operations one call of a script may take (one tick of one missile): a runaway
/// loop ends its missile after this, in well under a millisecond of work per 10^5.
pub const MAX_OPERATIONS: u64 = 200_000;

/// A parameter as the script declared it, before it is checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Declared {
    pub name: String,
    pub kind: DeclaredKind,
    pub unit: String,
    pub help: String,
}

/// A declared parameter's kind, default and range.
#[derive(Clone, Debug, PartialEq)]
pub enum DeclaredKind {
    Float { default: f32, min: f32, max: f32 },
    Int { default: i64, min: i64, max: i64 },
    Bool(bool),
    Choice { default: String, names: Vec<String> },
}

/// Parameter declarations collected while the script's top level runs; closed after.
#[derive(Debug, Default)]
pub struct Declarations {
    pub params: Vec<(Declared, Position)>,
    pub closed: bool,
}

type Shared = Arc<Mutex<Declarations>>;

fn declare(shared: &Shared, declared: Declared, pos: Position) -> Result<(), Box<EvalAltResult>> {
    let mut d = shared.lock().unwrap_or_else(|p| p.into_inner());
    if d.closed {
        return Err(runtime_error(
            "param() declares a parameter: call it at the top level of the script, not in a function",
            pos,
        ));
    }
    if d.params.len() >= 64 {
        return Err(runtime_error("at most 64 parameters per script", pos));
    }
    d.params.push((declared, pos));
    Ok(())
}

fn runtime_error(message: &str, pos: Position) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorRuntime(message.into(), pos))
}

/// A sandboxed engine with the steerlab API; `shared` receives the parameters the
/// script's top level declares.
pub fn engine(shared: Shared) -> Engine {
    let mut engine = Engine::new();
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.set_max_modules(0);
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(32);
    engine.set_max_expr_depths(64, 32);
    engine.set_max_string_size(10_000);
    engine.set_max_array_size(10_000);
    engine.set_max_map_size(1_000);
    // A name a map does not have (`params.max_sped`) is an error where it is read, not
    // nothing that fails lines later.
    engine.set_fail_on_invalid_map_property(true);
    engine.on_progress(super::budget::progress);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    register_vec2(&mut engine);
    register_helpers(&mut engine);
    super::steering::register(&mut engine);
    register_shown(&mut engine);
    register_params(&mut engine, shared);
    engine
}

fn register_vec2(engine: &mut Engine) {
    engine
        .register_type_with_name::<Vec2>("vec2")
        .register_fn("vec2", |x: FLOAT, y: FLOAT| Vec2::new(x, y))
        .register_fn("vec2", |x: INT, y: INT| Vec2::new(x as f32, y as f32))
        .register_fn("from_angle", |a: FLOAT| Vec2::from_angle(a))
        .register_get_set("x", |v: &mut Vec2| v.x, |v: &mut Vec2, x: FLOAT| v.x = x)
        .register_get_set("y", |v: &mut Vec2| v.y, |v: &mut Vec2, y: FLOAT| v.y = y)
        .register_fn("+", |a: Vec2, b: Vec2| a + b)
        .register_fn("-", |a: Vec2, b: Vec2| a - b)
        .register_fn("-", |a: Vec2| -a)
        .register_fn("*", |a: Vec2, k: FLOAT| a * k)
        .register_fn("*", |k: FLOAT, a: Vec2| k * a)
        .register_fn("*", |a: Vec2, k: INT| a * k as f32)
        .register_fn("*", |k: INT, a: Vec2| k as f32 * a)
        .register_fn("/", |a: Vec2, k: FLOAT| a / k)
        .register_fn("/", |a: Vec2, k: INT| a / k as f32)
        .register_fn("==", |a: Vec2, b: Vec2| a == b)
        .register_fn("!=", |a: Vec2, b: Vec2| a != b)
        .register_fn("length", |v: &mut Vec2| v.length())
        .register_fn("length_squared", |v: &mut Vec2| v.length_squared())
        .register_fn("normalize", |v: &mut Vec2| v.normalize_or_zero())
        .register_fn("dot", |a: Vec2, b: Vec2| a.dot(b))
        .register_fn("cross", |a: Vec2, b: Vec2| a.perp_dot(b))
        .register_fn("perp", |v: &mut Vec2| v.perp())
        .register_fn("angle", |v: &mut Vec2| crate::core::direction(*v))
        .register_fn("rotate", |v: Vec2, a: FLOAT| Vec2::from_angle(a).rotate(v))
        .register_fn("distance", |a: Vec2, b: Vec2| a.distance(b))
        .register_fn("clamp_length", |v: Vec2, max: FLOAT| {
            v.clamp_length_max(max.max(0.0))
        })
        .register_fn("to_string", |v: &mut Vec2| format!("({}, {})", v.x, v.y))
        .register_fn("to_debug", |v: &mut Vec2| format!("vec2({}, {})", v.x, v.y));
}

fn register_helpers(engine: &mut Engine) {
    engine
        .register_fn("wrap_angle", wrap_angle)
        // The article's turn-rate rule: the new heading after one tick.
        .register_fn(
            "turn_toward",
            |heading: FLOAT, bearing: FLOAT, rate: FLOAT, dead_zone: FLOAT, dt: FLOAT| {
                turn_toward(heading, bearing, rate, dead_zone, dt).0
            },
        )
        // D's stable quadratic: the earliest non-negative intercept time, or () if none.
        .register_fn(
            "intercept_time",
            |shooter: Vec2, speed: FLOAT, target: Vec2, target_vel: Vec2| -> Dynamic {
                quadratic_intercept(shooter, speed, target, target_vel, RootRule::Earliest)
                    .time
                    .map_or(Dynamic::UNIT, Dynamic::from)
            },
        )
        // C's exact quartic: the earliest meeting time holding acceleration k, or ().
        .register_fn(
            "meeting_time",
            |offset: Vec2, rel_vel: Vec2, k: FLOAT| -> Dynamic {
                accelerating_meeting(offset, rel_vel, k)
                    .map_or(Dynamic::UNIT, |m| Dynamic::from(m.time))
            },
        )
        .register_fn(
            "meeting_accel",
            |offset: Vec2, rel_vel: Vec2, k: FLOAT| -> Dynamic {
                accelerating_meeting(offset, rel_vel, k)
                    .map_or(Dynamic::UNIT, |m| Dynamic::from(m.accel))
            },
        );
}

/// The roles a script's debug shapes can take, by the names scripts use.
pub const ROLES: [(&str, Role); 9] = [
    ("aim", Role::AimPoint),
    ("intercept", Role::InterceptPoint),
    ("other-root", Role::AlternateIntercept),
    ("dead-zone", Role::DeadZone),
    ("turn-circle", Role::TurnCircle),
    ("acceleration", Role::Acceleration),
    ("desired-velocity", Role::DesiredVelocity),
    ("direction", Role::SmoothedDirection),
    ("blast", Role::BlastRadius),
];

fn role(name: &str, pos: Position) -> Result<Role, Box<EvalAltResult>> {
    ROLES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, r)| *r)
        .ok_or_else(|| {
            let names: Vec<&str> = ROLES.iter().map(|(n, _)| *n).collect();
            runtime_error(
                &format!(
                    "unknown role \"{}\", expected one of: {}",
                    name.escape_debug(),
                    names.join(", ")
                ),
                pos,
            )
        })
}

fn shape(
    ctx: &rhai::NativeCallContext,
    name: &str,
    shape: Shape,
) -> Result<(), Box<EvalAltResult>> {
    let role = role(name, ctx.call_position())?;
    shown::push_shape(DebugShape::new(role, shape));
    Ok(())
}

fn register_shown(engine: &mut Engine) {
    use crate::guidance::runtime::StateValue;
    engine
        .register_fn("readout", |label: &str, v: FLOAT| {
            shown::push_readout(label, StateValue::Number(f64::from(v)))
        })
        .register_fn("readout", |label: &str, v: INT| {
            shown::push_readout(label, StateValue::Number(v as f64))
        })
        .register_fn("readout", |label: &str, v: bool| {
            shown::push_readout(label, StateValue::Bool(v))
        })
        .register_fn("readout", |label: &str, v: Vec2| {
            shown::push_readout(label, StateValue::Vector([f64::from(v.x), f64::from(v.y)]))
        })
        .register_fn(
            "debug_point",
            |ctx: rhai::NativeCallContext, r: &str, p: Vec2| shape(&ctx, r, Shape::Point(p)),
        )
        .register_fn(
            "debug_line",
            |ctx: rhai::NativeCallContext, r: &str, a: Vec2, b: Vec2| {
                shape(&ctx, r, Shape::Line(a, b))
            },
        )
        .register_fn(
            "debug_arrow",
            |ctx: rhai::NativeCallContext, r: &str, from: Vec2, vector: Vec2| {
                shape(&ctx, r, Shape::Arrow { from, vector })
            },
        )
        .register_fn(
            "debug_circle",
            |ctx: rhai::NativeCallContext, r: &str, center: Vec2, radius: FLOAT| {
                shape(&ctx, r, Shape::Circle { center, radius })
            },
        );
}

fn register_params(engine: &mut Engine, shared: Shared) {
    // One `param` per kind (Rhai picks by the argument types); each records a Declared.
    let record = move |ctx: &rhai::NativeCallContext, name: &str, unit: &str, help: &str, kind| {
        let declared = Declared {
            name: name.into(),
            kind,
            unit: unit.into(),
            help: help.into(),
        };
        declare(&shared, declared, ctx.call_position())
    };
    let r = record.clone();
    engine.register_fn(
        "param",
        move |ctx: rhai::NativeCallContext,
              name: &str,
              default: FLOAT,
              min: FLOAT,
              max: FLOAT,
              unit: &str,
              help: &str| {
            r(
                &ctx,
                name,
                unit,
                help,
                DeclaredKind::Float { default, min, max },
            )
        },
    );
    let r = record.clone();
    engine.register_fn(
        "param",
        move |ctx: rhai::NativeCallContext,
              name: &str,
              default: INT,
              min: INT,
              max: INT,
              unit: &str,
              help: &str| {
            r(
                &ctx,
                name,
                unit,
                help,
                DeclaredKind::Int { default, min, max },
            )
        },
    );
    let r = record.clone();
    engine.register_fn(
        "param",
        move |ctx: rhai::NativeCallContext, name: &str, default: bool, help: &str| {
            r(&ctx, name, "", help, DeclaredKind::Bool(default))
        },
    );
    engine.register_fn(
        "param",
        move |ctx: rhai::NativeCallContext, name: &str, default: &str, names: Array, help: &str| {
            let names = names.into_iter().map(|n| n.to_string()).collect();
            let kind = DeclaredKind::Choice {
                default: default.into(),
                names,
            };
            record(&ctx, name, "", help, kind)
        },
    );
}
