//! Rust: the law as a struct and, behind a `bevy` feature, a Bevy adapter.

use super::*;

pub fn rust(w: &mut Writer, s: &Source, p: &Parts) {
    let class = s.class();
    let lang = Lang::Rust;
    w.line("/// What a tick tells the game: nothing, or that the missile detonates, or that its");
    w.line("/// solver found no answer.");
    w.line("#[derive(Clone, Copy, Debug, PartialEq, Eq)]");
    w.line("pub enum Signal {");
    w.line("    None,");
    w.line("    Detonate,");
    w.line("    SolverFailed,");
    w.line("}");
    let number = lang.number_type(w.wide);
    constants(
        w,
        p,
        |w, text| doc(w, "///", text),
        |name, value| format!("pub const {name}: {number} = {value};"),
    );
    w.line("");
    w.line("/// The missile's body (position, velocity, heading in radians) and the law's state.");
    w.line("#[derive(Clone, Debug, PartialEq)]");
    w.line(&format!("pub struct {class} {{"));
    w.depth += 1;
    fields(w, s, |m| {
        format!("pub {}: {},", m.name, if m.flag { "bool" } else { number })
    });
    w.depth -= 1;
    w.line("}");
    w.line("");
    w.line(&format!("impl Default for {class} {{"));
    w.line("    fn default() -> Self {");
    w.line("        Self {");
    w.depth += 3;
    for m in member_names(lang, s) {
        w.line(&format!("{}: {},", m.name, m.start));
    }
    w.depth -= 3;
    w.line("        }");
    w.line("    }");
    w.line("}");
    w.line("");
    w.line(&format!("impl {class} {{"));
    w.depth += 1;
    // A solver's working values start at zero and are set before they are read.
    let working = |w: &mut Writer, body: &[super::super::step::Stmt]| {
        if body.iter().any(has_block) {
            w.line("#[allow(unused_assignments)]");
        }
    };
    w.line("/// Starts the missile; false when the law has no solution and does not fire.");
    w.line("#[allow(clippy::too_many_arguments)]");
    working(w, &s.step.launch);
    let mut args = vec!["&mut self".to_string()];
    args.extend(arguments(lang, w.wide, &LAUNCH_INPUTS, p.launch_reads));
    w.signature("pub fn launch(", &args, ") -> bool {");
    inner(w, p.launch);
    w.line("");
    steps(w, p, &|w, m| {
        doc(w, "///", m.doc);
        // The law's own move (`steer`, or `step` when it is all there is); `fly` and a
        // `step` that calls it have no solver.
        if m.name == "steer" || (m.name == "step" && p.fly.is_none()) {
            working(w, &s.step.step);
        }
        let mut args = vec!["&mut self".to_string()];
        args.extend(m.args.iter().cloned());
        let open = format!("{}fn {}(", if m.public { "pub " } else { "" }, m.name);
        let close = if m.signals { ") -> Signal {" } else { ") {" };
        w.signature(&open, &args, close);
        inner(w, &m.body);
    });
    w.depth -= 1;
    w.line("}");
    helpers(w, p);
    w.line("");
    seeker_class(w, p);
    let wide = w.wide;
    let truth = ["t.x", "t.y", "v.x", "v.y", "dt"].map(|v| widened(wide, v));
    let seeker = Look::new(p, s, lang, "homing.seeker.", truth);
    w.lines(&format!(
        r#"/// Bevy adapter (with your crate's `bevy` feature): add `Homing` to a missile entity and
/// `steer` to `FixedUpdate`; it flies the entity on the XY plane at its target.
#[cfg(feature = "bevy")]
pub mod bevy_adapter {{
    use bevy::prelude::*;

    #[derive(Component)]
    pub struct Homing {{
        pub missile: super::{class},{field}
        pub target: Entity,
        pub last_target: Vec2,
    }}

    pub fn steer(
        time: Res<Time<Fixed>>,
        mut commands: Commands,
        mut missiles: Query<(Entity, &mut Transform, &mut Homing)>,
        targets: Query<&Transform, Without<Homing>>,
    ) {{
        let dt = time.delta_secs();
        for (entity, mut transform, mut homing) in &mut missiles {{
            let homing = &mut *homing;
            let Ok(target) = targets.get(homing.target) else {{ continue }};
            let t = target.translation.truncate();
            let v = (t - homing.last_target) / dt;
            homing.last_target = t;
            {look}let signal = homing.missile.step({args}, {dt});{fall}
            transform.translation.x = homing.missile.pos_x{narrow};
            transform.translation.y = homing.missile.pos_y{narrow};
            transform.rotation = Quat::from_rotation_z(homing.missile.heading{narrow});
            if signal == super::Signal::Detonate {{
                commands.entity(entity).despawn();
            }}
        }}
    }}
}}"#,
        dt = widened(w.wide, "dt"),
        narrow = if w.wide { " as f32" } else { "" },
        field = seeker.field(|c| format!("\n        pub seeker: super::{c},")),
        look = seeker.call("look", "\n            "),
        args = seeker.args(),
        fall = gravity(
            p,
            lang,
            "homing.missile",
            "super::",
            &widened(w.wide, "dt"),
            3
        ),
    ));
}
