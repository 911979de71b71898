//! Editors for targets and launchers in the panel (each returns the edited copy when
//! the user changed something), and the text form of an algorithm's readouts.

use crate::app::render::colors::algorithm_color32;
use crate::guidance::{Algorithm, Readout, ReadoutValue};
use crate::sim::fly_program::FlyProgramSpec;
use crate::sim::launcher::LauncherSpec;
use crate::sim::{Motion, TargetSpec};
use egui_macroquad::egui::{self, RichText};
use glam::Vec2;

/// The motion kinds, in the order of the kind selector.
const KINDS: [&str; 7] = [
    "static",
    "constant",
    "circle",
    "weave",
    "path",
    "fly program",
    "driven",
];

fn kind_of(motion: &Motion) -> usize {
    match motion {
        Motion::Static { .. } => 0,
        Motion::Constant { .. } => 1,
        Motion::Circle { .. } => 2,
        Motion::Weave { .. } => 3,
        Motion::Path { .. } => 4,
        Motion::FlyProgram(_) => 5,
        Motion::Driven { .. } => 6,
    }
}

/// A motion of another kind starting where `motion` starts.
fn convert(motion: &Motion, kind: usize) -> Motion {
    let pos = motion.start();
    match kind {
        0 => Motion::Static { pos },
        1 => Motion::Constant {
            pos,
            vel: Vec2::new(60.0, 0.0),
        },
        2 => Motion::Circle {
            center: pos - Vec2::new(120.0, 0.0),
            radius: 120.0,
            angular_speed: 0.8,
            phase: 0.0,
        },
        3 => Motion::Weave {
            pos,
            vel: Vec2::new(60.0, 0.0),
            amplitude: 40.0,
            frequency: 0.3,
        },
        4 => Motion::Path {
            points: vec![
                pos,
                pos + Vec2::new(300.0, 0.0),
                pos + Vec2::new(300.0, 200.0),
            ],
            speed: 120.0,
            looping: true,
        },
        5 => Motion::FlyProgram(FlyProgramSpec {
            program: vec![25, 143, 91, 168, 233],
            shift: 0.0,
            steering: Default::default(),
            hero: None,
        }),
        _ => Motion::Driven {
            pos,
            smoothing: 0.1,
        },
    }
}

fn vec2(ui: &mut egui::Ui, label: &str, v: &mut Vec2) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        let x = ui.add(egui::DragValue::new(&mut v.x).speed(1.0)).changed();
        let y = ui.add(egui::DragValue::new(&mut v.y).speed(1.0)).changed();
        x | y
    })
    .inner
}

fn number(ui: &mut egui::Ui, label: &str, v: &mut f32, speed: f64) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(egui::DragValue::new(v).speed(speed)).changed()
    })
    .inner
}

/// Edits a target's radius and motion.
pub fn target(ui: &mut egui::Ui, spec: &TargetSpec) -> Option<TargetSpec> {
    let mut t = spec.clone();
    let mut changed = number(ui, "radius", &mut t.radius, 0.5);
    changed |= ui
        .checkbox(&mut t.destructible, "destructible (a hit removes it)")
        .changed();
    let mut kind = kind_of(&t.motion);
    egui::ComboBox::from_id_salt("motion-kind")
        .selected_text(KINDS[kind])
        .show_ui(ui, |ui| {
            for (k, name) in KINDS.iter().enumerate() {
                if ui.selectable_value(&mut kind, k, *name).changed() {
                    t.motion = convert(&t.motion, k);
                    changed = true;
                }
            }
        });
    changed |= match &mut t.motion {
        Motion::Static { pos } => vec2(ui, "pos", pos),
        Motion::Constant { pos, vel } => vec2(ui, "pos", pos) | vec2(ui, "vel", vel),
        Motion::Circle {
            center,
            radius,
            angular_speed,
            phase,
        } => {
            vec2(ui, "center", center)
                | number(ui, "radius", radius, 1.0)
                | number(ui, "angular speed (rad/s)", angular_speed, 0.01)
                | number(ui, "phase (rad)", phase, 0.01)
        }
        Motion::Weave {
            pos,
            vel,
            amplitude,
            frequency,
        } => {
            vec2(ui, "pos", pos)
                | vec2(ui, "vel", vel)
                | number(ui, "amplitude", amplitude, 1.0)
                | number(ui, "frequency (Hz)", frequency, 0.01)
        }
        Motion::Path {
            points,
            speed,
            looping,
        } => {
            let mut c = number(ui, "speed", speed, 1.0) | ui.checkbox(looping, "looping").changed();
            for (k, p) in points.iter_mut().enumerate() {
                c |= vec2(ui, &format!("point {k}"), p);
            }
            c
        }
        Motion::FlyProgram(fly) => {
            let mut text = fly
                .program
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join("-");
            let mut c = false;
            ui.horizontal(|ui| {
                ui.label("program");
                if ui.text_edit_singleline(&mut text).lost_focus() {
                    let parsed: Result<Vec<u16>, _> = text
                        .split(['-', ',', ' '])
                        .filter(|s| !s.is_empty())
                        .map(str::parse)
                        .collect();
                    if let Ok(program) = parsed {
                        let candidate = FlyProgramSpec {
                            program,
                            ..fly.clone()
                        };
                        match candidate.validate() {
                            Ok(()) if candidate.program != fly.program => {
                                *fly = candidate;
                                c = true;
                            }
                            Ok(()) => {}
                            Err(e) => {
                                ui.colored_label(
                                    egui::Color32::LIGHT_RED,
                                    format!("command #{}: {}", e.index.unwrap_or(0), e.message),
                                );
                            }
                        }
                    }
                }
            });
            c | number(ui, "shift", &mut fly.shift, 1.0)
                | number(ui, "radial speed vR", &mut fly.steering.radial_speed, 1.0)
                | number(
                    ui,
                    "angular speed vA",
                    &mut fly.steering.angular_speed,
                    0.05,
                )
                | number(ui, "dead zone", &mut fly.steering.dead_zone, 0.005)
        }
        Motion::Driven { pos, smoothing } => {
            vec2(ui, "pos", pos) | number(ui, "velocity smoothing (s)", smoothing, 0.01)
        }
    };
    changed.then_some(t)
}

/// Edits a launcher's target, algorithms, timing and start velocity.
pub fn launcher(
    ui: &mut egui::Ui,
    spec: &LauncherSpec,
    targets: &[String],
    algorithms: &[Algorithm],
) -> Option<LauncherSpec> {
    let mut l = spec.clone();
    let mut changed =
        vec2(ui, "pos", &mut l.pos) | vec2(ui, "start velocity", &mut l.launch_velocity);
    egui::ComboBox::from_id_salt("launcher-target")
        .selected_text(format!("target: {}", l.target))
        .show_ui(ui, |ui| {
            for name in targets {
                changed |= ui
                    .selectable_value(&mut l.target, name.clone(), name)
                    .changed();
            }
        });
    ui.horizontal_wrapped(|ui| {
        for &algorithm in algorithms {
            let mut on = l.algorithms.contains(&algorithm);
            if ui
                .checkbox(
                    &mut on,
                    RichText::new(algorithm.id()).color(algorithm_color32(algorithm)),
                )
                .changed()
            {
                changed = true;
                if on {
                    l.algorithms.push(algorithm);
                    l.algorithms.sort();
                } else {
                    l.algorithms.retain(|a| *a != algorithm);
                }
            }
        }
    });
    let mut every = l.every.unwrap_or(0.0);
    if number(ui, "every (s, 0 = once)", &mut every, 0.1) {
        l.every = (every > 0.0).then_some(every);
        changed = true;
    }
    changed |= number(ui, "lifetime (s)", &mut l.missile.lifetime, 0.1);
    (changed && !l.algorithms.is_empty()).then_some(l)
}

/// One readout as a line of text.
pub fn readout_text(r: &Readout) -> String {
    let unit = if r.unit.is_empty() {
        String::new()
    } else {
        format!(" {}", r.unit)
    };
    match &r.value {
        ReadoutValue::Number(v) => format!("{}: {v:.4}{unit}", r.label),
        ReadoutValue::Angle(v) => format!("{}: {v:.4} rad ({:.2}°)", r.label, v.to_degrees()),
        ReadoutValue::Vector(v) => format!("{}: ({:.3}, {:.3}){unit}", r.label, v.x, v.y),
        ReadoutValue::Flag(v) => format!("{}: {}", r.label, if *v { "yes" } else { "no" }),
        ReadoutValue::Text(t) => format!("{}: {t}", r.label),
    }
}
